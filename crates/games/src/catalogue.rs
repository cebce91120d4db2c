//! The catalogue: every game sprague knows, its syntax, and the parser from a
//! game description (`kayles`, `bash:3`, `subtraction:1,3,4`, `0.07`, …) to a game.
//!
//! `sprague games` prints [`ENTRIES`]; [`parse_game`] reads a description.
//! A new game is one entry here (name, syntax, example, rule and a function
//! from the parameter to a [`PlayableGame`]) plus its own module. Unknown
//! names are answered with the closest names of the catalogue (Levenshtein
//! distance, via the `strsim` crate).

use crate::bash_game::BashGame;
use crate::error::GameError;
use crate::laskers_nim::LaskersNim;
use crate::nim::Nim;
use crate::octal::OctalGame;
use crate::playable::{HeapPlayable, PlayableGame};
use crate::subtraction::SubtractionGame;
use crate::take_break::TakeBreakPlayable;
use crate::{dawsons_kayles, kayles};
use sprague_takebreak::TakeBreak;

/// A game description split into its name and parameter (`bash:3` → `bash`, `3`).
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    /// The description exactly as typed.
    pub description: &'a str,
    /// The name, lower case, aliases resolved.
    pub name: &'a str,
    /// The text after the first `:`, if any.
    pub parameter: Option<&'a str>,
}

impl Request<'_> {
    /// The parameter, or an error saying the game needs one (`syntax` shows it).
    ///
    /// # Errors
    /// [`GameError::InvalidParameter`] when there is no parameter.
    pub fn required_parameter(&self, syntax: &str) -> Result<&str, GameError> {
        self.parameter.ok_or_else(|| GameError::InvalidParameter {
            description: self.description.to_string(),
            reason: format!("{} needs a parameter: {syntax}", self.name),
        })
    }

    /// An error unless there is no parameter.
    ///
    /// # Errors
    /// [`GameError::InvalidParameter`] when a parameter was given.
    pub fn no_parameter(&self) -> Result<(), GameError> {
        match self.parameter {
            None => Ok(()),
            Some(_) => Err(GameError::InvalidParameter {
                description: self.description.to_string(),
                reason: format!("{0} takes no parameter; write just '{0}'", self.name),
            }),
        }
    }

    /// A whole-number parameter word, with a clear error naming `what` it is.
    ///
    /// # Errors
    /// [`GameError::InvalidParameter`] when `word` is not a whole number.
    pub fn number(&self, word: &str, what: &str) -> Result<u64, GameError> {
        word.trim()
            .parse::<u64>()
            .map_err(|_| GameError::InvalidParameter {
                description: self.description.to_string(),
                reason: format!(
                    "{what} must be a whole number from 0 to {}, not '{}'",
                    u64::MAX,
                    word.trim()
                ),
            })
    }

    /// `error` with this request's description, for parameter errors raised by a game's constructor.
    pub fn described(&self, error: GameError) -> GameError {
        match error {
            GameError::InvalidParameter { reason, .. } => GameError::InvalidParameter {
                description: self.description.to_string(),
                reason,
            },
            other => other,
        }
    }
}

/// A parsed catalogue game.
pub type CatalogueGame = Box<dyn PlayableGame>;

/// One game of the catalogue, as `sprague games` lists it.
#[derive(Clone, Copy)]
pub struct CatalogueEntry {
    /// The name typed on the command line (before any `:`).
    pub name: &'static str,
    /// The full syntax of a description.
    pub syntax: &'static str,
    /// A command that uses it.
    pub example: &'static str,
    /// The rule in one sentence.
    pub rule: &'static str,
    /// Whether `sprague values` works for it (a one-heap family).
    pub has_values: bool,
    /// Builds the game from a request naming it.
    pub parse: fn(&Request) -> Result<CatalogueGame, GameError>,
}

impl std::fmt::Debug for CatalogueEntry {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("CatalogueEntry")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// Every game of the catalogue.
pub const ENTRIES: &[CatalogueEntry] = &[
    CatalogueEntry {
        name: "nim",
        syntax: "nim",
        example: "sprague analyze nim 3 4 5",
        rule: "take any positive number of tokens from one heap",
        has_values: true,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(HeapPlayable::new("nim", "Nim", Nim)))
        },
    },
    CatalogueEntry {
        name: "bash",
        syntax: "bash:M",
        example: "sprague values bash:3 --to 21",
        rule: "take between 1 and M tokens from one heap (the Bash game; take-away 21 is bash:3)",
        has_values: true,
        parse: |request| {
            let parameter = request.required_parameter("bash:M, e.g. bash:3")?;
            let largest = request.number(parameter, "M, the largest take,")?;
            let game = BashGame::new(largest).map_err(|error| request.described(error))?;
            Ok(Box::new(HeapPlayable::new(
                format!("bash:{largest}"),
                format!("Bash game (take 1 to {largest})"),
                game,
            )))
        },
    },
    CatalogueEntry {
        name: "subtraction",
        syntax: "subtraction:S1,S2,...",
        example: "sprague values subtraction:1,3,4 --to 20",
        rule: "take exactly s tokens from one heap, for some s in the finite set S",
        has_values: true,
        parse: |request| {
            let parameter = request.required_parameter("subtraction:S1,S2,..., e.g. subtraction:1,3,4")?;
            let takes = parameter
                .split(',')
                .filter(|word| !word.trim().is_empty())
                .map(|word| request.number(word, "each take"))
                .collect::<Result<Vec<u64>, GameError>>()?;
            let game = SubtractionGame::new(takes).map_err(|error| request.described(error))?;
            let words: Vec<String> = game.takes().iter().map(u64::to_string).collect();
            Ok(Box::new(HeapPlayable::new(
                format!("subtraction:{}", words.join(",")),
                format!("Subtraction game S = {{{}}}", words.join(", ")),
                game,
            )))
        },
    },
    CatalogueEntry {
        name: "octal",
        syntax: "octal:D0.D1D2... or a bare code such as 0.07 or 4.7",
        example: "sprague values octal:0.137 --to 100",
        rule: "take-and-break game of an octal code: digit d_i says whether removing i tokens may leave 0 (bit 1), 1 (bit 2) or 2 (bit 4) heaps",
        has_values: true,
        parse: |request| octal_game(request.required_parameter("octal:CODE, e.g. octal:0.77")?),
    },
    CatalogueEntry {
        name: "hex",
        syntax: "hex:D0.D1D2... (hexadecimal code, digits 0-F)",
        example: "sprague values hex:0.F --to 100",
        rule: "take-and-break game of a hexadecimal code: as octal, and bit 8 of d_i allows leaving three heaps",
        has_values: true,
        parse: |request| {
            let code = request.required_parameter("hex:CODE, e.g. hex:0.F")?;
            let rule = TakeBreak::hexadecimal(code)?;
            let title = format!("Hexadecimal game {rule}");
            Ok(Box::new(TakeBreakPlayable::new(format!("hex:{rule}"), title, rule)))
        },
    },
    CatalogueEntry {
        name: "kayles",
        syntax: "kayles",
        example: "sprague analyze kayles 2 3",
        rule: "knock down one pin or two adjacent pins from a row (octal 0.77)",
        has_values: true,
        parse: |request| {
            request.no_parameter()?;
            Ok(named_octal("kayles", "Kayles", kayles::kayles()))
        },
    },
    CatalogueEntry {
        name: "dawsons-kayles",
        syntax: "dawsons-kayles",
        example: "sprague values dawsons-kayles --to 100",
        rule: "knock down exactly two adjacent pins from a row (octal 0.07)",
        has_values: true,
        parse: |request| {
            request.no_parameter()?;
            Ok(named_octal("dawsons-kayles", "Dawson's Kayles", dawsons_kayles::dawsons_kayles()))
        },
    },
    CatalogueEntry {
        name: "dawsons-chess",
        syntax: "dawsons-chess",
        example: "sprague values dawsons-chess --to 100",
        rule: "Dawson's chess, pawns on a 3×n board (octal 0.137)",
        has_values: true,
        parse: |request| {
            request.no_parameter()?;
            Ok(named_octal("dawsons-chess", "Dawson's chess", dawsons_kayles::dawsons_chess()))
        },
    },
    CatalogueEntry {
        name: "treblecross",
        syntax: "treblecross",
        example: "sprague analyze treblecross 10",
        rule: "one-dimensional tic-tac-toe where both players play crosses (octal 0.007)",
        has_values: true,
        parse: |request| {
            request.no_parameter()?;
            Ok(named_octal("treblecross", "Treblecross", dawsons_kayles::treblecross()))
        },
    },
    CatalogueEntry {
        name: "grundy",
        syntax: "grundy",
        example: "sprague analyze grundy 5 6 7",
        rule: "Grundy's game: split one heap into two non-empty heaps of different sizes",
        has_values: true,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(TakeBreakPlayable::new("grundy", "Grundy's game", TakeBreak::grundy())))
        },
    },
    CatalogueEntry {
        name: "lasker",
        syntax: "lasker",
        example: "sprague values lasker --to 20",
        rule: "Lasker's Nim: take any positive number from one heap, or split a heap into two non-empty heaps",
        has_values: true,
        parse: |request| {
            request.no_parameter()?;
            Ok(Box::new(HeapPlayable::new("lasker", "Lasker's Nim", LaskersNim)))
        },
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

/// Reads a game description.
///
/// # Errors
/// [`GameError::UnknownGame`] (with close names) or the parameter errors of each game.
///
/// ```
/// use sprague_games::parse_game;
/// assert_eq!(parse_game("0.07").unwrap().title(), "Dawson's Kayles (octal 0.07)");
/// assert_eq!(parse_game("bash:3").unwrap().description(), "bash:3");
/// let Err(error) = parse_game("kayels") else { panic!("kayels is not a game") };
/// assert!(error.to_string().contains("did you mean 'kayles'"));
/// ```
pub fn parse_game(description: &str) -> Result<CatalogueGame, GameError> {
    let text = description.trim().to_lowercase();
    let (name, parameter) = match text.split_once(':') {
        Some((name, parameter)) => (name, Some(parameter)),
        None => (text.as_str(), None),
    };
    let name = ALIASES
        .iter()
        .find(|(alias, _)| *alias == name)
        .map_or(name, |(_, canonical)| canonical);
    if parameter.is_none() && name.contains('.') {
        return octal_game(name);
    }
    let request = Request {
        description,
        name,
        parameter,
    };
    match ENTRIES.iter().find(|entry| entry.name == name) {
        Some(entry) => (entry.parse)(&request),
        None => Err(GameError::UnknownGame {
            name: description.to_string(),
            suggestions: close_names(name),
        }),
    }
}

fn named_octal(description: &str, name: &str, code: OctalGame) -> CatalogueGame {
    let title = format!("{name} (octal {code})");
    Box::new(TakeBreakPlayable::new(description, title, rule_of(&code)))
}

/// The take-and-break rule of an octal code (already checked by [`OctalGame`]).
fn rule_of(code: &OctalGame) -> TakeBreak {
    TakeBreak::octal(&code.to_string())
        .unwrap_or_else(|_| unreachable!("a parsed octal code is a take-and-break code"))
}

fn octal_game(code: &str) -> Result<CatalogueGame, GameError> {
    let game: OctalGame = code.parse()?;
    let known = [
        ("Kayles", kayles::kayles()),
        ("Dawson's Kayles", dawsons_kayles::dawsons_kayles()),
        ("Dawson's chess", dawsons_kayles::dawsons_chess()),
        ("Treblecross", dawsons_kayles::treblecross()),
    ];
    let title = match known.iter().find(|(_, known_code)| *known_code == game) {
        Some((name, _)) => format!("{name} (octal {game})"),
        None => format!("Octal game {game}"),
    };
    Ok(Box::new(TakeBreakPlayable::new(
        game.to_string(),
        title,
        rule_of(&game),
    )))
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
