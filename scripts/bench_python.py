#!/usr/bin/env python3
"""sprague from Python against the Python peers, in one run, on the same inputs:

- all equilibria of 30 fixed-seed random 10x10 bimatrix games (written by
  the Rust benchmark `cargo bench -p sprague-strategic --bench strategic`):
  sprague.Game.from_arrays(A, B).equilibria("enum") against nashpy
  (support enumeration, floats, on the first game: it takes about a minute),
  pygambit (enummixed, rational, on the first three) and QuantEcon (vertex
  enumeration, floats, on all 30);
- a round robin of 20 strategies x 200 turns x 5 repetitions:
  sprague.ipd.tournament against the Axelrod library;
- the Shapley-Shubik index of a 20-player weighted voting game:
  sprague.coop.shapley(weighted_voting(...)) against powerindex.

Each row: the peer's median, sprague-from-Python's median, their ratio, and
the Python call's cost over the Rust figure measured by the Rust benchmark
earlier in the same run (the same computation without Python). Runs of sprague
and of each peer alternate. CPU time of this process (time.process_time), as
every case runs on one thread. Not a test; called by scripts/bench-python.sh.
"""

import argparse
import glob
import json
import os
import statistics
import time
from fractions import Fraction

import functools

import sprague
from sprague import _native
from bench_repeated_peers import axelrod_players, voting  # the same inputs as scripts/bench-repeated.sh

print = functools.partial(print, flush=True)  # noqa: A001 — progress as it happens


def median_alternating(runs, first, second):
    """Medians of two functions timed in turn, first, second, first, ..."""
    a, b = [], []
    for _ in range(runs):
        for function, samples in ((first, a), (second, b)):
            start = time.process_time()
            function()
            samples.append(time.process_time() - start)
    return statistics.median(a), statistics.median(b)


def median(runs, function):
    samples = []
    for _ in range(runs):
        start = time.process_time()
        function()
        samples.append(time.process_time() - start)
    return statistics.median(samples)


def load_games(games_dir):
    files = sorted(
        glob.glob(os.path.join(games_dir, "enum10_*.json")),
        key=lambda p: int(p.rsplit("_", 1)[1].split(".")[0]),
    )
    return [json.load(open(f))["matrices"] for f in files]


TOURNAMENT_20 = [
    "Cooperator", "Defector", "TitForTat", "TitFor2Tats", "TwoTitsForTat", "SuspiciousTitForTat",
    "Bully", "Grudger", "WinStayLoseShift", "GTFT", "Random", "Alternator", "Gradual", "Joss",
    "Prober", "Adaptive", "Handshake", "Davis", "Feld", "Grofman",
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", required=True)
    parser.add_argument("--rust-json", required=True)
    parser.add_argument("--tsv", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="leave out nashpy and pygambit")
    parser.add_argument("--slow-games", type=int, default=3,
                        help="games for pygambit (seconds per game); nashpy gets one (a minute per game)")
    args = parser.parse_args()
    rust = json.load(open(args.rust_json))
    rust_tsv = dict(line.split("\t") for line in open(args.tsv).read().split("\n") if line)
    rows = []  # (task, peer, peer median, ours, rust figure)
    rust_json_face = rust.get("enum10_report_median_s", rust["enum10_median_s"])
    rust_tsv_tournament = float(rust_tsv["tournament_20x200x5_1thread"])
    rust_tsv_shapley = float(rust_tsv["shapley_shubik_wvg20_exact"])
    games = load_games(args.games)

    def ours_equilibria(matrices):
        a, b = matrices
        return sprague.Game.from_arrays(a, b).equilibria("enum")

    def ours_all():
        return [ours_equilibria(g) for g in games]

    exact = [
        {tuple(tuple(p) for p in e.strategies) for e in ours_equilibria(g)} for g in games
    ]
    # The Python call alone, without a peer: per game, against the same work
    # done by the library in this process (sprague._native._baseline_*: no
    # Python objects), the two timed in turn so that both see the same load.
    built = [sprague.Game.from_arrays(a, b) for a, b in games]
    pairs = [
        median_alternating(
            args.runs,
            lambda g=g: ours_equilibria(g),
            lambda b=b: _native._baseline_equilibria(b._native, 1),
        )
        for g, b in zip(games, built)
    ]
    ours_alone = statistics.median(p[0] for p in pairs)
    rust_face = statistics.median(p[1] for p in pairs)
    rows.append(("equilibria 10x10 (30 games, per game)", "-", None, ours_alone, rust_face))

    try:
        if args.quick:
            raise ImportError("--quick")
        import nashpy

        few = games[:1]

        def nashpy_few():
            return [list(nashpy.Game(a, b).support_enumeration()) for a, b in few]

        def ours_few():
            return [ours_equilibria(g) for g in few]

        print(f"timing nashpy on {len(few)} games")
        found = nashpy_few()
        agree = sum(len(f) == len(e) for f, e in zip(found, exact))
        peer, ours = median_alternating(1, nashpy_few, ours_few)
        rows.append((f"equilibria 10x10, first {len(few)} ({agree}/{len(few)} same count)", f"nashpy {nashpy.__version__} support enum.", peer, ours, rust_face * len(few)))
    except ImportError as error:
        print(f"note: nashpy not importable ({error}); skipped")

    try:
        import quantecon as qe
        import numpy as np

        def quantecon_all():
            out = []
            for a, b in games:
                g = qe.game_theory.NormalFormGame(
                    [qe.game_theory.Player(np.array(a, dtype=float)),
                     qe.game_theory.Player(np.array(b, dtype=float).T)]
                )
                out.append(qe.game_theory.vertex_enumeration(g))
            return out

        print("timing quantecon on 30 games")
        found = quantecon_all()
        agree = sum(len(f) == len(e) for f, e in zip(found, exact))
        peer, ours = median_alternating(args.runs, quantecon_all, ours_all)
        rows.append((f"equilibria 10x10, all 30 ({agree}/30 same count)", f"quantecon {qe.__version__} (float)", peer, ours, rust_face * len(games)))
    except ImportError as error:
        print(f"note: quantecon not importable ({error}); skipped")

    try:
        if args.quick:
            raise ImportError("--quick")
        import pygambit as gbt

        few = games[: args.slow_games]

        def gambit_few():
            out = []
            for a, b in few:
                g = gbt.Game.from_arrays(
                    [[Fraction(x) for x in row] for row in a],
                    [[Fraction(x) for x in row] for row in b],
                )
                out.append(gbt.nash.enummixed_solve(g, rational=True).equilibria)
            return out

        def ours_few():
            return [ours_equilibria(g) for g in few]

        print(f"timing pygambit on {len(few)} games")
        found = gambit_few()
        agree = sum(len(f) == len(e) for f, e in zip(found, exact))
        peer, ours = median_alternating(1, gambit_few, ours_few)
        rows.append((f"equilibria 10x10, first {len(few)} ({agree}/{len(few)} same count)", f"pygambit {gbt.__version__} (exact)", peer, ours, rust_face * len(few)))
    except ImportError as error:
        print(f"note: pygambit not importable ({error}); skipped")

    def ours_tournament():
        return sprague.ipd.tournament(TOURNAMENT_20, turns=200, repetitions=5, seed=1)

    ours_alone, rust_tournament = median_alternating(
        max(args.runs, 11),
        ours_tournament,
        lambda: _native._baseline_tournament(TOURNAMENT_20, 200, 5, 1, 1),
    )
    rows.append(("round robin 20 x 200 turns x 5 reps", "-", None, ours_alone, rust_tournament))
    try:
        import axelrod as axl

        players = axelrod_players()

        def axelrod_tournament():
            axl.Tournament(players, turns=200, repetitions=5, seed=1).play(progress_bar=False, processes=None)

        print("timing axelrod")
        peer, ours = median_alternating(3, axelrod_tournament, ours_tournament)
        rows.append(("round robin 20 x 200 turns x 5 reps", f"axelrod {axl.__version__}", peer, ours, rust_tournament))
    except ImportError as error:
        print(f"note: axelrod not importable ({error}); skipped")

    quota, weights = voting(20, 50, 37)

    def ours_shapley():
        return sprague.coop.shapley(sprague.coop.weighted_voting(quota, weights))

    ours_alone, rust_shapley = median_alternating(
        max(args.runs, 51),
        ours_shapley,
        lambda: _native._baseline_shapley_shubik(quota, weights, 1),
    )
    rows.append(("Shapley-Shubik, 20 players", "-", None, ours_alone, rust_shapley))
    try:
        import powerindex as px

        def powerindex_shapley():
            game = px.Game(quota, weights=weights)
            game.calc_shapley_shubik()
            return game.shapley_shubik

        ours_values = [float(v) for v in ours_shapley().values()]
        worst = max(abs(a - b) for a, b in zip(ours_values, powerindex_shapley()))
        print(f"check: sprague's exact Shapley-Shubik values agree with powerindex within {worst:.1e}")
        peer, ours = median_alternating(max(args.runs, 21), powerindex_shapley, ours_shapley)
        rows.append(("Shapley-Shubik, 20 players", "powerindex (float)", peer, ours, rust_shapley))
    except ImportError as error:
        print(f"note: powerindex not importable ({error}); skipped")

    print()
    print(f"{'task':52} {'peer':28} {'peer':>11} {'sprague.py':>11} {'ratio':>8} {'Rust':>11} {'py cost':>8}")
    for task, peer, peer_time, ours, rust_time in rows:
        ratio = f"{peer_time / ours:7.1f}x" if peer_time else "       -"
        peer_text = f"{peer_time * 1e3:8.2f} ms" if peer_time else "         -"
        if peer_time:
            # Timed in turn with the peer, not with the library alone: no cost figure.
            rust_text, cost_text = "         -", "       -"
        else:
            rust_text = f"{rust_time * 1e3:8.3f} ms"
            cost_text = f"{(ours - rust_time) / rust_time * 100:+7.1f}%"
        print(f"{task:52} {peer:28} {peer_text:>11} {ours * 1e3:8.3f} ms {ratio:>8} {rust_text:>11} {cost_text:>8}")
    print("\npeer / sprague.py: how many times faster sprague is from Python; py cost: the Python")
    print("call's time over the library doing the same work in this process, timed in turn with it")
    print("(the work of the Rust benchmarks: for equilibria solve + JSON record, for the tournament")
    print("and Shapley-Shubik the kernel alone; the Python call also builds the game from Python")
    print("values and the answer as Python objects). The Rust benchmarks' own medians, from their")
    print(f"separate processes earlier in this run: equilibria {rust_json_face * 1e3:.2f} ms, tournament "
          f"{rust_tsv_tournament * 1e3:.2f} ms, Shapley-Shubik {rust_tsv_shapley * 1e3:.3f} ms.")


if __name__ == "__main__":
    main()
