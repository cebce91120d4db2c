"""Evolutionary and learning dynamics of strategic games, as ``sprague dynamics``.

Every function takes a game (a :class:`sprague.Game`, or what ``Game`` accepts:
a built-in name such as ``"hawk-dove"``, a ``.nfg`` file, matrices) and returns
the dict of the command line's ``--format json`` for the same arguments, built
by the same library function (``sprague_dynamics::report``); exact numbers are
strings (``"1/3"``) there, as in the command line's JSON. The runs release the
GIL and stop on Ctrl-C (``KeyboardInterrupt``).

>>> from sprague import dynamics
>>> dynamics.ess("hawk-dove")["ess"][0]["state"]
['2/3', '1/3']
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any, Optional, Sequence, Tuple, Union

from . import _native
from .strategic import Game

__all__ = [
    "best_response",
    "ess",
    "fictitious_play",
    "moran",
    "regret_matching",
    "replicator",
    "rest_points",
]


def _native_game(game: Any) -> Any:
    if not isinstance(game, Game):
        game = Game(game)
    return game._native


def _exact(x: Union[int, Fraction, str]) -> str:
    return str(Fraction(x)) if not isinstance(x, str) else x


def replicator(
    game: Any,
    start: Optional[Sequence[Union[int, Fraction, str]]] = None,
    *,
    dt: float = 0.01,
    steps: int = 1000,
    record_every: int = 10,
    tolerance: Optional[float] = None,
) -> dict:
    """A replicator trajectory (approximate): RK4 with step ``dt``, or the adaptive
    Dormand–Prince 5(4) method with ``tolerance``; ``start`` the initial shares
    (exact, adding up to 1; default proportional to 1, 2, …, n)."""
    text = None if start is None else ",".join(_exact(x) for x in start)
    return json.loads(
        _native.dynamics_replicator(
            _native_game(game),
            text,
            float(dt),
            int(steps),
            int(record_every),
            None if tolerance is None else float(tolerance),
        )
    )


def rest_points(game: Any) -> dict:
    """Every rest point of the replicator dynamics, exactly, with its stability."""
    return json.loads(_native.dynamics_rest_points(_native_game(game)))


def ess(game: Any) -> dict:
    """Every evolutionarily stable strategy of a symmetric game, exactly."""
    return json.loads(_native.dynamics_ess(_native_game(game)))


def fictitious_play(
    game: Any, rounds: int = 1000, *, noise: Optional[float] = None, seed: int = 0
) -> dict:
    """Fictitious play (exact), or stochastic fictitious play with logit noise λ."""
    return json.loads(
        _native.dynamics_fictitious_play(
            _native_game(game),
            int(rounds),
            None if noise is None else float(noise),
            int(seed),
        )
    )


def best_response(
    game: Any, start: Tuple[int, int] = (1, 1), *, max_steps: int = 10_000
) -> dict:
    """Best-response dynamics from ``start`` = (row, column), 1-based as the
    command line's ``--start`` (players alternate, lowest-numbered best reply)."""
    row, column = start
    return json.loads(
        _native.dynamics_best_response(
            _native_game(game), (int(row), int(column)), int(max_steps)
        )
    )


def regret_matching(game: Any, rounds: int = 10_000, *, seed: int = 0) -> dict:
    """Regret matching (Hart and Mas-Colell 2000), seeded, exact conditional regrets."""
    return json.loads(
        _native.dynamics_regret_matching(_native_game(game), int(rounds), int(seed))
    )


def moran(
    game: Any,
    population: Optional[int] = None,
    *,
    intensity: Union[int, Fraction, str] = "1/10",
    simulate: bool = False,
    initial: Optional[Sequence[int]] = None,
    runs: int = 1000,
    max_steps: int = 1_000_000,
    seed: int = 0,
) -> dict:
    """The Moran process: exact fixation probabilities of two strategies in a
    population of ``population``, or (``simulate=True``, or more strategies) a
    seeded simulation from the ``initial`` counts."""
    return json.loads(
        _native.dynamics_moran(
            _native_game(game),
            None if population is None else int(population),
            _exact(intensity),
            bool(simulate),
            None if initial is None else [int(c) for c in initial],
            int(runs),
            int(max_steps),
            int(seed),
        )
    )
