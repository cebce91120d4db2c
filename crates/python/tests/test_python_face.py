"""Small parity defects of the Python face (issue 28): nimbers equal to their ints,
exceptions named ``sprague.X``, a package namespace without its private imports, a
readable ``print(game)``, and size refusals that name ``force=True`` rather than the
command line's ``--force``."""

import pickle

import pytest

import sprague
from sprague.extensive import ExtensiveGame


def test_a_nimber_equals_its_int_as_the_arithmetic_takes_it():
    assert sprague.Nimber(3) == 3
    assert 3 == sprague.Nimber(3)
    assert sprague.Nimber(3) != 4
    assert sprague.Nimber(5) + 3 == 6  # 5 ⊕ 3
    assert sprague.Nimber(16) * 16 == 24
    # Equal objects hash alike: a nimber and its int are one key.
    assert hash(sprague.Nimber(3)) == hash(3)
    assert hash(sprague.Nimber(2**100 + 7)) == hash(2**100 + 7)
    assert {sprague.Nimber(3): "a"}[3] == "a"
    assert len({sprague.Nimber(7), 7}) == 1
    # Ordered by number, with ints too; other types are not equal, not errors.
    assert sprague.Nimber(2) < 3 < sprague.Nimber(4)
    assert sorted([sprague.Nimber(5), 1, sprague.Nimber(3)]) == [1, 3, 5]
    assert sprague.Nimber(3) != "3"
    assert sprague.Nimber(3) != 3.5
    assert sprague.Nimber(0) != -1
    assert sprague.Nimber(1) != None  # noqa: E711
    with pytest.raises(TypeError):
        _ = sprague.Nimber(1) < "2"
    # Nimbers among themselves, as before.
    assert sprague.Nimber(3) == sprague.Nimber(3)
    assert sprague.Nimber(3) != sprague.Nimber(4)
    assert len({sprague.Nimber(3), sprague.Nimber(3)}) == 1


@pytest.mark.parametrize(
    "name",
    [
        "Error",
        "UnknownGame",
        "InvalidInput",
        "IllegalMove",
        "TooLarge",
        "Unsupported",
        "CheckpointError",
    ],
)
def test_exceptions_are_named_in_the_package(name):
    exception = getattr(sprague, name)
    assert exception.__module__ == "sprague"
    assert exception.__qualname__ == name
    assert f"{exception.__module__}.{exception.__qualname__}" == f"sprague.{name}"
    # Pickled by that name (as multiprocessing and dask send them).
    error = exception("a sentence")
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is exception and str(again) == "a sentence"


def test_a_raised_error_shows_as_sprague_unknown_game():
    with pytest.raises(sprague.UnknownGame) as caught:
        sprague.game("kayle")
    assert caught.type.__module__ == "sprague"
    assert "sprague.UnknownGame" in repr(caught.type)


def test_the_namespace_holds_the_api_not_the_private_imports():
    public = {name for name in dir(sprague) if not name.startswith("_")}
    for leaked in [
        "List",
        "Optional",
        "Union",
        "Any",
        "Callable",
        "Iterable",
        "Sequence",
        "json",
        "os",
        "html",
        "dataclass",
        "field",
        "annotations",
    ]:
        assert leaked not in public, leaked
    for name in sprague.__all__:
        assert hasattr(sprague, name), name
    # Everything public is the API: __all__, the submodules, and documented extras.
    # sprague.sum is left out of __all__ so that `from sprague import *` keeps the builtin sum.
    extras = {"strategic", "extensive", "web", "PositionLike", "sum"}
    assert public - set(sprague.__all__) <= extras, public - set(sprague.__all__) - extras
    # The dataclasses and the type hints still work.
    assert sprague.values("kayles", 20).period == 12
    import typing

    assert typing.get_type_hints(sprague.Values)["values"] == typing.List[int]


def test_print_game_shows_the_payoff_table():
    game = sprague.Game.example("prisoners-dilemma")
    text = str(game)
    assert not text.startswith("<"), text
    lines = text.splitlines()
    rows, columns = game.strategies
    a, b = game.payoff_matrices
    # One line per row strategy, each cell "a, b".
    for i, name in enumerate(rows):
        line = next(line for line in lines if line.startswith(name))
        for j in range(len(columns)):
            assert f"{a[i][j]}, {b[i][j]}" in line, (line, a[i][j], b[i][j])
    for name in columns:
        assert name in lines[1 if game.title else 0], text
    assert lines[-1] == f"Payoffs: ({', '.join(game.players)}).", text
    # repr is unchanged.
    assert repr(game).startswith("<sprague.Game")


def test_print_game_of_three_players_lists_the_profiles():
    cube = [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]
    game = sprague.Game.from_payoffs([cube, cube, cube], players=["A", "B", "C"])
    lines = str(game).splitlines()
    # A header, one line per pure profile (2 x 2 x 2), the payoffs line.
    assert lines[0].split() == ["A", "B", "C", "payoffs"], lines
    assert len(lines) == 1 + 8 + 1, lines
    assert lines[-1] == "Payoffs: (A, B, C).", lines
    # Player A's strategy varies fastest: profile (2, 1, 1) pays cube[1][0][0] = 5.
    assert lines[2].split()[:3] == ["2", "1", "1"] and lines[2].endswith("5, 5, 5"), lines


def test_a_size_refusal_names_force_true_not_the_command_line_flag():
    kuhn = ExtensiveGame.load("kuhn-poker")
    try:
        kuhn.nash("enum")
    except sprague.TooLarge as error:
        message = str(error)
        assert "--force" not in message, message
        assert "force=True" in message, message
    else:
        # Within the limit on this build: then nothing to rewrite.
        pass
