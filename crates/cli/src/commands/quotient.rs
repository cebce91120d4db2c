//! `sprague quotient GAME`: the misère quotient of an octal or hexadecimal game
//! (Plambeck–Siegel), and `analyze misere:GAME …` answered through it.

use std::time::{Duration, Instant};

use serde::Serialize;
use sprague_engine::check_allocation;
use sprague_games::misere_quotient::QuotientCache;
use sprague_games::parse_game;
use sprague_games::take_break::MAX_MISERE_SEARCHED_HEAP;
use sprague_misere::genus::{positions_bound, GenusClass, GenusError, GenusSolver};
use sprague_misere::survey::{misere_column, MisereStatus, SURVEY_LIMITS};
use sprague_misere::{MisereQuotient, PeriodProof, Presentation, QuotientLimits};
use sprague_takebreak::TakeBreak;

use crate::error::CliError;
use crate::output::{print_json, print_text, Style};

/// The most heaps `sprague quotient` computes (each heap keeps its options' images).
const MAX_QUOTIENT_HEAPS: u64 = 100_000;

/// Memory per exact outcome kept by a quotient step (the sum as the key of a
/// hash map; measured: 0.78 GB for 4·10⁶ outcomes of Dawson's Kayles).
const BYTES_PER_OUTCOME: u128 = 200;

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
    let name = game.strip_prefix("misere:").unwrap_or(game);
    let parsed = parse_game(name)?;
    match parsed.take_break() {
        Some(rule) if !rule.unequal_split() => Ok(rule.clone()),
        _ => Err(CliError::Usage(format!(
            "misère quotients are computed for octal and hexadecimal games (kayles, 0.07, 0.137, 4.7, …); {name} is not one"
        ))),
    }
}

#[derive(Serialize)]
struct GrowthJson {
    heap: u64,
    order: usize,
}

#[derive(Serialize)]
struct GeneratorJson {
    letter: String,
    heap: u64,
}

#[derive(Serialize)]
struct QuotientJson {
    game: String,
    heaps_computed: u64,
    order: usize,
    proven: bool,
    proof: Option<PeriodProof>,
    generators: Vec<GeneratorJson>,
    relations: Vec<[String; 2]>,
    elements: Vec<String>,
    p_portion: Vec<String>,
    heaps: Vec<String>,
    growth: Vec<GrowthJson>,
    check_states: usize,
    /// Why the computation stopped before `--heaps` (the heaps before it stay proven).
    stopped: Option<String>,
    seconds: f64,
}

#[derive(Serialize)]
struct GenusRowJson {
    heap: u64,
    genus: String,
    tame: bool,
    class: GenusClass,
}

#[derive(Serialize)]
struct GenusJson {
    game: String,
    positions: usize,
    genera: Vec<GenusRowJson>,
}

/// The most positions the genus computation keeps.
const GENUS_POSITIONS: usize = 1_000_000;

/// Prints the genus and class of heaps 1..=`to`.
fn run_genus(args: &Args, rule: TakeBreak, to: u64) -> Result<(), CliError> {
    let game = parse_game(args.game.strip_prefix("misere:").unwrap_or(&args.game))?;
    let stop = crate::interrupt::ctrl_c_flag();
    let mut solver = GenusSolver::new(rule, GENUS_POSITIONS).with_stop(stop.clone());
    // The work, sized before it is done: every position the heaps reach is a multiset of
    // at most `to` tokens, so the partition count bounds it; past the limit the positions
    // themselves are counted (a walk without values).
    // Each heap of 1..=to alone is a position: more heaps than the limit are refused
    // before their list is made.
    if to > GENUS_POSITIONS as u64 {
        return Err(CliError::Usage(format!(
            "the genus of heaps up to {to} needs more than {GENUS_POSITIONS} positions; give a smaller --genus"
        )));
    }
    if positions_bound(to, GENUS_POSITIONS).is_none() {
        let heaps: Vec<u64> = (1..=to).collect();
        solver
            .positions_of_heaps(&heaps, GENUS_POSITIONS, &stop)
            .map_err(|e| match e {
                GenusError::Interrupted => CliError::Stopped,
                GenusError::TooLarge { limit } => CliError::Usage(format!(
                    "the genus of heaps up to {to} needs more than {limit} positions; give a smaller --genus"
                )),
                other => CliError::Usage(other.to_string()),
            })?;
    }
    let mut genera = Vec::new();
    let failed = |e: GenusError| match e {
        GenusError::Interrupted => CliError::Stopped,
        other => CliError::Usage(other.to_string()),
    };
    for heap in 1..=to {
        let genus = solver.genus(&[heap]).map_err(failed)?;
        let class = solver.class(heap).map_err(failed)?;
        genera.push(GenusRowJson {
            heap,
            genus: genus.to_string(),
            tame: class == GenusClass::Tame,
            class,
        });
    }
    let record = GenusJson {
        game: game.description(),
        positions: solver.positions_kept(),
        genera,
    };
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

#[derive(Serialize)]
struct SurveyRowJson {
    code: String,
    /// `proven`, `computed` (no period within the heaps) or `stopped`.
    status: &'static str,
    order: usize,
    heaps_computed: u64,
    p_portion: usize,
    preperiod: Option<u64>,
    period: Option<u64>,
    /// Why the computation stopped (`status` = `stopped`).
    stopped: Option<String>,
    seconds: f64,
}

/// `sprague quotient PATTERN --survey`: the misère column of a survey.
fn run_survey(args: &Args) -> Result<(), CliError> {
    let codes =
        sprague_takebreak::survey::codes(&args.game).map_err(|e| CliError::Usage(e.to_string()))?;
    let mut rows = Vec::new();
    for code in codes {
        let column = misere_column(
            &code,
            args.heaps,
            QuotientLimits {
                max_order: args.max_order.min(SURVEY_LIMITS.max_order),
                ..SURVEY_LIMITS
            },
        )
        .map_err(|e| CliError::Usage(e.to_string()))?;
        rows.push(SurveyRowJson {
            code,
            status: match column.status {
                MisereStatus::Proven => "proven",
                MisereStatus::Computed => "computed",
                MisereStatus::Stopped => "stopped",
            },
            order: column.order,
            heaps_computed: column.heaps,
            p_portion: column.p_portion,
            preperiod: column.preperiod,
            period: column.period,
            stopped: column.reason,
            seconds: column.seconds,
        });
    }
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
    let rule = take_break_rule(&args.game)?;
    if let Some(to) = args.genus {
        return run_genus(args, rule, to);
    }
    let game = parse_game(args.game.strip_prefix("misere:").unwrap_or(&args.game))?;
    if args.heaps > MAX_QUOTIENT_HEAPS {
        return Err(CliError::Usage(format!(
            "--heaps may be at most {MAX_QUOTIENT_HEAPS} (a quotient not proven periodic by then \
             is not going to be here), not {}",
            args.heaps
        )));
    }
    if args.max_outcomes == 0 {
        return Err(CliError::Usage(
            "--max-outcomes must be at least 1".to_string(),
        ));
    }
    check_allocation(
        args.max_outcomes as u128 * BYTES_PER_OUTCOME,
        &format!("{} exact outcomes (--max-outcomes)", args.max_outcomes),
    )
    .map_err(sprague_games::GameError::from)?;
    let started = Instant::now();
    let mut quotient = MisereQuotient::take_break(rule).with_limits(QuotientLimits {
        max_order: args.max_order,
        max_outcomes: args.max_outcomes,
        ..QuotientLimits::default()
    });
    // A step that fails keeps the heaps before it: print what was proven, then the reason.
    let stopped = quotient.extend_to(args.heaps).err();
    let seconds = started.elapsed().as_secs_f64();
    let generators = quotient.generators();
    let images: Vec<u32> = generators
        .iter()
        .filter_map(|&h| quotient.image(h))
        .collect();
    let presentation = Presentation::of(quotient.monoid(), &images).ok_or_else(|| {
        CliError::Usage("the quotient's generators do not generate it".to_string())
    })?;
    let word = |x: u32| presentation.words[x as usize].clone();
    // Heaps listed: up to the end of the first period when proven, else all computed.
    let shown = quotient.proof().map_or(quotient.heaps(), |p| {
        (p.preperiod + p.period - 1).min(quotient.heaps())
    });
    let heaps: Vec<String> = (0..=shown)
        .filter_map(|h| quotient.image(h))
        .map(word)
        .collect();
    let p_portion: Vec<String> = quotient
        .monoid()
        .p_portion()
        .into_iter()
        .map(word)
        .collect();
    let record = QuotientJson {
        game: game.description(),
        heaps_computed: quotient.heaps(),
        order: quotient.monoid().order(),
        proven: quotient.proof().is_some(),
        proof: quotient.proof(),
        generators: presentation
            .generators
            .iter()
            .zip(&generators)
            .map(|(letter, &heap)| GeneratorJson {
                letter: letter.clone(),
                heap,
            })
            .collect(),
        relations: presentation
            .relations
            .iter()
            .map(|(l, r)| [l.clone(), r.clone()])
            .collect(),
        elements: presentation.words.clone(),
        p_portion,
        heaps,
        growth: quotient
            .growth()
            .iter()
            .map(|&(heap, order)| GrowthJson { heap, order })
            .collect(),
        check_states: quotient.check_states(),
        stopped: stopped.as_ref().map(ToString::to_string),
        seconds,
    };
    match args.format {
        Style::Json => print_json(&record)?,
        Style::Text => print_text(&render(&game.title(), &record))?,
    }
    match stopped {
        Some(error) => Err(error.into()),
        None => Ok(()),
    }
}

fn render(title: &str, q: &QuotientJson) -> String {
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
    let answer = QuotientCache::new().answer_within(&rule, &heaps, Duration::from_secs(3600))?;
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
