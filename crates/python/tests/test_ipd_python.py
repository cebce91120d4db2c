"""Strategies written in Python (and the Axelrod library's players) playing in
sprague's matches, tournaments and Moran process beside the native ones.

The references are independent: a Python tit for tat must play exactly as the
native TitForTat (same moves under the same noise draws), its payoffs against
deterministic opponents must equal the native one's, a coin of bias 0.3 must
cooperate about 30% of the time (within four standard errors), and the same
seed must give the same tournament on one thread, two threads and a Dask
cluster."""

import math
import pickle

import pytest

import sprague
from sprague import ipd


class MyTitForTat(ipd.Strategy):
    """Cooperates first, then copies the opponent's last move."""

    stochastic = False

    def strategy(self, own_history, opponent_history, rng):
        return opponent_history[-1] if opponent_history else "C"


class Coin(ipd.Strategy):
    """Cooperates with probability p, drawn from the match's stream."""

    def __init__(self, p=0.3):
        super().__init__(id=f"Coin{p}")
        self.p = p

    def strategy(self, own_history, opponent_history, rng):
        return "C" if rng.random() < self.p else "D"


class CountingDefector(ipd.Strategy):
    """Cooperates on its first three turns of a match, then defects: its count
    lives on self, so it must start anew every match."""

    stochastic = False

    def __init__(self):
        super().__init__()
        self.turns = 0

    def strategy(self, own_history, opponent_history, rng):
        self.turns += 1
        return "C" if self.turns <= 3 else "D"


def test_a_python_tit_for_tat_plays_as_the_native_one():
    for opponent in ["Defector", "Random", "Joss", "Grudger", "Pavlov"]:
        native = ipd.match("TitForTat", opponent, turns=60, noise=0.1, seed=8)
        ours = ipd.match(MyTitForTat(), opponent, turns=60, noise=0.1, seed=8)
        assert ours.actions == native.actions and ours.scores == native.scores
    assert ours.players == ("MyTitForTat", "WinStayLoseShift")


def test_its_payoffs_in_a_tournament_equal_the_native_ones():
    # Deterministic opponents, no noise: every match of MyTitForTat against j
    # is the native TitForTat's match against j.
    names = ["TitForTat", "Defector", "Grudger", "Alternator", "Pavlov"]
    t = ipd.tournament([*names, MyTitForTat()], turns=50, repetitions=2)
    ours, native = 5, 0
    for j in range(1, 5):
        assert t.payoff_matrix[ours][j] == t.payoff_matrix[native][j]
        assert t.payoff_matrix[j][ours] == t.payoff_matrix[j][native]
    assert t.payoff_matrix[ours][native] == 3.0


def test_a_python_strategy_draws_from_the_seeded_stream():
    # Against a cooperator, the coin's cooperations are binomial(n, 0.3).
    n = 4000
    m = ipd.match(Coin(0.3), "Cooperator", turns=n, seed=1)
    rate = m.cooperations[0] / n
    assert abs(rate - 0.3) < 4 * math.sqrt(0.3 * 0.7 / n)
    assert ipd.match(Coin(0.3), "Cooperator", turns=200, seed=1).actions == m.actions[:200]
    assert ipd.match(Coin(0.3), "Cooperator", turns=200, seed=2).actions != m.actions[:200]
    # random_choice and randint as documented.
    class Dice(ipd.Strategy):
        def strategy(self, own_history, opponent_history, rng):
            assert 1 <= rng.randint(1, 6) <= 6
            return rng.random_choice(1.0) if len(own_history) % 2 else rng.random_choice(0.0)

    assert ipd.match(Dice(), "Cooperator", turns=6).moves[0] == "DCDCDC"


def test_every_match_plays_a_fresh_copy():
    prototype = CountingDefector()
    t = ipd.tournament([prototype, "Cooperator", "TitForTat"], turns=10, repetitions=2)
    assert prototype.turns == 0
    # Against a cooperator: 3 C then 7 D in each match, so 3*3 + 7*5 = 44 per
    # match, 4.4 per turn, whichever match it is.
    assert t.payoff_matrix[0][1] == pytest.approx(4.4)
    assert ipd.match(prototype, "Cooperator", turns=10).moves[0] == "CCCDDDDDDD"


PLAYERS = [MyTitForTat(), Coin(0.3), "TitForTat", "Defector", "Random", "Grudger", "Joss"]


def test_tournaments_with_python_strategies_do_not_depend_on_threads():
    one = ipd.tournament(PLAYERS, turns=40, repetitions=4, noise=0.05, seed=11)
    two = ipd.tournament(PLAYERS, turns=40, repetitions=4, noise=0.05, seed=11, processes=2)
    assert one.to_dict() == two.to_dict()
    assert one.players[:2] == ["MyTitForTat", "Coin0.3"]
    other = ipd.tournament(PLAYERS, turns=40, repetitions=4, noise=0.05, seed=12)
    assert other.scores != one.scores


def test_the_moran_process_with_python_strategies_is_reproducible():
    population = {MyTitForTat(): 3, "Defector": 2, Coin(0.5): 2}
    first = ipd.moran(population, turns=20, runs=3, seed=5)
    assert first.strategies == ["MyTitForTat", "Defector", "Coin0.5"]
    assert first.to_dict() == ipd.moran(population, turns=20, runs=3, seed=5).to_dict()
    assert sum(first.fixations) + first.unfixed == 3


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("dask.distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_a_tournament_with_python_strategies_on_dask_equals_the_local_one(client):
    local = ipd.tournament(PLAYERS, turns=40, repetitions=4, noise=0.05, seed=11)
    threads = ipd.tournament(PLAYERS, turns=40, repetitions=4, noise=0.05, seed=11, processes=2)
    remote = ipd.tournament(PLAYERS, turns=40, repetitions=4, noise=0.05, seed=11, client=client)
    assert remote.to_dict() == local.to_dict() == threads.to_dict()
    assert len(client.scheduler_info()["workers"]) == 2


def test_an_unpicklable_strategy_is_refused_before_dask_runs(client):
    class Local(ipd.Strategy):
        def __init__(self):
            super().__init__()
            self.lock = __import__("threading").Lock()

        def strategy(self, own_history, opponent_history, rng):
            return "C"

    with pytest.raises(sprague.InvalidInput, match="cannot be pickled") as raised:
        ipd.tournament([Local(), "TitForTat"], turns=5, repetitions=1, client=client)
    assert raised.value.__cause__ is not None


class Raises(ipd.Strategy):
    def strategy(self, own_history, opponent_history, rng):
        if len(own_history) == 2:
            raise ZeroDivisionError("no luck")
        return "C"


class AnswersX(ipd.Strategy):
    def strategy(self, own_history, opponent_history, rng):
        return "X"


class AnswersOne(ipd.Strategy):
    def strategy(self, own_history, opponent_history, rng):
        return 1


class TwoArguments(ipd.Strategy):
    def strategy(self, own_history, opponent_history):
        return "C"


class NoMethod(ipd.Strategy):
    pass


def test_a_strategy_that_raises_is_chained_with_its_traceback():
    for call in (
        lambda: ipd.match(Raises(), "TitForTat"),
        lambda: ipd.tournament([Raises(), "TitForTat", "Defector"], repetitions=2),
        lambda: ipd.tournament([Raises(), "TitForTat", "Defector"], repetitions=2, processes=2),
        lambda: ipd.moran([Raises(), "TitForTat"]),
    ):
        with pytest.raises(sprague.StrategyError, match="Raises raised ZeroDivisionError: no luck on turn 3") as raised:
            call()
        cause = raised.value.__cause__
        assert isinstance(cause, ZeroDivisionError) and cause.__traceback__ is not None
        assert isinstance(raised.value, sprague.Error)


BAD = [
    (lambda: ipd.match(AnswersX(), "TitForTat"), sprague.StrategyError, "answered 'X' \\(str\\) on turn 1"),
    (lambda: ipd.match(AnswersOne(), "TitForTat"), sprague.StrategyError, "answered 1 \\(int\\) on turn 1"),
    (lambda: ipd.tournament([AnswersOne(), "TitForTat"], processes=2), sprague.StrategyError, "answered 1"),
    (lambda: ipd.match(TwoArguments(), "TitForTat"), sprague.InvalidInput, "cannot be called as strategy\\(own_history"),
    (lambda: ipd.match(NoMethod(), "TitForTat"), sprague.InvalidInput, "defines no method strategy"),
    (lambda: ipd.match(object(), "TitForTat"), sprague.InvalidInput, "Strategy subclasses"),
    (lambda: ipd.moran([MyTitForTat(), MyTitForTat()]), sprague.InvalidInput, "two different strategies have the id"),
    (lambda: ipd.moran([type("TitForTat", (MyTitForTat,), {})(), "Defector"]), sprague.InvalidInput, "id of a native strategy"),
]


@pytest.mark.parametrize("call, error, words", BAD)
def test_bad_python_strategies_raise_one_clear_error(call, error, words):
    with pytest.raises(error, match=words) as raised:
        call()
    assert isinstance(raised.value, sprague.Error)


def test_the_random_stream_is_usable_only_during_the_turn():
    kept = []

    class Keeper(ipd.Strategy):
        def strategy(self, own_history, opponent_history, rng):
            kept.append(rng)
            return "C"

    ipd.match(Keeper(), "TitForTat", turns=2)
    with pytest.raises(sprague.InvalidInput, match="only during the strategy's turn"):
        kept[0].random()


def test_keyboard_interrupt_in_a_strategy_propagates_as_it_is():
    class Interrupted(ipd.Strategy):
        def strategy(self, own_history, opponent_history, rng):
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        ipd.tournament([Interrupted(), "TitForTat"], processes=2)


def test_native_descriptions_keep_their_old_behaviour():
    tft = {s.id: s for s in ipd.strategies()}["TitForTat"]
    assert tft.is_native and tft == ipd.Strategy(**tft.__dict__)
    assert ipd.match(tft, "Defector", turns=10).scores == (9.0, 14.0)
    assert set(tft.__dict__) == {"id", "name", "aliases", "stochastic", "description"}
    assert MyTitForTat().description == "Cooperates first, then copies the opponent's last move."
    assert pickle.loads(pickle.dumps(MyTitForTat())).id == "MyTitForTat"


def test_axelrod_players_play_beside_native_strategies():
    axl = pytest.importorskip("axelrod")
    for opponent in ["Defector", "Random", "Pavlov"]:
        native = ipd.match("TitForTat", opponent, turns=40, noise=0.1, seed=3)
        theirs = ipd.match(axl.TitForTat(), opponent, turns=40, noise=0.1, seed=3)
        assert theirs.actions == native.actions
    # Grudger and Alternator by their rules.
    assert ipd.match(axl.Grudger(), "Alternator", turns=5).moves[0] == "CCDDD"
    # A stochastic Axelrod player is reproducible from sprague's seed.
    players = [axl.Random(0.4), axl.TitForTat(), "Defector", MyTitForTat()]
    one = ipd.tournament(players, turns=30, repetitions=3, seed=4)
    two = ipd.tournament(players, turns=30, repetitions=3, seed=4, processes=2)
    assert one.to_dict() == two.to_dict()
    assert one.players[:2] == ["axelrod:Random: 0.4", "axelrod:Tit For Tat"]


def test_other_python_threads_run_while_python_strategies_play():
    # A match holds the GIL, but the interpreter hands it over while the
    # strategy's bytecode runs.
    import threading
    import time

    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    ipd.tournament([MyTitForTat(), "TitForTat", "Random"], turns=200_000, repetitions=2)
    stop.set()
    counter.join()
    assert len(ticks) > 5


def test_keyboard_interrupt_stops_a_long_tournament_of_python_strategies():
    import os
    import signal
    import threading
    import time

    started = time.monotonic()
    threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    with pytest.raises(KeyboardInterrupt):
        ipd.tournament([MyTitForTat(), Coin(0.5), "Random"], turns=100_000, repetitions=50)
    assert time.monotonic() - started < 2.3


def test_histories_are_sequences_of_moves():
    seen = []

    class Recorder(ipd.Strategy):
        def strategy(self, own_history, opponent_history, rng):
            h = opponent_history
            seen.append((len(h), str(h), h[-2:], list(h), h.defections, h.cooperations, h.count("D"), "D" in h, h == str(h)))
            if h:
                assert h[-1] == str(h)[-1] and h[0] == str(h)[0] and h[::2] == str(h)[::2]
            return "C"

    ipd.match(Recorder(), "Alternator", turns=5)
    assert seen[-1] == (4, "CDCD", "CD", ["C", "D", "C", "D"], 2, 2, 2, True, True)
    assert seen[0][:2] == (0, "")
    with pytest.raises(IndexError):
        class Reader(ipd.Strategy):
            def strategy(self, own_history, opponent_history, rng):
                return opponent_history[5]

        try:
            ipd.match(Reader(), "Cooperator", turns=3)
        except sprague.StrategyError as error:
            raise error.__cause__


def test_a_long_match_costs_the_same_per_turn():
    # A history made anew each turn would make this quadratic (minutes).
    import time

    started = time.monotonic()
    m = ipd.match(MyTitForTat(), "Random", turns=300_000)
    assert m.turns == 300_000
    assert time.monotonic() - started < 20
