"""n-player games from one NumPy array of shape (s1, …, sn, n): the same game
as the per-player arrays and as a Gambit .nfg written here by hand, and
equilibria that pass a best-response check computed here with Fractions."""

import itertools
from fractions import Fraction

import pytest

import sprague
from sprague import Game

numpy = pytest.importorskip("numpy")

SHAPE = (2, 3, 2)


def random_game(seed):
    rng = numpy.random.default_rng(seed)
    return rng.integers(-5, 6, size=SHAPE + (3,))


def nfg_text(array):
    """The game as a Gambit .nfg (outcome-free form: payoffs profile by
    profile, the first player's strategy changing fastest)."""
    shape = array.shape[:-1]
    numbers = []
    for profile in itertools.product(*(range(s) for s in reversed(shape))):
        profile = tuple(reversed(profile))
        numbers.extend(str(int(x)) for x in array[profile])
    players = " ".join(f'"P{p + 1}"' for p in range(len(shape)))
    counts = " ".join(str(s) for s in shape)
    return f'NFG 1 R "by hand" {{ {players} }} {{ {counts} }}\n\n' + " ".join(numbers) + "\n"


def expected(array, strategies, player, pure=None):
    """Player's expected payoff when the others mix as given (and the player
    plays the pure strategy ``pure`` if given)."""
    total = Fraction(0)
    for profile in itertools.product(*(range(s) for s in array.shape[:-1])):
        if pure is not None and profile[player] != pure:
            continue
        weight = Fraction(1)
        for k, s in enumerate(profile):
            if k != player or pure is None:
                weight *= Fraction(strategies[k][s])
        total += weight * int(array[profile + (player,)])
    return total


def test_one_array_is_the_game_of_its_per_player_slices_and_of_its_nfg():
    array = random_game(5)
    game = Game.from_array(array)
    assert game.shape == SHAPE and len(game.players) == 3
    assert game == Game.from_payoffs([array[..., p] for p in range(3)])
    assert game == Game.from_array(array.tolist())
    hand = Game.from_nfg(nfg_text(array))
    for profile in itertools.product(*(range(s) for s in SHAPE)):
        assert game.payoff(*profile) == hand.payoff(*profile) == [int(x) for x in array[profile]]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_every_equilibrium_passes_the_best_response_check(seed):
    array = random_game(seed)
    found = Game.from_array(array).equilibria()
    assert len(found) + len(found.irrational) >= 1  # Nash: every finite game has one
    for e in found:
        for p in range(3):
            value = expected(array, e.strategies, p)
            best = max(expected(array, e.strategies, p, s) for s in range(SHAPE[p]))
            assert value == best == e.payoffs[p]
    for e in found.irrational:
        floats = e.to_float()
        for p in range(3):
            value = float(expected(array, [[Fraction(x) for x in s] for s in floats], p))
            best = max(float(expected(array, [[Fraction(x) for x in s] for s in floats], p, s)) for s in range(SHAPE[p]))
            assert best - value < 1e-9


def test_pure_equilibria_are_those_found_by_brute_force():
    for seed in range(6):
        array = random_game(seed)
        brute = set()
        for profile in itertools.product(*(range(s) for s in SHAPE)):
            if all(
                array[profile + (p,)] >= max(array[profile[:p] + (s,) + profile[p + 1:] + (p,)] for s in range(SHAPE[p]))
                for p in range(3)
            ):
                brute.add(profile)
        found = Game.from_array(array).equilibria("pure")
        assert {tuple(s.index(1) for s in e.strategies) for e in found} == brute


def test_floats_are_read_as_their_decimals_and_other_entries_exactly():
    array = numpy.full((2, 2, 2), 0.1)
    assert Game.from_array(array).payoff(0, 1) == [Fraction(1, 10), Fraction(1, 10)]
    mixed = numpy.array([[[Fraction(1, 3), "2/7"]]], dtype=object)
    assert Game.from_array(mixed).payoff(0, 0) == [Fraction(1, 3), Fraction(2, 7)]


BAD = [
    (numpy.zeros((2, 2, 2, 2)), "shape \\(s1, …, sn, n\\)"),
    (numpy.zeros((2, 3)), "shape \\(s1, …, sn, n\\)"),
    (numpy.zeros(3), "shape \\(s1, …, sn, n\\)"),
    (numpy.zeros((0, 2, 2)), "player 1 has no strategies"),
    (numpy.full((2, 2, 2), numpy.nan), "not a finite number"),
    (numpy.full((2, 2, 2), numpy.inf), "not a finite number"),
    (numpy.zeros((2, 2, 2), dtype=complex), "dtype complex128"),
    (numpy.zeros((2, 2, 2), dtype=bool), "dtype bool"),
    ("1,2", "not a string"),
    ([[[1, 2]], [[1]]], "ragged"),
]


@pytest.mark.parametrize("array, words", BAD)
def test_bad_arrays_raise_one_clear_error(array, words):
    with pytest.raises(sprague.InvalidInput, match=words):
        Game.from_array(array)
