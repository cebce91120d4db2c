"""Partizan games defined in Python (sprague.partizan.define), Ctrl-C during partizan
work, and the notebook display of game values.

The rulesets are written again here from their rules (Winning Ways, 2nd ed.: Domineering
ch. 5, Toads and Frogs ch. 1, Blue-Red Hackenbush ch. 1-2, Cutcake ch. 2) and compared
position by position with the library's own rulesets — values, outcomes and the sets of
winning moves — on random positions; Cutcake is checked against its closed form from
Winning Ways ch. 2, written in this file.
"""

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
import xml.etree.ElementTree as ElementTree
from fractions import Fraction

import pytest

import sprague
from sprague import partizan


# --- the rulesets, written in Python from their rules ---------------------------------


def domineering_moves(vertical):
    """Domineering on a board written as rows of '.' and '#' joined by '|': Left places
    vertical dominoes, Right horizontal ones."""

    def options(board):
        rows = [list(r) for r in board.split("|")]
        out = []
        for r in range(len(rows)):
            for c in range(len(rows[r])):
                r2, c2 = (r + 1, c) if vertical else (r, c + 1)
                if r2 < len(rows) and c2 < len(rows[r]) and rows[r][c] == "." and rows[r2][c2] == ".":
                    after = [row[:] for row in rows]
                    after[r][c] = after[r2][c2] = "#"
                    out.append("|".join("".join(row) for row in after))
        return out

    return options


def toads_options(piece):
    """Toads and Frogs: a toad 'T' (Left) moves right into an empty square or jumps one
    frog into the empty square behind it; a frog 'F' (Right) moves left likewise."""
    step, other = (1, "F") if piece == "T" else (-1, "T")

    def options(strip):
        out = []
        for i, square in enumerate(strip):
            if square != piece:
                continue
            slide, jump = i + step, i + 2 * step
            if 0 <= slide < len(strip) and strip[slide] == ".":
                to = slide
            elif 0 <= jump < len(strip) and strip[slide] == other and strip[jump] == ".":
                to = jump
            else:
                continue
            cells = list(strip)
            cells[i], cells[to] = ".", piece
            out.append("".join(cells))
        return out

    return options


def hackenbush_cut(colour):
    """A Blue-Red Hackenbush string from the ground up: cutting edge i removes it and
    everything above it."""
    return lambda s: [s[:i] for i, c in enumerate(s) if c == colour]


def random_board(rng, rows, cols):
    return "|".join("".join(rng.choice("...#") for _ in range(cols)) for _ in range(rows))


# --- the rulesets agree with the library's ----------------------------------------------


DOMINEERING = partizan.define(domineering_moves(True), domineering_moves(False), name="domineering in Python")
TOADS = partizan.define(toads_options("T"), toads_options("F"), name="toads and frogs in Python")
HACKENBUSH = partizan.define(hackenbush_cut("B"), hackenbush_cut("R"), name="hackenbush strings in Python")


def winning(record, side):
    return sorted((m["to"], m["value"]) for m in record[f"{side}_winning_moves"])


def test_domineering_defined_in_python_agrees_with_the_ruleset():
    rng = random.Random(27)
    boards = ["..|..", ".|.", "...|...", "....|....|....", "....|....|....|...."]
    boards += [random_board(rng, rng.randint(1, 4), rng.randint(1, 4)) for _ in range(40)]
    for board in boards:
        ours = DOMINEERING.analyze(board)
        theirs = partizan.analyze("domineering", board)
        assert DOMINEERING.value(board) == partizan.domineering(board), board
        for key in ("canonical_form", "outcome", "mean", "temperature", "left_moves", "right_moves"):
            assert ours[key] == theirs[key], (board, key)
        for side in ("left", "right"):
            assert winning(ours, side) == winning(theirs, side), (board, side)
    # The 2x2 square is ±1 and a column of two 1 (Winning Ways ch. 5).
    assert DOMINEERING.value("..|..") == partizan.game("±1")
    assert DOMINEERING.value(".|.") == 1


def test_toads_and_frogs_defined_in_python_agrees_with_the_ruleset():
    rng = random.Random(5)
    strips = ["T.F", "TT..FF", "T..F", "TF.TF", "TTT...FFF"[:7]]
    strips += ["".join(rng.choice("TF..") for _ in range(rng.randint(2, 9))) for _ in range(40)]
    for strip in strips:
        ours = TOADS.analyze(strip)
        theirs = partizan.analyze("toads-and-frogs", strip)
        assert ours["canonical_form"] == theirs["canonical_form"], strip
        assert ours["outcome"] == theirs["outcome"], strip
        for side in ("left", "right"):
            assert winning(ours, side) == winning(theirs, side), (strip, side)


def test_hackenbush_strings_and_their_sums():
    rng = random.Random(11)
    for _ in range(40):
        strings = ["".join(rng.choice("BR") for _ in range(rng.randint(1, 7))) for _ in range(rng.randint(1, 3))]
        ours = HACKENBUSH.value(*strings)
        assert ours == partizan.hackenbush(" ".join(strings)), strings
        record = HACKENBUSH.analyze(*strings)
        assert record["canonical_form"] == ours.canonical_form
        # A sum's moves are moves in one part; each winning move leaves a value the mover
        # wins moving second, and it is the value of the parts after it.
        for side in ("left", "right"):
            for move in record[f"{side}_winning_moves"]:
                after = partizan.game(move["value"])
                assert (after >= 0) if side == "left" else (after <= 0)
                to = move["to"] if len(strings) > 1 else (move["to"],)
                assert HACKENBUSH.value(*to) == after
    # Sign expansion (Winning Ways ch. 2): BRB = 1 - 1/2 + 1/4 = 3/4, BBR = 3/2, and BR + RB = 0.
    assert HACKENBUSH.value("BRB") == partizan.game("3/4")
    assert HACKENBUSH.value("BBR") == partizan.game("3/2")
    assert HACKENBUSH.outcome("BR", "RB") == "P"
    # Numbers are Fractions: 3/4 exactly, and a Fraction is read as the number it is.
    assert HACKENBUSH.value("BRB").number == Fraction(3, 4)
    assert HACKENBUSH.value("BRB") == Fraction(3, 4) and HACKENBUSH.value("BRB") + Fraction(1, 4) == 1
    assert partizan.game("*").number is None
    with pytest.raises(sprague.InvalidInput):
        partizan.game("0") + Fraction(1, 3)  # not dyadic: no short game


def cutcake_closed_form(width, height):
    """Winning Ways ch. 2: Left cuts vertically (splitting the width), Right horizontally.
    With a = floor(log2 width), b = floor(log2 height): the value is floor(width / 2^b) - 1
    when a > b, -(floor(height / 2^a) - 1) when b > a, and 0 when a = b."""
    a, b = width.bit_length() - 1, height.bit_length() - 1
    if a > b:
        return (width >> b) - 1
    if b > a:
        return -((height >> a) - 1)
    return 0


def cutcake_options(vertical):
    def options(cakes):
        out = set()
        for k, (w, h) in enumerate(cakes):
            rest = cakes[:k] + cakes[k + 1:]
            size = w if vertical else h
            for cut in range(1, size):
                pieces = [(cut, h), (w - cut, h)] if vertical else [(w, cut), (w, h - cut)]
                # 1x1 pieces have no move for anyone: they are 0 and left out.
                kept = [p for p in pieces if p != (1, 1)]
                out.add(tuple(sorted(rest + tuple(kept))))
        return out

    return options


def test_cutcake_values_are_the_closed_form_of_winning_ways():
    cutcake = partizan.define(cutcake_options(True), cutcake_options(False), name="cutcake")
    for width in range(1, 7):
        for height in range(1, 7):
            if width * height > 24:
                continue
            value = cutcake.value(((width, height),))
            assert value == cutcake_closed_form(width, height), (width, height, value)
            assert value.number == cutcake_closed_form(width, height)


class HackenbushStrings:
    """The same strings as a class: the methods define the game."""

    name = "strings as a class"

    def left_options(self, s):
        return hackenbush_cut("B")(s)

    def right_options(self, s):
        return hackenbush_cut("R")(s)

    def describe(self, s, t):
        return f"cut {s[len(t)]} at height {len(t) + 1}"


def test_a_class_with_the_two_methods_defines_a_game():
    game = partizan.define(HackenbushStrings())
    assert game.name == "strings as a class"
    assert game.value("BRB") == HACKENBUSH.value("BRB") == partizan.game("3/4")
    assert game.analyze("BR")["left_winning_moves"][0]["description"] == "cut B at height 1"
    one_sentence(sprague.Error, lambda: partizan.define(object()), "is not a partizan game")


def test_sums_with_the_builtin_rulesets_and_replies():
    # ±1 (Domineering 2x2) + * (T.F) + 1/2 (Hackenbush BR) is {3/2*|-1/2*}, first player wins.
    total = DOMINEERING.value("..|..") + partizan.toads_and_frogs("T.F") + HACKENBUSH.value("BR")
    assert total == partizan.game("{1|-1} + * + 1/2")
    assert total.outcome == "N"
    assert partizan.sum(DOMINEERING.value("..|.."), "*", "1/2") == total
    # The reply takes a winning move when there is one (each side's first move wins ±1).
    for side in ("left", "right"):
        chosen = DOMINEERING.reply("..|..", side=side)
        assert chosen["winning"]
        record = DOMINEERING.analyze("..|..")
        assert chosen["to"] in [m["to"] for m in record[f"{side}_winning_moves"]]
        assert chosen["value"] == (1 if side == "left" else -1)
    # In BRB + R Right wins (3/4 - 1 < 0); Left has no winning move, so its reply is the
    # best it has, not winning; in a finished position nobody has a move.
    left = HACKENBUSH.reply("BRB", "R", side="left")
    assert left is not None and not left["winning"] and left["component"] in (0, 1)
    assert HACKENBUSH.reply("", side="right") is None
    assert HACKENBUSH.options("BRB") == (["", "BR"], ["B"])


def test_describe_words_the_moves():
    game = partizan.define(
        hackenbush_cut("B"), hackenbush_cut("R"), name="strings",
        describe=lambda s, t: f"cut edge {len(t) + 1} of {s}")
    record = game.analyze("BR")
    assert record["left_winning_moves"] == [{"move": "#1", "description": "cut edge 1 of BR", "to": "", "value": "0"}]
    assert game.reply("BR", side="right")["description"] == "cut edge 2 of BR"
    silent = partizan.define(hackenbush_cut("B"), hackenbush_cut("R"), describe=lambda s, t: 7)
    one_sentence(sprague.Error, lambda: silent.analyze("B"), r"describe\('B', ''\) returned 7, not a str")


# --- bad definitions give one clear error ---------------------------------------------


def one_sentence(error_type, function, match):
    with pytest.raises(error_type, match=match) as caught:
        function()
    assert "\n" not in str(caught.value)
    return caught


def test_exceptions_of_the_functions_propagate_with_their_traceback():
    def left(n):
        if n == 3:
            raise ZeroDivisionError("no moves from 3")
        return [n + 1]

    game = partizan.define(left, lambda n: [], name="raising")
    with pytest.raises(ZeroDivisionError, match="no moves from 3") as caught:
        game.value(0)
    assert any(entry.name == "left" for entry in caught.traceback)
    # What was explored before an exception stays, and a later question explores the rest:
    # here right_options(2) fails once, after 0, 1 and 4 were explored.
    failed = set()

    def right(n):
        if n == 2 and not failed:
            failed.add(n)
            raise RuntimeError("once")
        return [n - 2] if n >= 2 else []

    flaky = partizan.define(lambda n: [n - 1] if n else [], right, name="flaky")
    with pytest.raises(RuntimeError):
        flaky.value(4)
    steady = partizan.define(lambda n: [n - 1] if n else [], lambda n: [n - 2] if n >= 2 else [])
    assert flaky.value(4) == steady.value(4)
    assert [flaky.value(n) for n in range(6)] == [steady.value(n) for n in range(6)]


def test_garbage_is_one_sprague_error():
    one_sentence(sprague.Error, lambda: partizan.define(lambda p: None, lambda p: []).value(0),
                 r"left_options\(0\) returned None, which is not an iterable")
    one_sentence(sprague.Error, lambda: partizan.define(lambda p: [], lambda p: "ab").value(0),
                 r"right_options\(0\) returned the text")
    one_sentence(sprague.Error, lambda: partizan.define(lambda p: [[1]], lambda p: []).value(0),
                 r"left_options\(0\) gave \[1\], which is not hashable")
    one_sentence(sprague.Error, lambda: partizan.define(3, lambda p: []), "left_options must be a function")
    one_sentence(sprague.Error, lambda: partizan.define(lambda p: [], lambda p: [], limit=0), "limit must be at least 1")
    one_sentence(sprague.Error, lambda: HACKENBUSH.analyze(), "give a position")


def test_the_exploration_limit():
    chain = partizan.define(lambda n: [n + 1] if n < 10**6 else [], lambda n: [], name="long chain", limit=1000)
    caught = one_sentence(sprague.TooLarge, lambda: chain.value(0), "long chain reaches more than 1000 positions")
    assert "limit=" in str(caught.value)


def test_a_cycle_is_named():
    loopy = partizan.define(lambda n: [(n + 1) % 3], lambda n: [0] if n == 2 else [], name="loopy")
    caught = one_sentence(sprague.Error, lambda: loopy.value(0), "loopy has a cycle of moves")
    assert "0 →(Left) 1 →(Left) 2" in str(caught.value)


def test_a_function_asking_the_game_itself_is_refused():
    holder = {}
    game = partizan.define(lambda n: [holder["game"].value(n - 1)] if n else [], lambda n: [])
    holder["game"] = game
    one_sentence(sprague.Error, lambda: game.value(2), "is being explored already")


def test_a_long_chain_is_valued_without_deep_recursion():
    # 200,000 positions in a row: Left's moves only, so the value of n is the integer n.
    chain = partizan.define(lambda n: [n - 1] if n else [], lambda n: [], name="chain")
    assert chain.value(200_000) == 200_000
    assert chain.explored == 200_001


# --- notebook display -----------------------------------------------------------------


def test_values_show_as_html_with_their_facts():
    g = partizan.game("{2|-1}")
    shown = g._repr_html_()
    assert "<code>{2|-1}</code>" in shown
    # {2|-1}: first player wins, mean 1/2, temperature 3/2 (Winning Ways ch. 6).
    assert "N — the first player wins" in shown and "1/2" in shown and "3/2" in shown
    assert "&lt;" not in partizan.game("^")._repr_html_()
    assert "atomic weight" in partizan.game("^^*")._repr_html_()


def test_thermographs_show_as_svg_with_their_walls():
    g = partizan.game("{2|-1}")
    th = g.thermograph
    # {2|-1}: mast 1/2 from temperature 3/2 (Winning Ways ch. 6); below t = 0 each wall
    # leaves its stop (2 and -1) at slope 1, so at t = -1 they are at 3 and -2.
    assert (th["mast"], th["temperature"]) == (Fraction(1, 2), Fraction(3, 2))
    assert th["left_wall"][0] == (-1, 3) and th["right_wall"][0] == (-1, -2)
    svg = th._repr_svg_()
    root = ElementTree.fromstring(svg)
    assert root.tag.endswith("svg")
    strokes = [e.get("stroke") for e in root.iter() if e.tag.endswith("polyline")]
    assert "#0000FF" in strokes and "#FF0000" in strokes and "#000000" in strokes
    texts = "".join(e.text or "" for e in root.iter() if e.tag.endswith("text"))
    assert "left wall" in texts and "right wall" in texts and "mast 1/2 from t = 3/2" in texts
    # The same picture the command line draws.
    assert "Thermograph of {2|-1}" in texts


# --- threads and Ctrl-C ---


def test_partizan_work_releases_the_gil():
    import threading

    done = threading.Event()

    def work():
        partizan.domineering("|".join(["....."] * 5))  # about 0.6 s and more in a test build
        done.set()

    worker = threading.Thread(target=work)
    started = time.monotonic()
    worker.start()
    ticks = 0
    while not done.is_set() and time.monotonic() - started < 60:
        ticks += 1
        time.sleep(0.001)
    worker.join()
    # The loop ran while the board was solved: the GIL was free (held, it would run once).
    assert ticks > 20, ticks


# --- Ctrl-C -----------------------------------------------------------------------------


INTERRUPTED = textwrap.dedent(
    """
    import signal, sys, time
    signal.signal(signal.SIGINT, signal.default_int_handler)
    from sprague import partizan
    before = partizan.game("{1|-1} + {2|-2} + ^")
    print("ready", flush=True)
    try:
        WORK
        print("finished", flush=True)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    # The store answers as before: the games made before, and new work.
    print(before.canonical_form, flush=True)
    print(partizan.game(" + ".join("{%d|-%d}" % (k, k) for k in range(1, 7))).canonical_form, flush=True)
    print(partizan.domineering("...|...").canonical_form, flush=True)
    """
)


@pytest.mark.parametrize(
    "work",
    [
        # A sum of hot games {3k | {k | -k}}, k = 1..18, read in CGSuite's syntax (the sums
        # run on the parser's thread): 14 of them take 5 s, each more about three times longer.
        'partizan.game(" + ".join("{%d|{%d|%d}}" % (3 * k, k, -k) for k in range(1, 19)))',
        # The text of ±1 + ... + ±30: the sum is quick (hash-consed), its text is 2^30 long.
        'partizan.sum(*["{%d|-%d}" % (k, k) for k in range(1, 31)]).canonical_form',
        # Domineering 5x6: 391,459 regions, 20 s in the optimised test build.
        'partizan.domineering("|".join(["......"] * 5))',
        # A defined game's positions valued in the store, the value of their sum asked: the
        # same hot games, each the position ("hot", k).
        'partizan.define(lambda p: [("n", 3 * p[1]) if p[0] == "hot" else ("n", p[1])] if p[0] != "n" else [("n", p[1] - 1)] if p[1] > 0 else [], '
        'lambda p: [("switch", p[1]) if p[0] == "hot" else ("n", -p[1])] if p[0] != "n" else [("n", p[1] + 1)] if p[1] < 0 else [], '
        'name="hot games").value(*[("hot", k) for k in range(1, 19)])',
    ],
)
def test_ctrl_c_stops_partizan_work_within_two_seconds(work):
    child = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED.replace("WORK", work)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "ready"
        time.sleep(0.5)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        first = child.stdout.readline().strip()
        took = time.monotonic() - sent
        # Read through the same buffered pipe as the lines above (communicate would read
        # the raw pipe and miss what readline has buffered).
        rest = child.stdout.read()
        errors = child.stderr.read()
        child.wait(timeout=60)
    finally:
        child.kill()
    assert first == "interrupted", (first, errors)
    assert took < 2.0, took
    expected = [
        partizan.game("{1|-1} + {2|-2} + ^").canonical_form,
        partizan.game(" + ".join("{%d|-%d}" % (k, k) for k in range(1, 7))).canonical_form,
        partizan.domineering("...|...").canonical_form,
    ]
    assert rest.split("\n")[:3] == expected, (rest, errors)


def test_the_examples_in_the_docstrings_run():
    import doctest

    assert doctest.testmod(partizan).failed == 0
