//! The face every catalogue game shows the front ends: parse a position from
//! the words a user typed, analyse it, and report the answer as text-ready data.
//!
//! [`PlayableGame`] is object safe, so the catalogue can hold games of every
//! position type side by side. [`HeapPlayable`] serves one-heap families and
//! [`GamePlayable`] any [`Game`] with a parser for its components; games that
//! need their own rules (misère play, loopy games, win/lose/tie search) build
//! a [`Report`] themselves.

use std::ops::ControlFlow;

use sprague_engine::{analyze, Analysis, Game, GrundySolver, HeapFamily, Outcome, Values};

use crate::error::GameError;
use crate::game_graph::{sprague_grundy_graph, GameGraph};
use crate::heap_analysis::{analyze_heaps, heap_values_with_table, PROOF_HORIZON};
use crate::position::{Board, Move, Position};

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

/// How the end of a game is scored, for the perfect reply's remoteness search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Normal play: the player who cannot move loses.
    Normal,
    /// Misère play: the player who cannot move wins.
    Misere,
    /// The game scores its own ends (win/lose/tie games, loopy games): its
    /// [`PlayableGame::analyze`] gives each position's outcome and remoteness.
    Scored,
}

/// What the engine says of a position: its outcome for the player to move,
/// its value and its remoteness where they are known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Evaluation {
    /// P/N (D for draws, W/L/T in games with ties), for the player to move.
    pub outcome: Outcome,
    /// The Sprague–Grundy value, where the game has one.
    pub grundy: Option<u64>,
    /// Moves to the end with perfect play (win fast, lose slowly), where known.
    pub remoteness: Option<u64>,
}

impl Evaluation {
    /// The evaluation a report gives.
    pub fn of(report: &Report) -> Self {
        Evaluation {
            outcome: report.outcome,
            grundy: report.grundy,
            remoteness: report.remoteness,
        }
    }
}

/// A game as the front ends use it: positions as data, every legal move,
/// applying a move, and the analysis. The terminal `play` mode, `moves`,
/// `analyze`, the web page and the Python module all stand on this face (see
/// [`crate::play`] for the options' values, the perfect reply and the
/// explanation built on it).
pub trait PlayableGame: Send + Sync {
    /// The canonical description, e.g. `kayles` or `subtraction:1,3,4`.
    fn description(&self) -> String;

    /// A human title, e.g. "Kayles (octal 0.77)".
    fn title(&self) -> String;

    /// How a position is written, for error messages and `sprague games`.
    fn position_syntax(&self) -> String {
        "one word per component".to_string()
    }

    /// How a move is written, for `play` and error messages.
    fn move_syntax(&self) -> String {
        "FROM->TO: a component and what it becomes, e.g. 3->1".to_string()
    }

    /// The position written as `words` (one per component), checked and in
    /// canonical form, with its board.
    ///
    /// # Errors
    /// A [`GameError`] for words that are not a position of this game.
    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        let _ = words;
        Err(self.unsupported("positions as data"))
    }

    /// Every legal move from `position`, each with the position after it.
    ///
    /// # Errors
    /// [`GameError::PositionTooLarge`] when there are too many moves to list.
    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        let _ = position;
        Err(self.unsupported("listing moves"))
    }

    /// The move written `text` (in the notation of [`PlayableGame::moves`], as
    /// the position it leaves, or `#k` for the k-th listed move).
    ///
    /// # Errors
    /// [`GameError::IllegalMove`] when `text` is no legal move here.
    fn parse_move(&self, position: &Position, text: &str) -> Result<Move, GameError> {
        let moves = self.moves(position)?;
        find_move(self, position, moves, text)
    }

    /// The one-heap family whose moves this game's positions follow, under normal or
    /// misère play ([`PlayableGame::ending`]), when every component is a heap: searches
    /// over positions (the remoteness that ranks a reply) then run on heap sizes. By
    /// default the game's [`PlayableGame::heap_family`]; `misere:GAME` passes GAME's on.
    fn heap_rules(&self) -> Option<&dyn HeapFamily> {
        self.heap_family()
    }

    /// Whether a position is the same whatever the order its components are listed in
    /// (a disjunctive sum: heaps, boards, rows, tokens). Searches over positions then
    /// identify `1 8 6` with `6 1 8`. `false` by default (e.g. `count-to`, whose two
    /// words are the target and the last number said).
    fn components_commute(&self) -> bool {
        false
    }

    /// How the game ends are scored (normal play by default).
    fn ending(&self) -> Ending {
        Ending::Normal
    }

    /// The outcome, value and remoteness of the position after each move,
    /// in the order of `moves`. By default each position is analysed; sums
    /// of components override it to compute each component's value once.
    ///
    /// # Errors
    /// The errors of [`PlayableGame::analyze`].
    fn evaluate_moves(&self, moves: &[Move]) -> Result<Vec<Evaluation>, GameError> {
        moves
            .iter()
            .map(|played| {
                self.analyze(&played.after)
                    .map(|report| Evaluation::of(&report))
            })
            .collect()
    }

    /// The rule that gives a component's value, in words with the numbers
    /// (`g(7) = 7 mod 4 = 3`), when a closed form or a proven period gives it.
    fn value_rule(&self, component: &str, grundy: u64) -> Option<String> {
        let _ = (component, grundy);
        None
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

    /// The misère quotient the game keeps between calls, with its rule (octal and
    /// hexadecimal codes, also inside `misere:`): a face may store it between runs
    /// ([`crate::misere_quotient::QuotientCache::stored`] and `load`).
    ///
    /// ```
    /// use sprague_games::parse_game;
    /// assert!(parse_game("misere:kayles").unwrap().misere_quotient_cache().is_some());
    /// assert!(parse_game("nim").unwrap().misere_quotient_cache().is_none());
    /// ```
    fn misere_quotient_cache(&self) -> Option<crate::misere_quotient::KeptQuotient<'_>> {
        None
    }

    /// Analyses `position`: outcome, values, every winning move, the method.
    ///
    /// # Errors
    /// A [`GameError`] for a position that is not one of this game, or one
    /// too large to analyse.
    fn analyze(&self, position: &Position) -> Result<Report, GameError> {
        self.analyze_words(&position.components)
    }

    /// [`PlayableGame::analyze`], telling `observe` as the search goes how many positions it
    /// has solved and, when known, the most it can solve (for progress lines); a
    /// `ControlFlow::Break` stops the search with [`GameError::Stopped`] (Ctrl-C, a server's
    /// time budget). By default the analysis without telling; the games of long searches
    /// (Chomp, SOS) override it.
    ///
    /// # Errors
    /// As [`PlayableGame::analyze`], and [`GameError::Stopped`].
    ///
    /// ```
    /// let game = sprague_games::parse_game("chomp").unwrap();
    /// let position = game.position(&["10x10".to_string()]).unwrap(); // 184,756 diagrams
    /// let mut told = None;
    /// let report = game
    ///     .analyze_observed(&position, &mut |solved, total| {
    ///         told = Some((solved, total));
    ///         std::ops::ControlFlow::Continue(())
    ///     })
    ///     .unwrap();
    /// assert_eq!(report.outcome.letter(), "N");
    /// let (solved, total) = told.unwrap();
    /// assert!(solved > 0 && u128::from(solved) <= total.unwrap());
    /// ```
    fn analyze_observed(
        &self,
        position: &Position,
        observe: &mut dyn FnMut(u64, Option<u128>) -> ControlFlow<()>,
    ) -> Result<Report, GameError> {
        let _ = observe;
        self.analyze(position)
    }

    /// Analyses the position written as `words` (one per component): the
    /// implementation behind [`PlayableGame::analyze`].
    ///
    /// # Errors
    /// A [`GameError`] for words that are not a position of this game, or a
    /// position too large to analyse.
    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError>;

    /// The values of the components written as `words`, their XOR and the
    /// outcome; the winning moves may be left out (they enumerate every
    /// component's options). [`evaluate_sum_moves`] values all the options of a
    /// position through it, each distinct component once. By default the full
    /// analysis.
    ///
    /// # Errors
    /// As [`PlayableGame::analyze_words`].
    fn component_values(&self, words: &[String]) -> Result<Report, GameError> {
        self.analyze_words(words)
    }

    /// An error saying this game does not offer `what`.
    fn unsupported(&self, what: &str) -> GameError {
        GameError::Unsupported {
            game: self.description(),
            what: what.to_string(),
            reason: "it has no structured positions yet".to_string(),
        }
    }

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
        self.values_observed(to, &mut |_| ControlFlow::Continue(()))
    }

    /// [`PlayableGame::values`], telling `observe` how many values are computed as it goes
    /// (for progress lines, and to poll a stop flag: `Break` stops the sweep). By default
    /// the dense sweep of the heap family ([`sprague_engine::sweep_observed`]); a game that
    /// overrides [`PlayableGame::values`] overrides this too.
    ///
    /// # Errors
    /// As [`PlayableGame::values`]; [`GameError::Sweep`] with
    /// [`sprague_engine::SweepError::Stopped`] when `observe` stopped it.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use sprague_engine::SweepError;
    /// use sprague_games::GameError;
    /// let game = sprague_games::parse_game("coins:any1-4").unwrap();
    /// let mut computed = 0;
    /// let values = game
    ///     .values_observed(50, &mut |count| {
    ///         computed = count;
    ///         ControlFlow::Continue(())
    ///     })
    ///     .unwrap();
    /// assert_eq!((values.computed().len(), computed), (51, 51));
    /// // Ctrl-C, say, at the 20th value:
    /// let stopped = game.values_observed(50, &mut |count| {
    ///     if count < 20 { ControlFlow::Continue(()) } else { ControlFlow::Break(()) }
    /// });
    /// assert!(matches!(stopped, Err(GameError::Sweep(SweepError::Stopped))));
    /// ```
    fn values_observed(
        &self,
        to: u64,
        observe: &mut dyn FnMut(u64) -> ControlFlow<()>,
    ) -> Result<Values, GameError> {
        let family = self
            .heap_family()
            .ok_or_else(|| GameError::NotAHeapFamily {
                game: self.description(),
            })?;
        Ok(sprague_engine::sweep_observed(
            family,
            to,
            PROOF_HORIZON,
            observe,
        )?)
    }

    /// About how many options computing g(0..=`to`) visits (see
    /// [`sprague_engine::sweep_work`]), for a game that can say, so that a caller may refuse
    /// too much work before starting it; `None` (the default) when it cannot.
    ///
    /// ```
    /// let game = sprague_games::parse_game("coins:any1-4").unwrap();
    /// assert!(game.values_work(5000).unwrap() > 20_000_000_000_000);
    /// ```
    fn values_work(&self, to: u64) -> Option<u128> {
        let _ = to;
        None
    }
}

/// The most options a sweep of g(0..=to) of a game other than take-and-break visits unless
/// forced: 2^32, about a minute of the dense sweep (Grunt's 2^30 options to g(65536) took 14 s
/// on the development machine before Grunt went to the take-and-break engine).
pub const VALUES_WORK_LIMIT: u128 = 1 << 32;

/// Sizes the values g(0..=`to`) of `game` before they are computed: a sweep of more than
/// [`VALUES_WORK_LIMIT`] options is refused unless `force`d (the command line's `values` and
/// `plot`, and Python's `values`, all ask here).
///
/// ```
/// use sprague_games::{parse_game, playable::check_values_work, GameError};
/// let coins = parse_game("coins:any1-4").unwrap();
/// let refused = check_values_work(coins.as_ref(), 5000, false);
/// assert!(matches!(refused, Err(GameError::TooMuchWork { .. })));
/// assert!(check_values_work(coins.as_ref(), 5000, true).is_ok());
/// assert!(check_values_work(coins.as_ref(), 50, false).is_ok());
/// ```
pub fn check_values_work(game: &dyn PlayableGame, to: u64, force: bool) -> Result<(), GameError> {
    match game.values_work(to) {
        Some(work) if work > VALUES_WORK_LIMIT && !force => Err(GameError::TooMuchWork {
            game: game.description(),
            to,
            work,
            limit: VALUES_WORK_LIMIT,
        }),
        _ => Ok(()),
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
    /// let report = nim.analyze_words(&["1".into(), "2".into(), "3".into()]).unwrap();
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
    fn components_commute(&self) -> bool {
        true
    }

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

    fn move_syntax(&self) -> String {
        heap_move_syntax()
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        heap_position(&self.description, words)
    }

    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        heap_moves(&self.family, position)
    }

    fn parse_move(&self, position: &Position, text: &str) -> Result<Move, GameError> {
        let moves = self.moves(position)?;
        if let Some(found) = heap_index_move(&moves, position, text) {
            return Ok(found);
        }
        find_move(self, position, moves, text)
    }

    fn evaluate_moves(&self, moves: &[Move]) -> Result<Vec<Evaluation>, GameError> {
        evaluate_sum_moves(self, moves)
    }

    fn value_rule(&self, component: &str, grundy: u64) -> Option<String> {
        let heap = component.parse::<u64>().ok()?;
        self.family.closed_form_rule(heap, grundy)
    }

    fn game_graph(&self, words: &[String], node_limit: usize) -> Result<GameGraph, GameError> {
        require_position(words, &self.description, "3 4 5")?;
        let heaps = words
            .iter()
            .map(|word| parse_heap(word).and_then(check_graph_heap))
            .map(|heap| heap.map(sprague_engine::Heaps::single))
            .collect::<Result<Vec<_>, GameError>>()?;
        sprague_grundy_graph(
            &sprague_engine::HeapGame::new(&self.family),
            heaps,
            node_limit,
        )
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
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

    fn component_values(&self, words: &[String]) -> Result<Report, GameError> {
        require_position(words, &self.description, "3 4 5")?;
        let heaps = words
            .iter()
            .map(|word| parse_heap(word))
            .collect::<Result<Vec<u64>, GameError>>()?;
        let values = crate::heap_analysis::table_for(&self.family, &heaps)?;
        let analysis = heap_values_with_table(&self.family, &heaps, values)?;
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
    fn components_commute(&self) -> bool {
        true
    }

    fn description(&self) -> String {
        self.description.clone()
    }

    fn title(&self) -> String {
        self.title.clone()
    }

    fn position_syntax(&self) -> String {
        self.syntax.clone()
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        require_position(words, &self.description, &self.syntax)?;
        let components = words
            .iter()
            .map(|word| (self.parse_component)(word))
            .collect::<Result<Vec<G::Position>, GameError>>()?;
        let words: Vec<String> = components.iter().map(ToString::to_string).collect();
        Ok(Position::new(
            self.description.clone(),
            words.clone(),
            Board::Words { words },
        ))
    }

    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        let components = position
            .components
            .iter()
            .map(|word| (self.parse_component)(word))
            .collect::<Result<Vec<G::Position>, GameError>>()?;
        sum_moves(
            &self.game,
            &self.description,
            &components,
            &|from, to| format!("{from}->{to}"),
            &|parts| Board::Words {
                words: parts.iter().map(ToString::to_string).collect(),
            },
        )
    }

    fn evaluate_moves(&self, moves: &[Move]) -> Result<Vec<Evaluation>, GameError> {
        evaluate_sum_moves(self, moves)
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
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

    fn component_values(&self, words: &[String]) -> Result<Report, GameError> {
        require_position(words, &self.description, &self.syntax)?;
        let components = words
            .iter()
            .map(|word| (self.parse_component)(word))
            .collect::<Result<Vec<G::Position>, GameError>>()?;
        let mut solver = GrundySolver::new(&self.game);
        let analysis = sprague_engine::analysis::component_values(&mut solver, &components)?;
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

/// The largest heap a game graph starts from: every node of the graph lists
/// all its options and is valued by search over the smaller heaps, so the
/// work grows with the square of the heap (and a heap of 10^9 would list 10^9
/// options before the node limit could cut the drawing short). Kayles from
/// a heap of 1000 takes about 0.6 s.
pub const MAX_GRAPH_HEAP: u64 = 2_000;

/// `heap`, or [`GameError::PositionTooLarge`] above [`MAX_GRAPH_HEAP`].
///
/// ```
/// use sprague_games::playable::check_graph_heap;
/// assert_eq!(check_graph_heap(40).unwrap(), 40);
/// assert!(check_graph_heap(1 << 32).unwrap_err().to_string().contains("2000"));
/// ```
pub fn check_graph_heap(heap: u64) -> Result<u64, GameError> {
    if heap > MAX_GRAPH_HEAP {
        return Err(GameError::PositionTooLarge {
            reason: format!(
                "a game graph starts from heaps of at most {MAX_GRAPH_HEAP} (each node lists all its options and is valued by search), not {heap}; `sprague analyze` values larger positions"
            ),
        });
    }
    Ok(heap)
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

/// The most moves [`PlayableGame::moves`] lists; larger positions are refused.
pub const MAX_LISTED_MOVES: usize = 100_000;

/// The move of `moves` written `text`: its notation, the position it leaves
/// (components separated by spaces), or `#k` for the k-th move (from 1).
/// Spaces and case in a notation do not matter, and `→` stands for `->`.
///
/// # Errors
/// [`GameError::IllegalMove`] with the move syntax when nothing matches.
pub fn find_move<G: PlayableGame + ?Sized>(
    game: &G,
    position: &Position,
    moves: Vec<Move>,
    text: &str,
) -> Result<Move, GameError> {
    let illegal = |reason: String| GameError::IllegalMove {
        text: crate::error::quoted(text),
        position: position.text(),
        reason,
    };
    let wanted = normalise_notation(text);
    if wanted.is_empty() {
        return Err(illegal(format!("write a move as {}", game.move_syntax())));
    }
    if moves.is_empty() {
        return Err(illegal(
            "there is no legal move: the game is over".to_string(),
        ));
    }
    if let Some(number) = wanted.strip_prefix('#') {
        let count = moves.len();
        return match number.parse::<usize>() {
            Ok(k) if (1..=count).contains(&k) => {
                Ok(moves.into_iter().nth(k - 1).expect("k ≤ count"))
            }
            _ => Err(illegal(format!(
                "#k takes k from 1 to {count}, the number of legal moves"
            ))),
        };
    }
    let count = moves.len();
    // The notation first; then the position the move leaves.
    moves
        .iter()
        .find(|candidate| normalise_notation(&candidate.notation) == wanted)
        .cloned()
        .or_else(|| move_leaving(&moves, text))
        .ok_or_else(|| {
            illegal(format!(
                "moves are written {}; there are {count} legal moves (`moves` lists them)",
                game.move_syntax()
            ))
        })
}

/// The move of `moves` that leaves the position written `text`: as typed (words
/// separated by spaces), else with its components in any order (a sum does not
/// depend on the order its components are listed in). Games whose notation
/// looks like a position (`4,2` is a Chomp square and a diagram) try it after
/// their notation.
///
/// ```
/// use sprague_games::{parse_game, playable::move_leaving};
/// let kayles = parse_game("kayles").unwrap();
/// let position = kayles.position(&["1".into(), "2".into(), "2".into()]).unwrap();
/// let moves = kayles.moves(&position).unwrap();
/// let found = move_leaving(&moves, "1 2 0").unwrap();
/// assert_eq!(found.notation, "2->0");
/// ```
pub fn move_leaving(moves: &[Move], text: &str) -> Option<Move> {
    let typed: Vec<&str> = text.split_whitespace().collect();
    let typed_text = typed.join(" ");
    let mut typed_multiset = typed;
    typed_multiset.sort_unstable();
    let same_components = |candidate: &&Move| {
        let mut words: Vec<&str> = candidate
            .after
            .components
            .iter()
            .flat_map(|c| c.split_whitespace())
            .collect();
        words.sort_unstable();
        words == typed_multiset
    };
    moves
        .iter()
        .find(|candidate| candidate.after.text() == typed_text)
        .or_else(|| moves.iter().find(same_components))
        .cloned()
}

/// A notation without spaces, in lower case, with `→` written `->`.
///
/// ```
/// use sprague_games::playable::normalise_notation;
/// assert_eq!(normalise_notation(" 3 → 1 "), "3->1");
/// ```
pub fn normalise_notation(text: &str) -> String {
    text.replace('→', "->")
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// A position of heaps: the words as typed, checked as heap sizes.
///
/// # Errors
/// [`GameError::EmptyPosition`] without a heap; [`GameError::InvalidHeap`].
pub fn heap_position(description: &str, words: &[String]) -> Result<Position, GameError> {
    require_position(words, description, "3 4 5")?;
    let heaps = words
        .iter()
        .map(|word| parse_heap(word))
        .collect::<Result<Vec<u64>, GameError>>()?;
    Ok(Position::new(
        description,
        heaps.iter().map(u64::to_string).collect(),
        Board::Heaps { heaps },
    ))
}

/// Every move of a sum of heaps of `family`: for each distinct heap, each
/// option (the heaps it leaves, written `a+b`, or `0`), in place of that heap.
///
/// # Errors
/// [`GameError::PositionTooLarge`] when a heap is above
/// [`crate::heap_analysis::MAX_ENUMERATED_HEAP`] or there are more than
/// [`MAX_LISTED_MOVES`] moves.
pub fn heap_moves(family: &dyn HeapFamily, position: &Position) -> Result<Vec<Move>, GameError> {
    let heaps = position
        .components
        .iter()
        .map(|word| parse_heap(word))
        .collect::<Result<Vec<u64>, GameError>>()?;
    let mut moves = Vec::new();
    let mut seen_heaps = std::collections::HashSet::new();
    for (index, &heap) in heaps.iter().enumerate() {
        if !seen_heaps.insert(heap) {
            continue;
        }
        if heap > crate::heap_analysis::MAX_ENUMERATED_HEAP {
            return Err(GameError::PositionTooLarge {
                reason: format!(
                    "a heap of {heap} has too many moves to list (the limit is heaps up to {})",
                    crate::heap_analysis::MAX_ENUMERATED_HEAP
                ),
            });
        }
        crate::heap_analysis::check_option_count(family, heap)?;
        let mut options: Vec<Vec<u64>> = Vec::new();
        family.for_each_option(heap, &mut |parts| {
            let mut parts: Vec<u64> = parts.iter().copied().filter(|&p| p > 0).collect();
            parts.sort_unstable();
            options.push(parts);
        });
        // The smallest takes first; for a take, one heap left before a split, splits by size.
        options.sort_unstable_by(|a, b| {
            b.iter()
                .sum::<u64>()
                .cmp(&a.iter().sum::<u64>())
                .then(a.len().cmp(&b.len()))
                .then(a.cmp(b))
        });
        options.dedup();
        if moves.len() + options.len() > MAX_LISTED_MOVES {
            return Err(GameError::PositionTooLarge {
                reason: format!("the position has more than {MAX_LISTED_MOVES} moves to list"),
            });
        }
        for parts in options {
            let mut after: Vec<u64> = heaps[..index].to_vec();
            after.extend(if parts.is_empty() {
                vec![0]
            } else {
                parts.clone()
            });
            after.extend_from_slice(&heaps[index + 1..]);
            let written: Vec<String> = parts.iter().map(u64::to_string).collect();
            let to = if written.is_empty() {
                "0".to_string()
            } else {
                written.join("+")
            };
            moves.push(Move {
                notation: format!("{heap}->{to}"),
                description: sprague_engine::heap_family::describe_heap_move(
                    &sprague_engine::Heaps::single(heap),
                    &sprague_engine::Heaps::new(parts),
                ),
                component: Some(index),
                after: Position::new(
                    position.game.clone(),
                    after.iter().map(u64::to_string).collect(),
                    Board::Heaps { heaps: after },
                ),
            });
        }
    }
    Ok(moves)
}

/// How heap moves are written.
pub fn heap_move_syntax() -> String {
    "FROM->TO (a heap and what it leaves, e.g. 3->1, or 7->2+4 for a split), or `heap I to N`"
        .to_string()
}

/// `heap I to X` (heaps numbered from 1) as the move of that heap, or `None`
/// when `text` is not written so.
pub fn heap_index_move(moves: &[Move], position: &Position, text: &str) -> Option<Move> {
    let words: Vec<String> = text.split_whitespace().map(str::to_lowercase).collect();
    let [heap, index, to, target] = words.as_slice() else {
        return None;
    };
    if heap != "heap" || to != "to" {
        return None;
    }
    let index: usize = index.parse().ok()?;
    let word = position.components.get(index.checked_sub(1)?)?;
    let notation = format!("{word}->{target}");
    let found = moves
        .iter()
        .find(|m| normalise_notation(&m.notation) == notation)?;
    // Rebuild the position with heap `index` changed (equal heaps share one move).
    let mut after = position.components.clone();
    let replaced: Vec<String> = target.split('+').map(str::to_string).collect();
    after.splice(index - 1..index, replaced);
    let heaps: Vec<u64> = after.iter().filter_map(|w| w.parse().ok()).collect();
    Some(Move {
        component: Some(index - 1),
        after: Position::new(position.game.clone(), after, Board::Heaps { heaps }),
        ..found.clone()
    })
}

/// The outcome and value of the position after each move of a sum of
/// independent components, from one analysis of every distinct component
/// (the Sprague–Grundy theorem: the value of a sum is the XOR of its
/// components' values).
///
/// # Errors
/// The errors of [`PlayableGame::analyze_words`].
pub fn evaluate_sum_moves<G: PlayableGame + ?Sized>(
    game: &G,
    moves: &[Move],
) -> Result<Vec<Evaluation>, GameError> {
    let mut distinct: Vec<String> = moves
        .iter()
        .flat_map(|played| played.after.components.iter().cloned())
        .collect();
    distinct.sort();
    distinct.dedup();
    if distinct.is_empty() {
        return Ok(Vec::new());
    }
    let report = game.component_values(&distinct)?;
    let values: std::collections::HashMap<&str, u64> = report
        .components
        .iter()
        .filter_map(|component| Some((component.position.as_str(), component.grundy?)))
        .collect();
    moves
        .iter()
        .map(|played| {
            let mut total = 0;
            for word in &played.after.components {
                total ^= values
                    .get(word.as_str())
                    .copied()
                    .ok_or_else(|| game.unsupported("values of sums"))?;
            }
            Ok(Evaluation {
                outcome: Outcome::from_grundy(total),
                grundy: Some(total),
                remoteness: None,
            })
        })
        .collect()
}

/// Every move of a sum of components of an engine [`Game`]: for each distinct
/// component, each of its options (split into components by
/// [`Game::components`]; an option with none is kept as it is) in place of
/// that component. `notation` writes a move from a component to an option;
/// `board` draws a list of components.
///
/// ```
/// use sprague_engine::{Game, Heaps, HeapGame};
/// use sprague_games::{playable::sum_moves, position::Board, Nim};
/// let game = HeapGame::new(Nim);
/// let moves = sum_moves(&game, "nim", &[Heaps::single(2)], &|from, to| format!("{from}->{to}"),
///     &|parts| Board::Heaps { heaps: parts.iter().map(|h| h.sizes().iter().sum()).collect() }).unwrap();
/// assert_eq!(moves.len(), 2);
/// assert_eq!(moves[0].after.components, vec!["1".to_string()]);
/// ```
///
/// # Errors
/// [`GameError::PositionTooLarge`] above [`MAX_LISTED_MOVES`] moves.
pub fn sum_moves<G: Game>(
    game: &G,
    description: &str,
    components: &[G::Position],
    notation: &dyn Fn(&G::Position, &G::Position) -> String,
    board: &dyn Fn(&[G::Position]) -> Board,
) -> Result<Vec<Move>, GameError> {
    let mut moves = Vec::new();
    for (index, component) in components.iter().enumerate() {
        if components[..index].contains(component) {
            continue;
        }
        let options = game.options(component);
        if moves.len() + options.len() > MAX_LISTED_MOVES {
            return Err(GameError::PositionTooLarge {
                reason: format!("the position has more than {MAX_LISTED_MOVES} moves to list"),
            });
        }
        for option in options {
            let mut parts = game.components(&option);
            if parts.is_empty() {
                parts.push(option.clone());
            }
            let mut after: Vec<G::Position> = components[..index].to_vec();
            after.extend(parts);
            after.extend_from_slice(&components[index + 1..]);
            moves.push(Move {
                notation: notation(component, &option),
                description: game.describe_move(component, &option),
                component: Some(index),
                after: Position::new(
                    description,
                    after.iter().map(ToString::to_string).collect(),
                    board(&after),
                ),
            });
        }
    }
    Ok(moves)
}
