//! The records every front end gives for partizan games — the JSON of `sprague cgt` (a
//! game's canonical form and facts, or how two games compare) and of `sprague analyze` on a
//! ruleset (value, outcome, each player's winning moves) — built here once, so the command
//! line, the web API (`/api/cgt`, `/api/analyze`) and Python answer with the same keys
//! (documented in docs/json.md).
//!
//! Facts as in Siegel, *Combinatorial Game Theory* (AMS 2013): the outcome classes (§II.1),
//! stops, mean and temperature (§II.5), thermographs, atomic weight (§II.7), reduced
//! canonical form (§II.6).

use serde::Serialize;

use crate::compare::{Comparison, Outcome};
use crate::dyadic::Dyadic;
use crate::error::GameError;
use crate::rules::catalogue::{self, Analysis, Entry, Move};
use crate::store::{GameId, GameStore};
use crate::thermograph::Thermograph;

/// The sentence explaining an outcome class.
///
/// ```
/// use sprague_partizan::{report::outcome_sentence, Outcome};
/// assert_eq!(outcome_sentence(Outcome::P), "the second player wins (G = 0)");
/// ```
pub fn outcome_sentence(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::L => "Left wins whoever moves first (G > 0)",
        Outcome::R => "Right wins whoever moves first (G < 0)",
        Outcome::P => "the second player wins (G = 0)",
        Outcome::N => "the first player wins (G ‖ 0)",
    }
}

/// One point of a thermograph's wall: the value at a temperature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WallPoint {
    /// The temperature (exact, e.g. "1/2").
    pub t: String,
    /// The wall's value there (exact).
    pub value: String,
}

/// Where the mast stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mast {
    /// Its value, the mean of the game.
    pub value: String,
    /// The temperature from which it is vertical (the temperature of the game).
    pub from_temperature: String,
}

/// A thermograph as exact points: each wall from t = -1 to where it joins the mast.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ThermographRecord {
    /// The left wall's breakpoints (the left stop of G cooled by t).
    pub left_wall: Vec<WallPoint>,
    /// The right wall's breakpoints (the right stop of G cooled by t).
    pub right_wall: Vec<WallPoint>,
    /// The mast.
    pub mast: Mast,
}

fn wall(points: Vec<(Dyadic, Dyadic)>) -> Vec<WallPoint> {
    points
        .into_iter()
        .map(|(t, v)| WallPoint {
            t: t.to_string(),
            value: v.to_string(),
        })
        .collect()
}

impl ThermographRecord {
    /// The record of a thermograph.
    pub fn new(th: &Thermograph) -> ThermographRecord {
        ThermographRecord {
            left_wall: wall(th.left_wall().breakpoints()),
            right_wall: wall(th.right_wall().breakpoints()),
            mast: Mast {
                value: th.mast().to_string(),
                from_temperature: th.temperature().to_string(),
            },
        }
    }
}

/// Everything `sprague cgt` says about one game (`--format json`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CgtRecord {
    /// The text as given.
    pub expression: String,
    /// The canonical form, printed in CGSuite's syntax.
    pub canonical_form: String,
    /// L, R, P or N.
    pub outcome: String,
    /// The outcome in words.
    pub outcome_explanation: String,
    /// The birthday (the depth of the canonical form's game tree).
    pub birthday: u64,
    /// The left stop (exact).
    pub left_stop: String,
    /// The right stop (exact).
    pub right_stop: String,
    /// The mean value (exact).
    pub mean: String,
    /// The temperature (exact; negative for numbers: -1/2^k for m/2^k).
    pub temperature: String,
    /// The thermograph.
    pub thermograph: ThermographRecord,
    /// The atomic weight of an all-small game, in canonical form, else null.
    pub atomic_weight: Option<String>,
    /// Why there is no atomic weight (null when there is one).
    pub atomic_weight_reason: Option<String>,
    /// The reduced canonical form (the simplest game infinitesimally close).
    pub reduced_canonical_form: String,
}

impl CgtRecord {
    /// Computes every fact of `g`, read from `expression`.
    ///
    /// # Errors
    /// A game beyond the exact limits ([`GameError`]).
    ///
    /// ```
    /// use sprague_partizan::{report::CgtRecord, GameStore};
    /// let mut store = GameStore::new();
    /// let g = store.parse("{1|-1}").unwrap();
    /// let record = CgtRecord::new(&mut store, "{1|-1}", g).unwrap();
    /// assert_eq!((record.canonical_form.as_str(), record.outcome.as_str()), ("±1", "N"));
    /// assert_eq!((record.mean.as_str(), record.temperature.as_str()), ("0", "1"));
    /// ```
    pub fn new(store: &mut GameStore, expression: &str, g: GameId) -> Result<CgtRecord, GameError> {
        let th = store.thermograph(g)?;
        let outcome = store.outcome(g);
        let (atomic_weight, atomic_weight_reason) = match store.atomic_weight(g) {
            Ok(w) => (Some(store.display(w)), None),
            Err(GameError::Undefined(reason)) => (None, Some(reason.to_string())),
            Err(error) => return Err(error),
        };
        let rcf = store.rcf(g)?;
        Ok(CgtRecord {
            expression: expression.to_string(),
            canonical_form: store.display(g),
            outcome: outcome.to_string(),
            outcome_explanation: outcome_sentence(outcome).to_string(),
            birthday: store.birthday(g),
            left_stop: store.left_stop(g).to_string(),
            right_stop: store.right_stop(g).to_string(),
            mean: th.mast().to_string(),
            temperature: th.temperature().to_string(),
            thermograph: ThermographRecord::new(&th),
            atomic_weight,
            atomic_weight_reason,
            reduced_canonical_form: store.display(rcf),
        })
    }
}

/// How two games compare (`sprague cgt G --compare H --format json`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CompareRecord {
    /// G's canonical form.
    pub game: String,
    /// H's canonical form.
    pub other: String,
    /// ">", "<", "=" or "‖".
    pub relation: String,
    /// Whether G ≥ H.
    pub greater_or_equal: bool,
    /// Whether G ≤ H.
    pub less_or_equal: bool,
    /// The canonical form of G − H.
    pub difference: String,
    /// The outcome class of G − H (L for >, R for <, P for =, N for ‖).
    pub difference_outcome: String,
}

impl CompareRecord {
    /// How `g` compares with `h`.
    ///
    /// # Errors
    /// A difference beyond the exact limits ([`GameError`]).
    ///
    /// ```
    /// use sprague_partizan::{report::CompareRecord, GameStore};
    /// let mut store = GameStore::new();
    /// let (up, star) = (store.parse("^").unwrap(), store.parse("*").unwrap());
    /// assert_eq!(CompareRecord::new(&mut store, up, star).unwrap().relation, "‖");
    /// ```
    pub fn new(store: &mut GameStore, g: GameId, h: GameId) -> Result<CompareRecord, GameError> {
        let relation = store.compare(g, h);
        let difference = store.sub(g, h)?;
        Ok(CompareRecord {
            game: store.display(g),
            other: store.display(h),
            relation: relation.to_string(),
            greater_or_equal: matches!(relation, Comparison::Greater | Comparison::Equal),
            less_or_equal: matches!(relation, Comparison::Less | Comparison::Equal),
            difference: store.display(difference),
            difference_outcome: store.outcome(difference).to_string(),
        })
    }
}

/// The partizan ruleset a game name and position words ask for, if any: a ruleset by name
/// or alias, or `hackenbush` with a position written in colours (`BRB`, `0-1:b`), which
/// Green Hackenbush never accepts.
///
/// ```
/// use sprague_partizan::report::requested;
/// assert_eq!(requested("toads", &[]).unwrap().name, "toads-and-frogs");
/// assert_eq!(requested("hackenbush", &["BRB".to_string()]).unwrap().name, "blue-red-hackenbush");
/// assert!(requested("hackenbush", &["g-a".to_string()]).is_none());
/// ```
pub fn requested(game: &str, position: &[String]) -> Option<&'static Entry> {
    if let Some(entry) = catalogue::find(game) {
        return Some(entry);
    }
    let coloured = |word: &String| {
        word.contains(':')
            || (!word.is_empty()
                && word
                    .chars()
                    .all(|c| matches!(c.to_ascii_uppercase(), 'B' | 'R' | 'L')))
    };
    if game.eq_ignore_ascii_case("hackenbush")
        && !position.is_empty()
        && position.iter().all(coloured)
    {
        return catalogue::find("blue-red-hackenbush");
    }
    None
}

/// The position words as the ruleset reads them: cakes joined by `+`, strings and edges by
/// spaces; a board is one word.
///
/// # Errors
/// [`GameError::InvalidPosition`] for several words where the ruleset takes one board.
pub fn position_text(entry: &Entry, position: &[String]) -> Result<String, GameError> {
    match entry.name {
        "cutcake" => Ok(position.join(" + ")),
        "blue-red-hackenbush" | "col" | "snort" | "northcott-partizan" => Ok(position.join(" ")),
        _ => match position {
            [one] => Ok(one.clone()),
            _ => Err(GameError::InvalidPosition(format!(
                "{} takes one position (a board such as {}), not {} words",
                entry.name,
                entry.example.rsplit(' ').next().unwrap_or_default(),
                position.len()
            ))),
        },
    }
}

/// The ruleset's name as a title: `toads-and-frogs` → `Toads and Frogs`.
///
/// ```
/// assert_eq!(sprague_partizan::report::title("toads-and-frogs"), "Toads and Frogs");
/// assert_eq!(sprague_partizan::report::title("clobber"), "Clobber");
/// ```
pub fn title(name: &str) -> String {
    match name {
        "blue-red-hackenbush" => "Blue-Red Hackenbush".to_string(),
        "toads-and-frogs" => "Toads and Frogs".to_string(),
        "northcott-partizan" => "Northcott's game (partizan)".to_string(),
        other => {
            let mut chars = other.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect())
                .unwrap_or_default()
        }
    }
}

/// One move in JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveRecord {
    /// The move in the ruleset's notation.
    #[serde(rename = "move")]
    pub notation: String,
    /// In words.
    pub description: String,
    /// The position it leads to (the input syntax).
    pub to: String,
    /// That position's canonical form.
    pub value: String,
}

impl MoveRecord {
    /// The record of a move.
    pub fn new(store: &mut GameStore, m: &Move) -> MoveRecord {
        MoveRecord {
            notation: m.notation.clone(),
            description: m.description.clone(),
            to: m.position.clone(),
            value: store.display(m.value),
        }
    }
}

/// `sprague analyze RULESET POSITION --format json` for a partizan ruleset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PartizanRecord {
    /// The ruleset's name.
    pub game: &'static str,
    /// The position as read.
    pub position: String,
    /// Its canonical form (CGSuite's syntax; `sprague cgt` reads it).
    pub canonical_form: String,
    /// L, R, P or N.
    pub outcome: String,
    /// The outcome in words.
    pub outcome_explanation: String,
    /// The mean value (exact).
    pub mean: String,
    /// The temperature (exact).
    pub temperature: String,
    /// How many moves Left has.
    pub left_moves: usize,
    /// How many moves Right has.
    pub right_moves: usize,
    /// Left's winning moves: to positions of value ≥ 0 (Left wins them moving second).
    pub left_winning_moves: Vec<MoveRecord>,
    /// Right's winning moves: to positions of value ≤ 0.
    pub right_winning_moves: Vec<MoveRecord>,
}

impl PartizanRecord {
    /// The record of an analysis.
    ///
    /// # Errors
    /// A game beyond the exact limits ([`GameError`]).
    ///
    /// ```
    /// use sprague_partizan::{report::PartizanRecord, rules::catalogue::analyze, GameStore};
    /// let mut store = GameStore::new();
    /// let analysis = analyze(&mut store, "toads-and-frogs", "T.F").unwrap();
    /// let record = PartizanRecord::new(&mut store, &analysis).unwrap();
    /// assert_eq!((record.canonical_form.as_str(), record.outcome.as_str()), ("*", "N"));
    /// ```
    pub fn new(store: &mut GameStore, a: &Analysis) -> Result<PartizanRecord, GameError> {
        let outcome = store.outcome(a.value);
        let mean = store.mean(a.value)?;
        let temperature = store.temperature(a.value)?;
        let winning = |store: &mut GameStore, moves: &[Move]| {
            moves
                .iter()
                .filter(|m| m.winning)
                .map(|m| MoveRecord::new(store, m))
                .collect()
        };
        Ok(PartizanRecord {
            game: a.entry.name,
            position: a.position.clone(),
            canonical_form: store.display(a.value),
            outcome: outcome.to_string(),
            outcome_explanation: outcome_sentence(outcome).to_string(),
            mean: mean.to_string(),
            temperature: temperature.to_string(),
            left_moves: a.left.len(),
            right_moves: a.right.len(),
            left_winning_moves: winning(store, &a.left),
            right_winning_moves: winning(store, &a.right),
        })
    }
}
