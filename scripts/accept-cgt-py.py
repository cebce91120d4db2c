#!/usr/bin/env python3
"""Acceptance check of sprague's partizan engine against cgt-py (outside the test suite).

    python3 scripts/accept-cgt-py.py [--positions 2000] [--games 2000] [--seed 27]

cgt-py (PyPI `cgt-py`, the Python face of cgt-tools by t4ccer) is an independent
implementation of canonical forms and thermographs in Rust. This script installs it into a
scratch virtual environment (see scripts/cgt_py_env.py), then computes the same games with
both programs and compares:

* random Domineering positions (seeded): boards of 2..4 rows by 2..5 columns or their
  transposes (at most 4×5 = 20 squares), each square blocked with a probability drawn from
  {0, 0.1, 0.15, 0.2, 0.3, 0.5}; both programs give Left the vertical dominoes (cgt-py's left
  options of `..|..|..` place vertical dominoes), so the values must be equal, not negated;
* random games `{L1,…|R1,…}` (seeded), built to depth 2, 3 or 4 from random options over leaves
  that both parsers read (`0`, `±2`, `1/2`, `*`, `*2`, `^`, `v`, `{1|-1}`, …), and sums and
  differences of pairs of them computed by each program's own arithmetic.

For every game it checks, exactly (fractions, no floats):

1. **structure**: the canonical forms are the same game tree. Each program's form is
   taken apart by its own `left_options`/`right_options` down to 0, and every node is
   hash-consed into one shared table keyed by (sorted left ids, sorted right ids); the two
   roots must get the same id. Canonical forms are unique (Siegel, CGT, Thm II.2.9), so
   this is equality of values, independent of how either program prints;
2. **text**: the printed forms agree after the normaliser below;
3. the **temperature**, the **left and right stops**, the **birthday**;
4. the **thermograph**: both walls as functions of the temperature t on [-1, ∞) and the
   mast. sprague gives each wall as breakpoints (t, value) from t = -1, straight between
   them and constant after the last; cgt-py prints `Trajectory(mast, [t0 > t1 > …],
   [s0, s1, …])`, constant `mast` above t0 (s0 = 0) and of slope dv/dt = s(i+1) on
   [t(i+1), t(i)] (s_last below the last point). Two piecewise-linear functions are equal
   on [-1, ∞) iff they agree at -1, at every breakpoint of either, and one point beyond.

The normaliser (2) reads both printings into one tree and writes it back in one way:

| written                         | sprague          | cgt-py            | normal form      |
|---------------------------------|------------------|-------------------|------------------|
| n·↑ (n ≥ 2), n·↓                | `^^`, `^3`, `vv` | `^2`, `^3`, `v2`  | (x, n, s) triple |
| x + n·↑ + *s                    | `1/2^*`, `v3*2`  | `1/2^*`, `v3*2`   | (x, n, s) triple |
| {x+d | x−d}, x integer          | `±1`, `2±1/2`    | `{1|-1}`, `{5/2|3/2}` | braces       |
| an only option written in braces| `{0||0|-1}`      | `{0|{0|-1}}`      | nested braces    |
| option order                    | store order      | its own order     | sorted texts     |

A game is a number `m/2^k`, a triple (x, n, s) with n or s nonzero, or braces with sorted
normalised option lists; `0` and `*0` are the number 0.

The command line is also sampled (`--cli N`, default 30 of each kind): `sprague analyze
domineering POS --format json` and `sprague cgt G --format json` must give the module's
canonical form, temperature and thermograph.

Prints counts and each mismatch; exit status 1 on any mismatch, 0 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import cgt_py_env  # noqa: E402

cgt_py_env.prepare(__file__)

import cgt_py  # noqa: E402
from sprague import partizan  # noqa: E402

sys.setrecursionlimit(100_000)

# --------------------------------------------------------------------------------------
# The normaliser of printed forms.
# --------------------------------------------------------------------------------------

NUMBER = re.compile(r"-?\d+(?:/\d+)?")


class Unreadable(ValueError):
    """A printed form the normaliser does not read."""


def _atom(text: str, i: int):
    """Reads a number-up-star or `x±d` atom at `text[i:]`: (tree, next index)."""
    x = Fraction(0)
    m = NUMBER.match(text, i)
    if m and not text.startswith("-^", i) and not text.startswith("-v", i):
        x = Fraction(m.group())
        i = m.end()
    if i < len(text) and text[i] == "±":
        m = NUMBER.match(text, i + 1)
        if not m:
            raise Unreadable(f"± without a number in {text!r}")
        d = Fraction(m.group())
        return ("braces", [("num", x + d)], [("num", x - d)]), m.end()
    ups = 0
    if i < len(text) and text[i] in "^v":
        sign = 1 if text[i] == "^" else -1
        j = i
        while j < len(text) and text[j] == text[i]:
            j += 1
        count = j - i
        m = re.compile(r"\d+").match(text, j)
        if m:
            if count != 1:
                raise Unreadable(f"{text!r}: repeated arrows and a count")
            count = int(m.group())
            j = m.end()
        ups = sign * count
        i = j
    star = 0
    if i < len(text) and text[i] == "*":
        m = re.compile(r"\d+").match(text, i + 1)
        if m:
            star = int(m.group())
            i = m.end()
        else:
            star = 1
            i += 1
    if ups == 0 and star == 0:
        return ("num", x), i
    return ("upstar", x, ups, star), i


def _braces(text: str, i: int):
    """Reads `{…}` at `text[i]`: (tree, next index). Slash notation: the longest run of
    bars splits the game, each part with bars being one option in braces."""
    assert text[i] == "{"
    i += 1
    items: list = []  # games and separators (',' or an int: a run of bars)
    while True:
        if i >= len(text):
            raise Unreadable(f"unclosed brace in {text!r}")
        ch = text[i]
        if ch == "}":
            i += 1
            break
        if ch == " ":
            i += 1
        elif ch == ",":
            items.append(",")
            i += 1
        elif ch == "|":
            j = i
            while j < len(text) and text[j] == "|":
                j += 1
            items.append(j - i)
            i = j
        elif ch == "{":
            tree, i = _braces(text, i)
            items.append(tree)
        else:
            tree, i = _atom(text, i)
            items.append(tree)
    return _split(items, text), i


def _split(items: list, text: str):
    bars = [s for s in items if isinstance(s, int)]
    if not bars:
        raise Unreadable(f"braces without a bar in {text!r}")
    top = max(bars)
    at = [k for k, s in enumerate(items) if s == top and isinstance(s, int)]
    if len(at) != 1:
        raise Unreadable(f"ambiguous bars in {text!r}")
    left, right = items[: at[0]], items[at[0] + 1:]
    return ("braces", _side(left, text), _side(right, text))


def _side(items: list, text: str) -> list:
    if any(isinstance(s, int) for s in items):
        return [_split(items, text)]
    options = [s for s in items if s != ","]
    commas = sum(1 for s in items if s == ",")
    if options and commas != len(options) - 1:
        raise Unreadable(f"misplaced comma in {text!r}")
    return options


def read_form(text: str):
    """The tree of a printed canonical form (either program's printing)."""
    text = text.strip()
    if text.startswith("CanonicalForm('") and text.endswith("')"):
        text = text[len("CanonicalForm('"): -2]
    if text.startswith("{"):
        tree, i = _braces(text, 0)
    else:
        tree, i = _atom(text, 0)
    if i != len(text):
        raise Unreadable(f"trailing text in {text!r}")
    return tree


def normal_text(tree) -> str:
    """The one normal text of a tree: numbers as fractions, (x, n, s) triples, braces
    with sorted option texts."""
    kind = tree[0]
    if kind == "num":
        return str(tree[1])
    if kind == "upstar":
        _, x, ups, star = tree
        return f"({x},{ups}^,*{star})"
    left = sorted(normal_text(t) for t in tree[1])
    right = sorted(normal_text(t) for t in tree[2])
    return "{" + ",".join(left) + "|" + ",".join(right) + "}"


def normalise(text: str) -> str:
    return normal_text(read_form(text))


# --------------------------------------------------------------------------------------
# Structure: both programs' canonical forms hash-consed into one table.
# --------------------------------------------------------------------------------------


class Interner:
    """Ids of game trees keyed by (sorted left ids, sorted right ids), shared by both
    programs; each program's games are memoised by their printed text."""

    def __init__(self) -> None:
        self.ids: dict = {}
        self.memo: dict = {"sprague": {}, "cgt": {}}

    def _intern(self, left, right) -> int:
        key = (tuple(sorted(set(left))), tuple(sorted(set(right))))
        return self.ids.setdefault(key, len(self.ids))

    def sprague(self, g) -> int:
        memo = self.memo["sprague"]
        text = g.canonical_form
        if text not in memo:
            memo[text] = self._intern(
                [self.sprague(o) for o in g.left_options],
                [self.sprague(o) for o in g.right_options],
            )
        return memo[text]

    def cgt(self, c) -> int:
        memo = self.memo["cgt"]
        text = repr(c)
        if text not in memo:
            memo[text] = self._intern(
                [self.cgt(o) for o in c.left_options],
                [self.cgt(o) for o in c.right_options],
            )
        return memo[text]


# --------------------------------------------------------------------------------------
# Thermographs as functions of t on [-1, ∞).
# --------------------------------------------------------------------------------------

TRAJECTORY = re.compile(r"Trajectory\(([^,\[\]]+), \[([^\]]*)\], \[([^\]]*)\]\)")


def _fractions(text: str) -> list:
    return [Fraction(s.strip()) for s in text.split(",") if s.strip()]


def cgt_walls(c):
    """cgt-py's thermograph: (left wall, right wall) as functions of t, and the mast."""
    found = TRAJECTORY.findall(repr(c.thermograph))
    if len(found) != 2:
        raise Unreadable(f"thermograph {c.thermograph!r}")
    walls = []
    masts = []
    for mast, crits, slopes in found:
        mast = Fraction(mast.strip())
        crits, slopes = _fractions(crits), _fractions(slopes)
        if len(slopes) != len(crits) + 1:
            raise Unreadable(f"trajectory {mast} {crits} {slopes}")
        walls.append((mast, crits, slopes))
        masts.append(mast)

    def function(mast, crits, slopes):
        def value(t: Fraction) -> Fraction:
            if not crits or t >= crits[0]:
                return mast + slopes[0] * (t - crits[0]) if crits else mast
            v = mast
            for k in range(len(crits)):
                lower = crits[k + 1] if k + 1 < len(crits) else None
                if lower is None or t >= lower:
                    return v + slopes[k + 1] * (t - crits[k])
                v = v + slopes[k + 1] * (lower - crits[k])
            raise AssertionError("unreachable")

        return value

    points = [t for _, crits, _ in walls for t in crits]
    return [function(*w) for w in walls], masts, points


def sprague_walls(g):
    th = g.thermograph

    def function(points):
        def value(t: Fraction) -> Fraction:
            if t <= points[0][0]:
                return points[0][1]
            for (t0, v0), (t1, v1) in zip(points, points[1:]):
                if t <= t1:
                    return v0 + (v1 - v0) * (t - t0) / (t1 - t0)
            return points[-1][1]

        return value

    breaks = [t for t, _ in th["left_wall"]] + [t for t, _ in th["right_wall"]]
    return (
        [function(th["left_wall"]), function(th["right_wall"])],
        th["mast"],
        th["temperature"],
        breaks,
    )


def compare_thermographs(g, c) -> list:
    """The differences between the two thermographs (empty when equal)."""
    (sl, sr), mast, temperature, s_points = sprague_walls(g)
    (cl, cr), masts, c_points = cgt_walls(c)
    problems = []
    if any(m != mast for m in masts):
        problems.append(f"mast {mast} vs {masts}")
    ts = sorted({Fraction(-1), *s_points, *c_points} | {temperature})
    ts = [t for t in ts if t >= -1]
    ts.append(ts[-1] + 1)
    probes = set(ts)
    probes.update((a + b) / 2 for a, b in zip(ts, ts[1:]))
    for t in sorted(probes):
        if sl(t) != cl(t):
            problems.append(f"left wall at t={t}: {sl(t)} vs {cl(t)}")
            break
    for t in sorted(probes):
        if sr(t) != cr(t):
            problems.append(f"right wall at t={t}: {sr(t)} vs {cr(t)}")
            break
    return problems


# --------------------------------------------------------------------------------------
# The comparison of one game.
# --------------------------------------------------------------------------------------


class Tally:
    def __init__(self) -> None:
        self.counts: dict = {}
        self.mismatches: list = []
        self.forms: dict = {}
        self.hot: dict = {}

    def add(self, kind: str) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + 1

    def fail(self, kind: str, what: str, detail: str) -> None:
        self.add(f"{kind}: MISMATCH")
        self.mismatches.append(f"{kind} {what}: {detail}")


def check(tally: Tally, interner: Interner, kind: str, what: str, g, c) -> None:
    tally.add(kind)
    s_text, c_text = g.canonical_form, repr(c)
    tally.forms.setdefault(kind, set()).add(s_text)
    if g.temperature > 0:
        tally.hot[kind] = tally.hot.get(kind, 0) + 1
    if interner.sprague(g) != interner.cgt(c):
        tally.fail(kind, what, f"canonical forms differ: sprague {s_text}  cgt-py {c_text}")
        return
    try:
        if normalise(s_text) != normalise(c_text):
            tally.fail(kind, what, f"same game, texts differ after normalising: "
                       f"sprague {s_text}  cgt-py {c_text}")
    except Unreadable as e:
        tally.fail(kind, what, f"the normaliser cannot read: {e}")
    if g.temperature != Fraction(str(c.temperature).split("'")[1]):
        tally.fail(kind, what, f"temperature {g.temperature} vs {c.temperature}")
    stops = (Fraction(repr(c.left_stop).split("'")[1]), Fraction(repr(c.right_stop).split("'")[1]))
    if (g.left_stop, g.right_stop) != stops:
        tally.fail(kind, what, f"stops {(g.left_stop, g.right_stop)} vs {stops}")
    if g.birthday != c.birthday:
        tally.fail(kind, what, f"birthday {g.birthday} vs {c.birthday}")
    problems = compare_thermographs(g, c)
    if problems:
        tally.fail(kind, what, f"thermograph of {s_text}: " + "; ".join(problems))


# --------------------------------------------------------------------------------------
# Random positions and games.
# --------------------------------------------------------------------------------------


def random_board(rng: random.Random) -> str:
    rows, cols = rng.randint(2, 4), rng.randint(2, 5)
    if rng.random() < 0.5:
        rows, cols = cols, rows
    p = rng.choice([0.0, 0.1, 0.15, 0.2, 0.3, 0.5])
    return "|".join(
        "".join("#" if rng.random() < p else "." for _ in range(cols)) for _ in range(rows)
    )


LEAVES = ["0", "1", "-1", "2", "-2", "1/2", "-1/2", "3/4", "*", "*2", "^", "v", "^*",
          "1*", "{1|-1}", "{2|0}", "{0|-1}"]


def random_game(rng: random.Random, depth: int) -> str:
    if depth == 0 or rng.random() < 0.25:
        return rng.choice(LEAVES)
    left = [random_game(rng, depth - 1) for _ in range(rng.randint(0, 3))]
    right = [random_game(rng, depth - 1) for _ in range(rng.randint(0, 3))]
    return "{" + ",".join(left) + "|" + ",".join(right) + "}"


def cgt_value(text: str):
    """A cgt-py `CanonicalForm` (its parser takes nested braces)."""
    return cgt_py.CanonicalForm(text)


# --------------------------------------------------------------------------------------
# The command line, sampled.
# --------------------------------------------------------------------------------------


def cli_json(args: list) -> dict:
    out = subprocess.run([os.environ["SPRAGUE_BIN"], *args, "--format", "json"],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def check_cli(tally: Tally, boards: list, games: list) -> None:
    for board in boards:
        tally.add("command line: analyze domineering")
        record = cli_json(["analyze", "domineering", board])
        g = partizan.domineering(board)
        if record["canonical_form"] != g.canonical_form or \
                Fraction(record["temperature"]) != g.temperature:
            tally.fail("command line", board, f"{record['canonical_form']} vs {g.canonical_form}")
    for text in games:
        tally.add("command line: cgt")
        record = cli_json(["cgt", text])
        g = partizan.game(text)
        th = g.thermograph
        walls = {
            side: [(Fraction(p["t"]), Fraction(p["value"])) for p in record["thermograph"][side]]
            for side in ("left_wall", "right_wall")
        }
        if record["canonical_form"] != g.canonical_form or \
                walls["left_wall"] != th["left_wall"] or walls["right_wall"] != th["right_wall"]:
            tally.fail("command line", text, f"{record['canonical_form']} vs {g.canonical_form}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=2000,
                        help="distinct random Domineering positions (default 2000)")
    parser.add_argument("--games", type=int, default=2000,
                        help="random {…|…} games (default 2000), plus half as many sums")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--cli", type=int, default=30,
                        help="positions and games also checked through the command line")
    args = parser.parse_args()
    print(f"versions: {cgt_py_env.versions()}; seed {args.seed}")
    rng = random.Random(args.seed)
    tally, interner = Tally(), Interner()

    start = time.perf_counter()
    boards: list = []
    seen: set = set()
    while len(boards) < args.positions:
        b = random_board(rng)
        if b not in seen:
            seen.add(b)
            boards.append(b)
    squares = {}
    for b in boards:
        size = "x".join(map(str, (b.count("|") + 1, len(b.split("|")[0]))))
        squares[size] = squares.get(size, 0) + 1
        check(tally, interner, "domineering", b, partizan.domineering(b),
              cgt_py.Domineering(b).canonical_form)
    print(f"domineering: {len(boards)} distinct positions, {len(squares)} board sizes, "
          f"{time.perf_counter() - start:.1f} s")

    start = time.perf_counter()
    texts = [random_game(rng, rng.choice([2, 3, 4])) for _ in range(args.games)]
    pairs = []
    for text in texts:
        g, c = partizan.game(text), cgt_value(text)
        check(tally, interner, "random game", text, g, c)
        pairs.append((text, g, c))
    for k in range(args.games // 2):
        (ta, ga, ca), (tb, gb, cb) = rng.sample(pairs, 2)
        if k % 2 == 0:
            check(tally, interner, "sum", f"{ta} + {tb}", ga + gb, ca + cb)
        else:
            check(tally, interner, "difference", f"{ta} - {tb}", ga - gb, ca - cb)
    print(f"random games, sums, differences: {time.perf_counter() - start:.1f} s")

    check_cli(tally, boards[: args.cli], texts[: args.cli])

    print(f"distinct canonical game trees seen: {len(interner.ids)}")
    width = max(len(k) for k in tally.counts)
    for kind, count in sorted(tally.counts.items()):
        extra = ""
        if kind in tally.forms:
            extra = (f"  ({len(tally.forms[kind])} distinct canonical forms, "
                     f"{tally.hot.get(kind, 0)} hot: temperature > 0)")
        print(f"  {kind:<{width}}  {count}{extra}")
    for line in tally.mismatches[:50]:
        print(f"MISMATCH {line}")
    if len(tally.mismatches) > 50:
        print(f"… and {len(tally.mismatches) - 50} more")
    if tally.mismatches:
        print(f"FAILED: {len(tally.mismatches)} mismatches")
        return 1
    print("OK: every canonical form, text, temperature, stop, birthday and thermograph agrees")
    return 0


if __name__ == "__main__":
    sys.exit(main())
