"""The fast paths between Python and the library give the same answers as
the general ones: Fractions built from their coprime parts (in Python, from
the library's "p/q" texts, and in the native module, from its rationals)
equal ``Fraction`` itself and behave as Fractions; integer payoff matrices
skip the exact-text round trip and give the same game; the exact Shapley
value built in the native module equals the command line's record; a
tournament's record is read when first asked for."""

import random
from fractions import Fraction

import pytest

import sprague
from sprague import coop
from sprague._exact import fraction, fractions, shared_fractions

from command_line import cli, needs_cli


def random_texts(seed, count):
    """Lowest-terms p/q texts as the library writes them (and integers),
    small and beyond 64 bits."""
    rng = random.Random(seed)
    texts = []
    for _ in range(count):
        bits = rng.choice([3, 20, 62, 64, 100, 300])
        value = Fraction(rng.randrange(-(1 << bits), 1 << bits), rng.randrange(1, 1 << bits))
        texts.append(str(value))
    return texts


def test_fraction_from_text_equals_fraction_itself():
    texts = random_texts(1, 2000) + ["0", "-0", "1", "-1", "7/1", "0.25", "-1.5e3", "2/4"]
    for text in texts:
        ours, reference = fraction(text), Fraction(text)
        assert type(ours) is Fraction
        assert ours == reference and hash(ours) == hash(reference) and str(ours) == str(reference)
        assert (ours.numerator, ours.denominator) == (reference.numerator, reference.denominator)
        assert ours + Fraction(1, 3) == reference + Fraction(1, 3)
        assert ours * 3 == reference * 3 and float(ours) == float(reference)
    assert fractions(texts) == [Fraction(t) for t in texts]


def test_shared_fractions_share_equal_texts_and_keep_order():
    convert = shared_fractions()
    texts = random_texts(2, 50) * 3
    first = convert(texts)
    assert first == [Fraction(t) for t in texts]
    again = convert(texts[:50])
    assert all(a is b for a, b in zip(again, first[:50]))
    with pytest.raises((ValueError, ZeroDivisionError)):
        convert(["1/0"])
    with pytest.raises(ValueError):
        convert(["not a number"])


def test_integer_matrices_give_the_same_game_as_the_general_path():
    rng = random.Random(3)
    for m, n in [(1, 1), (2, 3), (4, 4), (7, 2)]:
        a = [[rng.randrange(-50, 50) for _ in range(n)] for _ in range(m)]
        b = [[rng.randrange(-50, 50) for _ in range(n)] for _ in range(m)]
        fast = sprague.Game.from_arrays(a, b)
        # Fractions with denominator 1 take the general path.
        general = sprague.Game.from_arrays(
            [[Fraction(x) for x in row] for row in a], [[Fraction(x) for x in row] for row in b]
        )
        assert fast.write_nfg() == general.write_nfg()
        zero_sum = sprague.Game.from_arrays(a)
        assert zero_sum.write_nfg() == sprague.Game.from_arrays([[Fraction(x) for x in row] for row in a]).write_nfg()
        assert [e.strategies for e in fast.equilibria("enum")] == [e.strategies for e in general.equilibria("enum")]


def test_integer_matrices_beyond_64_bits_and_numpy_arrays():
    big = 1 << 70
    game = sprague.Game.from_arrays([[big, 0], [0, 1]], [[1, 0], [0, big]])
    assert str(big) in game.write_nfg()
    assert game.write_nfg() == sprague.Game.from_arrays(
        [[Fraction(big), 0], [0, Fraction(1)]], [[Fraction(1), 0], [0, Fraction(big)]]
    ).write_nfg()
    numpy = pytest.importorskip("numpy")
    a = numpy.array([[3, 0], [5, 1]], dtype=numpy.int32)
    assert sprague.Game.from_arrays(a, a.T).write_nfg() == sprague.Game.from_arrays([[3, 0], [5, 1]], [[3, 5], [0, 1]]).write_nfg()


@pytest.mark.parametrize(
    "a, b, message",
    [
        ([[1, 2], [3]], [[1, 2], [3, 4]], "ragged"),
        ([[1, 2]], [[1, 2], [3, 4]], "dimension mismatch"),
        ([[True, 2]], [[1, 2]], "boolean"),
        ([[]], [[]], "no strategies"),
    ],
)
def test_integer_matrices_that_are_wrong_get_the_general_messages(a, b, message):
    with pytest.raises(sprague.InvalidInput, match=message):
        sprague.Game.from_arrays(a, b)


@needs_cli
@pytest.mark.parametrize("spec", ["[51; 49, 48, 3]", "[12; 4, 4, 4, 2, 2, 1]", "glove:2,3", "airport:1,3,4,6"])
def test_the_native_exact_shapley_value_equals_the_command_line(spec):
    values = coop.shapley(coop.Game.parse(spec))
    record = cli("coop", "shapley", spec)
    assert record["exact"] is True
    assert [str(p) for p in values] == record["players"]
    assert list(values.values()) == [Fraction(x) for x in record["shapley"]]
    for value in values.values():
        assert type(value) is Fraction
        assert hash(value) == hash(Fraction(value.numerator, value.denominator))
        assert value - value == 0


def test_twenty_player_weighted_voting_sums_to_one_with_fractions():
    weights = [1 + (i * 37) % 50 for i in range(1, 21)]
    values = coop.shapley(coop.weighted_voting(sum(weights) // 2 + 1, weights))
    assert sum(values.values()) == 1
    assert all(type(v) is Fraction and v.denominator > 0 for v in values.values())
    # Asked for Monte Carlo samples, the native exact path steps aside and
    # the estimate comes back.
    weighted_estimate = coop.shapley(coop.weighted_voting(3, [2, 1, 1]), monte_carlo=500, seed=1)
    assert weighted_estimate.samples == 500


@needs_cli
def test_a_tournament_reads_its_record_when_asked_and_equals_the_command_line():
    names = ["TitForTat", "Defector", "Grudger", "Random"]
    result = sprague.ipd.tournament(names, turns=50, repetitions=3, seed=7)
    record = cli("ipd", "tournament", *names, "--turns", 50, "--repetitions", 3, "--seed", 7)
    assert result.to_dict() == record
    assert result.players == record["players"]
    assert [r.strategy for r in result.ranking] == [r["strategy"] for r in record["ranking"]]
    assert result.scores == record["scores"] and result.wins == record["wins"]
    assert result.repetitions == 3 and result.seed == 7 and result.turns == 50
