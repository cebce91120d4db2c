//! `sprague quotient GAME`: the misère quotient of an octal or hexadecimal game
//! (Plambeck–Siegel), and `analyze misere:GAME …` answered through it.

use std::time::{Duration, Instant};

use serde::Serialize;
use sprague_games::misere_quotient::QuotientCache;
use sprague_games::parse_game;
use sprague_games::quotient_report::{self, QuotientOptions, QuotientRecord, QuotientReportError};
use sprague_games::take_break::MAX_MISERE_SEARCHED_HEAP;
use sprague_misere::QuotientLimits;
use sprague_takebreak::TakeBreak;

use crate::error::CliError;
use crate::output::{print_json, print_text, Style};

/// Arguments of `sprague quotient`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// An octal or hexadecimal game: kayles, dawsons-kayles, 0.77, 0.137, 4.7, … (with --survey, a pattern such as 0.??)
    pub game: String,
    /// Compute the quotient of heaps 1..=N (it stops earlier once the heap map is proven periodic).
    #[arg(long, default_value_t = 1000)]
    pub heaps: u64,
    /// Survey instead every octal code of GAME as a pattern (0.??): the quotient's order at
    /// the heaps given, proven or not, or the heap where the computation stops.
    #[arg(long)]
    pub survey: bool,
    /// Print instead the genus symbol (Conway) of heaps 1..=N, each marked tame, restive or restless.
    #[arg(long, value_name = "N")]
    pub genus: Option<u64>,
    /// The largest quotient order computed before giving up.
    #[arg(long, default_value_t = 1024)]
    pub max_order: usize,
    /// The most sums whose exact outcome one step may need when an element splits
    /// (about 200 bytes each; refused when that much memory is not available).
    #[arg(long, default_value_t = QuotientLimits::default().max_outcomes, value_name = "N")]
    pub max_outcomes: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Style::Text)]
    pub format: Style,
}

/// The take-and-break rule behind `game` (a leading `misere:` is ignored).
fn take_break_rule(game: &str) -> Result<TakeBreak, CliError> {
    quotient_report::take_break_rule(game).map_err(CliError::from)
}

impl From<QuotientReportError> for CliError {
    fn from(error: QuotientReportError) -> Self {
        match error {
            QuotientReportError::Usage(message) => CliError::Usage(message),
            QuotientReportError::Game(e) => e.into(),
            QuotientReportError::Stopped => CliError::Stopped,
        }
    }
}

/// Prints the genus and class of heaps 1..=`to`.
fn run_genus(args: &Args, to: u64) -> Result<(), CliError> {
    let game = parse_game(args.game.strip_prefix("misere:").unwrap_or(&args.game))?;
    let record = quotient_report::genus(&args.game, to, crate::interrupt::ctrl_c_flag())?;
    match args.format {
        Style::Json => print_json(&record),
        Style::Text => {
            let mut text = format!(
                "Genus symbols of {} (g⁺ with γ₀γ₁… as superscript: g^γ₀γ₁…), {} positions\n\n",
                game.title(),
                record.positions
            );
            for row in &record.genera {
                text.push_str(&format!(
                    "  {:>4}  {:<14} {}\n",
                    row.heap,
                    row.genus,
                    row.class.name()
                ));
            }
            text.push_str(
                "\nTame: every position has a Nim position's genus (0^120, 1^031, g^{g,g⊕2}); sums of tame heaps play like misère Nim.\n\
                 Restive: not tame, but beside *2's it plays like the Nim heap *g (γₖ = γₖ(*g) for k ≥ 1). Restless: neither.\n",
            );
            print_text(&text)
        }
    }
}

/// `sprague quotient PATTERN --survey`: the misère column of a survey.
fn run_survey(args: &Args) -> Result<(), CliError> {
    let rows = quotient_report::survey(&args.game, args.heaps, args.max_order)?;
    match args.format {
        Style::Json => print_json(&rows),
        Style::Text => {
            let mut text = format!(
                "Misère quotients of {} (heaps up to {})

",
                args.game, args.heaps
            );
            for row in &rows {
                let misere = match row.status {
                    "proven" => format!(
                        "order {} (|P| = {}), proven: period {} from heap {}",
                        row.order,
                        row.p_portion,
                        row.period.unwrap_or(0),
                        row.preperiod.unwrap_or(0)
                    ),
                    "computed" => format!(
                        "order {} at heap {}, no period yet",
                        row.order, row.heaps_computed
                    ),
                    _ => format!(
                        "order {} at heap {}, stops: {}",
                        row.order,
                        row.heaps_computed,
                        row.stopped.as_deref().unwrap_or("")
                    ),
                };
                text.push_str(&format!(
                    "  {:<8} {misere}  ({:.1} s)\n",
                    row.code, row.seconds
                ));
            }
            print_text(&text)
        }
    }
}

/// Computes and prints the quotient.
pub fn run(args: &Args) -> Result<(), CliError> {
    if args.survey {
        return run_survey(args);
    }
    take_break_rule(&args.game)?;
    if let Some(to) = args.genus {
        return run_genus(args, to);
    }
    let game = parse_game(args.game.strip_prefix("misere:").unwrap_or(&args.game))?;
    let (record, stopped) = quotient_report::quotient(
        &args.game,
        QuotientOptions {
            heaps: args.heaps,
            max_order: args.max_order,
            max_outcomes: args.max_outcomes,
        },
    )?;
    match args.format {
        Style::Json => print_json(&record)?,
        Style::Text => print_text(&render(&game.title(), &record))?,
    }
    match stopped {
        Some(error) => Err(error.into()),
        None => Ok(()),
    }
}

fn render(title: &str, q: &QuotientRecord) -> String {
    let mut text = format!(
        "Misère quotient of {title}, heaps 1..={}\n\n",
        q.heaps_computed
    );
    text.push_str(&format!("Order: {}\n", q.order));
    match q.proof {
        Some(p) => text.push_str(&format!(
            "Proven for all heaps: the heap map has period {} from heap {} (checked to heap {} ≥ {}·({} + {}) + {} − 1, the periodicity theorem's window)\n",
            p.period, p.preperiod, p.checked_to, p.parts, p.preperiod, p.period, p.removed
        )),
        None => text.push_str(&format!(
            "Not proven beyond heap {}: the quotient of heaps 1..={} (each step proven exactly); no period yet\n",
            q.heaps_computed, q.heaps_computed
        )),
    }
    if let Some(reason) = &q.stopped {
        text.push_str(&format!(
            "Stopped at heap {}: {reason}\n",
            q.heaps_computed + 1
        ));
    }
    let generators: Vec<String> = q
        .generators
        .iter()
        .map(|g| format!("{} = heap {}", g.letter, g.heap))
        .collect();
    text.push_str(&format!("Generators: {}\n", generators.join(", ")));
    let relations: Vec<String> = q
        .relations
        .iter()
        .map(|[l, r]| format!("{l} = {r}"))
        .collect();
    text.push_str(&format!(
        "Relations: {}\n",
        if relations.is_empty() {
            "none".to_string()
        } else {
            relations.join(", ")
        }
    ));
    text.push_str(&format!(
        "P-portion ({}): {}\n",
        q.p_portion.len(),
        q.p_portion.join(", ")
    ));
    let growth: Vec<String> = q
        .growth
        .iter()
        .skip(1)
        .map(|g| format!("{} at heap {}", g.order, g.heap))
        .collect();
    text.push_str(&format!("Order growth: {}\n", growth.join(", ")));
    text.push_str("\nHeap → element:\n");
    for (row, chunk) in q.heaps.chunks(12).enumerate() {
        let start = row * 12;
        let cells: Vec<String> = chunk.iter().map(|w| format!("{w:>6}")).collect();
        text.push_str(&format!("  {start:>4}: {}\n", cells.join(" ")));
    }
    text.push_str(&format!(
        "\nComputed in {:.2} s; the last exact check walked {} states.\n",
        q.seconds, q.check_states
    ));
    text
}

#[derive(Serialize)]
struct ComponentJson {
    position: String,
    grundy: Option<u64>,
    rule: Option<String>,
}

#[derive(Serialize)]
struct MoveJson {
    component: Option<usize>,
    #[serde(rename = "move")]
    description: String,
    to: String,
}

#[derive(Serialize)]
struct MisereAnalysisJson {
    game: String,
    outcome: &'static str,
    grundy: Option<u64>,
    remoteness: Option<u64>,
    method: String,
    quotient_order: usize,
    quotient_element: String,
    components: Vec<ComponentJson>,
    winning_moves: Vec<MoveJson>,
    winning_move_count: usize,
    seconds: f64,
}

/// `analyze misere:GAME HEAPS…` through the quotient, when GAME is an octal or
/// hexadecimal game whose quotient is proven (or computed past every heap
/// given) within the limits; `None` otherwise (then exact search answers).
pub fn misere_analysis(
    game: &str,
    words: &[String],
    format: Style,
) -> Option<Result<(), CliError>> {
    game.strip_prefix("misere:")?;
    let rule = take_break_rule(game).ok()?;
    let heaps: Vec<u64> = words
        .iter()
        .map(|w| w.parse().ok())
        .collect::<Option<_>>()?;
    let largest = heaps.iter().copied().max().unwrap_or(0);
    if largest <= MAX_MISERE_SEARCHED_HEAP {
        return None; // the library's choice by cost, as every face answers such sums
    }
    let started = Instant::now();
    // The library's quotient path, the one the web API and Python take too.
    // A heap beyond any exact search: the quotient is the only answer, and a command
    // line ends at Ctrl-C anyway, so its construction is bounded by its limits alone.
    let cache = QuotientCache::new();
    let disk = crate::quotient_disk::DiskQuotient::attach_cache(&rule, &cache);
    let answer = cache.answer_within(&rule, &heaps, Duration::from_secs(3600));
    if let Some(disk) = disk {
        disk.save();
    }
    let answer = answer?;
    let seconds = started.elapsed().as_secs_f64();
    let title = parse_game(game).ok()?.title();
    let moves: Vec<MoveJson> = answer
        .report
        .winning_moves
        .iter()
        .map(|m| MoveJson {
            component: m.component,
            description: m.description.clone(),
            to: m.to.clone(),
        })
        .collect();
    let record = MisereAnalysisJson {
        game: game.to_string(),
        outcome: answer.report.outcome.letter(),
        grundy: None,
        remoteness: None,
        method: answer.report.method.clone(),
        quotient_order: answer.order,
        quotient_element: answer.element.clone(),
        components: heaps
            .iter()
            .map(|h| ComponentJson {
                position: h.to_string(),
                grundy: None,
                rule: None,
            })
            .collect(),
        winning_move_count: moves.len(),
        winning_moves: moves,
        seconds,
    };
    Some(match format {
        Style::Json => print_json(&record),
        Style::Text => print_text(&render_analysis(&title, &record)),
    })
}

fn render_analysis(title: &str, r: &MisereAnalysisJson) -> String {
    let positions: Vec<&str> = r.components.iter().map(|c| c.position.as_str()).collect();
    let mut text = format!("{title}, position {}\n\n", positions.join(" "));
    let outcome = if r.outcome == "P" {
        "P — the player to move loses"
    } else {
        "N — the player to move wins"
    };
    text.push_str(&format!("Outcome: {outcome}.\nBy: {}.\n", r.method));
    if r.winning_moves.is_empty() {
        if r.outcome == "P" {
            text.push_str("No winning move: every move leads to an N-position.\n");
        }
    } else {
        let shown = if r.winning_move_count > r.winning_moves.len() {
            format!(
                "{}, the first {} shown",
                r.winning_move_count,
                r.winning_moves.len()
            )
        } else {
            r.winning_move_count.to_string()
        };
        text.push_str(&format!("Winning moves ({shown}):\n"));
        let width = r
            .winning_moves
            .iter()
            .map(|m| m.description.chars().count())
            .max()
            .unwrap_or(0);
        for m in &r.winning_moves {
            let pad = width - m.description.chars().count();
            text.push_str(&format!(
                "  {}{}  →  {}\n",
                m.description,
                " ".repeat(pad),
                m.to
            ));
        }
    }
    text.push_str(&format!("Answered in {:.3} s.\n", r.seconds));
    text
}
