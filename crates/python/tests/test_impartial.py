"""The impartial side of the Python module, checked against published values
(OEIS, with their A-numbers) and against brute force written here in Python,
never against the code under test."""

import functools
import inspect
import os
import random
import signal
import threading
import time

import pytest

import sprague
from command_line import SPRAGUE_BIN, cli

# OEIS A002186, Kayles (octal 0.77), n = 0..83 (https://oeis.org/A002186).
A002186 = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
]
# OEIS A002187, Dawson's Kayles (the code 0.07, heap n), n = 0..40 (https://oeis.org/A002187).
A002187 = [
    0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5,
    2, 7, 4, 0, 1, 1, 2, 0, 3,
]
# OEIS A002188, Grundy's game, n = 0..50 (https://oeis.org/A002188).
A002188 = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
    2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0,
]
# OEIS A051775, the nim-product table read by antidiagonals, its first 83 terms
# (https://oeis.org/A051775).
A051775 = [
    0, 0, 0, 0, 1, 0, 0, 2, 2, 0, 0, 3, 3, 3, 0, 0, 4, 1, 1, 4, 0, 0, 5, 8, 2, 8, 5, 0, 0, 6,
    10, 12, 12, 10, 6, 0, 0, 7, 11, 15, 6, 15, 11, 7, 0, 0, 8, 9, 13, 2, 2, 13, 9, 8, 0, 0, 9,
    12, 14, 14, 7, 14, 14, 12, 9, 0, 0, 10, 14, 4, 10, 8, 8, 10, 4, 14, 10, 0, 0, 11, 15, 7,
    11,
]


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


@functools.lru_cache(maxsize=None)
def kayles_by_search(n):
    """Kayles by brute force: knock down one pin or two adjacent ones."""
    options = set()
    for take in (1, 2):
        for left in range(0, n - take + 1):
            right = n - take - left
            options.add(kayles_by_search(left) ^ kayles_by_search(right))
    return mex(options)


def test_values_equal_oeis():
    assert sprague.values("kayles", 83).values == A002186
    assert sprague.values("0.07", 40).values == A002187
    assert sprague.values("grundy", 50).values == A002188


def test_rule_games_run_through_values():
    # Kayles and Grundy's game written move by move (the `rule:` notation).
    kayles = sprague.values("rule:1-2:0-2", 83)
    assert kayles.values == A002186
    assert kayles.proven and "Guy" in kayles.theorem
    assert sprague.values("rule:0:2u", 50).values == A002188
    # Remove one token leaving one heap, or split into three different heaps.
    assert sprague.values("rule:1:1;0:3u", 12).values == [0, 0, 1, 0, 1, 0, 2, 1, 0, 1, 3, 2, 3]
    with pytest.raises(sprague.InvalidInput, match="removing 0 tokens"):
        sprague.values("rule:0:1", 10)


def test_kayles_period_is_proven():
    found = sprague.values("kayles", 200)
    assert (found.period, found.preperiod, found.proven) == (12, 71, True)
    assert "Guy" in found.theorem
    # Beyond the values computed the proven period answers (Guy-Smith).
    assert found.values[200] == found.values[200 - 12]
    assert found.values[:60] == [kayles_by_search(n) for n in range(60)]


def test_closed_forms_are_named_and_numpy_works():
    nim = sprague.values("nim", 10)
    assert nim.proven and nim.closed_form.startswith("g(n) = n")
    assert nim.values == list(range(11))
    lasker = sprague.values("lasker", 8)
    assert "4k+3" in lasker.closed_form
    array = sprague.values("bash:3", 12).to_numpy()
    assert array.dtype.name == "uint64" and list(array) == [n % 4 for n in range(13)]
    assert sprague.values("subtraction:1,3,4", 20).p_positions == [0, 2, 7, 9, 14, 16]
    assert "<table>" in sprague.values("kayles", 30)._repr_html_()


def test_analyze_nim_by_bouton():
    rng = random.Random(1)
    for _ in range(50):
        heaps = [rng.randrange(0, 20) for _ in range(rng.randrange(1, 5))]
        answer = sprague.analyze("nim", *heaps)
        total = functools.reduce(lambda a, b: a ^ b, heaps, 0)
        assert answer.value == total
        assert answer.outcome == ("P" if total == 0 else "N")
        for winning in answer.winning_moves:
            after = [int(w) for w in winning.to.split()]
            assert functools.reduce(lambda a, b: a ^ b, after, 0) == 0


def test_moves_options_and_replies_against_brute_force():
    nim = sprague.game("nim")
    position = nim.position(3, 4, 5)
    options = nim.options(position)
    assert len(options) == 12
    assert [o.move.notation for o in options if o.winning] == ["3->1"]
    kayles = sprague.game("kayles")
    rng = random.Random(7)
    for _ in range(30):
        heaps = [rng.randrange(0, 14) for _ in range(rng.randrange(1, 4))]
        position = kayles.position(*heaps)
        total = functools.reduce(lambda a, n: a ^ kayles_by_search(n), heaps, 0)
        reply = kayles.reply(position)
        if reply is None:
            assert total == 0 and all(h == 0 for h in heaps)
            continue
        after = [int(w) for w in reply.move.after.components]
        after_total = functools.reduce(lambda a, n: a ^ kayles_by_search(n), after, 0)
        if total != 0:
            assert after_total == 0, (heaps, reply)
        for option in kayles.options(position):
            left = [int(w) for w in option.move.after.components]
            value = functools.reduce(lambda a, n: a ^ kayles_by_search(n), left, 0)
            assert option.grundy == value


def test_play_applies_notation_and_positions_round_trip():
    chomp = sprague.game("chomp")
    start = chomp.position("3x4")
    move = chomp.play(start, "2,3")
    assert move.after.components == ["4,2,2"]
    assert chomp.play(start, "#1").notation == chomp.moves(start)[0].notation
    again = sprague.Position.from_dict(start.to_dict())
    assert again == start
    assert [m.notation for m in chomp.moves(again)] == [m.notation for m in chomp.moves("3x4")]
    with pytest.raises(sprague.IllegalMove):
        chomp.play(start, "1,1")  # the poison is not a move


def test_explain_gives_the_mex():
    lines = sprague.game("kayles").explain(7)
    assert lines[0] == "options' values {0, 1, 3, 4, 5} → the smallest value not among them is 2 = g"


def test_nimber_arithmetic_matches_oeis_and_field_laws():
    antidiagonals = [
        int(sprague.Nimber(i) * (d - i)) for d in range(13) for i in range(d + 1)
    ][: len(A051775)]
    assert antidiagonals == A051775
    assert sprague.Nimber(16) * 16 == sprague.Nimber(24)
    assert sprague.nimber_eval("16 * 16") == sprague.Nimber(24)
    rng = random.Random(3)
    for _ in range(200):
        a = sprague.Nimber(rng.getrandbits(64))
        b = sprague.Nimber(rng.getrandbits(64) | 1)
        assert (a / b) * b == a
        assert a.sqrt() * a.sqrt() == a
        assert a + a == sprague.Nimber(0)
        assert b * b.inverse() == sprague.Nimber(1)
        assert a ** 3 == a * a * a
    with pytest.raises(ZeroDivisionError):
        sprague.Nimber(5) / 0
    with pytest.raises(ZeroDivisionError):
        sprague.Nimber(0).inverse()


def test_survey_defaults_are_the_command_lines():
    # `sprague survey --help`: --budget 2^18, no --seconds limit, --threads 0 (all cores).
    defaults = inspect.signature(sprague.survey).parameters
    assert defaults["budget"].default == 2**18
    assert defaults["seconds"].default is None
    assert defaults["threads"].default == 0
    # The same rows as the command line's survey with its defaults.
    rows = sprague.survey(["0.07", "0.137", "0.4"])
    by_code = {row["code"]: row for row in rows}
    assert (by_code["0.07"]["preperiod"], by_code["0.07"]["period"]) == (53, 34)
    if os.access(SPRAGUE_BIN, os.X_OK):
        expected = cli("survey", "0.07", "0.137", "0.4")
        assert [(r["code"], r["computed"], r["period"]) for r in rows] == [
            (r["code"], r["computed"], r["period"]) for r in expected
        ]
    with pytest.raises(sprague.InvalidInput):
        sprague.survey("0.?", threads=65)
    with pytest.raises(sprague.InvalidInput):
        sprague.survey("0.?", seconds=0)


def test_survey_classifies_codes():
    rows = {row["code"]: row for row in sprague.survey(["0.07", "0.137", "0.77"], budget=4096)}
    assert (rows["0.77"]["period"], rows["0.77"]["preperiod"]) == (12, 71)
    assert rows["0.07"]["group"] == "0.137" and rows["0.07"]["shift"] == 1
    assert len(sprague.games()) >= 40


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda: sprague.values("no-such-game", 10), sprague.UnknownGame),
        (lambda: sprague.values("wythoff", 10), sprague.Unsupported),
        (lambda: sprague.values("kayles", 1 << 40), sprague.TooLarge),
        (lambda: sprague.analyze("nim", "-3"), sprague.InvalidInput),
        (lambda: sprague.analyze("nim"), sprague.InvalidInput),
        (lambda: sprague.analyze("chomp", "0x5"), sprague.InvalidInput),
        (lambda: sprague.game("nim").moves(10**12), sprague.TooLarge),
        (lambda: sprague.game("nim").play(3, "\x1b[2J"), sprague.IllegalMove),
        (lambda: sprague.survey("0.?", seconds=1e300), sprague.InvalidInput),
        (lambda: sprague.survey("0.x"), sprague.InvalidInput),
        (lambda: sprague.nimber_eval("1 +"), sprague.InvalidInput),
        (lambda: sprague.game("nim")._native.moves("{not json"), sprague.InvalidInput),
    ],
)
def test_every_error_path_raises_a_sprague_error(call, error):
    with pytest.raises(error) as raised:
        call()
    assert isinstance(raised.value, ValueError)
    assert isinstance(raised.value, sprague.Error)
    message = str(raised.value)
    assert "\n" not in message and "\x1b" not in message


def test_a_huge_sweep_of_another_game_is_refused_before_it_starts():
    # Coin turning with any 1 to 4 coins: g(0..=5000) visits about 2.6e13 options.
    started = time.monotonic()
    with pytest.raises(sprague.TooLarge, match="visits about 2.6e13 options"):
        sprague.values("coins:any1-4", 5000)
    assert time.monotonic() - started < 1
    assert len(sprague.values("coins:any1-4", 40)) == 41
    with pytest.raises(sprague.Unsupported, match="checkpoint and resume"):
        sprague.values("coins:any1-4", 40, resume=True)


def test_keyboard_interrupt_stops_a_long_sweep():
    # Grundy's game to 2^26 takes over a minute; SIGINT after 0.3 s must end it within 2 s.
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        sprague.values("grundy", 1 << 26)
    assert time.monotonic() - started < 2.5


def test_keyboard_interrupt_stops_a_long_sweep_of_a_game_that_is_not_take_and_break():
    # Turning up to four coins to 5000 visits 2.6e13 options (hours); force=True passes the
    # work check, and SIGINT after 0.3 s must end the dense sweep within 2 s.
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        sprague.values("coins:any1-4", 5000, force=True)
    assert time.monotonic() - started < 2.5
    # The module is usable afterwards.
    assert len(sprague.values("coins:any1-4", 10)) == 11


def test_the_gil_is_released_during_a_sweep():
    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    sprague.values("grundy", 1 << 19)
    stop.set()
    counter.join()
    assert len(ticks) > 5


def test_exhaustive_misere_search_agrees_with_the_budgeted_one():
    for position in [(9, 12, 14), (5, 9), (7, 7, 3)]:
        budgeted = sprague.analyze("misere:0.07", *position)
        exhaustive = sprague.analyze("misere:0.07", *position, exhaustive=True)
        assert exhaustive.outcome == budgeted.outcome
        assert sorted(m.to for m in exhaustive.winning_moves) == sorted(m.to for m in budgeted.winning_moves)
    with pytest.raises(sprague.Unsupported, match="exhaustive=True is for misère sums"):
        sprague.analyze("kayles", 3, 4, exhaustive=True)


@pytest.mark.parametrize("game, position", [("chomp", "16x16"), ("sos", "18")])
def test_keyboard_interrupt_stops_a_long_analysis(game, position):
    # Chomp 16×16 and SOS 18 search for seconds even optimised; SIGINT after 0.3 s ends them.
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        sprague.analyze(game, position)
    assert time.monotonic() - started < 2.5
    # The game answers again afterwards.
    assert sprague.analyze("chomp", "3x4").outcome == "N"
