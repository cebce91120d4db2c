"""A game defined in Python and served to the browser tests (scripts/test-browser.sh):
take one or two tokens from a heap, or split a heap into two heaps of different sizes.
Prints the Play page's URL, then serves until terminated."""

import sprague


def options(heap):
    moves = [heap - take for take in (1, 2) if take <= heap]
    moves += [(a, heap - a) for a in range(1, (heap + 1) // 2) if a != heap - a]
    return moves


game = sprague.define(
    options,
    name="take-or-split",
    components=lambda position: list(position) if isinstance(position, tuple) else [position],
)
server = game.serve("7 5", open_browser=False)
print(server.url, flush=True)
server.wait()
