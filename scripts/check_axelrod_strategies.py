"""Cross-checks sprague's deterministic IPD strategies against the Axelrod
library: every pair plays a 200-turn match in both, and the action sequences
must be identical. Run with the venv of scripts/bench-repeated.sh:

    target/bench-venv/bin/python scripts/check_axelrod_strategies.py target/release/sprague
"""

import json
import subprocess
import sys

import axelrod as axl

sprague = sys.argv[1]
turns = int(sys.argv[2]) if len(sys.argv) > 2 else 200
listing = json.loads(subprocess.run([sprague, "ipd", "strategies", "--format", "json"],
                                    check=True, capture_output=True, text=True).stdout)
RENAMED = {"SoftGoByMajority": "GoByMajority", "Tester": "SecondByGladstein"}
pairs = []
for entry in listing:
    if entry["stochastic"]:
        continue
    candidates = [RENAMED.get(entry["id"], entry["id"]), "FirstBy" + entry["id"]] + entry["aliases"]
    cls = next((getattr(axl, c) for c in candidates if hasattr(axl, c)), None)
    if cls is None:
        print("not in axelrod %s: %s" % (axl.__version__, entry["id"]))
        continue
    pairs.append((entry["id"], cls))

mismatches = 0
checked = 0
for i, (a, cls_a) in enumerate(pairs):
    for b, cls_b in pairs[i:]:
        match = axl.Match((cls_a(), cls_b()), turns=turns)
        theirs = ["%s%s" % (x, y) for x, y in match.play()]
        out = json.loads(subprocess.run([sprague, "ipd", "match", a, b, "--turns", str(turns), "--format", "json"],
                                        check=True, capture_output=True, text=True).stdout)
        ours = ["%s%s" % (x, y) for x, y in out["actions"]]
        checked += 1
        if ours != theirs:
            mismatches += 1
            first = next(k for k in range(turns) if ours[k] != theirs[k])
            print("MISMATCH %s vs %s from turn %d: sprague %s, axelrod %s"
                  % (a, b, first + 1, "".join(o[0] for o in ours[first:first + 12]),
                     "".join(t[0] for t in theirs[first:first + 12])))
print("%d pairs of %d deterministic strategies checked, %d mismatches" % (checked, len(pairs), mismatches))
