"""Cross-checks sprague's IPD strategies against the Axelrod library: every
pair of deterministic strategies plays a 200-turn match in both and the
action sequences must be identical; stochastic strategies (and a few noisy
matches) must have the same mean payoff per turn within four standard errors.
Run with the venv of scripts/bench-repeated.sh:

    target/bench-venv/bin/python scripts/check_axelrod_strategies.py target/release/sprague

An optional third argument, comma-separated ids, restricts the strategy checks
to the pairings involving those strategies (every pairing by default).
"""

import json
import subprocess
import sys

import axelrod as axl

sprague = sys.argv[1]
turns = int(sys.argv[2]) if len(sys.argv) > 2 else 200
only = set(sys.argv[3].split(",")) if len(sys.argv) > 3 else None
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
        if only and a not in only and b not in only:
            continue
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

# Stochastic strategies: the random streams differ, so compare the mean payoff
# per turn over many matches against a few fixed opponents (4 standard errors).
import statistics  # noqa: E402

OPPONENTS = ["TitForTat", "Defector", "Cooperator", "Alternator"]
MATCHES = 200
flagged = 0
compared = 0
for entry in listing:
    if not entry["stochastic"] or (only and entry["id"] not in only):
        continue
    candidates = [RENAMED.get(entry["id"], entry["id"]), "FirstBy" + entry["id"]] + entry["aliases"]
    cls = next((getattr(axl, c) for c in candidates if hasattr(axl, c)), None)
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
