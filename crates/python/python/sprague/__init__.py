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
    "Dominance",
    "Equilibria",
    "Equilibrium",
    "Error",
    "ExtensiveGame",
    "Game",
    "IllegalMove",
    "ImpartialGame",
    "InvalidInput",
    "IrrationalEquilibrium",
    "Move",
    "Nimber",
    "Option",
    "Position",
    "QuadraticNumber",
    "Reply",
    "StrategyError",
    "TooLarge",
    "UnknownGame",
    "Unsupported",
    "Values",
    "WinningMove",
    "ZeroSum",
    "analyze",
    "game",
    "games",
    "graph",
    "nimber_eval",
    "quotient",
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
    game: str,
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

    Other games are sized first, as on the command line: a sweep that would
    visit more than 2^32 options (``"coins:any1-4"`` to 5000: about 2.6e13) is
    refused with :class:`TooLarge` unless ``force=True``.
    """
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


def game(description: str) -> ImpartialGame:
    """The catalogue game of ``description`` (``"kayles"``, ``"chomp"``,
    ``"misere:nim"``, ``"digraph:a>b,b>a"``, …)."""
    return ImpartialGame(description)


def analyze(game_description: str, *position: _Union[str, int]) -> Analysis:
    """Who wins ``position`` of the game and by which moves.

    >>> sprague.analyze("kayles", 2, 3).value
    1
    """
    g = ImpartialGame(game_description)
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


# Repeated and cooperative games: sprague.ipd, sprague.coop; evolutionary and
# learning dynamics: sprague.dynamics; partizan games: sprague.partizan.
from . import coop, dynamics, ipd, partizan, tree  # noqa: E402
