#!/usr/bin/env python3
"""Times the Python peers (QuantEcon, pygambit, nashpy, scipy/HiGHS) on the
fixed-seed games that the Rust benchmark wrote, and prints one table with
medians and ratios against sprague's medians (read from rust.json).

Usage: bench_strategic.py GAMES_DIR [--full]
Without --full the slow exact peers run on fewer games (they take seconds to
minutes per game); the number of games is printed in every row.
"""
import glob
import json
import os
import statistics
import subprocess
import sys
import time
from fractions import Fraction

games_dir = sys.argv[1]
full = "--full" in sys.argv
rust = json.load(open(os.path.join(games_dir, "rust.json")))


def load(pattern):
    files = sorted(glob.glob(os.path.join(games_dir, pattern)),
                   key=lambda p: int(p.rsplit("_", 1)[1].split(".")[0]))
    return [json.load(open(f))["matrices"] for f in files]


def timed(fn, games, limit):
    times, results = [], []
    for g in games[:limit]:
        t = time.perf_counter()
        results.append(fn(g))
        times.append(time.perf_counter() - t)
    return statistics.median(times), results, len(times)


peers = {}
try:
    import numpy as np
    peers["numpy"] = np
except Exception as e:  # noqa: BLE001
    print(f"numpy unavailable: {e}")
for name in ["quantecon", "pygambit", "nashpy", "scipy"]:
    try:
        peers[name] = __import__(name)
    except Exception as e:  # noqa: BLE001
        print(f"skipping {name}: could not import it ({e})")

rows = []  # (task, peer, games, peer median, sprague median, note)
SPRAGUE = os.environ.get("SPRAGUE", "target/release/sprague")


def sprague_equilibria(path):
    """sprague's equilibria of a game file as a set of exact profiles (untimed)."""
    out = subprocess.run([SPRAGUE, "nash", path, "--format", "json"], capture_output=True, text=True, check=True)
    return {tuple(tuple(Fraction(x) for x in s) for s in e["strategies"]) for e in json.loads(out.stdout)["equilibria"]}


def gambit_set(result):
    return {tuple(tuple(Fraction(str(eq[s])) for s in p.strategies) for p in eq.game.players)
            for eq in result.equilibria}


enum_files = sorted(glob.glob(os.path.join(games_dir, "enum10_*.json")),
                    key=lambda p: int(p.rsplit("_", 1)[1].split(".")[0]))


def row(task, peer, n, median, ours, note=""):
    rows.append((task, peer, n, median, ours, note))
    print(f"  measured {peer} on {task}: median {median * 1e3:.2f} ms over {n} games", flush=True)


np = peers.get("numpy")
enum10 = load("enum10_*.json")
lh200 = load("lh200_*.json")
zs50 = load("zs50_*.json")
zs200 = load("zs200_*.json")
ours_counts = rust["enum10_counts"]

if "quantecon" in peers:
    qe = peers["quantecon"]
    from quantecon.game_theory import NormalFormGame as QG, Player, vertex_enumeration, lemke_howson

    def qe_game(m):
        a, b = np.array(m[0], dtype=float), np.array(m[1], dtype=float)
        return QG((Player(a), Player(b.T)))

    # QuantEcon compiles with numba on first use: warm it up outside the timing.
    vertex_enumeration(qe_game(enum10[0]))
    lemke_howson(qe_game(enum10[0]), init_pivot=0)
    med, res, n = timed(lambda m: vertex_enumeration(qe_game(m)), enum10, len(enum10))
    counts = [len(r) for r in res]
    differing = [k for k, (a, b) in enumerate(zip(counts, ours_counts)) if a != b]
    row("all equilibria 10x10", "QuantEcon vertex_enumeration (float)", n, med, rust["enum10_median_s"],
        f"equilibria {sum(counts)} vs sprague {sum(ours_counts[:n])}; games that differ: {differing}")
    med, _, n = timed(lambda m: lemke_howson(qe_game(m), init_pivot=0), lh200, len(lh200))
    row("Lemke-Howson 200x200", "QuantEcon lemke_howson (float)", n, med, rust["lh200_median_s"])

if "pygambit" in peers:
    gbt = peers["pygambit"]

    def g_game(m):
        return gbt.Game.from_arrays(np.array(m[0], dtype=int), np.array(m[1], dtype=int))

    k = len(enum10) if full else 3
    med, res, n = timed(lambda m: gbt.nash.enummixed_solve(g_game(m), rational=True), enum10, k)
    same = sum(1 for i, r in enumerate(res) if gambit_set(r) == sprague_equilibria(enum_files[i]))
    row("all equilibria 10x10", "pygambit enummixed (exact)", n, med, rust["enum10_median_s"],
        f"identical exact equilibrium sets in {same} of {n} games")
    # Games where the float peer's count differs from sprague's: settle them with the exact reference.
    for i in (differing if "quantecon" in peers else []):
        if i < k:
            continue
        r = gbt.nash.enummixed_solve(g_game(enum10[i]), rational=True)
        verdict = gambit_set(r) == sprague_equilibria(enum_files[i])
        print(f"  game {i}: QuantEcon {counts[i]} equilibria, sprague {ours_counts[i]}, pygambit (exact) "
              f"{len(r.equilibria)}; sprague's set identical to pygambit's: {verdict}", flush=True)
    k = len(lh200) if full else 2
    med, _, n = timed(lambda m: gbt.nash.lcp_solve(g_game(m), rational=True, stop_after=1), lh200, k)
    row("Lemke-Howson 200x200", "pygambit lcp_solve (exact)", n, med, rust["lh200_median_s"])

    def g_zero(m):
        a = np.array(m[0], dtype=int)
        return gbt.Game.from_arrays(a, -a)

    k = len(zs50) if full else 2
    med, _, n = timed(lambda m: gbt.nash.lp_solve(g_zero(m), rational=True), zs50, k)
    row("zero-sum 50x50", "pygambit lp_solve (exact)", n, med, rust["zs50_median_s"])

if "nashpy" in peers:
    nash = peers["nashpy"]
    k = len(enum10) if full else 1
    med, res, n = timed(lambda m: list(nash.Game(np.array(m[0]), np.array(m[1])).support_enumeration()), enum10, k)
    counts = [len(r) for r in res]
    row("all equilibria 10x10", "nashpy support_enumeration (float)", n, med, rust["enum10_median_s"],
        f"equilibria per game {counts} vs sprague {ours_counts[:n]}")

if "scipy" in peers:
    from scipy.optimize import linprog

    def zero_sum(m):
        a = np.array(m[0], dtype=float)
        mm, nn = a.shape
        # max v s.t. x^T A >= v, sum x = 1, x >= 0.
        c = np.zeros(mm + 1)
        c[-1] = -1
        a_ub = np.hstack([-a.T, np.ones((nn, 1))])
        a_eq = np.hstack([np.ones((1, mm)), np.zeros((1, 1))])
        return linprog(c, A_ub=a_ub, b_ub=np.zeros(nn), A_eq=a_eq, b_eq=[1],
                       bounds=[(0, None)] * mm + [(None, None)], method="highs")

    for size, games, key in [(50, zs50, "zs50_median_s"), (200, zs200, "zs200_median_s")]:
        med, _, n = timed(zero_sum, games, len(games))
        row(f"zero-sum {size}x{size}", "scipy linprog HiGHS (float)", n, med, rust[key])

print()
print(f"{'task':<22} {'peer':<38} {'games':>5} {'peer median':>12} {'sprague':>10} {'peer/sprague':>12}  note")
for task, peer, n, med, ours, note in rows:
    ratio = med / ours if ours > 0 else float("nan")
    print(f"{task:<22} {peer:<38} {n:>5} {med * 1e3:>10.2f}ms {ours * 1e3:>8.3f}ms {ratio:>11.1f}x  {note}")
