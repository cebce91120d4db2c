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

Strategies written in Python (subclasses of :class:`Strategy` defining
``strategy(self, own_history, opponent_history, rng)``, and the Axelrod
library's ``Player`` objects when it is installed) play beside the native ones
in :func:`match`, :func:`tournament` and :func:`moran`:

>>> class MyTitForTat(ipd.Strategy):
...     '''Cooperates first, then copies the opponent's last move.'''
...     stochastic = False
...     def strategy(self, own_history, opponent_history, rng):
...         return opponent_history[-1] if opponent_history else "C"
>>> ipd.match(MyTitForTat(), "Defector", turns=5).scores
(4.0, 9.0)
"""

from __future__ import annotations

import copy
import functools
import html
import inspect
import json
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from . import _native

__all__ = [
    "AxelrodStrategy",
    "Match",
    "History",
    "MatchRandom",
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


MatchRandom = _native.MatchRandom
MatchRandom.__doc__ = (
    "The random stream a Python strategy draws from during its turn: the player's own "
    "seeded stream of the match, so results are reproducible from the seed. "
    "``random()`` (uniform in [0, 1)), ``random_choice(p=0.5)`` (\"C\" with probability p, "
    "drawing only when 0 < p < 1, as the Axelrod library's) and ``randint(low, high)``."
)

History = _native.History
History.__doc__ = (
    "A player's moves in a match so far, as played (after noise): a read-only sequence of "
    "\"C\" and \"D\" growing by one move a turn. ``len(h)``, ``h[-1]`` (a move), ``h[-3:]`` "
    "(a string), iteration, ``\"D\" in h``, ``h.count(\"D\")``, ``h == \"CCD\"``, ``str(h)`` "
    "(the whole string), and ``h.cooperations`` / ``h.defections`` (kept as it grows)."
)

_FIELDS = ("id", "name", "aliases", "stochastic", "description")


class Strategy:
    """A strategy of the iterated prisoner's dilemma, of one of two kinds.

    *The library's own strategies*, as :func:`strategies` lists them: ``id``
    (the name to pass), the Axelrod library's ``name``, ``aliases``, whether
    it is ``stochastic``, and its rule (``description``).

    *Strategies written in Python*: subclasses defining
    ``strategy(self, own_history, opponent_history, rng)`` that return ``"C"``
    or ``"D"``. The histories are :class:`History` sequences of ``"C"`` and
    ``"D"`` (the moves as played, after noise; ``h[-1]``, ``len(h)``,
    ``h.defections``, ``str(h)``); ``rng`` is a :class:`MatchRandom` drawing from the
    player's own seeded stream of the match, so results depend only on the
    seed (not on threads or Dask workers). Every match plays a fresh
    ``copy.deepcopy`` of the instance (the Axelrod library's clone per
    match), so state kept on ``self`` starts anew each match; state kept
    elsewhere (globals, class attributes) would make results depend on the
    order of matches. Optional class or instance attributes: ``id`` (default:
    the class name; give distinct strategies distinct ids), ``name``
    (default: the id), ``description`` (default: the docstring's first line)
    and ``stochastic`` (default ``True``: say ``False`` when the strategy
    never draws, so a tournament plays its deterministic pairings once). For
    a tournament on a Dask cluster the instance must be picklable.

    >>> class Alternate(Strategy):
    ...     '''Cooperates on odd turns.'''
    ...     stochastic = False
    ...     def strategy(self, own_history, opponent_history, rng):
    ...         return "C" if len(own_history) % 2 == 0 else "D"
    >>> match(Alternate(), "Cooperator", turns=4).moves
    ('CDCD', 'CCCC')
    """

    def __init__(
        self,
        id: Optional[str] = None,
        name: Optional[str] = None,
        aliases: Optional[List[str]] = None,
        stochastic: Optional[bool] = None,
        description: Optional[str] = None,
    ) -> None:
        given = dict(id=id, name=name, aliases=aliases, stochastic=stochastic, description=description)
        for key, value in given.items():
            if value is not None:
                setattr(self, key, value)

    def __getattr__(self, key: str) -> Any:
        # The defaults of a Python strategy that sets none of its own.
        if key == "id":
            return type(self).__name__
        if key == "name":
            return self.id
        if key == "aliases":
            return []
        if key == "stochastic":
            return True
        if key == "description":
            doc = inspect.getdoc(type(self)) if type(self).__doc__ else None
            return doc.splitlines()[0] if doc else ""
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {key!r}")

    def strategy(self, own_history: str, opponent_history: str, rng: Any) -> str:
        """The next move, ``"C"`` or ``"D"``: what a subclass defines."""
        raise NotImplementedError(f"{type(self).__name__} defines no strategy method")

    @property
    def is_native(self) -> bool:
        """Whether this is one of the library's own strategies (not a Python subclass)."""
        return type(self) is Strategy

    def __eq__(self, other: object) -> bool:
        if type(self) is Strategy and type(other) is Strategy:
            return self.__dict__ == other.__dict__
        return self is other

    def __hash__(self) -> int:
        return hash(self.id) if type(self) is Strategy else object.__hash__(self)

    def __repr__(self) -> str:
        if type(self) is Strategy:
            fields = ", ".join(f"{key}={getattr(self, key)!r}" for key in _FIELDS)
            return f"Strategy({fields})"
        return f"<{type(self).__name__} strategy {self.id!r}>"

    def _fresh(self) -> "Strategy":
        """The player of one match: a deep copy of this instance."""
        return copy.deepcopy(self)


def _start(prototype: Strategy) -> Callable[[str, str, Any], str]:
    # Called natively at the start of every match: a fresh player's turn function.
    return prototype._fresh().strategy


def _python_entry(strategy: Strategy) -> dict:
    """The description of a Python strategy the native side reads, after the checks."""
    label = type(strategy).__name__
    if type(strategy).strategy is Strategy.strategy:
        raise _native.InvalidInput(
            f"the strategy {label} defines no method strategy(self, own_history, opponent_history, rng)"
        )
    method = getattr(strategy, "strategy", None)
    if not callable(method):
        raise _native.InvalidInput(f"the strategy {label}'s attribute strategy is not a method")
    try:
        signature = inspect.signature(method)
        signature.bind("", "", None)
    except TypeError:
        raise _native.InvalidInput(
            f"the strategy {label}'s method strategy{signature} cannot be called as "
            "strategy(own_history, opponent_history, rng)"
        ) from None
    except ValueError:
        pass  # no signature to read (a builtin): the first call will tell
    fields = {key: getattr(strategy, key) for key in _FIELDS}
    for key in ("id", "name", "description"):
        if not isinstance(fields[key], str) or (key == "id" and not fields[key]):
            raise _native.InvalidInput(f"the strategy {label}'s {key} must be a {'non-empty ' if key == 'id' else ''}string, not {fields[key]!r}")
    if not isinstance(fields["stochastic"], bool):
        raise _native.InvalidInput(f"the strategy {label}'s stochastic must be True or False, not {fields['stochastic']!r}")
    return dict(
        start=functools.partial(_start, strategy),
        id=fields["id"],
        name=fields["name"],
        stochastic=fields["stochastic"],
        description=fields["description"],
    )


class AxelrodStrategy(Strategy):
    """A player of the Axelrod library (``axelrod.Player``) playing in sprague's
    matches, tournaments and Moran process. Each match plays the player's
    ``clone()``, seeded (``set_seed``) from the match's stream, and told the
    moves through ``update_history``; its opponent is a stand-in
    ``axelrod.Player`` holding the opponent's history (strategies that read
    more of their opponent than its history, such as the library's cheaters,
    fail with :class:`sprague.StrategyError`). Any ``axelrod.Player`` passed
    where a strategy is expected is wrapped in this class."""

    def __init__(self, player: Any) -> None:
        try:
            import axelrod
        except ImportError:
            raise ImportError("AxelrodStrategy needs the Axelrod library (pip install axelrod)") from None
        if not isinstance(player, axelrod.Player):
            raise _native.InvalidInput(f"AxelrodStrategy wraps an axelrod.Player, not {player!r}")
        self.player = player
        self.id = f"axelrod:{player}"
        self.name = str(player)
        self.stochastic = bool(player.classifier.get("stochastic", True))
        doc = inspect.getdoc(type(player)) or ""
        self.description = doc.splitlines()[0] if doc else ""
        self._opponent: Any = None

    def _fresh(self) -> "AxelrodStrategy":
        fresh = copy.copy(self)
        fresh.player = self.player.clone()
        fresh._opponent = None
        return fresh

    def strategy(self, own_history: str, opponent_history: str, rng: Any) -> str:
        import axelrod

        actions = {"C": axelrod.Action.C, "D": axelrod.Action.D}
        if self._opponent is None:
            self.player.set_seed(rng.randint(0, 2**32 - 1))
            self._opponent = axelrod.Player()
        if own_history:
            own, other = actions[own_history[-1]], actions[opponent_history[-1]]
            self.player.update_history(own, other)
            self._opponent.update_history(other, own)
        return str(self.player.strategy(self._opponent))


def _is_axelrod_player(value: Any) -> bool:
    module = type(value).__module__ or ""
    if not module.startswith("axelrod"):
        return False
    try:
        import axelrod
    except ImportError:
        return False
    return isinstance(value, axelrod.Player)


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


Player = Union[str, Strategy, Any]


def _players(players: Any, what: str) -> List[Union[str, Strategy]]:
    """The players as names and Python strategies (Axelrod players wrapped),
    checked to be one or the other."""
    if isinstance(players, (str, Strategy)) or _is_axelrod_player(players):
        players = [players]
    try:
        players = list(players)
    except TypeError:
        raise _native.InvalidInput(f"{what} are strategy names or Strategy objects, not {players!r}") from None
    found: List[Union[str, Strategy]] = []
    wrapped: Dict[int, Strategy] = {}
    for player in players:
        if isinstance(player, Strategy) and player.is_native:
            found.append(player.id)
        elif isinstance(player, (str, Strategy)):
            found.append(player)
        elif _is_axelrod_player(player):
            # The same Axelrod object is the same strategy.
            found.append(wrapped.setdefault(id(player), AxelrodStrategy(player)))
        else:
            raise _native.InvalidInput(
                f"{what} are strategy names, sprague.ipd.Strategy subclasses' instances "
                f"or axelrod players, not {player!r}"
            )
    return found


def _entries(players: List[Union[str, Strategy]]) -> List[Union[str, dict]]:
    """What the native side reads: names as they are, Python strategies
    described (one description per object, so the same object is the same
    player)."""
    described: Dict[int, dict] = {}
    entries: List[Union[str, dict]] = []
    for player in players:
        if isinstance(player, str):
            entries.append(player)
        else:
            if id(player) not in described:
                described[id(player)] = _python_entry(player)
            entries.append(described[id(player)])
    return entries


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
    a: Player,
    b: Player,
    turns: int = 200,
    noise: float = 0.0,
    seed: int = 0,
    payoffs: Sequence[float] = DEFAULT_PAYOFFS,
    prob_end: Optional[float] = None,
    allow_non_pd: bool = False,
) -> Match:
    """One match of ``a`` against ``b``: ``turns`` turns known to both (or,
    with ``prob_end``, a random length), each action flipped with probability
    ``noise``; ``payoffs`` are (R, S, T, P). ``a`` and ``b`` are strategy
    names, :class:`Strategy` objects (Python strategies too) or Axelrod
    players; a Python strategy that raises or answers neither ``"C"`` nor
    ``"D"`` ends the match with :class:`sprague.StrategyError` (the exception
    it raised is its ``__cause__``)."""
    first, second = _entries(_players([a], "players") + _players([b], "players"))
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
    strategies: Optional[Iterable[Player]] = None,
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
    local tournament of the same seed. Python strategies play beside the
    native ones (see :class:`Strategy`), with the same results for the same
    seed on one thread, several threads or a Dask cluster (where they must be
    picklable)."""
    players = [] if strategies is None else _players(strategies, "strategies")
    if strategies is not None and len(players) < 2:
        # An empty list names nobody (None plays everyone): the library's sentence.
        raise _native.InvalidInput("a tournament needs at least two players")
    play = _play(turns, prob_end, noise, seed, payoffs, allow_non_pd)
    repetitions = _count(repetitions, "repetitions")
    if client is not None:
        from ._dask import tournament_on

        return Tournament(tournament_on(client, players, play, repetitions))
    threads = _count(processes, "processes")
    return Tournament(
        _native.ipd_tournament(_entries(players), play=play, repetitions=repetitions, threads=threads)
    )


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
    population: Union[Iterable[Player], Mapping[Player, int]],
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
    dict ``{strategy: count}``), ``runs`` times; see ``sprague ipd moran``.
    Python strategies take part as in :func:`tournament`; strategies are told
    apart by id, so distinct strategies must have distinct ids."""
    if isinstance(population, Mapping):
        members: List[Union[str, Strategy]] = []
        for name, count in population.items():
            count = _count(count, f"the count of {name}")
            if len(members) + count > _native.IPD_MAX_POPULATION:
                raise _native.TooLarge(
                    f"a Moran process may have at most {_native.IPD_MAX_POPULATION} individuals"
                )
            members.extend(_players([name], "strategies") * count)
    else:
        members = _players(population, "strategies")
    _distinct_ids(members)
    individuals = _entries(members)
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


def _distinct_ids(members: List[Union[str, Strategy]]) -> None:
    """Refuses two different Python strategies (or one and a native strategy's
    id) under one id: the Moran process tells strategies apart by id."""
    owners: Dict[str, Any] = {}
    for member in members:
        if isinstance(member, str):
            continue
        owner = owners.setdefault(member.id, member)
        if owner is not member:
            raise _native.InvalidInput(
                f"two different strategies have the id {member.id!r}; give each its own id"
            )
    if not owners:
        return
    native = {row.id for row in strategies()}
    clash = sorted(set(owners) & native)
    if clash:
        raise _native.InvalidInput(
            f"the Python strategy {clash[0]!r} has the id of a native strategy; give it its own id"
        )
