"""A game defined in Python and served to the browser tests (scripts/test-browser.sh), the
game of docs/examples/own_game.py written with `sprague.define` (general positions: a heap,
or a tuple of heaps that is a sum): remove one, two or three tokens from a heap; removing two
may also split what is left into two non-empty heaps. Prints the Play page's URL, then serves
until terminated."""

import sprague


def options(heap):
    moves = [heap - take for take in (1, 2, 3) if take <= heap]
    moves += [(a, heap - 2 - a) for a in range(1, (heap - 2) // 2 + 1)]
    return moves


game = sprague.define(
    options,
    name="take-or-split",
    components=lambda position: list(position) if isinstance(position, tuple) else [position],
)
server = game.serve("7 5", open_browser=False)
print(server.url, flush=True)
server.wait()
