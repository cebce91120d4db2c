"""Games defined by Python functions (sprague.define) and mixed sums (sprague.sum).

The equivalence tests re-define catalogue games through the Python face and
compare values, outcomes, winning-move sets and (heap games) misère outcomes
with the native games; the mixed sums are checked against a brute-force search
written here; misbehaving definitions must each give one clear error.
"""

import ast
import functools
import itertools
import os
import signal
import threading
import time

import pytest

import sprague


# --- the games, written in Python ---------------------------------------------------


def rows(p):
    """Components of a heap-game position: an int is one heap, a tuple a sum."""
    return [p] if isinstance(p, int) else list(p)


def kayles_options(n):
    return {tuple(sorted((a, n - t - a))) for t in (1, 2) if t <= n for a in range(n - t + 1)}


def dawson_options(n):
    return {tuple(sorted((a, n - 2 - a))) for a in range(n - 1)} if n >= 2 else set()


def grundy_options(n):
    return {(a, n - a) for a in range(1, (n + 1) // 2) if a != n - a}


def wythoff_options(p):
    a, b = p
    out = {(x, b) for x in range(a)} | {(a, y) for y in range(b)}
    out |= {(a - k, b - k) for k in range(1, min(a, b) + 1)}
    return out


def chomp_options(rows_):
    out = set()
    for i, length in enumerate(rows_):
        for j in range(length):
            if i == 0 and j == 0:
                continue  # the poisoned square
            new = tuple(min(l, j) if r >= i else l for r, l in enumerate(rows_))
            out.add(tuple(l for l in new if l > 0))
    return out


def heaps_after(text):
    """A catalogue heap position's text ('1 2+3 0') as a sorted multiset of non-empty heaps."""
    return sorted(int(w) for w in text.replace("+", " ").split() if int(w) > 0)


def defined_heaps_after(text):
    """A defined heap position's text ('(1, 2) 3') as a sorted multiset of non-empty heaps."""
    out = []
    for word in _words(text):
        value = ast.literal_eval(word)
        out.extend(rows(value))
    return sorted(h for h in out if h > 0)


def _words(text):
    """Split a defined position's text into its words (tuples keep their spaces)."""
    words, depth, current = [], 0, ""
    for ch in text:
        if ch == " " and depth == 0:
            if current:
                words.append(current)
            current = ""
            continue
        depth += ch in "([{"
        depth -= ch in ")]}"
        current += ch
    if current:
        words.append(current)
    return words


HEAP_GAMES = [
    ("kayles", kayles_options, 40, 13),
    ("dawsons-kayles", dawson_options, 40, 14),
    ("grundy", grundy_options, 40, 13),
]


@pytest.mark.parametrize("name,options,largest,misere_largest", HEAP_GAMES)
def test_heap_games_match_the_native_games(name, options, largest, misere_largest):
    mine = sprague.define(options, components=rows, name="my-" + name, acyclic=True)
    native = sprague.game(name)
    # Values of single heaps.
    assert mine.values(range(largest + 1)) == sprague.values(name, largest).values
    # Sums of two heaps: value, outcome and the set of winning moves.
    checked = 0
    for a in range(0, 16):
        for b in range(a, 16):
            theirs = native.analyze(native.position(a, b))
            ours = mine.analyze(mine.position((a, b)))
            assert (ours.value, ours.outcome) == (theirs.value, theirs.outcome), (a, b)
            assert sorted(defined_heaps_after(m.to) for m in ours.winning_moves) == sorted(
                heaps_after(m.to) for m in theirs.winning_moves
            ), (a, b)
            checked += 1
    assert checked >= 136
    # Misère outcomes of single heaps and pairs.
    misere_native = sprague.game("misere:" + name)
    misere_mine = mine.misere()
    for a in range(0, misere_largest + 1):
        for b in range(a, misere_largest + 1):
            theirs = misere_native.analyze(misere_native.position(a, b)).outcome
            ours = misere_mine.analyze(misere_mine.position((a, b))).outcome
            assert ours == theirs, ("misère", a, b)


def test_wythoff_matches_the_native_game():
    mine = sprague.define(wythoff_options, name="my-wythoff", acyclic=True)
    native = sprague.game("wythoff")
    positions = [(a, b) for a in range(18) for b in range(18)]
    values = mine.values(positions)
    for (a, b), value in zip(positions, values):
        theirs = native.analyze(native.position(f"{a},{b}"))
        assert value == theirs.value, (a, b)
        ours = mine.analyze((a, b))
        assert ours.outcome == theirs.outcome
        assert sorted(ast.literal_eval(m.to) for m in ours.winning_moves) == sorted(
            tuple(int(x) for x in m.to.split(",")) for m in theirs.winning_moves
        ), (a, b)
    assert len(positions) == 324


def diagrams(rows_, cols):
    """Every Young diagram (row lengths from the poison row up) within rows_ x cols."""
    for count in range(1, rows_ + 1):
        for lengths in itertools.combinations_with_replacement(range(cols, 0, -1), count):
            yield tuple(lengths)


def chomp_diagram(text):
    """A native Chomp diagram's text: row lengths '3,2,1' or a rectangle 'RxC'."""
    if "x" in text:
        r, c = text.split("x")
        return (int(c),) * int(r)
    return tuple(int(x) for x in text.split(","))


def test_chomp_matches_the_native_game():
    mine = sprague.define(chomp_options, name="my-chomp", acyclic=True)
    native = sprague.game("chomp")
    checked = 0
    for diagram in diagrams(5, 5):
        theirs = native.analyze(native.position(",".join(map(str, diagram))))
        ours = mine.analyze(diagram)
        assert ours.outcome == theirs.outcome, diagram
        assert sorted(ast.literal_eval(m.to) for m in ours.winning_moves) == sorted(
            chomp_diagram(m.to) for m in theirs.winning_moves
        ), diagram
        checked += 1
    assert checked >= 250


# --- the face: moves, reply, explain, play, text ------------------------------------


def test_moves_reply_explain_and_play():
    kayles = sprague.define(kayles_options, components=rows, name="k")
    options = kayles.options(5)
    assert len(options) == 5  # (0,4) (1,3) (2,2) (0,3) (1,2)
    assert [o.move.notation for o in options if o.winning] == ["5->(2, 2)"]
    reply = kayles.reply(5)
    assert reply.move.after.components == ["2", "2"]
    assert kayles.value_of("2") == 2
    why = kayles.explain(7)
    assert why[0].startswith("options' values {0, 1, 3, 4, 5}")
    played = kayles.play(5, "(2, 2)")
    assert played.after.text == "2 2"
    with pytest.raises(sprague.IllegalMove):
        kayles.play(5, "(9, 9)")
    # Text reads back: an explored position's text, or a literal.
    assert kayles.position("(1, 3)").components == ["(1, 3)"]
    assert kayles.position("(1,3)").components == ["(1, 3)"]
    assert kayles.explored > 0


def test_strings_and_frozensets_are_positions():
    # Positions as str: delete one letter.
    words = sprague.define(lambda w: {w[:i] + w[i + 1 :] for i in range(len(w))})
    assert words.values(["", "a", "ab", "abc"]) == [0, 1, 0, 1]
    # Positions as frozensets: remove one element.
    sets = sprague.define(lambda s: [s - {x} for x in s])
    assert sets.values([frozenset(range(n)) for n in range(5)]) == [0, 1, 0, 1, 0]


def test_cycles_give_generalized_values_and_draws():
    # a <-> b, b -> c: a is P? a's only move is to b, which moves to c (terminal): b is N.
    graph = {"a": ["b"], "b": ["a", "c"], "c": [], "x": ["y"], "y": ["x"]}
    loopy = sprague.define(lambda v: graph[v], name="loopy")
    assert loopy.values(["c", "b", "a"]) == [0, 1, 0]
    assert loopy.analyze("x").outcome == "D"
    assert loopy.values(["x"])[0].startswith("∞")
    assert loopy.analyze("b").outcome == "N"
    assert loopy.cycle("x") is not None
    reply = loopy.reply("b")
    assert reply.move.after.components == ["'c'"]


def test_every_sg_of_a_defined_game_matches_the_catalogue():
    bash = sprague.define(lambda n: [n - k for k in (1, 2) if k <= n], name="take-1-2")
    every = bash.every_sg()
    native = sprague.game("every:bash:2")
    for a in range(8):
        for b in range(8):
            assert every.analyze(every.position(a, b)).outcome == native.analyze(native.position(a, b)).outcome


# --- mixed sums against brute force -------------------------------------------------

SUBTRACT = (1, 3, 4)


def brute_wins(sub_heaps, nim_heaps, misere):
    @functools.lru_cache(maxsize=None)
    def wins(subs, nims):
        moves = []
        for i, h in enumerate(subs):
            for k in SUBTRACT:
                if k <= h:
                    moves.append((tuple(sorted(subs[:i] + (h - k,) + subs[i + 1 :])), nims))
        for i, h in enumerate(nims):
            for left in range(h):
                moves.append((subs, tuple(sorted(nims[:i] + (left,) + nims[i + 1 :]))))
        if not moves:
            return misere
        return any(not wins(*m) for m in moves)

    return wins(tuple(sorted(sub_heaps)), tuple(sorted(nim_heaps)))


def test_mixed_sums_match_brute_force():
    mine = sprague.define(lambda n: [n - k for k in SUBTRACT if k <= n], name="sub134")
    total = mine + sprague.game("nim")
    assert isinstance(total, sprague.SumGame)
    misere = total.misere()
    for a in range(9):
        for b in range(5):
            for c in range(4):
                position = total.position(a, f"{b} {c}")
                ours = total.analyze(position)
                assert (ours.outcome == "N") == brute_wins([a], [b, c], False), (a, b, c)
                for move in ours.winning_moves:
                    left, right = move.to.split(" + ")
                    assert not brute_wins([int(left)], [int(w) for w in right.split()], False)
                assert (misere.analyze(position).outcome == "N") == brute_wins([a], [b, c], True), (a, b, c)
    # Text with the parts separated by ' + ', and moves in either part.
    position = total.position("5 + 2 3")
    assert position.components == ["5", "+", "2", "3"]
    assert len(total.moves(position)) == 3 + 2 + 3  # 5 -> 4, 2, 1; nim 2 and 3
    assert sprague.sum("kayles", "wythoff").analyze("3 + 1,2").value == 3


def test_sum_of_two_defined_games_and_top_level_functions():
    mine = sprague.define(lambda n: [n - k for k in SUBTRACT if k <= n], name="sub134")
    two = sprague.sum(mine, mine)
    assert two.analyze(two.position(2, 2)).value == 0
    assert sprague.values(mine, 10).values == [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1]
    assert sprague.analyze(mine, 2).value == 0


# --- misbehaving definitions: one clear error each, never a crash -------------------


def test_an_exception_in_options_propagates_with_its_traceback():
    def options(n):
        if n == 3:
            raise ZeroDivisionError("user bug at 3")
        return [n - 1] if n else []

    game = sprague.define(options)
    with pytest.raises(ZeroDivisionError, match="user bug at 3") as caught:
        game.values([5])
    assert "options" in [frame.name for frame in caught.traceback]
    assert game.values([2]) == [0]  # the game still answers what it can


@pytest.mark.parametrize(
    "options,message",
    [
        (lambda n: [[n - 1]] if n else [], "not hashable"),
        (lambda n: 5, "not an iterable"),
        (lambda n: None, "not an iterable"),
        (lambda n: "abc", "text"),
        (lambda n: itertools.count(), "more than 1000000"),
        (lambda n: range(10**7), "more than 1000000"),
    ],
    ids=["unhashable", "int", "none", "str", "endless", "ten-million"],
)
def test_options_returning_garbage(options, message):
    game = sprague.define(options)
    with pytest.raises(sprague.Error, match=message):
        game.analyze(3)


def test_a_cycle_in_a_game_declared_acyclic_is_named():
    game = sprague.define(lambda n: [(n + 1) % 3], acyclic=True)
    with pytest.raises(sprague.Error, match=r"declared acyclic.*0 → 1 → 2 → 0"):
        game.analyze(0)


def test_huge_reachable_sets_stop_at_the_limit():
    game = sprague.define(lambda n: [n + 1], limit=5000)
    with pytest.raises(sprague.TooLarge, match="more than 5000 positions"):
        game.values([0])


def test_endless_recursion_in_options_propagates():
    def options(n):
        return options(n + 1)

    with pytest.raises(RecursionError):
        sprague.define(options).values([0])


def test_parse_and_format_that_raise_or_disagree():
    def bad_parse(text):
        raise ValueError("cannot parse " + text)

    with pytest.raises(ValueError, match="cannot parse"):
        sprague.define(lambda n: [], parse=bad_parse).position("7")
    with pytest.raises(sprague.Error, match="not a str"):
        sprague.define(lambda n: [], format=lambda n: n).values([1])
    with pytest.raises(sprague.Error, match="same text"):
        sprague.define(lambda n: [n - 1] if n else [], format=lambda n: "x").values([3])
    with pytest.raises(sprague.Error, match="disagree"):
        sprague.define(lambda n: [], format=lambda n: f"heap{n}").position("3")
    with pytest.raises(sprague.Error, match="non-empty"):
        sprague.define(lambda n: [], format=lambda n: "").values([1])


def test_components_returning_garbage():
    with pytest.raises(sprague.Error, match="not an iterable"):
        sprague.define(lambda n: [], components=lambda p: 7).values([1])
    nested = sprague.define(lambda n: [], components=lambda p: [p] if p == 0 else [p - 1, 0])
    with pytest.raises(sprague.Error, match="split"):
        nested.values([2])


def test_describe_returning_garbage_and_reentrant_queries():
    with pytest.raises(sprague.Error, match="not a str"):
        sprague.define(lambda n: [n - 1] if n else [], describe=lambda p, q: 3).values([2])
    holder = {}

    def options(n):
        return [holder["game"].values([0])[0]] if n else []

    holder["game"] = sprague.define(options)
    with pytest.raises(sprague.Error, match="being explored"):
        holder["game"].values([1])
    with pytest.raises(sprague.Error, match="must be a function"):
        sprague.define(42)


def test_ctrl_c_stops_a_long_exploration():
    game = sprague.define(lambda n: [n + 1], limit=10**9)
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            game.values([0])
    finally:
        timer.cancel()
    assert time.monotonic() - start < 2.3
    # The interpreter and the module go on.
    assert sprague.define(lambda n: [n - 1] if n else []).values([4]) == [0]
