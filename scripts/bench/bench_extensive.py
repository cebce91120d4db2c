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
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


PEER = r"""
import json, statistics, sys, time
import pygambit as gbt
path, method, budget, runs = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
game = gbt.read_efg(path)
solve = {"lcp": lambda: gbt.nash.lcp_solve(game, rational=True),
         "lp": lambda: gbt.nash.lp_solve(game, rational=True)}[method]
times = []
start = time.perf_counter()
while len(times) < runs:
    t = time.perf_counter()
    solve()
    times.append(time.perf_counter() - t)
    if time.perf_counter() - start > budget:
        break
print(json.dumps({"median_s": statistics.median(times), "runs": len(times)}))
"""


def pygambit_time(path, method, budget, runs, timeout):
    """pygambit's median in a child process; None when it takes longer than `timeout` seconds."""
    try:
        p = subprocess.run([sys.executable, "-c", PEER, path, method, str(budget), str(runs)],
                           capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    if p.returncode != 0:
        return None
    return json.loads(p.stdout)["median_s"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", required=True)
    ap.add_argument("--efg-dir", default="")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--budget", type=float, default=10.0)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--peer-timeout", type=float, default=600.0,
                    help="seconds after which a pygambit call is stopped (reported as > that)")
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
    print(f"{'game':38} {'method':5} {'sprague median':>15} {'pygambit median':>16} {'ratio':>8}  checked", flush=True)
    for name, path in files:
        info = json.loads(subprocess.run([sprague, "tree", "info", path, "--format", "json"], capture_output=True, text=True).stdout)
        for method in ["lcp", "lp"] if info["zero_sum"] else ["lcp"]:
            o = ours.get((path, method), {})
            peer = pygambit_time(path, method, args.budget, args.runs, args.peer_timeout)
            peer_text = f"{peer:16.6f}" if peer is not None else f"{'> ' + str(int(args.peer_timeout)) + ' s':>16}"
            if "median_s" not in o:
                print(f"{name[:38]:38} {method:5} {'error':>15} {peer_text}  {o.get('error', '')}")
                continue
            if peer is None:
                ratio = f"> {args.peer_timeout / o['median_s']:.0f}"
            else:
                ratio = f"{peer / o['median_s']:.1f}"
            print(f"{name[:38]:38} {method:5} {o['median_s']:15.6f} {peer_text} {ratio:>8}  {o['verified']}", flush=True)
    seqs = "; ".join(f"{n}: {json.loads(subprocess.run([sprague, 'tree', 'info', p, '--format', 'json'], capture_output=True, text=True).stdout)['sequences']}" for n, p in files)
    print(f"sequences per player: {seqs}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
