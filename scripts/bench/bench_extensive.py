#!/usr/bin/env python3
"""Driver of scripts/bench-extensive.sh: writes the benchmark games, chooses
the files of the collection, and compares sprague's exact solvers with
pygambit's in alternating rounds (bench_extensive_interleaved.py), printing
medians and ratios. Not a test.

Games: Kuhn poker and the beer-quiche game (written by sprague's .efg
writer), the largest two-player perfect-recall games of --efg-dir (by
sequences), and Leduc hold'em (written by leduc_efg.py; one round, pygambit
under --leduc-timeout, since its exact solvers do not finish it).

Timed on both sides: the solver called in-process on a game already read
from the file (the parse is outside the timer on both sides); sprague's time
includes the independent best-response check of its answer.
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench_extensive_interleaved as interleaved  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", required=True)
    ap.add_argument("--efg-dir", default="")
    ap.add_argument("--quick", action="store_true", help="Kuhn, beer-quiche and 3 files of the collection; no Leduc")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--runs", type=int, default=401,
                    help="sprague calls per file and round (at most; --budget bounds their time): "
                         "the median of a few calls of a 15-microsecond solve is a cold-cache figure")
    ap.add_argument("--budget", type=float, default=2.0, help="seconds of sprague calls per file and round")
    ap.add_argument("--peer-runs", type=int, default=5)
    ap.add_argument("--peer-timeout", type=float, default=120.0,
                    help="seconds after which a pygambit child is stopped (reported as > that)")
    ap.add_argument("--leduc-timeout", type=float, default=120.0)
    args = ap.parse_args()
    sprague = os.environ["SPRAGUE"]
    py = os.environ.get("BENCH_PY", sys.executable)
    files = []
    for name in ["kuhn-poker", "beer-quiche"]:
        path = os.path.join(args.games, f"{name}.efg")
        with open(path, "w") as f:
            f.write(subprocess.run([sprague, "tree", "efg", name], capture_output=True, text=True, check=True).stdout)
        files.append(path)
    if args.efg_dir and os.path.isdir(args.efg_dir):
        chosen = []
        for n in sorted(n for n in os.listdir(args.efg_dir) if n.endswith(".efg")):
            path = os.path.join(args.efg_dir, n)
            info = subprocess.run([sprague, "tree", "info", path, "--format", "json"], capture_output=True, text=True)
            if info.returncode != 0:
                continue
            d = json.loads(info.stdout)
            if len(d["players"]) == 2 and d["perfect_recall"]:
                chosen.append((sum(d["sequences"]), n, path))
        chosen.sort(key=lambda c: -c[0])
        files += [p for _, _, p in chosen[:3 if args.quick else 12]]
    print(interleaved.load(), flush=True)
    interleaved.header()
    for path in files:
        interleaved.compare(path, py, args.rounds, args.runs, args.budget, args.peer_runs, args.peer_timeout)
    if not args.quick:
        leduc = os.path.join(args.games, "leduc.efg")
        with open(leduc, "w") as f:
            subprocess.run([sys.executable, os.path.join(HERE, "leduc_efg.py")], stdout=f, check=True)
        interleaved.compare(leduc, py, 1, 3, args.budget, 1, args.leduc_timeout)
    print(interleaved.load(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
