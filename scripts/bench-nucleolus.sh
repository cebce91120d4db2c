#!/usr/bin/env bash
# Benchmarks sprague's exact nucleolus on random TU games (integer values,
# fixed seeds) and compares it with the exact (rational) nucleolus of the Rust
# crate coopgame on the same seed-1 games, checking that both give the same
# allocation. coopgame is built in its own workspace (scripts/coopgame-bench)
# so it never becomes a dependency of sprague.
#
# Usage: scripts/bench-nucleolus.sh [SIZES]   (default 4,6,8,10; coopgame's
# exact solver accepts at most 10 players and takes minutes at 10)
set -euo pipefail
cd "$(dirname "$0")/.."
sizes="${1:-4,6,8,10}"

echo "== sprague (cargo bench -p sprague-cooperative --bench nucleolus)"
cargo bench -q -p sprague-cooperative --bench nucleolus

echo "== coopgame 0.3 exact nucleolus vs sprague, seed-1 game of each size"
if CARGO_TARGET_DIR="$PWD/target/coopgame-bench" cargo build -q --release \
        --manifest-path scripts/coopgame-bench/Cargo.toml; then
    target/coopgame-bench/release/coopgame-bench nucleolus "$sizes" | awk -F'\t' '
        { t[$1] = $2; if ($1 ~ /_agree$/) { n = $1; sub(/^nucleolus_random/, "", n); sub(/_agree$/, "", n); order[++k] = n } }
        END {
            printf "%-8s %16s %16s %10s %8s\n", "players", "coopgame", "sprague", "ratio", "agree"
            for (i = 1; i <= k; i++) {
                n = order[i]; c = t["coopgame_nucleolus_random" n]; s = t["sprague_nucleolus_random" n]
                printf "%-8s %13.3f ms %13.3f ms %9.0fx %8s\n", n, c * 1e3, s * 1e3, c / s, (t["nucleolus_random" n "_agree"] == 1 ? "yes" : "NO")
            }
        }'
else
    echo "note: the coopgame comparison could not be built; skipped"
fi
