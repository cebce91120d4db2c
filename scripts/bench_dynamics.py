#!/usr/bin/env python3
"""Times Nashpy's replicator_dynamics and fictitious_play against sprague's
on the same games, interleaved in one run: each round runs the Rust
benchmark (cargo bench -p sprague-dynamics --bench dynamics, which writes its
medians to a JSON file) and then times Nashpy on the same cases; the table
gives the median over rounds of each side and of the per-round ratios.

Usage: bench_dynamics.py [--rounds R] [--peer-runs K]
  --rounds R     interleaved rounds (default 5)
  --peer-runs K  Nashpy calls per case per round, the median kept (default 3),
                 after one untimed warm-up call

The games (the same formulas as crates/dynamics/benches/dynamics.rs):
"good" rock-paper-scissors [[0,-1,2],[2,0,-1],[-1,2,0]], matching pennies,
and the 10x10 matrix a[i][j] = ((7i + 13j) mod 11) - 5. Replicator: t from
0 to 10, 1001 time points (Nashpy: scipy's odeint, LSODA, adaptive;
sprague: replicator_* = RK4 with step 0.01, adaptive_* = Dormand-Prince 5(4)
at odeint's default tolerance 1.49e-8 with dense output at the same 1001
times); the largest difference
between the two final states is printed as a sanity check. Fictitious play:
10000 rounds, every round's play counts produced by Nashpy's generator and
consumed (Nashpy breaks ties at random, sprague by the lowest index).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np
import nashpy

parser = argparse.ArgumentParser()
parser.add_argument("--rounds", type=int, default=5)
parser.add_argument("--peer-runs", type=int, default=3)
args = parser.parse_args()

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
target = os.environ.get("CARGO_TARGET_DIR", os.path.join(root, "target"))
out_json = os.path.join(target, "bench-dynamics.json")

good_rps = np.array([[0, -1, 2], [2, 0, -1], [-1, 2, 0]], dtype=float)
formula10 = np.array([[((7 * i + 13 * j) % 11) - 5 for j in range(10)] for i in range(10)], dtype=float)
pennies = np.array([[1, -1], [-1, 1]], dtype=float)
timepoints = np.linspace(0, 10, 1001)

cases = {
    "replicator_rps3": ("replicator", good_rps, np.array([0.2, 0.3, 0.5])),
    "replicator_formula10": ("replicator", formula10, np.arange(1, 11) / 55.0),
    "adaptive_rps3": ("replicator", good_rps, np.array([0.2, 0.3, 0.5])),
    "adaptive_formula10": ("replicator", formula10, np.arange(1, 11) / 55.0),
    "fictitious_pennies": ("fictitious", (pennies, -pennies), None),
    "fictitious_rps3": ("fictitious", (good_rps, good_rps.T), None),
    "fictitious_formula10": ("fictitious", (formula10, formula10.T), None),
}


def nashpy_once(kind, matrices, start):
    if kind == "replicator":
        game = nashpy.Game(matrices)
        t = time.perf_counter()
        xs = game.replicator_dynamics(y0=start, timepoints=timepoints)
        return time.perf_counter() - t, xs[-1]
    game = nashpy.Game(*matrices)
    t = time.perf_counter()
    last = None
    for counts in game.fictitious_play(iterations=10000):
        last = counts
    elapsed = time.perf_counter() - t
    return elapsed, last[0] / last[0].sum()


sprague_times = {name: [] for name in cases}
nashpy_times = {name: [] for name in cases}
ratios = {name: [] for name in cases}
finals = {}
for r in range(args.rounds):
    env = dict(os.environ, SPRAGUE_BENCH_JSON=out_json)
    subprocess.run(["cargo", "bench", "-q", "-p", "sprague-dynamics", "--bench", "dynamics"],
                   cwd=root, env=env, check=True, stdout=subprocess.DEVNULL)
    rust = json.load(open(out_json))
    for name, (kind, matrices, start) in cases.items():
        nashpy_once(kind, matrices, start)  # a warm-up call, untimed (the first is often slower)
        runs = [nashpy_once(kind, matrices, start) for _ in range(args.peer_runs)]
        peer = statistics.median(t for t, _ in runs)
        ours = rust["times"][name]
        sprague_times[name].append(ours)
        nashpy_times[name].append(peer)
        ratios[name].append(peer / ours)
        finals[name] = (runs[0][1], rust["final"][name])
    print(f"round {r + 1}/{args.rounds} done", file=sys.stderr, flush=True)

print(f"\nNashpy {nashpy.__version__} against sprague, {args.rounds} interleaved rounds "
      f"(medians; ratio = median of the per-round ratios)")
print(f"{'case':<24} {'Nashpy':>12} {'sprague':>12} {'ratio':>9}  {'ratio range':>17}  final-state check")
for name, (kind, _, _) in cases.items():
    peer = statistics.median(nashpy_times[name])
    ours = statistics.median(sprague_times[name])
    ratio = statistics.median(ratios[name])
    theirs, mine = finals[name]
    difference = float(np.max(np.abs(np.array(theirs) - np.array(mine))))
    check = (f"max |Δx(10)| = {difference:.1e}" if kind == "replicator"
             else f"max |Δ row frequency| = {difference:.1e}")
    spread = f"{min(ratios[name]):.0f}x-{max(ratios[name]):.0f}x"
    print(f"{name:<24} {peer * 1e3:>9.3f} ms {ours * 1e3:>9.4f} ms {ratio:>8.0f}x  "
          f"{spread:>17}  {check}")
