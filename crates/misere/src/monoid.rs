//! Finite bipartite monoids: a commutative monoid Q given by its multiplication
//! table, with a marked subset P (the P-portion).
//!
//! A misère quotient is such a pair (Plambeck–Siegel 2008, §3: "a bipartite
//! monoid is a pair (Q, P) with Q a commutative monoid and P ⊂ Q"). A sum of
//! games is a misère P-position exactly when its image lies in P. The pair is
//! *reduced* when any two distinct elements are told apart by some z (one of
//! xz, yz in P, the other not); the quotient of a game is always reduced, and
//! [`BipartiteMonoid::reduce`] identifies the elements no z tells apart (a
//! congruence, so the result is again a monoid).

use std::collections::HashMap;

/// An element of a [`BipartiteMonoid`], by index (the identity is 0).
pub type Element = u32;

/// A finite commutative monoid with a marked subset P.
///
/// ```
/// use sprague_misere::BipartiteMonoid;
/// // The misère quotient of Nim heaps of size 0 and 1: {1, a | a² = 1}, P = {a}.
/// let q = BipartiteMonoid::new(vec![0, 1, 1, 0], vec![false, true]).unwrap();
/// assert_eq!(q.order(), 2);
/// assert_eq!(q.mul(1, 1), 0);
/// assert!(q.is_p(1));
/// assert!(q.is_reduced());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BipartiteMonoid {
    order: usize,
    table: Vec<Element>,
    p: Vec<bool>,
}

impl BipartiteMonoid {
    /// The monoid with multiplication table `table` (row-major, `order²`
    /// entries, identity 0) and P-portion `p`; `None` when the sizes do not agree,
    /// an entry is out of range, 0 is not the identity or the table is not commutative.
    pub fn new(table: Vec<Element>, p: Vec<bool>) -> Option<Self> {
        let order = p.len();
        if order == 0 || table.len() != order * order {
            return None;
        }
        if table.iter().any(|&e| e as usize >= order) {
            return None;
        }
        for x in 0..order {
            if table[x] as usize != x || table[x * order] as usize != x {
                return None;
            }
            for y in 0..x {
                if table[x * order + y] != table[y * order + x] {
                    return None;
                }
            }
        }
        Some(Self { order, table, p })
    }

    /// The trivial monoid {1} with P empty: the quotient of the empty game
    /// alone (misère, the player to move in the empty game wins).
    pub fn trivial() -> Self {
        Self {
            order: 1,
            table: vec![0],
            p: vec![false],
        }
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.order
    }

    /// The product xy.
    pub fn mul(&self, x: Element, y: Element) -> Element {
        self.table[x as usize * self.order + y as usize]
    }

    /// Whether x is in the P-portion.
    pub fn is_p(&self, x: Element) -> bool {
        self.p[x as usize]
    }

    /// The P-portion, in increasing order.
    pub fn p_portion(&self) -> Vec<Element> {
        (0..self.order as Element)
            .filter(|&x| self.is_p(x))
            .collect()
    }

    /// Whether multiplication is associative (checked on every triple; O(order³)).
    pub fn is_associative(&self) -> bool {
        let n = self.order as Element;
        (0..n).all(|x| {
            (0..n).all(|y| {
                let xy = self.mul(x, y);
                (0..n).all(|z| self.mul(xy, z) == self.mul(x, self.mul(y, z)))
            })
        })
    }

    /// Whether every two distinct elements are told apart by some z.
    pub fn is_reduced(&self) -> bool {
        self.reduce().1.order == self.order
    }

    /// The reduced monoid: elements no z tells apart identified. Returns the map
    /// from old elements to new ones and the new monoid (identity kept at 0).
    pub fn reduce(&self) -> (Vec<Element>, BipartiteMonoid) {
        let n = self.order;
        let mut class_of: Vec<Element> = vec![0; n];
        let mut classes: HashMap<Vec<bool>, Element> = HashMap::new();
        // Identity first so that it keeps index 0.
        for (x, class) in class_of.iter_mut().enumerate() {
            let signature: Vec<bool> = (0..n)
                .map(|z| self.is_p(self.mul(x as Element, z as Element)))
                .collect();
            let next = classes.len() as Element;
            *class = *classes.entry(signature).or_insert(next);
        }
        let m = classes.len();
        let mut representative = vec![usize::MAX; m];
        for (x, &c) in class_of.iter().enumerate() {
            if representative[c as usize] == usize::MAX {
                representative[c as usize] = x;
            }
        }
        let mut table = vec![0; m * m];
        for a in 0..m {
            for b in 0..m {
                let product = self.mul(representative[a] as Element, representative[b] as Element);
                table[a * m + b] = class_of[product as usize];
            }
        }
        let p = (0..m)
            .map(|a| self.is_p(representative[a] as Element))
            .collect();
        (class_of, BipartiteMonoid { order: m, table, p })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_checked() {
        assert!(BipartiteMonoid::new(vec![0, 1, 1, 1], vec![false, true]).is_some());
        assert!(BipartiteMonoid::new(vec![0, 1, 0, 1], vec![false, true]).is_none());
        assert!(BipartiteMonoid::new(vec![0, 1, 1], vec![false, true]).is_none());
        assert!(BipartiteMonoid::new(vec![0, 2, 1, 0], vec![false, true]).is_none());
    }

    #[test]
    fn reduce_identifies_elements_no_one_tells_apart() {
        // Z/4 with P = {0, 2}·... : P = {2}: 1 and 3 are told apart by z = 1 (1·1=2 ∈ P, 3·1=0 ∉ P).
        let z4: Vec<Element> = (0..4)
            .flat_map(|x| (0..4).map(move |y| (x + y) % 4))
            .collect();
        let q = BipartiteMonoid::new(z4.clone(), vec![false, false, true, false]).unwrap();
        assert!(q.is_reduced());
        assert!(q.is_associative());
        // P = {0, 2}: x and x + 2 are never told apart, so the reduced monoid is Z/2.
        let q = BipartiteMonoid::new(z4, vec![true, false, true, false]).unwrap();
        let (map, reduced) = q.reduce();
        assert_eq!(reduced.order(), 2);
        assert_eq!(map[0], map[2]);
        assert_eq!(map[1], map[3]);
        assert_ne!(map[0], map[1]);
    }
}
