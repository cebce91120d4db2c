#!/usr/bin/env bash
# Benchmark of sprague's exact strategic-form solvers against the Python
# peers (QuantEcon, pygambit, nashpy, scipy) on identical fixed-seed games.
# Creates a virtual environment under target/bench-venv, installs the peers
# (skipping, with a message, any that cannot be installed; pygambit compiles
# from source on some Pythons and gets a time limit), runs the Rust benchmark
# (which writes the games to target/bench-games), then the Python one, and
# prints a table of medians and ratios. Pass --full to run the slow exact
# peers on every game. Not a test.
set -uo pipefail
cd "$(dirname "$0")/.."
VENV=target/bench-venv
GAMES="$PWD/target/bench-games"
PY=${PYTHON:-python3}
if [ ! -x "$VENV/bin/python" ]; then
    "$PY" -m venv "$VENV" || { echo "could not create a virtual environment with $PY"; exit 1; }
    "$VENV/bin/pip" install -q --upgrade pip >/dev/null 2>&1 || true
fi
for pkg in numpy scipy nashpy quantecon; do
    "$VENV/bin/python" -c "import $pkg" 2>/dev/null || "$VENV/bin/pip" install -q "$pkg" || echo "skipping $pkg: pip install failed"
done
"$VENV/bin/python" -c "import pygambit" 2>/dev/null || timeout "${PYGAMBIT_TIMEOUT:-1800}" "$VENV/bin/pip" install -q pygambit || echo "skipping pygambit: pip install failed or took too long"
mkdir -p "$GAMES"
cargo bench -q -p sprague-strategic --bench strategic -- --games "$GAMES" --json "$GAMES/rust.json" || exit 1
cargo build -q --release -p sprague || exit 1
SPRAGUE="$PWD/target/release/sprague" "$VENV/bin/python" scripts/bench_strategic.py "$GAMES" "$@"
