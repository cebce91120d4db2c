#!/usr/bin/env bash
# Outcome classes of Domineering m×n boards (m, n ≤ 8 by default) by the
# outcome search of sprague-partizan, release build: time and nodes per board,
# checks against canonical forms, the transposition theorem and published
# values (a mismatch fails), the ratio against plain alpha-beta on the boards
# where it finishes, then larger boards with a time cap.
#
#   scripts/bench-domineering.sh                       # m, n ≤ 8
#   scripts/bench-domineering.sh --max 6 --plain-cap 20
#   scripts/bench-domineering.sh --beyond 9x9,10x10 --cap 1800
set -euo pipefail
cd "$(dirname "$0")/.."
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
cargo bench -p sprague-partizan --bench domineering_outcome -- "$@"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
