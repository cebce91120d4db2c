#!/usr/bin/env bash
# Benchmark of sprague's exact extensive-form solvers (Lemke's algorithm on the
# sequence form; the sequence-form LP for zero-sum games) against pygambit's
# exact ones (lcp_solve and lp_solve with rational=True) on the same .efg files
# in the same run: Kuhn poker and the beer-quiche game (written by sprague),
# Leduc hold'em (written by scripts/bench/leduc_efg.py), and the files of
# EFG_DIR (default: Gambit's collection in /work/shared/gambit-games/efg, when
# present; it is read, not copied). Interleaved: for every file, rounds of
# sprague then pygambit (scripts/bench/bench_extensive_interleaved.py), so
# both sides run under the same load; prints the load average, the medians
# over rounds and the ratios. Both sides time the solver on a game already
# read from the file (the parse is outside the timer on both sides);
# sprague's time includes the best-response check of its answer. Not a test.
#
# Creates a virtual environment under target/bench-extensive-venv with pygambit
# (or uses $BENCH_PY, a python that already has it). Options go to the driver:
#   --quick           Kuhn, beer-quiche and 3 files of the collection, no Leduc
#   --rounds N        alternating rounds per file (default 3)
#   --peer-timeout S  seconds before a pygambit run is stopped (default 120)
set -uo pipefail
cd "$(dirname "$0")/.."
TARGET=${CARGO_TARGET_DIR:-$PWD/target}
GAMES="$TARGET/bench-extensive-games"
mkdir -p "$GAMES"
if [ -n "${BENCH_PY:-}" ]; then
    VPY="$BENCH_PY"
else
    VENV="$TARGET/bench-extensive-venv"
    if [ ! -x "$VENV/bin/python" ]; then
        "${PYTHON:-python3}" -m venv "$VENV" || { echo "could not create a virtual environment"; exit 1; }
        "$VENV/bin/pip" install -q --upgrade pip >/dev/null 2>&1 || true
    fi
    "$VENV/bin/python" -c "import pygambit" 2>/dev/null || timeout "${PYGAMBIT_TIMEOUT:-1800}" "$VENV/bin/pip" install -q pygambit || { echo "pygambit could not be installed"; exit 1; }
    VPY="$VENV/bin/python"
fi
cargo build -q --release -p sprague || exit 1
"$TARGET/release/sprague" tree info kuhn-poker >/dev/null || exit 1
cargo bench -q -p sprague-strategic --bench extensive --no-run || exit 1
SPRAGUE="$TARGET/release/sprague" BENCH_PY="$VPY" python3 scripts/bench/bench_extensive.py --games "$GAMES" --efg-dir "${EFG_DIR:-/work/shared/gambit-games/efg}" "$@"
