"""Exact numbers from the library's texts, quickly.

The library writes every exact number as ``p/q`` (or ``p``) in lowest terms
with a positive denominator (``num_rational`` keeps its rationals reduced);
:func:`fraction` checks that (one gcd of machine-size numbers, cheap) and
hands anything else to ``Fraction``.
``Fraction(text)`` parses such a text with a regular expression and
``Fraction(p, q)`` reduces by a gcd again; :func:`fraction` splits the text
and builds the Fraction from its coprime parts directly (Python 3.12's
``Fraction._from_coprime_ints``; on older Pythons the same two slots set on a
new object, checked once at import against ``Fraction(p, q)``, with plain
``Fraction`` as the fallback). About four times as fast; an equilibrium list
or a Shapley value turns into Fractions in a fraction of the solver's time.
"""

from fractions import Fraction
from math import gcd
from typing import Callable, List, Sequence


def _coprime_constructor() -> Callable[[int, int], Fraction]:
    from_coprime = getattr(Fraction, "_from_coprime_ints", None)
    if from_coprime is not None:
        return from_coprime
    new = object.__new__

    def build(numerator: int, denominator: int) -> Fraction:
        f = new(Fraction)
        f._numerator = numerator  # type: ignore[attr-defined]
        f._denominator = denominator  # type: ignore[attr-defined]
        return f

    try:
        probe, reference = build(-2, 3), Fraction(-2, 3)
        if (
            probe == reference
            and hash(probe) == hash(reference)
            and (probe.numerator, probe.denominator) == (-2, 3)
            and probe + 1 == Fraction(1, 3)
            and str(probe) == "-2/3"
        ):
            return build
    except (AttributeError, TypeError):
        pass
    return Fraction


_coprime = _coprime_constructor()


def fraction(text: str) -> Fraction:
    """The exact number the library wrote as ``p/q`` or ``p`` in lowest
    terms; any other text (a decimal, say) by ``Fraction`` itself.

    >>> fraction("-2/3"), fraction("5")
    (Fraction(-2, 3), Fraction(5, 1))
    """
    numerator, _, denominator = text.partition("/")
    try:
        n, d = int(numerator), int(denominator) if denominator else 1
    except ValueError:
        return Fraction(text)
    if d > 0 and gcd(n, d) == 1:
        return _coprime(n, d)
    return Fraction(n, d)  # not in lowest terms (or 1/0: ZeroDivisionError)


def fractions(texts: Sequence[str]) -> List[Fraction]:
    """:func:`fraction` of each text."""
    return [fraction(t) for t in texts]


class _Shared(dict):
    """Text → Fraction, each built on first lookup."""

    def __missing__(self, text: str) -> Fraction:
        value = self[text] = fraction(text)
        return value


def shared_fractions() -> Callable[[Sequence[str]], List[Fraction]]:
    """A converter like :func:`fractions` that builds each distinct text's
    Fraction once and shares it (Fractions are immutable): an answer's
    records repeat their numbers (the zeros of mixed strategies, an
    equilibrium's strategies again in its clique), so one answer converted
    through one converter builds few Fractions."""
    lookup = _Shared().__getitem__

    def convert(texts: Sequence[str]) -> List[Fraction]:
        return list(map(lookup, texts))

    return convert
