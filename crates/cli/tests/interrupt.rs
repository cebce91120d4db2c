//! Ctrl-C stops every long-running command within 2 seconds with exit code 130 and no
//! panic: each command below is started, left to compute for a moment (it must still be
//! running then, or the test proves nothing), sent SIGINT, and timed until it exits. The
//! moment is short enough that every command is still running in the optimised build the
//! test command uses (the shortest, the 25-player nucleolus, takes about 0.5 s there).
//! The commands that watch a stop flag (values of take-and-break games, nash, ipd
//! tournament and moran) stop themselves; the others (survey, plot, the values of other
//! games, analyze) are ended by the handler (`crates/cli/src/interrupt.rs`).
#![cfg(unix)]

use std::io::Read;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long a command computes before SIGINT.
const RUNNING: Duration = Duration::from_millis(300);
/// How soon it must exit after SIGINT.
const DEADLINE: Duration = Duration::from_secs(2);

fn start(arguments: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(arguments)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sprague binary runs")
}

/// Starts `arguments`, sends SIGINT after [`RUNNING`], and returns how long the command
/// took to exit after it; fails when it had already finished, did not exit within
/// [`DEADLINE`], did not exit with 130, or panicked.
fn interrupted_within_deadline(arguments: &[&str]) -> Duration {
    let mut child = start(arguments);
    std::thread::sleep(RUNNING);
    if let Some(status) = child.try_wait().expect("waiting works") {
        let mut stderr = String::new();
        let _ = child
            .stderr
            .take()
            .expect("piped")
            .read_to_string(&mut stderr);
        panic!("{arguments:?} finished before Ctrl-C ({status}): make it longer; stderr: {stderr}");
    }
    let pid = i32::try_from(child.id()).expect("a pid fits in i32");
    // SAFETY: kill(2) with a pid this test spawned and has not yet reaped.
    let sent = unsafe { libc::kill(pid, libc::SIGINT) };
    assert_eq!(sent, 0, "SIGINT could not be sent");
    let signalled = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting works") {
            break status;
        }
        if signalled.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{arguments:?} was still running {DEADLINE:?} after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let elapsed = signalled.elapsed();
    let mut stderr = String::new();
    let _ = child
        .stderr
        .take()
        .expect("piped")
        .read_to_string(&mut stderr);
    assert!(
        !stderr.contains("panicked"),
        "{arguments:?} panicked: {stderr}"
    );
    assert_eq!(
        status.code(),
        Some(130),
        "{arguments:?} exited with {status} after Ctrl-C; stderr: {stderr}"
    );
    elapsed
}

/// A 40 × 40 bimatrix game of pseudo-random integers (a fixed linear congruential
/// stream), far above the exhaustive methods' limits without --force.
fn big_bimatrix() -> PathBuf {
    let mut state: u64 = 0x5EED;
    let mut next = || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % 100
    };
    let mut block = || {
        (0..40)
            .map(|_| {
                (0..40)
                    .map(|_| next().to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let text = format!("{}\n\n{}\n", block(), block());
    let path = std::env::temp_dir().join(format!("sprague-interrupt-{}.csv", std::process::id()));
    std::fs::write(&path, text).expect("the temporary directory is writable");
    path
}

#[test]
fn ctrl_c_stops_every_long_running_command_within_two_seconds() {
    let game = big_bimatrix();
    let game = game.to_str().expect("a UTF-8 temporary path");
    let plot = std::env::temp_dir()
        .join(format!("sprague-interrupt-{}.svg", std::process::id()))
        .display()
        .to_string();
    let weights: Vec<String> = (1..=25).map(|w| w.to_string()).collect();
    let weighted_25 = format!("[163; {}]", weights.join(","));
    let commands: Vec<Vec<&str>> = vec![
        vec!["values", "0.16", "--to", "2^26", "--no-period"],
        vec!["values", "grundy", "--to", "2^26", "--threads", "2"],
        vec!["values", "mock-turtles", "--to", "10^8"],
        vec!["values", "coins:any1-4", "--to", "3000", "--force"],
        vec!["plot", "0.16", "--to", "2^26", "-o", &plot],
        vec!["survey", "0.????"],
        vec!["survey", "0.4?", "--misere"],
        vec!["quotient", "0.07"],
        vec!["nash", game, "--force"],
        vec!["ipd", "tournament", "--repetitions", "300"],
        vec![
            "ipd",
            "moran",
            "TitForTat",
            "Defector",
            "Random",
            "Grudger",
            // 1,000 runs end within the second in a release build.
            "--runs",
            "100000",
        ],
        vec!["coop", "shapley", "glove:10,10"],
        // 25 players by constraint generation (a 16-player glove game now ends at once).
        vec!["coop", "nucleolus", &weighted_25],
        vec!["analyze", "chomp", "12x12"],
        vec!["analyze", "sos", "16"],
        // The outcome search of Domineering (minutes for 8×8) and its table.
        vec![
            "analyze",
            "domineering",
            "........|........|........|........|........|........|........|........",
        ],
        vec!["table", "domineering", "--to", "9"],
        // A canonical form of seconds (5×6 Domineering, 356,382 regions), stopped between
        // regions by the flag.
        vec![
            "analyze",
            "domineering",
            "......|......|......|......|......",
        ],
    ];
    let mut report = Vec::new();
    for command in &commands {
        let elapsed = interrupted_within_deadline(command);
        report.push(format!(
            "{:>6.0} ms  sprague {}",
            elapsed.as_secs_f64() * 1000.0,
            command.join(" ")
        ));
    }
    let _ = std::fs::remove_file(game);
    let _ = std::fs::remove_file(&plot);
    // Shown with --nocapture: the time from SIGINT to exit of each command.
    println!("{}", report.join("\n"));
}
