#!/usr/bin/env python3
"""Writes Leduc hold'em (Southey et al., "Bayes' bluff: opponent modelling in
poker", UAI 2005) as a Gambit .efg file, for benchmarks.

The deck has RANKS ranks with two suits each (Leduc: 3 ranks, J Q K). Each
player antes 1 and gets one private card; a betting round follows (bet size
BET1, at most RAISES bets and raises in the round); then one public card is
turned and a second round is played (bet size BET2). At the showdown a player
whose card pairs the public card wins, else the higher rank wins; equal ranks
split the pot. Cards are dealt by chance moves with exact probabilities over
ranks (suits never matter), so information sets are a player's own rank,
the public rank once turned, and the betting so far.

Usage: leduc_efg.py [--ranks 3] [--raises 2] [--bet1 2] [--bet2 4] > leduc.efg
"""
import argparse
from fractions import Fraction


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ranks", type=int, default=3)
    ap.add_argument("--raises", type=int, default=2)
    ap.add_argument("--bet1", type=int, default=2)
    ap.add_argument("--bet2", type=int, default=4)
    args = ap.parse_args()
    ranks = args.ranks
    names = "23456789TJQKA"[-ranks:] if ranks <= 13 else [str(i) for i in range(ranks)]
    infosets = {}  # (player, key) -> number
    counters = [0, 0]
    chance_sets = [0]
    outcomes = [0]
    lines = []

    def q(s):
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'

    def player_node(player, key, actions):
        k = (player, key)
        if k in infosets:
            lines.append(f'p "" {player + 1} {infosets[k]} 0')
        else:
            counters[player] += 1
            infosets[k] = counters[player]
            acts = " ".join(q(a) for a in actions)
            lines.append(f'p "" {player + 1} {counters[player]} {q(key)} {{ {acts} }} 0')

    def chance_node(label, actions):
        chance_sets[0] += 1
        label = f"{label} ({chance_sets[0]})"
        body = " ".join(f"{q(a)} {p}" for a, p in actions)
        lines.append(f'c "" {chance_sets[0]} {q(label)} {{ {body} }} 0')

    def leaf(u1):
        outcomes[0] += 1
        lines.append(f't "" {outcomes[0]} "" {{ {u1}, {-u1} }}')

    def play_round(history_before, private, public, put, bet, rnd, cards):
        """Writes the betting of one round; put = [paid by 1, paid by 2]."""

        def walk(h, paid, bets, facing):
            player = len(h) % 2
            seen = f"{names[private[player]]}{'/' + names[public] if public is not None else ''}:{history_before}{'|' if rnd == 2 else ''}{h}"
            if not facing:
                player_node(player, seen, ["check", "bet"])
                # check
                if h == "c":
                    end_round(h + "c", paid)
                else:
                    walk(h + "c", paid, bets, False)
                # bet
                p2 = list(paid)
                p2[player] = max(p2) + bet
                walk(h + "b", p2, bets + 1, True)
            else:
                acts = ["fold", "call"] + (["raise"] if bets < args.raises else [])
                player_node(player, seen, acts)
                # fold: the other player wins what this player paid
                leaf(-paid[0] if player == 0 else paid[1])
                p2 = list(paid)
                p2[player] = max(p2)
                end_round(h + "c", p2)
                if bets < args.raises:
                    p3 = list(paid)
                    p3[player] = max(p3) + bet
                    walk(h + "r", p3, bets + 1, True)

        def end_round(h, paid):
            if rnd == 1:
                remaining = cards_left(cards, private)
                total = sum(remaining.values())
                chance_node("public", [(names[r], Fraction(c, total)) for r, c in remaining.items()])
                for r in remaining:
                    play_round(h, private, r, paid, args.bet2, 2, cards)
            else:
                showdown(private, public, paid)

        walk("", put, 0, False)

    def showdown(private, public, paid):
        def strength(r):
            return (1 if r == public else 0, r)

        a, b = strength(private[0]), strength(private[1])
        if a > b:
            leaf(paid[1])
        elif a < b:
            leaf(-paid[0])
        else:
            leaf(0)

    def cards_left(cards, taken):
        left = dict(cards)
        for r in taken:
            left[r] -= 1
        return {r: c for r, c in left.items() if c > 0}

    cards = {r: 2 for r in range(ranks)}
    chance_node("card 1", [(names[r], Fraction(2, 2 * ranks)) for r in range(ranks)])
    for r1 in range(ranks):
        left = cards_left(cards, [r1])
        total = sum(left.values())
        chance_node("card 2", [(names[r], Fraction(c, total)) for r, c in left.items()])
        for r2 in left:
            play_round("", (r1, r2), None, [1, 1], args.bet1, 1, cards)
    title = f"Leduc hold'em ({ranks} ranks, 2 suits, bets {args.bet1}/{args.bet2}, {args.raises} bets a round)"
    print(f'EFG 2 R {q(title)} {{ "Player 1" "Player 2" }}')
    print('"Written by scripts/bench/leduc_efg.py"\n')
    print("\n".join(lines))


if __name__ == "__main__":
    main()
