"""Times the Python peers on the inputs of crates/repeated/benches/repeated.rs
and crates/cooperative/benches/power_indices.rs and prints a comparison table
with sprague's medians (read from the TSV the Rust benchmarks wrote). Called
by scripts/bench-repeated.sh."""

import argparse
from fractions import Fraction
import json
import statistics
import subprocess
import time


def voting(n, modulus, factor):
    weights = [1 + (i * factor) % modulus for i in range(1, n + 1)]
    return sum(weights) // 2 + 1, weights


def cpu_median(runs, function):
    samples = []
    for _ in range(runs):
        start = time.process_time()
        function()
        samples.append(time.process_time() - start)
    return statistics.median(samples)


def axelrod_players():
    """The 20 strategies of the tournament benchmark, as the Axelrod library names them."""
    import axelrod as axl

    def strategy(*names):
        for name in names:
            if hasattr(axl, name):
                return getattr(axl, name)()
        raise AttributeError(names[0])

    return [
        strategy("Cooperator"), strategy("Defector"), strategy("TitForTat"), strategy("TitFor2Tats"),
        strategy("TwoTitsForTat"), strategy("SuspiciousTitForTat"), strategy("Bully"), strategy("Grudger"),
        strategy("WinStayLoseShift"), strategy("GTFT"), strategy("Random"), strategy("Alternator"),
        strategy("Gradual"), strategy("FirstByJoss", "Joss"), strategy("Prober"), strategy("Adaptive"),
        strategy("Handshake"), strategy("FirstByDavis", "Davis"), strategy("FirstByFeld", "Feld"),
        strategy("FirstByGrofman", "Grofman"),
    ]


def axelrod_tournament(runs):
    import axelrod as axl

    players = axelrod_players()

    def play():
        tournament = axl.Tournament(players, turns=200, repetitions=5, seed=1)
        tournament.play(progress_bar=False, processes=None)

    return axl.__version__, cpu_median(runs, play)


def powerindex_shapley(runs, n, modulus, factor):
    import powerindex as px

    quota, weights = voting(n, modulus, factor)

    def calc():
        game = px.Game(quota, weights=weights)
        game.calc_shapley_shubik()
        return game.shapley_shubik

    return cpu_median(runs, calc), calc(), quota, weights


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tsv", required=True)
    parser.add_argument("--sprague", required=True)
    parser.add_argument("--peer-runs", type=int, default=None)
    parser.add_argument("--big", action="store_true")
    args = parser.parse_args()
    ours = {}
    with open(args.tsv) as handle:
        for line in handle:
            name, seconds = line.split("\t")
            ours[name] = float(seconds)
    rows = []
    try:
        version, seconds = axelrod_tournament(args.peer_runs or 3)
        rows.append(("round robin 20 x 200 turns x 5 reps", "axelrod " + version, seconds,
                     ours["tournament_20x200x5_1thread"]))
    except ImportError:
        print("note: axelrod is not installed; the tournament comparison is skipped")
    try:
        seconds, values, quota, weights = powerindex_shapley(args.peer_runs or 20, 20, 50, 37)
        rows.append(("Shapley-Shubik, 20 players", "powerindex (float)", seconds, ours["shapley_shubik_wvg20_exact"]))
        game = "[%d; %s]" % (quota, ", ".join(map(str, weights)))
        exact = json.loads(subprocess.run([args.sprague, "coop", "shapley", game, "--format", "json"],
                                          check=True, capture_output=True, text=True).stdout)["shapley"]
        worst = max(abs(float(Fraction(x)) - v) for x, v in zip(exact, values))
        print("check: sprague's exact Shapley-Shubik values agree with powerindex within %.1e" % worst)
        if args.big:
            seconds, _, _, _ = powerindex_shapley(1, 100, 1000, 7919)
            rows.append(("Shapley-Shubik, 100 players, w <= 1000", "powerindex (float)", seconds,
                         ours["shapley_shubik_wvg100_w1000_exact"]))
    except ImportError:
        print("note: powerindex is not installed; the Shapley-Shubik comparison is skipped")
    print("%-40s %-22s %14s %14s %10s" % ("benchmark", "peer", "peer (CPU)", "sprague", "ratio"))
    for name, peer, theirs, mine in rows:
        print("%-40s %-22s %12.3f s %11.3f ms %9.0fx" % (name, peer, theirs, mine * 1e3, theirs / mine))
    print("sprague exact Shapley-Shubik, 100 players, weights <= 1000: %.3f s" % ours["shapley_shubik_wvg100_w1000_exact"])


if __name__ == "__main__":
    main()
