"""sprague: fast, exact game theory from Python.

Impartial games (the heart): Sprague-Grundy values and their periods,
outcomes and winning moves, every legal move with its value, the perfect
reply, and why a position has its value; nim arithmetic in Conway's field.

>>> import sprague
>>> sprague.values("kayles", 20).period
12
>>> sprague.analyze("nim", 3, 4, 5).winning_moves[0].to
'1 4 5'
>>> sprague.Nimber(16) * 16
Nimber(24)

A heap game known only by its rule is defined by a function giving the options
of a heap (:func:`sprague.define_heap`), and gets the same analysis, values,
periods and misère quotient as the catalogue's games.

Partizan games (:mod:`sprague.partizan`): canonical forms, outcome classes,
stops, mean, temperature, thermographs, atomic weight; Domineering and co.

Strategic games (:mod:`sprague.strategic`): exact Nash equilibria, zero-sum
solutions and iterated dominance. Extensive games (:mod:`sprague.extensive`):
Gambit `.efg` files and game trees, the sequence form, subgame perfection.

>>> [e.strategies[0] for e in sprague.Game.example("battle-of-the-sexes").equilibria()][1]
[Fraction(2, 3), Fraction(1, 3)]

The native half (``sprague._native``) is the Rust library built with PyO3;
this module turns its answers into Python objects. Errors are subclasses of
:class:`sprague.Error` (itself a :class:`ValueError`) with the same
one-sentence messages as the command line.
"""

from __future__ import annotations as _annotations

import html as _html
import json as _json
import os as _os
from dataclasses import dataclass as _dataclass
from typing import Any as _Any
from typing import Callable as _Callable
from typing import Iterable as _Iterable
from typing import List as _List
from typing import Optional as _Optional
from typing import Sequence as _Sequence
from typing import Union as _Union

from . import _native
from ._native import (
    CheckpointError,
    Error,
    IllegalMove,
    InvalidInput,
    Nimber,
    StrategyError,
    TooLarge,
    UnknownGame,
    Unsupported,
    nimber_eval,
)
from .extensive import ExtensiveGame
from .strategic import (
    Dominance,
    Equilibria,
    Equilibrium,
    Game,
    IrrationalEquilibrium,
    QuadraticNumber,
    ZeroSum,
)

__version__ = _native.__version__

__all__ = [
    "Analysis",
    "CheckpointError",
    "Component",
    "DefinedHeapGame",
    "Dominance",
    "Equilibria",
    "Equilibrium",
    "Error",
    "ExtensiveGame",
    "Game",
    "IllegalMove",
    "DefinedGame",
    "ImpartialGame",
    "SumGame",
    "InvalidInput",
    "IrrationalEquilibrium",
    "Move",
    "Nimber",
    "Option",
    "Plot",
    "Position",
    "QuadraticNumber",
    "Reply",
    "Server",
    "StrategyError",
    "TooLarge",
    "UnknownGame",
    "Unsupported",
    "Values",
    "WinningMove",
    "ZeroSum",
    "analyze",
    "define",
    "define_heap",
    "game",
    "games",
    "graph",
    "nimber_eval",
    "plot",
    "quotient",
    "serve",
    "survey",
    "table",
    "values",
    "coop",
    "dynamics",
    "ipd",
    "partizan",
    "tree",
]


def games() -> _List[dict]:
    """Every game of the catalogue: ``name``, ``syntax``, ``example``, ``rule``,
    ``values`` (whether :func:`values` works for it) and ``aliases``."""
    return list(_native.games())


@_dataclass(frozen=True)
class Values:
    """g(0..=to) of a one-heap game, with its period or closed form.

    ``period``/``preperiod`` are ``None`` when no period was found; ``proven``
    says whether a theorem (``theorem``) or a closed form (``closed_form``)
    guarantees the values for every heap, not only the ones computed.

    Take-and-break games (octal, hex, ``grundy``) also carry the engine's
    facts, the keys of ``sprague values --format json`` (docs/json.md):
    ``to``, ``computed``, ``method``, ``status``, ``max_value``,
    ``rare_mask``, ``rare_position_parity``, ``rare_count``, ``last_rare``,
    ``full_scans``, ``checksum``, ``bytes_per_value``, ``seconds`` and the
    period's ``examined``; and ``checkpoint`` (the file holding the values at
    the end) or ``checkpoint_error`` (why the final checkpoint was not
    written). They are ``None`` for the other games.
    """

    game: str
    title: str
    values: _List[int]
    period: _Optional[int] = None
    preperiod: _Optional[int] = None
    saltus: int = 0
    proven: bool = False
    theorem: _Optional[str] = None
    closed_form: _Optional[str] = None
    examined: _Optional[int] = None
    to: _Optional[int] = None
    computed: _Optional[int] = None
    method: _Optional[str] = None
    status: _Optional[str] = None
    max_value: _Optional[int] = None
    rare_mask: _Optional[int] = None
    rare_position_parity: _Optional[int] = None
    rare_count: _Optional[int] = None
    last_rare: _Optional[int] = None
    full_scans: _Optional[int] = None
    checksum: _Optional[str] = None
    bytes_per_value: _Optional[int] = None
    seconds: _Optional[float] = None
    checkpoint: _Optional[str] = None
    checkpoint_error: _Optional[str] = None

    def __len__(self) -> int:
        return len(self.values)

    def __getitem__(self, heap: int) -> int:
        return self.values[heap]

    def __iter__(self):
        return iter(self.values)

    @property
    def p_positions(self) -> _List[int]:
        """The heaps of value 0: the player to move there loses."""
        return [n for n, g in enumerate(self.values) if g == 0]

    def to_numpy(self):
        """The values as a NumPy array (``uint64``); needs NumPy."""
        import numpy

        return numpy.asarray(self.values, dtype=numpy.uint64)

    def _repr_html_(self) -> str:
        columns = self.period if self.period and 4 <= self.period <= 24 else 10
        rows = []
        header = "".join(f"<th>+{c}</th>" for c in range(columns))
        for start in range(0, len(self.values), columns):
            cells = []
            for n in range(start, min(start + columns, len(self.values))):
                g = self.values[n]
                style = ' style="background:#ffd27f;font-weight:bold"' if g == 0 else ""
                cells.append(f'<td title="g({n}) = {g}"{style}>{g}</td>')
            rows.append(f"<tr><th>{start}</th>{''.join(cells)}</tr>")
        if self.closed_form:
            summary = f"Closed form: {_html.escape(self.closed_form)}."
        elif self.period is not None:
            proof = f", proven by {_html.escape(self.theorem or 'a theorem')}" if self.proven else " (observed, not proven)"
            summary = f"Period {self.period} from {self.preperiod}{proof}."
        else:
            summary = "No period found in the values computed."
        return (
            f"<div><b>{_html.escape(self.title)}</b>: g(n) for n = 0..{len(self.values) - 1} "
            f"(P-positions highlighted)<table><tr><th></th>{header}</tr>{''.join(rows)}</table>"
            f"<p>{summary}</p></div>"
        )


_ENGINE_FACTS = (
    "to",
    "computed",
    "method",
    "status",
    "max_value",
    "rare_mask",
    "rare_position_parity",
    "rare_count",
    "last_rare",
    "full_scans",
    "checksum",
    "bytes_per_value",
    "seconds",
    "checkpoint",
    "checkpoint_error",
)


def values(
    game: _Union[str, "DefinedGame"],
    to: int,
    *,
    checkpoint: _Optional[_Union[str, "_os.PathLike[str]"]] = None,
    resume: bool = False,
    force: bool = False,
    checkpoint_every: float = 60,
    progress: _Optional[_Callable[[dict], _Any]] = None,
) -> Values:
    """The Sprague-Grundy values g(0..=to) of a one-heap game (``"kayles"``,
    ``"0.137"``, ``"subtraction:1,3,4"``, ``"grundy"``, …).

    Take-and-break games run on the research engine with the GIL released,
    under the same run control as the command line's ``values``:

    - ``checkpoint``: a file to which the values are written every
      ``checkpoint_every`` seconds, at the end, and when interrupted;
      ``resume=True`` continues from it (the values are bit-identical). The
      file's directory must exist and be writable (checked before any work),
      and an existing file that is not a checkpoint of the same game is not
      overwritten unless ``force=True`` (:class:`CheckpointError`).
    - ``progress``: a callable given a dict (``computed``, ``target``,
      ``max_value``, ``rare_mask``, ``rare_position``, ``rare_count``,
      ``elapsed`` seconds) at most every 0.5 s, with the GIL held; an
      exception it raises stops the run (the checkpoint is written) and
      propagates.
    - ``KeyboardInterrupt`` stops the run: the checkpoint is written, then the
      exception propagates.
    - If the final checkpoint cannot be written, the values are returned all
      the same, ``checkpoint_error`` says why, and a ``RuntimeWarning`` is issued.

    A game made by :func:`define` whose positions are whole numbers gets the
    values of its positions 0..=to (``period`` is ``None``: no periodicity
    theorem covers an arbitrary game); its other positions are valued by
    :meth:`DefinedGame.values`.

    Other games are sized first, as on the command line: a sweep that would
    visit more than 2^32 options (``"coins:any1-4"`` to 5000: about 2.6e13) is
    refused with :class:`TooLarge` unless ``force=True``.
    """
    if isinstance(game, DefinedGame):
        return Values(game=game.description, title=game.title, values=game.values(range(int(to) + 1)))
    path = None if checkpoint is None else _os.fspath(checkpoint)
    answer = dict(
        _native.values(
            game,
            int(to),
            path,
            bool(resume),
            bool(force),
            float(checkpoint_every),
            progress,
        )
    )
    period = answer.get("period")
    if isinstance(period, dict):
        # The take-and-break record: the period is an object, as in the JSON.
        answer.update(
            period=period["period"],
            preperiod=period["preperiod"],
            saltus=period["saltus"],
            proven=period["proven"],
            theorem=period["theorem"],
            examined=period["examined"],
        )
    return Values(
        game=answer["game"],
        title=answer["title"],
        values=answer["values"],
        period=answer.get("period"),
        preperiod=answer.get("preperiod"),
        saltus=answer.get("saltus", 0),
        proven=answer.get("proven", False),
        theorem=answer.get("theorem"),
        closed_form=answer.get("closed_form"),
        examined=answer.get("examined"),
        **{key: answer.get(key) for key in _ENGINE_FACTS},
    )


@_dataclass(frozen=True)
class Position:
    """A position of an impartial game: its game, its components as typed,
    and a ``board`` (a dict, ``board["kind"]`` says which) to draw it."""

    game: str
    components: _List[str]
    board: dict
    player: _Optional[int] = None

    @property
    def text(self) -> str:
        """The components joined by spaces, as typed on a command line."""
        return " ".join(self.components)

    def to_dict(self) -> dict:
        """The position as the JSON object of the command line (docs/json.md)."""
        out = {"game": self.game, "components": list(self.components), "board": self.board}
        if self.player is not None:
            out["player"] = self.player
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "Position":
        return cls(
            game=data["game"],
            components=list(data["components"]),
            board=data["board"],
            player=data.get("player"),
        )

    def _json(self) -> str:
        return _json.dumps(self.to_dict())

    def __str__(self) -> str:
        return self.text


@_dataclass(frozen=True)
class Move:
    """A legal move: what a player types (``notation``), a sentence, the
    component moved in (or ``None``) and the position after it."""

    notation: str
    description: str
    component: _Optional[int]
    after: Position

    @classmethod
    def _from(cls, data: dict) -> "Move":
        return cls(
            notation=data["notation"],
            description=data["description"],
            component=data.get("component"),
            after=Position.from_dict(data["after"]),
        )


@_dataclass(frozen=True)
class Option:
    """A legal move with the outcome, value and remoteness of the position
    after it, for the player who must move there; ``winning`` when that
    player loses."""

    move: Move
    grundy: _Optional[int]
    outcome: str
    remoteness: _Optional[int]
    winning: bool


@_dataclass(frozen=True)
class Reply:
    """The perfect reply and why it was chosen."""

    move: Move
    reason: str
    grundy: _Optional[int]
    outcome: str
    remoteness: _Optional[int]


@_dataclass(frozen=True)
class WinningMove:
    component: _Optional[int]
    move: str
    to: str


@_dataclass(frozen=True)
class Component:
    position: str
    grundy: _Optional[int]
    rule: _Optional[str] = None


@_dataclass(frozen=True)
class Analysis:
    """Who wins a position and how: ``outcome`` (``"P"``: the player to move
    loses, ``"N"``: wins; ``"D"`` draws, ``"W"``/``"L"``/``"T"`` in games with
    ties), its ``value``, each component's value, every winning move, and the
    ``method`` (the theorem or search that decided it)."""

    game: str
    outcome: str
    value: _Optional[int]
    components: _List[Component]
    winning_moves: _List[WinningMove]
    method: str
    remoteness: _Optional[int] = None

    @classmethod
    def _from(cls, data: dict) -> "Analysis":
        return cls(
            game=data["game"],
            outcome=data["outcome"],
            value=data["grundy"],
            components=[Component(**c) for c in data["components"]],
            winning_moves=[WinningMove(**m) for m in data["winning_moves"]],
            method=data["method"],
            remoteness=data.get("remoteness"),
        )

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{_html.escape(c.position)}</td><td>{'' if c.grundy is None else c.grundy}</td>"
            f"<td>{_html.escape(c.rule or '')}</td></tr>"
            for c in self.components
        )
        moves = "".join(
            f"<li>{_html.escape(m.move)} → {_html.escape(m.to)}</li>" for m in self.winning_moves
        )
        return (
            f"<div><table><tr><th>component</th><th>grundy</th><th>rule</th></tr>{rows}</table>"
            f"<p><b>{self.outcome}</b>-position{'' if self.value is None else f', value {self.value}'}. "
            f"By: {_html.escape(self.method)}.</p>"
            + (f"<p>Winning moves:</p><ul>{moves}</ul>" if moves else "")
            + "</div>"
        )


PositionLike = _Union[Position, str, int, _Sequence[_Union[str, int]]]


class ImpartialGame:
    """A game of the catalogue with its structured face: positions, every
    legal move, applying a move, the perfect reply and the explanation.

    >>> nim = sprague.game("nim")
    >>> p = nim.position(3, 4, 5)
    >>> [o.move.notation for o in nim.options(p) if o.winning]
    ['3->1']
    """

    def __init__(self, description: str):
        self._native = _native.NativeGame(description)

    @classmethod
    def _from_native(cls, native: _Any) -> "ImpartialGame":
        """The face of a native game built elsewhere (a user-defined game, a sum)."""
        game = cls.__new__(cls)
        game._native = native
        return game

    @property
    def description(self) -> str:
        return self._native.description()

    @property
    def title(self) -> str:
        return self._native.title()

    @property
    def position_syntax(self) -> str:
        return self._native.position_syntax()

    @property
    def move_syntax(self) -> str:
        return self._native.move_syntax()

    def __repr__(self) -> str:
        return f"sprague.game({self.description!r})"

    def position(self, *words: _Union[str, int]) -> Position:
        """The position written as ``words`` (e.g. heap sizes ``3, 4, 5``)."""
        flat: _List[str] = []
        for word in words:
            if isinstance(word, (list, tuple)):
                flat.extend(str(w) for w in word)
            else:
                flat.extend(str(word).split())
        return Position.from_dict(_json.loads(self._native.position(flat)))

    def _position(self, position: PositionLike) -> Position:
        if isinstance(position, Position):
            return Position.from_dict(_json.loads(self._native.check(position._json())))
        if isinstance(position, (str, int)):
            return self.position(position)
        return self.position(*position)

    def moves(self, position: PositionLike) -> _List[Move]:
        """Every legal move from ``position``."""
        return [o.move for o in self.options(position)]

    def options(self, position: PositionLike) -> _List[Option]:
        """Every legal move with the outcome and value after it."""
        rows = _json.loads(self._native.moves(self._position(position)._json()))
        return [
            Option(
                move=Move._from(row),
                grundy=row["grundy"],
                outcome=row["outcome"],
                remoteness=row["remoteness"],
                winning=row["winning"],
            )
            for row in rows
        ]

    def play(self, position: PositionLike, move: str) -> Move:
        """The move written ``move`` (its notation, the position it leaves, or
        ``#k``); :class:`IllegalMove` when it is not legal."""
        return Move._from(_json.loads(self._native.play(self._position(position)._json(), str(move))))

    def reply(self, position: PositionLike, pick: int = 0) -> _Optional[Reply]:
        """The perfect reply (win fastest; else keep a draw or tie; else lose
        slowest), or ``None`` when there is no legal move. ``pick`` chooses
        among equally good moves."""
        text = self._native.reply(self._position(position)._json(), int(pick))
        if text is None:
            return None
        data = _json.loads(text)
        return Reply(
            move=Move._from(data["move"]),
            reason=data["reason"],
            grundy=data["grundy"],
            outcome=data["outcome"],
            remoteness=data["remoteness"],
        )

    def explain(self, position: PositionLike) -> _List[str]:
        """Why the position has its value: the mex of the options' values, the
        XOR of a sum, the closed form or period, what the outcome means."""
        return _json.loads(self._native.explain(self._position(position)._json()))["lines"]

    def analyze(self, position: PositionLike) -> Analysis:
        """Outcome, values, every winning move and the method."""
        return Analysis._from(_json.loads(self._native.analyze(self._position(position)._json())))

    def serve(self, position: _Optional[PositionLike] = None, **options: _Any) -> "Server":
        """Plays this game on the web page: see :func:`sprague.serve`."""
        return serve(self, position, **options)

    def misere(self) -> "ImpartialGame":
        """The same game under misère play: the player who cannot move wins
        (``sprague.game("misere:kayles")`` for a catalogue game)."""
        return self._variant(self._native.misere())

    def every_sg(self) -> "ImpartialGame":
        """The Every-SG sum of the position's components: each turn a player
        moves in every component that can still move; the last to move wins."""
        return self._variant(self._native.every_sg())

    def _variant(self, native: _Any) -> "ImpartialGame":
        import copy

        variant = copy.copy(self)
        variant._native = native
        return variant

    def __add__(self, other: "ImpartialGame") -> "SumGame":
        """``a + b``: the sum of two games (see :func:`sum`)."""
        if not isinstance(other, ImpartialGame):
            return NotImplemented
        return sum(self, other)


class DefinedGame(ImpartialGame):
    """An impartial game defined by Python functions (see :func:`define`).

    Positions are the Python values the functions take and give; each is
    written as ``format`` writes it (default ``repr``). Everything a catalogue
    game offers works: ``analyze``, ``options``/``moves`` with the values after
    each move, ``play``, ``reply``, ``explain``, ``misere()``, ``every_sg()``,
    sums with other games (``sprague.sum``, ``+``), and :meth:`values`.

    >>> g = sprague.define(lambda n: [n - k for k in (1, 2) if k <= n], name="take-1-or-2")
    >>> g.values(range(7))
    [0, 1, 2, 0, 1, 2, 0]
    """

    _core: _Any

    def __repr__(self) -> str:
        return f"<sprague.DefinedGame {self.description!r}>"

    def _word(self, item: _Any) -> str:
        if isinstance(item, Position):
            raise InvalidInput("give a position's value or text, not a Position, as one of several parts")
        if isinstance(item, str):
            return item
        return self._core.word(item)

    def position(self, *items: _Any) -> Position:
        """The position ``items``: each a position of the game (the Python value
        itself, or its text as ``format`` writes it); several make a sum."""
        words = [self._word(item) for item in items]
        return Position.from_dict(_json.loads(self._native.position(words)))

    def _position(self, position: _Any) -> Position:
        if isinstance(position, Position):
            return Position.from_dict(_json.loads(self._native.check(position._json())))
        return self.position(position)

    def value_of(self, word: str) -> _Any:
        """The Python value of the position written ``word`` (as in ``Move.after``)."""
        return self._core.object(str(word))

    def values(self, positions: _Iterable[_Any]) -> _List[_Union[int, str]]:
        """The value of each position: its Sprague-Grundy value, or where the
        game has a cycle its generalized value γ (an int, or ``"∞(K)"`` text
        for an infinite γ, K the finite values of its options)."""
        words = [self._word(p) for p in positions]
        return list(self._core.values(words))

    def cycle(self, *items: _Any) -> _Optional[_List[str]]:
        """A cycle of moves reachable from the position (the texts of its
        positions, the first repeated at the end), or ``None``."""
        return self._core.cycle([self._word(item) for item in items])

    @property
    def explored(self) -> int:
        """How many positions have been explored (kept between calls)."""
        return int(self._core.explored())


def define(
    options: _Callable[[_Any], _Iterable[_Any]],
    *,
    name: _Optional[str] = None,
    components: _Optional[_Callable[[_Any], _Iterable[_Any]]] = None,
    describe: _Optional[_Callable[[_Any, _Any], str]] = None,
    parse: _Optional[_Callable[[str], _Any]] = None,
    format: _Optional[_Callable[[_Any], str]] = None,
    acyclic: bool = False,
    limit: int = 2_000_000,
) -> DefinedGame:
    """An impartial game defined by its moves: ``options(position)`` gives
    the positions reachable in one move; positions are any hashable Python
    values (int, str, tuple, frozenset, …).

    - ``components(position)``: the independent parts of a position that is a
      sum (a list; ``[position]`` when it does not split). Parts must not split
      further.
    - ``describe(position, option)``: the words of a move.
    - ``format(position)``: a position's text (default ``repr``); ``parse(text)``
      reads it back (default: a position explored already, else
      ``ast.literal_eval``, else the text itself as a str).
    - ``acyclic=True``: the game promises to have no cycle; a cycle found is an
      error naming its positions. Without it, a game with cycles is valued by
      the generalized Sprague-Grundy function (outcomes P, N and D).
    - ``limit``: the most positions explored (each keeps its Python value).

    The functions are called only while exploring the positions reachable from
    the one asked about (kept between calls); the engine then answers without
    calling Python. An exception they raise propagates; a result that is not an
    iterable of hashable positions is a :class:`sprague.Error`; Ctrl-C stops a
    long exploration (``KeyboardInterrupt``).

    >>> kayles = sprague.define(lambda row: {(a, row - t - a) for t in (1, 2) for a in range(row - t + 1)},
    ...                         components=lambda p: [p] if isinstance(p, int) else list(p))
    >>> kayles.values(range(8))
    [0, 1, 2, 3, 1, 4, 3, 2]
    """
    core = _native.DefinedCore(options, name, components, describe, parse, format, bool(acyclic), int(limit))
    game = DefinedGame.__new__(DefinedGame)
    game._core = core
    game._native = core.native()
    return game


class SumGame(ImpartialGame):
    """The sum of several games (see :func:`sum`): a position names a position
    of each part, and a move is a move in one part. Positions are written with
    the parts separated by the word ``+`` (``"3 4 + (2, 5)"``)."""

    _parts: _List[ImpartialGame]

    def __repr__(self) -> str:
        return f"sprague.sum({', '.join(repr(p) for p in self._parts)})"

    @property
    def parts(self) -> _List[ImpartialGame]:
        return list(self._parts)

    def position(self, *parts: _Any) -> Position:
        """The position with ``parts[k]`` in part k: each anything that part's
        ``position`` accepts (a Position, text, a value, a list of words), or
        one text with the parts separated by `` + ``."""
        if len(parts) == 1 and isinstance(parts[0], str) and len(self._parts) > 1:
            parts = tuple(chunk.strip() for chunk in parts[0].split(" + "))
        if len(parts) != len(self._parts):
            raise InvalidInput(
                f"a position of {self.description} names a position of each of its {len(self._parts)} parts, "
                f"not {len(parts)}"
            )
        words: _List[str] = []
        for k, (game, part) in enumerate(zip(self._parts, parts)):
            if k:
                words.append("+")
            words.extend(game._position(part).components)
        return Position.from_dict(_json.loads(self._native.position(words)))

    def _position(self, position: _Any) -> Position:
        if isinstance(position, Position):
            return Position.from_dict(_json.loads(self._native.check(position._json())))
        if isinstance(position, str):
            return self.position(position)
        return self.position(*position)


def sum(*games: _Union[ImpartialGame, str]) -> SumGame:
    """The sum of games of any kinds: catalogue games (by description or
    :func:`game`), games made by :func:`define`, sums. Its value is the XOR of
    the parts' values (each by its own game); misère (``.misere()``) and
    Every-SG play are searched exactly over the sum.

    >>> s = sprague.sum("kayles", "wythoff")
    >>> s.analyze(s.position("3", "1,2")).value
    3

    Not in ``__all__``, so that ``from sprague import *`` keeps the builtin ``sum``.
    """
    parts: _List[ImpartialGame] = []
    for g in games:
        g = ImpartialGame(g) if isinstance(g, str) else g
        if not isinstance(g, ImpartialGame):
            raise InvalidInput(f"sprague.sum takes games, not {g!r}")
        parts.extend(g._parts if isinstance(g, SumGame) else [g])
    if not parts:
        raise InvalidInput("sprague.sum needs at least one game")
    total = SumGame.__new__(SumGame)
    total._parts = parts
    total._native = _native.sum_games([p._native for p in parts])
    return total


def game(description: str) -> ImpartialGame:
    """The catalogue game of ``description`` (``"kayles"``, ``"chomp"``,
    ``"misere:nim"``, ``"digraph:a>b,b>a"``, …)."""
    return ImpartialGame(description)


def analyze(game_description: _Union[str, ImpartialGame], *position: _Any, exhaustive: bool = False) -> Analysis:
    """Who wins ``position`` of the game and by which moves. ``exhaustive=True``
    (misère sums of heap games) searches exactly past the interactive time budget,
    bounded only by memory, as ``sprague analyze --exhaustive``; Ctrl-C stops it.

    >>> sprague.analyze("kayles", 2, 3).value
    1
    """
    g = game_description if isinstance(game_description, ImpartialGame) else ImpartialGame(game_description)
    if exhaustive:
        return Analysis._from(_json.loads(g._native.analyze_exhaustive(g._position(position if len(position) != 1 else position[0])._json())))
    return g.analyze(g.position(*position))


def survey(
    patterns: _Union[str, _Iterable[str]],
    budget: int = 1 << 18,
    seconds: _Optional[float] = None,
    threads: int = 0,
    client: _Any = None,
) -> _List[dict]:
    """Every octal code of the pattern(s) (``"0.??"``), each computed within
    ``budget`` values (and ``seconds``, if given), classified: ``status``
    (trivial, periodic, unsolved), ``period``, ``preperiod``, ``max_value``,
    and the group of games equal up to a shift of heap sizes. The GIL is
    released while the engine runs.

    The defaults are those of ``sprague survey`` on the command line: a budget
    of 2**18 values per game, no time limit (``seconds=None``; the budget of
    values decides, so the rows do not depend on the machine's speed or load),
    and one game per core at once (``threads=0``; the rows do not depend on it).
    Raise ``budget`` (e.g. to ``2**20``) to prove longer periods.

    ``client``: a ``dask.distributed.Client``; the codes are then surveyed on
    its workers (one task per code) and grouped here, giving the same rows as
    a local survey. Point it at a real cluster with
    ``Client("tcp://scheduler:8786")``; every worker needs ``sprague``
    installed.
    """
    if isinstance(patterns, str):
        patterns = [patterns]
    patterns = list(patterns)
    limit = None if seconds is None else float(seconds)
    if client is not None:
        from ._dask import survey_on

        return survey_on(client, patterns, int(budget), limit)
    return list(_native.survey(patterns, int(budget), limit, int(threads)))


def graph(game_description: str, *position: _Union[str, int], max_nodes: int = 200) -> dict:
    """The game graph from a position, breadth-first, at most ``max_nodes`` positions:
    the dict of ``sprague graph GAME POSITION... --format json`` (``nodes`` with their
    ``position``, ``value`` and ``losing``; ``edges`` ``from``/``to`` indices into
    ``nodes`` with ``winning``; ``truncated``), built by the same library function."""
    words = [str(p) for p in position]
    return _json.loads(_native.graph(str(game_description), words, int(max_nodes)))


def table(game: str, to: int = 15) -> dict:
    """The table g(a, b) for a, b = 0..to of a two-heap game (Wythoff's game) with its
    P-positions, or the γ of every vertex of a digraph (``digraph:GRAPH``): the dict of
    ``sprague table GAME --to N --format json``, built by the same library function."""
    return _json.loads(_native.table(str(game), int(to)))


class Plot:
    """A plot of g(n) (or of the count of rare values): ``svg`` (shown by a notebook),
    ``save(path)``, and what it shows — the keys of ``/api/plot`` without the SVG
    (``game``, ``title``, ``kind``, ``values``, ``largest``, ``p_positions``,
    ``rare_class``, ``rare``) in ``summary``."""

    def __init__(self, svg: str, summary: dict):
        self.svg = svg
        self.summary = summary

    def _repr_svg_(self) -> str:
        return self.svg

    def save(self, path: _Union[str, "_os.PathLike[str]"]) -> None:
        with open(path, "w", encoding="utf-8") as out:
            out.write(self.svg)

    def __repr__(self) -> str:
        return f"<sprague.Plot {self.summary['title']!r}>"


def plot(game: str, to: int = 10_000, kind: str = "values", force: bool = False) -> Plot:
    """The plot ``sprague plot GAME --to N --kind KIND`` draws: g(0..=to) of a one-heap
    game (rare values of take-and-break games in red, P-positions of others in orange), or
    with ``kind="rare-count"`` the number of rare values up to n. Ctrl-C stops it."""
    svg, summary = _native.plot(str(game), int(to), str(kind), bool(force))
    return Plot(svg, _json.loads(summary))


def quotient(
    game: str,
    heaps: int = 1000,
    *,
    genus: _Optional[int] = None,
    survey: bool = False,
    max_order: int = 1024,
    max_outcomes: _Optional[int] = None,
) -> Any:
    """The misère quotient of an octal or hexadecimal game (Plambeck–Siegel), as
    ``sprague quotient GAME --format json``: a dict with ``order``, ``proven``,
    ``proof``, ``generators``, ``relations``, ``elements``, ``p_portion``,
    ``heaps`` (the element of heap 0, 1, …), ``growth``, ``stopped`` (why the
    computation stopped before ``heaps``; the command line prints the same record,
    then that reason as its error) and ``seconds``.

    ``genus=N``: instead the genus symbols of heaps 1..=N (a dict with ``genera``).
    ``survey=True``: ``game`` is a pattern (``"0.??"``) and the answer is one row
    per octal code (``status``, ``order``, ``period``, …), as ``--survey``.
    """
    if survey:
        return _json.loads(_native.misere_survey(str(game), int(heaps), int(max_order)))
    if genus is not None:
        return _json.loads(_native.misere_genus(str(game), int(genus)))
    return _json.loads(
        _native.misere_quotient(
            str(game),
            int(heaps),
            int(max_order),
            None if max_outcomes is None else int(max_outcomes),
        )
    )


# Heap games defined by a Python function options(n): sprague.define_heap.
from ._define_heap import DefinedHeapGame, define_heap  # noqa: E402

# Repeated and cooperative games: sprague.ipd, sprague.coop; evolutionary and
# learning dynamics: sprague.dynamics; partizan games: sprague.partizan.
from . import coop, dynamics, ipd, partizan, tree  # noqa: E402
from .web import Server, serve  # noqa: E402
