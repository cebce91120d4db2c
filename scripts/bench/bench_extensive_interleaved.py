#!/usr/bin/env python3
"""Interleaved comparison of sprague's exact extensive-form solvers with
pygambit's exact ones (lcp_solve / lp_solve, rational=True) on given .efg
files: for every file and method, `--rounds` rounds, each timing sprague
(the Rust benchmark `extensive`: median of up to `--runs` library calls,
each answer checked) and then pygambit (median of `--peer-runs` calls, in a
child process with a timeout); prints the median over rounds of each side
and the ratio. Interleaving keeps both sides under the same machine load.
Not a test.

What is timed, on both sides the same: the solver called in-process on a
game already read from the file (the file's parse is outside the timer on
both sides). sprague: `lemke_equilibrium` or `solve_zero_sum` plus the
independent best-response check of the answer (`check_equilibrium`).
pygambit: `lcp_solve(game, rational=True)` or `lp_solve(game, rational=True)`,
which return its equilibrium profiles.

  BENCH_PY=/path/to/python-with-pygambit \\
  python3 scripts/bench/bench_extensive_interleaved.py FILE.efg ...
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PEER = r"""
import json, statistics, sys, time
import pygambit as gbt
path, method, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
game = gbt.read_efg(path)  # parsed once, outside the timer
solve = {"lcp": lambda: gbt.nash.lcp_solve(game, rational=True),
         "lp": lambda: gbt.nash.lp_solve(game, rational=True)}[method]
times = []
for _ in range(runs):
    t = time.perf_counter()
    solve()
    times.append(time.perf_counter() - t)
print(json.dumps({"median_s": statistics.median(times)}))
"""


def sprague(path, runs, budget):
    out = subprocess.run(
        ["cargo", "bench", "-q", "-p", "sprague-strategic", "--bench", "extensive", "--",
         "--runs", str(runs), "--budget", str(budget), path],
        cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return {d["method"]: d for d in map(json.loads, filter(None, out.splitlines())) if "method" in d}


def peer(py, path, method, runs, timeout):
    try:
        p = subprocess.run([py, "-c", PEER, path, method, str(runs)],
                           capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    return json.loads(p.stdout)["median_s"] if p.returncode == 0 else None


def load():
    return "load average %.2f %.2f %.2f" % os.getloadavg()


def header():
    print(f"{'file':28} {'method':6} {'sprague':>12} {'pygambit':>12} {'ratio':>8}  checked", flush=True)


def compare(path, py, rounds, runs, budget, peer_runs, peer_timeout):
    """Times one file: `rounds` alternating rounds, then one line per method."""
    ours, theirs, checked = {}, {}, {}
    for _ in range(rounds):
        for method, d in sprague(path, runs, budget).items():
            ours.setdefault(method, []).append(d.get("median_s", float("nan")))
            checked[method] = checked.get(method, True) and d.get("verified", False)
            done = theirs.setdefault(method, [])
            # After a timeout pygambit is not run again on this file and method.
            done.append(None if None in done else peer(py, path, method, peer_runs, peer_timeout))
    for method in ours:
        o = statistics.median(ours[method])
        t = [x for x in theirs[method] if x is not None]
        if len(t) < len(theirs[method]):
            peer_text, ratio = f"> {peer_timeout:.0f} s", f"> {peer_timeout / o:.0f}"
        else:
            tm = statistics.median(t)
            peer_text, ratio = f"{tm * 1e3:.3f} ms", f"{tm / o:.0f}"
        print(f"{os.path.basename(path)[:28]:28} {method:6} {o * 1e3:9.3f} ms {peer_text:>12} {ratio:>8}  {checked[method]}", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--budget", type=float, default=2.0)
    ap.add_argument("--peer-runs", type=int, default=5)
    ap.add_argument("--peer-timeout", type=float, default=120.0)
    args = ap.parse_args()
    py = os.environ.get("BENCH_PY", sys.executable)
    print(load(), flush=True)
    header()
    for path in args.files:
        compare(path, py, args.rounds, args.runs, args.budget, args.peer_runs, args.peer_timeout)
    print(load(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
