//! Games that *are* Nim in disguise (Nimble, Turning Turtles, Northcott's
//! game): each part of the position becomes a Nim heap, and Bouton's theorem
//! (C. L. Bouton, "Nim, a game with a complete mathematical theory", *Annals
//! of Math.* 3 (1901) 35–39) decides the whole: the player to move loses
//! exactly when the XOR of the heaps is 0, and wins by moving a heap h to
//! h ⊕ s (s the XOR). Such a move lowers h when h has the highest bit of s set;
//! where the game's rules can also *raise* a heap (a retreat in Northcott's
//! game), a raise to h ⊕ s > h wins as well, and the game's own callback says
//! whether it is possible.

use sprague_engine::Outcome;

use crate::playable::{ComponentReport, MoveReport, Report};

/// A part of a position and the Nim heap it stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NimPart {
    /// The part in the game's own words, e.g. "coin on square 5".
    pub label: String,
    /// The size of the Nim heap it is.
    pub heap: u64,
}

/// The report of a position reduced to Nim. `winning_move(index, to_heap)`
/// turns a Nim move (part `index` to a heap of `to_heap`) into the game's
/// own move: its description and the whole position after it, or `None`
/// when the game has no such move (a heap can be raised in some games only).
///
/// ```
/// use sprague_games::nim_reduction::{nim_report, NimPart};
/// let parts = vec![
///     NimPart { label: "a".into(), heap: 3 },
///     NimPart { label: "b".into(), heap: 5 },
/// ];
/// let report = nim_report(&parts, "Nim", |i, to| {
///     (to < parts[i].heap).then(|| (format!("part {i} to {to}"), String::new()))
/// });
/// assert_eq!(report.grundy, Some(6));
/// assert_eq!(report.winning_moves[0].description, "part 1 to 3");
/// ```
pub fn nim_report(
    parts: &[NimPart],
    method: &str,
    mut winning_move: impl FnMut(usize, u64) -> Option<(String, String)>,
) -> Report {
    let total = parts.iter().fold(0, |t, part| t ^ part.heap);
    let mut moves = Vec::new();
    if total != 0 {
        for (index, part) in parts.iter().enumerate() {
            let target = part.heap ^ total;
            if let Some((description, to)) = winning_move(index, target) {
                moves.push(MoveReport {
                    component: Some(index),
                    description,
                    to,
                });
            }
        }
    }
    Report {
        outcome: Outcome::from_grundy(total),
        grundy: Some(total),
        components: parts
            .iter()
            .map(|part| ComponentReport {
                position: part.label.clone(),
                grundy: Some(part.heap),
            })
            .collect(),
        winning_moves: moves,
        method: method.to_string(),
        remoteness: None,
    }
}
