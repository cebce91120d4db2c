#!/usr/bin/env python3
"""Speed of games defined in Python: sprague.define_heap and sprague.define against a plain memoised mex.

The user's alternative to sprague for a heap game known only by its rule is a
memoised Python function g(n) = mex{g(a) ^ g(b) ^ ... : n -> a + b + ...} over
the same options(n). Both run here in the same process, interleaved (the order
alternating each repetition), on a fresh game each time (define_heap's table is
rebuilt, so its Python calls to options(n) are counted); the medians and their
ratio are printed. The values are checked to be equal.

    target/python-venv/bin/python scripts/bench-define.py            # the default cases
    target/python-venv/bin/python scripts/bench-define.py --reps 5 --format json

A game of general positions (`sprague.define`): a token on a grid moves to (x-1, y),
(x, y-1), (x-2, y-1) or (x-1, y-2) (a king-and-knight walk towards the corner); from
(316, 316) about 10^5 positions are reachable. Both sides value the start, which values
every reachable position (sprague explores the graph by calling options once per
position, then runs the engine; the memoised mex recurses):
  grid-walk      positions are tuples (x, y)

Heap games (the issue's example, "remove 1 or 2 tokens, or split a heap into three
non-empty heaps", has about n^2/12 options at n: some 2.8e10 options to 10^4, which
neither side can list in Python, so it is measured to 300 and its two-heap cousin
to 10^4):
  take12-split3  remove 1 or 2 tokens, or split a heap into three non-empty heaps
  take12-split2  remove 1 or 2 tokens, or split a heap into two non-empty heaps
  subtract134    remove 1, 3 or 4 tokens (three options per heap)
"""

import argparse
import functools
import json
import statistics
import sys
import time

import sprague


def take12_split3(n):
    options = [(n - t,) for t in (1, 2) if t <= n]
    for a in range(1, n // 3 + 1):
        for b in range(a, (n - a) // 2 + 1):
            options.append((a, b, n - a - b))
    return options


def take12_split2(n):
    options = [(n - t,) for t in (1, 2) if t <= n]
    options.extend((a, n - a) for a in range(1, n // 2 + 1))
    return options


def subtract134(n):
    return [(n - s,) for s in (1, 3, 4) if s <= n]


GAMES = {
    "take12-split3": take12_split3,
    "take12-split2": take12_split2,
    "subtract134": subtract134,
    "grid-walk": None,  # set below: general positions
}

DEFAULT_CASES = [
    ("take12-split3", 300),
    ("take12-split2", 10_000),
    ("subtract134", 10_000),
    ("subtract134", 100_000),
    ("grid-walk", 316),
]


def grid_walk(position):
    x, y = position
    steps = ((1, 0), (0, 1), (2, 1), (1, 2))
    return [(x - dx, y - dy) for dx, dy in steps if dx <= x and dy <= y]


def grid_memoised_mex(options, side):
    """The plain Python alternative for general positions: a memoised g(position)."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * side + 1000))

    @functools.lru_cache(maxsize=None)
    def g(position):
        seen = {g(option) for option in options(position)}
        m = 0
        while m in seen:
            m += 1
        return m

    return [g((side, side))]


def grid_options_alone(options, side):
    """The floor: options called once for every reachable position (a walk in Python)."""
    seen = {(side, side)}
    stack = [(side, side)]
    while stack:
        for option in options(stack.pop()):
            if option not in seen:
                seen.add(option)
                stack.append(option)
    return None


def with_define(options, side):
    return sprague.define(options, name="grid-walk", acyclic=True).values([(side, side)])


def memoised_mex(options, to):
    """The plain Python alternative: a memoised g(n), asked in order."""

    @functools.lru_cache(maxsize=None)
    def g(n):
        seen = set()
        for option in options(n):
            x = 0
            for part in option:
                x ^= g(part)
            seen.add(x)
        m = 0
        while m in seen:
            m += 1
        return m

    return [g(n) for n in range(to + 1)]


def options_alone(options, to):
    """The floor both sides share: calling options(n) for every heap and walking its list."""
    for n in range(to + 1):
        for _ in options(n):
            pass
    return None


GAMES["grid-walk"] = grid_walk


def with_define_heap(options, to):
    return sprague.define_heap(options).values(to).values


def timed(run, options, to):
    started = time.perf_counter()
    values = run(options, to)
    return time.perf_counter() - started, values


def bench(name, to, reps):
    options = GAMES[name]
    times = {"define": [], "memo": [], "alone": []}
    general = name == "grid-walk"
    for rep in range(reps):
        runs = (
            [("define", with_define), ("memo", grid_memoised_mex), ("alone", grid_options_alone)]
            if general
            else [("define", with_define_heap), ("memo", memoised_mex), ("alone", options_alone)]
        )
        if rep % 2:
            runs.reverse()
        results = {}
        for label, run in runs:
            seconds, values = timed(run, options, to)
            results[label] = values
            times[label].append(seconds)
        if results["define"] != results["memo"]:
            raise SystemExit(f"{name}: sprague and the memoised mex disagree")
    define = statistics.median(times["define"])
    memo = statistics.median(times["memo"])
    alone = statistics.median(times["alone"])
    return {
        "game": name,
        "to": to,
        "repetitions": reps,
        "face": "define" if general else "define_heap",
        "define_heap_seconds": define,
        "memoised_mex_seconds": memo,
        "options_calls_seconds": alone,
        "ratio": memo / define,
        "define_heap_all": times["define"],
        "memoised_mex_all": times["memo"],
        "options_calls_all": times["alone"],
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), help="one game (default: the cases listed)")
    parser.add_argument("--to", type=int, default=10_000, help="g(0..=TO) (with --game)")
    parser.add_argument("--reps", type=int, default=3, help="repetitions (medians are printed)")
    parser.add_argument("--format", choices=["text", "json"], default="text")
    args = parser.parse_args()
    cases = [(args.game, args.to)] if args.game else DEFAULT_CASES
    rows = []
    for name, to in cases:
        row = bench(name, to, args.reps)
        rows.append(row)
        if args.format == "text":
            print(
                f"{name:14} to {to:>7}: {row['face']:11} {row['define_heap_seconds']:8.3f} s, "
                f"memoised mex {row['memoised_mex_seconds']:8.3f} s, "
                f"ratio {row['ratio']:5.1f}x; options(n) calls alone {row['options_calls_seconds']:8.3f} s "
                f"(medians of {args.reps})",
                flush=True,
            )
    if args.format == "json":
        json.dump({"python": sys.version.split()[0], "rows": rows}, sys.stdout, indent=2)
        print()


if __name__ == "__main__":
    main()
