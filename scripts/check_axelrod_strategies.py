"""Cross-checks sprague's IPD strategies against the Axelrod library: every
pair of deterministic strategies plays a 200-turn match in both and the
action sequences must be identical; stochastic strategies (and a few noisy
matches) must have the same mean payoff per turn within four standard errors;
strategies given by parameters (memoryone:, zd:, lookup:, fsm:) are compared
with the library's MemoryOnePlayer, LRPlayer, LookerUp and FSMPlayer.
scripts/check-axelrod-strategies.sh installs the library (4.14.0) into
target/bench-venv and runs this script with that environment's Python:

    target/bench-venv/bin/python scripts/check_axelrod_strategies.py target/release/sprague [turns] [--only ID,ID]

--only restricts the checks to pairs involving the given ids (all by default).
sprague's matches run as subprocesses on a pool of threads while the library
plays in this process.
"""

import concurrent.futures
import json
import subprocess
import sys

import axelrod as axl

arguments = [a for a in sys.argv[1:]]
only = None
if "--only" in arguments:
    at = arguments.index("--only")
    only = set(arguments[at + 1].split(","))
    del arguments[at:at + 2]
sprague = arguments[0]
turns = int(arguments[1]) if len(arguments) > 1 else 200
pool = concurrent.futures.ThreadPoolExecutor(max_workers=4)


def run_json(args):
    return json.loads(subprocess.run([sprague, *args], check=True, capture_output=True, text=True).stdout)


listing = run_json(["ipd", "strategies", "--format", "json"])
print("sprague ipd strategies: %d strategies (%d deterministic, %d stochastic)"
      % (len(listing), sum(not e["stochastic"] for e in listing), sum(e["stochastic"] for e in listing)))
RENAMED = {"SoftGoByMajority": "GoByMajority", "Tester": "SecondByGladstein"}


def library_class(entry):
    candidates = [RENAMED.get(entry["id"], entry["id"]), "FirstBy" + entry["id"]] + entry["aliases"]
    return next((getattr(axl, c) for c in candidates if hasattr(axl, c)), None)


pairs = []
missing = []
for entry in listing:
    if entry["stochastic"]:
        continue
    cls = library_class(entry)
    if cls is None:
        missing.append(entry["id"])
        continue
    pairs.append((entry["id"], cls))
for name in missing:
    print("not in axelrod %s: %s" % (axl.__version__, name))


def match_actions(a, b):
    out = run_json(["ipd", "match", a, b, "--turns", str(turns), "--format", "json"])
    return ["%s%s" % (x, y) for x, y in out["actions"]]


mismatches = 0
checked = 0
jobs = [(a, cls_a, b, cls_b) for i, (a, cls_a) in enumerate(pairs) for b, cls_b in pairs[i:]
        if only is None or a in only or b in only]
futures = [pool.submit(match_actions, a, b) for a, _, b, _ in jobs]
for (a, cls_a, b, cls_b), future in zip(jobs, futures):
    if True:
        match = axl.Match((cls_a(), cls_b()), turns=turns)
        theirs = ["%s%s" % (x, y) for x, y in match.play()]
        ours = future.result()
        checked += 1
        if ours != theirs:
            mismatches += 1
            first = next(k for k in range(turns) if ours[k] != theirs[k])
            print("MISMATCH %s vs %s from turn %d: sprague %s, axelrod %s"
                  % (a, b, first + 1, "".join(o[0] for o in ours[first:first + 12]),
                     "".join(t[0] for t in theirs[first:first + 12])))
print("%d pairs of %d deterministic strategies checked, %d mismatches" % (checked, len(pairs), mismatches))

# Stochastic strategies: the random streams differ, so compare the mean payoff
# per turn over many matches against a few fixed opponents (4 standard errors).
import statistics  # noqa: E402

OPPONENTS = ["TitForTat", "Defector", "Cooperator", "Alternator"]
MATCHES = 200
flagged = 0
compared = 0
for entry in listing:
    if not entry["stochastic"] or (only is not None and entry["id"] not in only):
        continue
    cls = library_class(entry)
    if cls is None:
        print("not in axelrod %s: %s" % (axl.__version__, entry["id"]))
        continue
    for opponent in OPPONENTS:
        scores = []
        for seed in range(MATCHES):
            match = axl.Match((cls(), getattr(axl, opponent)()), turns=turns, seed=seed + 1)
            match.play()
            scores.append(match.final_score_per_turn()[0])
        out = json.loads(subprocess.run(
            [sprague, "ipd", "tournament", entry["id"], opponent, "--turns", str(turns),
             "--repetitions", str(MATCHES), "--seed", "1", "--format", "json"],
            check=True, capture_output=True, text=True).stdout)
        per_rep = out["scores"][0]  # vs the single opponent: payoff per turn in each repetition
        mean_theirs, mean_ours = statistics.mean(scores), statistics.mean(per_rep)
        error = (statistics.pvariance(scores) / MATCHES + statistics.pvariance(per_rep) / MATCHES) ** 0.5
        compared += 1
        if abs(mean_theirs - mean_ours) > 4 * error + 1e-9:
            flagged += 1
            print("DIFFERENT %s vs %s: sprague %.4f, axelrod %.4f (standard error %.4f)"
                  % (entry["id"], opponent, mean_ours, mean_theirs, error))
print("%d stochastic pairings compared in distribution, %d differ by more than 4 standard errors" % (compared, flagged))

# Noise: the same comparison for deterministic pairs in noisy matches.
NOISY = [("TitForTat", "TitForTat"), ("WinStayLoseShift", "TitForTat"), ("Grudger", "Alternator"),
         ("Gradual", "SuspiciousTitForTat"), ("Nydegger", "Prober")]
flagged = 0
for a, b in NOISY:
    cls_a = dict(pairs)[a]
    cls_b = dict(pairs)[b]
    scores = []
    for seed in range(MATCHES):
        match = axl.Match((cls_a(), cls_b()), turns=turns, noise=0.05, seed=seed + 1)
        match.play()
        scores.append(match.final_score_per_turn()[0])
    out = json.loads(subprocess.run(
        [sprague, "ipd", "tournament", a, b, "--turns", str(turns), "--noise", "0.05",
         "--repetitions", str(MATCHES), "--seed", "1", "--format", "json"],
        check=True, capture_output=True, text=True).stdout)
    per_rep = out["scores"][0]
    error = (statistics.pvariance(scores) / MATCHES + statistics.pvariance(per_rep) / MATCHES) ** 0.5
    if abs(statistics.mean(scores) - statistics.mean(per_rep)) > 4 * error + 1e-9:
        flagged += 1
        print("DIFFERENT with noise %s vs %s: sprague %.4f, axelrod %.4f (standard error %.4f)"
              % (a, b, statistics.mean(per_rep), statistics.mean(scores), error))
print("%d noisy pairings compared in distribution, %d differ by more than 4 standard errors" % (len(NOISY), flagged))

# Moran process: fixation frequencies over many runs.
RUNS = 300
for population in (["Cooperator", "Defector", "TitForTat", "Grudger"], ["Random", "TitForTat", "Defector"]):
    classes = [dict(pairs).get(name) or getattr(axl, name) for name in population]
    names = [str(cls()) for cls in classes]
    theirs = {name: 0 for name in names}
    for seed in range(RUNS):
        process = axl.MoranProcess([cls() for cls in classes], turns=20, seed=seed + 1)
        process.play()
        theirs[process.winning_strategy_name] += 1
    out = json.loads(subprocess.run(
        [sprague, "ipd", "moran", *population, "--turns", "20", "--runs", str(RUNS), "--seed", "1", "--format", "json"],
        check=True, capture_output=True, text=True).stdout)
    report = []
    for name, id_, ours in zip(names, out["strategies"], out["fixations"]):
        p, q = theirs[name] / RUNS, ours / RUNS
        error = ((p * (1 - p) + q * (1 - q)) / RUNS) ** 0.5
        flag = " DIFFERENT" if abs(p - q) > 4 * error + 1e-9 else ""
        report.append("%s %.3f/%.3f%s" % (id_, q, p, flag))
    print("Moran fixation (sprague/axelrod, %d runs): %s" % (RUNS, ", ".join(report)))

# Tournament: with deterministic strategies only, the median scores (payoff
# per turn averaged over the opponents) must agree exactly.
chosen = [name for name, _ in pairs[:16]]
tournament = axl.Tournament([dict(pairs)[name]() for name in chosen], turns=turns, repetitions=2, seed=1)
results = tournament.play(progress_bar=False)
theirs = {str(player): statistics.median(scores)
          for player, scores in zip(tournament.players, results.normalised_scores)}
out = json.loads(subprocess.run([sprague, "ipd", "tournament", *chosen, "--turns", str(turns), "--repetitions", "2",
                                 "--format", "json"], check=True, capture_output=True, text=True).stdout)
ours = {row["strategy"]: row["median_score"] for row in out["ranking"]}
names = {name: str(dict(pairs)[name]()) for name in chosen}
worst = max(abs(ours[name] - theirs[names[name]]) for name in chosen)
print("tournament of %d deterministic strategies: median scores agree within %.1e" % (len(chosen), worst))

# Strategies given by parameters against the library's parametrised players.
from axelrod.strategies.finite_state_machines import FSMPlayer  # noqa: E402
from axelrod.strategies.lookerup import LookerUp  # noqa: E402
from axelrod.strategies.memoryone import MemoryOnePlayer  # noqa: E402
from axelrod.strategies.zero_determinant import LRPlayer  # noqa: E402

C, D = axl.Action.C, axl.Action.D
FORTRESS3 = [[1, "C", 1, "D"], [1, "D", 2, "D"], [2, "C", 1, "D"], [2, "D", 3, "C"], [3, "C", 3, "C"], [3, "D", 1, "D"]]
PARAMETRIC = [
    ("memoryone:1,0,1,0", lambda: MemoryOnePlayer((1, 0, 1, 0))),
    ("memoryone:0,1,1,0,D", lambda: MemoryOnePlayer((0, 1, 1, 0), initial=D)),
    ("lookup:1,1,0:CDDC", lambda: LookerUp(pattern="CDDC", parameters=(1, 1, 0))),
    ("lookup:1,2,0:CDCDDCDD:CC", lambda: LookerUp(pattern="CDCDDCDD", parameters=(1, 2, 0), initial_actions=(C, C))),
    ("fsm:" + json.dumps({"initial_state": 1, "initial_action": "D", "transitions": FORTRESS3}),
     lambda: FSMPlayer(transitions=[(a, C if b == "C" else D, c, C if d == "C" else D) for a, b, c, d in FORTRESS3],
                           initial_state=1, initial_action=D)),
]
STOCHASTIC_PARAMETRIC = [
    ("memoryone:0.9,1/10,0.6,1/5,D", lambda: MemoryOnePlayer((0.9, 0.1, 0.6, 0.2), initial=D)),
    ("zd:1/9,1/2,1", lambda: LRPlayer(phi=1 / 9, s=0.5, l=1)),
    ("zd:1/4,0,2", lambda: LRPlayer(phi=0.25, s=0, l=2)),
]
mismatches = 0
jobs = [(spec, make, b, cls_b) for spec, make in PARAMETRIC for b, cls_b in pairs]
futures = [pool.submit(match_actions, spec, b) for spec, _, b, _ in jobs]
for (spec, make, b, cls_b), future in zip(jobs, futures):
    theirs = ["%s%s" % (x, y) for x, y in axl.Match((make(), cls_b()), turns=turns).play()]
    if future.result() != theirs:
        mismatches += 1
        print("MISMATCH %s vs %s" % (spec, b))
print("%d pairs of %d deterministic strategies given by parameters checked, %d mismatches"
      % (len(jobs), len(PARAMETRIC), mismatches))
flagged = 0
for spec, make in STOCHASTIC_PARAMETRIC:
    for opponent in OPPONENTS:
        scores = []
        for seed in range(MATCHES):
            match = axl.Match((make(), getattr(axl, opponent)()), turns=turns, seed=seed + 1)
            match.play()
            scores.append(match.final_score_per_turn()[0])
        per_rep = run_json(["ipd", "tournament", spec, opponent, "--turns", str(turns), "--repetitions", str(MATCHES),
                            "--seed", "1", "--format", "json"])["scores"][0]
        error = (statistics.pvariance(scores) / MATCHES + statistics.pvariance(per_rep) / MATCHES) ** 0.5
        if abs(statistics.mean(scores) - statistics.mean(per_rep)) > 4 * error + 1e-9:
            flagged += 1
            print("DIFFERENT %s vs %s: sprague %.4f, axelrod %.4f (standard error %.4f)"
                  % (spec, opponent, statistics.mean(per_rep), statistics.mean(scores), error))
print("%d stochastic pairings of strategies given by parameters compared in distribution, %d differ by more than 4 standard errors"
      % (len(STOCHASTIC_PARAMETRIC) * len(OPPONENTS), flagged))
