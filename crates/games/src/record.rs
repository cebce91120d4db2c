//! The answers of the impartial-game commands as serde records: the keys of the CLI's
//! `--format json` (documented in docs/json.md), built here once so that every face — the
//! `sprague` command line, the web server's JSON API (`sprague serve`) and the Python
//! module — prints the same JSON for the same request.
//!
//! Each record is built by one function from the command's arguments (the game, the
//! position, the bound, …); the faces only read their arguments and print or send it.

use std::ops::ControlFlow;

use serde::Serialize;

use crate::catalogue::{aliases_of, find_entry};
use crate::{all_entries, CatalogueEntry, GameError};

/// One catalogue entry, as `sprague games --format json` lists it.
#[derive(Debug, Clone, Serialize)]
pub struct GameRecord {
    /// The game's name.
    pub name: &'static str,
    /// How a description of the game is written.
    pub syntax: &'static str,
    /// An example command.
    pub example: &'static str,
    /// The rule.
    pub rule: &'static str,
    /// Whether `values` works (a one-heap family).
    pub values: bool,
    /// Other spellings.
    pub aliases: Vec<&'static str>,
}

impl GameRecord {
    /// The record of a catalogue entry.
    ///
    /// ```
    /// let entry = sprague_games::catalogue::find_entry("kayles").unwrap();
    /// assert_eq!(sprague_games::record::GameRecord::of(entry).name, "kayles");
    /// ```
    pub fn of(entry: &'static CatalogueEntry) -> Self {
        GameRecord {
            name: entry.name,
            syntax: entry.syntax,
            example: entry.example,
            rule: entry.rule,
            values: entry.has_values,
            aliases: aliases_of(entry.name),
        }
    }
}

/// `sprague games --format json`: `{"games": [GameRecord, ...]}`.
///
/// ```
/// let listing = sprague_games::record::catalogue_record();
/// assert!(listing["games"].as_array().unwrap().len() > 30);
/// ```
pub fn catalogue_record() -> serde_json::Value {
    let games: Vec<GameRecord> = all_entries().map(GameRecord::of).collect();
    serde_json::json!({ "games": games })
}

/// `sprague games GAME --format json`: the game's [`GameRecord`] with `position_syntax` and
/// `move_syntax` (of the game as typed, e.g. `bash:3`, else of its example).
///
/// ```
/// let kayles = sprague_games::record::game_record("kayles").unwrap();
/// assert_eq!(kayles["name"], "kayles");
/// assert!(kayles["move_syntax"].is_string());
/// ```
pub fn game_record(typed: &str) -> Result<serde_json::Value, GameError> {
    let entry = find_entry(typed)?;
    let (position, moves) = syntaxes(typed, entry);
    let mut object = serde_json::json!(GameRecord::of(entry));
    object["position_syntax"] = serde_json::Value::String(position);
    object["move_syntax"] = serde_json::Value::String(moves);
    Ok(object)
}

/// How positions and moves of the game are written: of the game as typed (`bash:3`), else of
/// the game in the entry's example.
///
/// ```
/// let entry = sprague_games::catalogue::find_entry("nim").unwrap();
/// let (position, moves) = sprague_games::record::syntaxes("nim", entry);
/// assert!(!position.is_empty() && !moves.is_empty());
/// ```
pub fn syntaxes(typed: &str, entry: &CatalogueEntry) -> (String, String) {
    let example_game = entry
        .example
        .split_whitespace()
        .nth(2)
        .unwrap_or(entry.name);
    let game =
        crate::parse_game(typed).or_else(|_| crate::parse_game(example_game.trim_matches('\'')));
    match game {
        Ok(game) => (game.position_syntax(), game.move_syntax()),
        Err(_) => (
            "see the syntax".to_string(),
            "see `sprague moves`".to_string(),
        ),
    }
}

/// `sprague nimber EXPR --format json`: the value of a nim-arithmetic expression.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NimberRecord {
    /// The value (below 2¹²⁸).
    pub value: u128,
    /// The value in decimal, as a string (for readers whose numbers are doubles).
    pub value_string: String,
    /// The value in hexadecimal, `0x…`.
    pub hexadecimal: String,
    /// The expression as given.
    pub expression: String,
}

impl NimberRecord {
    /// Evaluates `expression` with [`sprague_nimber::evaluate`].
    ///
    /// ```
    /// let record = sprague_games::record::NimberRecord::evaluate("16 * 16").unwrap();
    /// assert_eq!(record.value, 24);
    /// assert_eq!(record.hexadecimal, "0x18");
    /// ```
    pub fn evaluate(expression: &str) -> Result<Self, sprague_nimber::ExpressionError> {
        let value = sprague_nimber::evaluate(expression)?.value();
        Ok(NimberRecord {
            value,
            value_string: value.to_string(),
            hexadecimal: format!("{value:#x}"),
            expression: expression.to_string(),
        })
    }
}

/// One component of an analysed position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ComponentRecord {
    /// The component as typed.
    pub position: String,
    /// Its Sprague–Grundy value, where it has one.
    pub grundy: Option<u64>,
    /// The closed form or period that gave the value, when one did.
    pub rule: Option<String>,
}

/// A winning move of an analysed position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WinningMoveRecord {
    /// The component moved in, for sums.
    pub component: Option<usize>,
    /// The move in words.
    #[serde(rename = "move")]
    pub description: String,
    /// The whole position after it.
    pub to: String,
}

/// `sprague analyze GAME POSITION... --format json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AnalysisRecord {
    /// The game's canonical description.
    pub game: String,
    /// P, N, D, W, L or T.
    pub outcome: &'static str,
    /// The value of the whole position, where it has one.
    pub grundy: Option<u64>,
    /// Moves to the end with perfect play, for games solved by search.
    pub remoteness: Option<u64>,
    /// The theorem or method that gave the answer.
    pub method: String,
    /// Each component with its value and rule.
    pub components: Vec<ComponentRecord>,
    /// Every winning move.
    pub winning_moves: Vec<WinningMoveRecord>,
}

/// The analysis of a position: the game's [`Report`](crate::Report) with, for each
/// component, the closed form or period that gave its value; for one component whose value a
/// rule gave, the rule is the method.
///
/// ```
/// let nim = sprague_games::parse_game("nim").unwrap();
/// let position = nim.position(&["3".into(), "4".into(), "5".into()]).unwrap();
/// let (report, rules) = sprague_games::record::analysis(nim.as_ref(), &position).unwrap();
/// assert_eq!(report.grundy, Some(2));
/// assert_eq!(rules.len(), 3);
/// ```
pub fn analysis(
    game: &dyn crate::PlayableGame,
    position: &crate::Position,
) -> Result<(crate::Report, Vec<Option<String>>), GameError> {
    analysis_observed(game, position, &mut |_, _| ControlFlow::Continue(()))
}

/// [`analysis`], the search telling `observe` the positions solved (and the most it can
/// solve, when known), as [`crate::PlayableGame::analyze_observed`] does.
///
/// # Errors
/// As [`analysis`].
pub fn analysis_observed(
    game: &dyn crate::PlayableGame,
    position: &crate::Position,
    observe: &mut dyn FnMut(u64, Option<u128>) -> ControlFlow<()>,
) -> Result<(crate::Report, Vec<Option<String>>), GameError> {
    let mut report = game.analyze_observed(position, observe)?;
    let rules: Vec<Option<String>> = report
        .components
        .iter()
        .map(|component| {
            component
                .grundy
                .and_then(|value| game.value_rule(&component.position, value))
        })
        .collect();
    if let ([_], [Some(rule)]) = (report.components.as_slice(), rules.as_slice()) {
        // One component: its value is the answer, and the rule that gave it is the method.
        if report.method.starts_with("Sprague–Grundy theorem") {
            report.method = rule.clone();
        }
    }
    Ok((report, rules))
}

impl AnalysisRecord {
    /// The record of an [`analysis`] of a position of `game`.
    ///
    /// ```
    /// use sprague_games::record::{analysis, AnalysisRecord};
    /// let kayles = sprague_games::parse_game("kayles").unwrap();
    /// let position = kayles.position(&["2".into(), "3".into()]).unwrap();
    /// let (report, rules) = analysis(kayles.as_ref(), &position).unwrap();
    /// let record = AnalysisRecord::new(kayles.as_ref(), &report, &rules);
    /// assert_eq!(record.grundy, Some(2 ^ 3));
    /// ```
    pub fn new(
        game: &dyn crate::PlayableGame,
        report: &crate::Report,
        rules: &[Option<String>],
    ) -> Self {
        AnalysisRecord {
            game: game.description(),
            outcome: report.outcome.letter(),
            grundy: report.grundy,
            remoteness: report.remoteness,
            method: report.method.clone(),
            components: report
                .components
                .iter()
                .zip(rules)
                .map(|(component, rule)| ComponentRecord {
                    position: component.position.clone(),
                    grundy: component.grundy,
                    rule: rule.clone(),
                })
                .collect(),
            winning_moves: report
                .winning_moves
                .iter()
                .map(|winning| WinningMoveRecord {
                    component: winning.component,
                    description: winning.description.clone(),
                    to: winning.to.clone(),
                })
                .collect(),
        }
    }
}

/// `sprague analyze GAME POSITION... --format json` from the arguments.
///
/// ```
/// let record = sprague_games::record::analysis_record("nim", &["3".into(), "4".into(), "5".into()]).unwrap();
/// assert_eq!(record.outcome, "N");
/// assert_eq!(record.winning_moves.len(), 1);
/// ```
pub fn analysis_record(game: &str, position: &[String]) -> Result<AnalysisRecord, GameError> {
    let game = crate::parse_game(game)?;
    let position = game.position(position)?;
    let (report, rules) = analysis(game.as_ref(), &position)?;
    Ok(AnalysisRecord::new(game.as_ref(), &report, &rules))
}

/// The most moves answered with a reply each (from a P-position) by `moves`.
pub const MAX_REPLIED: usize = 200;

/// The winning answer to a move from a P-position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReplyRecord {
    /// The reply in the game's notation.
    pub notation: String,
    /// The reply in words.
    pub description: String,
    /// The position after it.
    pub after: crate::Position,
    /// Why it wins.
    pub reason: String,
}

/// One legal move, as `moves` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveRecord {
    /// The move in the game's notation.
    pub notation: String,
    /// The move in words.
    pub description: String,
    /// The component moved in, for sums.
    pub component: Option<usize>,
    /// The position after it.
    pub after: crate::Position,
    /// The value after it.
    pub grundy: Option<u64>,
    /// The outcome after it, for the player who must move there.
    pub outcome: &'static str,
    /// Moves to the end after it, where known.
    pub remoteness: Option<u64>,
    /// Whether it wins.
    pub winning: bool,
    /// From a P-position: the winning answer to this move.
    pub reply: Option<ReplyRecord>,
}

/// `sprague moves GAME POSITION... --format json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MovesRecord {
    /// The game's canonical description.
    pub game: String,
    /// The position.
    pub position: crate::Position,
    /// Its value.
    pub grundy: Option<u64>,
    /// Its outcome.
    pub outcome: &'static str,
    /// For one component: the options' values, whose mex is `grundy`.
    pub option_values: Option<Vec<u64>>,
    /// Why, one sentence a line.
    pub explanation: Vec<String>,
    /// Every legal move.
    pub moves: Vec<MoveRecord>,
}

/// Every move of a position with the value after it, why the position has its value, and from
/// a P-position (and at most [`MAX_REPLIED`] moves) the perfect reply to each move.
#[derive(Debug, Clone)]
pub struct MoveListing {
    /// Every legal move with its evaluation.
    pub listed: Vec<crate::play::OptionReport>,
    /// Why the position has its value.
    pub why: crate::play::Explanation,
    /// The reply to each move, from a lost position.
    pub replies: Vec<Option<ReplyRecord>>,
}

impl MoveListing {
    /// Lists the moves of `position`.
    ///
    /// ```
    /// let nim = sprague_games::parse_game("nim").unwrap();
    /// let position = nim.position(&["1".into(), "1".into()]).unwrap();
    /// let listing = sprague_games::record::MoveListing::of(nim.as_ref(), &position).unwrap();
    /// // Taking a heap of two equal ones is one move; from a P-position it gets a reply.
    /// assert_eq!(listing.listed.len(), 1);
    /// assert!(listing.replies.iter().all(Option::is_some));
    /// ```
    pub fn of(
        game: &dyn crate::PlayableGame,
        position: &crate::Position,
    ) -> Result<Self, GameError> {
        let listed = crate::play::options(game, position)?;
        let why = crate::play::explain(game, position)?;
        let lost = matches!(
            why.outcome,
            sprague_engine::Outcome::P | sprague_engine::Outcome::L
        );
        let replies = if !lost || listed.len() > MAX_REPLIED {
            listed.iter().map(|_| None).collect()
        } else {
            // One remoteness search from here serves every reply.
            let table = crate::play::RemotenessTable::search(
                game,
                position,
                crate::play::REMOTENESS_BUDGET,
            );
            listed
                .iter()
                .map(|option| {
                    Ok(
                        crate::play::perfect_reply_from(game, &option.play.after, 0, &table)?.map(
                            |reply| ReplyRecord {
                                notation: reply.play.notation,
                                description: reply.play.description,
                                after: reply.play.after,
                                reason: reply.reason,
                            },
                        ),
                    )
                })
                .collect::<Result<_, GameError>>()?
        };
        Ok(MoveListing {
            listed,
            why,
            replies,
        })
    }

    /// The record of the listing of `position`.
    pub fn record(
        &self,
        game: &dyn crate::PlayableGame,
        position: &crate::Position,
    ) -> MovesRecord {
        MovesRecord {
            game: game.description(),
            position: position.clone(),
            grundy: self.why.grundy,
            outcome: self.why.outcome.letter(),
            option_values: self.why.option_values.clone(),
            explanation: self.why.lines.clone(),
            moves: self
                .listed
                .iter()
                .zip(&self.replies)
                .map(|(option, reply)| MoveRecord {
                    notation: option.play.notation.clone(),
                    description: option.play.description.clone(),
                    component: option.play.component,
                    after: option.play.after.clone(),
                    grundy: option.evaluation.grundy,
                    outcome: option.evaluation.outcome.letter(),
                    remoteness: option.evaluation.remoteness,
                    winning: option.winning(),
                    reply: reply.clone(),
                })
                .collect(),
        }
    }
}

/// `sprague moves GAME POSITION... --format json` from the arguments.
///
/// ```
/// let record = sprague_games::record::moves_record("kayles", &["3".into()]).unwrap();
/// assert_eq!(record.grundy, Some(3));
/// assert_eq!(record.option_values, Some(vec![0, 1, 2]));
/// ```
pub fn moves_record(game: &str, position: &[String]) -> Result<MovesRecord, GameError> {
    let game = crate::parse_game(game)?;
    let position = game.position(position)?;
    Ok(MoveListing::of(game.as_ref(), &position)?.record(game.as_ref(), &position))
}

/// `sprague values GAME --to N --format json` for the families that are not take-and-break
/// games (Nim, Bash, subtraction, all-but, Lasker's Nim, …; take-and-break games answer with
/// [`sprague_takebreak::record::ValuesRecord`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FamilyValuesRecord {
    /// The game's canonical description.
    pub game: String,
    /// Its title.
    pub title: String,
    /// g(0..=to).
    pub values: Vec<u64>,
    /// The period: an arithmetic one (all-but games) first, else an ordinary one.
    pub period: Option<sprague_takebreak::record::PeriodRecord>,
    /// The family's closed form, when it has one (Nim, Bash, Lasker's Nim, …).
    pub closed_form: Option<String>,
}

impl FamilyValuesRecord {
    /// The record of the values g(0..=to) computed for `game`.
    ///
    /// ```
    /// let bash = sprague_games::parse_game("bash:3").unwrap();
    /// let values = bash.values(8).unwrap();
    /// let record = sprague_games::record::FamilyValuesRecord::new(bash.as_ref(), &values, 8).unwrap();
    /// assert_eq!(record.values, vec![0, 1, 2, 3, 0, 1, 2, 3, 0]);
    /// ```
    pub fn new(
        game: &dyn crate::PlayableGame,
        values: &sprague_engine::Values,
        to: u64,
    ) -> Result<Self, sprague_takebreak::record::RecordError> {
        use sprague_takebreak::record::{PeriodRecord, RecordError};
        let bytes = (u128::from(to) + 1) * std::mem::size_of::<u64>() as u128;
        sprague_engine::check_allocation(bytes, &format!("printing g(0..={to})"))?;
        let table = (0..=to)
            .map(|heap| values.get(heap).ok_or(RecordError::Incomplete { heap }))
            .collect::<Result<Vec<u64>, RecordError>>()?;
        Ok(FamilyValuesRecord {
            game: game.description(),
            title: game.title(),
            values: table,
            // An arithmetic period (all-but games) comes first: their values
            // grow, so an ordinary period seen in the data is spurious.
            period: values
                .arithmetic_periodicity()
                .map(|found| PeriodRecord {
                    preperiod: found.preperiod,
                    period: found.period,
                    proven: found.proven,
                    saltus: found.saltus,
                    theorem: found.theorem.map(str::to_string),
                    examined: found.examined,
                })
                .or_else(|| values.periodicity().map(PeriodRecord::from)),
            closed_form: game
                .heap_family()
                .and_then(|family| family.closed_form_formula()),
        })
    }
}

/// `sprague table wythoff --to N --format json`: g(a, b) for a, b = 0..=to and the
/// P-positions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableRecord {
    /// The game's canonical description.
    pub game: String,
    /// The largest heap.
    pub to: u64,
    /// `values[a][b]` = g(a, b).
    pub values: Vec<Vec<u64>>,
    /// Every (a, b) with g(a, b) = 0.
    pub p_positions: Vec<[u64; 2]>,
}

/// One vertex of `sprague table digraph:GRAPH --format json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VertexRecord {
    /// γ, `∞(K)` included.
    pub gamma: String,
    /// γ when it is finite.
    pub grundy: Option<u64>,
    /// P, N or D.
    pub outcome: &'static str,
    /// The vertex's name (the keys are in alphabetical order, as the CLI has always printed them).
    pub vertex: String,
}

/// `sprague table digraph:GRAPH --format json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DigraphTableRecord {
    /// The game as typed.
    pub game: String,
    /// Every vertex with its γ.
    pub vertices: Vec<VertexRecord>,
}

/// The answer of `sprague table`: a two-heap table or a digraph's vertices.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum TableAnswer {
    /// `table wythoff --to N`.
    TwoHeap(TableRecord),
    /// `table digraph:GRAPH`.
    Digraph(DigraphTableRecord),
}

/// `sprague table GAME --to N --format json` from the arguments.
///
/// ```
/// use sprague_games::record::{table_record, TableAnswer};
/// let TableAnswer::TwoHeap(table) = table_record("wythoff", 3).unwrap() else { panic!() };
/// assert_eq!(table.p_positions, vec![[0, 0], [1, 2], [2, 1]]);
/// assert!(table_record("kayles", 3).is_err());
/// ```
pub fn table_record(game: &str, to: u64) -> Result<TableAnswer, GameError> {
    if game.to_lowercase().starts_with("digraph:") {
        let parameter = game.split_once(':').map_or("", |(_, p)| p);
        let digraph = crate::digraph::DigraphGame::new(parameter)?;
        let vertices = digraph
            .vertex_table()
            .into_iter()
            .map(|(vertex, value, outcome)| VertexRecord {
                vertex,
                gamma: value.to_string(),
                grundy: value.finite(),
                outcome: outcome.letter(),
            })
            .collect();
        return Ok(TableAnswer::Digraph(DigraphTableRecord {
            game: game.to_string(),
            vertices,
        }));
    }
    let parsed = crate::parse_game(game)?;
    if parsed.description() != "wythoff" {
        return Err(GameError::Unsupported {
            game: parsed.description(),
            what: "`sprague table`".into(),
            reason:
                "it prints two-heap tables such as wythoff; one-heap games use `sprague values`"
                    .into(),
        });
    }
    let values = crate::wythoff::grundy_table(to)?;
    let p_positions: Vec<[u64; 2]> = (0..=to)
        .flat_map(|a| (0..=to).map(move |b| [a, b]))
        .filter(|&[a, b]| values[a as usize][b as usize] == 0)
        .collect();
    Ok(TableAnswer::TwoHeap(TableRecord {
        game: parsed.description(),
        to,
        values,
        p_positions,
    }))
}

/// A player of a game against the computer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The person.
    You,
    /// The perfect opponent.
    Computer,
}

impl Side {
    /// The other player.
    ///
    /// ```
    /// use sprague_games::record::Side;
    /// assert_eq!(Side::You.other(), Side::Computer);
    /// ```
    pub fn other(self) -> Side {
        match self {
            Side::You => Side::Computer,
            Side::Computer => Side::You,
        }
    }

    /// `you` or `computer`, as the records write it.
    ///
    /// ```
    /// assert_eq!(sprague_games::record::Side::Computer.name(), "computer");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Side::You => "you",
            Side::Computer => "computer",
        }
    }
}

/// One move of a game, as `sprague play --format json` prints it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TurnRecord {
    /// The move's number in the game (1 for the first).
    pub turn: usize,
    /// `you` or `computer`.
    pub player: &'static str,
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub notation: String,
    /// The move in words.
    pub description: String,
    /// The computer's reason for its move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The position after the move.
    pub position: crate::Position,
    /// Its value.
    pub grundy: Option<u64>,
    /// Its outcome, for the player who must move there.
    pub outcome: &'static str,
}

impl TurnRecord {
    /// The record of move number `turn`, `played` by `side`, with the evaluation of the
    /// position it leaves (and the computer's reason).
    ///
    /// ```
    /// use sprague_games::record::{Side, TurnRecord};
    /// let nim = sprague_games::parse_game("nim").unwrap();
    /// let position = nim.position(&["2".into()]).unwrap();
    /// let played = nim.parse_move(&position, "#1").unwrap();
    /// let evaluation = nim.evaluate_moves(std::slice::from_ref(&played)).unwrap()[0];
    /// let record = TurnRecord::new(1, Side::You, &played, None, evaluation);
    /// assert_eq!(record.player, "you");
    /// ```
    pub fn new(
        turn: usize,
        side: Side,
        played: &crate::Move,
        reason: Option<&str>,
        evaluation: crate::playable::Evaluation,
    ) -> Self {
        TurnRecord {
            turn,
            player: side.name(),
            notation: played.notation.clone(),
            description: played.description.clone(),
            reason: reason.map(str::to_string),
            position: played.after.clone(),
            grundy: evaluation.grundy,
            outcome: evaluation.outcome.letter(),
        }
    }
}

/// The end of a game: `{"result": "over", "winner": ..., "position": ...}` as `sprague play
/// --format json` prints it, and the sentence it says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OverRecord {
    /// Always `over`.
    pub result: &'static str,
    /// `you`, `computer`, or none for a tie.
    pub winner: Option<&'static str>,
    /// The final position.
    pub position: crate::Position,
}

/// The end of a game once `mover` has no move from `position`: the winner by the final
/// position's outcome (so misère, win/lose/tie and loopy rules count as their games define),
/// and the sentence naming it.
///
/// ```
/// use sprague_games::record::{game_over, Side};
/// let nim = sprague_games::parse_game("nim").unwrap();
/// let end = nim.position(&["0".into()]).unwrap();
/// let (record, sentence) = game_over(nim.as_ref(), &end, Side::Computer).unwrap();
/// assert_eq!(record.winner, Some("you"));
/// assert_eq!(sentence, "No move is left for the computer: you win.");
/// ```
pub fn game_over(
    game: &dyn crate::PlayableGame,
    position: &crate::Position,
    mover: Side,
) -> Result<(OverRecord, String), GameError> {
    use sprague_engine::Outcome;
    let report = game.analyze(position)?;
    let winner = match report.outcome {
        Outcome::P | Outcome::L => Some(mover.other()),
        Outcome::N | Outcome::W => Some(mover),
        Outcome::D | Outcome::T => None,
    };
    let stuck = if mover == Side::You {
        "you"
    } else {
        "the computer"
    };
    let sentence = match winner {
        Some(Side::You) => format!("No move is left for {stuck}: you win."),
        Some(Side::Computer) => format!("No move is left for {stuck}: the computer wins."),
        None => "No move is left: the game is a tie.".to_string(),
    };
    Ok((
        OverRecord {
            result: "over",
            winner: winner.map(Side::name),
            position: position.clone(),
        },
        sentence,
    ))
}

/// Which of equally good moves the computer takes at move `ply` with `--seed` (SplitMix64 of
/// the seed and the move number; 0 without a seed).
///
/// ```
/// use sprague_games::record::reply_pick;
/// assert_eq!(reply_pick(None, 5), 0);
/// assert_eq!(reply_pick(Some(7), 5), reply_pick(Some(7), 5));
/// ```
pub fn reply_pick(seed: Option<u64>, ply: u64) -> u64 {
    let Some(seed) = seed else { return 0 };
    let mut z = seed.wrapping_add(ply.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Reads a heap bound as the faces accept it: `1000`, `2^30`, `10^6`, `1e6`, `1_000_000`.
///
/// ```
/// use sprague_games::record::parse_heap_bound;
/// assert_eq!(parse_heap_bound("2^10"), Ok(1024));
/// assert_eq!(parse_heap_bound("1e3"), Ok(1000));
/// assert!(parse_heap_bound("2^64").is_err());
/// ```
pub fn parse_heap_bound(text: &str) -> Result<u64, String> {
    let cleaned: String = text.trim().chars().filter(|&c| c != '_').collect();
    let power = |base: &str, exponent: &str| -> Option<u64> {
        let base: u64 = base.parse().ok()?;
        let exponent: u32 = exponent.parse().ok()?;
        base.checked_pow(exponent)
    };
    let value = if let Some((base, exponent)) = cleaned.split_once('^') {
        power(base, exponent)
    } else if let Some((mantissa, exponent)) = cleaned.split_once(['e', 'E']) {
        mantissa.parse::<u64>().ok().and_then(|mantissa| {
            power("10", exponent).and_then(|scale| mantissa.checked_mul(scale))
        })
    } else {
        cleaned.parse().ok()
    };
    value.ok_or_else(|| {
        format!(
            "'{}' is not a heap size: write a whole number, or a power such as 2^22 or 10^6, at most {}",
            crate::error::quoted(text),
            u64::MAX
        )
    })
}

/// A position of `sprague graph --format json`.
#[derive(Debug, Serialize)]
pub struct GraphNodeRecord {
    /// Whether the player to move loses (P or L).
    pub losing: bool,
    /// The position.
    pub position: String,
    /// Its value (SG value, P/N/D or W/L/T with remoteness).
    pub value: String,
}

/// A move of `sprague graph --format json`.
#[derive(Debug, Serialize)]
pub struct GraphEdgeRecord {
    /// The position moved from (an index into `nodes`).
    pub from: usize,
    /// The position moved to.
    pub to: usize,
    /// Whether it is a winning move.
    pub winning: bool,
}

/// The record of `sprague graph GAME POSITION... --format json`.
#[derive(Debug, Serialize)]
pub struct GraphRecord {
    /// The moves between the positions (the keys in the order the command line has always printed them).
    pub edges: Vec<GraphEdgeRecord>,
    /// The game's description.
    pub game: String,
    /// The positions, the start first (breadth-first).
    pub nodes: Vec<GraphNodeRecord>,
    /// Whether positions were left out because of the node limit.
    pub truncated: bool,
}

/// The game graph of `game` from `position`, at most `max_nodes` positions
/// (`sprague graph --format json`, `POST /api/graph`, `sprague.graph`).
pub fn graph_record(
    game: &str,
    position: &[String],
    max_nodes: usize,
) -> Result<GraphRecord, GameError> {
    let game = crate::parse_game(game)?;
    let graph = game.game_graph(position, max_nodes)?;
    Ok(graph_record_of(game.description(), &graph))
}

/// The record of a game graph already explored (`game`: the game's description).
pub fn graph_record_of(game: String, graph: &crate::game_graph::GameGraph) -> GraphRecord {
    GraphRecord {
        game,
        truncated: graph.truncated,
        nodes: graph
            .nodes
            .iter()
            .map(|n| GraphNodeRecord {
                position: n.position.clone(),
                value: n.value.clone(),
                losing: n.losing,
            })
            .collect(),
        edges: graph
            .edges
            .iter()
            .map(|e| GraphEdgeRecord {
                from: e.from,
                to: e.to,
                winning: e.winning,
            })
            .collect(),
    }
}
