#!/usr/bin/env bash
# Every test of sprague: the Rust workspace (unit, property, integration and
# documentation tests), then the Python module's pytest suite (built in a
# virtual environment by scripts/test-python.sh), then the web playground's pages in
# headless Chromium (scripts/test-browser.sh). The README's test command.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace
scripts/test-python.sh
scripts/test-browser.sh
