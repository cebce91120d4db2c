#!/usr/bin/env bash
# The browser tests of the web playground (the pages of crates/web/assets): Debian's
# headless Chromium driven by playwright-core (npm) under Node's test runner, against a
# real `sprague serve` on a free loopback port.
#
#   scripts/test-browser.sh                  run the tests (tests/browser/browser.test.mjs)
#   scripts/test-browser.sh --screenshots    save the pages as PNG in docs/screenshots/
#
# Installs what is missing on a fresh Debian machine (as root: chromium, chromium-driver,
# nodejs and npm with apt; playwright-core with `npm ci` from the committed lock file) and
# builds the workspace in the test profile (SPRAGUE_PROFILE, default `checked`) unless
# SPRAGUE_BIN names a binary. CHROMIUM overrides the browser
# (default /usr/bin/chromium). Exits non-zero on any failure, or when the browser cannot be
# installed or started: nothing is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=test
case "${1:-}" in
    "") ;;
    --screenshots) mode=screenshots ;;
    *) echo "usage: scripts/test-browser.sh [--screenshots]" >&2; exit 2 ;;
esac

fail() {
    echo "test-browser: $*" >&2
    exit 1
}

apt_install() {
    if [ "$(id -u)" -ne 0 ]; then
        fail "$1 is missing; install it as root (apt-get install -y $2) and run this again"
    fi
    echo "test-browser: installing $2 with apt-get"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $2 >/dev/null
}

browser="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$browser" ]; then
    [ -n "${CHROMIUM:-}" ] && fail "CHROMIUM=$CHROMIUM is not an executable file"
    apt_install "Chromium (/usr/bin/chromium)" "chromium chromium-driver"
    [ -x "$browser" ] || fail "apt-get installed chromium but $browser is still missing"
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    apt_install "Node.js (node and npm)" "nodejs npm"
fi
node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 18 ? 0 : 1)' ||
    fail "Node.js 18 or newer is needed, not $(node --version)"

tests=tests/browser
if [ "$tests/package-lock.json" -nt "$tests/node_modules/.package-lock.json" ]; then
    (cd "$tests" && npm ci --no-audit --no-fund --loglevel=error)
fi

if [ -n "${SPRAGUE_BIN:-}" ]; then
    bin="$SPRAGUE_BIN"
else
    # The workspace's build in the test profile (scripts/test.sh has made it: a no-op then).
    profile="${SPRAGUE_PROFILE:-checked}"
    target="${CARGO_TARGET_DIR:-$PWD/target}"
    case "$profile" in
        dev | test) out="$target/debug" ;;
        release | bench) out="$target/release" ;;
        *) out="$target/$profile" ;;
    esac
    cargo build --profile "$profile" --workspace --quiet
    bin="$out/sprague"
fi
[ -x "$bin" ] || fail "no sprague binary at $bin"

log="$(mktemp)"
"$bin" serve --port 0 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -f "$log"' EXIT
url=""
for _ in $(seq 1 300); do
    url="$(grep -o 'http://[^ ]*' "$log" | head -n 1 || true)"
    [ -n "$url" ] && break
    kill -0 "$server" 2>/dev/null || fail "sprague serve stopped: $(cat "$log")"
    sleep 0.1
done
[ -n "$url" ] || fail "sprague serve printed no URL within 30 s: $(cat "$log")"
echo "test-browser: $("$browser" --version 2>/dev/null || echo "$browser"), node $(node --version), server $url"

# A game defined in Python, served by `game.serve()` (tests/browser/serve_defined.py): the
# Python module from the same build, set up by scripts/test-python.sh when missing.
venv="${SPRAGUE_VENV:-${CARGO_TARGET_DIR:-$PWD/target}/python-venv}"
if ! "$venv/bin/python" -c 'import sprague; sprague.define' 2>/dev/null; then
    scripts/test-python.sh --collect-only -q >/dev/null
fi
defined_log="$(mktemp)"
"$venv/bin/python" tests/browser/serve_defined.py >"$defined_log" 2>&1 &
defined=$!
trap 'kill "$server" "$defined" 2>/dev/null || true; wait "$server" "$defined" 2>/dev/null || true; rm -f "$log" "$defined_log"' EXIT
defined_url=""
for _ in $(seq 1 300); do
    defined_url="$(grep -o 'http://[^ ]*' "$defined_log" | head -n 1 || true)"
    [ -n "$defined_url" ] && break
    kill -0 "$defined" 2>/dev/null || fail "the Python-defined game's server stopped: $(cat "$defined_log")"
    sleep 0.1
done
[ -n "$defined_url" ] || fail "the Python-defined game's server printed no URL within 30 s: $(cat "$defined_log")"

export SPRAGUE_URL="$url" SPRAGUE_DEFINED_URL="$defined_url" CHROMIUM="$browser"
if [ "$mode" = screenshots ]; then
    node "$tests/screenshots.mjs" docs/screenshots
else
    (cd "$tests" && node --test --test-reporter=spec browser.test.mjs)
fi
