//! The records of `sprague quotient` (misère quotient, genus symbols, the misère
//! column of a survey), built here so the command line's `--format json`, the web
//! API and the Python module hand back the same JSON.

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use serde::Serialize;
use sprague_engine::{check_allocation, HeapFamily};
use sprague_misere::genus::{positions_bound, GenusClass, GenusError, GenusSolver};
use sprague_misere::survey::{misere_column, MisereStatus, SURVEY_LIMITS};
use sprague_misere::{MisereQuotient, PeriodProof, Presentation, QuotientError, QuotientLimits};
use sprague_takebreak::TakeBreak;

use crate::{parse_game, GameError};

/// The most heaps a quotient is computed for (each heap keeps its options' images).
pub const MAX_QUOTIENT_HEAPS: u64 = 100_000;

/// Memory per exact outcome kept by a quotient step (the sum as the key of a
/// hash map; measured: 0.78 GB for 4·10⁶ outcomes of Dawson's Kayles).
const BYTES_PER_OUTCOME: u128 = 200;

/// The most positions the genus computation keeps.
pub const GENUS_POSITIONS: usize = 1_000_000;

/// Why a quotient request was refused or stopped.
#[derive(Debug, thiserror::Error)]
pub enum QuotientReportError {
    /// A bad request (the command line's usage error, exit 2).
    #[error("{0}")]
    Usage(String),
    /// The game description could not be read.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The stop flag was raised before the answer was complete.
    #[error("interrupted before the answer was complete")]
    Stopped,
}

/// The options of `sprague quotient GAME` (the command line's defaults in `Default`).
#[derive(Debug, Clone, Copy)]
pub struct QuotientOptions {
    /// Heaps 1..=`heaps` (the computation stops earlier once the heap map is proven periodic).
    pub heaps: u64,
    /// The largest quotient order computed before giving up.
    pub max_order: usize,
    /// The most sums whose exact outcome one step may need.
    pub max_outcomes: usize,
}

impl Default for QuotientOptions {
    fn default() -> Self {
        QuotientOptions {
            heaps: 1000,
            max_order: 1024,
            max_outcomes: QuotientLimits::default().max_outcomes,
        }
    }
}

/// The take-and-break rule behind `game` (a leading `misere:` is ignored).
pub fn take_break_rule(game: &str) -> Result<TakeBreak, QuotientReportError> {
    let name = game.strip_prefix("misere:").unwrap_or(game);
    let parsed = parse_game(name)?;
    match parsed.take_break() {
        Some(rule) if !rule.unequal_split() => Ok(rule.clone()),
        _ => Err(QuotientReportError::Usage(format!(
            "misère quotients are computed for octal and hexadecimal games (kayles, 0.07, 0.137, 4.7, …) and rule: games without unequal splits (2u, 3u); {name} is not one"
        ))),
    }
}

/// A heap at which the quotient's order grew.
#[derive(Debug, Serialize)]
pub struct GrowthJson {
    /// The heap.
    pub heap: u64,
    /// The order from that heap on.
    pub order: usize,
}

/// A generator of the quotient: a letter and the heap it stands for.
#[derive(Debug, Serialize)]
pub struct GeneratorJson {
    /// The letter.
    pub letter: String,
    /// The heap.
    pub heap: u64,
}

/// The record of `sprague quotient GAME --format json`.
#[derive(Debug, Serialize)]
pub struct QuotientRecord {
    /// The game's description.
    pub game: String,
    /// Heaps 1..=this were computed.
    pub heaps_computed: u64,
    /// The quotient's order.
    pub order: usize,
    /// Whether the heap map is proven periodic.
    pub proven: bool,
    /// The periodicity proof.
    pub proof: Option<PeriodProof>,
    /// The generators.
    pub generators: Vec<GeneratorJson>,
    /// The relations, each a pair of equal words.
    pub relations: Vec<[String; 2]>,
    /// Every element as a word.
    pub elements: Vec<String>,
    /// The P-portion.
    pub p_portion: Vec<String>,
    /// The element of each heap 0, 1, … (to the end of the first period when proven).
    pub heaps: Vec<String>,
    /// Where the order grew.
    pub growth: Vec<GrowthJson>,
    /// The states walked by the last exact check.
    pub check_states: usize,
    /// Why the computation stopped before `--heaps` (the heaps before it stay proven).
    pub stopped: Option<String>,
    /// Seconds taken.
    pub seconds: f64,
}

/// The misère quotient of heaps 1..=`options.heaps`. A step that fails keeps the
/// heaps before it: the record is returned with `stopped` set, and the error beside it.
pub fn quotient(
    game: &str,
    options: QuotientOptions,
) -> Result<(QuotientRecord, Option<QuotientError>), QuotientReportError> {
    let rule = take_break_rule(game)?;
    let parsed = parse_game(game.strip_prefix("misere:").unwrap_or(game))?;
    check_quotient_options(options)?;
    let mut quotient = MisereQuotient::take_break(rule).with_limits(quotient_limits(options));
    quotient_record(&mut quotient, parsed.description(), options, &mut |_| {
        ControlFlow::Continue(())
    })
}

/// Refuses quotient options out of range: more heaps than [`MAX_QUOTIENT_HEAPS`], no
/// outcome allowed, or more outcomes than memory holds.
///
/// # Errors
/// [`QuotientReportError::Usage`] or the memory error, in the command line's words.
///
/// ```
/// use sprague_games::quotient_report::{check_quotient_options, QuotientOptions};
/// assert!(check_quotient_options(QuotientOptions::default()).is_ok());
/// let too_many = QuotientOptions { heaps: 1_000_000, ..QuotientOptions::default() };
/// assert!(check_quotient_options(too_many).is_err());
/// ```
pub fn check_quotient_options(options: QuotientOptions) -> Result<(), QuotientReportError> {
    if options.heaps > MAX_QUOTIENT_HEAPS {
        return Err(QuotientReportError::Usage(format!(
            "--heaps may be at most {MAX_QUOTIENT_HEAPS} (a quotient not proven periodic by then \
             is not going to be here), not {}",
            options.heaps
        )));
    }
    if options.max_outcomes == 0 {
        return Err(QuotientReportError::Usage(
            "--max-outcomes must be at least 1".to_string(),
        ));
    }
    check_allocation(
        options.max_outcomes as u128 * BYTES_PER_OUTCOME,
        &format!("{} exact outcomes (--max-outcomes)", options.max_outcomes),
    )
    .map_err(GameError::from)?;
    Ok(())
}

/// The construction's limits for `options` (the library's defaults otherwise).
pub fn quotient_limits(options: QuotientOptions) -> QuotientLimits {
    QuotientLimits {
        max_order: options.max_order,
        max_outcomes: options.max_outcomes,
        ..QuotientLimits::default()
    }
}

/// Extends `quotient` heap by heap to `options.heaps` (or until its period is proven) and
/// writes its record, the game described as `description`: the record of `sprague
/// quotient` for any heap family (a family tabulated from a user's function gets the same
/// record as an octal code; its proof, which needs an octal code's shape, only when the
/// quotient was made by [`MisereQuotient::take_break`]). `observe` is told each heap before
/// it is added; `Break` stops the work.
///
/// # Errors
/// [`QuotientReportError::Stopped`] when `observe` stopped it; a failing step is not an
/// error but the record's `stopped`, with the error beside the record.
///
/// ```
/// use std::ops::ControlFlow;
/// use sprague_games::quotient_report::{quotient_record, QuotientOptions};
/// use sprague_misere::MisereQuotient;
/// use sprague_takebreak::TakeBreak;
/// let mut kayles = MisereQuotient::take_break(TakeBreak::octal("0.77").unwrap());
/// let options = QuotientOptions { heaps: 10, ..QuotientOptions::default() };
/// let (record, _) =
///     quotient_record(&mut kayles, "kayles".into(), options, &mut |_| ControlFlow::Continue(()))
///         .unwrap();
/// // Q_10 of misère Kayles has 18 elements (the whole quotient, 40, is proven at heap 167).
/// assert_eq!((record.heaps_computed, record.order, record.proven), (10, 18, false));
/// ```
pub fn quotient_record<F: HeapFamily>(
    quotient: &mut MisereQuotient<F>,
    description: String,
    options: QuotientOptions,
    observe: &mut dyn FnMut(u64) -> ControlFlow<()>,
) -> Result<(QuotientRecord, Option<QuotientError>), QuotientReportError> {
    let started = Instant::now();
    let mut stopped = None;
    while quotient.heaps() < options.heaps && quotient.proof().is_none() {
        let heap = quotient.heaps() + 1;
        if observe(heap).is_break() {
            return Err(QuotientReportError::Stopped);
        }
        if let Err(error) = quotient.extend_to(heap) {
            stopped = Some(error);
            break;
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let generators = quotient.generators();
    let images: Vec<u32> = generators
        .iter()
        .filter_map(|&h| quotient.image(h))
        .collect();
    let presentation = Presentation::of(quotient.monoid(), &images).ok_or_else(|| {
        QuotientReportError::Usage("the quotient's generators do not generate it".to_string())
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
    let record = QuotientRecord {
        game: description,
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
    Ok((record, stopped))
}

/// The genus symbol of one heap.
#[derive(Debug, Serialize)]
pub struct GenusRow {
    /// The heap.
    pub heap: u64,
    /// Its genus symbol.
    pub genus: String,
    /// Whether it is tame.
    pub tame: bool,
    /// Tame, restive or restless.
    pub class: GenusClass,
}

/// The record of `sprague quotient GAME --genus N --format json`.
#[derive(Debug, Serialize)]
pub struct GenusRecord {
    /// The game's description.
    pub game: String,
    /// The positions kept.
    pub positions: usize,
    /// Heaps 1..=N.
    pub genera: Vec<GenusRow>,
}

/// The genus symbol and class of heaps 1..=`to`; `stop` ends the work early.
pub fn genus(
    game: &str,
    to: u64,
    stop: Arc<AtomicBool>,
) -> Result<GenusRecord, QuotientReportError> {
    let rule = take_break_rule(game)?;
    let parsed = parse_game(game.strip_prefix("misere:").unwrap_or(game))?;
    let mut solver = GenusSolver::new(rule, GENUS_POSITIONS).with_stop(stop.clone());
    // The work, sized before it is done: every position the heaps reach is a multiset of
    // at most `to` tokens, so the partition count bounds it; past the limit the positions
    // themselves are counted (a walk without values).
    // Each heap of 1..=to alone is a position: more heaps than the limit are refused
    // before their list is made.
    if to > GENUS_POSITIONS as u64 {
        return Err(QuotientReportError::Usage(format!(
            "the genus of heaps up to {to} needs more than {GENUS_POSITIONS} positions; give a smaller --genus"
        )));
    }
    if positions_bound(to, GENUS_POSITIONS).is_none() {
        let heaps: Vec<u64> = (1..=to).collect();
        solver
            .positions_of_heaps(&heaps, GENUS_POSITIONS, &stop)
            .map_err(|e| match e {
                GenusError::Interrupted => QuotientReportError::Stopped,
                GenusError::TooLarge { limit } => QuotientReportError::Usage(format!(
                    "the genus of heaps up to {to} needs more than {limit} positions; give a smaller --genus"
                )),
                other => QuotientReportError::Usage(other.to_string()),
            })?;
    }
    let mut genera = Vec::new();
    let failed = |e: GenusError| match e {
        GenusError::Interrupted => QuotientReportError::Stopped,
        other => QuotientReportError::Usage(other.to_string()),
    };
    for heap in 1..=to {
        let genus = solver.genus(&[heap]).map_err(failed)?;
        let class = solver.class(heap).map_err(failed)?;
        genera.push(GenusRow {
            heap,
            genus: genus.to_string(),
            tame: class == GenusClass::Tame,
            class,
        });
    }
    Ok(GenusRecord {
        game: parsed.description(),
        positions: solver.positions_kept(),
        genera,
    })
}

/// One code's row of `sprague quotient PATTERN --survey --format json`.
#[derive(Debug, Serialize)]
pub struct SurveyRow {
    /// The octal code.
    pub code: String,
    /// `proven`, `computed` (no period within the heaps) or `stopped`.
    pub status: &'static str,
    /// The quotient's order.
    pub order: usize,
    /// Heaps computed.
    pub heaps_computed: u64,
    /// The size of the P-portion.
    pub p_portion: usize,
    /// The preperiod, when proven.
    pub preperiod: Option<u64>,
    /// The period, when proven.
    pub period: Option<u64>,
    /// Why the computation stopped (`status` = `stopped`).
    pub stopped: Option<String>,
    /// Seconds taken.
    pub seconds: f64,
}

/// The misère column of a survey: every octal code of `pattern` (0.??).
pub fn survey(
    pattern: &str,
    heaps: u64,
    max_order: usize,
) -> Result<Vec<SurveyRow>, QuotientReportError> {
    let codes = sprague_takebreak::survey::codes(pattern)
        .map_err(|e| QuotientReportError::Usage(e.to_string()))?;
    let mut rows = Vec::new();
    for code in codes {
        let column = misere_column(
            &code,
            heaps,
            QuotientLimits {
                max_order: max_order.min(SURVEY_LIMITS.max_order),
                ..SURVEY_LIMITS
            },
        )
        .map_err(|e| QuotientReportError::Usage(e.to_string()))?;
        rows.push(SurveyRow {
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
    Ok(rows)
}
