"""sprague.serve: the web page's server started from Python, answering the page's API
for the game the program holds (pinned under its name), then stopped."""

import json
import urllib.request

import pytest

import sprague


def post(server, command, body):
    request = urllib.request.Request(
        f"http://{server.address}/api/{command}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def get(server, path):
    with urllib.request.urlopen(f"http://{server.address}{path}", timeout=10) as answer:
        return answer.status, answer.read().decode()


def test_the_play_page_and_api_answer_for_the_served_game():
    game = sprague.game("subtraction:1,3,4")
    with sprague.serve(game, "9 6", open_browser=False) as server:
        assert server.running
        assert server.url.endswith("/play?game=subtraction%3A1%2C3%2C4&position=9+6")
        status, page = get(server, "/play")
        assert status == 200 and "<html" in page.lower()
        moves = post(server, "moves", {"game": game.description, "position": ["9", "6"]})
        # The same answer as the Python face of the same object.
        assert moves["grundy"] == game.analyze("9 6").value
        winning = sorted(m["notation"] for m in moves["moves"] if m["winning"])
        assert winning == sorted(o.move.notation for o in game.options("9 6") if o.winning)
        misere = post(server, "analyze", {"game": f"misere:{game.description}", "position": ["1"]})
        assert misere["outcome"] == "P"  # misère: taking the last token loses
    assert not server.running


def test_serve_refuses_what_is_not_an_impartial_game():
    with pytest.raises(sprague.InvalidInput, match="impartial game"):
        sprague.serve("nim", open_browser=False)


def test_wait_returns_after_its_time_and_stop_is_idempotent():
    server = sprague.game("nim").serve("3 4 5", open_browser=False)
    server.wait(0.2)
    assert server.running
    server.stop()
    server.stop()
    assert not server.running
