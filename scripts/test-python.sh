#!/usr/bin/env bash
# Builds sprague's Python module (crates/python, PyO3 + maturin) into a virtual
# environment of its own and runs its pytest suite. Needs only python3 with
# the venv module and the Rust toolchain; everything else comes from PyPI.
# The environment is kept in target/python-venv (SPRAGUE_VENV overrides it).
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${SPRAGUE_VENV:-$PWD/target/python-venv}"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    "maturin>=1.9,<2" pytest numpy pandas "dask[distributed]" nashpy
(cd crates/python && VIRTUAL_ENV="$venv" "$venv/bin/maturin" develop --release --quiet)
# The command line, whose JSON the ipd and coop tests compare the module's answers with.
cargo build --release --quiet -p sprague
export SPRAGUE_BIN="${CARGO_TARGET_DIR:-$PWD/target}/release/sprague"
"$venv/bin/python" -m pytest -q crates/python/tests "$@"
