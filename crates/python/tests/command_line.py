"""The command line the tests compare the module with: $SPRAGUE_BIN (set by
scripts/test-python.sh, which builds it), else the release build under the
Cargo target directory. `cli(*args)` runs it with `--format json` and reads
the answer."""

import json
import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
SPRAGUE_BIN = os.environ.get("SPRAGUE_BIN") or os.path.join(
    os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "release", "sprague"
)
needs_cli = pytest.mark.skipif(not os.access(SPRAGUE_BIN, os.X_OK), reason=f"no sprague binary at {SPRAGUE_BIN}")


def cli(*args):
    out = subprocess.run([SPRAGUE_BIN, *map(str, args), "--format", "json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)
