#!/usr/bin/env bash
# Every test of sprague: the Rust workspace (unit, property, integration and
# documentation tests), then the Python module's pytest suite (scripts/test-python.sh,
# in a virtual environment of its own), then the web playground's pages in headless
# Chromium (scripts/test-browser.sh). The README's test command.
#
# One build serves the three stages: the workspace in the `checked` profile (optimised,
# with debug assertions and overflow checks; see Cargo.toml), whose binary the Python and
# browser tests run and whose extension module the Python tests import. SPRAGUE_PROFILE
# names another profile (e.g. `dev`). Each stage's time is printed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
export SPRAGUE_PROFILE="${SPRAGUE_PROFILE:-checked}"
timings=()
stage() {
    local name="$1" start=$SECONDS
    shift
    "$@"
    timings+=("$(printf '%-8s %4d s' "$name" $((SECONDS - start)))")
}
stage build cargo build --profile "$SPRAGUE_PROFILE" --workspace --quiet
stage rust cargo test --profile "$SPRAGUE_PROFILE" --workspace
stage python scripts/test-python.sh
stage browser scripts/test-browser.sh
echo "test.sh: every stage passed (profile $SPRAGUE_PROFILE):"
printf '  %s\n' "${timings[@]}"
