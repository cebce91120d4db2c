//! The catalogue: every game sprague knows, its syntax, and the parser from a
//! game description (`kayles`, `bash:3`, `subtraction:1,3,4`, `0.07`, …) to a game.
//!
//! `sprague games` prints [`ENTRIES`]; [`parse_game`] reads a description.
//! Unknown names are answered with the closest names of the catalogue
//! (Levenshtein distance, via the `strsim` crate).

use sprague_engine::{sweep, Analysis, HeapFamily, Values};

use crate::bash_game::BashGame;
use crate::error::GameError;
use crate::grundys_game::GrundysGame;
use crate::heap_analysis::{analyze_heaps, PROOF_HORIZON};
use crate::laskers_nim::LaskersNim;
use crate::nim::Nim;
use crate::octal::OctalGame;
use crate::subtraction::SubtractionGame;
use crate::{dawsons_kayles, kayles};

/// One game of the catalogue, as `sprague games` lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CatalogueEntry {
    /// The name or prefix typed on the command line.
    pub name: &'static str,
    /// The full syntax of a description.
    pub syntax: &'static str,
    /// A command that uses it.
    pub example: &'static str,
    /// The rule in one sentence.
    pub rule: &'static str,
    /// Whether `sprague values` works for it (a one-heap family).
    pub has_values: bool,
}

/// Every game of the catalogue.
pub const ENTRIES: &[CatalogueEntry] = &[
    CatalogueEntry {
        name: "nim",
        syntax: "nim",
        example: "sprague analyze nim 3 4 5",
        rule: "take any positive number of tokens from one heap",
        has_values: true,
    },
    CatalogueEntry {
        name: "bash",
        syntax: "bash:M",
        example: "sprague values bash:3 --to 21",
        rule: "take between 1 and M tokens from one heap (the Bash game; take-away 21 is bash:3)",
        has_values: true,
    },
    CatalogueEntry {
        name: "subtraction",
        syntax: "subtraction:S1,S2,...",
        example: "sprague values subtraction:1,3,4 --to 20",
        rule: "take exactly s tokens from one heap, for some s in the finite set S",
        has_values: true,
    },
    CatalogueEntry {
        name: "octal",
        syntax: "octal:D0.D1D2... or a bare code such as 0.07 or 4.7",
        example: "sprague values octal:0.137 --to 100",
        rule: "take-and-break game of an octal code: digit d_i says whether removing i tokens may leave 0 (bit 1), 1 (bit 2) or 2 (bit 4) heaps",
        has_values: true,
    },
    CatalogueEntry {
        name: "kayles",
        syntax: "kayles",
        example: "sprague analyze kayles 2 3",
        rule: "knock down one pin or two adjacent pins from a row (octal 0.77)",
        has_values: true,
    },
    CatalogueEntry {
        name: "dawsons-kayles",
        syntax: "dawsons-kayles",
        example: "sprague values dawsons-kayles --to 100",
        rule: "knock down exactly two adjacent pins from a row (octal 0.07)",
        has_values: true,
    },
    CatalogueEntry {
        name: "dawsons-chess",
        syntax: "dawsons-chess",
        example: "sprague values dawsons-chess --to 100",
        rule: "Dawson's chess, pawns on a 3×n board (octal 0.137)",
        has_values: true,
    },
    CatalogueEntry {
        name: "treblecross",
        syntax: "treblecross",
        example: "sprague analyze treblecross 10",
        rule: "one-dimensional tic-tac-toe where both players play crosses (octal 0.007)",
        has_values: true,
    },
    CatalogueEntry {
        name: "grundy",
        syntax: "grundy",
        example: "sprague analyze grundy 5 6 7",
        rule: "Grundy's game: split one heap into two non-empty heaps of different sizes",
        has_values: true,
    },
    CatalogueEntry {
        name: "lasker",
        syntax: "lasker",
        example: "sprague values lasker --to 20",
        rule: "Lasker's Nim: take any positive number from one heap, or split a heap into two non-empty heaps",
        has_values: true,
    },
];

/// Other spellings accepted for catalogue names.
const ALIASES: &[(&str, &str)] = &[
    ("dawson", "dawsons-kayles"),
    ("dawsons", "dawsons-kayles"),
    ("grundys-game", "grundy"),
    ("grundys", "grundy"),
    ("laskers-nim", "lasker"),
    ("lasker-nim", "lasker"),
    ("lasker's-nim", "lasker"),
    ("subtract", "subtraction"),
];

/// A game parsed from a description.
pub struct CatalogueGame {
    description: String,
    title: String,
    family: Box<dyn HeapFamily + Send + Sync>,
}

impl std::fmt::Debug for CatalogueGame {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("CatalogueGame")
            .field("description", &self.description)
            .field("title", &self.title)
            .finish_non_exhaustive()
    }
}

impl CatalogueGame {
    fn heap(
        description: String,
        title: String,
        family: impl HeapFamily + Send + Sync + 'static,
    ) -> Self {
        Self {
            description,
            title,
            family: Box::new(family),
        }
    }

    /// The canonical description, e.g. `kayles` or `subtraction:1,3,4`.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// A human title, e.g. "Kayles (octal 0.77)".
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The one-heap family, for games that are one.
    pub fn heap_family(&self) -> Option<&dyn HeapFamily> {
        Some(self.family.as_ref())
    }

    /// g(0..=to), with the period found (proven where a theorem applies).
    ///
    /// # Errors
    /// [`GameError::NotAHeapFamily`] for games without a value sequence;
    /// [`GameError::Memory`] when the table would not fit in memory.
    ///
    /// ```
    /// let game = sprague_games::parse_game("subtraction:1,3,4").unwrap();
    /// let values = game.values(20).unwrap();
    /// let p_positions: Vec<u64> = (0..=20).filter(|&n| values.get(n) == Some(0)).collect();
    /// assert_eq!(p_positions, vec![0, 2, 7, 9, 14, 16]);
    /// ```
    pub fn values(&self, to: u64) -> Result<Values, GameError> {
        let family = self
            .heap_family()
            .ok_or_else(|| GameError::NotAHeapFamily {
                game: self.description.clone(),
            })?;
        Ok(sweep(family, to, PROOF_HORIZON)?)
    }

    /// Analyses the position given as command-line words (one per component).
    ///
    /// # Errors
    /// [`GameError::InvalidHeap`] for words that are not heap sizes,
    /// [`GameError::EmptyPosition`] for no words, and the errors of
    /// [`analyze_heaps`].
    ///
    /// ```
    /// let game = sprague_games::parse_game("nim").unwrap();
    /// let analysis = game.analyze(&["3", "4", "5"]).unwrap();
    /// assert_eq!(analysis.outcome.letter(), "N");
    /// assert_eq!(analysis.winning_moves[0].result, vec!["1", "4", "5"]);
    /// ```
    pub fn analyze<S: AsRef<str>>(&self, words: &[S]) -> Result<Analysis<String>, GameError> {
        if words.is_empty() {
            return Err(GameError::EmptyPosition {
                example: format!("{} 3 4 5", self.description),
            });
        }
        let heaps = words
            .iter()
            .map(|word| parse_heap(word.as_ref()))
            .collect::<Result<Vec<u64>, GameError>>()?;
        let analysis = analyze_heaps(self.family.as_ref(), &heaps)?;
        Ok(analysis.map_positions(|heaps| heaps.to_string()))
    }
}

/// Reads a heap size.
fn parse_heap(word: &str) -> Result<u64, GameError> {
    word.trim()
        .parse::<u64>()
        .map_err(|_| GameError::InvalidHeap {
            text: word.to_string(),
        })
}

/// Reads a game description.
///
/// # Errors
/// [`GameError::UnknownGame`] (with close names) or the parameter errors of each game.
///
/// ```
/// use sprague_games::parse_game;
/// assert_eq!(parse_game("0.07").unwrap().title(), "Dawson's Kayles (octal 0.07)");
/// assert_eq!(parse_game("bash:3").unwrap().description(), "bash:3");
/// let error = parse_game("kayels").unwrap_err();
/// assert!(error.to_string().contains("did you mean 'kayles'"));
/// ```
pub fn parse_game(description: &str) -> Result<CatalogueGame, GameError> {
    let text = description.trim().to_lowercase();
    let (name, parameter) = match text.split_once(':') {
        Some((name, parameter)) => (name.to_string(), Some(parameter.to_string())),
        None => (text.clone(), None),
    };
    let name = ALIASES
        .iter()
        .find(|(alias, _)| *alias == name)
        .map_or(name.clone(), |(_, canonical)| canonical.to_string());
    if parameter.is_none() && name.contains('.') {
        return octal_game(&name);
    }
    let needs_parameter = |syntax: &str| GameError::InvalidParameter {
        description: description.to_string(),
        reason: format!("{name} needs a parameter: {syntax}"),
    };
    let no_parameter = || GameError::InvalidParameter {
        description: description.to_string(),
        reason: format!("{name} takes no parameter; write just '{name}'"),
    };
    match (name.as_str(), parameter) {
        ("nim", None) => Ok(CatalogueGame::heap("nim".into(), "Nim".into(), Nim)),
        ("bash", Some(parameter)) => {
            let largest = parse_parameter(description, &parameter, "M, the largest take")?;
            let game =
                BashGame::new(largest).map_err(|error| with_description(error, description))?;
            Ok(CatalogueGame::heap(
                format!("bash:{largest}"),
                format!("Bash game (take 1 to {largest})"),
                game,
            ))
        }
        ("bash", None) => Err(needs_parameter("bash:M, e.g. bash:3")),
        ("subtraction", Some(parameter)) => {
            let takes = parameter
                .split(',')
                .filter(|word| !word.trim().is_empty())
                .map(|word| parse_parameter(description, word, "each take"))
                .collect::<Result<Vec<u64>, GameError>>()?;
            let game = SubtractionGame::new(takes)
                .map_err(|error| with_description(error, description))?;
            let words: Vec<String> = game.takes().iter().map(u64::to_string).collect();
            Ok(CatalogueGame::heap(
                format!("subtraction:{}", words.join(",")),
                format!("Subtraction game S = {{{}}}", words.join(", ")),
                game,
            ))
        }
        ("subtraction", None) => Err(needs_parameter(
            "subtraction:S1,S2,..., e.g. subtraction:1,3,4",
        )),
        ("octal", Some(parameter)) => octal_game(&parameter),
        ("octal", None) => Err(needs_parameter("octal:CODE, e.g. octal:0.77")),
        ("kayles", None) => Ok(named_octal("kayles", "Kayles", kayles::kayles())),
        ("dawsons-kayles", None) => Ok(named_octal(
            "dawsons-kayles",
            "Dawson's Kayles",
            dawsons_kayles::dawsons_kayles(),
        )),
        ("dawsons-chess", None) => Ok(named_octal(
            "dawsons-chess",
            "Dawson's chess",
            dawsons_kayles::dawsons_chess(),
        )),
        ("treblecross", None) => Ok(named_octal(
            "treblecross",
            "Treblecross",
            dawsons_kayles::treblecross(),
        )),
        ("grundy", None) => Ok(CatalogueGame::heap(
            "grundy".into(),
            "Grundy's game".into(),
            GrundysGame,
        )),
        ("lasker", None) => Ok(CatalogueGame::heap(
            "lasker".into(),
            "Lasker's Nim".into(),
            LaskersNim,
        )),
        (known, Some(_)) if ENTRIES.iter().any(|entry| entry.name == known) => Err(no_parameter()),
        _ => Err(GameError::UnknownGame {
            name: description.to_string(),
            suggestions: close_names(&name),
        }),
    }
}

fn named_octal(description: &str, name: &str, code: OctalGame) -> CatalogueGame {
    let title = format!("{name} (octal {code})");
    CatalogueGame::heap(description.to_string(), title, code)
}

fn octal_game(code: &str) -> Result<CatalogueGame, GameError> {
    let game: OctalGame = code.parse()?;
    let known = [
        ("kayles", "Kayles", kayles::kayles()),
        (
            "dawsons-kayles",
            "Dawson's Kayles",
            dawsons_kayles::dawsons_kayles(),
        ),
        (
            "dawsons-chess",
            "Dawson's chess",
            dawsons_kayles::dawsons_chess(),
        ),
        ("treblecross", "Treblecross", dawsons_kayles::treblecross()),
    ];
    let title = match known.iter().find(|(_, _, known_code)| *known_code == game) {
        Some((_, name, _)) => format!("{name} (octal {game})"),
        None => format!("Octal game {game}"),
    };
    Ok(CatalogueGame::heap(game.to_string(), title, game))
}

fn parse_parameter(description: &str, word: &str, what: &str) -> Result<u64, GameError> {
    word.trim()
        .parse::<u64>()
        .map_err(|_| GameError::InvalidParameter {
            description: description.to_string(),
            reason: format!(
                "{what} must be a whole number from 0 to {}, not '{}'",
                u64::MAX,
                word.trim()
            ),
        })
}

fn with_description(error: GameError, description: &str) -> GameError {
    match error {
        GameError::InvalidParameter { reason, .. } => GameError::InvalidParameter {
            description: description.to_string(),
            reason,
        },
        other => other,
    }
}

/// Catalogue names close to `name`, closest first.
fn close_names(name: &str) -> Vec<String> {
    let mut scored: Vec<(usize, &str)> = ENTRIES
        .iter()
        .map(|entry| entry.name)
        .chain(ALIASES.iter().map(|(alias, _)| *alias))
        .map(|candidate| (strsim::levenshtein(name, candidate), candidate))
        .filter(|(distance, candidate)| {
            *distance <= 2 || (name.len() >= 3 && candidate.starts_with(name))
        })
        .collect();
    scored.sort();
    let mut names: Vec<String> = Vec::new();
    for (_, candidate) in scored {
        let canonical = ALIASES
            .iter()
            .find(|(alias, _)| *alias == candidate)
            .map_or(candidate, |(_, canonical)| canonical);
        if !names.iter().any(|known| known == canonical) {
            names.push(canonical.to_string());
        }
    }
    names.truncate(3);
    names
}
