//! A game shared between owners: `Arc<G>` is a [`PlayableGame`] whenever `G` is one.
//!
//! A game object keeps what it has computed (an explored game graph, a misère quotient, a
//! search's memo). When two owners hold the same game — the Python object a user defined and
//! the web server that plays it (`sprague.serve(game)`), or a game and the `misere:` view of
//! it — they share one object through an [`Arc`], and every method of the trait delegates to
//! it, so nothing is computed twice and the shared game behaves exactly as the original.

use std::ops::ControlFlow;
use std::sync::Arc;

use sprague_engine::{HeapFamily, Values};

use crate::error::GameError;
use crate::game_graph::GameGraph;
use crate::playable::{Ending, Evaluation, PlayableGame, Report};
use crate::position::{Move, Position};

/// Every method delegates to the shared game.
///
/// ```
/// use std::sync::Arc;
/// use sprague_games::{parse_game, CatalogueGame, PlayableGame};
///
/// let kayles: Arc<dyn PlayableGame> = Arc::from(parse_game("kayles").unwrap());
/// let shared: CatalogueGame = Box::new(Arc::clone(&kayles));
/// let words = vec!["3".to_string(), "4".to_string()];
/// assert_eq!(shared.analyze_words(&words).unwrap().grundy, kayles.analyze_words(&words).unwrap().grundy);
/// assert_eq!(shared.description(), "kayles");
/// ```
impl<G: PlayableGame + ?Sized> PlayableGame for Arc<G> {
    fn description(&self) -> String {
        (**self).description()
    }

    fn title(&self) -> String {
        (**self).title()
    }

    fn position_syntax(&self) -> String {
        (**self).position_syntax()
    }

    fn move_syntax(&self) -> String {
        (**self).move_syntax()
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        (**self).position(words)
    }

    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        (**self).moves(position)
    }

    fn parse_move(&self, position: &Position, text: &str) -> Result<Move, GameError> {
        (**self).parse_move(position, text)
    }

    fn heap_rules(&self) -> Option<&dyn HeapFamily> {
        (**self).heap_rules()
    }

    fn components_commute(&self) -> bool {
        (**self).components_commute()
    }

    fn ending(&self) -> Ending {
        (**self).ending()
    }

    fn evaluate_moves(&self, moves: &[Move]) -> Result<Vec<Evaluation>, GameError> {
        (**self).evaluate_moves(moves)
    }

    fn value_rule(&self, component: &str, grundy: u64) -> Option<String> {
        (**self).value_rule(component, grundy)
    }

    fn heap_family(&self) -> Option<&dyn HeapFamily> {
        (**self).heap_family()
    }

    fn take_break(&self) -> Option<&sprague_takebreak::TakeBreak> {
        (**self).take_break()
    }

    fn misere_quotient_cache(&self) -> Option<crate::misere_quotient::KeptQuotient<'_>> {
        (**self).misere_quotient_cache()
    }

    fn analyze(&self, position: &Position) -> Result<Report, GameError> {
        (**self).analyze(position)
    }

    fn analyze_observed(
        &self,
        position: &Position,
        observe: &mut dyn FnMut(u64, Option<u128>) -> ControlFlow<()>,
    ) -> Result<Report, GameError> {
        (**self).analyze_observed(position, observe)
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        (**self).analyze_words(words)
    }

    fn component_values(&self, words: &[String]) -> Result<Report, GameError> {
        (**self).component_values(words)
    }

    fn unsupported(&self, what: &str) -> GameError {
        (**self).unsupported(what)
    }

    fn analyze_misere(&self, words: &[String]) -> Result<Report, GameError> {
        (**self).analyze_misere(words)
    }

    fn analyze_every_sg(&self, words: &[String]) -> Result<Report, GameError> {
        (**self).analyze_every_sg(words)
    }

    fn game_graph(&self, words: &[String], node_limit: usize) -> Result<GameGraph, GameError> {
        (**self).game_graph(words, node_limit)
    }

    fn values(&self, to: u64) -> Result<Values, GameError> {
        (**self).values(to)
    }

    fn values_observed(
        &self,
        to: u64,
        observe: &mut dyn FnMut(u64) -> ControlFlow<()>,
    ) -> Result<Values, GameError> {
        (**self).values_observed(to, observe)
    }

    fn values_work(&self, to: u64) -> Option<u128> {
        (**self).values_work(to)
    }
}
