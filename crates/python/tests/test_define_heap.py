"""sprague.define_heap: heap games given by a Python options(n).

Each game is written here from its rule, in Python, and compared with the
native catalogue game (values, outcomes, winning moves, misère outcomes,
misère quotients); the periods are checked against the published ones
(Kayles 12 from 71, Dawson's Kayles 34 from 53: Winning Ways ch. 4;
Guy & Smith 1956), and every bad input is one clear error.
"""

import _thread
import itertools
import random
import threading
import time

import pytest

import sprague


# --- The games, written from their rules -------------------------------------


def kayles(n):
    """Knock down one pin or two adjacent pins of a row of n (octal 0.77)."""
    return [(a, n - t - a) for t in (1, 2) if t <= n for a in range((n - t) // 2 + 1)]


def dawsons_kayles(n):
    """Remove two adjacent pins (octal 0.07): the rest may be 0, 1 or 2 rows."""
    return [(a, n - 2 - a) for a in range((n - 2) // 2 + 1)] if n >= 2 else []


def grundys_game(n):
    """Split a heap into two unequal non-empty heaps."""
    return [(a, n - a) for a in range(1, (n + 1) // 2) if 2 * a != n]


def subtraction_134(n):
    """Take 1, 3 or 4 tokens (bare ints: one heap left)."""
    return [n - s for s in (1, 3, 4) if s <= n]


GAMES = [
    ("kayles", kayles, 2000),
    ("dawsons-kayles", dawsons_kayles, 2000),
    ("grundy", grundys_game, 1500),
    ("subtraction:1,3,4", subtraction_134, 5000),
]


def memoised_values(options, to):
    """A plain mex over the same function, as a user would write it."""
    g = []
    for n in range(to + 1):
        seen = set()
        for option in options(n):
            parts = (option,) if isinstance(option, int) else option
            x = 0
            for part in parts:
                x ^= g[part]
            seen.add(x)
        m = 0
        while m in seen:
            m += 1
        g.append(m)
    return g


def positions(count, largest, heaps=4, seed=1):
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        out.append([rng.randint(1, largest) for _ in range(rng.randint(1, heaps))])
    return out


# --- Identical to the native games --------------------------------------------


@pytest.mark.parametrize("native, options, to", GAMES)
def test_values_are_the_native_games(native, options, to):
    defined = sprague.define_heap(options, name=native.split(":")[0])
    mine = defined.values(to)
    assert mine.values == sprague.values(native, to).values
    # and an independent computation: the plain mex written above
    assert mine.values[:300] == memoised_values(options, 299)


@pytest.mark.parametrize("native, options, to", GAMES)
def test_outcomes_and_winning_moves_are_the_native_games(native, options, to):
    defined = sprague.define_heap(options)
    reference = sprague.game(native)
    for heaps in positions(200, 40):
        mine = defined.analyze(defined.position(*heaps))
        theirs = reference.analyze(reference.position(*heaps))
        assert (mine.outcome, mine.value) == (theirs.outcome, theirs.value), heaps
        assert {m.to for m in mine.winning_moves} == {m.to for m in theirs.winning_moves}, heaps
    for heaps in positions(30, 25, seed=2):
        mine = {(o.move.after.text, o.winning) for o in defined.options(heaps)}
        theirs = {(o.move.after.text, o.winning) for o in reference.options(heaps)}
        assert mine == theirs, heaps


@pytest.mark.parametrize("native, options, to", GAMES)
def test_misere_outcomes_are_the_native_games(native, options, to):
    defined = sprague.define_heap(options).misere()
    reference = sprague.game("misere:" + native)
    for heaps in positions(150, 12, heaps=3, seed=3):
        mine = defined.analyze(defined.position(*heaps))
        theirs = reference.analyze(reference.position(*heaps))
        assert mine.outcome == theirs.outcome, heaps


def test_every_sg_outcomes_are_the_native_games():
    defined = sprague.define_heap(subtraction_134).every_sg()
    reference = sprague.game("every:subtraction:1,3,4")
    for heaps in positions(100, 30, heaps=3, seed=4):
        words = [str(h) for h in heaps]
        assert defined.analyze(words).outcome == reference.analyze(words).outcome, heaps


def test_replies_explanations_and_play_work():
    game = sprague.define_heap(kayles, name="kayles")
    position = game.position(5)
    assert game.explain(position)[0].startswith("options' values {0, 1, 2, 3}")
    reply = game.reply(position)
    assert reply.move.after.text == "2 2"
    assert game.play(position, "5->2+2").after.text == "2 2"
    with pytest.raises(sprague.IllegalMove):
        game.play(position, "5->5")


QUOTIENT_KEYS = ("order", "elements", "relations", "p_portion", "heaps", "generators", "growth")


@pytest.mark.parametrize(
    "native, options, code",
    [("kayles", kayles, "0.77"), ("dawsons-kayles", dawsons_kayles, "0.07")],
)
def test_quotients_are_the_native_games(native, options, code):
    theirs = sprague.quotient(native, 20)
    for rule in (None, code):
        mine = sprague.define_heap(options, rule=rule).quotient(20)
        for key in QUOTIENT_KEYS:
            assert mine[key] == theirs[key], (rule, key)
        assert mine["proven"] is False and mine["heaps_computed"] == 20


def test_a_declared_code_gives_the_proven_quotient():
    # Misère Kayles: order 40, proven periodic at heap 167 (Plambeck-Siegel).
    theirs = sprague.quotient("kayles", 200)
    mine = sprague.define_heap(kayles, rule="kayles").quotient(200)
    assert (mine["order"], mine["proven"]) == (40, True)
    assert mine["proof"] == theirs["proof"]
    assert mine["p_portion"] == theirs["p_portion"]
    assert mine["relations"] == theirs["relations"]


def test_an_undeclared_quotient_is_not_claimed_proven():
    q = sprague.define_heap(subtraction_134).quotient(30)
    assert q["proven"] is False and q["proof"] is None
    assert q["heaps_computed"] == 30


# --- Periods -----------------------------------------------------------------


def test_periods_are_observed_without_a_rule():
    v = sprague.define_heap(kayles).values(1000)
    assert (v.period, v.preperiod, v.proven, v.theorem) == (12, 71, False, None)
    v = sprague.define_heap(dawsons_kayles).values(1000)
    assert (v.period, v.preperiod, v.proven, v.theorem) == (34, 53, False, None)
    assert "observed" in v.method


@pytest.mark.parametrize(
    "options, rule, period, preperiod",
    [(kayles, "0.77", 12, 71), (dawsons_kayles, "dawsons-kayles", 34, 53), (subtraction_134, "subtraction:1,3,4", 7, 0)],
)
def test_periods_are_proven_with_a_declared_rule(options, rule, period, preperiod):
    game = sprague.define_heap(options, rule=rule)
    v = game.values(100_000)
    assert (v.period, v.preperiod, v.proven) == (period, preperiod, True)
    assert v.theorem
    # the values past the heaps computed come from the proven period
    assert v.computed < 5000 and game.tabulated < 5000
    assert v.values == sprague.values(rule, 100_000).values


def test_a_python_defined_game_to_ten_to_the_fifth():
    game = sprague.define_heap(subtraction_134, name="s134")
    v = game.values(100_000)
    assert v.computed == 100_001
    assert (v.period, v.preperiod, v.proven) == (7, 0, False)
    assert v.values == sprague.values("subtraction:1,3,4", 100_000).values


def test_the_table_grows_on_demand_and_asks_each_heap_once():
    asked = []

    def counted(n):
        asked.append(n)
        return kayles(n)

    game = sprague.define_heap(counted)
    game.analyze(game.position(3, 4))
    assert asked == [0, 1, 2, 3, 4]
    game.analyze(game.position(6))
    game.values(6)
    assert asked == list(range(7))
    assert game.options_of(4) == [(1, 1), (1, 2), (2,), (3,)]


def test_the_examples_of_the_documentation_hold():
    import doctest

    import sprague._define_heap as module

    assert doctest.testmod(module).failed == 0


# --- Bad inputs: one clear error each -----------------------------------------


def test_an_exception_in_options_names_the_heap_and_is_chained():
    def broken(n):
        if n == 7:
            raise ValueError("no seven")
        return kayles(n)

    game = sprague.define_heap(broken)
    # The user's own exception, with its traceback (the note names the heap where supported).
    with pytest.raises(ValueError, match="no seven") as info:
        game.values(20)
    if hasattr(info.value, "__notes__"):
        assert "options(7)" in info.value.__notes__[0]
    # the heaps before stay usable
    assert game.analyze(game.position(6)).value == 3


def test_a_heap_the_function_cannot_handle():
    table = [kayles(n) for n in range(50)]
    game = sprague.define_heap(lambda n: table[n])
    assert game.analyze(game.position(49)).outcome in ("N", "P")
    with pytest.raises(IndexError) as info:
        game.analyze(game.position(60))
    if hasattr(info.value, "__notes__"):
        assert "options(50)" in info.value.__notes__[0]


@pytest.mark.parametrize(
    "options, pattern",
    [
        (lambda n: [(n - 1, -1)] if n else [], r"options\(1\) gave the option \(0, -1\), which leaves a heap of -1: .*non-negative"),
        (lambda n: [(n,)] if n == 3 else [], r"options\(3\) gave the option \(3,\), which leaves a heap of 3; every heap .* smaller than 3"),
        (lambda n: [n] if n == 2 else [], r"options\(2\) gave the option 2, which leaves a heap of 2"),
        (lambda n: [(1.5,)] if n == 2 else [], r"options\(2\) gave the option \(1.5,\), whose part 1.5 is not a heap size"),
        (lambda n: [(True,)] if n == 2 else [], r"whose part True is not a heap size"),
        (lambda n: ["1"] if n == 2 else [], r"options\(2\) gave '1', which is not an option"),
        (lambda n: 5, r"options\(0\) returned 5 \(int\), not an iterable"),
        (lambda n: None, r"options\(0\) returned None \(NoneType\), not an iterable"),
        (lambda n: [(2**70,)] if n == 2 else [], r"far too large"),
    ],
)
def test_bad_options_are_one_clear_error(options, pattern):
    game = sprague.define_heap(options)
    with pytest.raises(sprague.InvalidInput, match=pattern):
        game.values(5)


def test_huge_option_lists_are_refused():
    game = sprague.define_heap(lambda n: itertools.repeat((), 2**22 + 1) if n == 1 else [])
    started = time.monotonic()
    with pytest.raises(sprague.TooLarge, match=r"options\(1\) gave more than 4194304 options"):
        game.values(3)
    assert time.monotonic() - started < 30


def test_not_a_function_and_bad_rules():
    with pytest.raises(sprague.InvalidInput, match="needs a function options"):
        sprague.define_heap(5)
    with pytest.raises(sprague.UnknownGame):
        sprague.define_heap(kayles, rule="no-such-game")
    with pytest.raises(sprague.InvalidInput, match="rule must be a one-heap game"):
        sprague.define_heap(kayles, rule="chomp")
    with pytest.raises(sprague.InvalidInput, match="name must be one word"):
        sprague.define_heap(kayles, name="two words")


def test_a_rule_that_is_not_the_function_names_the_first_heap_that_differs():
    def almost_kayles(n):
        return kayles(n) + ([(1, 1, 1)] if n == 9 else [])

    game = sprague.define_heap(almost_kayles, rule="0.77")
    with pytest.raises(
        sprague.InvalidInput,
        match=r"options\(9\) are not those of the declared rule 0.77 at heap 9: \(1, 1, 1\) is not an option",
    ):
        game.values(100)
    game = sprague.define_heap(kayles, rule="0.07")
    with pytest.raises(sprague.InvalidInput, match=r"options\(1\) .* the rule's option|options\(1\) .*not an option"):
        game.values(10)


def test_keyboard_interrupt_in_options_propagates_as_it_is():
    def interrupted(n):
        if n == 3:
            raise KeyboardInterrupt
        return kayles(n)

    with pytest.raises(KeyboardInterrupt):
        sprague.define_heap(interrupted).values(10)


def test_ctrl_c_stops_a_long_tabulation_within_two_seconds():
    def slow(n):
        time.sleep(0.001)
        return subtraction_134(n)

    game = sprague.define_heap(slow)
    timer = threading.Timer(0.3, _thread.interrupt_main)
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        game.values(100_000)
    assert time.monotonic() - started < 2.3
    timer.cancel()
    assert game.tabulated > 0  # what was asked is kept


def test_progress_is_told_while_options_are_asked():
    def slow(n):
        time.sleep(0.0005)
        return subtraction_134(n)

    told = []
    v = sprague.define_heap(slow).values(2500, progress=told.append)
    assert v.values == sprague.values("subtraction:1,3,4", 2500).values
    assert told and all(0 <= p["computed"] <= p["target"] == 2501 for p in told)
    assert [p["computed"] for p in told] == sorted(p["computed"] for p in told)

    def refuse(p):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        sprague.define_heap(slow).values(2500, progress=refuse)


def test_too_large_heaps_and_values_are_refused():
    game = sprague.define_heap(subtraction_134)
    with pytest.raises(sprague.TooLarge, match="a heap of 1000000 is beyond"):
        game.analyze(game.position(1_000_000))
    with pytest.raises(sprague.TooLarge):
        game.values(2**40)
