"""Every command of the command line is reachable from Python and from the web
API, or is listed here with the reason it is not: the command list is read from
`sprague --help`, the API's from `/api/openapi.json` of a running `sprague serve`
(the binary is $SPRAGUE_BIN, built by scripts/test-python.sh)."""

import json
import re
import subprocess
import time
import urllib.request

import pytest

import sprague
from sprague import coop, dynamics, ipd

from command_line import SPRAGUE_BIN, needs_cli

# What answers each command from Python (the module's docs/python.md).
PYTHON = {
    "games": sprague.games,
    "analyze": sprague.analyze,
    "moves": sprague.ImpartialGame.moves,
    "play": sprague.ImpartialGame.reply,
    "values": sprague.values,
    "table": sprague.table,
    "graph": sprague.graph,
    "quotient": sprague.quotient,
    "survey": sprague.survey,
    "nimber": sprague.nimber_eval,
    "nash": sprague.Game.equilibria,
    "zerosum": sprague.Game.zero_sum,
    "dominance": sprague.Game.dominance,
    "dynamics": dynamics.ess,
    "tree": sprague.ExtensiveGame.subgame_perfect,
    "ipd": ipd.tournament,
    "coop": coop.shapley,
    "cgt": sprague.partizan.game,
    "plot": sprague.plot,
    "serve": sprague.serve,
}

# Commands that make no sense outside a terminal, in Python and in the API alike
# (Python's sprague.serve starts the server of `serve` on a game it defines).
NO_SENSE = {
    "serve": "starts the web server itself",
    "completions": "writes a shell's completion script",
    "manpage": "writes the man page",
    "help": "clap's help",
}

# Known gaps, issue 28: reachable from the command line only for now. A command
# that gains a Python function or an endpoint must leave its list (checked below).
PYTHON_NOT_YET: dict = {}
API_NOT_YET: dict = {}


def commands():
    out = subprocess.run([SPRAGUE_BIN, "--help"], capture_output=True, text=True, check=True).stdout
    listing = out.split("Commands:", 1)[1].split("\n\n", 1)[0]
    names = [m.group(1) for m in re.finditer(r"^  ([a-z][a-z-]*)\s", listing, re.M)]
    assert "analyze" in names and "dynamics" in names, names
    return names


@needs_cli
def test_every_command_has_a_python_function_or_a_reason():
    missing = [c for c in commands() if c not in PYTHON and c not in NO_SENSE and c not in PYTHON_NOT_YET]
    assert missing == [], f"commands with no Python function and no documented exclusion: {missing}"
    for name, call in PYTHON.items():
        assert callable(call), name
    # A gap that was closed must leave the list.
    for name in PYTHON_NOT_YET:
        assert not hasattr(sprague, name), f"sprague.{name} exists: remove it from PYTHON_NOT_YET"


@pytest.fixture(scope="module")
def openapi_paths():
    server = subprocess.Popen(
        [SPRAGUE_BIN, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        line = server.stdout.readline()
        url = re.search(r"http://\S+", line).group(0).rstrip("/")
        deadline = time.time() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{url}/api/openapi.json", timeout=10) as reply:
                    yield sorted(json.load(reply)["paths"])
                break
            except OSError:
                if time.time() > deadline:
                    raise
                time.sleep(0.1)
    finally:
        server.terminate()
        server.wait(timeout=10)


@needs_cli
def test_every_command_has_an_endpoint_or_a_reason(openapi_paths):
    def covered(command):
        return any(p == f"/api/{command}" or p.startswith(f"/api/{command}/") for p in openapi_paths)

    missing = [c for c in commands() if not covered(c) and c not in NO_SENSE and c not in API_NOT_YET]
    assert missing == [], f"commands with no endpoint and no documented exclusion: {missing} (paths: {openapi_paths})"
    closed = [c for c in API_NOT_YET if covered(c)]
    assert closed == [], f"remove {closed} from API_NOT_YET: the API has them now"


@needs_cli
def test_plot_draws_the_same_svg_in_python_and_on_the_command_line(tmp_path):
    for game, kind in [("0.16", "values"), ("0.16", "rare-count"), ("subtraction:1,3,4", "values")]:
        out = tmp_path / "plot.svg"
        subprocess.run(
            [SPRAGUE_BIN, "plot", game, "--to", "400", "--kind", kind, "-o", str(out)],
            check=True,
            capture_output=True,
        )
        drawn = sprague.plot(game, to=400, kind=kind)
        assert drawn.svg == out.read_text(), (game, kind)
        assert drawn.summary["values"] == 401
    assert sprague.plot("subtraction:1,3,4", to=100).summary["p_positions"] == 30
    with pytest.raises(sprague.Unsupported, match="rare-count plot is for take-and-break"):
        sprague.plot("nim", to=10, kind="rare-count")
    with pytest.raises(sprague.InvalidInput, match="kind must be"):
        sprague.plot("nim", to=10, kind="pie")
