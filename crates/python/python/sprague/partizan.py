"""Partizan games: exact canonical forms of short games and their facts.

>>> from sprague import partizan
>>> g = partizan.game("{1|-1}")
>>> g.canonical_form, g.outcome, g.mean, g.temperature
('±1', 'N', Fraction(0, 1), Fraction(1, 1))
>>> partizan.game("^") + partizan.game("^") == partizan.game("^^")
True
>>> partizan.domineering("..|..")
game('±1')

A :class:`Game` is a canonical form (Siegel, *Combinatorial Game Theory*;
Berlekamp-Conway-Guy, *Winning Ways*) kept in one store of the process, so
equal games are equal objects and sums and comparisons are remembered. Games
compare by the partial order of games: ``g < h``, ``g <= h``, ``g == h``; two
games may be incomparable (confused, ``g.compare(h) == "‖"``), when none of
``<``, ``==``, ``>`` holds. ``+`` and ``-`` add and subtract; an ``int`` or a
string in CGSuite's syntax is read as a game. Numbers (stops, mean,
temperature) are exact :class:`fractions.Fraction`. Errors are
:class:`sprague.InvalidInput` with the command line's sentences.

Games of your own are defined by their options (:func:`define`): positions are
any hashable Python values, and the answers are the rulesets' (value, outcome,
every winning move, the perfect reply). Computations run with the GIL released
and stop on Ctrl-C (``KeyboardInterrupt``). In a notebook a game shows its
canonical form with its facts and a thermograph shows as a picture.
"""

from __future__ import annotations

import html as _html
import json as _json

from fractions import Fraction
from typing import Any, Callable, Dict, Hashable, Iterable, List, Optional, Tuple, Union

from . import _native

__all__ = [
    "DefinedGame",
    "Game",
    "Thermograph",
    "analyze",
    "analyze_sum",
    "clobber",
    "col",
    "cutcake",
    "define",
    "domineering",
    "domineering_table",
    "game",
    "hackenbush",
    "northcott",
    "konane",
    "reply",
    "reply_sum",
    "rulesets",
    "snort",
    "sum",
    "toads_and_frogs",
]

Operand = Union["Game", int, Fraction, str]


class Game:
    """A short partizan game in canonical form."""

    __slots__ = ("_native",)

    def __init__(self, native: "_native.PartizanGame") -> None:
        self._native = native

    @property
    def canonical_form(self) -> str:
        """The canonical form in CGSuite's syntax (``'{1^|-1^}'``, ``'±1'``)."""
        return self._native.canonical_form

    @property
    def number(self) -> Optional[Fraction]:
        """The game's value as a :class:`fractions.Fraction` if it is a number (a dyadic
        rational: ``game("3/4").number == Fraction(3, 4)``), else ``None`` (``*``, ``±1``)."""
        text = self._native.number
        return None if text is None else Fraction(text)

    @property
    def outcome(self) -> str:
        """``'L'`` (Left wins), ``'R'``, ``'P'`` (the second player wins) or ``'N'`` (the first)."""
        return self._native.outcome

    @property
    def birthday(self) -> int:
        """The birthday: the depth of the canonical form's game tree."""
        return self._native.birthday

    @property
    def left_stop(self) -> Fraction:
        """The left stop (Left moving first on the hot parts)."""
        return Fraction(self._native.left_stop)

    @property
    def right_stop(self) -> Fraction:
        """The right stop."""
        return Fraction(self._native.right_stop)

    @property
    def mean(self) -> Fraction:
        """The mean value (the mast of the thermograph)."""
        return Fraction(self._native.mean)

    @property
    def temperature(self) -> Fraction:
        """The temperature (negative for numbers: -1/2^k for m/2^k)."""
        return Fraction(self._native.temperature)

    @property
    def outcome_explanation(self) -> str:
        """The outcome in words, as ``sprague cgt`` says it."""
        return self._native.outcome_explanation

    @property
    def thermograph(self) -> "Thermograph":
        """The thermograph: a dict ``{'left_wall': [(t, value), ...], 'right_wall': [...],
        'mast': value, 'temperature': t}`` (each wall's breakpoints from t = -1, exact)
        that a notebook shows as the picture ``sprague cgt --svg`` draws."""
        left, right, mast, temperature = self._native.thermograph()
        points = lambda wall: [(Fraction(t), Fraction(v)) for t, v in wall]  # noqa: E731
        return Thermograph(
            self,
            {
                "left_wall": points(left),
                "right_wall": points(right),
                "mast": Fraction(mast),
                "temperature": Fraction(temperature),
            },
        )

    @property
    def atomic_weight(self) -> Optional["Game"]:
        """The atomic weight of an all-small game, else ``None``."""
        weight = self._native.atomic_weight()
        return None if weight is None else Game(weight)

    @property
    def reduced_canonical_form(self) -> "Game":
        """The reduced canonical form (the simplest game infinitesimally close)."""
        return Game(self._native.reduced())

    @property
    def left_options(self) -> List["Game"]:
        """Left's options of the canonical form."""
        return [Game(o) for o in self._native.left_options()]

    @property
    def right_options(self) -> List["Game"]:
        """Right's options of the canonical form."""
        return [Game(o) for o in self._native.right_options()]

    def compare(self, other: Operand) -> str:
        """``'>'``, ``'<'``, ``'='`` or ``'‖'`` (confused: incomparable)."""
        return self._native.compare(_game(other)._native)

    def __le__(self, other: Operand) -> bool:
        return self._native.leq(_game(other)._native)

    def __ge__(self, other: Operand) -> bool:
        return _game(other)._native.leq(self._native)

    def __lt__(self, other: Operand) -> bool:
        return self.compare(other) == "<"

    def __gt__(self, other: Operand) -> bool:
        return self.compare(other) == ">"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (Game, int, str, Fraction)):
            return NotImplemented
        return self._native == _game(other)._native

    def __ne__(self, other: object) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self) -> int:
        return hash(self._native)

    def __add__(self, other: Operand) -> "Game":
        return Game(self._native.add(_game(other)._native))

    def __radd__(self, other: Operand) -> "Game":
        return Game(_game(other)._native.add(self._native))

    def __sub__(self, other: Operand) -> "Game":
        return Game(self._native.sub(_game(other)._native))

    def __rsub__(self, other: Operand) -> "Game":
        return Game(_game(other)._native.sub(self._native))

    def __neg__(self) -> "Game":
        return Game(self._native.neg())

    def __pos__(self) -> "Game":
        return self

    def __repr__(self) -> str:
        return f"game({self.canonical_form!r})"

    def __str__(self) -> str:
        return self.canonical_form

    def _repr_html_(self) -> str:
        """The canonical form and its facts, for a notebook."""
        facts = [
            ("outcome", f"{self.outcome} — {self.outcome_explanation}"),
            ("birthday", str(self.birthday)),
            ("left stop", str(self.left_stop)),
            ("right stop", str(self.right_stop)),
            ("mean", str(self.mean)),
            ("temperature", str(self.temperature)),
        ]
        weight = self.atomic_weight
        if weight is not None:
            facts.append(("atomic weight", weight.canonical_form))
        rows = "".join(
            f"<tr><th style=\"text-align:left\">{name}</th><td>{_html.escape(value)}</td></tr>"
            for name, value in facts
        )
        return (
            f"<div><b>G = <code>{_html.escape(self.canonical_form)}</code></b>"
            f"<table>{rows}</table></div>"
        )


class Thermograph(dict):
    """A game's thermograph (Winning Ways ch. 6; Siegel §II.5): the dict of its walls'
    exact breakpoints, its mast and temperature, shown in a notebook as the picture
    ``sprague cgt --svg`` draws (the same library drawing): the left wall blue, the right
    wall red, the mast black, values with Left's side on the left."""

    def __init__(self, game: "Game", walls: Dict[str, Any]) -> None:
        super().__init__(walls)
        self._game = game

    @property
    def game(self) -> "Game":
        """The game whose thermograph this is."""
        return self._game

    @property
    def svg(self) -> str:
        """The picture as an SVG document."""
        return self._game._native.thermograph_svg()

    def _repr_svg_(self) -> str:
        return self.svg

    def save(self, path: str) -> None:
        """Writes the SVG picture to ``path``."""
        with open(path, "w", encoding="utf-8") as out:
            out.write(self.svg)


def _game(value: Operand) -> Game:
    if isinstance(value, Game):
        return value
    if isinstance(value, bool):
        raise TypeError("a bool is not a game")
    if isinstance(value, (int, str)):
        return game(str(value))
    if isinstance(value, Fraction):
        # A dyadic rational is a number of the store; any other denominator is refused there.
        return game(f"{value.numerator}/{value.denominator}")
    raise TypeError(f"{type(value).__name__} is not a game (give a Game, an int, a Fraction or a string)")


def game(text: str) -> Game:
    """The game written in CGSuite's syntax: ``"{1|-1} + ^"``, ``"±2"``, ``"1/2*"``, ``"v3*2"``."""
    return Game(_native.partizan_parse(text))


def sum(*games: Operand) -> Game:
    """The sum of the games (each a :class:`Game`, an int or a text), in one call."""
    return Game(_native.partizan_sum([_game(g)._native for g in games]))


def _ruleset(name: str, position: str) -> Game:
    return Game(_native.partizan_ruleset(name, position))


def domineering(board: str) -> Game:
    """Domineering (Left vertical): rows of ``.`` and ``#`` joined by ``|``, e.g. ``"....|...."``."""
    return _ruleset("domineering", board)


def hackenbush(position: str) -> Game:
    """Blue-Red(-Green) Hackenbush: strings ``"BRB RR"`` from the ground up, or edges
    ``"0-1:b 1-2:r 0-3:g"`` (vertex 0 the ground)."""
    return _ruleset("blue-red-hackenbush", position)


def toads_and_frogs(strip: str) -> Game:
    """Toads and Frogs: a strip of ``T``, ``F`` and ``.``, e.g. ``"TT..FF"``."""
    return _ruleset("toads-and-frogs", strip)


def clobber(board: str) -> Game:
    """Clobber (Left ``x``, Right ``o``): rows joined by ``|``, e.g. ``"xox|oxo"``."""
    return _ruleset("clobber", board)


def konane(board: str) -> Game:
    """Konane (Left ``x``, Right ``o``; a stone jumps an adjacent opposing stone into the
    empty square beyond, and may go on in the same line): rows joined by ``|``, e.g.
    ``"xo.|.ox|..x"``."""
    return _ruleset("konane", board)


def cutcake(cakes: str) -> Game:
    """Cutcake (Left cuts vertically): ``"3x4"`` or ``"2x3 + 1x5"``."""
    return _ruleset("cutcake", cakes)


def col(graph: str) -> Game:
    """Col: ``"VERTICES:EDGES"``, e.g. ``"....:0-1 1-2 2-3"`` (``.`` uncoloured, ``L`` blue, ``R`` red)."""
    return _ruleset("col", graph)


def snort(graph: str) -> Game:
    """Snort: the graph as for :func:`col`."""
    return _ruleset("snort", graph)


def northcott(board: str) -> Game:
    """Northcott's game as a partizan game (Left slides the black ``B``, Right the white
    ``W``): one word per row, e.g. ``"B...W. .W..B"``. Loopy; each row is the nimber of its
    gap in every sum with short games (Winning Ways ch. 2)."""
    return _ruleset("northcott-partizan", board)


def domineering_table(to: int = 8, budget: Optional[float] = None) -> dict:
    """The outcome class of every m×n Domineering board with m, n ≤ ``to`` (at most 11) by
    the outcome search: the dict of ``sprague table domineering --to TO --format json``
    (``game``, ``to``, ``boards``: ``rows``, ``cols``, ``outcome``, ``left_first_wins``,
    ``right_first_wins``, ``nodes``, ``seconds``). ``budget`` gives each board at most that
    many seconds (a board out of time has ``outcome`` ``None``). Ctrl-C stops it."""
    return _json.loads(_native.partizan_domineering_table(int(to), budget))


def analyze(ruleset: str, position: str) -> dict:
    """A position of a ruleset as ``sprague analyze RULESET POSITION --format json`` and
    ``/api/analyze`` give it: ``canonical_form``, ``outcome``, ``mean``, ``temperature``,
    ``left_moves``/``right_moves`` (counts) and each player's winning moves
    (``left_winning_moves``, ``right_winning_moves``: ``move``, ``description``, ``to``,
    ``value``)."""
    return _json.loads(_native.partizan_analyze(str(ruleset), str(position)))


def reply(ruleset: str, position: str, side: str = "left") -> Optional[dict]:
    """The computer's move for ``side`` (``"left"`` or ``"right"``) from ``position``, as
    ``sprague play`` and the web page choose it (a move the side wins moving second when
    there is one): ``move``, ``description``, ``to``, ``value``, ``winning``; ``None``
    when the side has no move."""
    chosen = _native.partizan_reply(str(ruleset), str(position), str(side))
    if chosen is None:
        return None
    keys = ("move", "description", "to", "value", "winning")
    return dict(zip(keys, chosen))


def rulesets() -> List[dict]:
    """Every ruleset: ``name``, ``aliases``, ``rule``, ``position``, ``moves``, ``example``."""
    keys = ("name", "aliases", "rule", "position", "moves", "example")
    return [dict(zip(keys, entry)) for entry in _native.partizan_rulesets()]


Position = Hashable


def _analysis_record(head: Dict[str, Any], value: Game) -> Dict[str, Any]:
    """The keys every analysis answers with, after ``head`` (what was analysed): the value's
    facts, move counts at 0 and empty lists of winning moves, to be filled in."""
    record = dict(head)
    record.update(
        canonical_form=value.canonical_form,
        outcome=value.outcome,
        outcome_explanation=value.outcome_explanation,
        mean=str(value.mean),
        temperature=str(value.temperature),
        left_moves=0,
        right_moves=0,
        left_winning_moves=[],
        right_winning_moves=[],
    )
    return record


class DefinedGame:
    """A partizan game defined by its options (see :func:`define`): each answer
    explores what is reachable from the positions asked about (calling the
    functions, kept between calls), then computes canonical forms bottom-up in
    the process's store without calling Python. Several positions make a sum."""

    __slots__ = ("_core", "_describe")

    def __init__(self, core: "_native.PartizanDefinedCore", describe: Optional[Callable[[Any, Any], str]]) -> None:
        self._core = core
        self._describe = describe

    def __repr__(self) -> str:
        return f"<sprague.partizan.DefinedGame {self.name!r}>"

    @property
    def name(self) -> str:
        """The game's name (``name=``, default "the defined game")."""
        return self._core.name

    def _positions(self, positions: Tuple[Position, ...]) -> List[Position]:
        if not positions:
            raise _native.InvalidInput(f"{self.name}: give a position (several make a sum)")
        return list(positions)

    @property
    def explored(self) -> int:
        """How many positions are known so far (kept between calls)."""
        return self._core.explored()

    def value(self, *positions: Position) -> Game:
        """The canonical form of the position (of the sum, for several)."""
        values = [Game(v) for v in self._core.values(self._positions(positions))]
        if len(values) == 1:
            return values[0]
        return sum(*values)

    def values(self, positions: Iterable[Position]) -> List[Game]:
        """The canonical form of each position."""
        return [Game(v) for v in self._core.values(list(positions))]

    def outcome(self, *positions: Position) -> str:
        """``'L'``, ``'R'``, ``'P'`` or ``'N'`` (of the sum, for several)."""
        return self.value(*positions).outcome

    def options(self, position: Position) -> Tuple[List[Any], List[Any]]:
        """Left's and Right's options of the position, as the functions gave them."""
        left, right = self._core.options(position)
        return list(left), list(right)

    def _move(self, positions: Tuple[Position, ...], side: str, component: int, option: Any, index: int) -> Dict[str, Any]:
        mover = "Left" if side == "left" else "Right"
        origin = positions[component]
        if self._describe is not None:
            words = self._describe(origin, option)
            if not isinstance(words, str):
                raise _native.InvalidInput(f"describe({origin!r}, {option!r}) returned {words!r}, not a str")
        else:
            words = f"{mover} moves to {option!r}"
        to: Any = option
        if len(positions) > 1:
            to = positions[:component] + (option,) + positions[component + 1:]
        return {"move": f"#{index}", "description": words, "to": to}

    def analyze(self, *positions: Position) -> Dict[str, Any]:
        """The position (the sum, for several) as :func:`analyze` gives a ruleset's:
        ``canonical_form``, ``outcome``, ``outcome_explanation``, ``mean``,
        ``temperature``, ``left_moves``/``right_moves`` (counts), and each side's winning
        moves (``left_winning_moves``, ``right_winning_moves``): ``move`` (``#k``, the
        k-th of that side's moves, as ``reply`` and the rulesets' play accept), the
        ``description`` (``describe``'s words), the position ``to`` (the option itself; a
        tuple of the parts for a sum, and ``component``, the part moved in) and its
        ``value`` (canonical form text)."""
        total, moves = self._core.analyze(self._positions(positions))
        position = positions[0] if len(positions) == 1 else tuple(positions)
        record = _analysis_record({"game": self.name, "position": position}, Game(total))
        for side, component, option, after, winning in moves:
            record[f"{side}_moves"] += 1
            if not winning:
                continue
            entry = self._move(positions, side, component, option, record[f"{side}_moves"])
            entry["value"] = Game(after).canonical_form
            if len(positions) > 1:
                entry["component"] = component
            record[f"{side}_winning_moves"].append(entry)
        return record

    def reply(self, *positions: Position, side: str = "left") -> Optional[Dict[str, Any]]:
        """The perfect move for ``side`` (``"left"`` or ``"right"``), chosen as the
        rulesets' :func:`reply` and ``sprague play`` choose: a move the side wins moving
        second when there is one, else one to a value no other move beats for it.
        ``move``, ``description``, ``to``, ``value`` (a :class:`Game`), ``winning``;
        ``None`` when the side has no move."""
        chosen = self._core.reply(self._positions(positions), str(side))
        if chosen is None:
            return None
        component, option, after, winning = chosen
        mover = "left" if str(side).strip().lower() in ("left", "l") else "right"
        # The move's number as analyze counts them: the side's moves part by part.
        index = 0
        for k, part in enumerate(positions[: component + 1]):
            moves = self._core.options(part)[0 if mover == "left" else 1]
            index += moves.index(option) + 1 if k == component else len(moves)
        entry = self._move(tuple(positions), mover, component, option, index)
        entry["value"] = Game(after)
        entry["winning"] = winning
        if len(positions) > 1:
            entry["component"] = component
        return entry


def define(
    left_options: Any,
    right_options: Optional[Callable[[Any], Iterable[Any]]] = None,
    *,
    name: Optional[str] = None,
    describe: Optional[Callable[[Any, Any], str]] = None,
    limit: int = 2_000_000,
) -> DefinedGame:
    """A partizan game defined by its moves: ``left_options(position)`` and
    ``right_options(position)`` give the positions Left and Right reach in one
    move; positions are any hashable Python values (int, str, tuple, frozenset, …).
    Alternatively pass one object whose methods ``left_options(position)`` and
    ``right_options(position)`` (and, if it has them, ``describe(position, option)``
    and a ``name`` attribute) define the game.
    ``describe(position, option)`` gives a move's words; ``limit`` bounds the
    positions explored (each keeps its Python value).

    The functions are called only while exploring the positions reachable from
    those asked about; values are then computed without calling Python. An
    exception they raise propagates with its traceback; a result that is not an
    iterable of hashable positions, more than ``limit`` positions, or a cycle of
    moves (the game is not short) is one :class:`sprague.Error` naming the
    positions; Ctrl-C stops a long exploration or computation.

    >>> cut = lambda colour: lambda s: [s[:i] for i, c in enumerate(s) if c == colour]
    >>> hackenbush = define(cut("B"), cut("R"), name="hackenbush strings")
    >>> hackenbush.value("BRB"), hackenbush.outcome("BR", "RB")
    (game('3/4'), 'P')
    """
    if right_options is None:
        rules = left_options
        left_options = getattr(rules, "left_options", None)
        right_options = getattr(rules, "right_options", None)
        if not (callable(left_options) and callable(right_options)):
            raise _native.InvalidInput(
                f"{rules!r} is not a partizan game: give two functions, left_options and "
                "right_options, or an object with both as methods"
            )
        if describe is None and callable(getattr(rules, "describe", None)):
            describe = rules.describe
        if name is None:
            name = str(getattr(rules, "name", None) or type(rules).__name__)
    if isinstance(limit, bool) or not isinstance(limit, int):
        raise TypeError("limit must be an int")
    if describe is not None and not callable(describe):
        raise _native.InvalidInput(f"describe must be a function, not {describe!r}")
    core = _native.PartizanDefinedCore(left_options, right_options, name, max(int(limit), 0))
    return DefinedGame(core, describe)


Part = Union[Tuple[str, str], Tuple["DefinedGame", Hashable], Operand]


class _Gathered:
    """One part of a sum: its label and position, value, and each side's moves as
    ``(notation, description, part after, value after)``."""

    __slots__ = ("label", "position", "value", "left", "right")

    def __init__(self, label: str, position: Any, value: Game, left: list, right: list) -> None:
        self.label, self.position, self.value, self.left, self.right = label, position, value, left, right


def _gather(part: Part) -> _Gathered:
    if isinstance(part, tuple) and len(part) == 2 and isinstance(part[0], str):
        name, position = part
        if not isinstance(position, str):
            raise TypeError(f"the position of a {name} part is a string, not {type(position).__name__}")
        text, value, left, right = _native.partizan_moves(name, position)
        moves = lambda listed: [(n, d, (name, to), Game(v)) for n, d, to, v in listed]
        return _Gathered(name, text, Game(value), moves(left), moves(right))
    if isinstance(part, tuple) and len(part) == 2 and isinstance(part[0], DefinedGame):
        defined, position = part
        total, listed = defined._core.analyze([position])
        gathered = _Gathered(defined.name, position, Game(total), [], [])
        for side, _component, option, after, _winning in listed:
            moves = gathered.left if side == "left" else gathered.right
            index = len(moves) + 1
            # Described only if the move is reported: `describe` is the user's function.
            words = lambda side=side, option=option, index=index: defined._move(
                (position,), side, 0, option, index
            )["description"]
            moves.append((f"#{index}", words, (defined, option), Game(after)))
        return gathered
    if isinstance(part, tuple):
        raise TypeError(
            "a part of a sum is (ruleset name, position), (defined game, position) or a game, "
            f"not a tuple of {len(part)} starting with {type(part[0]).__name__ if part else 'nothing'}"
        )
    value = _game(part)
    def moves(options: List[Game], mover: str) -> list:
        return [(f"#{k}", f"{mover} moves to {o.canonical_form}", o, o) for k, o in enumerate(options, 1)]
    return _Gathered("game", value.canonical_form, value, moves(value.left_options, "Left"), moves(value.right_options, "Right"))


def _sum_parts(parts: Tuple[Part, ...]) -> List[_Gathered]:
    if not parts:
        raise _native.InvalidInput("give at least one part: (ruleset, position), (defined game, position) or a game")
    return [_gather(p) for p in parts]


def _native_parts(gathered: List[_Gathered]) -> list:
    return [(g.value._native, [m[3]._native for m in g.left], [m[3]._native for m in g.right]) for g in gathered]


def _sum_move(parts: Tuple[Part, ...], gathered: List[_Gathered], side: str, k: int, i: int) -> Dict[str, Any]:
    notation, description, after, _value = (gathered[k].left if side == "left" else gathered[k].right)[i]
    to = parts[:k] + (after,) + parts[k + 1:]
    words = description() if callable(description) else description
    return {"component": k, "game": gathered[k].label, "move": notation, "description": words, "to": to}


def analyze_sum(*parts: Part) -> Dict[str, Any]:
    """A sum of positions from different games, analysed as :func:`analyze` analyses one
    ruleset's position. Each part is ``(ruleset name, position)`` (``("domineering",
    "..|..")``), ``(defined game, position)`` for a game of :func:`define`, or a game
    (a :class:`Game`, an int, a dyadic Fraction or a CGSuite text). The keys of
    :func:`analyze` (``canonical_form``, ``outcome``, ``outcome_explanation``, ``mean``,
    ``temperature``, ``left_moves``, ``right_moves``, ``left_winning_moves``,
    ``right_winning_moves``) and ``parts`` (each part's ``game`` and ``position``); each
    winning move has ``component`` (the part moved in), ``game``, ``move`` (the part's own
    notation; ``#k`` for a defined game or a plain game), ``description``, ``to`` (the
    parts after the move, in the form given, so ``analyze_sum(*move["to"])`` goes on) and
    ``value`` (canonical form text of the whole sum after it). Every part needs its exact
    value: a Domineering board past 30 empty squares is refused at once
    (:class:`sprague.TooLarge`; :func:`analyze` gives its outcome class by search).

    >>> record = analyze_sum(("toads-and-frogs", "T.F"), "*", 1)
    >>> record["canonical_form"], record["outcome"]
    ('1', 'L')
    """
    gathered = _sum_parts(parts)
    total, moves = _native.partizan_sum_moves(_native_parts(gathered))
    parts_record = [{"game": g.label, "position": g.position} for g in gathered]
    record = _analysis_record({"game": "sum", "parts": parts_record}, Game(total))
    for side, k, i, after, winning in moves:
        record[f"{side}_moves"] += 1
        if winning:
            entry = _sum_move(parts, gathered, side, k, i)
            entry["value"] = Game(after).canonical_form
            record[f"{side}_winning_moves"].append(entry)
    return record


def reply_sum(*parts: Part, side: str = "left") -> Optional[Dict[str, Any]]:
    """The perfect move for ``side`` in a sum of parts from different games (the parts as
    :func:`analyze_sum` takes them), chosen as :func:`reply` chooses: a move the side wins
    moving second when there is one, else one to a value no other move beats for it.
    ``component``, ``game``, ``move``, ``description``, ``to`` (the parts after it),
    ``value`` (a :class:`Game`, the whole sum after it) and ``winning``; ``None`` when the
    side has no move in any part.

    >>> move = reply_sum(("domineering", "..|.."), 1, side="right")
    >>> move["winning"], move["value"], move["to"]
    (True, game('0'), (('domineering', '##|..'), 1))
    """
    gathered = _sum_parts(parts)
    chosen = _native.partizan_sum_reply(_native_parts(gathered), str(side))
    if chosen is None:
        return None
    mover, k, i, after, winning = chosen
    entry = _sum_move(parts, gathered, mover, k, i)
    entry["value"] = Game(after)
    entry["winning"] = winning
    return entry
