#!/usr/bin/env bash
# Checks sprague's IPD strategies against the Axelrod library (version
# 4.14.0, installed with pip into target/bench-venv, the environment of
# scripts/bench-repeated.sh): builds the release binary and runs
# scripts/check_axelrod_strategies.py, passing its arguments on
# (e.g. `--only ZDExtort2,Golden`).
#
# Usage: scripts/check-axelrod-strategies.sh [turns] [--only ID,ID]
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/bench-venv
target="${CARGO_TARGET_DIR:-target}"
cargo build -q --release -p sprague
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import axelrod" 2>/dev/null; then
    "$venv/bin/pip" install -q "axelrod==4.14.0"
fi
"$venv/bin/python" scripts/check_axelrod_strategies.py "$target/release/sprague" "$@"
