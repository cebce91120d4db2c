"""Extensive games built in Python node by node (pygambit's way), solved by the
library's exact solvers and written to .efg.

References: Kuhn poker built here from its rules has the value −1/18 (Kuhn
1950) and the built-in's description; beer–quiche built here from Cho and
Kreps's description has the built-in's equilibria; an entry game's
subgame-perfect equilibrium is the one backward induction gives by hand."""

from fractions import Fraction

import pytest

import sprague
from sprague.extensive import ExtensiveGame
from sprague.tree import Tree

CARDS = ["J", "Q", "K"]


def kuhn_poker():
    """Kuhn poker as a pygambit user writes it: deal, then check/bet, with
    information sets named by the mover's card and what it has seen."""
    g = ExtensiveGame.new_tree(players=["Player 1", "Player 2"], title="Kuhn poker")
    deals = [(i, j) for i in range(3) for j in range(3) if i != j]
    deal = g.append_move(g.root, g.players.chance, [CARDS[i] + CARDS[j] for i, j in deals])
    g.set_chance_probs(deal, ["1/6"] * 6)
    deal.label = "deal"
    sets = {}

    def move(node, player, label, actions):
        if label in sets:
            g.append_infoset(node, sets[label])
        else:
            sets[label] = g.append_move(node, player, actions)
            sets[label].label = label

    def leaf(node, label, payoffs):
        g.set_outcome(node, g.add_outcome(payoffs, label=label))

    for (i, j), p1 in zip(deals, g.root.children):
        win = 1 if i > j else -1
        move(p1, "Player 1", CARDS[i], ["check", "bet"])
        after_check, after_bet = p1.children
        move(after_check, "Player 2", f"{CARDS[j]}:check", ["check", "bet"])
        showdown, check_bet = after_check.children
        leaf(showdown, "showdown", [win, -win])
        move(check_bet, "Player 1", f"{CARDS[i]}:check-bet", ["fold", "call"])
        leaf(check_bet.children[0], "player 1 folds", [-1, 1])
        leaf(check_bet.children[1], "showdown", [2 * win, -2 * win])
        move(after_bet, "Player 2", f"{CARDS[j]}:bet", ["fold", "call"])
        leaf(after_bet.children[0], "player 2 folds", [1, -1])
        leaf(after_bet.children[1], "showdown", [2 * win, -2 * win])
    return g


def beer_quiche():
    """Cho and Kreps (1987): strong with probability 9/10; the sender gets 1
    for its preferred breakfast plus 2 without a duel; the receiver 1 for
    dueling a weak sender or sparing a strong one."""
    g = Tree.new_tree(players=["Sender", "Receiver"], title="Beer-quiche")
    nature = g.append_move(g.root, g.players.chance, ["strong", "weak"])
    g.set_chance_probs(nature, [Fraction(9, 10), "0.1"])
    seen = {}
    for kind, node in zip(["strong", "weak"], g.root.children):
        sender = g.append_move(node, "Sender", ["beer", "quiche"])
        sender.label = kind
        for breakfast, r in zip(["beer", "quiche"], node.children):
            if breakfast in seen:
                g.append_infoset(r, seen[breakfast])
            else:
                seen[breakfast] = g.append_move(r, "Receiver", ["duel", "no duel"])
                seen[breakfast].label = breakfast
            taste = 1 if (kind, breakfast) in [("strong", "beer"), ("weak", "quiche")] else 0
            weak = 1 if kind == "weak" else 0
            g.set_outcome(r.children[0], g.add_outcome([taste, weak], label="duel"))
            g.set_outcome(r.children[1], g.add_outcome([taste + 2, 1 - weak], label="no duel"))
    return g


def test_kuhn_poker_built_in_python_is_the_built_in_game():
    built = kuhn_poker().to_game()
    assert built.zero_sum().value == Fraction(-1, 18)
    native = ExtensiveGame.load("kuhn-poker")
    mine, theirs = built.info(), native.info()
    mine.pop("game"), theirs.pop("game")
    assert mine == theirs
    profile = built.nash()[0]
    assert profile.verified and profile.payoffs == [Fraction(-1, 18), Fraction(1, 18)]
    # Player 1 never bets the queen first (a property of every equilibrium).
    assert profile.behaviour[0]["Q"]["bet"] == 0


def test_the_efg_written_reads_back_to_the_same_game(tmp_path):
    tree = kuhn_poker()
    path = tmp_path / "kuhn.efg"
    tree.write_efg(path)
    text = path.read_text()
    assert text.startswith("EFG 2 R") and "1/6" in text
    again = ExtensiveGame.read_efg(path)
    assert again.to_efg() == text == ExtensiveGame.from_efg(tree.to_efg()).to_efg()
    assert again.zero_sum().value == Fraction(-1, 18)


def test_beer_quiche_built_in_python_has_the_built_in_equilibria():
    def answers(game):
        return sorted(repr((p.behaviour, p.payoffs)) for p in game.nash("enum"))

    built = beer_quiche().to_game()
    assert answers(built) == answers(ExtensiveGame.load("beer-quiche"))
    assert all(p.verified for p in built.nash("enum"))


def test_an_entry_game_has_the_subgame_perfect_equilibrium_of_backward_induction():
    # The entrant stays out (0, 2) or enters; the incumbent then fights
    # (-1, -1) or accommodates (1, 1). By hand: accommodate, so enter.
    g = Tree.new_tree(players=["Entrant", "Incumbent"], title="Entry")
    g.append_move(g.root, "Entrant", ["out", "in"])
    out, enter = g.root.children
    g.set_outcome(out, g.add_outcome([0, 2]))
    g.append_move(enter, "Incumbent", ["fight", "accommodate"])
    g.set_outcome(enter.children[0], g.add_outcome([-1, -1]))
    g.set_outcome(enter.children[1], g.add_outcome([1, 1]))
    record = g.to_game().subgame_perfect()["equilibrium"]
    assert record["payoffs"] == ["1", "1"] and record["verified"]
    moves = [s["information_sets"][0]["probabilities"] for s in record["strategies"]]
    assert moves == [["0", "1"], ["0", "1"]]  # enter; accommodate
    assert g.root.player.label == "Entrant" and enter.children[0].is_terminal


def test_outcomes_on_inner_nodes_are_collected_along_the_path():
    g = Tree.new_tree(players=["A", "B"])
    g.append_move(g.root, "A", ["l", "r"])
    g.set_outcome(g.root, g.add_outcome([1, -1], label="entry fee"))
    g.set_outcome(g.root.children[0], g.add_outcome([2, -2]))
    g.set_outcome(g.root.children[1], g.add_outcome([0, 0]))
    assert g.to_game().zero_sum().value == 3


def two_players():
    g = Tree.new_tree(players=["A", "B"])
    g.append_move(g.root, "A", ["x", "y"])
    return g


def chance_not_one():
    g = two_players()
    h = g.append_move(g.root.children[0], g.players.chance, ["a", "b"])
    g.set_chance_probs(h, ["1/3", "1/2"])


def chance_negative():
    g = two_players()
    h = g.append_move(g.root.children[0], "chance", ["a", "b"])
    g.set_chance_probs(h, [Fraction(3, 2), Fraction(-1, 2)])


def chance_nan():
    g = two_players()
    h = g.append_move(g.root.children[0], "chance", ["a", "b"])
    g.set_chance_probs(h, [float("nan"), 0.5])


def mixing_players():
    g = two_players()
    x, y = g.root.children
    b = g.append_move(x, "B", ["l", "r"])
    g.append_move(y, "A", ["l", "r"])
    g.set_infoset(y, b)


def different_actions():
    g = two_players()
    x, y = g.root.children
    b = g.append_move(x, "B", ["l", "r"])
    g.append_move(y, "B", ["l", "m", "r"])
    g.set_infoset(y, b)


def move_on_inner_node():
    g = two_players()
    g.append_move(g.root, "B", ["l"])


def wrong_payoffs():
    two_players().add_outcome([1, 2, 3])


def foreign_node():
    g = two_players()
    g.append_move(two_players().root.children[0], "A", ["a"])


def unknown_player():
    two_players().append_move(Tree.new_tree(["A"]).root, "C", ["a"])


def unknown_mover():
    g = two_players()
    g.append_move(g.root.children[0], "C", ["a"])


def repeated_actions():
    g = two_players()
    g.append_move(g.root.children[0], "B", ["a", "a"])


def chance_probs_of_a_player():
    g = two_players()
    g.set_chance_probs(g.root.infoset, ["1/2", "1/2"])


BAD = [
    (chance_not_one, "add up to 5/6, not 1"),
    (chance_negative, "not between 0 and 1"),
    (chance_nan, "not a finite number"),
    (mixing_players, "an information set has one player"),
    (different_actions, "the same number of actions"),
    (move_on_inner_node, "has a move already"),
    (wrong_payoffs, "3 payoffs were given for 2 players"),
    (foreign_node, "not a node of this game"),
    (unknown_player, "not a node of this game"),
    (unknown_mover, "'C' is not a player of this game"),
    (repeated_actions, "repeat a label"),
    (chance_probs_of_a_player, "not chance's"),
    (lambda: Tree.new_tree(players=[]), "no players"),
    (lambda: Tree.new_tree(players=["A", "A"]), "same name"),
    (lambda: ExtensiveGame.from_json({"players": ["A"], "infosets": [], "nodes": [{"infoset": 0, "children": []}]}), "unknown information set"),
]


@pytest.mark.parametrize("call, words", BAD)
def test_bad_trees_raise_one_clear_error(call, words):
    with pytest.raises(sprague.InvalidInput, match=words):
        call()


def test_the_module_examples_run():
    import doctest

    import sprague.ipd
    import sprague.tree

    for module in (sprague.tree, sprague.ipd):
        assert doctest.testmod(module).failed == 0
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    for test in finder.find(sprague.Game.from_array, globs={"Game": sprague.Game}):
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
