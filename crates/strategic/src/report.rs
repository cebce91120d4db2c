//! The reports of the strategic-form questions, as the command line's
//! `nash`, `zerosum` and `dominance` print them with `--format json` and as
//! the Python module returns them: one function solves, one function builds
//! the record, and every face (command line, Python) serialises the same
//! record. Exact numbers are strings (`p/q`, or `a+b*sqrt(r)` when
//! irrational), strategies and players are named.
//!
//! The records are plain serde structs; serialised through
//! `serde_json::Value` (as the command line does) their keys come out sorted.

use num_bigint::BigUint;
use num_rational::BigRational;
use serde::Serialize;

use crate::dominance::{iterated_elimination, Dominator, IteratedElimination, Strength};
use crate::equilibrium::Equilibrium;
use crate::error::StrategicError;
use crate::game::NormalFormGame;
use crate::lemke_howson::{
    lemke_howson_all_labels_with_stop, lemke_howson_exact_with_stop, lemke_howson_with_stop,
};
use crate::nplayer::{nplayer_equilibria, NPlayerEquilibria, NPlayerOptions};
use crate::pure::pure_equilibria;
use crate::quadratic::QuadraticNumber;
use crate::rational::format_rational;
use crate::stop::StopCheck;
use crate::support_enumeration::{degeneracy, support_enumeration_until, DEFAULT_SUPPORT_LIMIT};
use crate::vertex_enumeration::{all_equilibria, AllEquilibria, EnumerationOptions};
use crate::zero_sum::{solve_zero_sum_with, ZeroSumSolution};

/// How to compute equilibria.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum NashMethod {
    /// Vertex enumeration for two players, support enumeration otherwise.
    #[default]
    Auto,
    /// All extreme equilibria of a two-player game by vertex enumeration, with components.
    Enum,
    /// Support enumeration: all extreme equilibria of a two-player game; with
    /// three or more players, the equilibria in which at most two players mix
    /// (or three with two strategies each).
    Support,
    /// Pure-strategy equilibria of any n-player game.
    Pure,
    /// One equilibrium of a two-player game by Lemke-Howson (or one per label).
    LemkeHowson,
}

/// The options of [`solve_nash`] (the command line's `nash` flags).
#[derive(Debug, Clone, Copy)]
pub struct NashOptions<'a> {
    /// The method.
    pub method: NashMethod,
    /// Lemke-Howson: the label to drop, 1-based (1..m the row player's
    /// strategies, m+1..m+n the column player's).
    pub label: usize,
    /// Lemke-Howson: run from every label, report the distinct equilibria.
    pub all_labels: bool,
    /// Lemke-Howson: pivot exactly all the way.
    pub exact_pivoting: bool,
    /// Run exhaustive methods above their size limits.
    pub force: bool,
    /// Asked every so often by the exhaustive methods (enumerations, the
    /// n-player search); they end with [`StrategicError::Interrupted`] when
    /// it says stop (Ctrl-C, a time budget).
    pub stop: StopCheck<'a>,
}

impl Default for NashOptions<'_> {
    fn default() -> Self {
        NashOptions {
            method: NashMethod::Auto,
            label: 1,
            all_labels: false,
            exact_pivoting: false,
            force: false,
            stop: StopCheck::never(),
        }
    }
}

/// The equilibria [`solve_nash`] found, with what the method says about them.
#[derive(Debug, Clone)]
pub struct NashFound {
    /// The method, in words.
    pub method: &'static str,
    /// The equilibria with rational probabilities.
    pub equilibria: Vec<Equilibrium>,
    /// Whether the (two-player) game is degenerate, where known.
    pub degenerate: Option<bool>,
    /// Whether every extreme equilibrium is listed.
    pub complete: bool,
    /// Vertex enumeration's cliques and components.
    pub all: Option<AllEquilibria>,
    /// The n-player support enumeration's account of what it searched.
    pub nplayer: Option<NPlayerEquilibria>,
    /// A remark on the result.
    pub note: Option<String>,
}

/// The degeneracy of a two-player game where it can be decided quickly.
fn two_player_degeneracy(game: &NormalFormGame) -> Option<bool> {
    let (a, b) = game.bimatrix().ok()?;
    degeneracy(&a, &b)
}

/// What the n-player support enumeration left out, in words.
fn nplayer_note(found: &NPlayerEquilibria) -> Option<String> {
    let mut parts = Vec::new();
    if found.unsearched_profiles != BigUint::default() {
        parts.push(format!(
            "equilibria in which four or more players mix, or three with one of them over three or more strategies, are not searched ({} of {} support profiles), so the list may be incomplete",
            found.unsearched_profiles,
            &found.unsearched_profiles + &found.searched_profiles
        ));
    }
    if found.unsolved_profiles > 0 {
        parts.push(format!(
            "in {} support profile(s) with three players mixing the indifference equations have infinitely many solutions; their equilibria are not listed",
            found.unsolved_profiles
        ));
    }
    if !found.irrational.is_empty() {
        parts.push(format!(
            "{} equilibri{} with irrational probabilities cannot be written p/q and {} listed apart, exactly, as a+b*sqrt(r)",
            found.irrational.len(),
            if found.irrational.len() == 1 { "um" } else { "a" },
            if found.irrational.len() == 1 { "is" } else { "are" },
        ));
    }
    if found.curved_sets > 0 {
        parts.push(format!(
            "in {} convex set(s) of equilibria of a two-player game induced by fixing the pure players, the pure players' best-reply conditions cut along a curved surface; only its equilibria on sections through extreme strategies are listed",
            found.curved_sets
        ));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// The Nash equilibria of `game` by the method of `options`, with the size
/// limits and refusals of the command line.
///
/// ```
/// use sprague_strategic::examples::example;
/// use sprague_strategic::report::{solve_nash, NashOptions};
/// let found = solve_nash(&example("battle-of-the-sexes").unwrap(), &NashOptions::default()).unwrap();
/// assert_eq!(found.equilibria.len(), 3);
/// ```
pub fn solve_nash(
    game: &NormalFormGame,
    options: &NashOptions<'_>,
) -> Result<NashFound, StrategicError> {
    let method = match options.method {
        NashMethod::Auto if game.num_players() == 2 => NashMethod::Enum,
        NashMethod::Auto => NashMethod::Support,
        m => m,
    };
    Ok(match method {
        NashMethod::Enum | NashMethod::Auto => {
            let enumeration = EnumerationOptions {
                force: options.force,
                stop: options.stop,
                ..Default::default()
            };
            let all = all_equilibria(game, enumeration)?;
            NashFound {
                method: "vertex enumeration (all extreme equilibria, exact)",
                equilibria: all.equilibria.clone(),
                degenerate: Some(all.degenerate),
                complete: true,
                all: Some(all),
                nplayer: None,
                note: None,
            }
        }
        NashMethod::Support if game.num_players() == 2 => {
            let (a, b) = game.bimatrix()?;
            let limit = if options.force {
                None
            } else {
                Some(DEFAULT_SUPPORT_LIMIT)
            };
            let found = support_enumeration_until(&a, &b, limit, options.stop)?;
            NashFound {
                method: "support enumeration (supports of any sizes, all extreme equilibria, exact)",
                equilibria: found.equilibria,
                degenerate: Some(found.degenerate),
                complete: true,
                all: None,
                nplayer: None,
                note: found.degenerate.then(|| {
                    "in a degenerate game equilibria can form convex sets; the extreme ones are listed (--method enum groups them)".to_string()
                }),
            }
        }
        NashMethod::Support => {
            let nplayer = NPlayerOptions {
                force: options.force,
                stop: options.stop,
                ..Default::default()
            };
            let found = nplayer_equilibria(game, nplayer)?;
            NashFound {
                method: "support enumeration (equilibria in which at most two players mix, as extreme points of convex sets of equilibria, and those in which three mix over two strategies each; exact)",
                equilibria: found.equilibria.clone(),
                degenerate: None,
                complete: found.complete(),
                note: nplayer_note(&found),
                all: None,
                nplayer: Some(found),
            }
        }
        NashMethod::Pure => {
            let equilibria = pure_equilibria(game)
                .into_iter()
                .map(|p| {
                    let strategies = game.pure_as_mixed(&p);
                    let payoffs = (0..game.num_players())
                        .map(|i| game.payoff(&p, i).clone())
                        .collect();
                    Equilibrium {
                        strategies,
                        payoffs,
                    }
                })
                .collect();
            NashFound {
                method: "pure-strategy equilibria",
                equilibria,
                degenerate: two_player_degeneracy(game),
                complete: false,
                all: None,
                nplayer: None,
                note: Some("pure equilibria only; --method support (or enum for two players) finds mixed ones too".into()),
            }
        }
        NashMethod::LemkeHowson => lemke_howson_found(game, options)?,
    })
}

fn lemke_howson_found(
    game: &NormalFormGame,
    options: &NashOptions<'_>,
) -> Result<NashFound, StrategicError> {
    let counts = game.strategy_counts();
    if game.num_players() != 2 {
        return Err(StrategicError::NotTwoPlayer(game.num_players()));
    }
    let total = counts[0] + counts[1];
    if options.all_labels {
        let mut equilibria: Vec<Equilibrium> = Vec::new();
        for r in lemke_howson_all_labels_with_stop(game, options.stop)? {
            if !equilibria.contains(&r.equilibrium) {
                equilibria.push(r.equilibrium);
            }
        }
        return Ok(NashFound {
            method: "Lemke-Howson from every label (exact results)",
            equilibria,
            degenerate: two_player_degeneracy(game),
            complete: false,
            all: None,
            nplayer: None,
            note: None,
        });
    }
    if options.label == 0 || options.label > total {
        return Err(StrategicError::OutOfRange(format!(
            "label {} does not exist; labels run from 1 to {total} (1..{} for the row player's strategies, then the column player's)",
            options.label, counts[0]
        )));
    }
    let r = if options.exact_pivoting {
        let (a, b) = game.bimatrix()?;
        lemke_howson_exact_with_stop(&a, &b, options.label - 1, options.stop)?
    } else {
        lemke_howson_with_stop(game, options.label - 1, options.stop)?
    };
    let how = if r.exact_pivoting {
        "exact lexicographic pivoting"
    } else {
        "path followed in floating point, end point solved and certified exactly"
    };
    Ok(NashFound {
        method: "Lemke-Howson (exact result)",
        equilibria: vec![r.equilibrium],
        degenerate: two_player_degeneracy(game),
        complete: false,
        all: None,
        nplayer: None,
        note: Some(format!(
            "label {} dropped, {} pivots, {how}",
            options.label, r.pivots
        )),
    })
}

/// Exact rationals as strings (`p/q` or `p`).
fn rats(v: &[BigRational]) -> Vec<String> {
    v.iter().map(format_rational).collect()
}

/// Exact numbers as strings (`p/q`, or `a+b*sqrt(r)` when irrational).
fn words(v: &[QuadraticNumber]) -> Vec<String> {
    v.iter().map(ToString::to_string).collect()
}

/// One equilibrium: every player's mixed strategy and payoff, as exact strings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EquilibriumRecord {
    /// Per player, the probability of each strategy.
    pub strategies: Vec<Vec<String>>,
    /// Per player, the expected payoff.
    pub payoffs: Vec<String>,
}

/// A maximal convex set of equilibria (a clique of vertex enumeration):
/// every mixture of the row strategies with every mixture of the column
/// strategies is an equilibrium.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CliqueRecord {
    /// The row player's extreme strategies.
    pub row_strategies: Vec<Vec<String>>,
    /// The column player's extreme strategies.
    pub column_strategies: Vec<Vec<String>>,
}

/// The record of `sprague nash --format json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NashReport {
    /// The game's title.
    pub game: String,
    /// The player names.
    pub players: Vec<String>,
    /// Every player's strategy names.
    pub strategy_names: Vec<Vec<String>>,
    /// The method, in words.
    pub method: String,
    /// The equilibria with rational probabilities.
    pub equilibria: Vec<EquilibriumRecord>,
    /// Whether the game is degenerate, where known.
    pub degenerate: Option<bool>,
    /// Whether every extreme equilibrium is listed.
    pub complete: bool,
    /// n-player support enumeration: support profiles searched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub searched_support_profiles: Option<String>,
    /// n-player support enumeration: support profiles not searched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unsearched_support_profiles: Option<String>,
    /// n-player support enumeration: convex sets cut along a curved surface.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub curved_sets: Option<usize>,
    /// n-player support enumeration: support profiles whose equations have
    /// infinitely many solutions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unsolved_support_profiles: Option<usize>,
    /// n-player support enumeration: equilibria with irrational
    /// probabilities, as `a+b*sqrt(r)`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub irrational_equilibria: Option<Vec<EquilibriumRecord>>,
    /// A remark on the result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Vertex enumeration: the maximal convex sets of equilibria.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cliques: Option<Vec<CliqueRecord>>,
    /// Vertex enumeration: the connected components, as 0-based clique numbers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub components: Option<Vec<Vec<usize>>>,
}

/// The record of the equilibria `found` of `game`.
pub fn nash_report(game: &NormalFormGame, found: &NashFound) -> NashReport {
    let nplayer = found.nplayer.as_ref();
    NashReport {
        game: game.title().to_string(),
        players: game.players().to_vec(),
        strategy_names: game.strategies().to_vec(),
        method: found.method.to_string(),
        equilibria: found
            .equilibria
            .iter()
            .map(|e| EquilibriumRecord {
                strategies: e.strategies.iter().map(|s| rats(s)).collect(),
                payoffs: rats(&e.payoffs),
            })
            .collect(),
        degenerate: found.degenerate,
        complete: found.complete,
        searched_support_profiles: nplayer.map(|n| n.searched_profiles.to_string()),
        unsearched_support_profiles: nplayer.map(|n| n.unsearched_profiles.to_string()),
        curved_sets: nplayer.map(|n| n.curved_sets),
        unsolved_support_profiles: nplayer.map(|n| n.unsolved_profiles),
        irrational_equilibria: nplayer.map(|n| {
            n.irrational
                .iter()
                .map(|e| EquilibriumRecord {
                    strategies: e.strategies.iter().map(|s| words(s)).collect(),
                    payoffs: words(&e.payoffs),
                })
                .collect()
        }),
        note: found.note.clone(),
        cliques: found.all.as_ref().map(|all| {
            all.cliques
                .iter()
                .map(|c| CliqueRecord {
                    row_strategies: c.rows.iter().map(|&r| rats(&all.row_vertices[r])).collect(),
                    column_strategies: c
                        .columns
                        .iter()
                        .map(|&k| rats(&all.column_vertices[k]))
                        .collect(),
                })
                .collect()
        }),
        components: found.all.as_ref().map(|all| all.components.clone()),
    }
}

/// A strategy named by its row or column.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SaddlePoint {
    /// The row player's strategy.
    pub row: String,
    /// The column player's strategy.
    pub column: String,
}

/// The record of `sprague zerosum --format json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ZeroSumReport {
    /// The value of the game to the row player.
    pub value: String,
    /// An optimal strategy of the row player.
    pub row_strategy: Vec<String>,
    /// An optimal strategy of the column player.
    pub column_strategy: Vec<String>,
    /// The best payoff the row player can guarantee with a pure strategy.
    pub pure_maximin: String,
    /// The least the column player can hold the row player to with a pure strategy.
    pub pure_minimax: String,
    /// The rows achieving the pure maximin.
    pub maximin_rows: Vec<String>,
    /// The columns achieving the pure minimax.
    pub minimax_columns: Vec<String>,
    /// The pure saddle points.
    pub saddle_points: Vec<SaddlePoint>,
}

/// The value and optimal strategies of a two-player constant-sum game
/// (`exact_pivoting`: the exact simplex method throughout), with its record.
pub fn solve_zero_sum_game(
    game: &NormalFormGame,
    exact_pivoting: bool,
) -> Result<(ZeroSumSolution, ZeroSumReport), StrategicError> {
    let a = game.zero_sum_matrix()?;
    let s = solve_zero_sum_with(&a, exact_pivoting)?;
    let names = game.strategies();
    let report = ZeroSumReport {
        value: format_rational(&s.value),
        row_strategy: rats(&s.row_strategy),
        column_strategy: rats(&s.column_strategy),
        pure_maximin: format_rational(&s.pure_maximin),
        pure_minimax: format_rational(&s.pure_minimax),
        maximin_rows: s
            .maximin_rows
            .iter()
            .map(|&i| names[0][i].clone())
            .collect(),
        minimax_columns: s
            .minimax_columns
            .iter()
            .map(|&j| names[1][j].clone())
            .collect(),
        saddle_points: s
            .saddle_points
            .iter()
            .map(|&(i, j)| SaddlePoint {
                row: names[0][i].clone(),
                column: names[1][j].clone(),
            })
            .collect(),
    };
    Ok((s, report))
}

/// One strategy of a dominating mixture.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MixturePart {
    /// The strategy.
    pub strategy: String,
    /// Its probability.
    pub probability: String,
}

/// What dominates an eliminated strategy: `{"strategy": …}` or `{"mixture": […]}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DominatorRecord {
    /// Another pure strategy.
    Strategy(String),
    /// A mixture of other strategies.
    Mixture(Vec<MixturePart>),
}

/// One step of iterated elimination.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EliminationRecord {
    /// The round, from 1.
    pub round: usize,
    /// The player.
    pub player: String,
    /// The eliminated strategy.
    pub strategy: String,
    /// What dominates it.
    pub dominated_by: DominatorRecord,
}

/// The record of `sprague dominance --format json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DominanceReport {
    /// `"strict"` or `"weak"`.
    pub strength: String,
    /// Whether mixed dominators were looked for.
    pub mixed: bool,
    /// The eliminations in order.
    pub steps: Vec<EliminationRecord>,
    /// Every player's remaining strategies.
    pub remaining: Vec<Vec<String>>,
}

/// Iterated elimination of strictly (`weak`: weakly) dominated strategies
/// (`mixed`: by mixtures too), with its record.
pub fn eliminate_dominated(
    game: &NormalFormGame,
    weak: bool,
    mixed: bool,
) -> (IteratedElimination, DominanceReport) {
    let strength = if weak {
        Strength::Weak
    } else {
        Strength::Strict
    };
    let result = iterated_elimination(game, strength, mixed);
    let names = game.strategies();
    let report = DominanceReport {
        strength: if weak { "weak" } else { "strict" }.to_string(),
        mixed,
        steps: result
            .steps
            .iter()
            .map(|e| EliminationRecord {
                round: e.round,
                player: game.players()[e.player].clone(),
                strategy: names[e.player][e.strategy].clone(),
                dominated_by: match &e.by {
                    Dominator::Pure(t) => DominatorRecord::Strategy(names[e.player][*t].clone()),
                    Dominator::Mixed(v) => DominatorRecord::Mixture(
                        v.iter()
                            .map(|(t, p)| MixturePart {
                                strategy: names[e.player][*t].clone(),
                                probability: format_rational(p),
                            })
                            .collect(),
                    ),
                },
            })
            .collect(),
        remaining: result
            .remaining
            .iter()
            .enumerate()
            .map(|(i, r)| r.iter().map(|&s| names[i][s].clone()).collect())
            .collect(),
    };
    (result, report)
}

/// The game restricted to the strategies `keep` (per player, indices into
/// its strategies, in the order given): the reduced game of iterated
/// elimination.
pub fn reduced_game(
    game: &NormalFormGame,
    keep: &[Vec<usize>],
) -> Result<NormalFormGame, StrategicError> {
    let counts = game.strategy_counts();
    if keep.len() != counts.len() {
        return Err(StrategicError::Dimension(format!(
            "the game has {} players but strategies to keep were given for {}",
            counts.len(),
            keep.len()
        )));
    }
    for (i, k) in keep.iter().enumerate() {
        if let Some(&s) = k.iter().find(|&&s| s >= counts[i]) {
            return Err(StrategicError::OutOfRange(format!(
                "player {} has no strategy {}; it has {}",
                i + 1,
                s + 1,
                counts[i]
            )));
        }
    }
    let strategies: Vec<Vec<String>> = keep
        .iter()
        .enumerate()
        .map(|(i, k)| k.iter().map(|&s| game.strategies()[i][s].clone()).collect())
        .collect();
    let sizes: Vec<usize> = keep.iter().map(Vec::len).collect();
    let total: usize = sizes.iter().product();
    let mut payoffs = Vec::with_capacity(total);
    let mut profile = vec![0; sizes.len()];
    for mut index in 0..total {
        for (p, &size) in profile.iter_mut().zip(&sizes) {
            *p = index % size;
            index /= size;
        }
        let original: Vec<usize> = profile.iter().zip(keep).map(|(&p, k)| k[p]).collect();
        payoffs.push(game.payoffs_at(game.profile_index(&original)).to_vec());
    }
    NormalFormGame::new(game.title(), game.players().to_vec(), strategies, payoffs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::examples::example;

    fn to_json<T: Serialize>(value: &T) -> String {
        serde_json::to_string(&serde_json::to_value(value).unwrap()).unwrap()
    }

    #[test]
    fn battle_of_the_sexes_report() {
        let game = example("battle-of-the-sexes").unwrap();
        let found = solve_nash(&game, &NashOptions::default()).unwrap();
        let report = nash_report(&game, &found);
        assert_eq!(report.equilibria.len(), 3);
        assert_eq!(report.degenerate, Some(false));
        assert!(report.complete);
        assert!(report
            .equilibria
            .iter()
            .any(|e| e.strategies[0] == ["2/3", "1/3"]));
        assert_eq!(report.cliques.as_ref().map(Vec::len), Some(3));
        let text = to_json(&report);
        assert!(text.starts_with("{\"cliques\":"), "{text}");
        assert!(!text.contains("irrational_equilibria"));
        assert!(!text.contains("\"note\""));
    }

    #[test]
    fn pure_and_lemke_howson_notes() {
        let game = example("prisoners-dilemma").unwrap();
        let pure = NashOptions {
            method: NashMethod::Pure,
            ..Default::default()
        };
        let report = nash_report(&game, &solve_nash(&game, &pure).unwrap());
        assert_eq!(report.equilibria.len(), 1);
        assert!(!report.complete);
        assert!(report.note.unwrap().starts_with("pure equilibria only"));
        let lh = NashOptions {
            method: NashMethod::LemkeHowson,
            label: 9,
            ..Default::default()
        };
        let error = solve_nash(&game, &lh).unwrap_err().to_string();
        assert!(error.starts_with("label 9 does not exist"), "{error}");
    }

    #[test]
    fn zero_sum_report_of_rock_paper_scissors() {
        let game = example("rock-paper-scissors").unwrap();
        let (_, report) = solve_zero_sum_game(&game, false).unwrap();
        assert_eq!(report.value, "0");
        assert_eq!(report.row_strategy, ["1/3", "1/3", "1/3"]);
        assert!(report.saddle_points.is_empty());
        let pd = example("prisoners-dilemma").unwrap();
        assert!(matches!(
            solve_zero_sum_game(&pd, false),
            Err(StrategicError::NotZeroSum { .. })
        ));
    }

    #[test]
    fn dominance_report_and_reduced_game() {
        let game = example("prisoners-dilemma").unwrap();
        let (result, report) = eliminate_dominated(&game, false, false);
        assert_eq!(report.strength, "strict");
        assert_eq!(report.steps.len(), 2);
        assert_eq!(
            report.steps[0].dominated_by,
            DominatorRecord::Strategy("Confess".into())
        );
        assert!(to_json(&report.steps[0]).contains("\"dominated_by\":{\"strategy\":\"Confess\"}"));
        let reduced = reduced_game(&game, &result.remaining).unwrap();
        assert_eq!(reduced.strategy_counts(), vec![1, 1]);
        assert_eq!(reduced.strategies()[0], vec!["Confess"]);
        assert_eq!(
            reduced.payoffs_at(0),
            game.payoffs_at(game.profile_index(&[0, 0]))
        );
        assert!(reduced_game(&game, &[vec![2], vec![0]]).is_err());
    }
}
