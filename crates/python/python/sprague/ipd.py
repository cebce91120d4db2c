"""The iterated prisoner's dilemma (after Axelrod): strategies, matches,
round-robin tournaments and the Moran process.

>>> from sprague import ipd
>>> m = ipd.match("TitForTat", "Defector", turns=10)
>>> m.scores
(9.0, 14.0)
>>> t = ipd.tournament(["TitForTat", "Grudger", "Defector"], turns=50, repetitions=2)
>>> t.ranking[0].strategy
'TitForTat'

Every function is a thin face over the Rust library ``sprague-repeated``; the
answers are those of ``sprague ipd … --format json`` for the same arguments
and seed. Long tournaments and Moran runs release the GIL and stop on
``KeyboardInterrupt``. Errors are :class:`sprague.Error` subclasses with the
command line's one-sentence messages.
"""

from __future__ import annotations

import functools
import html
import json
from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from . import _native

__all__ = [
    "Match",
    "Moran",
    "RankingRow",
    "Strategy",
    "Svg",
    "Tournament",
    "match",
    "moran",
    "strategies",
    "tournament",
]

Payoffs = Tuple[float, float, float, float]
DEFAULT_PAYOFFS: Payoffs = (3.0, 0.0, 5.0, 1.0)


@dataclass(frozen=True)
class Strategy:
    """A strategy: ``id`` (the name to pass), the Axelrod library's ``name``,
    ``aliases``, whether it is ``stochastic``, and its rule."""

    id: str
    name: str
    aliases: List[str]
    stochastic: bool
    description: str


def strategies() -> List[Strategy]:
    """Every strategy, as ``sprague ipd strategies`` lists them."""
    return [Strategy(**row) for row in json.loads(_native.ipd_strategies())]


def _play(turns: int, prob_end: Optional[float], noise: float, seed: int, payoffs: Sequence[float], allow_non_pd: bool) -> dict:
    if isinstance(payoffs, str):
        payoffs = payoffs.split(",")
    try:
        payoffs = tuple(payoffs)
    except TypeError:
        raise _native.InvalidInput(
            f"payoffs are written R,S,T,P as four numbers, e.g. 3,0,5,1: {payoffs!r} is not"
        ) from None
    if len(payoffs) != 4:
        raise _native.InvalidInput(
            f"payoffs are written R,S,T,P as four numbers, e.g. 3,0,5,1: {payoffs!r} does not have four numbers"
        )
    return dict(
        turns=_count(turns, "turns"),
        prob_end=None if prob_end is None else _number(prob_end, "prob_end"),
        noise=_number(noise, "noise"),
        seed=_count(seed, "seed"),
        payoffs=tuple(_number(p, "payoffs") for p in payoffs),
        allow_non_pd=bool(allow_non_pd),
    )


def _count(value: Any, what: str) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError, OverflowError):
        raise _native.InvalidInput(f"{what} must be a whole number, not {value!r}") from None
    if number != value or number < 0 or number >= 1 << 64:
        raise _native.InvalidInput(f"{what} must be a whole number from 0 below 2^64, not {value!r}")
    return number


def _number(value: Any, what: str) -> float:
    try:
        return float(value)
    except (TypeError, ValueError, OverflowError):
        raise _native.InvalidInput(f"{what} must be a number, not {value!r}") from None


def _names(players: Iterable[Any], what: str) -> List[str]:
    if isinstance(players, str):
        players = [players]
    names = []
    for player in players:
        if isinstance(player, Strategy):
            names.append(player.id)
        elif isinstance(player, str):
            names.append(player)
        else:
            raise _native.InvalidInput(f"{what} are strategy names, not {player!r}")
    return names


@dataclass(frozen=True)
class Match:
    """One match: both players' ``actions`` turn by turn (``("C", "D")``, …),
    their total ``scores``, the number of ``turns`` and their ``cooperations``."""

    players: Tuple[str, str]
    actions: List[Tuple[str, str]]
    scores: Tuple[float, float]
    turns: int
    cooperations: Tuple[int, int]

    @property
    def moves(self) -> Tuple[str, str]:
        """Each player's moves as a string, e.g. ``("CDDD", "DDDD")``."""
        return ("".join(a for a, _ in self.actions), "".join(b for _, b in self.actions))

    def to_dict(self) -> dict:
        """The JSON object of ``sprague ipd match --format json``."""
        return {
            "actions": [list(turn) for turn in self.actions],
            "cooperations": list(self.cooperations),
            "players": list(self.players),
            "scores": list(self.scores),
            "turns": self.turns,
        }


def match(
    a: Union[str, Strategy],
    b: Union[str, Strategy],
    turns: int = 200,
    noise: float = 0.0,
    seed: int = 0,
    payoffs: Sequence[float] = DEFAULT_PAYOFFS,
    prob_end: Optional[float] = None,
    allow_non_pd: bool = False,
) -> Match:
    """One match of ``a`` against ``b``: ``turns`` turns known to both (or,
    with ``prob_end``, a random length), each action flipped with probability
    ``noise``; ``payoffs`` are (R, S, T, P)."""
    (first,) = _names([a], "players")
    (second,) = _names([b], "players")
    data = json.loads(_native.ipd_match(first, second, play=_play(turns, prob_end, noise, seed, payoffs, allow_non_pd)))
    return Match(
        players=tuple(data["players"]),
        actions=[tuple(turn) for turn in data["actions"]],
        scores=tuple(data["scores"]),
        turns=data["turns"],
        cooperations=tuple(data["cooperations"]),
    )


class Svg:
    """SVG text that shows itself in a notebook."""

    def __init__(self, text: str):
        self.text = text

    def _repr_svg_(self) -> str:
        return self.text

    def __str__(self) -> str:
        return self.text

    def save(self, path: str) -> None:
        with open(path, "w", encoding="utf-8") as out:
            out.write(self.text)


@dataclass(frozen=True)
class RankingRow:
    rank: int
    strategy: str
    name: str
    median_score: float
    wins: int
    cooperation_rate: float


class Tournament:
    """The result of a round-robin tournament, as ``sprague ipd tournament
    --format json`` gives it: ``ranking`` (best first), ``players`` (input
    order), ``scores[i][r]`` (payoff per turn of player i in repetition r,
    averaged over its opponents), ``median_scores``, ``mean_scores``,
    ``payoff_matrix[i][j]`` (mean payoff per turn of i against j), ``wins[i][r]``
    and ``cooperation_rates``. ``to_pandas()`` gives the ranking table;
    ``plot()`` the box plot of the scores (SVG), ``plot("payoffs")`` the
    payoff heat map."""

    def __init__(self, native: Any):
        self._native = native

    @functools.cached_property
    def _data(self) -> Dict[str, Any]:
        # The record is read when first asked for: a tournament whose ranking
        # is never looked at costs no JSON.
        return json.loads(self._native.record())

    @property
    def players(self) -> List[str]:
        return self._data["players"]

    @functools.cached_property
    def ranking(self) -> List[RankingRow]:
        return [RankingRow(**row) for row in self._data["ranking"]]

    @property
    def scores(self) -> List[List[float]]:
        return self._data["scores"]

    @property
    def payoff_matrix(self) -> List[List[float]]:
        return self._data["payoff_matrix"]

    @property
    def wins(self) -> List[List[int]]:
        return self._data["wins"]

    @property
    def cooperation_rates(self) -> List[float]:
        return self._data["cooperation_rates"]

    @property
    def turns(self) -> Optional[int]:
        return self._data["turns"]

    @property
    def prob_end(self) -> Optional[float]:
        return self._data["prob_end"]

    @property
    def noise(self) -> float:
        return self._data["noise"]

    @property
    def repetitions(self) -> int:
        return self._data["repetitions"]

    @property
    def seed(self) -> int:
        return self._data["seed"]

    @property
    def median_scores(self) -> List[float]:
        """Each player's median score over the repetitions (input order); the ranking's key."""
        return [_median(s) for s in self.scores]

    @property
    def mean_scores(self) -> List[float]:
        """Each player's mean score over the repetitions (input order)."""
        return [sum(s) / len(s) for s in self.scores]

    @property
    def total_wins(self) -> List[int]:
        return [sum(w) for w in self.wins]

    def to_dict(self) -> dict:
        """The JSON object of ``sprague ipd tournament --format json``."""
        return json.loads(json.dumps(self._data))

    def to_pandas(self):
        """The ranking as a pandas DataFrame (index: rank); needs pandas."""
        try:
            import pandas
        except ImportError:
            raise ImportError(
                "Tournament.to_pandas needs pandas, which is not installed (pip install pandas)"
            ) from None
        means = dict(zip(self.players, self.mean_scores))
        rows = [
            {
                "rank": row.rank,
                "strategy": row.strategy,
                "name": row.name,
                "median_score": row.median_score,
                "mean_score": means.get(row.strategy),
                "wins": row.wins,
                "cooperation_rate": row.cooperation_rate,
            }
            for row in self.ranking
        ]
        return pandas.DataFrame(rows).set_index("rank")

    def plot(self, kind: str = "box") -> Svg:
        """The box plot of scores (``"box"``) or the payoff heat map
        (``"payoffs"``), as the command line's ``--svg-dir`` writes them."""
        if kind == "box":
            return Svg(self._native.box_plot())
        if kind in ("payoffs", "heatmap"):
            return Svg(self._native.payoff_heat_map())
        raise _native.InvalidInput(f'the plot is "box" or "payoffs", not {kind!r}')

    def _repr_svg_(self) -> str:
        return self._native.box_plot()

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{row.rank}</td><td>{html.escape(row.name)}</td><td>{row.median_score:.4f}</td>"
            f"<td>{row.wins}</td><td>{100 * row.cooperation_rate:.1f}%</td></tr>"
            for row in self.ranking
        )
        return (
            "<table><tr><th>rank</th><th>strategy</th><th>median score</th><th>wins</th>"
            f"<th>cooperation</th></tr>{rows}</table>"
            f"<p>Score: payoff per turn averaged over opponents, median of {self.repetitions} repetitions.</p>"
        )

    def __repr__(self) -> str:
        top = ", ".join(row.strategy for row in self.ranking[:3])
        return f"<Tournament of {len(self.players)} players, {self.repetitions} repetitions: {top}, …>"


def _median(values: List[float]) -> float:
    s = sorted(values)
    m = len(s)
    return s[m // 2] if m % 2 else (s[m // 2 - 1] + s[m // 2]) / 2


def tournament(
    strategies: Optional[Iterable[Union[str, Strategy]]] = None,
    turns: int = 200,
    repetitions: int = 5,
    noise: float = 0.0,
    seed: int = 0,
    processes: int = 1,
    client: Any = None,
    payoffs: Sequence[float] = DEFAULT_PAYOFFS,
    prob_end: Optional[float] = None,
    allow_non_pd: bool = False,
) -> Tournament:
    """The round robin of ``strategies`` (all of them when ``None``), every
    pair once per repetition. ``processes``: threads of this process (0: all
    cores); the results do not depend on it. ``client``: a
    ``dask.distributed.Client``; the matches are then played on its workers
    (one task per pairing) and assembled here, with the same result as a
    local tournament of the same seed."""
    names = [] if strategies is None else _names(strategies, "strategies")
    if strategies is not None and len(names) < 2:
        # An empty list names nobody (None plays everyone): the library's sentence.
        raise _native.InvalidInput("a tournament needs at least two players")
    play = _play(turns, prob_end, noise, seed, payoffs, allow_non_pd)
    repetitions = _count(repetitions, "repetitions")
    if client is not None:
        from ._dask import tournament_on

        return Tournament(tournament_on(client, names, play, repetitions))
    threads = _count(processes, "processes")
    return Tournament(_native.ipd_tournament(names, play=play, repetitions=repetitions, threads=threads))


@dataclass(frozen=True)
class Moran:
    """Fixations of the Moran process over ``runs`` runs, as ``sprague ipd
    moran --format json`` reports them: the distinct ``strategies``, how many
    runs each one took over (``fixations``), the runs that had not fixated
    (``unfixed``), each run's ``steps``, and the first run's ``fixated``
    strategy and ``populations`` (counts of each strategy after each step)."""

    strategies: List[str]
    runs: int
    fixations: List[int]
    unfixed: int
    steps: List[int]
    fixated: Optional[str]
    populations: List[List[int]]

    @property
    def fixation_counts(self) -> Dict[str, int]:
        return dict(zip(self.strategies, self.fixations))

    def to_dict(self) -> dict:
        return {
            "first_run": {"fixated": self.fixated, "populations": self.populations},
            "fixations": self.fixations,
            "runs": self.runs,
            "steps": self.steps,
            "strategies": self.strategies,
            "unfixed": self.unfixed,
        }


def moran(
    population: Union[Iterable[Union[str, Strategy]], Mapping[str, int]],
    turns: int = 200,
    noise: float = 0.0,
    seed: int = 0,
    runs: int = 1,
    max_steps: int = 10_000,
    mutation_rate: float = 0.0,
    payoffs: Sequence[float] = DEFAULT_PAYOFFS,
    prob_end: Optional[float] = None,
    allow_non_pd: bool = False,
) -> Moran:
    """The Moran process from ``population`` (one name per individual, or a
    dict ``{strategy: count}``), ``runs`` times; see ``sprague ipd moran``."""
    if isinstance(population, Mapping):
        individuals: List[str] = []
        for name, count in population.items():
            count = _count(count, f"the count of {name}")
            if len(individuals) + count > _native.IPD_MAX_POPULATION:
                raise _native.TooLarge(
                    f"a Moran process may have at most {_native.IPD_MAX_POPULATION} individuals"
                )
            individuals.extend(_names([name], "strategies") * count)
    else:
        individuals = _names(population, "strategies")
    play = _play(turns, prob_end, noise, seed, payoffs, allow_non_pd)
    data = json.loads(
        _native.ipd_moran(
            individuals,
            runs=_count(runs, "runs"),
            max_steps=_count(max_steps, "max_steps"),
            mutation_rate=_number(mutation_rate, "mutation_rate"),
            play=play,
        )
    )
    return Moran(
        strategies=data["strategies"],
        runs=data["runs"],
        fixations=data["fixations"],
        unfixed=data["unfixed"],
        steps=data["steps"],
        fixated=data["first_run"]["fixated"],
        populations=data["first_run"]["populations"],
    )
