#!/usr/bin/env bash
# Benchmarks sprague's replicator dynamics and fictitious play against Nashpy
# on the same games, interleaved in one run (scripts/bench_dynamics.py runs
# the Rust benchmark and Nashpy in turn, round after round), and prints
# medians and ratios. Nashpy is installed with pip into a virtual
# environment under target/ when it is missing.
#
# Usage: scripts/bench-dynamics.sh [--rounds R] [--peer-runs K]
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${BENCH_VENV:-target/bench-dynamics-venv}

if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import nashpy" 2>/dev/null; then
    "$venv/bin/pip" install -q nashpy
fi
cargo bench -q -p sprague-dynamics --bench dynamics --no-run
"$venv/bin/python" scripts/bench_dynamics.py "$@"
