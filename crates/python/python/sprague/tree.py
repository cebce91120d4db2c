"""Extensive games built in Python, node by node, as pygambit users build them
(``Game.new_tree``, ``append_move``, ``append_infoset``, chance moves with
exact probabilities, ``add_outcome`` and ``set_outcome``), then solved by the
library's exact solvers and written to Gambit ``.efg``.

>>> from fractions import Fraction
>>> from sprague.tree import Tree
>>> g = Tree.new_tree(players=["Alice", "Bob"], title="A coin and a guess")
>>> coin = g.append_move(g.root, g.players.chance, ["heads", "tails"])
>>> g.set_chance_probs(coin, ["1/3", Fraction(2, 3)])
>>> guess = g.append_move(g.root.children, "Bob", ["heads?", "tails?"])  # one set: Bob does not see the coin
>>> for coin, node in zip(["heads", "tails"], g.root.children):
...     for guess, leaf in zip(["heads", "tails"], node.children):
...         paid = 1 if coin == guess else -1
...         g.set_outcome(leaf, g.add_outcome([-paid, paid], label=f"{coin}/{guess}"))
>>> g.to_game().zero_sum().value                 # Bob guesses tails: 2/3 − 1/3
Fraction(-1, 3)

The tree is the pygambit model (Kuhn 1953; Gambit's ``Game``): inner nodes
belong to a player or to chance and are grouped into information sets, all of
one player and with the same actions; outcomes may sit on any node and are
collected along the path. :meth:`Tree.to_game` hands the tree to the native
side as the JSON form of ``sprague_strategic::extensive::ExtensiveGame``
(docs/extensive.md), where it is checked again; every solver of
:class:`sprague.extensive.ExtensiveGame` then applies.

Numbers are exact: payoffs and probabilities may be ``int``, ``Fraction``,
``Decimal``, strings (``"1/3"``, ``"0.25"``) or floats, read as the exact
decimal of their ``repr`` (``0.1`` is 1/10; NaN and infinities are refused).
Chance probabilities must lie in [0, 1] and add up to exactly 1. Every error
is a :class:`sprague.InvalidInput` with one sentence.
"""

from __future__ import annotations

import os
from fractions import Fraction
from typing import Any, Dict, Iterator, List, Optional, Sequence, Union

from ._native import InvalidInput
from .extensive import ExtensiveGame

__all__ = ["Infoset", "Node", "Outcome", "Player", "Players", "Tree"]


def _number(x: Any, what: str) -> Fraction:
    """An exact number, read as the strategic games read payoffs."""
    from .strategic import _exact

    try:
        return Fraction(_exact(x))
    except InvalidInput as error:
        raise InvalidInput(f"{what}: {error}") from None
    except (ValueError, ZeroDivisionError):
        raise InvalidInput(f"{what}: {x!r} is not an exact number") from None


def _text(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


class Player:
    """A player of the tree (``label``), or chance (``is_chance``)."""

    def __init__(self, tree: "Tree", label: str, number: Optional[int]) -> None:
        self._tree = tree
        self.label = label
        self.number = number  # 0-based; None for chance

    @property
    def is_chance(self) -> bool:
        return self.number is None

    @property
    def infosets(self) -> List["Infoset"]:
        """The player's information sets, in the order they were made."""
        return [h for h in self._tree._infosets if h.player is self and h.members]

    def __repr__(self) -> str:
        return "<Player chance>" if self.is_chance else f"<Player {self.label!r}>"


class Players(Sequence[Player]):
    """The players (by position or label) and ``chance``."""

    def __init__(self, tree: "Tree", labels: List[str]) -> None:
        self._list = [Player(tree, label, k) for k, label in enumerate(labels)]
        self.chance = Player(tree, "chance", None)

    def __len__(self) -> int:
        return len(self._list)

    def __iter__(self) -> Iterator[Player]:
        return iter(self._list)

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            for player in self._list:
                if player.label == key:
                    return player
            raise KeyError(key)
        return self._list[key]


class Outcome:
    """An outcome: a ``label`` and one exact payoff per player (``payoffs``)."""

    def __init__(self, label: str, payoffs: List[Fraction], number: int) -> None:
        self.label = label
        self.payoffs = payoffs
        self.number = number

    def __repr__(self) -> str:
        return f"<Outcome {self.label!r} {[_text(p) for p in self.payoffs]}>"


class Infoset:
    """An information set: the nodes (``members``) of one ``player`` (or
    chance) that the mover cannot tell apart, all offering ``actions``; a
    chance set has ``probabilities``."""

    def __init__(self, player: Player, actions: List[str], number: int) -> None:
        self.player = player
        self.actions = actions
        self.label = ""
        self.members: List[Node] = []
        self.number = number
        self.probabilities: Optional[List[Fraction]] = (
            [Fraction(1, len(actions))] * len(actions) if player.is_chance else None
        )

    def __repr__(self) -> str:
        mover = "chance" if self.player.is_chance else self.player.label
        return f"<Infoset {self.label!r} of {mover} {self.actions}>"


class Node:
    """A node: its ``parent``, ``children`` (one per action of its
    ``infoset``; none at a leaf), ``outcome`` and ``label``."""

    def __init__(self, tree: "Tree", parent: Optional["Node"]) -> None:
        self._tree = tree
        self.parent = parent
        self.children: List[Node] = []
        self.infoset: Optional[Infoset] = None
        self.outcome: Optional[Outcome] = None
        self.label = ""

    @property
    def is_terminal(self) -> bool:
        return self.infoset is None

    @property
    def player(self) -> Optional[Player]:
        """Who moves here (``None`` at a leaf)."""
        return None if self.infoset is None else self.infoset.player

    def __repr__(self) -> str:
        return f"<Node {self.label!r}{' (leaf)' if self.is_terminal else ''}>"


class Tree:
    """An extensive game under construction, with pygambit's methods.
    :meth:`to_game` gives the solvable :class:`sprague.extensive.ExtensiveGame`,
    :meth:`to_efg` and :meth:`write_efg` the Gambit file."""

    def __init__(self, players: Sequence[str], title: str = "") -> None:
        if isinstance(players, str):
            raise InvalidInput("the players are a list of names, not one string")
        labels = [str(p) for p in players]
        if not labels:
            raise InvalidInput("the game has no players; a game needs at least one")
        if len(set(labels)) != len(labels):
            raise InvalidInput(f"two players have the same name in {labels}; give each its own")
        self.title = str(title)
        self.comment = ""
        self.players = Players(self, labels)
        self.root = Node(self, None)
        self.outcomes: List[Outcome] = []
        self._infosets: List[Infoset] = []

    @classmethod
    def new_tree(cls, players: Sequence[str] = (), title: str = "") -> "Tree":
        """A game whose tree is only its root (pygambit's ``Game.new_tree``)."""
        return cls(players, title)

    # Checks ---------------------------------------------------------------

    def _node(self, node: Any) -> Node:
        if not isinstance(node, Node) or node._tree is not self:
            raise InvalidInput(f"{node!r} is not a node of this game")
        return node

    def _leaf(self, node: Any) -> Node:
        node = self._node(node)
        if not node.is_terminal:
            raise InvalidInput(f"the node {node.label!r} has a move already; moves are appended to leaves")
        return node

    def _player(self, player: Any) -> Player:
        if isinstance(player, Player) and player._tree is self:
            return player
        if isinstance(player, str):
            if player == "chance" and player not in [p.label for p in self.players]:
                return self.players.chance
            try:
                return self.players[player]
            except KeyError:
                pass
        names = ", ".join(p.label for p in self.players)
        raise InvalidInput(f"{player!r} is not a player of this game (players: {names}, or chance)")

    def _infoset(self, infoset: Any) -> Infoset:
        if not isinstance(infoset, Infoset) or infoset.player._tree is not self:
            raise InvalidInput(f"{infoset!r} is not an information set of this game")
        return infoset

    # Building -------------------------------------------------------------

    def add_player(self, label: str) -> Player:
        """A new player (pygambit's ``add_player``); outcomes made before get payoff 0 for it."""
        label = str(label)
        if label in [p.label for p in self.players]:
            raise InvalidInput(f"the game has a player {label!r} already")
        player = Player(self, label, len(self.players))
        self.players._list.append(player)
        for outcome in self.outcomes:
            outcome.payoffs.append(Fraction(0))
        return player

    def append_move(self, nodes: Union[Node, Sequence[Node]], player: Any, actions: Sequence[str]) -> Infoset:
        """Gives the leaf ``nodes`` (one node, or several that then form one
        information set) a move of ``player`` (a :class:`Player`, a player's
        name, or ``players.chance``) with the ``actions`` (distinct labels):
        each node gets one child per action. A chance move starts with equal
        probabilities (:meth:`set_chance_probs` sets others)."""
        members = [nodes] if isinstance(nodes, Node) else list(nodes)
        if not members:
            raise InvalidInput("append_move needs at least one node")
        members = [self._leaf(n) for n in members]
        if len({id(n) for n in members}) != len(members):
            raise InvalidInput("a node is given twice to append_move")
        mover = self._player(player)
        if isinstance(actions, str):
            raise InvalidInput("the actions are a list of labels, not one string")
        labels = [str(a) for a in actions]
        if not labels:
            raise InvalidInput("a move needs at least one action")
        if len(set(labels)) != len(labels):
            raise InvalidInput(f"the actions {labels} repeat a label; give each action its own")
        infoset = Infoset(mover, labels, len(self._infosets))
        self._infosets.append(infoset)
        for node in members:
            self._join(node, infoset)
        return infoset

    def append_infoset(self, node: Node, infoset: Infoset) -> None:
        """Gives the leaf ``node`` the move of ``infoset`` (it joins the set
        and gets one child per action)."""
        self._join(self._leaf(node), self._infoset(infoset))

    def set_infoset(self, node: Node, infoset: Infoset) -> None:
        """Moves the decision ``node`` into ``infoset``, which must belong
        to the same player and offer as many actions (pygambit's rule)."""
        node = self._node(node)
        infoset = self._infoset(infoset)
        if node.infoset is None:
            raise InvalidInput("a leaf has no information set; use append_infoset to give it a move")
        if node.infoset is infoset:
            return
        mover, other = node.infoset.player, infoset.player
        if mover is not other:
            raise InvalidInput(
                f"an information set has one player: the node {node.label!r} is {mover.label}'s, "
                f"the set {infoset.label!r} {other.label}'s"
            )
        if len(infoset.actions) != len(node.children):
            raise InvalidInput(
                f"the nodes of an information set offer the same number of actions: the node "
                f"{node.label!r} has {len(node.children)}, the set {infoset.label!r} {len(infoset.actions)}"
            )
        node.infoset.members.remove(node)
        node.infoset = infoset
        infoset.members.append(node)

    def _join(self, node: Node, infoset: Infoset) -> None:
        node.infoset = infoset
        infoset.members.append(node)
        node.children = [Node(self, node) for _ in infoset.actions]

    def set_chance_probs(self, infoset: Infoset, probs: Sequence[Any]) -> None:
        """The probabilities of a chance set's actions: exact numbers in
        [0, 1] adding up to exactly 1."""
        infoset = self._infoset(infoset)
        if not infoset.player.is_chance:
            raise InvalidInput(f"the information set {infoset.label!r} is {infoset.player.label}'s, not chance's")
        if isinstance(probs, (str, bytes)):
            raise InvalidInput("the probabilities are a list of numbers, not one string")
        values = [_number(p, "a chance probability") for p in probs]
        if len(values) != len(infoset.actions):
            raise InvalidInput(
                f"{len(values)} probabilities were given for the {len(infoset.actions)} actions "
                f"{infoset.actions}; give one each"
            )
        for action, p in zip(infoset.actions, values):
            if not 0 <= p <= 1:
                raise InvalidInput(f"the probability {_text(p)} of {action!r} is not between 0 and 1")
        total = sum(values, Fraction(0))
        if total != 1:
            raise InvalidInput(f"the chance probabilities {[_text(p) for p in values]} add up to {_text(total)}, not 1")
        infoset.probabilities = values

    def add_outcome(self, payoffs: Sequence[Any], label: str = "") -> Outcome:
        """A new outcome with one exact payoff per player."""
        if isinstance(payoffs, (str, bytes)):
            raise InvalidInput("the payoffs are a list of numbers, one per player, not one string")
        values = [_number(x, "a payoff") for x in payoffs]
        if len(values) != len(self.players):
            raise InvalidInput(
                f"{len(values)} payoffs were given for {len(self.players)} players; give one each"
            )
        outcome = Outcome(str(label), values, len(self.outcomes))
        self.outcomes.append(outcome)
        return outcome

    def set_outcome(self, node: Node, outcome: Optional[Outcome]) -> None:
        """Attaches ``outcome`` to ``node`` (``None`` removes it); outcomes
        on inner nodes are collected along the path of play."""
        node = self._node(node)
        if outcome is not None and (not isinstance(outcome, Outcome) or outcome not in self.outcomes):
            raise InvalidInput(f"{outcome!r} is not an outcome of this game")
        node.outcome = outcome

    # Output ---------------------------------------------------------------

    def nodes(self) -> List[Node]:
        """Every node in preorder (the root first, each node before its children)."""
        order: List[Node] = []
        stack = [self.root]
        while stack:
            node = stack.pop()
            order.append(node)
            stack.extend(reversed(node.children))
        return order

    def to_json(self) -> Dict[str, Any]:
        """The JSON form the native side reads (docs/extensive.md)."""
        order = self.nodes()
        index = {id(node): k for k, node in enumerate(order)}
        used: List[Infoset] = []
        position: Dict[int, int] = {}
        for node in order:
            if node.infoset is not None and id(node.infoset) not in position:
                position[id(node.infoset)] = len(used)
                used.append(node.infoset)
        numbers: Dict[Optional[int], int] = {}
        infosets = []
        for h in used:
            numbers[h.player.number] = numbers.get(h.player.number, 0) + 1
            infosets.append(
                {
                    "player": h.player.number,
                    "number": numbers[h.player.number],
                    "label": h.label,
                    "actions": list(h.actions),
                    "probabilities": [_text(p) for p in h.probabilities or []],
                }
            )
        return {
            "title": self.title,
            "comment": self.comment,
            "players": [p.label for p in self.players],
            "outcomes": [{"label": o.label, "payoffs": [_text(x) for x in o.payoffs]} for o in self.outcomes],
            "infosets": infosets,
            "nodes": [
                {
                    "label": node.label,
                    "infoset": None if node.infoset is None else position[id(node.infoset)],
                    "children": [index[id(c)] for c in node.children],
                    "outcome": None if node.outcome is None else node.outcome.number,
                }
                for node in order
            ],
        }

    def to_game(self) -> ExtensiveGame:
        """The game, checked natively, with every solver of
        :class:`sprague.extensive.ExtensiveGame`."""
        return ExtensiveGame.from_json(self.to_json())

    def to_efg(self) -> str:
        """The game as a Gambit ``.efg`` file's text."""
        return self.to_game().to_efg()

    def write_efg(self, path: Any) -> None:
        """Writes the game to the ``.efg`` file ``path``."""
        with open(os.fspath(path), "w", encoding="utf-8") as out:
            out.write(self.to_efg())

    def __repr__(self) -> str:
        return f"<Tree {self.title!r}: {len(self.nodes())} nodes, players {[p.label for p in self.players]}>"
