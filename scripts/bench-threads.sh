#!/usr/bin/env bash
# `sprague values GAME --to N --summary`: two threads against one, whole processes, in the same
# run. The two commands alternate (one, two, one, two, ...), so a drift of the machine's speed
# touches both; the speed-up is taken pair by pair (one-thread wall / two-thread wall) and the
# median of the pairs is printed with its range, and the medians of each side's wall and CPU
# seconds. The checksums of the two sides must agree. With --busy, a CPU-bound process (`yes`)
# runs during the whole measurement, on what would be the second thread's core: two threads must
# then not be more than 10 % slower than one.
#
#   scripts/bench-threads.sh [--game grundy] [--to 4194304] [--pairs 7] [--busy]
set -euo pipefail
cd "$(dirname "$0")/.."

game=grundy
to=4194304
pairs=7
busy=no
while [ $# -gt 0 ]; do
    case "$1" in
        --game) game=$2; shift 2 ;;
        --to) to=$2; shift 2 ;;
        --pairs) pairs=$2; shift 2 ;;
        --busy) busy=yes; shift ;;
        *) echo "usage: $0 [--game GAME] [--to N] [--pairs P] [--busy]" >&2; exit 2 ;;
    esac
done

cargo build --release -p sprague --quiet
binary=target/release/sprague
work=$(mktemp -d)
burner=
cleanup() {
    if [ -n "$burner" ]; then kill "$burner" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

if [ "$busy" = yes ]; then
    yes > /dev/null &
    burner=$!
fi

# One run: prints "wall cpu checksum".
one_run() {
    local threads=$1 out="$work/out-$1" times="$work/times-$1"
    { TIMEFORMAT='%R %U %S'; time "$binary" values "$game" --to "$to" --summary \
        --threads "$threads" --format json > "$out"; } 2> "$times"
    local checksum
    checksum=$(sed -n 's/.*"checksum": "\([0-9a-f]*\)".*/\1/p' "$out")
    awk -v checksum="$checksum" '{ printf "%s %.3f %s\n", $1, $2 + $3, checksum }' "$times"
}

echo "sprague values $game --to $to --summary: --threads 2 against --threads 1, $pairs pairs" \
    "(busy: $busy); load before: $(cut -d' ' -f1-3 /proc/loadavg)"
one_run 1 > /dev/null # warm-up (page cache, frequency)
: > "$work/pairs"
for pair in $(seq 1 "$pairs"); do
    read -r wall1 cpu1 sum1 < <(one_run 1)
    read -r wall2 cpu2 sum2 < <(one_run 2)
    if [ "$sum1" != "$sum2" ]; then
        echo "checksums differ: one thread $sum1, two threads $sum2" >&2
        exit 1
    fi
    echo "  pair $pair: one thread ${wall1} s wall (${cpu1} s cpu), two threads ${wall2} s wall (${cpu2} s cpu)"
    echo "$wall1 $cpu1 $wall2 $cpu2" >> "$work/pairs"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg); checksum $sum1 on both sides"
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
one_wall=$(awk '{ print $1 }' "$work/pairs" | median)
one_cpu=$(awk '{ print $2 }' "$work/pairs" | median)
two_wall=$(awk '{ print $3 }' "$work/pairs" | median)
two_cpu=$(awk '{ print $4 }' "$work/pairs" | median)
speedup=$(awk '{ printf "%.4f\n", $1 / $3 }' "$work/pairs" | median)
low=$(awk '{ printf "%.4f\n", $1 / $3 }' "$work/pairs" | sort -g | head -1)
high=$(awk '{ printf "%.4f\n", $1 / $3 }' "$work/pairs" | sort -g | tail -1)
echo "medians: one thread ${one_wall} s wall (${one_cpu} s cpu), two threads ${two_wall} s wall (${two_cpu} s cpu)"
echo "speed-up of two threads (one-thread wall / two-thread wall, median of the pairs): ${speedup}x (range ${low}-${high})"
