#!/usr/bin/env bash
# Benchmarks sprague's repeated and cooperative games against its peers: the
# Axelrod library (20-strategy round robin, 200 turns, 5 repetitions, and the
# round robin of every strategy both have, same turns and repetitions),
# powerindex (Shapley–Shubik of a 20-player weighted voting game) and the Rust
# crate coopgame (the same game, tabulated), on the same inputs, and prints
# medians and ratios. The peers are installed with pip into a
# virtual environment under target/; a peer that fails to install is skipped,
# and the script says so.
#
# Usage: scripts/bench-repeated.sh [--peer-runs N] [--big]
#   --peer-runs N  time each Python case N times (default 3 for axelrod, 20 for powerindex)
#   --big          also time powerindex on the 100-player game (slow in Python)
#   --common-runs N  runs of the round robin of all common strategies (default 1)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/bench-venv
tsv=target/bench-repeated.tsv

echo "== sprague (cargo bench -p sprague-repeated --bench repeated)"
SPRAGUE_BENCH_TSV="$PWD/$tsv.repeated" cargo bench -q -p sprague-repeated --bench repeated
echo "== sprague (cargo bench -p sprague-cooperative --bench power_indices)"
SPRAGUE_BENCH_TSV="$PWD/$tsv.power" cargo bench -q -p sprague-cooperative --bench power_indices
cat "$tsv.repeated" "$tsv.power" > "$tsv"
cargo build -q --release -p sprague
sprague="${CARGO_TARGET_DIR:-target}/release/sprague"

if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
for package in axelrod powerindex; do
    if ! "$venv/bin/python" -c "import $package" 2>/dev/null; then
        if ! "$venv/bin/pip" install -q "$package"; then
            echo "note: pip could not install $package; its comparison is skipped"
        fi
    fi
done

echo "== peers"
"$venv/bin/python" scripts/bench_repeated_peers.py --tsv "$tsv" --sprague "$sprague" "$@"

echo "== coopgame crate (scripts/coopgame-bench, its own workspace)"
if CARGO_TARGET_DIR="$PWD/target/coopgame-bench" cargo run -q --release \
        --manifest-path scripts/coopgame-bench/Cargo.toml > target/coopgame-bench.tsv; then
    awk -F'\t' '{ t[$1] = $2 } END {
        printf "%-40s %-22s %12.3f ms %11.3f ms %9.0fx\n", "Shapley-Shubik, 20 players", "coopgame 0.3 (f64)",
            t["coopgame_shapley_wvg20"] * 1e3, t["sprague_shapley_wvg20"] * 1e3,
            t["coopgame_shapley_wvg20"] / t["sprague_shapley_wvg20"] }' target/coopgame-bench.tsv
else
    echo "note: the coopgame comparison could not be built; skipped"
fi
