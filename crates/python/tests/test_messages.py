"""Messages that quote a name read from a game file (a player, a node, a
coalition) show it shortened and escaped (``sprague_textfile::quoted`` in the
library, issue 18): Python shows the library's message as it is, with no
command-line guard after it, so a 30 KB name of escape sequences must not
reach the exception whole or raw."""

import json

import pytest

import sprague
from sprague.coop import Game as CoopGame
from sprague.extensive import ExtensiveGame

# 30 KB of "clear the screen", a bell and a letter.
NAME = "\x1b[2J\x07x" * 5_000


def assert_bounded_and_escaped(error: BaseException) -> None:
    message = str(error)
    assert len(message) <= 400, f"{len(message)} characters: {message[:200]!r}"
    assert not any(ord(c) < 32 or 127 <= ord(c) < 160 for c in message), repr(message[:200])
    assert "\\u{1b}[2J\\u{7}x" in message, repr(message[:200])


def test_a_player_name_in_an_efg_file(tmp_path):
    # The second node repeats information set 1 of the player with other actions.
    path = tmp_path / "long-name.efg"
    path.write_text(
        f'EFG 2 R "t" {{ "{NAME}" "B" }} ""\n'
        'p "" 1 1 "" { "H" "T" } 0\n'
        't "" 1 "w" { 1, -1 }\n'
        'p "" 1 1 "" { "X" "Y" } 0\n'
        't "" 2 "l" { -1, 1 }\n'
        't "" 3 "m" { 0, 0 }\n'
    )
    with pytest.raises(sprague.Error) as raised:
        ExtensiveGame.read_efg(path)
    assert_bounded_and_escaped(raised.value)


def test_a_node_label_of_a_dangling_node():
    # The root has two actions but the file ends after its first child.
    text = (
        f'EFG 2 R "t" {{ "A" "B" }} ""\n'
        f'p "{NAME}" 1 1 "" {{ "H" "T" }} 0\n'
        't "" 1 "w" { 1, -1 }\n'
    )
    with pytest.raises(sprague.Error) as raised:
        ExtensiveGame.from_efg(text)
    assert_bounded_and_escaped(raised.value)


def test_a_coalition_naming_an_unknown_player():
    table = {"players": ["A", "B"], "values": {"A": 0, "B": 0, "A,B": 1, NAME: 1}}
    with pytest.raises(sprague.Error) as raised:
        CoopGame.parse(json.dumps(table))
    assert_bounded_and_escaped(raised.value)


def test_a_player_listed_twice():
    table = {"players": [NAME, NAME], "values": {}}
    with pytest.raises(sprague.Error) as raised:
        CoopGame.parse(json.dumps(table))
    assert_bounded_and_escaped(raised.value)
