"""sprague.partizan: canonical forms, their facts and the rulesets. Values are
checked against the theory (Siegel, Combinatorial Game Theory, cited by
section; Winning Ways, 2nd ed., by chapter), not against the program."""

from fractions import Fraction

import pytest

import sprague
from sprague import partizan

from command_line import cli, needs_cli


def test_a_switch():
    # ±1 = {1|-1}: first player wins, mean 0, temperature 1 (Siegel §II.5).
    g = partizan.game("{1|-1}")
    assert g.canonical_form == "±1"
    assert g.outcome == "N"
    assert g.mean == Fraction(0)
    assert g.temperature == Fraction(1)
    assert isinstance(g.mean, Fraction) and isinstance(g.temperature, Fraction)
    assert (g.left_stop, g.right_stop) == (Fraction(1), Fraction(-1))
    assert g.birthday == 2
    assert g.atomic_weight is None
    assert g.thermograph["mast"] == 0
    assert g.thermograph["left_wall"][-1] == (Fraction(1), Fraction(0))


def test_sums_and_equality():
    up = partizan.game("^")
    # ↑ + ↑ = ⇑ (Winning Ways ch. 3); * + * = 0; {0|*} = ↑ (Siegel §II.2).
    assert up + up == partizan.game("^^")
    assert partizan.game("*") + partizan.game("*") == 0
    assert partizan.game("{0|*}") == up
    assert up - up == 0
    assert -up == partizan.game("v")
    assert 1 + partizan.game("1/2") == partizan.game("3/2")
    assert partizan.game("1/2") + "1/2" == 1
    assert hash(partizan.game("{0|*}")) == hash(up)


def test_comparisons_are_the_partial_order():
    up, star, zero = partizan.game("^"), partizan.game("*"), partizan.game("0")
    assert up > zero and zero < up and up >= 0 and not up <= 0
    # ↑ ‖ * (Winning Ways ch. 3): none of <, ==, > holds.
    assert up.compare(star) == "‖"
    assert not (up < star) and not (up > star) and not (up == star)
    assert not (up <= star) and not (up >= star)
    assert partizan.game("-1") < partizan.game("v")
    assert partizan.game("{1|-1}").compare(0) == "‖"


def test_repr_and_text():
    g = partizan.game("{1|-1} + ^")
    assert repr(g) == "game('{1^|-1^}')"
    assert str(g) == "{1^|-1^}"
    assert g.reduced_canonical_form == partizan.game("{1|-1}")
    assert partizan.game("^^*").atomic_weight == 2


def test_rulesets_return_the_same_objects():
    # Domineering 2x2 is ±1 (Winning Ways ch. 5); a column of two is 1.
    assert partizan.domineering("..|..") == partizan.game("{1|-1}")
    assert partizan.domineering(".|.") == 1
    # Blue-Red Hackenbush BRB = 1 - 1/2 + 1/4 = 3/4 (Winning Ways ch. 2).
    assert partizan.hackenbush("BRB").mean == Fraction(3, 4)
    assert partizan.hackenbush("0-1:g") == partizan.game("*")
    # T.F: both players' moves lead to 0, so {0|0} = *.
    assert partizan.toads_and_frogs("T.F") == partizan.game("*")
    assert partizan.clobber("xo") == partizan.game("*")
    # Konane .xo.: each side's one jump empties the board, {0|0} = *; xo. = {0|} = 1.
    assert partizan.konane(".xo.") == partizan.game("*")
    assert partizan.konane("xo.") == 1
    assert partizan.cutcake("1x2") == 1
    assert partizan.col("..:0-1") == 0
    assert partizan.snort("2:0-1") == partizan.game("±1")
    assert isinstance(partizan.domineering("..."), partizan.Game)
    # Northcott rows are the nimbers of their gaps (3 xor 2 = 1), also as two rows typed apart.
    assert partizan.northcott("B...W. .W..B") == partizan.game("*")
    assert partizan.analyze("northcott-partizan", "B.W")["right_winning_moves"][0]["move"] == "1:3->2"
    # Past canonical forms, a Domineering board gets its outcome by search, as on the
    # command line: four columns of eight squares leave Right no move.
    large = partizan.analyze("domineering", "|".join([".#.#.#."] * 8))
    assert large["canonical_form"] is None and large["outcome"] == "L"
    assert len(large["left_winning_moves"]) == 28
    # The table of `sprague table domineering`: each board's outcome is that of its
    # canonical form (computed by the other algorithm).
    table = partizan.domineering_table(3)
    assert [b["rows"] * 10 + b["cols"] for b in table["boards"]] == [
        m * 10 + n for m in range(1, 4) for n in range(1, 4)
    ]
    for b in table["boards"]:
        board = "|".join(["." * b["cols"]] * b["rows"])
        assert b["outcome"] == partizan.analyze("domineering", board)["outcome"]
    with pytest.raises(sprague.InvalidInput):
        partizan.domineering_table(12)
    names = [r["name"] for r in partizan.rulesets()]
    assert "domineering" in names and "snort" in names and "konane" in names


def test_errors_are_one_sentence():
    for bad in ["{1|", "1/3", "^^x", ""]:
        with pytest.raises(sprague.InvalidInput) as caught:
            partizan.game(bad)
        assert "\n" not in str(caught.value)
    with pytest.raises(sprague.InvalidInput, match="domineering position"):
        partizan.domineering("..|.x")
    with pytest.raises(TypeError):
        partizan.game("^") + 1.5


@needs_cli
def test_analyze_gives_the_record_of_the_command_line_and_reply_moves_as_play_does():
    for ruleset, position in [("domineering", "..|.."), ("toads-and-frogs", "TT..FF"), ("hackenbush", "BRB RR")]:
        record = partizan.analyze(ruleset, position)
        assert record == cli("analyze", ruleset, *position.split()), ruleset
    # Domineering 2×2 is ±1: each side's every move wins (it leaves the mover a free move).
    chosen = partizan.reply("domineering", "..|..", "right")
    assert chosen["winning"] and chosen["value"] == "-1"
    # A side without a move gets None; a bad side is a clear error.
    assert partizan.reply("domineering", "#.|#.", "right") is None
    with pytest.raises(sprague.InvalidInput, match="side must be"):
        partizan.reply("domineering", "..|..", "up")


def test_analyze_answers_the_outcome_when_the_canonical_form_is_past_the_budget():
    import time

    started = time.perf_counter()
    record = partizan.analyze("domineering", "|".join(["......"] * 5))
    assert time.perf_counter() - started < 4.0
    assert record["outcome"] == "R"
    if record["canonical_form"] is None:
        assert "not found within 2 s" in record["skipped"]
    else:
        assert record["canonical_form"] == "-3/2"
