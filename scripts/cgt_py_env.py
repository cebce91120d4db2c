"""The scratch environment shared by scripts/accept-cgt-py.py and scripts/bench-cgt-py.py.

Both scripts compare sprague's partizan engine with cgt-py (the Python package of
cgt-tools, https://github.com/t4ccer/cgt-tools, PyPI `cgt-py`, which needs `anywidget`).
Neither belongs to the test suite: they install a third-party package from PyPI.

`prepare()` (run by any python3):
1. makes a virtual environment outside the sources, `target/cgt-py-venv` by default
   (`CGT_PY_VENV` overrides it, e.g. under `$TMPDIR`), and pip-installs `cgt-py` and
   `anywidget` into it (a no-op once they are there);
2. builds the command line and the Python module in the profile `SPRAGUE_PROFILE`
   (default `release`: the benchmark measures optimised code) with cargo;
3. assembles an importable copy of the `sprague` package inside the environment
   (`<venv>/sprague-pkg/sprague`: the package's Python files and the freshly built
   extension), so nothing is written into the source tree;
4. runs the calling script again with the environment's interpreter, `PYTHONPATH` on the
   package copy and `SPRAGUE_BIN` on the built command line.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHILD_FLAG = "SPRAGUE_CGT_PY_CHILD"


def _target() -> Path:
    return Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))


def _profile_dir(profile: str) -> Path:
    if profile in ("dev", "test"):
        return _target() / "debug"
    if profile in ("release", "bench"):
        return _target() / "release"
    return _target() / profile


def _say(text: str) -> None:
    print(f"[cgt-py env] {text}", file=sys.stderr, flush=True)


def prepare(script: str) -> None:
    """Re-runs `script` inside the scratch environment unless already there."""
    if os.environ.get(CHILD_FLAG) == "1":
        return
    venv = Path(os.environ.get("CGT_PY_VENV", _target() / "cgt-py-venv"))
    python = venv / "bin" / "python"
    if not python.exists():
        _say(f"creating the virtual environment {venv}")
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    probe = subprocess.run(
        [str(python), "-c", "import cgt_py, anywidget"], capture_output=True
    )
    if probe.returncode != 0:
        _say("pip install cgt-py anywidget")
        subprocess.run(
            [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
             "cgt-py", "anywidget"],
            check=True,
        )
    profile = os.environ.get("SPRAGUE_PROFILE", "release")
    _say(f"cargo build --profile {profile} -p sprague -p sprague-python")
    subprocess.run(
        ["cargo", "build", "--quiet", "--profile", profile, "-p", "sprague", "-p",
         "sprague-python"],
        cwd=ROOT,
        check=True,
    )
    out = _profile_dir(profile)
    package = venv / "sprague-pkg" / "sprague"
    if package.exists():
        shutil.rmtree(package)
    shutil.copytree(
        ROOT / "crates" / "python" / "python" / "sprague",
        package,
        ignore=shutil.ignore_patterns("*.so", "__pycache__"),
    )
    shutil.copy2(out / "lib_native.so", package / "_native.abi3.so")
    env = dict(os.environ)
    env[CHILD_FLAG] = "1"
    env["PYTHONPATH"] = str(package.parent)
    env["SPRAGUE_BIN"] = str(out / "sprague")
    env["CGT_PY_PYTHON"] = str(python)
    result = subprocess.run([str(python), script, *sys.argv[1:]], env=env)
    sys.exit(result.returncode)


def versions() -> str:
    """The versions compared (inside the environment)."""
    from importlib.metadata import version

    sprague = subprocess.run(
        [os.environ["SPRAGUE_BIN"], "--version"], capture_output=True, text=True
    ).stdout.strip()
    return f"cgt-py {version('cgt-py')}, anywidget {version('anywidget')}, {sprague}"
