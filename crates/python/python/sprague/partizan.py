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
"""

from __future__ import annotations

import json as _json

from fractions import Fraction
from typing import List, Optional, Union

from . import _native

__all__ = [
    "Game",
    "analyze",
    "clobber",
    "col",
    "cutcake",
    "domineering",
    "game",
    "hackenbush",
    "northcott",
    "konane",
    "reply",
    "rulesets",
    "snort",
    "toads_and_frogs",
]

Operand = Union["Game", int, str]


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
    def thermograph(self) -> dict:
        """``{'left_wall': [(t, value), ...], 'right_wall': [...], 'mast': value,
        'temperature': t}``: each wall's breakpoints from t = -1, exact."""
        left, right, mast, temperature = self._native.thermograph()
        points = lambda wall: [(Fraction(t), Fraction(v)) for t, v in wall]  # noqa: E731
        return {
            "left_wall": points(left),
            "right_wall": points(right),
            "mast": Fraction(mast),
            "temperature": Fraction(temperature),
        }

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
        if not isinstance(other, (Game, int, str)):
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


def _game(value: Operand) -> Game:
    if isinstance(value, Game):
        return value
    if isinstance(value, bool):
        raise TypeError("a bool is not a game")
    if isinstance(value, (int, str)):
        return game(str(value))
    raise TypeError(f"{type(value).__name__} is not a game (give a Game, an int or a string)")


def game(text: str) -> Game:
    """The game written in CGSuite's syntax: ``"{1|-1} + ^"``, ``"±2"``, ``"1/2*"``, ``"v3*2"``."""
    return Game(_native.partizan_parse(text))


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
