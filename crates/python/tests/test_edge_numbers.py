"""Issue 18, arithmetic on numbers from the user: integer arguments of the
module's functions at the edge numbers (0, 1, 2^31, 2^32, 2^53 + 1, 2^63 - 1,
2^63, 2^64 - 1, negatives, 2^64) are answered or refused with a Python
exception of the module (``sprague.Error``) or of the conversion
(``OverflowError``, ``ValueError``, ``TypeError``) — never a Rust panic
(``pyo3_runtime.PanicException``, a ``BaseException`` that is none of those)."""

import pytest

import sprague
from sprague import coop, ipd

EDGES = [0, 1, 2**31, 2**32, 2**53 + 1, 2**63 - 1, 2**63, 2**64 - 1, -1, -(2**63), 2**64]

CALLS = {
    "values to": lambda n: sprague.values("subtraction:1,3,4", n),
    "values subtraction": lambda n: sprague.values(f"subtraction:{n}", 10),
    "values bash": lambda n: sprague.values(f"bash:{n}", 10),
    "analyze nim heap": lambda n: sprague.analyze("nim", n),
    "analyze lasker heap": lambda n: sprague.analyze("lasker", n),
    "analyze wythoff pair": lambda n: sprague.analyze("wythoff", f"{n},1"),
    "survey budget": lambda n: sprague.survey("0.7", budget=n, seconds=0.2),
    "ipd match turns": lambda n: ipd.match("TitForTat", "Defector", turns=n),
    "ipd match seed": lambda n: ipd.match("TitForTat", "Random", turns=5, seed=n),
    "ipd tournament repetitions": lambda n: ipd.tournament(["TitForTat", "Defector"], turns=3, repetitions=n),
    "ipd moran runs": lambda n: ipd.moran(["TitForTat", "Defector"], turns=3, runs=n, max_steps=10),
    "coop shapley monte carlo": lambda n: coop.shapley(coop.Game.parse("[51; 49, 48, 3]"), monte_carlo=n),
    "coop glove": lambda n: coop.shapley(coop.Game.parse(f"glove:{n},1")),
    "nimber power": lambda n: sprague.Nimber(3) ** n if n >= 0 else sprague.Nimber(3) ** 0,
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_edge_numbers_are_answered_or_refused(name):
    for number in EDGES:
        try:
            CALLS[name](number)
        except (sprague.Error, OverflowError, ValueError, TypeError):
            pass
