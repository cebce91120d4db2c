"""Your own game in sprague, as a notebook would show it: a new heap game defined in ten
lines, its values to 10^5 with the period, its misère quotient, a sum with Kayles, three
moves against the perfect reply, and the web page (run with `--serve` to open it).

    target/python-venv/bin/python docs/examples/own_game.py [--serve]
"""

import sys
import time

import sprague


# Remove one, two or three tokens from a heap; removing two may also split what is left
# into two non-empty heaps.
def options(n):
    moves = [(n - take,) for take in (1, 2, 3) if take <= n]
    moves += [(a, n - 2 - a) for a in range(1, (n - 2) // 2 + 1)]
    return moves


def show(label, started):
    print(f"  [{label}: {1000 * (time.perf_counter() - started):.0f} ms]")


started = time.perf_counter()
game = sprague.define_heap(options, name="take-or-split")
values = game.values(2_000)
print(">>> game.values(2000)   # observed in the values (no theorem for a function)")
print(f"g(0..29) = {values.values[:30]}")
print(f"period {values.period}, preperiod {values.preperiod}, proven {values.proven}")
show("values, heaps tabulated from the Python function", started)

started = time.perf_counter()
declared = sprague.define_heap(options, name="take-or-split", rule="rule:1:0-1;2:0-2;3:0-1")
values = declared.values(100_000)
print(">>> declared = sprague.define_heap(options, rule='rule:1:0-1;2:0-2;3:0-1'); declared.values(10**5)")
print(f"period {values.period}, preperiod {values.preperiod}, proven {values.proven} by {values.theorem}")
print(f"g(99999) = {values[99_999]}, {len(values.values)} values")
show("values to 10^5", started)

started = time.perf_counter()
q = declared.quotient()
print(">>> declared.quotient()")
print(f"misère quotient of order {q['order']}, proven {q['proven']} ({q['proof']});")
print(f"relations {q['relations']}; P-portion {q['p_portion']}")
show("quotient", started)

started = time.perf_counter()
both = sprague.sum(game, sprague.game("kayles"))
position = both.position("5 9 + 7 3")
analysis = both.analyze(position)
print(">>> both = sprague.sum(game, sprague.game('kayles')); both.analyze('5 9 + 7 3')")
print(f"value {analysis.value}, outcome {analysis.outcome}; winning moves:",
      [m.move for m in analysis.winning_moves])
show("mixed sum", started)

started = time.perf_counter()
print(">>> three moves against the perfect reply, from 5 9 + 7 3")
for turn in range(3):
    mine = both.options(position)[0]          # I take the first listed move
    position = mine.move.after
    print(f"me: {mine.move.notation:10} -> {' '.join(position.components)}")
    reply = both.reply(position)
    if reply is None:
        print("the computer has no move: I win")
        break
    position = reply.move.after
    print(f"computer: {reply.move.notation:10} -> {' '.join(position.components)}  ({reply.reason})")
show("three turns", started)
print(">>> both.explain(position)")
for line in both.explain(position):
    print("  ", line)

if "--serve" in sys.argv:
    server = game.serve("5 9 12")
    print(f">>> game.serve('5 9 12')  # the Play page: {server.url}")
    server.wait()
