#!/usr/bin/env bash
# Runs the fuzz targets one after the other (default: all, 600 s each), each from its
# committed corpus, logging to fuzz/logs/TARGET.log; then prints each run's last status
# line (executions, cov, ft, corpus). Needs the nightly toolchain and cargo-fuzz.
#   fuzz/run.sh [SECONDS] [TARGET...]
set -uo pipefail
cd "$(dirname "$0")"
seconds=${1:-600}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cargo +nightly fuzz list)
fi
mkdir -p logs
for target in "${targets[@]}"; do
    echo "== $target ($seconds s)"
    cargo +nightly fuzz run -O "$target" -- -max_total_time="$seconds" -rss_limit_mb=2048 \
        -timeout=20 -print_final_stats=1 >"logs/$target.log" 2>&1
    echo "exit $? $(grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE)' "logs/$target.log" | tail -1)"
    grep -E 'stat::number_of_executed_units|SUMMARY|panicked' "logs/$target.log" || true
done
