"""Times the Python peers on the inputs of crates/repeated/benches/repeated.rs
and crates/cooperative/benches/power_indices.rs and prints a comparison table
with sprague's medians (read from the TSV the Rust benchmarks wrote). Called
by scripts/bench-repeated.sh."""

import argparse
from fractions import Fraction
import json
import resource
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


def common_strategies(sprague, long_run_time=False):
    """The strategies both sprague and the Axelrod library have: sprague's ids
    (in its order) with the library's classes, named as the check script
    (scripts/check_axelrod_strategies.py) names them; without those the
    library classifies as long_run_time (DBS) unless asked."""
    import axelrod as axl

    renamed = {"SoftGoByMajority": "GoByMajority", "Tester": "SecondByGladstein"}
    listing = json.loads(subprocess.run([sprague, "ipd", "strategies", "--format", "json"],
                                        check=True, capture_output=True, text=True).stdout)
    common = []
    for entry in listing:
        candidates = [renamed.get(entry["id"], entry["id"]), "FirstBy" + entry["id"]] + entry["aliases"]
        cls = next((getattr(axl, c) for c in candidates if hasattr(axl, c)), None)
        if cls is not None and (long_run_time or not cls.classifier.get("long_run_time")):
            common.append((entry["id"], cls))
    return common


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def common_tournament(sprague, runs, long_run_time=False):
    """The round robin of every strategy both sides have, 200 turns, 5
    repetitions, one thread each: sprague's command line (CPU time of the
    child, JSON output included) and the library (CPU time of this process),
    interleaved run by run; medians of each."""
    import axelrod as axl

    common = common_strategies(sprague, long_run_time)
    ids = [name for name, _ in common]
    ours, theirs = [], []

    def sprague_once():
        before = children_cpu()
        subprocess.run([sprague, "ipd", "tournament", *ids, "--turns", "200", "--repetitions", "5",
                        "--seed", "1", "--threads", "1", "--format", "json"],
                       check=True, capture_output=True)
        ours.append(children_cpu() - before)

    for _ in range(runs):
        sprague_once()
        players = [cls() for _, cls in common]
        start = time.process_time()
        axl.Tournament(players, turns=200, repetitions=5, seed=1).play(progress_bar=False, processes=None)
        theirs.append(time.process_time() - start)
    sprague_once()
    return len(ids), axl.__version__, statistics.median(theirs), statistics.median(ours), theirs, ours


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
    parser.add_argument("--tsv", help="sprague's medians from the Rust benchmarks (not needed with --common-only)")
    parser.add_argument("--sprague", required=True)
    parser.add_argument("--peer-runs", type=int, default=None)
    parser.add_argument("--big", action="store_true")
    parser.add_argument("--common-runs", type=int, default=1,
                        help="runs of the round robin of all common strategies (the library takes minutes)")
    parser.add_argument("--long-run-time", action="store_true",
                        help="include the strategies the library classifies as long_run_time (DBS: minutes in Python)")
    parser.add_argument("--common-only", action="store_true",
                        help="time only the round robin of all common strategies (no TSV needed)")
    args = parser.parse_args()
    if args.common_only:
        count, version, seconds, mine, all_theirs, all_ours = common_tournament(
            args.sprague, args.common_runs, args.long_run_time)
        print("round robin of the %d strategies both sprague and axelrod %s have%s, 200 turns, 5 repetitions, one thread"
              % (count, version, "" if args.long_run_time else " (less those it classifies long_run_time)"))
        print("  axelrod CPU s: %s" % " ".join("%.2f" % t for t in all_theirs))
        print("  sprague CPU s (command line, JSON output included): %s" % " ".join("%.3f" % t for t in all_ours))
        print("  medians: axelrod %.2f s, sprague %.3f s, ratio %.0fx" % (seconds, mine, seconds / mine))
        return
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
        count, version, seconds, mine, all_theirs, all_ours = common_tournament(
            args.sprague, args.common_runs, args.long_run_time)
        print("round robin of the %d strategies both have, 200 turns, 5 repetitions: axelrod %s (CPU s), "
              "sprague %s (CPU s, command line with JSON output)"
              % (count, " ".join("%.2f" % t for t in all_theirs), " ".join("%.3f" % t for t in all_ours)))
        rows.append(("round robin %d (all common) x 200 x 5" % count, "axelrod " + version, seconds, mine))
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
