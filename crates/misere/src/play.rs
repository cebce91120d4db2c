//! Misère sums answered through a proven quotient: the outcome of any sum of
//! heaps is whether its image lies in the P-portion (Plambeck–Siegel 2008, §3),
//! and the winning moves are the moves to a sum whose image lies in P.
//!
//! The image of a sum is a product in the quotient, so a sum of heaps of any
//! size (a heap of 10⁶ tokens included) costs one table lookup per heap once
//! the heap map is proven periodic; listing the winning moves costs one lookup
//! per option of each distinct heap.

use serde::Serialize;
use sprague_engine::HeapFamily;

use crate::monoid::Element;
use crate::quotient::MisereQuotient;

/// A winning move: heap `from` (at `index` in the sum) becomes the heaps `to`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct QuotientMove {
    /// The position of the heap in the sum as given.
    pub index: usize,
    /// The heap moved in.
    pub from: u64,
    /// The heaps it leaves (empty: it is removed).
    pub to: Vec<u64>,
}

/// The answer for a sum of heaps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct QuotientAnswer {
    /// The image of the sum in the quotient.
    pub element: Element,
    /// Whether the sum is a misère P-position (the player to move loses).
    pub p_position: bool,
    /// Winning moves (at most the number asked for), each to a P-position.
    pub winning_moves: Vec<QuotientMove>,
    /// How many winning moves there are in all.
    pub winning_move_count: usize,
}

impl<F: HeapFamily> MisereQuotient<F> {
    /// The outcome and winning moves of the misère sum `heaps`, when every
    /// heap's image is known (computed or proven periodic); at most
    /// `max_moves` moves are listed.
    ///
    /// ```
    /// use sprague_misere::MisereQuotient;
    /// use sprague_takebreak::TakeBreak;
    /// let mut q = MisereQuotient::take_break(TakeBreak::octal("0.77").unwrap());
    /// q.extend_to(4).unwrap();
    /// // Misère Kayles: a row of 3 pins is won by taking 2 from the end (leave 1 pin).
    /// let answer = q.answer(&[3], 10).unwrap();
    /// assert!(!answer.p_position);
    /// assert!(answer.winning_moves.iter().any(|m| m.to == vec![1]));
    /// ```
    pub fn answer(&self, heaps: &[u64], max_moves: usize) -> Option<QuotientAnswer> {
        let images: Vec<Element> = heaps
            .iter()
            .map(|&h| self.image(h))
            .collect::<Option<_>>()?;
        let q = self.monoid();
        let element = images.iter().fold(0, |x, &y| q.mul(x, y));
        let mut winning_moves = Vec::new();
        let mut count = 0;
        let mut seen: Vec<u64> = Vec::new();
        for (index, &heap) in heaps.iter().enumerate() {
            if seen.contains(&heap) {
                continue;
            }
            seen.push(heap);
            let rest = images
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != index)
                .fold(0, |x, (_, &y)| q.mul(x, y));
            let mut missing = false;
            self.family().for_each_option(heap, &mut |parts| {
                let Some(image) = parts
                    .iter()
                    .try_fold(rest, |x, &h| Some(q.mul(x, self.image(h)?)))
                else {
                    missing = true;
                    return;
                };
                if q.is_p(image) {
                    count += 1;
                    if winning_moves.len() < max_moves {
                        winning_moves.push(QuotientMove {
                            index,
                            from: heap,
                            to: parts.iter().copied().filter(|&h| h > 0).collect(),
                        });
                    }
                }
            });
            if missing {
                return None;
            }
        }
        Some(QuotientAnswer {
            element,
            p_position: q.is_p(element),
            winning_moves,
            winning_move_count: count,
        })
    }
}
