"""Strategic games from Python: exact equilibria equal to the command line's
JSON, checked by an independent best-response test in Fractions; exact
input; zero-sum and dominance; Nashpy and pygambit; every error path."""

import decimal
import itertools
import json
import os
import pathlib
import subprocess
from fractions import Fraction

import pytest

import sprague
from sprague import Game

ROOT = pathlib.Path(__file__).resolve().parents[3]
DATA = sorted(
    [p for p in (ROOT / "crates/strategic/tests/data").iterdir() if p.suffix in (".nfg", ".csv")]
    + [p for p in (ROOT / "crates/cli/tests/data").iterdir() if p.suffix == ".nfg"]
)
EXAMPLES = [name for name, _ in sprague.strategic.examples()]


def binary():
    """The command line built in release mode: $SPRAGUE_BIN, or
    $CARGO_TARGET_DIR/release/sprague, or target/release/sprague."""
    candidates = [os.environ.get("SPRAGUE_BIN")]
    if os.environ.get("CARGO_TARGET_DIR"):
        candidates.append(os.path.join(os.environ["CARGO_TARGET_DIR"], "release", "sprague"))
    candidates.append(str(ROOT / "target/release/sprague"))
    for c in candidates:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None


BIN = binary()
needs_cli = pytest.mark.skipif(
    BIN is None,
    reason="the sprague binary is not built (cargo build --release -p sprague; or set SPRAGUE_BIN)",
)


def cli(*args):
    out = subprocess.run([BIN, *args, "--format", "json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


# The independent check ----------------------------------------------------


def expected_payoff(game, profile, player, deviation=None):
    """Player's expected payoff under the mixed profile, Fractions only;
    ``deviation`` replaces the player's strategy by a pure one."""
    shape = game.shape
    matrices = game.payoff_matrices
    total = Fraction(0)
    for pure in itertools.product(*(range(c) for c in shape)):
        p = Fraction(1)
        for k, s in enumerate(pure):
            if k == player and deviation is not None:
                p *= 1 if s == deviation else 0
            else:
                p *= profile[k][s]
            if p == 0:
                break
        if p:
            entry = matrices[player]
            for s in pure:
                entry = entry[s]
            total += p * entry
    return total


def assert_nash(game, equilibrium):
    """No player gains by a pure deviation; the probabilities are a
    distribution; the payoffs are the expected payoffs."""
    for player, s in enumerate(equilibrium.strategies):
        assert all(isinstance(p, Fraction) for p in s)
        assert all(p >= 0 for p in s) and sum(s) == 1
        u = expected_payoff(game, equilibrium.strategies, player)
        assert u == equilibrium.payoffs[player]
        for d in range(game.shape[player]):
            assert expected_payoff(game, equilibrium.strategies, player, d) <= u


# Equal to the command line ------------------------------------------------


@needs_cli
@pytest.mark.parametrize("path", DATA, ids=lambda p: p.name)
def test_equilibria_equal_the_command_line(path):
    game = Game.load(str(path))
    found = game.equilibria()
    assert found.report == cli("nash", str(path))
    for e in found:
        assert_nash(game, e)


@needs_cli
@pytest.mark.parametrize("name", EXAMPLES)
@pytest.mark.parametrize("method", ["enum", "support", "pure", "lh"])
def test_examples_equal_the_command_line(name, method):
    game = Game.example(name)
    found = game.equilibria(method)
    assert found.report == cli("nash", name, "--method", method)
    assert len(found) >= (0 if method == "pure" else 1)
    for e in found:
        assert_nash(game, e)


@needs_cli
def test_lemke_howson_options_equal_the_command_line():
    path = str(ROOT / "crates/strategic/tests/data/stengel.nfg")
    game = Game.load(path)
    assert game.equilibria("lemke-howson", all_labels=True).report == cli(
        "nash", path, "--method", "lh", "--all-labels"
    )
    assert game.equilibria("lemke-howson", label=3, exact_pivoting=True).report == cli(
        "nash", path, "--method", "lh", "--label", "3", "--exact-pivoting"
    )


@needs_cli
@pytest.mark.parametrize("name", ["matching-pennies", "rock-paper-scissors"])
def test_zero_sum_and_dominance_equal_the_command_line(name):
    game = Game.example(name)
    assert game.zero_sum().report == cli("zerosum", name)
    for weak, mixed in itertools.product([False, True], repeat=2):
        flags = (["--weak"] if weak else []) + (["--mixed"] if mixed else [])
        assert game.dominance(weak=weak, mixed=mixed).report == cli("dominance", name, *flags)


@needs_cli
@pytest.mark.parametrize("path", DATA, ids=lambda p: p.name)
def test_dominance_equals_the_command_line(path):
    game = Game.load(str(path))
    assert game.dominance(mixed=True).report == cli("dominance", str(path), "--mixed")


# Exact answers ------------------------------------------------------------


def test_battle_of_the_sexes_has_the_mixed_equilibrium_exactly():
    game = Game.example("battle-of-the-sexes")
    found = game.equilibria("enum")
    assert len(found) == 3 and found.degenerate is False and found.complete
    mixed = [e for e in found if Fraction(2, 3) in e.strategies[0]]
    assert len(mixed) == 1
    e = mixed[0]
    assert sorted(e.strategies[0]) == [Fraction(1, 3), Fraction(2, 3)]
    assert sorted(e.strategies[1]) == [Fraction(1, 3), Fraction(2, 3)]
    assert e.payoffs == [Fraction(2, 3), Fraction(2, 3)]
    assert e.to_float()[0] == [float(p) for p in e.strategies[0]]
    assert [len(c.row_strategies) for c in found.cliques] == [1, 1, 1]
    assert found.components == [[0], [1], [2]]


def test_one_third_two_thirds_from_arrays():
    # Row mixes 1/3, 2/3 to make the column player indifferent.
    game = Game([[1, 0], [0, 2]], [[2, 0], [0, 1]])
    found = game.equilibria()
    mixed = [e for e in found if all(0 < p < 1 for p in e.strategies[0])]
    assert mixed[0].strategies == [[Fraction(1, 3), Fraction(2, 3)], [Fraction(2, 3), Fraction(1, 3)]]


def test_floats_are_read_as_their_decimals():
    game = Game([[0.1, 0.2], [0.3, 1e-05]], [[1.5, 0], [0, 2.25]])
    a, b = game.payoff_matrices
    assert a == [[Fraction(1, 10), Fraction(1, 5)], [Fraction(3, 10), Fraction(1, 100000)]]
    assert b[1][1] == Fraction(9, 4)
    numpy = pytest.importorskip("numpy")
    assert Game(numpy.array([[0.1, 0.7]]), numpy.array([[1, 2]])).payoff(0, 0)[0] == Fraction(1, 10)
    assert Game(numpy.array([[0.1, 0.7]], dtype=numpy.float32)).payoff(0, 1) == [
        Fraction(7, 10),
        Fraction(-7, 10),
    ]


def test_every_kind_of_entry():
    numpy = pytest.importorskip("numpy")
    entries = [[1, Fraction(1, 3)], [decimal.Decimal("0.25"), "-3/4"]]
    game = Game(entries, [["2e3", numpy.int64(5)], [numpy.float64(0.5), 7]])
    a, b = game.payoff_matrices
    assert a == [[1, Fraction(1, 3)], [Fraction(1, 4), Fraction(-3, 4)]]
    assert b == [[2000, 5], [Fraction(1, 2), 7]]
    obj = numpy.array([[Fraction(1, 7), 2]], dtype=object)
    assert Game(obj).payoff(0, 0) == [Fraction(1, 7), Fraction(-1, 7)]


def test_zero_sum_when_b_is_omitted():
    game = Game([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
    z = game.zero_sum()
    assert z.value == 0 and z.row_strategy == [Fraction(1, 3)] * 3
    assert z.saddle_points == []
    assert game.payoff(0, 1) == [-1, 1]
    saddle = Game([[3, 1], [4, 2]]).zero_sum()
    assert saddle.value == 2 and saddle.saddle_points == [("2", "2")]


def test_names_title_and_nfg_round_trip():
    game = Game(
        [[3, 0], [5, 1]],
        [[3, 5], [0, 1]],
        title="PD",
        players=["Row", "Column"],
        strategies=[["C", "D"], ["C", "D"]],
    )
    assert game.title == "PD" and game.players == ["Row", "Column"]
    text = game.write_nfg()
    assert text.startswith("NFG 1 R")
    again = Game.from_nfg(text)
    assert again == game
    d = game.dominance()
    assert [(s.player, s.strategy, s.dominated_by) for s in d.steps] == [
        ("Row", "C", "D"),
        ("Column", "C", "D"),
    ] or len(d.steps) == 2
    assert d.remaining == [["D"], ["D"]]
    assert d.reduced.shape == (1, 1) and d.reduced.payoff(0, 0) == [1, 1]


def test_read_nfg_and_load(tmp_path):
    path = tmp_path / "g.nfg"
    path.write_text(Game.example("stag-hunt").write_nfg())
    assert Game.read_nfg(path) == Game.example("stag-hunt") == Game.load(str(path))
    assert Game("stag-hunt") == Game.example("stag-hunt")


def test_mixed_dominance():
    game = Game([[3, 0], [0, 3], [1, 1]], [[1, 1], [1, 1], [1, 1]])
    d = game.dominance(mixed=True)
    assert d.steps[0].strategy == "3"
    assert d.steps[0].dominated_by == {"1": Fraction(1, 2), "2": Fraction(1, 2)}
    assert game.dominance().steps == []


def test_n_player_from_payoffs():
    # Three players, each gets 1 when all three match, 0 otherwise.
    match = [[[1, 0], [0, 0]], [[0, 0], [0, 1]]]
    game = Game.from_payoffs([match, match, match], players=["A", "B", "C"])
    assert game.shape == (2, 2, 2)
    assert game.payoff(1, 1, 1) == [1, 1, 1]
    assert game.payoff(1, 0, 1) == [0, 0, 0]
    found = game.equilibria()
    for e in found:
        assert_nash(game, e)
    pure = game.equilibria("pure")
    assert sorted(tuple(s.index(1) for s in e.strategies) for e in pure)[:1] == [(0, 0, 0)]


def test_irrational_equilibria_are_exact():
    game = Game.load(str(ROOT / "crates/strategic/tests/data/irrational_2x2x2.nfg"))
    found = game.equilibria()
    assert found.irrational, found.note
    for e in found.irrational:
        for s in e.strategies:
            assert abs(sum(s_.to_float() for s_ in s) - 1) < 1e-9
        x = e.strategies[0][0]
        assert isinstance(x, sprague.QuadraticNumber) and isinstance(x.rational, Fraction)
        assert str(x) and float(x) == x.to_float()
        assert len(e.to_numpy()) == 3
    assert "irrational" in found._repr_html_() or found.irrational


def test_html():
    game = Game.example("battle-of-the-sexes")
    table = game._repr_html_()
    assert "<table>" in table and "2, 1" in table
    shown = game.equilibria()._repr_html_()
    assert "2/3" in shown and "1/3" in shown
    three = Game.load(str(ROOT / "crates/cli/tests/data/pennies_bystander.nfg"))
    assert "Bystander" in three._repr_html_()
    assert "<table>" in three.equilibria()._repr_html_()


def test_to_numpy():
    numpy = pytest.importorskip("numpy")
    game = Game.example("matching-pennies")
    a, b = game.to_numpy()
    assert a.shape == (2, 2) and (a == -b).all()
    e = game.equilibria()[0]
    assert [list(x) for x in e.to_numpy()] == [[0.5, 0.5], [0.5, 0.5]]


def test_examples_listed():
    assert "prisoners-dilemma" in EXAMPLES and len(EXAMPLES) >= 8


# Nashpy and pygambit -------------------------------------------------------


def test_nashpy_game():
    nashpy = pytest.importorskip("nashpy")
    numpy = pytest.importorskip("numpy")
    A = numpy.array([[1, -1], [-1, 1]])
    game = Game(nashpy.Game(A, -A))
    assert game == Game(A)
    assert Game.from_nashpy(nashpy.Game(A, -A)) == game
    assert [e.strategies for e in game.equilibria()] == [[[Fraction(1, 2)] * 2] * 2]
    # Nashpy's own support enumeration finds the same equilibria (as floats).
    A = numpy.array([[3, 0, 2], [0, 3, 1], [1, 1, 4]])
    B = numpy.array([[2, 1, 0], [1, 3, 2], [0, 2, 3]])
    theirs = sorted(
        tuple(round(float(p), 9) for s in eq for p in s)
        for eq in nashpy.Game(A, B).support_enumeration()
    )
    ours = sorted(
        tuple(round(float(p), 9) for s in e.strategies for p in s)
        for e in Game(nashpy.Game(A, B)).equilibria()
    )
    assert ours == theirs


def _pygambit():
    try:
        import pygambit
    except ImportError:
        pytest.skip("pygambit is not installed (pip install pygambit); the comparison needs it")
    return pygambit


@pytest.mark.parametrize(
    "path",
    [p for p in DATA if p.suffix == ".nfg" and p.name != "irrational_2x2x2.nfg" and "bystander" not in p.name],
    ids=lambda p: p.name,
)
def test_pygambit_enummixed_agrees(path):
    pygambit = _pygambit()
    theirs_game = pygambit.read_nfg(str(path))
    if len(theirs_game.players) != 2:
        pytest.skip("enummixed is for two-player games")
    result = pygambit.nash.enummixed_solve(theirs_game, rational=True)
    theirs = sorted(
        tuple(Fraction(str(profile[strategy])) for player in theirs_game.players for strategy in player.strategies)
        for profile in result.equilibria
    )
    game = Game.from_pygambit(theirs_game)
    assert game == Game.load(str(path)).__class__(game)
    ours = sorted(tuple(p for s in e.strategies for p in s) for e in game.equilibria("enum"))
    assert ours == theirs


def test_pygambit_game_dispatch():
    pygambit = _pygambit()
    g = pygambit.Game.from_arrays([[2, 0], [0, 1]], [[1, 0], [0, 2]])
    game = Game(g)
    assert game.shape == (2, 2)
    assert game.payoff(0, 0) == [2, 1]


# Errors ------------------------------------------------------------------


@pytest.mark.parametrize(
    "a, b, error",
    [
        ([], None, sprague.InvalidInput),
        ([[]], None, sprague.InvalidInput),
        ([[1, 2], [3]], None, sprague.InvalidInput),
        ([[1, 2]], [[1, 2], [3, 4]], sprague.InvalidInput),
        ([1, 2], None, sprague.InvalidInput),
        ([[[1]]], None, sprague.InvalidInput),
        ([[float("nan")]], None, sprague.InvalidInput),
        ([[float("inf")]], [[0]], sprague.InvalidInput),
        ([[1]], [[float("-inf")]], sprague.InvalidInput),
        ([["abc"]], None, sprague.InvalidInput),
        ([["1/0"]], None, sprague.InvalidInput),
        ([[True]], None, sprague.InvalidInput),
        ([[None]], None, sprague.InvalidInput),
        ([[1 + 2j]], None, sprague.InvalidInput),
        ([[decimal.Decimal("NaN")]], None, sprague.InvalidInput),
        ([[{}]], None, sprague.InvalidInput),
        ([[b"1"]], None, sprague.InvalidInput),
    ],
)
def test_bad_arrays_raise(a, b, error):
    with pytest.raises(error) as caught:
        Game(a, b)
    assert isinstance(caught.value, sprague.Error) and str(caught.value)


def test_bad_numpy_arrays_raise():
    numpy = pytest.importorskip("numpy")
    for array in [
        numpy.zeros((0, 3)),
        numpy.zeros((3, 0)),
        numpy.zeros(3),
        numpy.array([[1 + 1j]]),
        numpy.array([[numpy.nan]]),
        numpy.array([[numpy.inf]], dtype=numpy.float32),
        numpy.array([["x"]]),
        numpy.array([[True]]),
        numpy.array([["2020-01-01"]], dtype="datetime64[D]"),
    ]:
        with pytest.raises(sprague.InvalidInput):
            Game(array)


def test_huge_sizes_are_refused_before_work():
    numpy = pytest.importorskip("numpy")
    big = numpy.lib.stride_tricks.as_strided(numpy.zeros(1), shape=(100_000, 100_000), strides=(0, 0))
    with pytest.raises(sprague.TooLarge, match="more than 100000000"):
        Game(big)
    with pytest.raises(sprague.TooLarge, match="more than 100000000 profiles"):
        Game.from_nfg('NFG 1 R "" { "1" "2" } { 1000000000 2 } 1 2')
    with pytest.raises(sprague.TooLarge, match="more than 100000000 profiles"):
        Game.from_nfg('NFG 1 R "" { "1" "2" } { 18446744073709551615 18446744073709551615 }')
    with pytest.raises((sprague.InvalidInput, sprague.TooLarge)):
        Game.from_nfg('NFG 1 R "" { "1" "2" } { 99999999999999999999999 2 }')


def test_method_limits_and_refusals_as_the_command_line():
    game = Game.example("prisoners-dilemma")
    with pytest.raises(sprague.InvalidInput, match="unknown method"):
        game.equilibria("simplex")
    with pytest.raises(sprague.InvalidInput, match="label 9 does not exist"):
        game.equilibria("lemke-howson", label=9)
    with pytest.raises(sprague.InvalidInput, match="label 0 does not exist"):
        game.equilibria("lemke-howson", label=0)
    with pytest.raises(sprague.InvalidInput):
        game.equilibria("lemke-howson", label=-1)
    with pytest.raises(sprague.InvalidInput):
        game.equilibria("lemke-howson", label=2**80)
    with pytest.raises(sprague.Unsupported, match="not zero-sum"):
        game.zero_sum()
    three = Game.load(str(ROOT / "crates/cli/tests/data/pennies_bystander.nfg"))
    with pytest.raises(sprague.Unsupported, match="two-player game"):
        three.equilibria("enum")
    with pytest.raises(sprague.Unsupported, match="two-player game"):
        three.equilibria("lemke-howson")
    with pytest.raises(sprague.Unsupported):
        three.zero_sum()
    # Vertex enumeration above its limit: the command line's sentence, --force said as force=True.
    big = Game([[((i * 7 + j * 13) % 17) for j in range(70)] for i in range(70)], [[((i * 5 + j * 3) % 11) for j in range(70)] for i in range(70)])
    with pytest.raises(sprague.TooLarge, match="pass force=True to run it anyway"):
        big.equilibria("enum")
    with pytest.raises(sprague.TooLarge, match="pass force=True"):
        big.equilibria("support")


def test_bad_files_and_names_raise(tmp_path):
    with pytest.raises(sprague.UnknownGame, match="unknown game or file"):
        Game.load("no-such-game")
    with pytest.raises(sprague.UnknownGame):
        Game.example("no-such-game")
    with pytest.raises(sprague.InvalidInput, match="malformed .nfg"):
        Game.from_nfg("not a game")
    with pytest.raises(sprague.InvalidInput):
        Game.from_nfg('NFG 1 R "" { "1" "2" } { 2 2 } 1 2 3')
    with pytest.raises(FileNotFoundError):
        Game.read_nfg(tmp_path / "missing.nfg")
    bad = tmp_path / "bad.csv"
    bad.write_bytes(b"1,2\n3\n")
    with pytest.raises(sprague.InvalidInput):
        Game.load(str(bad))


def test_bad_names_and_payoffs_raise():
    with pytest.raises(sprague.InvalidInput):
        Game([[1, 2]], players=["only one"])
    with pytest.raises(sprague.InvalidInput):
        Game([[1, 2]], strategies=[["a"], ["b"]])
    with pytest.raises(sprague.InvalidInput):
        Game([[1, 2]], strategies=[["a"]])
    with pytest.raises(sprague.InvalidInput):
        Game.from_payoffs([])
    with pytest.raises(sprague.InvalidInput):
        Game.from_payoffs([[[1, 2]], [[1, 2]], [[1, 2]]])
    with pytest.raises(sprague.InvalidInput):
        Game.from_payoffs([[[1, 2]], [[1, 2, 3]]])
    with pytest.raises(sprague.InvalidInput):
        Game.from_payoffs("abc")
    with pytest.raises(sprague.InvalidInput):
        Game.example("matching-pennies").payoff(2, 0)


def test_gil_is_released_while_solving():
    import threading

    game = Game.load(str(ROOT / "crates/strategic/tests/data/stengel.nfg"))
    ticks = []
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks.append(1)
            done.wait(0.001)

    thread = threading.Thread(target=count)
    thread.start()
    try:
        assert len(game.equilibria("enum")) == 75
    finally:
        done.set()
        thread.join()
    assert ticks


def _interrupt_after(seconds):
    import os
    import signal
    import threading

    timer = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    return timer


@pytest.mark.parametrize(
    "shape, method",
    [
        # 2 players, 16x16: about C(32, 16) = 6 * 10^8 support pairs.
        ((16, 16), "support"),
        # 3 players, 7x7x7: hundreds of thousands of support profiles, each a vertex search.
        ((7, 7, 7), "support"),
    ],
)
def test_keyboard_interrupt_stops_a_long_equilibrium_search(shape, method):
    import random
    import time

    rng = random.Random(11)
    if len(shape) == 2:
        m, n = shape
        game = Game.from_arrays(
            [[rng.randrange(100) for _ in range(n)] for _ in range(m)],
            [[rng.randrange(100) for _ in range(n)] for _ in range(m)],
        )
    else:
        size = 1
        for s in shape:
            size *= s

        def array(k):
            flat = [rng.randrange(100) for _ in range(size)]
            return [[flat[(i * shape[1] + j) * shape[2]: (i * shape[1] + j + 1) * shape[2]] for j in range(shape[1])] for i in range(shape[0])]

        game = Game.from_payoffs([array(p) for p in range(3)])
    started = time.monotonic()
    _interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        game.equilibria(method, force=True)
    assert time.monotonic() - started < 2.3
