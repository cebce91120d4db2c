"""`sprague.quotient` and `sprague.dynamics` against the command line's
`--format json` for the same arguments (the binary is $SPRAGUE_BIN, built by
scripts/test-python.sh), and a few answers known by hand."""

import json
import subprocess
from fractions import Fraction

import pytest

import sprague
from sprague import dynamics

from command_line import SPRAGUE_BIN, cli, needs_cli


def without_seconds(record):
    """The record without its timings, which differ between two runs."""
    if isinstance(record, list):
        return [without_seconds(r) for r in record]
    return {k: v for k, v in record.items() if k != "seconds"}


def test_kayles_quotient_by_hand():
    # Misère Kayles: order 40, proven periodic at heap 167 (docs/misere.md, checked
    # independently by crates/misere/tests/kayles_order.rs).
    q = sprague.quotient("kayles", 200)
    assert q["proven"] and q["order"] == 40 and q["heaps_computed"] == 167 and q["stopped"] is None
    assert q["heaps"][0] == q["elements"][0]  # the empty heap is the identity


@needs_cli
@pytest.mark.parametrize(
    "args, kwargs",
    [
        (["kayles", "--heaps", "40"], dict(heaps=40)),
        (["0.75", "--genus", "8"], dict(genus=8)),
        (["0.1?", "--survey", "--heaps", "20"], dict(heaps=20, survey=True)),
    ],
)
def test_quotient_equals_the_command_line(args, kwargs):
    assert without_seconds(sprague.quotient(args[0], **kwargs)) == without_seconds(cli("quotient", *args))


@needs_cli
def test_a_quotient_stopped_by_its_limit_is_the_record_the_command_line_prints():
    # The command line prints the heaps proven before the limit, then fails (exit 1);
    # Python returns that record, `stopped` saying why.
    args = ["quotient", "misere:dawsons-kayles", "--heaps", "30", "--max-order", "64", "--format", "json"]
    out = subprocess.run([SPRAGUE_BIN, *args], capture_output=True, text=True)
    assert out.returncode == 1 and "past the limit 64" in out.stderr
    q = sprague.quotient("misere:dawsons-kayles", 30, max_order=64)
    assert "past the limit 64" in q["stopped"]
    assert without_seconds(q) == without_seconds(json.loads(out.stdout))


def test_quotient_refuses_what_the_command_line_refuses():
    with pytest.raises(sprague.InvalidInput, match="octal and hexadecimal games"):
        sprague.quotient("wythoff")
    with pytest.raises(sprague.InvalidInput, match="at most 100000"):
        sprague.quotient("kayles", 100_001)


def test_hawk_dove_ess_by_hand():
    # The built-in hawk-dove has V = 4, C = 6: the one ESS plays hawk with probability V/C.
    found = dynamics.ess("hawk-dove")["ess"]
    assert len(found) == 1
    assert [Fraction(x) for x in found[0]["state"]] == [Fraction(2, 3), Fraction(1, 3)]


@needs_cli
@pytest.mark.parametrize(
    "args, call",
    [
        (["replicator", "hawk-dove", "--steps", "50"], lambda: dynamics.replicator("hawk-dove", steps=50)),
        (
            ["replicator", "rock-paper-scissors", "--start", "1/2,1/4,1/4", "--tolerance", "1e-6", "--steps", "20"],
            lambda: dynamics.replicator(
                "rock-paper-scissors", [Fraction(1, 2), "1/4", Fraction(1, 4)], tolerance=1e-6, steps=20
            ),
        ),
        (["rest-points", "rock-paper-scissors"], lambda: dynamics.rest_points("rock-paper-scissors")),
        (["ess", "hawk-dove"], lambda: dynamics.ess("hawk-dove")),
        (["fictitious-play", "matching-pennies", "--rounds", "100"], lambda: dynamics.fictitious_play("matching-pennies", 100)),
        (
            ["fictitious-play", "matching-pennies", "--rounds", "100", "--noise", "0.5", "--seed", "3"],
            lambda: dynamics.fictitious_play("matching-pennies", 100, noise=0.5, seed=3),
        ),
        (["best-response", "matching-pennies", "--start", "2,1"], lambda: dynamics.best_response("matching-pennies", (2, 1))),
        (["regret-matching", "matching-pennies", "--rounds", "200", "--seed", "7"], lambda: dynamics.regret_matching("matching-pennies", 200, seed=7)),
        (["moran", "hawk-dove", "--population", "10"], lambda: dynamics.moran("hawk-dove", 10)),
        (
            ["moran", "hawk-dove", "--population", "10", "--intensity", "1/20", "--simulate", "--runs", "20", "--seed", "5"],
            lambda: dynamics.moran("hawk-dove", 10, intensity=Fraction(1, 20), simulate=True, runs=20, seed=5),
        ),
    ],
)
def test_dynamics_equal_the_command_line(args, call):
    assert call() == cli("dynamics", *args)


def test_dynamics_take_a_game_object_and_refuse_as_the_command_line():
    game = sprague.Game([[0, 3], [1, 2]], [[0, 1], [3, 2]])  # hawk-dove shape, symmetric
    assert dynamics.ess(game)["ess"] == dynamics.ess(sprague.Game(game))["ess"]
    with pytest.raises(sprague.Unsupported, match="not symmetric"):
        dynamics.ess(sprague.Game([[1, 0], [0, 1]], [[2, 0], [0, 1]]))
    with pytest.raises(sprague.InvalidInput, match="adding up to exactly 1"):
        dynamics.replicator("hawk-dove", [1, 1])
    with pytest.raises(sprague.InvalidInput, match="--population"):
        dynamics.moran("hawk-dove")


def test_wythoff_table_by_hand():
    # Wythoff's P-positions up to 10: (0, 0), (1, 2), (3, 5), (4, 7), (6, 10) and their mirrors.
    t = sprague.table("wythoff", 10)
    assert t["values"][1][2] == 0 and t["values"][2][1] == 0 and t["values"][1][1] == 2


@needs_cli
@pytest.mark.parametrize("game, to", [("wythoff", 12), ("digraph:a>b,b>c,c>a,c>d", 15)])
def test_table_equals_the_command_line(game, to):
    assert sprague.table(game, to) == cli("table", game, "--to", to)


def test_nim_graph_by_hand():
    # Nim 1 1: the moves to 1 (= 0 1 or 1 0 ... one heap left) and then to the end.
    g = sprague.graph("nim", 1, 1)
    assert g["nodes"][0]["position"] == "1 1" and g["nodes"][0]["losing"]
    assert not g["truncated"] and all(not e["winning"] for e in g["edges"] if e["from"] == 0)


@needs_cli
@pytest.mark.parametrize("args", [("nim", "2", "1"), ("chomp", "2x3"), ("kayles", "6")])
def test_graph_equals_the_command_line(args):
    assert sprague.graph(*args, max_nodes=50) == cli("graph", *args, "--max-nodes", 50)
