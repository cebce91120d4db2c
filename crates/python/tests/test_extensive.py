"""Extensive-form games from Python: Kuhn poker's value and Kuhn's family of
optimal strategies (Kuhn 1950), a game with an information set written here
as `.efg` text, agreement with the command line's JSON, every error path."""

import json
import os
import pathlib
import subprocess
from fractions import Fraction

import pytest

import sprague
from sprague.extensive import ExtensiveGame

ROOT = pathlib.Path(__file__).resolve().parents[3]

# Matching pennies as a tree: player 2 does not see player 1's coin (one
# information set of two nodes). Value 0, both players mix 1/2-1/2.
PENNIES = """EFG 2 R "Matching pennies" { "P1" "P2" }
""

p "" 1 1 "" { "H" "T" } 0
p "" 2 1 "" { "h" "t" } 0
t "" 1 "HH" { 1, -1 }
t "" 2 "HT" { -1, 1 }
p "" 2 1 "" { "h" "t" } 0
t "" 3 "TH" { -1, 1 }
t "" 4 "TT" { 1, -1 }
"""

HALF = Fraction(1, 2)


def binary():
    candidates = [os.environ.get("SPRAGUE_BIN")]
    if os.environ.get("CARGO_TARGET_DIR"):
        candidates.append(os.path.join(os.environ["CARGO_TARGET_DIR"], "release", "sprague"))
    candidates.append(str(ROOT / "target/release/sprague"))
    for c in candidates:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None


BIN = binary()


def test_kuhn_poker_value_is_minus_one_eighteenth():
    # Kuhn (1950): the first player loses 1/18 per hand under optimal play.
    answer = ExtensiveGame.load("kuhn-poker").zero_sum()
    assert answer.value == Fraction(-1, 18)
    assert answer.optimal.verified
    assert answer.optimal.payoffs == [Fraction(-1, 18), Fraction(1, 18)]


def test_kuhn_poker_equilibrium_is_in_kuhns_family():
    # Kuhn's family: player 1 bets the jack with some alpha in [0, 1/3], the
    # king with 3 alpha, never the queen at first; after check-bet he folds
    # the jack and calls with the queen with alpha + 1/3. Player 2 calls a
    # bet with the king always, the queen 1/3, the jack never; after a check
    # he bets the king and bluffs the jack 1/3, and checks the queen.
    profile = ExtensiveGame.load("kuhn-poker").nash()[0]
    assert profile.verified
    first, second = profile.behaviour
    alpha = first["J"]["bet"]
    assert 0 <= alpha <= Fraction(1, 3)
    assert first["K"]["bet"] == 3 * alpha
    assert first["Q"]["bet"] == 0
    assert first["J:check-bet"]["call"] == 0
    assert first["Q:check-bet"]["call"] == alpha + Fraction(1, 3)
    assert second["K:bet"]["call"] == 1
    assert second["Q:bet"]["call"] == Fraction(1, 3)
    assert second["J:bet"]["call"] == 0
    assert second["K:check"]["bet"] == 1
    assert second["J:check"]["bet"] == Fraction(1, 3)
    assert second["Q:check"]["bet"] == 0
    for player in profile.behaviour:
        for actions in player.values():
            assert sum(actions.values()) == 1


def test_matching_pennies_with_an_information_set():
    game = ExtensiveGame.from_efg(PENNIES)
    info = game.info()
    assert info["perfect_recall"] and not info["perfect_information"]
    assert info["zero_sum"]
    answer = game.zero_sum()
    assert answer.value == 0
    for player in answer.optimal.behaviour:
        (actions,) = player.values()
        assert list(actions.values()) == [HALF, HALF]
    for method in ["seqform", "enum", "support"]:
        (profile,) = game.nash(method)
        assert profile.verified
        assert profile.payoffs == [0, 0]


def test_efg_round_trip_keeps_the_game():
    game = ExtensiveGame.load("beer-quiche")
    again = ExtensiveGame.from_efg(game.to_efg())
    assert again.info() == game.info()
    assert [p.payoffs for p in again.nash()] == [p.payoffs for p in game.nash()]


def test_subgame_perfect_equilibrium_is_checked_in_every_subgame():
    record = ExtensiveGame.load("kuhn-poker").subgame_perfect()
    assert record["every_subgame_checked"]
    assert record["players"] == ["Player 1", "Player 2"]


@pytest.mark.skipif(BIN is None, reason="the sprague binary is not built")
def test_the_records_are_the_command_lines():
    game = ExtensiveGame.load("kuhn-poker")

    def cli(*args):
        out = subprocess.run([BIN, *args, "--format", "json"], capture_output=True, text=True, check=True)
        return json.loads(out.stdout)

    assert game.zero_sum().optimal.report == cli("zerosum", "kuhn-poker")["optimal"]
    assert [p.report for p in game.nash()] == cli("nash", "kuhn-poker")["equilibria"]
    assert game.info() == cli("tree", "info", "kuhn-poker")


@pytest.mark.parametrize(
    "make, error, words",
    [
        (lambda: ExtensiveGame.from_efg("EFG 2 R"), sprague.InvalidInput, ".efg"),
        (lambda: ExtensiveGame.from_efg(PENNIES.replace("{ 1, -1 }", "{ 1 }", 1)), sprague.InvalidInput, "1 payoffs for 2 players"),
        (lambda: ExtensiveGame.from_json("{"), sprague.InvalidInput, "JSON"),
        (lambda: ExtensiveGame.load("no-such-game"), sprague.UnknownGame, "built-in"),
        (lambda: ExtensiveGame.load("beer-quiche").zero_sum(), sprague.Unsupported, "zero-sum"),
        (lambda: ExtensiveGame.load("kuhn-poker").nash("simplex"), sprague.InvalidInput, "unknown method"),
    ],
)
def test_bad_input_gets_one_sentence(make, error, words):
    with pytest.raises(error, match=words):
        make()
