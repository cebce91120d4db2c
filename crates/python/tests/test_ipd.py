"""The iterated prisoner's dilemma from Python: known values computed by
hand, and equality with the command line's JSON for the same seeds (the
binary is $SPRAGUE_BIN, built by scripts/test-python.sh)."""

import math
import os
import signal
import sys
import threading
import time

import pytest

import sprague
from sprague import ipd

from command_line import SPRAGUE_BIN, cli, needs_cli


def test_tit_for_tat_against_defector_by_hand():
    # Turn 1: S = 0 against T = 5; turns 2..10: P = 1 each, so 9 and 14.
    m = ipd.match("TitForTat", "Defector", turns=10)
    assert m.scores == (9.0, 14.0)
    assert m.moves == ("CDDDDDDDDD", "DDDDDDDDDD")
    assert m.cooperations == (1, 0) and m.turns == 10
    # Other payoffs (R, S, T, P) = (4, -1, 6, 0): -1 + 9*0 and 6 + 9*0.
    assert ipd.match("TFT", "AllD", turns=10, payoffs=(4, -1, 6, 0)).scores == (-1.0, 6.0)


def test_strategies_are_listed_with_their_rules():
    found = {s.id: s for s in ipd.strategies()}
    assert len(found) >= 40
    assert "TitForTat" in found and not found["TitForTat"].stochastic
    assert found["Random"].stochastic and found["TitForTat"].description


def test_strategies_given_by_parameters(tmp_path):
    # memoryone:1,0,1,0 is tit for tat: exploited once, then mutual defection.
    m = ipd.match("memoryone:1,0,1,0", "Defector", turns=10)
    assert m.scores == (9.0, 14.0) and m.players == ("memoryone:1,0,1,0,C", "Defector")
    machine = tmp_path / "alld.json"
    machine.write_text('{"initial_state": 0, "initial_action": "D", "transitions": [[0, "C", 0, "D"], [0, "D", 0, "D"]]}')
    assert ipd.match(f"fsm:{machine}", "Cooperator", turns=4).scores == (20.0, 0.0)
    t = ipd.tournament(["zd:1/9,1/2,1", "lookup:1,1,0:CDDC", "TitForTat"], turns=20, repetitions=2)
    assert len(t.ranking) == 3 and "zd:1/9,1/2,1" in t.players
    with pytest.raises(sprague.InvalidInput, match="zero-determinant"):
        ipd.match("zd:1,1/2,1", "Defector")
    with pytest.raises(sprague.InvalidInput, match="memory-one"):
        ipd.moran(["memoryone:1,0", "Defector"])


@needs_cli
def test_matches_equal_the_command_line():
    m = ipd.match("TitForTat", "Random", turns=50, noise=0.1, seed=3)
    assert m.to_dict() == cli("ipd", "match", "TitForTat", "Random", "--turns", 50, "--noise", 0.1, "--seed", 3)
    m = ipd.match("Pavlov", "Random", prob_end=0.1, seed=5)
    assert m.to_dict() == cli("ipd", "match", "Pavlov", "Random", "--prob-end", 0.1, "--seed", 5)
    assert [s.__dict__ for s in ipd.strategies()] == cli("ipd", "strategies")


@needs_cli
def test_tournaments_equal_the_command_line():
    names = ["TitForTat", "Defector", "Cooperator", "Random", "Grudger", "Joss"]
    t = ipd.tournament(names, turns=30, repetitions=3, noise=0.05, seed=7)
    expected = cli("ipd", "tournament", *names, "--turns", 30, "--repetitions", 3, "--noise", 0.05, "--seed", 7)
    assert t.to_dict() == expected
    # All strategies, and on two threads: the same.
    everyone = ipd.tournament(turns=20, repetitions=2, seed=1, processes=2)
    assert everyone.to_dict() == cli("ipd", "tournament", "--turns", 20, "--repetitions", 2, "--seed", 1)
    assert ipd.tournament(turns=20, repetitions=2, seed=1).to_dict() == everyone.to_dict()


def test_tournament_result_by_hand_and_its_faces():
    # TFT, Defector, Cooperator over 10 turns: TFT (0.9 + 3.0)/2 = 1.95,
    # Defector (1.4 + 5)/2 = 3.2, Cooperator (3 + 0)/2 = 1.5.
    t = ipd.tournament(["TitForTat", "Defector", "Cooperator"], turns=10, repetitions=3)
    assert [row.strategy for row in t.ranking] == ["Defector", "TitForTat", "Cooperator"]
    assert t.median_scores == [1.95, 3.2, 1.5]
    assert t.mean_scores == pytest.approx([1.95, 3.2, 1.5])
    assert t.payoff_matrix[0][0] == 3.0 and math.isclose(t.payoff_matrix[1][0], 1.4)
    assert t.wins[1] == [2, 2, 2] and t.total_wins[1] == 6
    assert "<table>" in t._repr_html_() and "Defector" in t._repr_html_()
    assert t._repr_svg_().startswith("<svg") and t.plot("payoffs").text.startswith("<svg")
    with pytest.raises(sprague.InvalidInput):
        t.plot("pie")


def test_to_pandas_and_its_clear_error_without_pandas(monkeypatch):
    pandas = pytest.importorskip("pandas")
    t = ipd.tournament(["TitForTat", "Defector", "Cooperator"], turns=10, repetitions=3)
    frame = t.to_pandas()
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame["strategy"]) == ["Defector", "TitForTat", "Cooperator"]
    assert frame.loc[1, "median_score"] == 3.2
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match="pip install pandas"):
        t.to_pandas()


@needs_cli
def test_moran_equals_the_command_line():
    m = ipd.moran(["TitForTat", "Defector", "Cooperator"], runs=5, turns=20)
    assert m.to_dict() == cli("ipd", "moran", "TitForTat", "Defector", "Cooperator", "--runs", 5, "--turns", 20)
    assert sum(m.fixations) + m.unfixed == 5
    mutated = ipd.moran({"TitForTat": 2, "Defector": 1}, runs=3, turns=20, mutation_rate=0.1, max_steps=30, seed=4)
    assert mutated.to_dict() == cli(
        "ipd", "moran", "TitForTat", "TitForTat", "Defector", "--runs", 3, "--turns", 20,
        "--mutation-rate", 0.1, "--max-steps", 30, "--seed", 4,
    )
    assert len(mutated.populations) == 31


ERRORS = [
    (lambda: ipd.match("TitForTatt", "Defector"), sprague.InvalidInput, "did you mean"),
    (lambda: ipd.match("TitForTat", 3), sprague.InvalidInput, "strategy names"),
    (lambda: ipd.match("TitForTat", "Defector", turns=0), sprague.InvalidInput, "between 1 and"),
    (lambda: ipd.match("TitForTat", "Defector", turns=10**8), sprague.InvalidInput, "between 1 and 10000000"),
    (lambda: ipd.match("TitForTat", "Defector", turns=2**70), sprague.InvalidInput, r"below 2\^64"),
    (lambda: ipd.match("TitForTat", "Defector", turns=-1), sprague.InvalidInput, "whole number"),
    (lambda: ipd.match("TitForTat", "Defector", turns=2.5), sprague.InvalidInput, "whole number"),
    (lambda: ipd.match("TitForTat", "Defector", noise=-0.1), sprague.InvalidInput, "noise"),
    (lambda: ipd.match("TitForTat", "Defector", noise=float("nan")), sprague.InvalidInput, "noise"),
    (lambda: ipd.match("TitForTat", "Defector", noise="x"), sprague.InvalidInput, "number"),
    (lambda: ipd.match("TitForTat", "Defector", prob_end=0), sprague.InvalidInput, "ending"),
    (lambda: ipd.match("TitForTat", "Defector", payoffs=(3, 0, 7, 1)), sprague.InvalidInput, "allow_non_pd=True"),
    (lambda: ipd.match("TitForTat", "Defector", payoffs=(3, 0, 5)), sprague.InvalidInput, "four numbers"),
    (lambda: ipd.match("TitForTat", "Defector", payoffs=None), sprague.InvalidInput, "four numbers"),
    (lambda: ipd.match("TitForTat", "Defector", payoffs="3,0,7,1"), sprague.InvalidInput, "2R > T \\+ S"),
    (lambda: ipd.match("TitForTat", "Defector", payoffs=(3, 0, float("inf"), 1)), sprague.InvalidInput, "finite"),
    (lambda: ipd.tournament(["TitForTat"]), sprague.InvalidInput, "at least two players"),
    (lambda: ipd.tournament([]), sprague.InvalidInput, "at least two players"),
    (lambda: ipd.tournament(["TitForTat", "Defector"], repetitions=0), sprague.InvalidInput, "at least one repetition"),
    (lambda: ipd.tournament(["TitForTat", "Defector"], repetitions=10**7), sprague.TooLarge, "at most 1000000 repetitions"),
    (lambda: ipd.tournament(repetitions=10**6), sprague.TooLarge, "more than the 10000000"),
    (lambda: ipd.tournament(["TitForTat", "Nobody"]), sprague.InvalidInput, "unknown strategy"),
    (lambda: ipd.tournament(["TitForTat", "Defector"], processes=-1), sprague.InvalidInput, "processes"),
    (lambda: ipd.tournament(["TitForTat", "Defector"], processes=10**6), sprague.InvalidInput, "processes must be from 0"),
    (lambda: ipd.moran(["TitForTat"]), sprague.InvalidInput, "at least two individuals"),
    (lambda: ipd.moran(["TitForTat", "Defector"], runs=0), sprague.InvalidInput, "at least one run"),
    (lambda: ipd.moran(["TitForTat", "Defector"], runs=10**7), sprague.TooLarge, "at most 1000000 runs"),
    (lambda: ipd.moran(["TitForTat", "Defector"], max_steps=10**9), sprague.TooLarge, "steps"),
    (lambda: ipd.moran({"TitForTat": 10**12, "Defector": 1}), sprague.TooLarge, "individuals"),
    (lambda: ipd.moran(["TitForTat"] * 1001), sprague.TooLarge, "at most 1000 individuals"),
    (lambda: ipd.moran(["TitForTat", "Defector"], mutation_rate=2), sprague.InvalidInput, "mutation rate"),
    (lambda: ipd.moran(["TitForTat", "Defector"], mutation_rate=float("nan")), sprague.InvalidInput, "mutation rate"),
    (lambda: ipd.moran(["TitForTat", "Nobody"]), sprague.InvalidInput, "unknown strategy"),
]


@pytest.mark.parametrize("call, error, words", ERRORS)
def test_every_error_path_raises_a_sprague_error(call, error, words):
    with pytest.raises(error, match=words) as raised:
        call()
    assert isinstance(raised.value, sprague.Error)


def interrupt_after(seconds):
    timer = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    return timer


def test_keyboard_interrupt_stops_a_long_tournament():
    # Every strategy, 100 000 turns, 50 repetitions: many minutes of work.
    started = time.monotonic()
    interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        ipd.tournament(turns=100_000, repetitions=50, noise=0.01)
    assert time.monotonic() - started < 2.3


def test_keyboard_interrupt_stops_a_long_moran_process():
    started = time.monotonic()
    interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        ipd.moran(["TitForTat", "Random"] * 20, turns=1000, noise=0.1, runs=1000, mutation_rate=0.1)
    assert time.monotonic() - started < 2.3


def test_the_gil_is_released_during_a_tournament():
    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    ipd.tournament(turns=2000, repetitions=2, noise=0.01)
    stop.set()
    counter.join()
    assert len(ticks) > 5


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("dask.distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_a_tournament_on_a_dask_cluster_equals_the_local_one(client):
    names = ["TitForTat", "Defector", "Random", "Grudger", "Joss", "Pavlov"]
    local = ipd.tournament(names, turns=40, repetitions=4, noise=0.05, seed=11)
    remote = ipd.tournament(names, turns=40, repetitions=4, noise=0.05, seed=11, client=client)
    assert remote.to_dict() == local.to_dict()
    assert remote.plot().text == local.plot().text
    assert len(client.scheduler_info()["workers"]) == 2
    # Every strategy, no noise (deterministic pairs are played once).
    assert (
        ipd.tournament(turns=15, repetitions=2, client=client).to_dict()
        == ipd.tournament(turns=15, repetitions=2).to_dict()
    )


def test_parts_of_a_tournament_are_checked():
    with pytest.raises(sprague.InvalidInput, match="no match 99"):
        sprague._native.ipd_tournament_part(["TitForTat", "Defector"], [99])
    with pytest.raises(sprague.InvalidInput, match="summaries"):
        sprague._native.ipd_tournament_assemble(["TitForTat", "Defector"], [])
