#!/usr/bin/env python3
"""Same-run benchmark: canonical forms of Domineering rectangles, sprague against cgt-py.

    python3 scripts/bench-cgt-py.py [--boards 4x5,4x6] [--reps 5] [--cap 120] [--format json]

Installs cgt-py into a scratch environment and builds sprague in release (see
scripts/cgt_py_env.py). For each board and each repetition it runs, in an order rotated
from one repetition to the next (interleaved, so that a change of load hits all three):

* `cgt-py`: a fresh Python process times `cgt_py.Domineering(board).canonical_form`
  (cgt-py keeps a process-wide transposition table, so every repetition needs a new
  process: a second call in the same process answers from its table in microseconds);
* `sprague module`: a fresh Python process times `sprague.partizan.domineering(board)`
  (the value *and* the value after every move, as `sprague analyze` computes them; the
  module's store is process-wide too, hence the fresh process);
* `sprague CLI`: the wall time of the process `sprague analyze domineering BOARD
  --format json`, start-up, every move's value and the JSON included.

The in-process times leave out the interpreter's start and the imports (the same for
both Python packages); the CLI time is everything a user waits for, and is compared with
cgt-py's whole process (`cgt-py process`: interpreter, import and computation), which each
cgt-py run also reports. Peak memory is each process's maximum resident set; on Linux a
child's starts from the Python parent's at fork (about 25 MB), so smaller peaks read as that. A run longer than `--cap` seconds is stopped,
reported as `>cap`, and that program is not run on larger boards. The values are checked
to agree (cgt-py's printed form read back by sprague's parser and compared with `==`).

Prints per board the medians, the ratios cgt-py / sprague, and the value.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import cgt_py_env  # noqa: E402

cgt_py_env.prepare(__file__)

from sprague import partizan  # noqa: E402

DEFAULT_BOARDS = "2x6,2x8,2x10,3x4,3x6,3x8,4x4,4x5,4x6,5x5,5x6,4x8,6x6"

CGT_CODE = """
import sys, time
from cgt_py import Domineering
board = sys.argv[1]
start = time.perf_counter()
form = Domineering(board).canonical_form
elapsed = time.perf_counter() - start
print(elapsed)
print(repr(form)[len("CanonicalForm('"):-2])
"""

SPRAGUE_CODE = """
import sys, time
from sprague import partizan
board = sys.argv[1]
start = time.perf_counter()
g = partizan.domineering(board)
elapsed = time.perf_counter() - start
print(elapsed)
print(g.canonical_form)
"""


def board_text(size: str) -> str:
    rows, cols = (int(x) for x in size.lower().split("x"))
    return "|".join("." * cols for _ in range(rows))


class Refused(RuntimeError):
    """The program stopped with an error (sprague refuses boards beyond its limits)."""


def run_measured(argv: list, cap: float):
    """Runs `argv` with wait4: (wall seconds, peak RSS MB, stdout) or None past the cap."""
    scratch = Path(os.environ.get("TMPDIR", "/tmp"))
    out_path = scratch / f"bench-cgt-py-{os.getpid()}.out"
    err_path = scratch / f"bench-cgt-py-{os.getpid()}.err"
    start = time.perf_counter()
    with open(out_path, "w") as out, open(err_path, "w") as err:
        proc = subprocess.Popen(argv, stdout=out, stderr=err)
        deadline = start + cap
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid == proc.pid:
                break
            if time.perf_counter() > deadline:
                proc.kill()
                os.wait4(proc.pid, 0)
                return None
            time.sleep(0.001)
    wall = time.perf_counter() - start
    text, reason = out_path.read_text(), err_path.read_text().strip()
    out_path.unlink()
    err_path.unlink()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise Refused(f"exit {code}: {reason[:300]}")
    return wall, usage.ru_maxrss / 1024, text


def measure(tool: str, board: str, cap: float):
    """(seconds as the tool's user sees them, peak MB, canonical form) or None."""
    python = os.environ["CGT_PY_PYTHON"]
    if tool == "cgt-py":
        result = run_measured([python, "-c", CGT_CODE, board], cap)
    elif tool == "sprague module":
        result = run_measured([python, "-c", SPRAGUE_CODE, board], cap)
    else:
        result = run_measured(
            [os.environ["SPRAGUE_BIN"], "analyze", "domineering", board, "--format", "json"],
            cap,
        )
        if result is None:
            return None
        wall, peak, out = result
        return wall, peak, json.loads(out)["canonical_form"]
    if result is None:
        return None
    wall, peak, out = result
    seconds, form = out.split("\n", 1)
    if tool == "cgt-py":
        return float(seconds), peak, form.strip(), wall
    return float(seconds), peak, form.strip()


TOOLS = ["cgt-py", "sprague module", "sprague CLI"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", default=DEFAULT_BOARDS,
                        help=f"ROWSxCOLS list (default {DEFAULT_BOARDS})")
    parser.add_argument("--reps", type=int, default=5, help="repetitions (default 5)")
    parser.add_argument("--cap", type=float, default=120.0,
                        help="seconds before a run is stopped (default 120)")
    parser.add_argument("--tools", default=",".join(TOOLS),
                        help="which of cgt-py, 'sprague module', 'sprague CLI' to run")
    parser.add_argument("--format", choices=["text", "json"], default="text")
    args = parser.parse_args()
    tools = [t.strip() for t in args.tools.split(",")]
    print(f"# {cgt_py_env.versions()}; load average {os.getloadavg()}; "
          f"{os.cpu_count()} CPUs", file=sys.stderr)
    given_up: set = set()
    records = []
    for size in args.boards.split(","):
        board = board_text(size)
        times = {t: [] for t in tools}
        peaks = {t: [] for t in tools}
        process_times: list = []
        forms = {}
        for rep in range(args.reps):
            order = tools[rep % len(tools):] + tools[: rep % len(tools)]
            for tool in order:
                if tool in given_up:
                    continue
                try:
                    result = measure(tool, board, args.cap)
                except Refused as refusal:
                    print(f"# {tool} on {size}: {refusal}", file=sys.stderr)
                    result = None
                if result is None:
                    given_up.add(tool)
                    times[tool] = []
                    continue
                seconds, peak, form = result[:3]
                if tool == "cgt-py":
                    process_times.append(result[3])
                times[tool].append(seconds)
                peaks[tool].append(peak)
                forms[tool] = form
        record = {"board": size, "squares": board.count(".")}
        for tool in tools:
            if times[tool]:
                record[tool] = {"median_s": statistics.median(times[tool]),
                                "runs": len(times[tool]), "peak_mb": max(peaks[tool])}
            else:
                record[tool] = None
        values = {f for f in forms.values()}
        agree = None
        if "cgt-py" in forms and len(forms) > 1:
            mine = partizan.game(next(f for t, f in forms.items() if t != "cgt-py"))
            agree = partizan.game(forms["cgt-py"]) == mine
        elif len(forms) > 1:
            agree = len(values) == 1
        record["values_agree"] = agree
        record["value"] = next(iter(forms.get(t) for t in tools if t in forms), None)
        if record.get("cgt-py"):
            record["cgt-py"]["process_median_s"] = statistics.median(process_times)
        # In-process against in-process; the command line's whole process against cgt-py's
        # whole process (interpreter start and import included), what each user waits for.
        for tool, base in (("sprague module", "median_s"), ("sprague CLI", "process_median_s")):
            c, s = record.get("cgt-py"), record.get(tool)
            record[f"ratio cgt-py/{tool}"] = (
                c[base] / s["median_s"] if c and s and s["median_s"] > 0 else None)
        records.append(record)
        if args.format == "text":
            print_record(record, tools, args.cap)
        if agree is False:
            print(f"VALUES DISAGREE on {size}: {forms}", file=sys.stderr)
            return 1
    if args.format == "json":
        print(json.dumps(records, indent=1))
    return 0


def print_record(record: dict, tools: list, cap: float) -> None:
    cells = []
    for tool in tools:
        r = record[tool]
        cells.append(f"{tool} " + (f"{r['median_s']:.4f} s ({r['peak_mb']:.0f} MB)"
                                   if r else f">{cap:.0f} s or refused"))
        if tool == "cgt-py" and r:
            cells.append(f"cgt-py process {r['process_median_s']:.4f} s")
    ratios = []
    for tool in ("sprague module", "sprague CLI"):
        ratio = record.get(f"ratio cgt-py/{tool}")
        if ratio:
            ratios.append(f"{'cgt-py/module' if 'module' in tool else 'process/CLI'} "
                          f"{ratio:.1f}x")
    value = record["value"] or "?"
    if len(value) > 40:
        value = value[:37] + "..."
    print(f"{record['board']:>5}  " + " | ".join(cells) + "  " + " ".join(ratios) +
          f"  value {value}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
