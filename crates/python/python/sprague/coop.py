"""Cooperative games with transferable utility (TU games): the Shapley value,
the Banzhaf index, the core, the least core and the nucleolus, exactly.

>>> from sprague import coop
>>> coop.shapley(coop.Game.parse("glove:1,2"))
{'L1': Fraction(2, 3), 'R1': Fraction(1, 6), 'R2': Fraction(1, 6)}
>>> coop.nucleolus(coop.Game.parse("bankruptcy:200:100,200,300")).allocation
{'1': Fraction(50, 1), '2': Fraction(75, 1), '3': Fraction(75, 1)}

A game is a :class:`Game`: a table of coalition values (a dict from
coalitions to numbers), a function of coalitions ``Game(n, v)``, a weighted
voting game :func:`weighted_voting`, or any game the command line reads
(:meth:`Game.parse`: ``"[q; w1, …, wn]"``, ``"glove:L,R"``,
``"airport:c1,c2,…"``, ``"bankruptcy:E:d1,d2,…"``, or the JSON coalition
table). Values are exact :class:`fractions.Fraction`; errors are
:class:`sprague.Error` subclasses with the command line's sentences.
"""

from __future__ import annotations

import json
import numbers
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, Callable, Dict, Hashable, Iterable, List, Mapping, Optional, Sequence, Union

from . import _native
from ._exact import fraction

__all__ = [
    "Core",
    "CoreCheck",
    "Game",
    "LeastCore",
    "Nucleolus",
    "ShapleyEstimate",
    "banzhaf",
    "core",
    "in_core",
    "least_core",
    "nucleolus",
    "shapley",
    "weighted_voting",
]


def _exact(value: Any, where: str) -> Fraction:
    """A number as a Fraction; InvalidInput for anything else."""
    if isinstance(value, bool) or not isinstance(value, (numbers.Number, Decimal)):
        raise _native.InvalidInput(f"{where} is {value!r}, not a number")
    try:
        return Fraction(value)
    except (TypeError, ValueError, OverflowError):
        raise _native.InvalidInput(f"{where} is {value!r}, not a finite real number") from None


def _text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def _coalition_members(key: Any) -> List[Hashable]:
    if isinstance(key, str):
        inner = key.strip().lstrip("{").rstrip("}")
        return [part.strip() for part in inner.split(",") if part.strip()]
    if isinstance(key, (frozenset, set, tuple, list)):
        return list(key)
    raise _native.InvalidInput(
        f"a coalition is a frozenset, set, tuple or list of players (or the text \"A,B\"), not {key!r}"
    )


class Game:
    """A TU game.

    - ``Game(n, v)``: players 1…n; ``v`` is called with every coalition (a
      ``frozenset`` of players) and returns its worth (an int, Fraction,
      float or Decimal, read exactly); ``v(frozenset())`` must be 0.
      ``n`` may also be a list of player names.
    - ``Game(table)`` / ``Game(players, table)``: ``table`` is a dict from
      coalitions (frozensets or tuples of players, or the command line's
      text ``"A,B"``) to worths; every coalition must be given, the empty one
      may be left out.
    - :meth:`Game.parse` reads what the command line reads,
      :func:`weighted_voting` builds ``[q; w1, …, wn]``.
    """

    def __init__(self, players: Any, v: Union[Callable[[frozenset], Any], Mapping[Any, Any], None] = None):
        if v is None and isinstance(players, Mapping):
            players, v = None, players
        if isinstance(v, Mapping):
            self._from_table(players, v)
        elif callable(v):
            self._from_function(players, v)
        else:
            raise _native.InvalidInput(
                f"a game is Game(n, v) with a function v of coalitions or a dict of coalition values, not {v!r}"
            )

    @classmethod
    def _wrap(cls, native: Any, players: Optional[List[Any]] = None) -> "Game":
        game = cls.__new__(cls)
        game._native = native
        game.players = players if players is not None else list(native.names())
        return game

    @classmethod
    def parse(cls, spec: str) -> "Game":
        """The game written as the command line takes it: ``"[q; w1, …, wn]"``,
        ``"glove:L,R"``, ``"airport:c1,c2,…"``, ``"bankruptcy:E:d1,d2,…"``,
        the JSON coalition table ``{"players": …, "values": …}`` or
        ``{"quota": q, "weights": […]}`` (the text, not a file name)."""
        if not isinstance(spec, str):
            raise _native.InvalidInput(f"a game description is a string, not {spec!r}")
        return cls._wrap(_native.CoopGame.parse(spec))

    def _players_of(self, players: Any) -> List[Any]:
        if isinstance(players, bool):
            raise _native.InvalidInput(f"players are a count or a list of names, not {players!r}")
        if isinstance(players, numbers.Integral):
            _native.CoopGame.check_players(int(players))
            return list(range(1, int(players) + 1))
        if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
            raise _native.InvalidInput(f"players are a count or a list of names, not {players!r}")
        players = list(players)
        _native.CoopGame.check_players(len(players))
        seen = set()
        for name in map(str, players):
            # The sentences of the command line's coalition tables.
            if not name.strip() or "," in name:
                raise _native.InvalidInput(f'player name "{name}" must be non-empty and contain no comma')
            if name in seen:
                raise _native.InvalidInput(f'player "{name}" is listed twice')
            seen.add(name)
        return players

    def _from_function(self, players: Any, v: Callable[[frozenset], Any]) -> None:
        self.players = self._players_of(players)
        n = len(self.players)
        values = []
        for mask in range(1 << n):
            coalition = frozenset(p for i, p in enumerate(self.players) if mask >> i & 1)
            values.append(_text(_exact(v(coalition), f"v({set(coalition) or '{}'})")))
        self._native = _native.CoopGame.table([str(p) for p in self.players], values)

    def _from_table(self, players: Any, table: Mapping[Any, Any]) -> None:
        entries = [(_coalition_members(key), value) for key, value in table.items()]
        if players is None:
            seen: Dict[Any, None] = {}
            for members, _ in entries:
                for member in members:
                    seen.setdefault(member, None)
            try:
                players = sorted(seen, key=lambda p: (str(type(p)), p))
            except TypeError:
                players = list(seen)
        self.players = self._players_of(players)
        names = [str(p) for p in self.players]
        index = {p: names[i] for i, p in enumerate(self.players)}
        index.update({name: name for name in names})
        values = {}
        for members, value in entries:
            key = ",".join(index.get(m, str(m)) for m in members)
            if key in values:
                raise _native.InvalidInput(f"coalition {{{key}}} is given twice")
            values[key] = _text(_exact(value, f"the worth of {{{key}}}"))
        document = json.dumps({"players": names, "values": values})
        self._native = _native.CoopGame.parse(document)

    def __repr__(self) -> str:
        return f"<sprague.coop.Game of {len(self.players)} players: {self._native.describe()}>"

    def value(self, coalition: Iterable[Any]) -> Fraction:
        """The worth v(S) of a coalition (games with a table of at most 20 players)."""
        members = set(_coalition_members(coalition) if not isinstance(coalition, (set, frozenset, tuple, list)) else coalition)
        mask = 0
        for i, p in enumerate(self.players):
            if p in members or str(p) in members:
                mask |= 1 << i
                members.discard(p)
                members.discard(str(p))
        if members:
            raise _native.InvalidInput(f"the coalition names players not in the game: {sorted(map(str, members))}")
        return fraction(self._native.worth(mask))

    def _by_player(self, values: Sequence[Any]) -> Dict[Any, Any]:
        return dict(zip(self.players, values))

    def _allocation(self, allocation: Union[Mapping[Any, Any], Sequence[Any]]) -> List[str]:
        if isinstance(allocation, Mapping):
            shares = []
            for p in self.players:
                if p in allocation:
                    shares.append(allocation[p])
                elif str(p) in allocation:
                    shares.append(allocation[str(p)])
                else:
                    raise _native.InvalidInput(f"the allocation has no share for player {p!r}")
        else:
            shares = list(allocation)
        return [_text(_exact(x, "a share of the allocation")) for x in shares]


def weighted_voting(quota: int, weights: Sequence[int]) -> Game:
    """The weighted voting game ``[quota; w1, …, wn]`` (players 1…n): a
    coalition wins (worth 1) when its weight reaches the quota."""
    native = _native.CoopGame.weighted_from_ints(quota, weights)  # Python ints: no checks here
    if native is not None:
        return Game._wrap(native, list(range(1, len(weights) + 1)))
    quota = _whole(quota, "the quota")
    weights = [_whole(w, "a weight") for w in weights]
    return Game._wrap(_native.CoopGame.weighted(quota, weights), list(range(1, len(weights) + 1)))


def _whole(value: Any, what: str) -> int:
    if type(value) is int and 0 <= value < 1 << 64:
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not 0 <= value < 1 << 64:
        raise _native.InvalidInput(
            f"a weighted voting game is written [q; w1, w2, ...] with non-negative integer weights and quota: {what} {value!r} is not one"
        )
    return int(value)


def _game(game: Any) -> Game:
    if isinstance(game, Game):
        return game
    if isinstance(game, str):
        return Game.parse(game)
    if isinstance(game, Mapping):
        return Game(game)
    raise _native.InvalidInput(f"not a game: {game!r} (use sprague.coop.Game)")


@dataclass(frozen=True)
class ShapleyEstimate:
    """A Monte Carlo estimate of the Shapley value (games too large for the
    exact methods, or ``monte_carlo=`` given): the ``mean`` per player, its
    95% ``confidence`` interval, the number of ``samples`` and the ``seed``."""

    mean: Dict[Any, float]
    confidence: Dict[Any, tuple]
    samples: int
    seed: int
    exact: bool = False


def shapley(game: Any, monte_carlo: Optional[int] = None, seed: int = 0) -> Union[Dict[Any, Fraction], ShapleyEstimate]:
    """The Shapley value (the Shapley–Shubik index of a weighted voting game),
    exact, as a dict from players to Fractions. A weighted voting game too
    large for the exact method, a built-in game of more than 20 players, or
    ``monte_carlo=SAMPLES`` give a :class:`ShapleyEstimate` instead, as the
    command line does."""
    game = _game(game)
    seed = _whole_count(seed, "seed")
    if monte_carlo is None:
        exact = game._native.shapley_exact(game.players)
        if exact is not None:
            return exact
    else:
        monte_carlo = _whole_count(monte_carlo, "monte_carlo")
    data = json.loads(game._native.shapley(monte_carlo, seed))
    if data["exact"]:
        return game._by_player(list(map(fraction, data["shapley"])))
    return ShapleyEstimate(
        mean=game._by_player(data["shapley"]),
        confidence=game._by_player([tuple(c) for c in data["confidence_95"]]),
        samples=data["samples"],
        seed=data["seed"],
    )


def _whole_count(value: Any, what: str) -> int:
    if type(value) is int and 0 <= value < 1 << 64:
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not 0 <= value < 1 << 64:
        raise _native.InvalidInput(f"{what} must be a whole number from 0 below 2^64, not {value!r}")
    return int(value)


def banzhaf(game: Any, raw: bool = False) -> Dict[Any, Fraction]:
    """The normalised Banzhaf index (``raw=True``: the raw Banzhaf value,
    swings over 2ⁿ⁻¹), exact. When every player's raw value is 0 the
    normalised index does not exist and the raw values (all 0) are returned."""
    game = _game(game)
    data = json.loads(game._native.banzhaf())
    values = data["raw"] if raw or data["banzhaf"] is None else data["banzhaf"]
    return game._by_player([fraction(x) for x in values])


@dataclass(frozen=True)
class Core:
    """Whether the core is ``empty``; a core ``point`` when it is not (else
    ``None``), and the least-core ``epsilon`` (the core is empty exactly when
    it is positive). ``allocation in core`` tests membership."""

    empty: bool
    point: Optional[Dict[Any, Fraction]]
    epsilon: Optional[Fraction]
    game: Game

    def __contains__(self, allocation: Any) -> bool:
        return in_core(self.game, allocation).in_core


def core(game: Any) -> Core:
    """The core: empty or not, and a point of it (exact linear programming)."""
    game = _game(game)
    data = json.loads(game._native.core())
    return Core(
        empty=data["core_empty"],
        point=None if data["point"] is None else game._by_player([fraction(x) for x in data["point"]]),
        epsilon=None if data["least_core_epsilon"] is None else fraction(data["least_core_epsilon"]),
        game=game,
    )


@dataclass(frozen=True)
class CoreCheck:
    """The core test of one allocation: ``in_core``, ``efficient`` (shares
    add up to v(N)), ``surplus`` (x(N) − v(N)), the ``most_unhappy_coalition``
    (as the command line writes it, e.g. ``"{A,C}"``) and its ``max_excess``
    v(S) − x(S); ``game_kind`` is ``"worth"``, or ``"cost"`` for the airport
    game, whose core asks that no coalition pay more than its own cost
    (``max_excess`` is then x(S) − c(S))."""

    in_core: bool
    efficient: bool
    surplus: Fraction
    most_unhappy_coalition: str
    max_excess: Fraction
    game_kind: str = "worth"

    def __bool__(self) -> bool:
        return self.in_core


def in_core(game: Any, allocation: Union[Mapping[Any, Any], Sequence[Any]]) -> CoreCheck:
    """Whether ``allocation`` (a dict from players, or one share per player
    in order) is in the core, and which coalition objects most if not."""
    game = _game(game)
    data = json.loads(game._native.in_core(game._allocation(allocation)))
    return CoreCheck(
        in_core=data["in_core"],
        efficient=data["efficient"],
        surplus=fraction(data["surplus"]),
        most_unhappy_coalition=data["most_unhappy_coalition"],
        game_kind=data["game_kind"],
        max_excess=fraction(data["max_excess"]),
    )


@dataclass(frozen=True)
class LeastCore:
    """The least core: the smallest ``epsilon`` such that some efficient
    allocation gives every proper coalition at least its worth − ε (``None``
    for one player), and such a ``point``."""

    epsilon: Optional[Fraction]
    point: Dict[Any, Fraction]


def least_core(game: Any) -> LeastCore:
    game = _game(game)
    data = json.loads(game._native.least_core())
    return LeastCore(
        epsilon=None if data["epsilon"] is None else fraction(data["epsilon"]),
        point=game._by_player([fraction(x) for x in data["point"]]),
    )


@dataclass(frozen=True)
class Nucleolus:
    """The nucleolus (or prenucleolus) ``allocation`` and the ``levels``, the
    successive largest excesses of the sequential LP method."""

    allocation: Dict[Any, Fraction]
    levels: List[Fraction]
    pre: bool = False

    def __getitem__(self, player: Any) -> Fraction:
        return self.allocation[player]


def nucleolus(game: Any, pre: bool = False) -> Nucleolus:
    """The nucleolus (Schmeidler 1969), exactly; ``pre=True`` the
    prenucleolus (over all efficient allocations, not only imputations).
    Tables of up to 16 players are solved by the LP over all coalitions;
    larger tables and games given by a rule (weighted voting, ``glove:``,
    ``airport:`` — a cost game, answered in cost shares — ``bankruptcy:``,
    ``assignment:a11,a12;a21,a22``) of up to 25 players by constraint
    generation, as the command line does. Ctrl-C raises KeyboardInterrupt."""
    game = _game(game)
    data = json.loads(game._native.nucleolus(bool(pre)))
    key = "prenucleolus" if pre else "nucleolus"
    return Nucleolus(
        allocation=game._by_player([fraction(x) for x in data[key]]),
        levels=[fraction(x) for x in data["levels"]],
        pre=bool(pre),
    )
