"""Extensive-form games: Gambit ``.efg`` files, JSON game trees and the
built-ins (Kuhn poker, beer-quiche), solved exactly.

>>> from sprague.extensive import ExtensiveGame
>>> kuhn = ExtensiveGame.load("kuhn-poker")
>>> kuhn.zero_sum().value
Fraction(-1, 18)
>>> profile = kuhn.nash()[0]            # Lemke on the sequence form
>>> profile.verified, profile.payoffs
(True, [Fraction(-1, 18), Fraction(1, 18)])
>>> profile.behaviour[0]["J"]           # player 1 holding the jack
{'check': Fraction(2, 3), 'bet': Fraction(1, 3)}

Every answer is the record the command line prints with ``--format json``
(``sprague nash GAME.efg``, ``zerosum GAME.efg``, ``tree spe``, ``tree
info``), with the exact numbers as ``Fraction``; ``.report`` holds the record
itself. Every equilibrium carries the exact best-response check the library
runs apart from the solvers (``verified``).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Dict, List, Union

from . import _native
from ._exact import fraction, fractions

__all__ = ["BehaviourProfile", "ExtensiveGame", "ExtensiveZeroSum"]


@dataclass(frozen=True)
class BehaviourProfile:
    """A behaviour-strategy profile: for each player, each information set's
    label mapped to ``{action: probability}``; the expected payoffs; and the
    best-response check (``verified``: no player gains by deviating)."""

    behaviour: List[Dict[str, Dict[str, Fraction]]]
    payoffs: List[Fraction]
    best_responses: List[Fraction]
    verified: bool
    report: Dict[str, Any] = field(repr=False, compare=False)

    @classmethod
    def _from_record(cls, record: Dict[str, Any]) -> "BehaviourProfile":
        behaviour = [
            {
                info["label"]: dict(zip(info["actions"], fractions(info["probabilities"])))
                for info in player["information_sets"]
            }
            for player in record["strategies"]
        ]
        return cls(
            behaviour=behaviour,
            payoffs=fractions(record["payoffs"]),
            best_responses=[fraction(c["best_response"]) for c in record["check"]],
            verified=bool(record["verified"]),
            report=record,
        )


@dataclass(frozen=True)
class ExtensiveZeroSum:
    """The value (to the first player) and an optimal behaviour profile of a
    two-player zero-sum game, by the sequence-form linear programmes."""

    value: Fraction
    optimal: BehaviourProfile
    method: str
    report: Dict[str, Any] = field(repr=False, compare=False)


class ExtensiveGame:
    """A finite extensive-form game with chance moves, information sets and
    exact payoffs. Build it with :meth:`load`, :meth:`from_efg`,
    :meth:`read_efg` or :meth:`from_json`, or node by node from
    :meth:`new_tree` (pygambit's way)."""

    def __init__(self, native: Any) -> None:
        self._native = native

    @staticmethod
    def new_tree(players: Any = (), title: str = "") -> Any:
        """A game to build node by node, as with pygambit's ``Game.new_tree``:
        a :class:`sprague.tree.Tree` (``append_move``, ``append_infoset``,
        ``set_chance_probs``, ``add_outcome``, ``set_outcome``), whose
        ``to_game()`` is the solvable game."""
        from .tree import Tree

        return Tree.new_tree(players=players, title=title)

    @classmethod
    def load(cls, spec: str) -> "ExtensiveGame":
        """A built-in (``kuhn-poker``, ``beer-quiche``) or a ``.efg`` or JSON tree file."""
        return cls(_native.NativeExtensive.load(os.fspath(spec)))

    @classmethod
    def from_efg(cls, text: str) -> "ExtensiveGame":
        """The game of a Gambit ``.efg`` file's text."""
        return cls(_native.NativeExtensive.from_efg(text))

    @classmethod
    def read_efg(cls, path: Any) -> "ExtensiveGame":
        """The game of a Gambit ``.efg`` file."""
        return cls.load(os.fspath(path))

    @classmethod
    def from_json(cls, tree: Union[str, Dict[str, Any]]) -> "ExtensiveGame":
        """The game of a JSON tree (text or dict), as in docs/extensive.md."""
        text = tree if isinstance(tree, str) else json.dumps(tree)
        return cls(_native.NativeExtensive.from_json(text))

    def info(self) -> Dict[str, Any]:
        """The description: players, nodes, information sets, perfect recall,
        zero-sum, sequences and reduced strategies per player, subgames."""
        return json.loads(self._native.info())

    def to_efg(self) -> str:
        """The game as a Gambit ``.efg`` file."""
        return self._native.to_efg()

    def nash(self, method: str = "seqform", *, force: bool = False) -> List[BehaviourProfile]:
        """Nash equilibria in behaviour strategies: ``seqform`` (Lemke's
        algorithm on the sequence form; two players, one equilibrium) or a
        method on the reduced strategic form (``auto``, ``enum``,
        ``support``, ``pure``, ``lemke-howson``)."""
        record = json.loads(self._native.nash(method, force))
        return [BehaviourProfile._from_record(e) for e in record["equilibria"]]

    def zero_sum(self) -> ExtensiveZeroSum:
        """The value and optimal behaviour strategies (two-player zero-sum)."""
        record = json.loads(self._native.zero_sum())
        return ExtensiveZeroSum(
            value=fraction(record["value"]),
            optimal=BehaviourProfile._from_record(record["optimal"]),
            method=record["method"],
            report=record,
        )

    def subgame_perfect(self) -> Dict[str, Any]:
        """A subgame-perfect equilibrium solved bottom up: the record of
        ``sprague tree spe --format json`` (exact numbers as strings)."""
        return json.loads(self._native.subgame_perfect())

    def __repr__(self) -> str:
        info = self.info()
        return f"ExtensiveGame({info.get('game', '')!r}, players={info.get('players')!r})"
