#!/usr/bin/env bash
# Load test of `sprague serve` on loopback with wrk (a benchmark, not part of CI): builds the
# release binary, starts the server on a free port, runs wrk with scripts/load-test.lua (POST
# requests of 16 endpoints in turn) long enough for well over 10,000 requests, and prints the
# requests, the errors (non-2xx answers and socket errors must be 0), p50/p99 latency and the
# server's memory (VmRSS, VmHWM from /proc) before and after. Exit 1 if a check fails.
#
#   scripts/load-test.sh                 # 30 s, 2 wrk threads, 8 connections
#   DURATION=60s CONNECTIONS=16 scripts/load-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-30s}
CONNECTIONS=${CONNECTIONS:-8}
THREADS=${THREADS:-2}
MIN_REQUESTS=${MIN_REQUESTS:-10000}

if ! command -v wrk >/dev/null; then
    if [ "$(id -u)" = 0 ]; then
        echo "installing wrk (Debian package)"
        apt-get update -qq && apt-get install -y -qq wrk >/dev/null
    else
        echo "wrk is missing: run as root, or apt-get install wrk" >&2
        exit 1
    fi
fi

cargo build --release -p sprague --quiet
binary="${CARGO_TARGET_DIR:-target}/release/sprague"
log=$(mktemp)
"$binary" serve --port 0 >"$log" 2>&1 &
server=$!
trap 'kill -INT $server 2>/dev/null || true; rm -f "$log"' EXIT
url=""
for _ in $(seq 100); do
    url=$(grep -o 'http://[^ ]*' "$log" || true)
    [ -n "$url" ] && break
    sleep 0.1
done
[ -n "$url" ] || { echo "the server did not start: $(cat "$log")" >&2; exit 1; }

memory() { grep -E '^(VmRSS|VmHWM)' "/proc/$server/status" | tr -s ' \t' ' ' | tr '\n' ' '; }
echo "server: $url (pid $server)"
echo "memory before: $(memory)"
output=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s scripts/load-test.lua "$url")
echo "$output"
echo "memory after:  $(memory)"

requests=$(echo "$output" | awk '/requests in/ {print $1}')
non2xx=$(echo "$output" | awk '/Non-2xx or 3xx responses/ {print $NF}')
socket=$(echo "$output" | awk -F'[ ,]+' '/Socket errors/ {print $4+$6+$8+$10}')
p50=$(echo "$output" | awk '$1 == "50%" {print $2}')
p99=$(echo "$output" | awk '$1 == "99%" {print $2}')
non2xx=${non2xx:-0}
socket=${socket:-0}
echo
echo "summary: $requests requests in $DURATION, $non2xx non-2xx, $socket socket errors, p50 $p50, p99 $p99"

kill -INT "$server"
wait "$server" || true
trap 'rm -f "$log"' EXIT
tail -n 1 "$log"

status=0
if [ "${requests:-0}" -lt "$MIN_REQUESTS" ]; then
    echo "FAIL: fewer than $MIN_REQUESTS requests" >&2
    status=1
fi
if [ "$non2xx" != 0 ] || [ "$socket" != 0 ]; then
    echo "FAIL: errors" >&2
    status=1
fi
exit $status
