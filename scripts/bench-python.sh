#!/usr/bin/env bash
# Benchmark of sprague called from Python against the Python peers (nashpy,
# QuantEcon, pygambit, Axelrod, powerindex) on the same inputs, in one run, with
# the Python call's cost over the Rust benchmarks' medians for the same work.
# Installs the peers into target/bench-py (pygambit builds from source on some
# Pythons and may take several minutes; a peer that cannot be installed is
# skipped, and the script says so), builds the module there with maturin,
# runs the Rust benchmarks, then scripts/bench_python.py. Not a test.
# Usage: scripts/bench-python.sh [--runs N]
set -euo pipefail
cd "$(dirname "$0")/.."
venv="$PWD/target/bench-py"
games="$PWD/target/bench-games"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "maturin>=1.9,<2" numpy
for package in nashpy quantecon axelrod powerindex pygambit; do
    "$venv/bin/python" -c "import $package" 2>/dev/null \
        || timeout "${PEER_INSTALL_TIMEOUT:-1800}" "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$package" \
        || echo "note: pip could not install $package; its comparison is skipped"
done
(cd crates/python && VIRTUAL_ENV="$venv" "$venv/bin/maturin" develop --release --quiet)
mkdir -p "$games"
echo "== Rust benchmarks (the same work without Python)"
cargo bench -q -p sprague-strategic --bench strategic -- --games "$games" --json "$games/rust.json" --enum-only
SPRAGUE_BENCH_TSV="$games/repeated.tsv" cargo bench -q -p sprague-repeated --bench repeated
SPRAGUE_BENCH_TSV="$games/power.tsv" cargo bench -q -p sprague-cooperative --bench power_indices
cat "$games/repeated.tsv" "$games/power.tsv" > "$games/rust.tsv"
echo "== from Python"
"$venv/bin/python" scripts/bench_python.py --games "$games" --rust-json "$games/rust.json" --tsv "$games/rust.tsv" "$@"
