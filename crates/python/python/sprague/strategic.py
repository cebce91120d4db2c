"""Strategic-form (normal-form) games: exact Nash equilibria, zero-sum
solutions and iterated dominance, with the answers of the command line.

>>> g = sprague.Game.from_arrays([[2, 0], [0, 1]], [[1, 0], [0, 2]])
>>> [e.strategies[0] for e in g.equilibria()]      # doctest: +SKIP
[[Fraction(1, 1), Fraction(0, 1)], [Fraction(2, 3), Fraction(1, 3)], ...]

Payoffs are exact rationals. A payoff may be an ``int``, a
``fractions.Fraction``, a ``decimal.Decimal``, a string (``"3"``, ``"-3/4"``,
``"1.25"``, ``"2e3"``) or a float, which is read as the exact decimal of its
``repr``: ``0.1`` is 1/10, not the binary fraction 3602879701896397/2**55.
NumPy arrays of any of these (integer, float or object dtype) work too.

Every answer is the record the command line prints with ``--format json``
(``sprague nash``, ``zerosum``, ``dominance``), with the exact numbers as
``Fraction``; ``.report`` holds the record itself.
"""

from __future__ import annotations

import decimal
import functools
import html
import json
import math
import numbers
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from . import _native
from ._native import InvalidInput
from ._exact import fraction, fractions, shared_fractions

__all__ = [
    "Clique",
    "Dominance",
    "Elimination",
    "Equilibria",
    "Equilibrium",
    "Game",
    "IrrationalEquilibrium",
    "QuadraticNumber",
    "ZeroSum",
    "examples",
]

Payoff = Union[int, Fraction, decimal.Decimal, str, float]


def examples() -> List[Tuple[str, str]]:
    """The built-in games: ``(name, description)`` pairs."""
    return [tuple(e) for e in _native.strategic_examples()]


def _exact(x: Any) -> str:
    """A payoff as exact text for the native parser."""
    if isinstance(x, str):
        return x
    if isinstance(x, bool) or type(x).__name__ == "bool_":
        raise InvalidInput(f"{x!r} is a boolean, not a payoff; give a number")
    if isinstance(x, numbers.Integral):
        return str(int(x))
    if isinstance(x, Fraction):
        return f"{x.numerator}/{x.denominator}"
    if isinstance(x, decimal.Decimal):
        if not x.is_finite():
            raise InvalidInput(f"{x} is not a finite number; payoffs must be finite")
        f = Fraction(x)
        return f"{f.numerator}/{f.denominator}"
    if isinstance(x, numbers.Rational):
        return f"{int(x.numerator)}/{int(x.denominator)}"
    if isinstance(x, float) or isinstance(x, numbers.Real):
        value = float(x)
        if not math.isfinite(value):
            raise InvalidInput(f"{x!r} is not a finite number; payoffs must be finite")
        # The shortest decimal that reads back as this float (NumPy's str of
        # a float32 is the shortest for float32).
        text = repr(x) if isinstance(x, float) else str(x)
        try:
            f = Fraction(text)
        except (ValueError, ZeroDivisionError):
            f = Fraction(repr(value))
        return f"{f.numerator}/{f.denominator}"
    raise InvalidInput(
        f"{x!r} (of type {type(x).__name__}) is not a payoff; give an int, a Fraction, "
        "a Decimal, a decimal or p/q string, or a float"
    )


def _tensor(x: Any) -> Tuple[Tuple[int, ...], List[Any]]:
    """The shape and the entries (row-major) of a nested list or array."""
    if hasattr(x, "shape") and hasattr(x, "tolist") and hasattr(x, "dtype"):
        kind = getattr(x.dtype, "kind", "O")
        if kind not in "iufOUSb":
            raise InvalidInput(
                f"an array of dtype {x.dtype} cannot hold payoffs; use integers, floats, "
                "Fractions or strings"
            )
        shape = tuple(int(n) for n in x.shape)
        _check_size(shape)
        if kind == "f" and x.dtype.itemsize < 8:
            # NumPy's str of a float32 (or float16) is its shortest decimal.
            return shape, [str(v) for v in x.reshape(-1)]
        flat = x.reshape(-1).tolist() if len(shape) else [x.tolist()]
        return shape, flat
    if isinstance(x, (str, bytes)) or not hasattr(x, "__len__"):
        return (), [x]
    items = list(x)
    if not items:
        return (0,), []
    shapes_and_flats = [_tensor(item) for item in items]
    first = shapes_and_flats[0][0]
    for k, (shape, _) in enumerate(shapes_and_flats):
        if shape != first:
            raise InvalidInput(
                "the payoffs are ragged: entry 1 has shape "
                f"{_shape_text(first)} but entry {k + 1} has shape {_shape_text(shape)}; "
                "every row needs the same length"
            )
    shape = (len(items),) + first
    _check_size(shape)
    flat: List[Any] = []
    for _, f in shapes_and_flats:
        flat.extend(f)
    return shape, flat


def _shape_text(shape: Tuple[int, ...]) -> str:
    return "x".join(str(n) for n in shape) if shape else "a single number"


def _check_size(shape: Tuple[int, ...]) -> None:
    counts = [n for n in shape if n > 0]
    if len(counts) == len(shape) and counts:
        _native.check_profiles(counts)


_fraction = fraction
_fractions = fractions


def _names(given: Optional[Sequence[str]], count: int, default: List[str], what: str) -> List[str]:
    if given is None:
        return default
    names = [str(n) for n in given]
    if len(names) != count:
        raise InvalidInput(f"{len(names)} {what} were given for {count}; give one each")
    return names


def _fraction_text(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


# The most pure profiles ``str(game)`` writes out.
_STR_PROFILES = 400


class Game:
    """A finite game in strategic form with exact payoffs.

    ``Game(source, B=None, *, title=None, players=None, strategies=None)``:
    ``source`` may be a payoff matrix (with ``B``, or alone for a zero-sum
    game), a game spec string (a built-in example or a ``.nfg``/CSV/JSON file,
    as on the command line), a Nashpy game, a pygambit game, or a ``Game``.
    """

    def __init__(
        self,
        source: Any,
        B: Any = None,
        *,
        title: Optional[str] = None,
        players: Optional[Sequence[str]] = None,
        strategies: Optional[Sequence[Sequence[str]]] = None,
    ) -> None:
        if isinstance(source, _native.NativeStrategic):
            native = source
        elif isinstance(source, Game):
            native = source._native
        elif isinstance(source, str):
            native = _native.NativeStrategic.load(source)
        elif _is_nashpy(source):
            native = Game.from_nashpy(source)._native
        elif _is_pygambit(source):
            native = Game.from_pygambit(source)._native
        else:
            native = Game.from_arrays(source, B)._native
        if title is not None or players is not None or strategies is not None:
            native = _renamed(native, title, players, strategies)
        self._native = native

    # Construction --------------------------------------------------------

    @classmethod
    def _wrap(cls, native: Any) -> "Game":
        return cls(native)

    @classmethod
    def from_arrays(
        cls,
        A: Any,
        B: Any = None,
        *,
        title: Optional[str] = None,
        players: Optional[Sequence[str]] = None,
        strategies: Optional[Sequence[Sequence[str]]] = None,
    ) -> "Game":
        """The bimatrix game (A, B): ``A[i][j]`` the row player's payoff,
        ``B[i][j]`` the column player's; ``B=None`` makes it zero-sum
        (B = -A). Entries as in the module docstring."""
        # Two lists of lists of ints: checked and read natively; NumPy integer
        # arrays and zero-sum games through _integer_bimatrix; anything else
        # by the general path.
        fast = None if B is None else _native.NativeStrategic.bimatrix_from_ints(A, B)
        if fast is None:
            fast = _integer_bimatrix(A, B)
        if fast is not None:
            return cls(fast, title=title, players=players, strategies=strategies)
        shape_a, flat_a = _matrix(A, "A")
        if B is None:
            flat_b = [_negate(x) for x in flat_a]
        else:
            shape_b, flat_b = _matrix(B, "B")
            if shape_b != shape_a:
                raise InvalidInput(
                    f"dimension mismatch: A is {shape_a[0]}x{shape_a[1]} but B is "
                    f"{shape_b[0]}x{shape_b[1]}; both need the same shape"
                )
        m, n = shape_a
        payoffs = [[flat_a[i * n + j], flat_b[i * n + j]] for j in range(n) for i in range(m)]
        native = _native.NativeStrategic(
            "",
            ["Player 1", "Player 2"],
            [[str(i) for i in range(1, m + 1)], [str(j) for j in range(1, n + 1)]],
            payoffs,
        )
        return cls(native, title=title, players=players, strategies=strategies)

    @classmethod
    def from_payoffs(
        cls,
        payoffs: Sequence[Any],
        *,
        title: Optional[str] = None,
        players: Optional[Sequence[str]] = None,
        strategies: Optional[Sequence[Sequence[str]]] = None,
    ) -> "Game":
        """An n-player game from one payoff array per player: ``payoffs[p]``
        has shape ``(s1, …, sn)`` and ``payoffs[p][i1]…[in]`` is player
        ``p``'s payoff when player ``k`` plays strategy ``ik``."""
        if isinstance(payoffs, (str, bytes)):
            raise InvalidInput("the payoffs must be a sequence of one array per player")
        arrays = list(payoffs)
        if not arrays:
            raise InvalidInput("the game has no players; a game needs at least one player")
        tensors = [_tensor(a) for a in arrays]
        shape = tensors[0][0]
        n = len(arrays)
        if len(shape) != n:
            raise InvalidInput(
                f"dimension mismatch: {n} players need payoff arrays with {n} dimensions, "
                f"but the first has shape {_shape_text(shape)}"
            )
        for p, (s, _) in enumerate(tensors):
            if s != shape:
                raise InvalidInput(
                    f"dimension mismatch: player 1's payoffs have shape {_shape_text(shape)} "
                    f"but player {p + 1}'s have shape {_shape_text(s)}"
                )
        if any(c == 0 for c in shape):
            player = next(k for k, c in enumerate(shape) if c == 0) + 1
            raise InvalidInput(
                f"player {player} has no strategies; every player needs at least one"
            )
        return cls._from_flat(
            shape, [flat for _, flat in tensors], title=title, players=players, strategies=strategies
        )

    @classmethod
    def _from_flat(
        cls,
        shape: Tuple[int, ...],
        flats: List[List[Any]],
        *,
        title: Optional[str],
        players: Optional[Sequence[str]],
        strategies: Optional[Sequence[Sequence[str]]],
    ) -> "Game":
        """The game of one row-major payoff list per player over ``shape``."""
        n = len(shape)
        exact = [[_exact(x) for x in flat] for flat in flats]
        total = 1
        for c in shape:
            total *= c
        # Row-major strides of the arrays; profiles in Gambit order (first player fastest).
        strides = [1] * n
        for k in range(n - 2, -1, -1):
            strides[k] = strides[k + 1] * shape[k + 1]
        rows = []
        for index in range(total):
            offset, rest = 0, index
            for k in range(n):
                offset += (rest % shape[k]) * strides[k]
                rest //= shape[k]
            rows.append([exact[p][offset] for p in range(n)])
        native = _native.NativeStrategic(
            "",
            [f"Player {p + 1}" for p in range(n)],
            [[str(s + 1) for s in range(c)] for c in shape],
            rows,
        )
        return cls(native, title=title, players=players, strategies=strategies)

    @classmethod
    def from_array(
        cls,
        array: Any,
        *,
        title: Optional[str] = None,
        players: Optional[Sequence[str]] = None,
        strategies: Optional[Sequence[Sequence[str]]] = None,
    ) -> "Game":
        """An n-player game from one array of shape ``(s1, …, sn, n)``:
        ``array[i1, …, in, p]`` is player ``p``'s payoff when player ``k``
        plays strategy ``ik`` (the layout of Gambit's ``Game.from_arrays``
        stacked on a last axis, and of many NumPy codes). A NumPy array or
        nested lists; entries as in the module docstring: integers,
        ``Fraction``, ``Decimal``, strings, or floats read as the exact
        decimal of their ``repr`` (NumPy ``float32`` by its shortest decimal);
        NaN and infinities, booleans, complex numbers and other dtypes are
        refused.

        >>> import numpy
        >>> a = numpy.zeros((2, 2, 2, 3), dtype=int)
        >>> a[0, 0, 0] = a[1, 1, 1] = 1               # all match: all get 1
        >>> Game.from_array(a).payoff(1, 1, 1)
        [Fraction(1, 1), Fraction(1, 1), Fraction(1, 1)]
        """
        if isinstance(array, (str, bytes)):
            raise InvalidInput("the payoffs must be an array of shape (s1, …, sn, n), not a string")
        kind = getattr(getattr(array, "dtype", None), "kind", None)
        if kind is not None and kind not in "iufOU":
            raise InvalidInput(
                f"an array of dtype {array.dtype} cannot hold payoffs; use integers, floats, "
                "Fractions, Decimals or strings (object dtype)"
            )
        shape, flat = _tensor(array)
        n = len(shape) - 1
        if n < 1 or shape[-1] != n:
            raise InvalidInput(
                f"an n-player game's payoffs have shape (s1, …, sn, n), the last axis one "
                f"payoff per player; shape {_shape_text(shape)} is not of that form"
            )
        if any(c == 0 for c in shape[:-1]):
            player = next(k for k, c in enumerate(shape) if c == 0) + 1
            raise InvalidInput(f"player {player} has no strategies; every player needs at least one")
        profiles = len(flat) // n
        per_player = [[flat[i * n + p] for i in range(profiles)] for p in range(n)]
        return cls._from_flat(shape[:-1], per_player, title=title, players=players, strategies=strategies)

    @classmethod
    def from_nfg(cls, text: str) -> "Game":
        """A game from the text of a Gambit ``.nfg`` file (either version)."""
        return cls(_native.NativeStrategic.from_nfg(str(text)))

    @classmethod
    def read_nfg(cls, path: Any) -> "Game":
        """A game from a Gambit ``.nfg`` file."""
        with open(path, encoding="utf-8") as handle:
            return cls.from_nfg(handle.read())

    @classmethod
    def example(cls, name: str) -> "Game":
        """A built-in game (``prisoners-dilemma``, ``battle-of-the-sexes``, …;
        see :func:`sprague.strategic.examples`)."""
        return cls(_native.NativeStrategic.example(str(name)))

    @classmethod
    def load(cls, spec: str) -> "Game":
        """The game of a command-line game spec: a built-in example or a
        ``.nfg``, CSV or JSON file."""
        return cls(_native.NativeStrategic.load(str(spec)))

    @classmethod
    def from_nashpy(cls, game: Any) -> "Game":
        """A Nashpy ``Game`` (its ``payoff_matrices``)."""
        matrices = list(game.payoff_matrices)
        if len(matrices) != 2:
            raise InvalidInput("a Nashpy game has two payoff matrices")
        return cls.from_arrays(matrices[0], matrices[1])

    @classmethod
    def from_pygambit(cls, game: Any) -> "Game":
        """A pygambit strategic game, through its own ``.nfg`` writer."""
        if hasattr(game, "to_nfg"):
            text = game.to_nfg()
        elif hasattr(game, "write"):
            text = game.write(format="nfg")
        else:
            raise InvalidInput("this pygambit game cannot be written as .nfg")
        return cls.from_nfg(text)

    # The game ------------------------------------------------------------

    @property
    def title(self) -> str:
        return self._native.title()

    @property
    def players(self) -> List[str]:
        return list(self._native.players())

    @property
    def strategies(self) -> List[List[str]]:
        """Every player's strategy names."""
        return [list(s) for s in self._native.strategies()]

    @property
    def shape(self) -> Tuple[int, ...]:
        """The number of strategies of each player."""
        return tuple(len(s) for s in self._native.strategies())

    def payoff(self, *profile: int) -> List[Fraction]:
        """Every player's payoff in the pure profile (0-based strategies)."""
        shape = self.shape
        if len(profile) != len(shape) or any(
            not 0 <= int(s) < c for s, c in zip(profile, shape)
        ):
            raise InvalidInput(
                f"{profile} is not a profile of this {_shape_text(shape)} game (0-based strategies)"
            )
        index, stride = 0, 1
        for s, c in zip(profile, shape):
            index += int(s) * stride
            stride *= c
        return _fractions(self._native.payoffs()[index])

    @property
    def payoff_matrices(self) -> Tuple[List[List[Fraction]], ...]:
        """One payoff array per player (nested lists of Fractions, indexed
        by the players' strategies in order)."""
        shape = self.shape
        flat = [_fractions(p) for p in self._native.payoffs()]

        def build(player: int, prefix: List[int]) -> Any:
            k = len(prefix)
            if k == len(shape):
                index, stride = 0, 1
                for s, c in zip(prefix, shape):
                    index += s * stride
                    stride *= c
                return flat[index][player]
            return [build(player, prefix + [s]) for s in range(shape[k])]

        return tuple(build(p, []) for p in range(len(shape)))

    def to_numpy(self, dtype: Any = float) -> Tuple[Any, ...]:
        """The payoff arrays as NumPy arrays (``dtype=object`` keeps Fractions)."""
        import numpy

        return tuple(numpy.array(m, dtype=dtype) for m in self.payoff_matrices)

    def write_nfg(self) -> str:
        """The game as Gambit ``.nfg`` text (payoff version, strategy names)."""
        return self._native.write_nfg()

    def __repr__(self) -> str:
        name = f" {self.title!r}" if self.title else ""
        return f"<sprague.Game{name} {_shape_text(self.shape)}>"

    def __str__(self) -> str:
        """The payoff table as text: a grid of ``a, b`` cells for two players, one line
        per pure profile otherwise; games of more than ``_STR_PROFILES`` profiles show
        their size only (the whole table is in ``payoff_matrices``)."""
        shape = self.shape
        lines = [self.title] if self.title else []
        profiles = 1
        for count in shape:
            profiles *= count
        if profiles > _STR_PROFILES:
            lines.append(
                f"{_shape_text(shape)} game of {len(shape)} players, {profiles} pure profiles "
                "(payoff_matrices lists them)"
            )
            return "\n".join(lines)
        payoffs = self._native.payoffs()
        if len(shape) == 2:
            rows_names, columns_names = self.strategies
            p1, p2 = self.players
            table = [[f"{p1} \\ {p2}", *columns_names]]
            for i, name in enumerate(rows_names):
                table.append(
                    [name]
                    + [", ".join(payoffs[i + j * len(rows_names)]) for j in range(len(columns_names))]
                )
        else:
            table = [[*self.players, "payoffs"]]
            for index, cell in enumerate(payoffs):
                profile, rest = [], index
                for names in self.strategies:
                    profile.append(names[rest % len(names)])
                    rest //= len(names)
                table.append(profile + [", ".join(cell)])
        widths = [max(len(row[k]) for row in table) for k in range(len(table[0]))]
        for row in table:
            lines.append("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
        lines.append(f"Payoffs: ({', '.join(self.players)}).")
        return "\n".join(lines)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (
            self.title == other.title
            and self.players == other.players
            and self.strategies == other.strategies
            and self._native.payoffs() == other._native.payoffs()
        )

    __hash__ = None  # type: ignore[assignment]

    def _repr_html_(self) -> str:
        shape = self.shape
        head = f"<b>{html.escape(self.title)}</b><br>" if self.title else ""
        if len(shape) != 2:
            rows = []
            for index, payoffs in enumerate(self._native.payoffs()):
                profile, rest = [], index
                for names in self.strategies:
                    profile.append(names[rest % len(names)])
                    rest //= len(names)
                cells = "".join(f"<td>{html.escape(s)}</td>" for s in profile)
                rows.append(f"<tr>{cells}<td>{html.escape(', '.join(payoffs))}</td></tr>")
            header = "".join(f"<th>{html.escape(p)}</th>" for p in self.players)
            return f"<div>{head}<table><tr>{header}<th>payoffs</th></tr>{''.join(rows)}</table></div>"
        a, b = self.payoff_matrices
        rows_names, columns_names = self.strategies
        header = "".join(f"<th>{html.escape(c)}</th>" for c in columns_names)
        body = []
        for i, r in enumerate(rows_names):
            cells = "".join(
                f"<td>{_fraction_text(a[i][j])}, {_fraction_text(b[i][j])}</td>"
                for j in range(len(columns_names))
            )
            body.append(f"<tr><th>{html.escape(r)}</th>{cells}</tr>")
        p1, p2 = (html.escape(p) for p in self.players)
        return (
            f"<div>{head}<table><tr><th>{p1} \\ {p2}</th>{header}</tr>{''.join(body)}</table>"
            f"<p>Payoffs: ({p1}, {p2}).</p></div>"
        )

    # Solving -------------------------------------------------------------

    def equilibria(
        self,
        method: str = "auto",
        *,
        label: int = 1,
        all_labels: bool = False,
        exact_pivoting: bool = False,
        force: bool = False,
    ) -> "Equilibria":
        """The Nash equilibria, exactly, as ``sprague nash --method METHOD``:
        ``"enum"`` (all extreme equilibria of a two-player game by vertex
        enumeration, with the cliques and components), ``"support"``,
        ``"lemke-howson"`` (``label``, ``all_labels``, ``exact_pivoting``),
        ``"pure"`` or ``"auto"`` (enum for two players, support otherwise).
        ``force`` runs exhaustive methods above their size limits (the
        command line's ``--force``). The GIL is released meanwhile."""
        if not isinstance(method, str):
            raise InvalidInput(f"the method must be a string, not {type(method).__name__}")
        answer, parts, irrational = self._native.equilibria(
            method, _count(label, "label"), bool(all_labels), bool(exact_pivoting), bool(force)
        )
        return Equilibria._from(self._native, answer, parts, irrational)

    def zero_sum(self, *, exact_pivoting: bool = False) -> "ZeroSum":
        """The value and optimal strategies of a two-player constant-sum
        game, as ``sprague zerosum``."""
        return ZeroSum._from(json.loads(self._native.zero_sum(bool(exact_pivoting))))

    def dominance(self, weak: bool = False, mixed: bool = False) -> "Dominance":
        """Iterated elimination of strictly (``weak``: weakly) dominated
        strategies (``mixed``: by mixtures too), as ``sprague dominance``,
        with the reduced game."""
        text, reduced = self._native.dominance(bool(weak), bool(mixed))
        return Dominance._from(json.loads(text), Game(reduced))


def _count(x: Any, what: str) -> int:
    if isinstance(x, bool) or not isinstance(x, numbers.Integral) or int(x) < 0:
        raise InvalidInput(f"{what} must be a nonnegative whole number, not {x!r}")
    if int(x) >= 2**63:
        raise InvalidInput(f"{what} {x} does not exist")
    return int(x)


def _renamed(native: Any, title: Any, players: Any, strategies: Any) -> Any:
    counts = [len(s) for s in native.strategies()]
    player_names = (
        None
        if players is None
        else _names(players, len(counts), [], "player names")
    )
    strategy_names = None
    if strategies is not None:
        given = list(strategies)
        if len(given) != len(counts):
            raise InvalidInput(
                f"strategy names were given for {len(given)} players but the game has {len(counts)}"
            )
        strategy_names = [
            _names(s, c, [], f"strategy names of player {p + 1}")
            for p, (s, c) in enumerate(zip(given, counts))
        ]
    return native.renamed(None if title is None else str(title), player_names, strategy_names)


def _integer_rows(x: Any) -> Optional[List[List[int]]]:
    """The rows of a non-empty rectangular matrix of Python ints (or a 2-D
    NumPy integer array), else None."""
    dtype = getattr(x, "dtype", None)
    if dtype is not None:
        if getattr(dtype, "kind", "") not in "iu" or len(getattr(x, "shape", ())) != 2:
            return None
        x = x.tolist()
    if not isinstance(x, list) or not x or not isinstance(x[0], list):
        return None
    width = len(x[0])
    if width == 0:
        return None
    for row in x:
        if type(row) is not list or len(row) != width:
            return None
        for v in row:
            if type(v) is not int:
                return None
    return x


def _integer_bimatrix(A: Any, B: Any) -> Any:
    """The native game of two integer matrices of the same shape (or one,
    zero-sum) without the exact-text round trip, when the entries fit in 64
    bits; None sends the caller to the general path (and its messages)."""
    a = _integer_rows(A)
    if a is None:
        return None
    if B is None:
        b = [[-v for v in row] for row in a]
    else:
        b = _integer_rows(B)
        if b is None or len(b) != len(a) or len(b[0]) != len(a[0]):
            return None
    try:
        return _native.NativeStrategic.bimatrix(a, b)
    except OverflowError:
        return None


def _matrix(x: Any, name: str) -> Tuple[Tuple[int, int], List[str]]:
    shape, flat = _tensor(x)
    if shape == (0,):
        shape = (0, 0)
    if len(shape) != 2:
        raise InvalidInput(
            f"the payoff matrix {name} must have two dimensions (rows, columns), "
            f"but it has shape {_shape_text(shape)}"
        )
    if shape[0] == 0:
        raise InvalidInput("player 1 has no strategies; every player needs at least one")
    if shape[1] == 0:
        raise InvalidInput("player 2 has no strategies; every player needs at least one")
    return (shape[0], shape[1]), [_exact(v) for v in flat]


def _negate(text: str) -> str:
    """The negation of an exact payoff text (an invalid one stays as it is:
    the native parser reports it when it reads the same entry of A)."""
    t = text.strip()
    if t.startswith("-"):
        return t[1:]
    if t.startswith("+"):
        return "-" + t[1:]
    return "-" + t


def _is_nashpy(x: Any) -> bool:
    return type(x).__module__.split(".")[0] == "nashpy" and hasattr(x, "payoff_matrices")


def _is_pygambit(x: Any) -> bool:
    return type(x).__module__.split(".")[0] == "pygambit"


# Answers -----------------------------------------------------------------


@dataclass(frozen=True)
class QuadraticNumber:
    """An exact irrational number ``rational + coefficient * sqrt(radicand)``."""

    rational: Fraction
    coefficient: Fraction
    radicand: int
    text: str = ""

    def to_float(self) -> float:
        return float(self.rational) + float(self.coefficient) * math.sqrt(self.radicand)

    def __float__(self) -> float:
        return self.to_float()

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Equilibrium:
    """A Nash equilibrium: every player's mixed strategy (probabilities as
    ``Fraction``, one per strategy) and expected payoff."""

    strategies: List[List[Fraction]]
    payoffs: List[Fraction]
    players: List[str] = field(default_factory=list, repr=False)
    strategy_names: List[List[str]] = field(default_factory=list, repr=False)

    def to_float(self) -> List[List[float]]:
        """The probabilities as floats."""
        return [[float(p) for p in s] for s in self.strategies]

    def to_numpy(self) -> List[Any]:
        """The probabilities as one NumPy float array per player."""
        import numpy

        return [numpy.array([float(p) for p in s]) for s in self.strategies]

    def support(self) -> List[List[str]]:
        """The strategies each player plays with positive probability."""
        return [
            [names[k] for k, p in enumerate(s) if p != 0]
            for s, names in zip(self.strategies, self.strategy_names)
        ]


@dataclass(frozen=True)
class IrrationalEquilibrium:
    """An equilibrium of an n-player game with irrational probabilities,
    exactly: every number a :class:`QuadraticNumber`."""

    strategies: List[List[QuadraticNumber]]
    payoffs: List[QuadraticNumber]

    def to_float(self) -> List[List[float]]:
        return [[p.to_float() for p in s] for s in self.strategies]

    def to_numpy(self) -> List[Any]:
        import numpy

        return [numpy.array(s) for s in self.to_float()]


@dataclass(frozen=True)
class Clique:
    """A maximal convex set of equilibria: every mixture of the row
    strategies with every mixture of the column strategies is one."""

    row_strategies: List[List[Fraction]]
    column_strategies: List[List[Fraction]]


@dataclass(frozen=True)
class Equilibria:
    """The equilibria a method found, with what it says about them (the
    keys of ``sprague nash --format json``, numbers as ``Fraction``).

    A sequence of :class:`Equilibrium`; ``irrational`` lists the n-player
    equilibria with irrational probabilities apart; ``cliques`` and
    ``components`` (0-based clique numbers) come with vertex enumeration."""

    method: str
    equilibria: List[Equilibrium]
    degenerate: Optional[bool]
    complete: bool
    players: List[str]
    strategy_names: List[List[str]]
    game: str = ""
    note: Optional[str] = None
    cliques: Optional[List[Clique]] = None
    components: Optional[List[List[int]]] = None
    irrational: List[IrrationalEquilibrium] = field(default_factory=list)
    searched_support_profiles: Optional[int] = None
    unsearched_support_profiles: Optional[int] = None
    _answer: Any = field(default=None, repr=False, compare=False)

    @functools.cached_property
    def report(self) -> Dict[str, Any]:
        """The record itself: the JSON object of ``sprague nash --format json``
        (made when first asked for)."""
        return json.loads(self._answer.record()) if self._answer is not None else {}

    @classmethod
    def _from(cls, native: Any, answer: Any, parts: Any, irrational: Any) -> "Equilibria":
        (method, degenerate, complete, note, found, cliques, components,
         searched, unsearched, irrational_texts) = parts
        players = native.players()
        names = native.strategies()
        equilibria = [
            Equilibrium(strategies=strategies, payoffs=payoffs, players=players, strategy_names=names)
            for strategies, payoffs in found
        ]

        def number(parts: Any, text: str) -> QuadraticNumber:
            a, b, r = parts
            return QuadraticNumber(fraction(a), fraction(b), int(r), text)

        irrational_list = [
            IrrationalEquilibrium(
                strategies=[
                    [number(p, t) for p, t in zip(ps, ts)]
                    for ps, ts in zip(strategies, texts[0])
                ],
                payoffs=[number(p, t) for p, t in zip(payoffs, texts[1])],
            )
            for (strategies, payoffs), texts in zip(irrational, irrational_texts)
        ]
        return cls(
            method=method,
            equilibria=equilibria,
            degenerate=degenerate,
            complete=complete,
            players=players,
            strategy_names=names,
            game=native.title(),
            note=note,
            cliques=None
            if cliques is None
            else [Clique(row_strategies=rows, column_strategies=columns) for rows, columns in cliques],
            components=components,
            irrational=irrational_list,
            searched_support_profiles=None if searched is None else int(searched),
            unsearched_support_profiles=None if unsearched is None else int(unsearched),
            _answer=answer,
        )

    def __len__(self) -> int:
        return len(self.equilibria)

    def __iter__(self) -> Iterator[Equilibrium]:
        return iter(self.equilibria)

    def __getitem__(self, k: int) -> Equilibrium:
        return self.equilibria[k]

    def to_float(self) -> List[List[List[float]]]:
        return [e.to_float() for e in self.equilibria]

    def _repr_html_(self) -> str:
        header = "".join(f"<th>{html.escape(p)}</th>" for p in self.players)
        rows = []

        def mixed(names: List[str], s: Sequence[Any], text: Any) -> str:
            parts = [
                (names[k], p) for k, p in enumerate(s) if (p != 0 if not isinstance(p, QuadraticNumber) else str(p) != "0")
            ]
            if len(parts) == 1 and text(parts[0][1]) == "1":
                return html.escape(parts[0][0])
            return ", ".join(f"{html.escape(n)} ({html.escape(text(p))})" for n, p in parts)

        for k, e in enumerate(self.equilibria):
            cells = "".join(
                f"<td>{mixed(n, s, _fraction_text)}</td>" for n, s in zip(self.strategy_names, e.strategies)
            )
            pay = ", ".join(_fraction_text(p) for p in e.payoffs)
            rows.append(f"<tr><td>{k + 1}</td>{cells}<td>{pay}</td></tr>")
        for k, e in enumerate(self.irrational):
            cells = "".join(
                f"<td>{mixed(n, s, str)}</td>" for n, s in zip(self.strategy_names, e.strategies)
            )
            pay = html.escape(", ".join(str(p) for p in e.payoffs))
            rows.append(f"<tr><td>{len(self.equilibria) + k + 1}</td>{cells}<td>{pay}</td></tr>")
        degenerate = {True: " The game is degenerate.", False: " The game is nondegenerate.", None: ""}[
            self.degenerate
        ]
        note = f"<p>Note: {html.escape(self.note)}.</p>" if self.note else ""
        count = len(self.equilibria) + len(self.irrational)
        return (
            f"<div><table><tr><th>#</th>{header}<th>payoffs</th></tr>{''.join(rows)}</table>"
            f"<p>{count} equilibri{'um' if count == 1 else 'a'} by {html.escape(self.method)}."
            f"{degenerate}</p>{note}</div>"
        )


@dataclass(frozen=True)
class ZeroSum:
    """The value (to the row player) and optimal strategies of a zero-sum
    game, with the pure maximin and minimax and the saddle points."""

    value: Fraction
    row_strategy: List[Fraction]
    column_strategy: List[Fraction]
    pure_maximin: Fraction
    pure_minimax: Fraction
    maximin_rows: List[str]
    minimax_columns: List[str]
    saddle_points: List[Tuple[str, str]]
    report: Dict[str, Any] = field(default_factory=dict, repr=False)

    @classmethod
    def _from(cls, data: Dict[str, Any]) -> "ZeroSum":
        return cls(
            value=Fraction(data["value"]),
            row_strategy=_fractions(data["row_strategy"]),
            column_strategy=_fractions(data["column_strategy"]),
            pure_maximin=Fraction(data["pure_maximin"]),
            pure_minimax=Fraction(data["pure_minimax"]),
            maximin_rows=list(data["maximin_rows"]),
            minimax_columns=list(data["minimax_columns"]),
            saddle_points=[(s["row"], s["column"]) for s in data["saddle_points"]],
            report=data,
        )


@dataclass(frozen=True)
class Elimination:
    """One step of iterated elimination: in ``round``, ``player``'s
    ``strategy`` is dominated by another strategy (a name) or a mixture
    (a dict from strategy name to probability)."""

    round: int
    player: str
    strategy: str
    dominated_by: Union[str, Dict[str, Fraction]]


@dataclass(frozen=True)
class Dominance:
    """Iterated elimination of dominated strategies: the steps in order,
    every player's remaining strategies and the reduced game."""

    strength: str
    mixed: bool
    steps: List[Elimination]
    remaining: List[List[str]]
    reduced: Game
    report: Dict[str, Any] = field(default_factory=dict, repr=False)

    @classmethod
    def _from(cls, data: Dict[str, Any], reduced: Game) -> "Dominance":
        steps = []
        for s in data["steps"]:
            by = s["dominated_by"]
            if "strategy" in by:
                dominated_by: Union[str, Dict[str, Fraction]] = by["strategy"]
            else:
                dominated_by = {m["strategy"]: Fraction(m["probability"]) for m in by["mixture"]}
            steps.append(Elimination(s["round"], s["player"], s["strategy"], dominated_by))
        return cls(
            strength=data["strength"],
            mixed=data["mixed"],
            steps=steps,
            remaining=[list(r) for r in data["remaining"]],
            reduced=reduced,
            report=data,
        )
