//! Lookup-table strategies (the Axelrod library's `lookerup.py`, after
//! M. Jones's LookerUp; the evolved tables are from M. Harper et al.,
//! "Reinforcement learning produces dominant strategies for the Iterated
//! Prisoner's Dilemma", PLoS ONE 12(12), 2017): the next move is looked up
//! from the player's own last `own` moves, the opponent's last `opponent`
//! moves and the opponent's first `openings` moves. Before there is enough
//! history (the deepest of the three) it plays its initial actions.
//!
//! Keys are ordered as the library orders them: own moves, then the
//! opponent's last moves, then its openings, each oldest first, C before D —
//! that is, the key is a binary number with D = 1, own moves the most
//! significant. An entry is a probability of cooperating (1 is C, 0 is D), so
//! the same engine serves the library's stochastic Gamblers (`gambler.rs`).

use std::sync::Arc;

use super::{boxed, cooperate_with, Strategy, StrategyInfo, View};
use crate::ipd::{Action, IpdError};
use sprague_strategic::seeded::SeededRng;
use Action::{C, D};

/// The largest total depth own + opponent + openings a table may have
/// (2^16 entries).
pub const MAX_TABLE_DEPTH: usize = 16;

/// A lookup table: depths, one probability of cooperating per key, and the
/// initial actions.
#[derive(Debug, Clone, PartialEq)]
pub struct LookupTable {
    own: usize,
    opponent: usize,
    openings: usize,
    entries: Vec<f64>,
    initial: Vec<Action>,
}

impl LookupTable {
    /// A table from its depths, its entries in key order and its initial
    /// actions (padded with C or cut to the deepest depth, as the library does).
    ///
    /// ```
    /// use sprague_repeated::ipd::strategies::lookerup::LookupTable;
    /// use sprague_repeated::ipd::Action::{C, D};
    /// // Tit for tat: the opponent's last move, C first.
    /// let tft = LookupTable::new(0, 1, 0, vec![1.0, 0.0], &[C]).unwrap();
    /// assert!(LookupTable::new(0, 1, 0, vec![1.0], &[C]).is_err());
    /// # let _ = D;
    /// ```
    pub fn new(
        own: usize,
        opponent: usize,
        openings: usize,
        entries: Vec<f64>,
        initial: &[Action],
    ) -> Result<Self, IpdError> {
        let total = own + opponent + openings;
        if total > MAX_TABLE_DEPTH {
            return Err(IpdError::Parameter(format!(
                "a lookup table may look at most {MAX_TABLE_DEPTH} moves in all, not {total}"
            )));
        }
        if entries.len() != 1 << total {
            return Err(IpdError::Parameter(format!(
                "a lookup table of depths {own}, {opponent}, {openings} needs 2^{total} = {} entries, not {}",
                1usize << total,
                entries.len()
            )));
        }
        if let Some(bad) = entries.iter().find(|p| !(0.0..=1.0).contains(*p)) {
            return Err(IpdError::Parameter(format!(
                "a lookup table's entry {bad} is not a probability between 0 and 1"
            )));
        }
        let depth = own.max(opponent).max(openings);
        let mut initial: Vec<Action> = initial.iter().copied().take(depth).collect();
        initial.resize(depth, C);
        Ok(LookupTable {
            own,
            opponent,
            openings,
            entries,
            initial,
        })
    }

    /// Whether some entry is strictly between 0 and 1.
    pub fn is_stochastic(&self) -> bool {
        self.entries.iter().any(|&p| p > 0.0 && p < 1.0)
    }

    fn probability(&self, view: &View<'_>) -> f64 {
        let n = view.turn();
        let bits = |moves: &[Action]| {
            moves
                .iter()
                .fold(0usize, |key, &a| 2 * key + usize::from(a == D))
        };
        let mut key = bits(&view.own[n - self.own..]);
        key = (key << self.opponent) | bits(&view.opponent[n - self.opponent..]);
        key = (key << self.openings) | bits(&view.opponent[..self.openings]);
        self.entries[key]
    }
}

/// A player of a lookup table.
pub(crate) struct LookerUp(pub(crate) Arc<LookupTable>);

impl Strategy for LookerUp {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        match self.0.initial.get(view.turn()) {
            Some(&action) => action,
            None => cooperate_with(self.0.probability(view), rng),
        }
    }
}

/// Reads the user's syntax `OWN,OPPONENT,OPENINGS:PATTERN[:INITIAL]` (the
/// text after `lookup:`): three depths, a pattern of 2^(sum) letters C or D
/// in key order, and optional initial actions (C by default).
///
/// ```
/// use sprague_repeated::ipd::strategies::lookerup::parse_lookup;
/// let tft = parse_lookup("0,1,0:CD").unwrap();
/// assert!(!tft.is_stochastic());
/// assert!(parse_lookup("1,1,0:CDD").is_err());
/// ```
pub fn parse_lookup(text: &str) -> Result<LookupTable, IpdError> {
    let syntax = |why: &str| {
        IpdError::Parameter(format!(
            "a lookup table is written lookup:OWN,OPPONENT,OPENINGS:PATTERN[:INITIAL], e.g. lookup:0,1,0:CD for tit for tat, but \"{}\" {why}",
            sprague_textfile::quoted(text)
        ))
    };
    let parts: Vec<&str> = text.split(':').map(str::trim).collect();
    let (depths, pattern, initial) = match parts[..] {
        [depths, pattern] => (depths, pattern, ""),
        [depths, pattern, initial] => (depths, pattern, initial),
        _ => {
            return Err(syntax(
                "does not have two or three parts separated by colons",
            ))
        }
    };
    let depths: Vec<usize> = depths
        .split(',')
        .map(|d| d.trim().parse::<usize>())
        .collect::<Result<_, _>>()
        .map_err(|_| syntax("has a depth that is not a whole number"))?;
    let [own, opponent, openings] = depths[..] else {
        return Err(syntax("does not have three depths"));
    };
    if own.saturating_add(opponent).saturating_add(openings) > MAX_TABLE_DEPTH {
        return Err(IpdError::Parameter(format!(
            "a lookup table may look at most {MAX_TABLE_DEPTH} moves in all, not {}",
            own.saturating_add(opponent).saturating_add(openings)
        )));
    }
    let entries = actions(pattern)
        .ok_or_else(|| syntax("has a pattern with a letter other than C and D"))?
        .into_iter()
        .map(|a| if a == C { 1.0 } else { 0.0 })
        .collect();
    let initial = actions(initial)
        .ok_or_else(|| syntax("has initial actions with a letter other than C and D"))?;
    LookupTable::new(own, opponent, openings, entries, &initial)
}

/// The actions of a text of C and D (either case), or `None`.
pub(crate) fn actions(text: &str) -> Option<Vec<Action>> {
    text.chars()
        .map(|c| match c.to_ascii_uppercase() {
            'C' => Some(C),
            'D' => Some(D),
            _ => None,
        })
        .collect()
}

/// A lookup-table player of a static pattern of C and D.
fn looker_up(depths: [usize; 3], pattern: &str, initial: &[Action]) -> Box<dyn Strategy> {
    let entries = pattern
        .bytes()
        .map(|b| if b == b'C' { 1.0 } else { 0.0 })
        .collect();
    let [own, opponent, openings] = depths;
    match LookupTable::new(own, opponent, openings, entries, initial) {
        Ok(table) => boxed(LookerUp(Arc::new(table))),
        Err(error) => unreachable!("a registered table is valid: {error}"),
    }
}

/// The library's four lookup tables (`lookerup.py`).
#[rustfmt::skip]
pub(super) static LOOKERUP: &[StrategyInfo] = &[
    entry!("EvolvedLookerUp1_1_1", "EvolvedLookerUp1_1_1", [], false,
        "Lookup table on its last move, the opponent's last move and the opponent's first move, pattern CDDDDCDD, trained by an evolutionary algorithm (Harper et al. 2017, PLoS ONE 12(12); library lookerup.py).",
        || looker_up([1, 1, 1], "CDDDDCDD", &[C])),
    entry!("EvolvedLookerUp2_2_2", "EvolvedLookerUp2_2_2", [], false,
        "Lookup table on its last two moves, the opponent's last two and the opponent's first two, trained by an evolutionary algorithm (Harper et al. 2017, PLoS ONE 12(12); library lookerup.py).",
        || looker_up([2, 2, 2], "CDDCDCDDCDDDCDDDDDCDCDCCCDDCCDCDDDCCCCCDDDCDDDDDDDDDCCDDCDDDCCCD", &[C, C])),
    entry!("Winner12", "Winner12", [], false,
        "Lookup table on its last move and the opponent's last two moves, pattern CDCDDCDD, opening C, C (Mathieu–Delahaye 2015; library lookerup.py).",
        || looker_up([1, 2, 0], "CDCDDCDD", &[C, C])),
    entry!("Winner21", "Winner21", [], false,
        "Lookup table on its last move and the opponent's last two moves, pattern CDCDCDDD, opening D, C (Mathieu–Delahaye 2015; library lookerup.py).",
        || looker_up([1, 2, 0], "CDCDCDDD", &[D, C])),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_follow_the_library_order() {
        // Own last move is the most significant bit: depth (1, 1, 0) with
        // pattern "CDDC" is win-stay lose-shift (CC→C, CD→D, DC→D, DD→C).
        let table = parse_lookup("1,1,0:CDDC").unwrap();
        let payoffs = crate::ipd::Payoffs::default();
        let view = |own: &'static [Action], opponent: &'static [Action]| View {
            own,
            opponent,
            own_defections: 0,
            opponent_defections: 0,
            payoffs: &payoffs,
            length: None,
        };
        assert_eq!(table.probability(&view(&[D], &[C])), 0.0);
        assert_eq!(table.probability(&view(&[D], &[D])), 1.0);
        assert_eq!(table.probability(&view(&[C], &[D])), 0.0);
        assert_eq!(table.initial, vec![C]);
    }

    #[test]
    fn bad_tables_are_refused() {
        for bad in [
            "1,1:CD",
            "1,1,0:CDXC",
            "a,1,0:CD",
            "1,1,0",
            "1,1,0:CDDC:CX",
            "9,9,9:CD",
        ] {
            let message = parse_lookup(bad).unwrap_err().to_string();
            assert!(message.contains("lookup"), "{message}");
        }
    }
}
