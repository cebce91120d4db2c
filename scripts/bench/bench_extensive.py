#!/usr/bin/env python3
"""Driver of scripts/bench-extensive.sh: writes the benchmark games, runs
pygambit's exact solvers and sprague's (the Rust benchmark `extensive`, which
times the library calls) on the same files, and prints medians and ratios.

pygambit: lcp_solve(game, rational=True) (sequence form, Lemke) and, for
zero-sum games, lp_solve(game, rational=True) (sequence-form LP). sprague:
lemke_equilibrium and solve_zero_sum, each answer checked by the
best-response pass (the check is included in sprague's time).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def timed(f, budget, runs):
    times = []
    start = time.perf_counter()
    while len(times) < runs:
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
        if time.perf_counter() - start > budget:
            break
    return statistics.median(times), len(times)


def pygambit_times(path, budget, runs, zero_sum):
    import pygambit as gbt

    game = gbt.read_efg(path)
    out = {}
    out["lcp"] = timed(lambda: gbt.nash.lcp_solve(game, rational=True), budget, runs)
    if zero_sum:
        out["lp"] = timed(lambda: gbt.nash.lp_solve(game, rational=True), budget, runs)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", required=True)
    ap.add_argument("--efg-dir", default="")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--budget", type=float, default=10.0)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    sprague = os.environ["SPRAGUE"]
    files = []
    for name in ["kuhn-poker", "beer-quiche"]:
        path = os.path.join(args.games, f"{name}.efg")
        files.append((name, path))
    # The built-in games are written by the library's .efg writer (`sprague tree efg`).
    for name, path in files:
        with open(path, "w") as f:
            f.write(subprocess.run([sprague, "tree", "efg", name], capture_output=True, text=True, check=True).stdout)
    if not args.quick:
        leduc = os.path.join(args.games, "leduc.efg")
        with open(leduc, "w") as f:
            subprocess.run([sys.executable, os.path.join(HERE, "leduc_efg.py")], stdout=f, check=True)
        files.append(("leduc hold'em", leduc))
    if args.efg_dir and os.path.isdir(args.efg_dir):
        names = sorted(n for n in os.listdir(args.efg_dir) if n.endswith(".efg"))
        chosen = []
        for n in names:
            path = os.path.join(args.efg_dir, n)
            info = subprocess.run([sprague, "tree", "info", path, "--format", "json"], capture_output=True, text=True)
            if info.returncode != 0:
                continue
            d = json.loads(info.stdout)
            if len(d["players"]) == 2 and d["perfect_recall"]:
                chosen.append((n, path, sum(d["sequences"])))
        chosen.sort(key=lambda c: -c[2])
        chosen = chosen[:3] if args.quick else chosen[:12]
        files += [(n.replace(".efg", ""), p) for n, p, _ in chosen]
    rust = subprocess.run(
        ["cargo", "bench", "-q", "-p", "sprague-strategic", "--bench", "extensive", "--",
         "--runs", str(args.runs), "--budget", str(args.budget)] + [p for _, p in files],
        cwd=ROOT, capture_output=True, text=True)
    if rust.returncode != 0:
        print(rust.stderr)
        return 1
    ours = {}
    for line in rust.stdout.splitlines():
        if line.startswith("{"):
            d = json.loads(line)
            ours[(d["file"], d.get("method"))] = d
    print(f"{'game':38} {'method':5} {'sprague median':>15} {'pygambit median':>16} {'ratio':>8}  checked")
    for name, path in files:
        info = json.loads(subprocess.run([sprague, "tree", "info", path, "--format", "json"], capture_output=True, text=True).stdout)
        theirs = pygambit_times(path, args.budget, args.runs, info["zero_sum"])
        for method in ["lcp", "lp"]:
            if method not in theirs:
                continue
            o = ours.get((path, method), {})
            if "median_s" not in o:
                print(f"{name[:38]:38} {method:5} {'error':>15} {theirs[method][0]:16.6f}")
                continue
            ratio = theirs[method][0] / o["median_s"] if o["median_s"] > 0 else float("inf")
            print(f"{name[:38]:38} {method:5} {o['median_s']:15.6f} {theirs[method][0]:16.6f} {ratio:8.1f}  {o['verified']}")
    seqs = "; ".join(f"{n}: {json.loads(subprocess.run([sprague, 'tree', 'info', p, '--format', 'json'], capture_output=True, text=True).stdout)['sequences']}" for n, p in files)
    print(f"sequences per player: {seqs}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
