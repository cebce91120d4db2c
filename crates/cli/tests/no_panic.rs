//! No argument list makes `sprague` panic, abort or hang: proptest generates argument
//! lists from each subcommand's grammar (valid tokens mixed with edge numbers such as 0,
//! -1, 2^64, 1e300, 1e-10000, huge and control-character strings, missing and extra
//! arguments), runs the binary under a 1 GiB address-space limit and a limit of 10 s of
//! processor time, and requires an exit code of 0, 1 or 2, no "panicked" on stderr, no
//! death by a signal, and stderr in lines of at most 400 characters without a raw control
//! character (input echoed by an error is quoted shortened and escaped).
//!
//! 400 cases by default (about a minute in a debug build); set
//! `SPRAGUE_NO_PANIC_CASES` for more (docs/fuzzing.md).
//!
//! Beside it, a deterministic test (`edge_numbers_are_answered_or_refused_never_a_panic`)
//! runs every value-taking option of every command (found from the help texts) and every
//! number written into a game description, position, expression, strategy or game file
//! with the edge numbers 0, 1, 2^31, 2^32, 2^53 + 1, 2^63 − 1, 2^63, 2^64 − 1 and negative
//! ones (issue 18: arithmetic on user-given numbers, the class of the CI failure of
//! 2026-11-26); under a minute in a debug build on two cores.
#![cfg(unix)]

use std::io::Read;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};

/// The address space a command may map.
const ADDRESS_SPACE: libc::rlim_t = 1 << 30;
/// The processor time a command may use (`RLIMIT_CPU`, so a busy machine does not make
/// a case fail): the sizes generated are small, so a command using more has hung or sized
/// its work wrongly. The kernel ends it with SIGXCPU.
const CPU_SECONDS: libc::rlim_t = 10;
/// The longest line of stderr (`sprague_textfile::quote::LINE_LIMIT`).
const MESSAGE_LINE: usize = 400;
/// How long a command may take on the clock, a backstop for one that waits without
/// computing.
const TIME_LIMIT: Duration = Duration::from_secs(120);

fn data(path: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(path)
        .display()
        .to_string()
}

/// Edge values for any argument: the edge numbers (drawn most often: arithmetic on a
/// number from the user is where today's failures were), out of range, malformed, huge,
/// control characters.
fn edge() -> BoxedStrategy<String> {
    prop_oneof![
        3 => prop::sample::select(
            EDGE_NUMBERS
                .iter()
                .chain(NEGATIVE_NUMBERS)
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
        ),
        2 => prop::sample::select(vec![
            "0",
            "1",
            "2",
            "-1",
            "-0",
            "2^64",
            "2^63",
            "10^30",
            "18446744073709551615",
            "18446744073709551616",
            "340282366920938463463374607431768211456",
            "1e300",
            "1e-10000",
            "-1e300",
            "NaN",
            "inf",
            "0x",
            "0xffffffffffffffffffffffffffffffffff",
            "3.5",
            "1/0",
            "",
            " ",
            "--",
            "-",
            "@",
            "\u{7}\u{1b}[31m",
            "\u{feff}",
            "é√∞",
            "/dev/zero",
            "/dev/null",
            "/",
            "/nonexistent/file.nfg",
        ])
        .prop_map(str::to_string),
        1 => "[ -~]{0,12}",
        1 => (1usize..40_000).prop_map(|n| "9".repeat(n)),
        1 => (1usize..40_000).prop_map(|n| "(".repeat(n)),
        // Up to 30 KB of text with escape sequences: errors must quote it shortened and escaped.
        1 => (1usize..6_000).prop_map(|n| "a\u{1b}[2J".repeat(n)),
    ]
    .boxed()
}

/// A token from `valid` most of the time, an edge value otherwise.
fn token(valid: &[&'static str]) -> BoxedStrategy<String> {
    let valid: Vec<String> = valid.iter().map(|s| s.to_string()).collect();
    prop_oneof![3 => prop::sample::select(valid), 1 => edge()].boxed()
}

/// Small sizes (work parameters), or edge values.
fn small() -> BoxedStrategy<String> {
    token(&[
        "0", "1", "2", "3", "5", "7", "10", "12", "20", "30", "64", "2^5",
    ])
}

/// One of `values` only: for work sizes, where a large valid number would be a
/// legitimately long computation rather than a defect.
fn bounded(values: &[&'static str]) -> BoxedStrategy<String> {
    prop::sample::select(values.iter().map(|s| s.to_string()).collect::<Vec<_>>()).boxed()
}

/// `arguments` with the options `always` appended (work sizes the command must be given).
fn always(
    arguments: BoxedStrategy<Vec<String>>,
    always: Vec<(&'static str, BoxedStrategy<String>)>,
) -> BoxedStrategy<Vec<String>> {
    let (names, values): (Vec<&'static str>, Vec<BoxedStrategy<String>>) =
        always.into_iter().unzip();
    (arguments, values)
        .prop_map(move |(mut arguments, values)| {
            for (name, value) in names.iter().zip(values) {
                arguments.extend([name.to_string(), value]);
            }
            arguments
        })
        .boxed()
}

fn format() -> BoxedStrategy<String> {
    token(&["text", "json", "csv"])
}

const IMPARTIAL: &[&str] = &[
    "nim",
    "kayles",
    "0.07",
    "0.16",
    "0.137",
    "4.7",
    "hex:0.F",
    "grundy",
    "lasker",
    "bash:3",
    "subtraction:1,3,4",
    "wythoff",
    "chomp",
    "nimble",
    "northcott",
    "turning-turtles",
    "mock-turtles",
    "ruler",
    "twins",
    "acrostic-twins",
    "tartan:ruler*mock-turtles",
    "coins:run1-2",
    "green-hackenbush",
    "tree-edge-deletion",
    "graph-edge-deletion",
    "digraph:a>b,b>c,c>a",
    "sos",
    "allbut:1,2",
    "count-to:3",
    "moore:2",
    "staircase",
    "dynamic",
    "fibonacci",
    "thirty-one",
    "empty-divide",
    "misere:kayles",
    "misere:nim",
    "every:bash:3",
    "bash:0",
    "subtraction:",
    "octal:0.9",
    "hex:0.G",
    "digraph:@/dev/zero",
    "misere:misere:nim",
    "every:every:nim",
    "kayels",
    "bash:18446744073709551615",
    "subtraction:1,18446744073709551615",
    "subtraction:9223372036854775808",
    "moore:4294967296",
    "allbut:9007199254740993",
    "count-to:18446744073709551615",
];

const POSITIONS: &[&str] = &[
    "0",
    "1",
    "3",
    "5",
    "7",
    "10",
    "3x4",
    "4x7",
    "10,15",
    ".1..2.1",
    "THHTTH",
    "W...B.",
    ".B..W",
    "(()(()()))",
    "g-a,a-b,b-g",
    "1:1-2,2-3,3-1",
    "a",
    "THT/TTH/HTT",
    "HHH",
    "3-0",
    "18446744073709551615",
    "9223372036854775808",
    "4294967296",
    "4611686018427387905,1",
    "18446744073709551615,1",
    "2147483648x2",
];

const STRATEGIC: &[&str] = &[
    "prisoners-dilemma",
    "matching-pennies",
    "rock-paper-scissors",
    "battle-of-the-sexes",
    "stag-hunt",
    "von-stengel-degenerate",
    "kuhn-poker",
    "beer-quiche",
    "no-such-game",
];

fn strategic_game() -> BoxedStrategy<String> {
    let files = [
        "tests/data/two_pennies.nfg",
        "tests/data/pennies_bystander.nfg",
        "../strategic/tests/data/2x2.nfg",
        "../strategic/tests/data/e01.nfg",
        "../strategic/tests/data/stengel.nfg",
        "../strategic/tests/data/odd_or_even.csv",
        "../strategic/tests/data/irrational_2x2x2.nfg",
        "tests/data/loopy.json",
    ]
    .map(data)
    .to_vec();
    prop_oneof![token(STRATEGIC), prop::sample::select(files)].boxed()
}

const STRATEGIES: &[&str] = &[
    "TitForTat",
    "Defector",
    "Cooperator",
    "Random",
    "Grudger",
    "Alternator",
    "TitFor2Tats",
    "nonexistent",
];

const COOPERATIVE: &[&str] = &[
    "[51; 49, 48, 3]",
    "[12; 4,4,4,2,2,1]",
    "[0; 1]",
    "[1;]",
    "[18446744073709551615; 18446744073709551615, 1]",
    "glove:1,2",
    "glove:0,0",
    "glove:3,3",
    "glove:100,100",
    "airport:1,2,3",
    "airport:",
    "bankruptcy:10:3,4,5",
    "bankruptcy:-1:1",
    "bankruptcy:1e300:1",
];

/// `prefix`, then each positional (sometimes missing), then a subset of the options
/// (each a flag, or a name and a value), then sometimes an extra argument.
fn command(
    prefix: &'static [&'static str],
    positionals: Vec<BoxedStrategy<String>>,
    options: Vec<(&'static str, Option<BoxedStrategy<String>>)>,
) -> BoxedStrategy<Vec<String>> {
    let count = options.len();
    let options: Vec<BoxedStrategy<Vec<String>>> = options
        .into_iter()
        .map(|(name, value)| match value {
            None => Just(vec![name.to_string()]).boxed(),
            Some(value) => value.prop_map(move |v| vec![name.to_string(), v]).boxed(),
        })
        .collect();
    let chosen = prop::sample::subsequence((0..count).collect::<Vec<_>>(), 0..=count.min(4));
    (
        positionals,
        prop::collection::vec(prop::bool::weighted(0.92), 8),
        options,
        chosen,
        prop::option::weighted(0.1, edge()),
    )
        .prop_map(move |(positional, keep, options, chosen, extra)| {
            let mut arguments: Vec<String> = prefix.iter().map(|s| s.to_string()).collect();
            for (index, word) in positional.into_iter().enumerate() {
                // A positional is left out one time in twelve or so.
                if keep[index % keep.len()] {
                    arguments.push(word);
                }
            }
            for index in chosen {
                arguments.extend(options[index].iter().cloned());
            }
            arguments.extend(extra);
            arguments
        })
        .boxed()
}

fn positions() -> BoxedStrategy<String> {
    token(POSITIONS)
}

fn argument_lists() -> BoxedStrategy<Vec<String>> {
    let impartial = || token(IMPARTIAL);
    let play = || {
        (
            impartial(),
            prop::collection::vec(positions(), 0..4),
            any::<bool>(),
            small(),
        )
            .prop_map(|(game, position, misere, seed)| {
                let mut arguments = vec!["play".to_string(), game];
                arguments.extend(position);
                if misere {
                    arguments.push("--misere".into());
                }
                arguments.extend(["--first".into(), "computer".into(), "--seed".into(), seed]);
                arguments
            })
    };
    let with_position = |name: &'static [&'static str]| {
        (
            impartial(),
            prop::collection::vec(positions(), 0..4),
            format(),
        )
            .prop_map(move |(game, position, format)| {
                let mut arguments: Vec<String> = name.iter().map(|s| s.to_string()).collect();
                arguments.push(game);
                arguments.extend(position);
                arguments.extend(["--format".into(), format]);
                arguments
            })
    };
    let ipd_play = |extra: Vec<(&'static str, Option<BoxedStrategy<String>>)>| {
        let mut options = vec![
            ("--turns", Some(small())),
            ("--prob-end", Some(token(&["0", "0.1", "0.5", "1", "1.5"]))),
            ("--noise", Some(token(&["0", "0.05", "0.5", "1"]))),
            ("--seed", Some(small())),
            (
                "--payoffs",
                Some(token(&["3,0,5,1", "5,3,1,0", "1,2,3", "a,b,c,d"])),
            ),
            ("--allow-non-pd", None),
            ("--format", Some(format())),
        ];
        options.extend(extra);
        options
    };
    let strategies = || prop::collection::vec(token(STRATEGIES), 0..4);
    // A tournament of every registered strategy (no names) is legitimately
    // long in a debug build; the interrupt test runs that one.
    let named_strategies = || prop::collection::vec(token(STRATEGIES), 1..4);
    let coop = |name: &'static [&'static str],
                extra: Vec<(&'static str, Option<BoxedStrategy<String>>)>| {
        let mut options = vec![("--format", Some(format()))];
        options.extend(extra);
        command(name, vec![token(COOPERATIVE)], options)
    };
    prop_oneof![
        command(
            &["games"],
            vec![impartial()],
            vec![("--format", Some(format()))]
        ),
        with_position(&["analyze"]),
        with_position(&["moves"]),
        play(),
        command(
            &["values"],
            vec![impartial()],
            vec![
                (
                    "--to",
                    Some(token(&["0", "1", "10", "100", "1000", "2^10"]))
                ),
                ("--format", Some(format())),
                (
                    "--method",
                    Some(token(&["auto", "plain", "rare-common", "naive"]))
                ),
                ("--no-period", None),
                ("--summary", None),
                ("--checkpoint", Some(token(&["run.ckpt", "/dev/null", "/"]))),
                ("--checkpoint-every", Some(small())),
                ("--resume", None),
                ("--force", None),
                ("--threads", Some(small())),
            ],
        ),
        command(
            &["table"],
            vec![token(&[
                "wythoff",
                "digraph:a>b,b>c,c>a",
                "nim",
                "digraph:"
            ])],
            vec![("--to", Some(small())), ("--format", Some(format()))],
        ),
        (with_position(&["graph"]), any::<u8>(), small()).prop_map(
            |(mut arguments, shape, nodes)| {
                if shape & 1 != 0 {
                    arguments.push("--dot".into());
                }
                if shape & 2 != 0 {
                    arguments.push("--svg".into());
                }
                arguments.extend(["--max-nodes".into(), nodes]);
                arguments
            }
        ),
        always(
            command(
                &["quotient"],
                vec![token(&[
                    "kayles", "0.77", "0.137", "4.7", "0.07", "0.?", "nim", "grundy"
                ])],
                vec![
                    ("--survey", None),
                    (
                        "--genus",
                        Some(bounded(&["0", "1", "3", "8", "-1", "2^64", "x"]))
                    ),
                    ("--max-order", Some(small())),
                    ("--format", Some(format())),
                ],
            ),
            vec![(
                "--heaps",
                bounded(&["0", "1", "2", "5", "8", "-1", "2^64", "1e300", "x"])
            )],
        ),
        always(
            command(
                &["survey"],
                vec![token(&[
                    "0.?",
                    "4.?",
                    "0.7",
                    "0.16",
                    "0.x?",
                    "?",
                    "0.???????????"
                ])],
                vec![("--threads", Some(small())), ("--format", Some(format()))],
            ),
            vec![
                (
                    "--budget",
                    bounded(&["1", "64", "1000", "2^10", "0", "-1", "2^64", "1e300"])
                ),
                (
                    "--seconds",
                    bounded(&["0.1", "0.5", "0", "-1", "1e300", "NaN", "x"])
                ),
            ],
        ),
        command(
            &["plot"],
            vec![impartial()],
            vec![
                (
                    "--to",
                    Some(bounded(&[
                        "0",
                        "10",
                        "100",
                        "1000",
                        "-1",
                        "2^64",
                        "18446744073709551615",
                        "x"
                    ]))
                ),
                ("--output", Some(token(&["out.svg", "/", "/dev/null"]))),
                ("--kind", Some(token(&["values", "rare-count"]))),
            ],
        ),
        command(
            &["nimber"],
            vec![token(&[
                "2 * 3",
                "16 * 16",
                "inv(12345)",
                "sqrt(0xdeadbeef)",
                "2^-3",
                "0/0",
                "1/0",
                "(((1)))",
                "inv(0)",
                "2^2^2"
            ])],
            vec![("--format", Some(format()))],
        ),
        command(
            &["nash"],
            vec![strategic_game()],
            vec![
                (
                    "--method",
                    Some(token(&["auto", "enum", "support", "pure", "lh", "seqform"]))
                ),
                ("--label", Some(small())),
                ("--all-labels", None),
                ("--exact-pivoting", None),
                ("--format", Some(format())),
            ],
        ),
        command(
            &["zerosum"],
            vec![strategic_game()],
            vec![("--exact-pivoting", None), ("--format", Some(format()))],
        ),
        command(
            &["dominance"],
            vec![strategic_game()],
            vec![
                ("--weak", None),
                ("--mixed", None),
                ("--format", Some(format()))
            ],
        ),
        command(
            &["tree", "solve"],
            vec![strategic_game()],
            vec![("--format", Some(format()))]
        ),
        command(
            &["tree", "spe"],
            vec![strategic_game()],
            vec![("--format", Some(format()))]
        ),
        command(
            &["tree", "info"],
            vec![strategic_game()],
            vec![("--format", Some(format()))]
        ),
        command(&["tree", "efg"], vec![strategic_game()], vec![]),
        command(
            &["tree", "repeated-pd"],
            vec![],
            vec![
                ("--rounds", Some(small())),
                ("--payoffs", Some(token(&["3,0,5,1", "1,2,3"]))),
                ("--format", Some(format())),
            ],
        ),
        command(
            &["ipd", "match"],
            vec![token(STRATEGIES), token(STRATEGIES)],
            ipd_play(vec![]),
        ),
        (
            named_strategies(),
            command(
                &["ipd", "tournament"],
                vec![],
                ipd_play(vec![
                    ("--repetitions", Some(small())),
                    ("--threads", Some(small())),
                    ("--svg-dir", Some(token(&["plots", "/dev/null"]))),
                ]),
            )
        )
            .prop_map(|(names, mut arguments)| {
                arguments.splice(2..2, names);
                arguments
            }),
        (
            strategies(),
            command(
                &["ipd", "moran"],
                vec![],
                ipd_play(vec![
                    ("--runs", Some(small())),
                    ("--max-steps", Some(small())),
                    (
                        "--mutation-rate",
                        Some(token(&["0", "0.01", "0.5", "1", "2"]))
                    ),
                ]),
            )
        )
            .prop_map(|(names, mut arguments)| {
                arguments.splice(2..2, names);
                arguments
            }),
        command(
            &["ipd", "strategies"],
            vec![],
            vec![("--format", Some(format()))]
        ),
        coop(
            &["coop", "shapley"],
            vec![("--monte-carlo", Some(small())), ("--seed", Some(small()))]
        ),
        coop(
            &["coop", "banzhaf"],
            vec![("--monte-carlo", Some(small())), ("--seed", Some(small()))]
        ),
        coop(
            &["coop", "in-core"],
            vec![(
                "--allocation",
                Some(token(&["1,0,0", "1/3,1/3,1/3", "0", "a"]))
            )]
        ),
        coop(&["coop", "core"], vec![]),
        coop(&["coop", "least-core"], vec![]),
        coop(&["coop", "nucleolus"], vec![("--pre", None)]),
        command(
            &["completions"],
            vec![token(&["bash", "zsh", "fish", "elvish", "powershell"])],
            vec![]
        ),
        command(
            &["manpage"],
            vec![],
            vec![("--out-dir", Some(token(&["man", "/dev/null"])))]
        ),
        // Anything at all, after any subcommand name or none.
        (
            token(&["analyze", "values", "nash", "coop", "ipd", "tree", "bogus"]),
            prop::collection::vec(edge(), 0..4),
        )
            .prop_map(|(name, rest)| std::iter::once(name).chain(rest).collect()),
    ]
    .boxed()
}

/// Runs `sprague arguments` in `directory` under the limits; Err says what went wrong.
fn run(arguments: &[String], directory: &std::path::Path) -> Result<Duration, String> {
    run_limited(arguments, directory, CPU_SECONDS, TIME_LIMIT)
}

/// [`run`] with a limit of `cpu_seconds` of processor time and `time_limit` on the clock.
fn run_limited(
    arguments: &[String],
    directory: &std::path::Path,
    cpu_seconds: libc::rlim_t,
    time_limit: Duration,
) -> Result<Duration, String> {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sprague"));
    command
        .args(arguments)
        .current_dir(directory)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    // SAFETY: only setrlimit, which is async-signal-safe, between fork and exec.
    unsafe {
        command.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: ADDRESS_SPACE,
                rlim_max: ADDRESS_SPACE,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            let cpu = libc::rlimit {
                rlim_cur: cpu_seconds,
                rlim_max: cpu_seconds + 1,
            };
            if libc::setrlimit(libc::RLIMIT_CPU, &cpu) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let started = Instant::now();
    let mut child = command
        .spawn()
        .map_err(|e| format!("could not start: {e}"))?;
    let mut stderr_pipe = child.stderr.take().expect("piped");
    // Read stderr on a thread, so a command writing much of it cannot block.
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stderr_pipe.read_to_end(&mut text);
        text
    });
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if started.elapsed() > time_limit {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {time_limit:?}"));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let elapsed = started.elapsed();
    let stderr = String::from_utf8_lossy(&reader.join().expect("the reader ends")).to_string();
    let short: String = stderr.chars().take(600).collect();
    if stderr.contains("panicked") {
        return Err(format!("panicked: {short}"));
    }
    if status.signal() == Some(libc::SIGXCPU) {
        return Err(format!(
            "used more than {cpu_seconds} s of processor time: {short}"
        ));
    }
    if let Some(signal) = status.signal() {
        return Err(format!("killed by signal {signal}: {short}"));
    }
    // Whatever the input, what reaches stderr is bounded lines without raw control
    // characters: echoed input is quoted shortened and escaped.
    if let Some(line) = stderr
        .lines()
        .find(|line| line.chars().count() > MESSAGE_LINE || line.chars().any(char::is_control))
    {
        let line: String = line.chars().take(200).collect();
        return Err(format!(
            "a line of stderr is longer than {MESSAGE_LINE} characters or holds a control character: {line:?}"
        ));
    }
    match status.code() {
        Some(0..=2) => Ok(elapsed),
        other => Err(format!("exit code {other:?}: {short}")),
    }
}

/// The arguments with long ones cut to 60 characters, for messages.
fn shortened(arguments: &[String]) -> Vec<String> {
    arguments
        .iter()
        .map(|argument| match argument.char_indices().nth(60) {
            Some((at, _)) => format!("{}… ({} bytes)", &argument[..at], argument.len()),
            None => argument.clone(),
        })
        .collect()
}

/// The seed of the generated argument lists: fixed by default, so that CI is reproducible
/// (a run fails only for what a change did); `SPRAGUE_NO_PANIC_SEED=N` replays seed N and
/// `SPRAGUE_NO_PANIC_SEED=random` explores new lists (the seed is printed either way).
fn seed() -> u64 {
    const DEFAULT_SEED: u64 = 20_261_126;
    match std::env::var("SPRAGUE_NO_PANIC_SEED").ok().as_deref() {
        None => DEFAULT_SEED,
        Some("random") => {
            let clock = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|elapsed| elapsed.as_nanos() as u64)
                .unwrap_or(0);
            clock ^ u64::from(std::process::id()).rotate_left(32)
        }
        Some(number) => number
            .parse()
            .expect("SPRAGUE_NO_PANIC_SEED is a whole number or \"random\""),
    }
}

/// A ChaCha generator seeded by `seed`.
fn rng(seed: u64) -> TestRng {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    TestRng::from_seed(RngAlgorithm::ChaCha, &bytes)
}

#[test]
fn no_argument_list_panics_aborts_or_hangs() {
    let cases = std::env::var("SPRAGUE_NO_PANIC_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(400);
    let directory = std::env::temp_dir().join(format!("sprague-no-panic-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("the temporary directory is writable");
    let seed = seed();
    let config = Config {
        cases,
        max_shrink_iters: 64,
        // A case that runs out of time takes that time at every shrinking step.
        max_shrink_time: 120_000,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new_with_rng(config, rng(seed));
    let started = Instant::now();
    let slowest = std::cell::RefCell::new((Duration::ZERO, Vec::new()));
    let result = runner.run(&argument_lists(), |arguments| {
        let elapsed = run(&arguments, &directory).map_err(|failure| {
            TestCaseError::fail(format!("sprague {:?}: {failure}", shortened(&arguments)))
        })?;
        let mut slowest = slowest.borrow_mut();
        if elapsed > slowest.0 {
            *slowest = (elapsed, arguments);
        }
        Ok(())
    });
    let _ = std::fs::remove_dir_all(&directory);
    let slowest = slowest.into_inner();
    println!(
        "{cases} argument lists (seed {seed}) in {:.1} s; slowest {:.2} s: sprague {:?}",
        started.elapsed().as_secs_f64(),
        slowest.0.as_secs_f64(),
        shortened(&slowest.1)
    );
    if let Err(failure) = result {
        panic!("{failure} (seed {seed}: rerun with SPRAGUE_NO_PANIC_SEED={seed})");
    }
}

/// Found by the property test: under an address-space limit the system refuses threads
/// (each reserves a stack and a malloc arena), and `ipd tournament --threads 64` panicked
/// spawning them. Refused threads are now work done by the threads that run.
#[test]
fn refused_threads_are_not_a_panic() {
    let directory = std::env::temp_dir().join(format!("sprague-threads-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("the temporary directory is writable");
    for arguments in [
        &["ipd", "tournament", "--threads", "64", "--turns", "3"][..],
        &[
            "survey",
            "0.?",
            "--threads",
            "64",
            "--seconds",
            "0.5",
            "--budget",
            "1000",
        ],
        &[
            "values",
            "0.16",
            "--threads",
            "64",
            "--to",
            "20000",
            "--summary",
        ],
    ] {
        let arguments: Vec<String> = arguments.iter().map(|s| s.to_string()).collect();
        let status = run(&arguments, &directory);
        assert!(status.is_ok(), "sprague {arguments:?}: {status:?}");
    }
    let _ = std::fs::remove_dir_all(&directory);
}

/// Found by the property test (CI of 2026-11-26): `plot kayles --to 18446744073709551615`
/// overflowed `to + 1` when sizing its progress line, before the sweep refused the heap.
/// Every command that takes a largest heap must refuse the largest `u64` in a sentence.
#[test]
fn the_largest_heap_bound_is_refused_not_a_panic() {
    let directory = std::env::temp_dir().join(format!("sprague-largest-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("the temporary directory is writable");
    let output = directory.join("plot.svg").display().to_string();
    let largest = "18446744073709551615";
    for arguments in [
        vec!["plot", "kayles", "--to", largest, "--output", &output],
        vec![
            "plot",
            "0.07",
            "--to",
            largest,
            "--output",
            &output,
            "--kind",
            "rare-count",
        ],
        vec!["plot", "nim", "--to", largest, "--output", &output],
        vec!["values", "kayles", "--to", largest],
        vec!["values", "nim", "--to", largest],
        vec!["values", "coins:any1-4", "--to", largest, "--force"],
    ] {
        let arguments: Vec<String> = arguments.iter().map(|s| s.to_string()).collect();
        let status = run(&arguments, &directory);
        assert!(status.is_ok(), "sprague {arguments:?}: {status:?}");
    }
    let _ = std::fs::remove_dir_all(&directory);
}

/// The edge numbers of issue 18: each where an integer type ends (2^31, 2^32, 2^63 − 1, 2^63,
/// 2^64 − 1), the first integer a double cannot hold (2^53 + 1), and the small ones.
const EDGE_NUMBERS: &[&str] = &[
    "0",
    "1",
    "2147483648",
    "4294967296",
    "9007199254740993",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551615",
];

/// The negative edge numbers, for signed arguments (and as malformed input for the others).
const NEGATIVE_NUMBERS: &[&str] = &["-1", "-9223372036854775808", "-9223372036854775809"];

/// Work sizes whose edge values below the library's limit are legitimately long runs
/// (fictitious play takes up to 10^10 rounds and stops on Ctrl-C): such a case passes
/// when it runs [`LONG_RUN_SECONDS`] of processor time without a panic (a size is
/// checked and its memory reserved at the start).
const LONG_RUNS: &[(&str, &str)] = &[("fictitious-play", "--rounds="), ("quotient", "--heaps=")];

/// Options that take no number (a choice of words, a file to write): given none.
const NOT_NUMBERS: &[&str] = &[
    "--format",
    "--method",
    "--kind",
    "--first",
    "--side",
    "--output",
    "--checkpoint",
    "--svg-dir",
    "--plot",
    "--svg",
];

/// The processor time a legitimately long case runs before it is stopped.
const LONG_RUN_SECONDS: libc::rlim_t = 2;

/// Whether `arguments` is one of the [`LONG_RUNS`].
fn legitimately_long(arguments: &[String]) -> bool {
    LONG_RUNS.iter().any(|(command, option)| {
        arguments.iter().any(|word| word == command)
            && arguments.iter().any(|word| word.starts_with(option))
    })
}

/// Commands that have no base below: `serve` runs until stopped (the web tests cover its
/// parameters), and the rest print text that takes no number.
const NOT_RUN: &[&str] = &["serve", "completions", "manpage", "help"];

/// The `--help` text of `sprague path…`.
fn help_text(path: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(path)
        .arg("--help")
        .output()
        .expect("the sprague binary runs");
    String::from_utf8_lossy(&output.stdout).to_string()
}

/// The subcommands a help text lists.
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| !line.trim().is_empty())
        .filter_map(|line| line.split_whitespace().next().map(str::to_string))
        .filter(|name| name != "help")
        .collect()
}

/// The options a help text lists that take a value (`--to <TO>`).
fn value_options(help: &str) -> Vec<String> {
    help.lines()
        .filter_map(|line| {
            let line = line.trim_start();
            let line = line.strip_prefix('-').map_or(line, |rest| {
                // A short name first ("-t, --to <TO>").
                rest.split_once(", ").map_or(line, |(_, long)| long)
            });
            let (name, rest) = line.split_once(' ')?;
            (name.starts_with("--") && rest.starts_with('<')).then(|| name.to_string())
        })
        .collect()
}

/// Every leaf command (`["ipd", "match"]`), found from the help texts, so that a command
/// added later is covered (or the test asks for its base arguments).
fn leaf_commands() -> Vec<Vec<String>> {
    let mut leaves = Vec::new();
    let mut pending: Vec<Vec<String>> = subcommands(&help_text(&[]))
        .into_iter()
        .map(|name| vec![name])
        .collect();
    while let Some(path) = pending.pop() {
        if NOT_RUN.contains(&path[0].as_str()) {
            continue;
        }
        let words: Vec<&str> = path.iter().map(String::as_str).collect();
        let below = subcommands(&help_text(&words));
        if below.is_empty() {
            leaves.push(path);
        } else {
            pending.extend(below.into_iter().map(|name| {
                let mut longer = path.clone();
                longer.push(name);
                longer
            }));
        }
    }
    leaves
}

/// Arguments with which a leaf command runs quickly, to which an edge value is added.
fn base_arguments(path: &[String], directory: &std::path::Path) -> Option<Vec<String>> {
    let nfg = data("../strategic/tests/data/2x2.nfg");
    let plot = directory.join("edge.svg").display().to_string();
    let words: Vec<&str> = path.iter().map(String::as_str).collect();
    let rest: Vec<String> = match words[..] {
        ["games"] => vec!["kayles".into()],
        ["analyze"] | ["moves"] | ["graph"] => vec!["kayles".into(), "3".into()],
        ["play"] => vec![
            "kayles".into(),
            "3".into(),
            "--first".into(),
            "computer".into(),
        ],
        ["values"] => vec!["kayles".into(), "--to".into(), "10".into()],
        ["table"] => vec!["wythoff".into(), "--to".into(), "5".into()],
        ["quotient"] => vec!["kayles".into(), "--heaps".into(), "3".into()],
        ["survey"] => ["0.?", "--budget", "64", "--seconds", "0.5"]
            .map(String::from)
            .to_vec(),
        ["plot"] => vec![
            "kayles".into(),
            "--to".into(),
            "10".into(),
            "--output".into(),
            plot,
        ],
        ["nimber"] => vec!["2 * 3".into()],
        ["cgt"] => vec!["{1|-1}".into()],
        ["nash"] | ["zerosum"] | ["dominance"] => vec![nfg],
        ["dynamics", _] => vec!["rock-paper-scissors".into()],
        ["tree", "repeated-pd"] => vec!["--rounds".into(), "2".into()],
        ["tree", _] => vec!["kuhn-poker".into()],
        ["ipd", "strategies"] => vec![],
        ["ipd", "match"] => ["TitForTat", "Defector", "--turns", "5"]
            .map(String::from)
            .to_vec(),
        ["ipd", _] => ["TitForTat", "Defector", "--turns", "5", "--prob-end", "0"]
            .map(String::from)
            .to_vec(),
        ["coop", "in-core"] => ["[51; 49, 48, 3]", "--allocation", "1,0,0"]
            .map(String::from)
            .to_vec(),
        ["coop", _] => vec!["[51; 49, 48, 3]".into()],
        _ => return None,
    };
    Some(path.iter().cloned().chain(rest).collect())
}

/// `base` with the option `name` set to `value` (replacing a value the base gives it).
fn with_option(base: &[String], name: &str, value: &str) -> Vec<String> {
    let mut arguments = Vec::new();
    let mut words = base.iter();
    while let Some(word) = words.next() {
        if word == name {
            words.next();
        } else {
            arguments.push(word.clone());
        }
    }
    arguments.push(format!("{name}={value}"));
    arguments
}

/// Argument lists with a number written into a game description, a position, an
/// expression or a strategy (`{}` stands for the number).
const NUMBER_PLACES: &[&str] = &[
    "analyze|nim|{}",
    "cgt|{}",
    "cgt|*{}",
    "analyze|cutcake|{}x2",
    "analyze|cutcake|1x{}",
    "analyze|snort|{}",
    "analyze|nim|{}|{}",
    "analyze|kayles|{}",
    "analyze|0.07|{}",
    "analyze|grundy|{}",
    "analyze|lasker|{}",
    "analyze|hex:0.F|{}",
    "analyze|bash:{}|5",
    "analyze|subtraction:{}|5",
    "analyze|subtraction:1,{}|5",
    "analyze|allbut:{}|5",
    "analyze|moore:{}|1|2",
    "analyze|count-to:{}|0",
    "analyze|wythoff|{},1",
    "analyze|wythoff|1,{}",
    "analyze|chomp|{}x2",
    "analyze|chomp|2x{}",
    "analyze|sos|{}",
    "analyze|fibonacci|{}",
    "analyze|dynamic|{}",
    "analyze|staircase|{}",
    "analyze|moore:2|{}|1",
    "analyze|misere:nim|{}|1",
    "analyze|every:bash:3|{}",
    "analyze|turning-turtles|{}",
    "analyze|ruler|{}",
    "analyze|mock-turtles|{}",
    "analyze|northcott|{}",
    "analyze|empty-divide|{},1",
    "analyze|thirty-one|{}",
    "moves|nim|{}",
    "moves|kayles|{}",
    "graph|nim|{}",
    "play|nim|{}|--first|computer",
    "values|bash:{}|--to|10",
    "values|subtraction:{}|--to|10",
    "values|coins:any1-{}|--to|10",
    "values|moore:{}|--to|10",
    "plot|subtraction:{}|--to|10|--output|edge.svg",
    "nimber|{} * 3",
    "nimber|{} + {}",
    "nimber|inv({})",
    "nimber|sqrt({})",
    "nimber|2^{}",
    "nimber|{}^2",
    "coop|shapley|[{}; 1, 2]",
    "coop|shapley|[1; {}, {}]",
    "coop|banzhaf|[1; {}, 2]",
    "coop|shapley|glove:{},1",
    "coop|shapley|glove:1,{}",
    "coop|shapley|airport:{},1",
    "coop|nucleolus|airport:{},{}",
    "coop|shapley|bankruptcy:{}:1,2",
    "coop|nucleolus|bankruptcy:10:{},1",
    "coop|core|assignment:{},1;1,{}",
    "coop|in-core|glove:1,1|--allocation|{},0",
    "ipd|match|memoryone:{},1,1,1|TitForTat|--turns|5",
    "ipd|match|lookup:{},1,0:CD|TitForTat|--turns|5",
    "ipd|match|lookup:1,1,0:{}|TitForTat|--turns|5",
    "ipd|match|zd:{},1,1|TitForTat|--turns|5",
    "ipd|match|TitForTat|TitForTat|--turns|5|--payoffs|{},0,5,1",
    "tree|repeated-pd|--rounds|2|--payoffs|3,0,{},1",
    "dynamics|replicator|rock-paper-scissors|--start|{},1,1",
    "dynamics|moran|hawk-dove|--initial|{},1",
];

/// Game files with a number written into them (`{}`), and the commands that read them.
const NUMBER_FILES: &[(&str, &str, &[&str])] = &[
    (
        "count.nfg",
        "NFG 1 R \"e\" { \"A\" \"B\" } { {} 2 }\n\n1 2 3 4 5 6 7 8\n",
        &["nash", "dominance"],
    ),
    (
        "payoff.nfg",
        "NFG 1 R \"e\" { \"A\" \"B\" } { 2 2 }\n\n{} 0 0 1 0 1 {} 0\n",
        &["nash", "zerosum"],
    ),
    (
        "outcome.nfg",
        "NFG 1 R \"e\" { \"A\" \"B\" } { { \"a\" \"b\" } { \"c\" \"d\" } }\n\"\"\n{ { \"\" 1, 2 } }\n1 {} 1 0\n",
        &["nash"],
    ),
    ("matrix.csv", "{},0\n0,{}\n", &["zerosum", "nash"]),
    (
        "player.efg",
        "EFG 2 R \"e\" { \"A\" \"B\" } \"\"\np \"\" {} 1 \"\" { \"H\" \"T\" } 0\nt \"\" 1 \"w\" { 1, -1 }\nt \"\" 2 \"l\" { -1, 1 }\n",
        &["tree|info", "tree|spe"],
    ),
    (
        "infoset.efg",
        "EFG 2 R \"e\" { \"A\" \"B\" } \"\"\np \"\" 1 {} \"\" { \"H\" \"T\" } 0\nt \"\" 1 \"w\" { 1, -1 }\nt \"\" 2 \"l\" { -1, 1 }\n",
        &["tree|info", "tree|solve"],
    ),
    (
        "outcome.efg",
        "EFG 2 R \"e\" { \"A\" \"B\" } \"\"\np \"\" 1 1 \"\" { \"H\" \"T\" } 0\nt \"\" {} \"w\" { 1, -1 }\nt \"\" 2 \"l\" { {}, 1 }\n",
        &["tree|info", "nash"],
    ),
    (
        "chance.efg",
        "EFG 2 R \"e\" { \"A\" \"B\" } \"\"\nc \"\" 1 \"\" { \"H\" {} \"T\" 1 } 0\nt \"\" 1 \"w\" { 1, -1 }\nt \"\" 2 \"l\" { -1, 1 }\n",
        &["tree|spe"],
    ),
    (
        "table.json",
        "{\"players\": [\"A\", \"B\"], \"values\": {\"A\": {}, \"B\": 0, \"A,B\": 1}}",
        &["coop|shapley", "coop|nucleolus"],
    ),
    (
        "players.json",
        "{\"players\": {}, \"values\": {}}",
        &["coop|shapley"],
    ),
    (
        "digraph.json",
        "{\"vertices\": [\"a\", \"b\"], \"edges\": [[\"a\", \"b\"]], \"tokens\": {}}",
        &["analyze|digraph:@FILE|a"],
    ),
];

/// Every argument list of the edge-number test.
fn edge_number_cases(directory: &std::path::Path) -> Result<Vec<Vec<String>>, String> {
    let numbers: Vec<&str> = EDGE_NUMBERS
        .iter()
        .chain(NEGATIVE_NUMBERS)
        .copied()
        .collect();
    let mut cases = Vec::new();
    let mut missing = Vec::new();
    for path in leaf_commands() {
        let Some(base) = base_arguments(&path, directory) else {
            missing.push(path.join(" "));
            continue;
        };
        cases.push(base.clone());
        let words: Vec<&str> = path.iter().map(String::as_str).collect();
        let options = value_options(&help_text(&words));
        for option in options
            .iter()
            .filter(|o| !NOT_NUMBERS.contains(&o.as_str()))
        {
            for number in &numbers {
                cases.push(with_option(&base, option, number));
            }
        }
    }
    if !missing.is_empty() {
        return Err(format!(
            "no base arguments for {missing:?}: add them to base_arguments"
        ));
    }
    for place in NUMBER_PLACES {
        for number in &numbers {
            cases.push(
                place
                    .replace("{}", number)
                    .split('|')
                    .map(String::from)
                    .collect(),
            );
        }
    }
    for (index, number) in numbers.iter().enumerate() {
        for (name, text, commands) in NUMBER_FILES {
            let file = directory.join(format!("{index}-{name}"));
            std::fs::write(&file, text.replace("{}", number)).map_err(|e| e.to_string())?;
            let file = file.display().to_string();
            for command in *commands {
                let mut arguments: Vec<String> = command
                    .split('|')
                    .map(|word| word.replace("@FILE", &format!("@{file}")))
                    .collect();
                if !command.contains("@FILE") {
                    arguments.push(file.clone());
                }
                cases.push(arguments);
            }
        }
    }
    Ok(cases)
}

/// Issue 18, the class of the CI failure of 2026-11-26 (`plot --to 18446744073709551615`
/// overflowed `to + 1`): every value-taking option of every command (found from the help
/// texts) and every number written into a game description, position, expression,
/// strategy or game file, at each edge number, in this debug build (overflow checks on),
/// exits with 0, 1 or 2 and a bounded sentence: no panic, no abort, no hang. Each case
/// gets 10 s of processor time; the cases run on two threads (about 1,600 of them, 30 s alone on two busy cores).
#[test]
fn edge_numbers_are_answered_or_refused_never_a_panic() {
    let directory = std::env::temp_dir().join(format!("sprague-edges-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("the temporary directory is writable");
    let cases = edge_number_cases(&directory).unwrap_or_else(|e| panic!("{e}"));
    let started = Instant::now();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    let times = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(arguments) = cases.get(index) else {
                    break;
                };
                let long = legitimately_long(arguments);
                let cpu = if long { LONG_RUN_SECONDS } else { CPU_SECONDS };
                match run_limited(arguments, &directory, cpu, Duration::from_secs(60)) {
                    Err(failure) if long && failure.starts_with("used more than") => {}
                    Ok(elapsed) => times
                        .lock()
                        .expect("no worker panics")
                        .push((elapsed, index)),
                    Err(failure) => failures
                        .lock()
                        .expect("no worker panics")
                        .push(format!("sprague {:?}: {failure}", shortened(arguments))),
                }
            });
        }
    });
    let _ = std::fs::remove_dir_all(&directory);
    let mut times = times.into_inner().expect("no worker panics");
    times.sort_unstable_by(|a, b| b.cmp(a));
    println!(
        "{} edge-number cases in {:.1} s; the slowest:",
        cases.len(),
        started.elapsed().as_secs_f64()
    );
    for (elapsed, index) in times.iter().take(8) {
        println!(
            "  {:.2} s: sprague {:?}",
            elapsed.as_secs_f64(),
            shortened(&cases[*index])
        );
    }
    let failures = failures.into_inner().expect("no worker panics");
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
