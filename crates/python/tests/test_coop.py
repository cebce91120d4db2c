"""Cooperative games from Python, checked against a brute-force Shapley
value written here (the average marginal contribution over all orders of the
players, in Fractions), published values (Aumann and Maschler 1985) and the
command line's JSON."""

import itertools
import json
import math
from fractions import Fraction

import pytest

import sprague
from sprague import coop

from command_line import cli, needs_cli


def brute_force_shapley(players, v):
    """phi_i = average over all n! orders of v(predecessors + i) - v(predecessors)."""
    totals = {p: Fraction(0) for p in players}
    orders = 0
    for order in itertools.permutations(players):
        orders += 1
        before = frozenset()
        for p in order:
            totals[p] += Fraction(v(before | {p})) - Fraction(v(before))
            before = before | {p}
    return {p: total / orders for p, total in totals.items()}


def glove(left, right):
    lefts = {f"L{i}" for i in range(1, left + 1)}
    return lambda s: min(len(s & lefts), len(s - lefts))


@pytest.mark.parametrize("left, right", [(1, 2), (2, 3), (3, 3), (1, 5)])
def test_glove_games_against_brute_force(left, right):
    players = [f"L{i}" for i in range(1, left + 1)] + [f"R{i}" for i in range(1, right + 1)]
    expected = brute_force_shapley(players, glove(left, right))
    assert coop.shapley(coop.Game.parse(f"glove:{left},{right}")) == expected
    # The same game as a function of coalitions and as a dict of them.
    assert coop.shapley(coop.Game(players, glove(left, right))) == expected
    table = {frozenset(s): glove(left, right)(frozenset(s)) for k in range(len(players) + 1) for s in itertools.combinations(players, k)}
    assert coop.shapley(coop.Game(players, table)) == expected
    assert all(isinstance(x, Fraction) for x in expected.values())


@pytest.mark.parametrize("quota, weights", [(51, [49, 48, 3]), (12, [4, 4, 4, 2, 2, 1]), (3, [2, 1, 1]), (7, [3, 3, 2, 1, 1])])
def test_weighted_voting_against_brute_force(quota, weights):
    players = list(range(1, len(weights) + 1))
    v = lambda s: int(sum(weights[p - 1] for p in s) >= quota)
    expected = brute_force_shapley(players, v)
    assert coop.shapley(coop.weighted_voting(quota, weights)) == expected
    spec = f"[{quota}; {', '.join(map(str, weights))}]"
    assert list(coop.shapley(coop.Game.parse(spec)).values()) == list(expected.values())
    assert coop.shapley(coop.Game(len(weights), v)) == expected


def test_banzhaf_by_counting_swings():
    # [3; 2, 1, 1]: player 1 swings in {1,2}, {1,3}, {1,2,3}; 2 in {1,2}; 3 in {1,3}.
    index = coop.banzhaf(coop.weighted_voting(3, [2, 1, 1]))
    assert index == {1: Fraction(3, 5), 2: Fraction(1, 5), 3: Fraction(1, 5)}
    assert coop.banzhaf(coop.weighted_voting(3, [2, 1, 1]), raw=True) == {1: Fraction(3, 4), 2: Fraction(1, 4), 3: Fraction(1, 4)}
    # Player 6 of [12; 4,4,4,2,2,1] is a dummy.
    assert coop.banzhaf("[12; 4,4,4,2,2,1]")["6"] == 0


def test_the_talmud_bankruptcy_problems():
    # Aumann and Maschler (1985): estates 100, 200, 300 with claims 100, 200, 300;
    # the Talmud's divisions are the nucleoli of the bankruptcy games.
    published = {100: (Fraction(100, 3),) * 3, 200: (50, 75, 75), 300: (50, 100, 150)}
    for estate, division in published.items():
        found = coop.nucleolus(coop.Game.parse(f"bankruptcy:{estate}:100,200,300"))
        assert list(found.allocation.values()) == [Fraction(x) for x in division]


def test_nucleolus_of_small_games_and_the_prenucleolus():
    # Glove 1,2: the core is the single point (1, 0, 0), so it is the nucleolus.
    assert list(coop.nucleolus("glove:1,2").allocation.values()) == [1, 0, 0]
    # Three-player majority: symmetric, so (1/3, 1/3, 1/3).
    assert set(coop.nucleolus(coop.weighted_voting(2, [1, 1, 1])).allocation.values()) == {Fraction(1, 3)}
    # Singletons worth more than v(N): no nucleolus, but a prenucleolus.
    table = {(): 0, ("a",): 2, ("b",): 2, ("a", "b"): 3}
    with pytest.raises(sprague.Unsupported, match="prenucleolus"):
        coop.nucleolus(table)
    pre = coop.nucleolus(table, pre=True)
    assert pre.allocation == {"a": Fraction(3, 2), "b": Fraction(3, 2)} and pre.pre


def test_nucleolus_of_games_given_by_a_rule():
    # Two buyers, one seller with surpluses 5 and 3: (1, 0, 4) by hand (the
    # library tests); the airport cost game 1, 2, 3: Littlechild's (1/2, 3/4, 7/4).
    assert coop.nucleolus("assignment:5;3").allocation == {"B1": 1, "B2": 0, "S1": 4}
    assert list(coop.nucleolus("airport:1,2,3").allocation.values()) == [
        Fraction(1, 2), Fraction(3, 4), Fraction(7, 4)]
    # Eighteen glove owners, nine of each, beyond the LP over all coalitions.
    assert set(coop.nucleolus("glove:9,9").allocation.values()) == {Fraction(1, 2)}


def test_core_least_core_and_membership():
    majority = coop.weighted_voting(2, [1, 1, 1])
    found = coop.core(majority)
    assert found.empty and found.point is None and found.epsilon == Fraction(1, 3)
    least = coop.least_core(majority)
    assert least.epsilon == Fraction(1, 3) and set(least.point.values()) == {Fraction(1, 3)}
    gloves = coop.Game.parse("glove:1,2")
    found = coop.core(gloves)
    assert not found.empty and list(found.point.values()) == [1, 0, 0]
    assert (1, 0, 0) in found and [Fraction(1, 2), Fraction(1, 2), 0] not in found
    check = coop.in_core(gloves, {"L1": Fraction(1, 2), "R1": Fraction(1, 2), "R2": 0})
    assert not check and check.efficient and check.most_unhappy_coalition == "{L1,R2}"
    assert check.max_excess == Fraction(1, 2)


def test_the_airport_game_is_tested_as_a_cost_game():
    # Runways costing 1, 2, 3: the core of the cost game asks x(S) <= c(S).
    airport = coop.Game.parse("airport:1,2,3")
    found = coop.core(airport)
    assert tuple(found.point.values()) in found
    fair = coop.in_core(airport, [1, 1, 1])
    assert fair and fair.game_kind == "cost"
    overcharged = coop.in_core(airport, [2, 0, 1])
    assert not overcharged and overcharged.most_unhappy_coalition == "{1}"
    assert overcharged.max_excess == 1


def test_tables_as_the_command_line_writes_them_and_values():
    text = '{"players": ["A", "B", "C"], "values": {"A": 0, "B": 0, "C": 0, "A,B": 1, "A,C": 1, "B,C": 0, "A,B,C": 1}}'
    game = coop.Game.parse(text)
    assert game.players == ["A", "B", "C"]
    assert coop.shapley(game) == {"A": Fraction(2, 3), "B": Fraction(1, 6), "C": Fraction(1, 6)}
    assert game.value({"A", "B"}) == 1 and game.value(()) == 0
    # Keys in the command line's text form.
    game = coop.Game({"A": 1, "B": 0, "A,B": 3})
    assert coop.shapley(game) == {"A": 2, "B": 1}
    assert coop.Game.parse('{"quota": 3, "weights": [2, 1, 1]}').players == ["1", "2", "3"]


@needs_cli
def test_answers_equal_the_command_line():
    for spec in ["glove:1,2", "[51; 49, 48, 3]", "airport:1,2,3", "bankruptcy:200:100,200,300"]:
        game = coop.Game.parse(spec)
        assert json.loads(game._native.shapley(None, 0)) == cli("coop", "shapley", spec)
        assert json.loads(game._native.banzhaf()) == cli("coop", "banzhaf", spec)
        assert json.loads(game._native.core()) == cli("coop", "core", spec)
        assert json.loads(game._native.least_core()) == cli("coop", "least-core", spec)
        assert json.loads(game._native.nucleolus(True)) == cli("coop", "nucleolus", spec, "--pre")
        # The airport game is solved as a cost game (its savings game has a nucleolus).
        assert json.loads(game._native.nucleolus(False)) == cli("coop", "nucleolus", spec)
    estimate = coop.shapley("glove:15,15", seed=3)
    expected = cli("coop", "shapley", "glove:15,15", "--seed", 3)
    assert not estimate.exact and list(estimate.mean.values()) == expected["shapley"]
    estimate = coop.shapley("[51; 49, 48, 3]", monte_carlo=1000)
    assert list(estimate.mean.values()) == cli("coop", "shapley", "[51; 49, 48, 3]", "--monte-carlo", 1000)["shapley"]


class Boom(Exception):
    pass


def explode(coalition):
    if len(coalition) == 2:
        raise Boom("no pairs")
    return len(coalition)


ERRORS = [
    (lambda: coop.Game(21, len), sprague.TooLarge, "21 players is too many"),
    (lambda: coop.Game(0, len), sprague.InvalidInput, "at least one player"),
    (lambda: coop.Game(3, lambda s: "x"), sprague.InvalidInput, "not a number"),
    (lambda: coop.Game(3, lambda s: float("nan")), sprague.InvalidInput, "not a finite"),
    (lambda: coop.Game(3, lambda s: None), sprague.InvalidInput, "not a number"),
    (lambda: coop.Game(2, lambda s: 1), sprague.InvalidInput, "empty coalition must be worth 0"),
    (lambda: coop.Game(3, 5), sprague.InvalidInput, "Game"),
    (lambda: coop.Game(["a", "a"], len), sprague.InvalidInput, "listed twice"),
    (lambda: coop.Game(["a,b", "c"], len), sprague.InvalidInput, "no comma"),
    (lambda: coop.Game({("A",): 1, ("A", "B"): 2}), sprague.InvalidInput, r"coalition \{B\} has no value"),
    (lambda: coop.Game({("A",): 1, ("B",): 1, ("A", "B"): 2, ("B", "A"): 2}), sprague.InvalidInput, "given twice"),
    (lambda: coop.Game({("A",): "1"}), sprague.InvalidInput, "not a number"),
    (lambda: coop.Game({5: 1}), sprague.InvalidInput, "a coalition is"),
    (lambda: coop.Game.parse("glove:x"), sprague.InvalidInput, "glove:L,R"),
    (lambda: coop.Game.parse("glove:100000000000,1"), sprague.TooLarge, "at most 100000 players"),
    (lambda: coop.Game.parse("no such game"), sprague.InvalidInput, "is not a game"),
    (lambda: coop.Game.parse("{"), sprague.InvalidInput, "not valid JSON"),
    (lambda: coop.Game.parse("[0; 1, 2]"), sprague.InvalidInput, "quota must be positive"),
    (lambda: coop.Game.parse("bankruptcy:700:100,200,300"), sprague.InvalidInput, "no bankruptcy"),
    (lambda: coop.Game.parse(42), sprague.InvalidInput, "string"),
    (lambda: coop.weighted_voting(-1, [1]), sprague.InvalidInput, "non-negative integer"),
    (lambda: coop.weighted_voting(5, [1, 2]), sprague.InvalidInput, "above the total weight"),
    (lambda: coop.banzhaf("glove:15,15"), sprague.TooLarge, "at most 20 players, not 30"),
    (lambda: coop.nucleolus("glove:13,13"), sprague.TooLarge, "at most 25 players, not 26"),
    (lambda: coop.core("glove:15,15"), sprague.TooLarge, "exact core"),
    (lambda: coop.shapley("glove:1,2", monte_carlo=-5), sprague.InvalidInput, "monte_carlo"),
    (lambda: coop.in_core("glove:1,2", [1, 0]), sprague.InvalidInput, "2 shares for 3 players"),
    (lambda: coop.in_core("glove:1,2", ["a", 0, 0]), sprague.InvalidInput, "not a number"),
    (lambda: coop.Game.parse("glove:1,2").value({"Z"}), sprague.InvalidInput, "not in the game"),
    (lambda: coop.shapley(3.5), sprague.InvalidInput, "not a game"),
]


@pytest.mark.parametrize("call, error, words", ERRORS)
def test_every_error_path_raises_a_sprague_error(call, error, words):
    with pytest.raises(error, match=words) as raised:
        call()
    assert isinstance(raised.value, sprague.Error)


def test_a_callable_that_raises_propagates_its_own_exception():
    with pytest.raises(Boom, match="no pairs"):
        coop.Game(3, explode)
