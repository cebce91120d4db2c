#!/usr/bin/env bash
# Sprague's Python module (crates/python, PyO3) in a virtual environment of its own, and its
# pytest suite. Needs only python3 with the venv module and the Rust toolchain; everything
# else comes from PyPI. The environment is kept in target/python-venv (SPRAGUE_VENV
# overrides it).
#
# The module comes from the workspace's build in the profile SPRAGUE_PROFILE (default
# `checked`, the build scripts/test.sh has just made, so nothing compiles twice): the
# extension is placed beside the package's Python half and the package put on the
# environment's path — what `maturin develop` does, without a second compilation.
# (`pip install ./crates/python` builds a wheel with maturin instead; see docs/python.md.)
set -euo pipefail
cd "$(dirname "$0")/.."
profile="${SPRAGUE_PROFILE:-checked}"
target="${CARGO_TARGET_DIR:-$PWD/target}"
case "$profile" in
    dev | test) out="$target/debug" ;;
    release | bench) out="$target/release" ;;
    *) out="$target/$profile" ;;
esac
venv="${SPRAGUE_VENV:-$target/python-venv}"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    pytest numpy pandas "dask[distributed]" nashpy
# The extension and the command line (whose JSON the ipd and coop tests compare the
# module's answers with): a no-op after scripts/test.sh's build.
cargo build --profile "$profile" --workspace --quiet
package=crates/python/python
cp "$out/lib_native.so" "$package/sprague/_native.abi3.so.tmp"
mv "$package/sprague/_native.abi3.so.tmp" "$package/sprague/_native.abi3.so"
site="$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
"$venv/bin/python" -m pip uninstall --quiet --yes sprague >/dev/null 2>&1 || true
echo "$PWD/$package" >"$site/sprague-workspace.pth"
export SPRAGUE_BIN="$out/sprague"
"$venv/bin/python" -m pytest -q crates/python/tests "$@"
