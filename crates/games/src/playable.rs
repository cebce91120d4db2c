//! The face every catalogue game shows the front ends: parse a position from
//! the words a user typed, analyse it, and report the answer as text-ready data.
//!
//! [`PlayableGame`] is object safe, so the catalogue can hold games of every
//! position type side by side. [`HeapPlayable`] serves one-heap families and
//! [`GamePlayable`] any [`Game`] with a parser for its components; games that
//! need their own rules (misère play, loopy games, win/lose/tie search) build
//! a [`Report`] themselves.

use sprague_engine::{analyze, Analysis, Game, GrundySolver, HeapFamily, Outcome, Values};

use crate::error::GameError;
use crate::game_graph::{sprague_grundy_graph, GameGraph};
use crate::heap_analysis::{analyze_heaps, PROOF_HORIZON};

/// A component of an analysed position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComponentReport {
    /// The component as the user would type it.
    pub position: String,
    /// Its Sprague–Grundy value, where it has one.
    pub grundy: Option<u64>,
}

/// A winning move, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveReport {
    /// The component moved in, when the position is a sum.
    pub component: Option<usize>,
    /// The move in words.
    pub description: String,
    /// The whole position after the move, as the user would type it.
    pub to: String,
}

/// The answer to "who wins this position, and how?".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The outcome class (P/N, D for draws, W/L/T for games with ties).
    pub outcome: Outcome,
    /// The Sprague–Grundy value of the whole position, where it has one.
    pub grundy: Option<u64>,
    /// Each component and its value.
    pub components: Vec<ComponentReport>,
    /// Every winning move (for a W/N position); empty otherwise.
    pub winning_moves: Vec<MoveReport>,
    /// The theorem or method that produced the answer, e.g. "Sprague–Grundy theorem".
    pub method: String,
    /// Moves to the end with perfect play, for games solved by search.
    pub remoteness: Option<u64>,
}

impl Report {
    /// The report of a Sprague–Grundy analysis of a sum.
    ///
    /// ```
    /// use sprague_engine::{Analysis, ComponentValue, Outcome};
    /// use sprague_games::playable::Report;
    /// let analysis = Analysis::<String> {
    ///     components: vec![ComponentValue { position: "0".into(), grundy: 0 }],
    ///     grundy: 0,
    ///     outcome: Outcome::P,
    ///     winning_moves: vec![],
    /// };
    /// assert_eq!(Report::from_analysis(analysis).grundy, Some(0));
    /// ```
    pub fn from_analysis(analysis: Analysis<String>) -> Self {
        Report {
            outcome: analysis.outcome,
            grundy: Some(analysis.grundy),
            components: analysis
                .components
                .into_iter()
                .map(|component| ComponentReport {
                    position: component.position,
                    grundy: Some(component.grundy),
                })
                .collect(),
            winning_moves: analysis
                .winning_moves
                .into_iter()
                .map(|winning| MoveReport {
                    component: Some(winning.component),
                    description: winning.description,
                    to: winning.result.join(" "),
                })
                .collect(),
            method:
                "Sprague–Grundy theorem: the value of a sum is the XOR of its components' values"
                    .to_string(),
            remoteness: None,
        }
    }
}

/// A game as the front ends use it.
pub trait PlayableGame: Send + Sync {
    /// The canonical description, e.g. `kayles` or `subtraction:1,3,4`.
    fn description(&self) -> String;

    /// A human title, e.g. "Kayles (octal 0.77)".
    fn title(&self) -> String;

    /// How a position is written, for error messages and `sprague games`.
    fn position_syntax(&self) -> String {
        "one word per component".to_string()
    }

    /// The one-heap family, for games that are one (they get `sprague values`).
    fn heap_family(&self) -> Option<&dyn HeapFamily> {
        None
    }

    /// The take-and-break rule, for games the take-and-break engine computes
    /// (octal and hexadecimal codes, Grundy's game).
    fn take_break(&self) -> Option<&sprague_takebreak::TakeBreak> {
        None
    }

    /// Analyses the position written as `words` (one per component).
    ///
    /// # Errors
    /// A [`GameError`] for words that are not a position of this game, or a
    /// position too large to analyse.
    fn analyze(&self, words: &[String]) -> Result<Report, GameError>;

    /// Analyses the position under misère play (the player who cannot move
    /// wins), saying in [`Report::method`] which rule decided it.
    ///
    /// # Errors
    /// [`GameError::Unsupported`] for games without misère play, or the
    /// errors of [`PlayableGame::analyze`] and of a search that is too large.
    fn analyze_misere(&self, _words: &[String]) -> Result<Report, GameError> {
        Err(GameError::Unsupported {
            game: self.description(),
            what: "misère play".to_string(),
            reason: "its position is not a sum of components the engine can search".to_string(),
        })
    }

    /// Analyses the position as an Every-SG sum (each word a component; a
    /// player moves in every component that can still move).
    ///
    /// # Errors
    /// [`GameError::Unsupported`] for games without Every-SG play, or the
    /// errors of [`PlayableGame::analyze`] and of a search that is too large.
    fn analyze_every_sg(&self, _words: &[String]) -> Result<Report, GameError> {
        Err(GameError::Unsupported {
            game: self.description(),
            what: "Every-SG play".to_string(),
            reason: "its position is not a sum of components the engine can search".to_string(),
        })
    }

    /// The game graph from the position `words`, at most `node_limit` positions
    /// (for `sprague graph`). Games that cannot draw theirs say so.
    ///
    /// # Errors
    /// [`GameError::Unsupported`] by default; the parse errors of the position.
    fn game_graph(&self, words: &[String], node_limit: usize) -> Result<GameGraph, GameError> {
        let _ = (words, node_limit);
        Err(GameError::Unsupported {
            game: self.description(),
            what: "game-graph output".to_string(),
            reason: "its positions have no graph view yet".to_string(),
        })
    }

    /// g(0..=to) with the period found, for one-heap families.
    ///
    /// # Errors
    /// [`GameError::NotAHeapFamily`] for other games; [`GameError::Memory`]
    /// when the table would not fit in memory.
    ///
    /// ```
    /// let game = sprague_games::parse_game("subtraction:1,3,4").unwrap();
    /// let values = game.values(20).unwrap();
    /// let p_positions: Vec<u64> = (0..=20).filter(|&n| values.get(n) == Some(0)).collect();
    /// assert_eq!(p_positions, vec![0, 2, 7, 9, 14, 16]);
    /// ```
    fn values(&self, to: u64) -> Result<Values, GameError> {
        let family = self
            .heap_family()
            .ok_or_else(|| GameError::NotAHeapFamily {
                game: self.description(),
            })?;
        Ok(sprague_engine::sweep(family, to, PROOF_HORIZON)?)
    }
}

/// A one-heap family as a [`PlayableGame`]: positions are heap sizes.
pub struct HeapPlayable<F> {
    description: String,
    title: String,
    family: F,
}

impl<F: HeapFamily + Send + Sync> HeapPlayable<F> {
    /// The family `family`, described as `description` and titled `title`.
    ///
    /// ```
    /// use sprague_games::{playable::{HeapPlayable, PlayableGame}, Nim};
    /// let nim = HeapPlayable::new("nim", "Nim", Nim);
    /// let report = nim.analyze(&["1".into(), "2".into(), "3".into()]).unwrap();
    /// assert_eq!(report.outcome.letter(), "P");
    /// ```
    pub fn new(description: impl Into<String>, title: impl Into<String>, family: F) -> Self {
        Self {
            description: description.into(),
            title: title.into(),
            family,
        }
    }
}

impl<F: HeapFamily + Send + Sync> PlayableGame for HeapPlayable<F> {
    fn description(&self) -> String {
        self.description.clone()
    }

    fn title(&self) -> String {
        self.title.clone()
    }

    fn position_syntax(&self) -> String {
        "heap sizes, e.g. 3 4 5".to_string()
    }

    fn heap_family(&self) -> Option<&dyn HeapFamily> {
        Some(&self.family)
    }

    fn game_graph(&self, words: &[String], node_limit: usize) -> Result<GameGraph, GameError> {
        require_position(words, &self.description, "3 4 5")?;
        let heaps = words
            .iter()
            .map(|word| parse_heap(word).map(sprague_engine::Heaps::single))
            .collect::<Result<Vec<_>, GameError>>()?;
        sprague_grundy_graph(
            &sprague_engine::HeapGame::new(&self.family),
            heaps,
            node_limit,
        )
    }

    fn analyze(&self, words: &[String]) -> Result<Report, GameError> {
        require_position(words, &self.description, "3 4 5")?;
        let heaps = words
            .iter()
            .map(|word| parse_heap(word))
            .collect::<Result<Vec<u64>, GameError>>()?;
        let analysis = analyze_heaps(&self.family, &heaps)?;
        Ok(Report::from_analysis(
            analysis.map_positions(|heaps| heaps.to_string()),
        ))
    }

    fn analyze_misere(&self, words: &[String]) -> Result<Report, GameError> {
        require_position(words, &format!("misere:{}", self.description), "1 1 1 2")?;
        let heaps = words
            .iter()
            .map(|word| parse_heap(word))
            .collect::<Result<Vec<u64>, GameError>>()?;
        if self.description == "nim" {
            return Ok(crate::misere::anti_nim_report(&heaps));
        }
        crate::misere::heap_misere_report(&self.family, &heaps)
    }

    fn analyze_every_sg(&self, words: &[String]) -> Result<Report, GameError> {
        require_position(words, &format!("every:{}", self.description), "3 4 5")?;
        let components = words
            .iter()
            .map(|word| crate::every_sg::parse_heaps(word))
            .collect::<Result<Vec<Vec<u64>>, GameError>>()?;
        crate::every_sg::heap_every_sg_report(&self.family, &components)
    }
}

/// Any [`Game`] as a [`PlayableGame`], given a parser for one component.
pub struct GamePlayable<G: Game> {
    description: String,
    title: String,
    syntax: String,
    game: G,
    parse_component: fn(&str) -> Result<G::Position, GameError>,
}

impl<G: Game + Send + Sync> GamePlayable<G> {
    /// The game `game`, whose components are read by `parse_component` and
    /// written as `syntax` (e.g. "pairs a,b").
    pub fn new(
        description: impl Into<String>,
        title: impl Into<String>,
        syntax: impl Into<String>,
        game: G,
        parse_component: fn(&str) -> Result<G::Position, GameError>,
    ) -> Self {
        Self {
            description: description.into(),
            title: title.into(),
            syntax: syntax.into(),
            game,
            parse_component,
        }
    }
}

impl<G> PlayableGame for GamePlayable<G>
where
    G: Game + Send + Sync,
{
    fn description(&self) -> String {
        self.description.clone()
    }

    fn title(&self) -> String {
        self.title.clone()
    }

    fn position_syntax(&self) -> String {
        self.syntax.clone()
    }

    fn analyze(&self, words: &[String]) -> Result<Report, GameError> {
        require_position(words, &self.description, &self.syntax)?;
        let components = words
            .iter()
            .map(|word| (self.parse_component)(word))
            .collect::<Result<Vec<G::Position>, GameError>>()?;
        let mut solver = GrundySolver::new(&self.game);
        let analysis = analyze(&mut solver, &components)?;
        Ok(Report::from_analysis(
            analysis.map_positions(|position| position.to_string()),
        ))
    }

    fn analyze_misere(&self, words: &[String]) -> Result<Report, GameError> {
        require_position(words, &format!("misere:{}", self.description), &self.syntax)?;
        let components = words
            .iter()
            .map(|word| (self.parse_component)(word))
            .collect::<Result<Vec<G::Position>, GameError>>()?;
        crate::misere::misere_report(&self.game, &components, None, None)
    }

    fn analyze_every_sg(&self, words: &[String]) -> Result<Report, GameError> {
        require_position(words, &format!("every:{}", self.description), &self.syntax)?;
        let components = words
            .iter()
            .map(|word| (self.parse_component)(word))
            .collect::<Result<Vec<G::Position>, GameError>>()?;
        crate::every_sg::every_sg_report(&self.game, &components, &|p: &G::Position| p.to_string())
    }

    fn game_graph(&self, words: &[String], node_limit: usize) -> Result<GameGraph, GameError> {
        require_position(words, &self.description, &self.syntax)?;
        let components = words
            .iter()
            .map(|word| (self.parse_component)(word))
            .collect::<Result<Vec<G::Position>, GameError>>()?;
        sprague_grundy_graph(&self.game, components, node_limit)
    }
}

/// Fails with [`GameError::EmptyPosition`] when no component was given.
pub fn require_position(
    words: &[String],
    description: &str,
    example: &str,
) -> Result<(), GameError> {
    if words.is_empty() {
        Err(GameError::EmptyPosition {
            example: format!("{description} {example}"),
        })
    } else {
        Ok(())
    }
}

/// Reads a heap size (a whole number from 0 to 2^64 − 1).
///
/// ```
/// use sprague_games::playable::parse_heap;
/// assert_eq!(parse_heap("42"), Ok(42));
/// assert!(parse_heap("-3").is_err());
/// ```
pub fn parse_heap(word: &str) -> Result<u64, GameError> {
    word.trim()
        .parse::<u64>()
        .map_err(|_| GameError::InvalidHeap {
            text: word.to_string(),
        })
}
