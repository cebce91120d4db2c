"""Heap games defined by a Python function: :func:`sprague.define_heap`.

A take-and-break game is fixed by what one heap can become: each option of a
heap of ``n`` tokens is a sum of smaller heaps (*Winning Ways*, ch. 4). The
function ``options(n)`` says which; sprague asks it once per heap, checks the
answers, keeps them as a table in Rust and computes everything else there.
"""

from __future__ import annotations

import json as _json
from typing import Any, Callable, Iterable, Optional, Tuple, Union

from . import ImpartialGame, Values, _native

__all__ = ["DefinedHeapGame", "define_heap"]

Options = Callable[[int], Iterable[Union[int, Tuple[int, ...]]]]


def _largest_heap(components) -> int:
    largest = 0
    for word in components:
        for part in str(word).replace("+", " ").split():
            if part.isdigit():
                largest = max(largest, int(part))
    return largest


class DefinedHeapGame(ImpartialGame):
    """A heap game defined by ``options(n)``: an :class:`sprague.ImpartialGame`
    whose positions are heap sizes (``game.position(3, 4, 5)``), with
    :meth:`values` and :meth:`quotient` as for catalogue games.

    Every method that takes a position first tabulates the options of every
    heap up to the largest one in it (asking ``options`` for each heap not
    yet asked, once); the analysis then runs in Rust with the GIL released.
    """

    def __init__(
        self,
        options: Options,
        *,
        name: Optional[str] = None,
        rule: Optional[str] = None,
    ):
        self._definition = _native.HeapDefinition(options, name, rule)
        self._native = self._definition.game()

    @classmethod
    def _sharing(cls, definition: Any, native: Any) -> "DefinedHeapGame":
        game = cls.__new__(cls)
        game._definition = definition
        game._native = native
        return game

    def __repr__(self) -> str:
        rule = self._definition.rule()
        extra = "" if rule is None else f", rule={rule!r}"
        return f"sprague.define_heap(<options>, name={self._definition.description().split(':', 1)[1]!r}{extra})"

    @property
    def rule(self) -> Optional[str]:
        """The rule the game is declared to be (``rule=``), or ``None``."""
        return self._definition.rule()

    @property
    def tabulated(self) -> int:
        """How many heaps have been tabulated so far (heaps ``0..tabulated``)."""
        return self._definition.tabulated()

    def options_of(self, heap: int) -> list:
        """The options of a heap as tabulated: tuples of the heaps left,
        ascending, without empty heaps, each option once."""
        return [tuple(parts) for parts in self._definition.options_of(int(heap))]

    def _position(self, position):
        checked = super()._position(position)
        self._definition.cover_position(_largest_heap(checked.components))
        return checked

    def misere(self) -> "DefinedHeapGame":
        """The same game under misère play (the player who cannot move wins);
        it shares this game's table."""
        return DefinedHeapGame._sharing(self._definition, self._definition.misere_game())

    def every_sg(self) -> "DefinedHeapGame":
        """Every-SG sums of the game (a player moves in every component that
        can move; a component is a heap or heaps joined by ``+``)."""
        return DefinedHeapGame._sharing(self._definition, self._definition.every_sg_game())

    def values(self, to: int, progress: Optional[Callable[[dict], Any]] = None) -> "Values":
        """g(0..=to) with the period found, as :func:`sprague.values` gives them
        for catalogue games.

        The period is *observed* (``proven=False``, ``theorem=None``) unless the
        game was declared a rule with a periodicity theorem (``rule="0.77"``):
        then every tabulated heap's options are checked to be the rule's and the
        rule's theorem (``theorem``: Guy–Smith for octal codes) proves it, the
        values past the heaps computed coming from the period.

        ``progress``: a callable given a dict (``computed``, ``target``,
        ``elapsed``) at most every 0.5 s while ``options`` is being asked.
        ``KeyboardInterrupt`` stops the work (the heaps tabulated are kept).
        """
        answer = dict(self._definition.values(int(to), progress))
        return Values(
            game=answer["game"],
            title=answer["title"],
            values=answer["values"],
            period=answer.get("period"),
            preperiod=answer.get("preperiod"),
            saltus=answer.get("saltus", 0),
            proven=answer.get("proven", False),
            theorem=answer.get("theorem"),
            examined=answer.get("examined"),
            to=answer.get("to"),
            computed=answer.get("computed"),
            method=answer.get("method"),
            seconds=answer.get("seconds"),
        )

    def quotient(
        self,
        heaps: int = 1000,
        *,
        max_order: int = 1024,
        max_outcomes: Optional[int] = None,
    ) -> dict:
        """The misère quotient of heaps 1..=heaps (Plambeck–Siegel): the dict of
        :func:`sprague.quotient` (``order``, ``proven``, ``proof``,
        ``generators``, ``relations``, ``elements``, ``p_portion``, ``heaps``,
        ``growth``, ``stopped``, ``seconds``).

        Its periodicity proof needs an octal or hexadecimal code's shape, so
        ``proven`` can be true only for a game declared one (``rule="0.77"``):
        the quotient is then the code's, whose options are checked to be the
        function's on every heap it used. Otherwise the quotient of the heaps
        computed is reported, without a proof.
        """
        return _json.loads(
            self._definition.quotient(
                int(heaps),
                int(max_order),
                None if max_outcomes is None else int(max_outcomes),
            )
        )



def define_heap(
    options: Options,
    *,
    name: Optional[str] = None,
    rule: Optional[str] = None,
):
    """A heap game given by ``options(n)``: the options of a heap of ``n`` tokens,
    each a tuple of the smaller heaps the move leaves (``()`` when nothing is
    left; a bare ``int`` is one heap). A position is a sum of heaps, and a move
    changes one heap into one of its options.

    >>> import sprague
    >>> def kayles(n):  # knock down one pin or two adjacent pins of a row
    ...     return [(a, n - t - a) for t in (1, 2) if t <= n for a in range(n - t + 1)]
    >>> game = sprague.define_heap(kayles, name="kayles")
    >>> v = game.values(1000)
    >>> v.period, v.preperiod, v.proven  # observed in the values
    (12, 71, False)
    >>> sprague.define_heap(kayles, rule="0.77").values(10**5).proven  # Guy-Smith
    True
    >>> game.analyze(game.position(2, 3)).value
    1

    ``rule``: the catalogue rule the game is declared to be (``"0.77"``,
    ``"kayles"``, ``"subtraction:1,3,4"``, …). Every heap's options are then
    checked to be the rule's (the first heap that differs is an
    :class:`InvalidInput`), and the rule's theorems prove the period of the
    values and of the misère quotient.

    The answers of ``options`` are checked: heap sizes are non-negative
    integers smaller than ``n`` and at most 2**22 options per heap are kept;
    anything else is an :class:`InvalidInput` (or :class:`TooLarge`) naming the
    heap. An exception raised by ``options`` propagates as it is, with its
    traceback (and, from Python 3.11, a note naming the heap);
    ``KeyboardInterrupt`` propagates as it is.
    """
    return DefinedHeapGame(options, name=name, rule=rule)
