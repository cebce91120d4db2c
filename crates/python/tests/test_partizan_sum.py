"""Sums of positions from different partizan games (sprague.partizan.analyze_sum and
reply_sum): a ruleset's position beside a user-defined game's and a plain game.

Checked against a brute-force search written here: the rules of Domineering and Toads and
Frogs (from test_partizan_define, written from Winning Ways), Blue-Red Hackenbush strings
as a defined game, and plain games as explicit trees; who wins moving first from a sum is
decided by exhaustive play of the sum itself (a move is in one part, the others stay), not
by adding values. Every move of each side is counted, the winning ones are exactly those
after which the opponent loses moving first, and the computer's replies win every game the
brute force says the mover can win.
"""

import random
from functools import lru_cache

import pytest

import sprague
from sprague import partizan
from test_partizan_define import domineering_moves, hackenbush_cut, random_board, toads_options

HACKENBUSH = partizan.define(hackenbush_cut("B"), hackenbush_cut("R"), name="hackenbush strings")

# Plain games as trees: (Left options, Right options), by canonical-form text.
TREES = {
    "0": ([], []),
    "*": (["0"], ["0"]),
    "1": (["0"], []),
    "-1": ([], ["0"]),
    "±1": (["1"], ["-1"]),
    "^": (["0"], ["*"]),
}
TEXT = {"{1|-1}": "±1"}

RULES = {
    "domineering": (domineering_moves(True), domineering_moves(False)),
    "toads-and-frogs": (toads_options("T"), toads_options("F")),
}


def key(part):
    """A part in the brute force's terms: ("R", ruleset, position), ("D", position) for the
    defined Hackenbush, ("G", canonical text) for a plain game."""
    if isinstance(part, tuple) and isinstance(part[0], str):
        return ("R", part[0], part[1])
    if isinstance(part, tuple):
        assert part[0] is HACKENBUSH
        return ("D", part[1])
    text = part.canonical_form if isinstance(part, partizan.Game) else str(part)
    return ("G", TEXT.get(text, text))


def options(k, side):
    i = 0 if side == "left" else 1
    if k[0] == "R":
        return [("R", k[1], to) for to in RULES[k[1]][i](k[2])]
    if k[0] == "D":
        cut = hackenbush_cut("B" if side == "left" else "R")
        return [("D", to) for to in cut(k[1])]
    return [("G", to) for to in TREES[k[1]][i]]


@lru_cache(maxsize=None)
def wins_first(parts, side):
    """Whether `side` wins moving first from the sum `parts` (a tuple of keys)."""
    other = "right" if side == "left" else "left"
    return any(
        not wins_first(parts[:k] + (to,) + parts[k + 1 :], other)
        for k, part in enumerate(parts)
        for to in options(part, side)
    )


def brute_moves(parts, side):
    return [(k, parts[:k] + (to,) + parts[k + 1 :]) for k, part in enumerate(parts) for to in options(part, side)]


def random_part(rng):
    kind = rng.choice(["domineering", "toads", "hackenbush", "game"])
    if kind == "domineering":
        return ("domineering", random_board(rng, rng.randint(1, 2), rng.randint(1, 3)))
    if kind == "toads":
        return ("toads-and-frogs", "".join(rng.choice("TF..") for _ in range(rng.randint(2, 5))))
    if kind == "hackenbush":
        return (HACKENBUSH, "".join(rng.choice("BR") for _ in range(rng.randint(1, 4))))
    return rng.choice(["*", "1", "-1", "{1|-1}", "^", 0])


def random_sum(rng):
    return tuple(random_part(rng) for _ in range(rng.randint(1, 3)))


def test_winning_moves_agree_with_brute_force():
    rng = random.Random(27)
    for _ in range(150):
        parts = random_sum(rng)
        keys = tuple(key(p) for p in parts)
        record = partizan.analyze_sum(*parts)
        left_first, right_first = wins_first(keys, "left"), wins_first(keys, "right")
        expected = {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}
        assert record["outcome"] == expected[(left_first, right_first)], parts
        for side, other in (("left", "right"), ("right", "left")):
            brute = brute_moves(keys, side)
            assert record[f"{side}_moves"] == len(brute), (parts, side)
            winning = sorted((k, after) for k, after in brute if not wins_first(after, other))
            found = sorted(
                (m["component"], tuple(key(p) for p in m["to"])) for m in record[f"{side}_winning_moves"]
            )
            assert found == winning, (parts, side)


def test_values_are_the_sums_of_the_parts_values():
    rng = random.Random(5)
    for _ in range(40):
        parts = random_sum(rng)
        values = []
        for p in parts:
            if isinstance(p, tuple) and isinstance(p[0], str):
                values.append(partizan.analyze(*p)["canonical_form"])
            elif isinstance(p, tuple):
                values.append(HACKENBUSH.value(p[1]).canonical_form)
            else:
                values.append(str(p))
        total = partizan.sum(*values)
        record = partizan.analyze_sum(*parts)
        assert record["canonical_form"] == total.canonical_form
        assert [q["game"] for q in record["parts"]] == [
            p[0] if isinstance(p, tuple) and isinstance(p[0], str) else
            "hackenbush strings" if isinstance(p, tuple) else "game"
            for p in parts
        ]


def test_one_ruleset_part_answers_as_analyze():
    for ruleset, position in [("domineering", "...|..."), ("toads-and-frogs", "TT..F"), ("clobber", "xox|ox.")]:
        alone = partizan.analyze(ruleset, position)
        summed = partizan.analyze_sum((ruleset, position))
        for field in ("canonical_form", "outcome", "left_moves", "right_moves"):
            assert summed[field] == alone[field], (ruleset, field)
        for side in ("left", "right"):
            mine = [(m["move"], m["to"][0][1], m["value"]) for m in summed[f"{side}_winning_moves"]]
            theirs = [(m["move"], m["to"], m["value"]) for m in alone[f"{side}_winning_moves"]]
            assert mine == theirs, (ruleset, side)


def test_the_computer_wins_every_sum_it_can_by_reply_sum():
    rng = random.Random(11)
    for _ in range(60):
        parts = random_sum(rng)
        side = rng.choice(["left", "right"])
        predicted = side if wins_first(tuple(key(p) for p in parts), side) else ("right" if side == "left" else "left")
        last = None
        for _ in range(100):
            keys = tuple(key(p) for p in parts)
            other = "right" if side == "left" else "left"
            move = partizan.reply_sum(*parts, side=side)
            if move is None:
                assert not brute_moves(keys, side), parts
                break
            after = tuple(key(p) for p in move["to"])
            assert (move["component"], after) in brute_moves(keys, side)
            if wins_first(keys, side):
                assert move["winning"] and not wins_first(after, other), parts
            assert move["value"] == partizan.game(partizan.analyze_sum(*move["to"])["canonical_form"])
            parts, last, side = move["to"], side, other
        assert last == predicted or (last is None and predicted != side)


def test_bad_parts_are_one_clear_error():
    with pytest.raises(sprague.InvalidInput, match="at least one part"):
        partizan.analyze_sum()
    with pytest.raises(TypeError, match="part of a sum"):
        partizan.analyze_sum((1, 2, 3))
    with pytest.raises(sprague.InvalidInput, match="not a domineering position"):
        partizan.analyze_sum(("domineering", "..|.x"))
    with pytest.raises(sprague.InvalidInput, match="no partizan ruleset"):
        partizan.analyze_sum(("chess", "e4"), "*")
    with pytest.raises(sprague.InvalidInput, match="side must be"):
        partizan.reply_sum("*", side="up")
    with pytest.raises(TypeError, match="is not a game"):
        partizan.analyze_sum(object())
    assert partizan.reply_sum(("domineering", "."), 0) is None


def test_a_part_beyond_canonical_forms_is_refused_at_once():
    import time

    started = time.perf_counter()
    with pytest.raises(sprague.TooLarge, match="at most 30"):
        partizan.analyze_sum(("domineering", "|".join(["......"] * 6)), "*")
    with pytest.raises(sprague.TooLarge, match="at most 30"):
        partizan.domineering("|".join(["......"] * 6))
    assert time.perf_counter() - started < 2.0


def test_describe_is_called_only_for_the_moves_reported():
    asked = []

    def describe(position, option):
        asked.append(option)
        return f"cut down to {option!r}"

    hackenbush = partizan.define(hackenbush_cut("B"), hackenbush_cut("R"), describe=describe)
    record = partizan.analyze_sum((hackenbush, "BRB"), "1")
    described = [
        m["description"]
        for side in ("left", "right")
        for m in record[f"{side}_winning_moves"]
        if m["component"] == 0
    ]
    assert len(asked) == len(described) and all(d.startswith("cut down to") for d in described)
    assert len(asked) < record["left_moves"] + record["right_moves"]

