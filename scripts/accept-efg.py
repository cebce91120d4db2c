#!/usr/bin/env python3
"""Acceptance run of the extensive-form commands over a directory of Gambit
.efg files (by default Gambit's collection in /work/shared/gambit-games/efg,
which is read, never copied into the repository).

For every file it runs, with the release binary:
  sprague tree info FILE --format json        parsed? perfect recall? zero-sum?
  sprague nash FILE --format json             (sequence-form Lemke for two players,
                                               support enumeration on the reduced form otherwise)
  sprague nash FILE --method enum --format json   (vertex enumeration on the reduced form)
  sprague zerosum FILE --format json          (sequence-form LP; two-player zero-sum only)
  sprague tree spe FILE --format json         (subgame-perfect equilibrium)
and counts, per method: solved (every equilibrium passes the independent
best-response check), refused (exit 2, with the sentence), failed (exit 1 or
a check that does not pass). Prints the counts and the refusal reasons.

Usage: scripts/accept-efg.py [DIR] [--binary PATH] [--timeout SECONDS]
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(binary, args, timeout):
    start = time.perf_counter()
    try:
        p = subprocess.run([binary] + args, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", None, f"more than {timeout} s", timeout
    elapsed = time.perf_counter() - start
    if p.returncode == 0:
        return "ok", json.loads(p.stdout), "", elapsed
    return f"exit {p.returncode}", None, p.stderr.strip().splitlines()[-1] if p.stderr.strip() else "", elapsed


def verified(method, data):
    if method == "zerosum":
        return data["optimal"]["verified"]
    if method == "spe":
        return data["equilibrium"]["verified"] and data["every_subgame_checked"] is not False
    # Without perfect recall `nash` answers in the strategic form (no behaviour
    # strategies, so no "verified"): the normal-form solvers' exact answers.
    return bool(data["equilibria"]) and all(e.get("verified", True) for e in data["equilibria"])


def reason_of(message):
    """The kind of a refusal, for grouping."""
    for key in ["perfect recall", "not zero-sum", "needs a two-player game", "more than the limit",
                "line ", "would need"]:
        if key in message:
            return key.strip()
    return message[:80]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir", nargs="?", default="/work/shared/gambit-games/efg")
    ap.add_argument("--binary", default=None)
    ap.add_argument("--timeout", type=float, default=120)
    args = ap.parse_args()
    binary = args.binary
    if binary is None:
        target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "sprague"], cwd=ROOT, check=True)
        binary = os.path.join(target, "release", "sprague")
    files = sorted(f for f in os.listdir(args.dir) if f.endswith(".efg"))
    methods = {
        "nash (default)": ["nash"],
        "nash --method enum": ["nash", "--method", "enum"],
        "zerosum": ["zerosum"],
        "spe": ["tree", "spe"],
    }
    counts = {m: collections.Counter() for m in methods}
    reasons = {m: collections.Counter() for m in methods}
    failures = []
    info_counts = collections.Counter()
    parse_errors = []
    equilibria_checked = 0
    backward = collections.Counter()
    for name in files:
        path = os.path.join(args.dir, name)
        status, info, message, _ = run(binary, ["tree", "info", path, "--format", "json"], args.timeout)
        if status != "ok":
            info_counts["not parsed"] += 1
            parse_errors.append((name, message))
            continue
        info_counts["parsed"] += 1
        info_counts["perfect recall" if info["perfect_recall"] else "imperfect recall"] += 1
        info_counts[f"{len(info['players'])} players"] += 1
        if info["perfect_information"]:
            info_counts["perfect information"] += 1
            # The subgame-perfect solver against the older backward induction
            # (`tree solve`), compared where the latter's solution is unique.
            s1, old, _, _ = run(binary, ["tree", "solve", path, "--format", "json"], args.timeout)
            s2, new, _, _ = run(binary, ["tree", "spe", path, "--format", "json"], args.timeout)
            if s1 == "ok" and s2 == "ok":
                if not old["unique"]:
                    backward["ties (not compared)"] += 1
                elif old["payoffs"] == new["equilibrium"]["payoffs"]:
                    backward["same payoffs"] += 1
                else:
                    backward["DIFFERENT payoffs"] += 1
                    failures.append(("spe vs tree solve", name, f"{old['payoffs']} vs {new['equilibrium']['payoffs']}"))
            else:
                backward[f"not compared ({s1}, {s2})"] += 1
        if info["chance_nodes"]:
            info_counts["with chance"] += 1
        if info["zero_sum"]:
            info_counts["zero-sum"] += 1
        for method, command in methods.items():
            status, data, message, elapsed = run(binary, command + [path, "--format", "json"], args.timeout)
            if status == "ok" and not info["perfect_recall"]:
                counts[method]["solved in the strategic form (imperfect recall)"] += 1
            elif status == "ok":
                if verified(method.split()[0] if method != "spe" else "spe", data):
                    counts[method]["solved"] += 1
                    if method == "zerosum" or method == "spe":
                        equilibria_checked += 1
                    else:
                        equilibria_checked += len(data["equilibria"])
                else:
                    counts[method]["failed check"] += 1
                    failures.append((method, name, "an equilibrium fails the best-response check"))
            elif status == "exit 2":
                counts[method]["refused"] += 1
                reasons[method][reason_of(message)] += 1
            else:
                counts[method]["failed"] += 1
                failures.append((method, name, f"{status}: {message}"))
    print(f"{len(files)} .efg files in {args.dir}")
    print("  " + ", ".join(f"{k}: {v}" for k, v in sorted(info_counts.items())))
    for name, message in parse_errors:
        print(f"  not parsed: {name}: {message}")
    for method in methods:
        c = counts[method]
        strategic = c["solved in the strategic form (imperfect recall)"]
        print(f"{method:22} solved {c['solved']:4}  refused {c['refused']:4}  failed {c['failed'] + c['failed check']:4}"
              + (f"  (and {strategic} without perfect recall solved in the strategic form)" if strategic else ""))
        for reason, k in reasons[method].most_common():
            print(f"{'':24}refused ({reason}): {k}")
    print(f"equilibria checked by the best-response pass: {equilibria_checked}")
    print("perfect-information files, tree spe vs tree solve (backward induction): "
          + ", ".join(f"{k}: {v}" for k, v in sorted(backward.items())))
    for method, name, why in failures:
        print(f"FAILED {method}: {name}: {why}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
