#!/usr/bin/env python3
"""Interactive latency of the impartial-game commands, on the CLI and on the web API.

For each game of the catalogue a user would play, draws random positions of the sizes a
user would type (heaps up to 30, sums of 1-5 components, Chomp boards up to 8x8, Wythoff
pairs up to 30, ...) and times the interactive commands:

- `analyze` (values, outcome, every winning move),
- `moves` (every move, its value, and why: the explanation; there is no `explain`
  command, `moves` is it),
- one `play` reply (the computer's first move: `play ... --first computer` reading `quit`
  from standard input, or `POST /api/play` without a move),

as a whole process of the release binary (`sprague analyze ...`, what a user at a terminal
waits for) and as `POST /api/<command>` to `sprague serve` on 127.0.0.1 (one new
connection per request, as urllib makes them). Prints one table per command: count, p50,
p99, max in milliseconds per game and face (wall clock: what the user waits), then every
position over 100 ms (and over 2 s) with the command that reproduces it and the CPU time
it took (the process's, or the server's during the request), which tells a slow answer from
a busy machine; the load average before and after is printed with the figures.

A benchmark, not a test: CI does not run it. Standard library only. Example:

    cargo build --release -p sprague
    scripts/bench-latency.py --per-game 100 --json latency.json
    scripts/bench-latency.py --games kayles,chomp --per-game 20 --seed 7

See docs/latency.md.
"""

import argparse
import json
import os
import random
import resource
import shlex
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request

COMMANDS = ("analyze", "moves", "play")
FACES = ("cli", "web")
SLOW_MS = 100.0
VERY_SLOW_MS = 2000.0
# A subprocess that runs longer than this is stopped and counted as a timeout.
CLI_TIMEOUT_S = 60.0
# The server answers 503 after its own 10 s budget; the client waits a little longer.
WEB_TIMEOUT_S = 30.0


# --- Positions a user would type -------------------------------------------------------


def components(rng, draw, most=5):
    """A sum of 1..most components, each drawn by `draw(rng)`."""
    return [draw(rng) for _ in range(rng.randint(1, most))]


def heaps(most_heap=30, most=5, least_heap=1):
    return lambda rng: components(
        rng, lambda r: str(r.randint(least_heap, most_heap)), most
    )


def wythoff(rng):
    return components(rng, lambda r: f"{r.randint(0, 30)},{r.randint(0, 30)}", 3)


def chomp_board(rng):
    rows, columns = rng.randint(1, 8), rng.randint(1, 8)
    if rng.random() < 0.5:
        return f"{rows}x{columns}"
    # Row lengths from the poison row up, non-increasing (a board after some bites).
    lengths = sorted((rng.randint(1, columns) for _ in range(rows)), reverse=True)
    return ",".join(map(str, lengths))


def chomp(rng):
    return components(rng, chomp_board, 3)


def nimble(rng):
    length = rng.randint(2, 30)
    squares = ["."] * length
    for _ in range(rng.randint(1, 5)):
        square = rng.randint(1, length - 1)
        squares[square] = str(min(9, (0 if squares[square] == "." else int(squares[square])) + 1))
    return ["".join(squares)]


def turning_turtles(rng):
    length = rng.randint(1, 30)
    return ["".join(rng.choice("HT") for _ in range(length))]


def northcott(rng):
    def row(r):
        width = r.randint(2, 8)
        white, black = r.sample(range(width), 2)
        cells = ["."] * width
        cells[white], cells[black] = "W", "B"
        return "".join(cells)

    return components(rng, row, 5)


def hackenbush_picture(rng):
    """A connected picture standing on the ground g: a random tree plus a few extra edges
    (cycles, and edges back to the ground)."""
    vertices = rng.randint(1, 8)
    names = "abcdefgh"[:vertices]
    edges = []
    for index, name in enumerate(names):
        parent = "g" if index == 0 else rng.choice("g" + names[:index])
        edges.append(f"{parent}-{name}")
    for _ in range(rng.randint(0, 3)):
        u, v = rng.choice("g" + names), rng.choice(names)
        if u != v:
            edges.append(f"{u}-{v}")
    return ",".join(edges)


def hackenbush(rng):
    return components(rng, hackenbush_picture, 3)


def staircase(rng):
    return [str(rng.randint(0, 30)) for _ in range(rng.randint(1, 8))]


def moore(rng):
    return [str(rng.randint(1, 30)) for _ in range(rng.randint(2, 6))]


def fibonacci(rng):
    # One pile (the game is not played in sums): n, or n,t after the opponent took t.
    n = rng.randint(1, 30)
    if rng.random() < 0.5:
        return [str(n)]
    return [f"{n},{rng.randint(1, 10)}"]


# A small cyclic digraph: two cycles, a draw-able loop and a way out to a sink.
DIGRAPH = "digraph:a>b,b>c,c>a,c>d,d>e,e>d,e>f,x>y,y>x,y>d,b>f"


def digraph(rng):
    return components(rng, lambda r: r.choice("abcdefxy"), 5)


# (name as typed, generator). The names are what `sprague analyze NAME ...` takes.
GAMES = [
    ("nim", heaps()),
    ("kayles", heaps()),
    ("dawsons-kayles", heaps()),
    ("grundy", heaps()),
    ("lasker", heaps()),
    ("subtraction:1,3,4", heaps()),
    ("0.137", heaps()),
    ("4.7", heaps()),
    ("wythoff", wythoff),
    ("chomp", chomp),
    ("nimble", nimble),
    ("turning-turtles", turning_turtles),
    ("northcott", northcott),
    ("green-hackenbush", hackenbush),
    ("staircase", staircase),
    ("moore:2", moore),
    ("fibonacci", fibonacci),
    (DIGRAPH, digraph),
    ("misere:kayles", heaps()),
    ("misere:nim", heaps()),
]


def short_name(game):
    return "digraph" if game.startswith("digraph:") else game


# --- The two faces ------------------------------------------------------------------------


def cli_argv(binary, command, game, words):
    argv = [binary, command, game, *words]
    if command == "play":
        argv += ["--first", "computer"]
    return argv


def cli_reproduce(binary, command, game, words):
    line = shlex.join(cli_argv(binary, command, game, words))
    return f"echo quit | {line}" if command == "play" else line


def web_body(command, game, words):
    body = {"game": game, "position": words}
    if command == "play":
        body["first"] = "computer"
    return body


def web_reproduce(command, game, words):
    body = json.dumps(web_body(command, game, words))
    return f"curl -s -X POST 127.0.0.1:8080/api/{command} -d {shlex.quote(body)}"


def children_cpu_ms():
    """CPU time (user + system) of this process's waited-for children, in ms."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (usage.ru_utime + usage.ru_stime) * 1000.0


def process_cpu_ms(pid):
    """CPU time of a running process from /proc (Linux; None elsewhere), in ms, to the
    clock tick (10 ms)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    # utime and stime are the 14th and 15th fields; fields[0] is the 3rd.
    return (int(fields[11]) + int(fields[12])) * 1000.0 / os.sysconf("SC_CLK_TCK")


def time_cli(binary, command, game, words):
    """Milliseconds of the whole process (wall clock and CPU), and its status ("ok",
    "exit N", "timeout") with the error's sentence."""
    argv = cli_argv(binary, command, game, words)
    stdin = b"quit\n" if command == "play" else b""
    cpu = children_cpu_ms()
    start = time.perf_counter()
    try:
        done = subprocess.run(
            argv, input=stdin, capture_output=True, timeout=CLI_TIMEOUT_S
        )
    except subprocess.TimeoutExpired:
        elapsed = (time.perf_counter() - start) * 1000.0
        return elapsed, children_cpu_ms() - cpu, "timeout", ""
    elapsed = (time.perf_counter() - start) * 1000.0
    cpu = children_cpu_ms() - cpu
    if done.returncode != 0:
        message = done.stderr.decode(errors="replace").strip()
        return elapsed, cpu, f"exit {done.returncode}", message
    return elapsed, cpu, "ok", ""


def time_web(base, server_pid, command, game, words):
    """Milliseconds from sending the request to the whole answer read, the server's CPU
    time meanwhile, and the status."""
    data = json.dumps(web_body(command, game, words)).encode()
    request = urllib.request.Request(
        f"{base}/api/{command}",
        data=data,
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    cpu = process_cpu_ms(server_pid)
    start = time.perf_counter()

    def spent():
        now = process_cpu_ms(server_pid)
        return None if cpu is None or now is None else now - cpu

    try:
        with urllib.request.urlopen(request, timeout=WEB_TIMEOUT_S) as answer:
            answer.read()
            status = answer.status
    except urllib.error.HTTPError as error:
        text = error.read().decode(errors="replace")
        return (time.perf_counter() - start) * 1000.0, spent(), f"http {error.code}", text
    except (urllib.error.URLError, TimeoutError, OSError) as error:
        return (time.perf_counter() - start) * 1000.0, spent(), "timeout", str(error)
    elapsed = (time.perf_counter() - start) * 1000.0
    return elapsed, spent(), ("ok" if status == 200 else f"http {status}"), ""


def start_server(binary):
    server = subprocess.Popen(
        [binary, "serve", "--host", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
        text=True,
    )
    line = server.stdout.readline()
    # "sprague serving http://127.0.0.1:PORT/"
    url = next((word for word in line.split() if word.startswith("http://")), None)
    if url is None:
        server.kill()
        sys.exit(f"sprague serve did not print its address (it printed {line!r})")
    return server, url.rstrip("/")


# --- Figures ------------------------------------------------------------------------------


def percentile(sorted_values, fraction):
    """Nearest-rank percentile of an ascending list."""
    if not sorted_values:
        return float("nan")
    rank = max(1, -(-len(sorted_values) * fraction // 1))
    return sorted_values[int(rank) - 1]


def summarize(samples):
    times = sorted(sample["ms"] for sample in samples)
    return {
        "count": len(times),
        "p50": statistics.median(times) if times else float("nan"),
        "p99": percentile(times, 0.99),
        "max": times[-1] if times else float("nan"),
        "errors": sum(1 for sample in samples if sample["status"] != "ok"),
        "over_100ms": sum(1 for t in times if t > SLOW_MS),
        "over_2s": sum(1 for t in times if t > VERY_SLOW_MS),
    }


def print_tables(samples, games, out=sys.stdout):
    for command in COMMANDS:
        print(f"\n## {command}\n", file=out)
        print(
            "| game | CLI count | CLI p50 | CLI p99 | CLI max | web count | web p50 | web p99 | web max | > 100 ms (CLI/web) | errors |",
            file=out,
        )
        print("| --- | " + " | ".join(["---:"] * 10) + " |", file=out)
        for game in games:
            row = [f"`{short_name(game)}`"]
            slow, errors = [], 0
            for face in FACES:
                chosen = [
                    s
                    for s in samples
                    if s["command"] == command and s["game"] == game and s["face"] == face
                ]
                figures = summarize(chosen)
                row += [
                    str(figures["count"]),
                    f"{figures['p50']:.1f}",
                    f"{figures['p99']:.1f}",
                    f"{figures['max']:.1f}",
                ]
                slow.append(str(figures["over_100ms"]))
                errors += figures["errors"]
            row += ["/".join(slow), str(errors)]
            print("| " + " | ".join(row) + " |", file=out)


def print_slow(samples, binary, out=sys.stdout, limit=60):
    slow = sorted(
        (s for s in samples if s["ms"] > SLOW_MS), key=lambda s: s["ms"], reverse=True
    )
    print(
        f"\n## Positions over {SLOW_MS:.0f} ms ({len(slow)}; "
        f"{sum(1 for s in slow if s['ms'] > VERY_SLOW_MS)} over {VERY_SLOW_MS / 1000:.0f} s)\n",
        file=out,
    )
    if not slow:
        print("None.", file=out)
    for sample in slow[:limit]:
        mark = " **over 2 s**" if sample["ms"] > VERY_SLOW_MS else ""
        cpu = "" if sample["cpu_ms"] is None else f" (CPU {sample['cpu_ms']:.0f} ms)"
        print(
            f"- {sample['ms']:.0f} ms{cpu}{mark}, {sample['face']}, {sample['status']}: "
            f"`{sample['reproduce']}`",
            file=out,
        )
    if len(slow) > limit:
        print(f"- … and {len(slow) - limit} more (see --json)", file=out)


def print_errors(samples, out=sys.stdout, limit=20):
    failed = [s for s in samples if s["status"] != "ok"]
    if not failed:
        return
    print(f"\n## Errors ({len(failed)})\n", file=out)
    for sample in failed[:limit]:
        print(
            f"- {sample['status']}: `{sample['reproduce']}`: {sample['message'][:200]}",
            file=out,
        )


# --- Main ---------------------------------------------------------------------------------


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--per-game",
        type=int,
        default=300,
        help="positions drawn per game; each is timed with every command on both faces "
        "(so 6 timings a position; default 300: 1800 a game)",
    )
    parser.add_argument(
        "--game-seconds",
        type=float,
        default=30.0,
        help="stop drawing positions for a game after this many seconds (default 30: "
        "slow games, such as misère Kayles sums, get fewer positions; the table counts them)",
    )
    parser.add_argument("--seed", type=int, default=28, help="random seed (default 28)")
    parser.add_argument(
        "--binary",
        default=os.path.join(here, "..", "target", "release", "sprague"),
        help="the sprague binary (default target/release/sprague)",
    )
    parser.add_argument(
        "--games",
        help="comma-separated game names (default all): "
        + ", ".join(short_name(game) for game, _ in GAMES),
    )
    parser.add_argument(
        "--commands",
        default=",".join(COMMANDS),
        help="comma-separated commands among analyze, moves, play (default all)",
    )
    parser.add_argument("--faces", default="cli,web", help="cli, web or cli,web (default)")
    parser.add_argument("--json", metavar="FILE", help="write every timing and the summary to FILE")
    args = parser.parse_args()

    binary = os.path.normpath(args.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"no binary at {binary}: cargo build --release -p sprague, or --binary PATH")
    chosen = GAMES
    if args.games:
        # Commas separate games, except inside a subtraction set (subtraction:1,3,4).
        wanted = []
        for piece in (piece.strip() for piece in args.games.split(",")):
            if piece.isdigit() and wanted and ":" in wanted[-1]:
                wanted[-1] += "," + piece
            elif piece:
                wanted.append(piece)
        by_name = {short_name(game): (game, draw) for game, draw in GAMES}
        unknown = [name for name in wanted if name not in by_name]
        if unknown:
            sys.exit(f"unknown game(s) {unknown}; the games are {sorted(by_name)}")
        chosen = [by_name[name] for name in wanted]
    commands = [c.strip() for c in args.commands.split(",") if c.strip()]
    faces = [f.strip() for f in args.faces.split(",") if f.strip()]
    if not set(commands) <= set(COMMANDS) or not set(faces) <= set(FACES):
        sys.exit("--commands takes analyze, moves, play; --faces takes cli, web")

    server, base = (None, None)
    if "web" in faces:
        server, base = start_server(binary)
    load_before = os.getloadavg()
    samples = []
    stopped = {}
    started = time.perf_counter()
    try:
        for game, draw in chosen:
            rng = random.Random(f"{args.seed}:{game}")
            game_start = time.perf_counter()
            drawn = 0
            for _ in range(args.per_game):
                if time.perf_counter() - game_start > args.game_seconds:
                    stopped[game] = drawn
                    break
                drawn += 1
                words = draw(rng)
                for command in commands:
                    for face in faces:
                        if face == "cli":
                            ms, cpu, status, message = time_cli(binary, command, game, words)
                            reproduce = cli_reproduce("sprague", command, game, words)
                        else:
                            ms, cpu, status, message = time_web(
                                base, server.pid, command, game, words
                            )
                            reproduce = web_reproduce(command, game, words)
                        samples.append(
                            {
                                "game": game,
                                "command": command,
                                "face": face,
                                "position": words,
                                "ms": ms,
                                "cpu_ms": cpu,
                                "status": status,
                                "message": message,
                                "reproduce": reproduce,
                            }
                        )
            print(
                f"{short_name(game)}: {drawn} positions in "
                f"{time.perf_counter() - game_start:.1f} s",
                file=sys.stderr,
            )
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=5)
    total = time.perf_counter() - started

    games = [game for game, _ in chosen]
    print(
        f"# sprague latency: {len(samples)} timings, {args.per_game} positions per game, "
        f"seed {args.seed}, {total:.0f} s"
    )
    load_after = os.getloadavg()
    print(
        f"\nLoad average (1, 5, 15 min) before: {', '.join(f'{x:.2f}' for x in load_before)}; "
        f"after: {', '.join(f'{x:.2f}' for x in load_after)}; {os.cpu_count()} cores."
    )
    for game, drawn in stopped.items():
        print(
            f"\n{short_name(game)}: stopped after {drawn} positions "
            f"(--game-seconds {args.game_seconds:g} spent)"
        )
    print_tables(samples, games)
    print_slow(samples, binary)
    print_errors(samples)

    if args.json:
        summary = {
            f"{command}/{short_name(game)}/{face}": summarize(
                [
                    s
                    for s in samples
                    if s["command"] == command and s["game"] == game and s["face"] == face
                ]
            )
            for command in commands
            for game in games
            for face in faces
        }
        with open(args.json, "w") as out:
            json.dump(
                {
                    "seed": args.seed,
                    "per_game": args.per_game,
                    "stopped": {short_name(game): n for game, n in stopped.items()},
                    "binary": binary,
                    "seconds": total,
                    "load_before": load_before,
                    "load_after": load_after,
                    "summary": summary,
                    "samples": samples,
                },
                out,
                indent=1,
            )


if __name__ == "__main__":
    main()
