//! Loopy games: the generalized Sprague–Grundy function of a finite digraph
//! that may have cycles, outcomes P / N / D of sums, and a direct retrograde
//! analysis used as the reference.
//!
//! On a cyclic graph the mex rule has no well-founded solution, but C. A. B.
//! Smith ("Graphs and composite games", *J. Combin. Theory* 1 (1966) 51–81)
//! showed that a function γ with values in ℕ ∪ {∞(K)} still decides sums:
//! a vertex with a finite value behaves like a Nim heap of that size, and a
//! vertex with value ∞(K) — K the set of finite values of its followers — is a
//! draw unless it can move to a follower of value 0 (then it is an N-position).
//! A. S. Fraenkel and Y. Yesha ("The generalized Sprague–Grundy function and
//! its invariance under certain mappings", *J. Combin. Theory A* 43 (1986)
//! 165–177; "Theory of annihilation games", *Bull. AMS* 82 (1976)) give the
//! labelling algorithm used here:
//!
//! 1. for m = 0, 1, 2, …: repeatedly label m every unlabelled vertex u such that
//!    no follower of u is labelled m and every follower of u that is unlabelled
//!    or labelled ∞ has a follower labelled m;
//! 2. then label ∞ every unlabelled vertex with no follower labelled m.
//!
//! The sum rule: finite values add by XOR; a ∞(K) plus a finite a is
//! ∞(K ⊕ a); two or more ∞ values give ∞(∅). A sum of value 0 is P, a
//! finite nonzero value or a ∞(K) with 0 ∈ K is N, any other ∞ is D.

use std::collections::{BTreeSet, VecDeque};
use std::fmt;

use crate::outcome::Outcome;

/// A value of the generalized Sprague–Grundy function.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum LoopyValue {
    /// A finite value: the vertex behaves like a Nim heap of this size.
    Finite(u64),
    /// ∞(K): K is the set of finite values of the vertex's followers.
    Infinite(BTreeSet<u64>),
}

impl LoopyValue {
    /// The outcome of a position of this value: P (0), N, or D.
    ///
    /// ```
    /// use std::collections::BTreeSet;
    /// use sprague_engine::{loopy::LoopyValue, Outcome};
    /// assert_eq!(LoopyValue::Finite(0).outcome(), Outcome::P);
    /// assert_eq!(LoopyValue::Infinite(BTreeSet::from([0])).outcome(), Outcome::N);
    /// assert_eq!(LoopyValue::Infinite(BTreeSet::from([1])).outcome(), Outcome::D);
    /// ```
    pub fn outcome(&self) -> Outcome {
        match self {
            LoopyValue::Finite(0) => Outcome::P,
            LoopyValue::Finite(_) => Outcome::N,
            LoopyValue::Infinite(set) if set.contains(&0) => Outcome::N,
            LoopyValue::Infinite(_) => Outcome::D,
        }
    }

    /// The finite value, if it is one.
    pub fn finite(&self) -> Option<u64> {
        match self {
            LoopyValue::Finite(value) => Some(*value),
            LoopyValue::Infinite(_) => None,
        }
    }

    /// The value of a sum (Smith's rule).
    ///
    /// ```
    /// use std::collections::BTreeSet;
    /// use sprague_engine::loopy::LoopyValue;
    /// let infinite = LoopyValue::Infinite(BTreeSet::from([0, 2]));
    /// assert_eq!(LoopyValue::sum(&[LoopyValue::Finite(3), LoopyValue::Finite(1)]), LoopyValue::Finite(2));
    /// assert_eq!(LoopyValue::sum(&[infinite.clone(), LoopyValue::Finite(2)]), LoopyValue::Infinite(BTreeSet::from([0, 2])));
    /// assert_eq!(LoopyValue::sum(&[infinite.clone(), infinite]), LoopyValue::Infinite(BTreeSet::new()));
    /// ```
    pub fn sum(values: &[LoopyValue]) -> LoopyValue {
        let mut finite = 0;
        let mut infinite: Vec<&BTreeSet<u64>> = Vec::new();
        for value in values {
            match value {
                LoopyValue::Finite(v) => finite ^= v,
                LoopyValue::Infinite(set) => infinite.push(set),
            }
        }
        match infinite.as_slice() {
            [] => LoopyValue::Finite(finite),
            [set] => LoopyValue::Infinite(set.iter().map(|k| k ^ finite).collect()),
            _ => LoopyValue::Infinite(BTreeSet::new()),
        }
    }
}

impl fmt::Display for LoopyValue {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyValue::Finite(value) => write!(formatter, "{value}"),
            LoopyValue::Infinite(set) if set.is_empty() => formatter.write_str("∞(∅)"),
            LoopyValue::Infinite(set) => {
                let words: Vec<String> = set.iter().map(u64::to_string).collect();
                write!(formatter, "∞({})", words.join(","))
            }
        }
    }
}

/// The generalized Sprague–Grundy function of every vertex of a digraph given
/// by its follower lists, with the counter (the order in which finite labels
/// were given: moving to a P-follower of smaller counter makes progress).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneralizedGrundy {
    /// γ(v) for every vertex v.
    pub values: Vec<LoopyValue>,
    /// The labelling step at which a finite value was assigned.
    pub counter: Vec<Option<u64>>,
}

/// Computes γ for every vertex of the digraph `followers` (vertex v can move
/// to every vertex in `followers[v]`; indices must be in range).
///
/// ```
/// use sprague_engine::loopy::{generalized_grundy, LoopyValue};
/// use sprague_engine::Outcome;
/// // 0 ⇄ 1, 1 → 2, 2 terminal: 2 is P, 1 is N (γ=1), 0 can only go to 1: γ(0)=0.
/// let g = generalized_grundy(&[vec![1], vec![0, 2], vec![]]);
/// assert_eq!(g.values, vec![LoopyValue::Finite(0), LoopyValue::Finite(1), LoopyValue::Finite(0)]);
/// // A pure 2-cycle is a draw.
/// let g = generalized_grundy(&[vec![1], vec![0]]);
/// assert_eq!(g.values[0].outcome(), Outcome::D);
/// ```
pub fn generalized_grundy(followers: &[Vec<usize>]) -> GeneralizedGrundy {
    #[derive(Clone, Copy, PartialEq)]
    enum Label {
        None,
        Finite(u64),
        Infinite,
    }
    let n = followers.len();
    let mut predecessors = vec![Vec::new(); n];
    for (u, list) in followers.iter().enumerate() {
        for &v in list {
            predecessors[v].push(u);
        }
    }
    let mut label = vec![Label::None; n];
    let mut counter = vec![None; n];
    let mut step = 0u64;
    let mut unlabelled = n;
    let mut m = 0u64;
    while unlabelled > 0 {
        // has_m[v]: v has a follower labelled m (kept up to date as labels are given).
        let mut has_m: Vec<bool> = (0..n)
            .map(|v| followers[v].iter().any(|&w| label[w] == Label::Finite(m)))
            .collect();
        // Worklist: a vertex can only become labellable after a follower of one
        // of its followers is labelled m, so only those vertices are re-examined.
        let mut queue: VecDeque<usize> = (0..n).filter(|&u| label[u] == Label::None).collect();
        let mut queued: Vec<bool> = (0..n).map(|u| label[u] == Label::None).collect();
        while let Some(u) = queue.pop_front() {
            queued[u] = false;
            if label[u] != Label::None || has_m[u] {
                continue;
            }
            let ok = followers[u].iter().all(|&v| match label[v] {
                Label::Finite(_) => true,
                Label::None | Label::Infinite => has_m[v],
            });
            if ok {
                label[u] = Label::Finite(m);
                counter[u] = Some(step);
                step += 1;
                unlabelled -= 1;
                for &v in &predecessors[u] {
                    if !has_m[v] {
                        has_m[v] = true;
                        for &w in &predecessors[v] {
                            if label[w] == Label::None && !queued[w] {
                                queued[w] = true;
                                queue.push_back(w);
                            }
                        }
                    }
                }
            }
        }
        for u in 0..n {
            if label[u] == Label::None && !has_m[u] {
                label[u] = Label::Infinite;
                unlabelled -= 1;
            }
        }
        m += 1;
    }
    let values = (0..n)
        .map(|u| match label[u] {
            Label::Finite(value) => LoopyValue::Finite(value),
            _ => LoopyValue::Infinite(
                followers[u]
                    .iter()
                    .filter_map(|&v| match label[v] {
                        Label::Finite(value) => Some(value),
                        _ => None,
                    })
                    .collect(),
            ),
        })
        .collect();
    GeneralizedGrundy { values, counter }
}

/// Outcomes P / N / D of every vertex by direct retrograde analysis (the
/// reference for [`generalized_grundy`]): a vertex with no moves is P; a
/// vertex with a P follower is N; a vertex all of whose followers are N is P;
/// whatever is left is a draw.
///
/// ```
/// use sprague_engine::{loopy::retrograde_outcomes, Outcome};
/// assert_eq!(retrograde_outcomes(&[vec![1], vec![0]]), vec![Outcome::D, Outcome::D]);
/// assert_eq!(retrograde_outcomes(&[vec![1], vec![]]), vec![Outcome::N, Outcome::P]);
/// ```
pub fn retrograde_outcomes(followers: &[Vec<usize>]) -> Vec<Outcome> {
    let n = followers.len();
    let mut predecessors = vec![Vec::new(); n];
    for (u, list) in followers.iter().enumerate() {
        for &v in list {
            predecessors[v].push(u);
        }
    }
    let mut outcome: Vec<Option<Outcome>> = vec![None; n];
    let mut remaining: Vec<usize> = followers.iter().map(Vec::len).collect();
    let mut queue = VecDeque::new();
    for u in 0..n {
        if remaining[u] == 0 {
            outcome[u] = Some(Outcome::P);
            queue.push_back(u);
        }
    }
    while let Some(v) = queue.pop_front() {
        let is_p = outcome[v] == Some(Outcome::P);
        for &u in &predecessors[v] {
            if outcome[u].is_some() {
                continue;
            }
            if is_p {
                outcome[u] = Some(Outcome::N);
                queue.push_back(u);
            } else {
                remaining[u] -= 1;
                if remaining[u] == 0 {
                    outcome[u] = Some(Outcome::P);
                    queue.push_back(u);
                }
            }
        }
    }
    outcome
        .into_iter()
        .map(|o| o.unwrap_or(Outcome::D))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sum graph of `tokens` tokens on `followers` (positions as sorted tuples encoded in base n).
    fn sum_graph(followers: &[Vec<usize>], tokens: usize) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
        let n = followers.len();
        let count = n.pow(tokens as u32);
        let decode = |mut code: usize| {
            let mut vertices = Vec::with_capacity(tokens);
            for _ in 0..tokens {
                vertices.push(code % n);
                code /= n;
            }
            vertices
        };
        let encode = |vertices: &[usize]| vertices.iter().rev().fold(0, |code, &v| code * n + v);
        let mut graph = Vec::with_capacity(count);
        let mut states = Vec::with_capacity(count);
        for code in 0..count {
            let vertices = decode(code);
            let mut options = Vec::new();
            for i in 0..tokens {
                for &w in &followers[vertices[i]] {
                    let mut next = vertices.clone();
                    next[i] = w;
                    options.push(encode(&next));
                }
            }
            graph.push(options);
            states.push(vertices);
        }
        (graph, states)
    }

    fn pseudo_random_graph(seed: u64, n: usize, density: u64) -> Vec<Vec<usize>> {
        let mut state = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (0..n)
            .map(|_| {
                (0..n)
                    .filter(|_| {
                        state = state
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        (state >> 33) % 100 < density
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn single_tokens_match_retrograde_analysis() {
        for seed in 0..300 {
            let graph = pseudo_random_graph(seed, 1 + (seed % 9) as usize, 10 + seed % 30);
            let gamma = generalized_grundy(&graph);
            let direct = retrograde_outcomes(&graph);
            for (v, expected) in direct.iter().enumerate() {
                assert_eq!(
                    gamma.values[v].outcome(),
                    *expected,
                    "seed {seed} vertex {v}"
                );
            }
        }
    }

    #[test]
    fn sums_of_two_and_three_tokens_match_retrograde_analysis() {
        for seed in 0..120 {
            let n = 2 + (seed % 6) as usize;
            let graph = pseudo_random_graph(seed + 1000, n, 15 + seed % 25);
            let gamma = generalized_grundy(&graph);
            for tokens in 2..=3 {
                let (sum, states) = sum_graph(&graph, tokens);
                let direct = retrograde_outcomes(&sum);
                for (code, vertices) in states.iter().enumerate() {
                    let values: Vec<LoopyValue> =
                        vertices.iter().map(|&v| gamma.values[v].clone()).collect();
                    assert_eq!(
                        LoopyValue::sum(&values).outcome(),
                        direct[code],
                        "seed {seed}, tokens at {vertices:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn ferguson_figure_3_4() {
        // T. S. Ferguson, *Game Theory*, Part I, §3.5, Figure 3.4: a → b → c → a,
        // c → d → e. e is terminal (0), d is 1, and a, b, c are tied: nobody at c
        // moves to d, so play goes round the cycle for ever.
        let (a, b, c, d, e) = (0, 1, 2, 3, 4);
        let g = generalized_grundy(&[vec![b], vec![c], vec![a, d], vec![e], vec![]]);
        assert_eq!(g.values[e], LoopyValue::Finite(0));
        assert_eq!(g.values[d], LoopyValue::Finite(1));
        assert_eq!(g.values[c], LoopyValue::Infinite(BTreeSet::from([1])));
        assert_eq!(g.values[a], LoopyValue::Infinite(BTreeSet::new()));
        assert_eq!(g.values[b], LoopyValue::Infinite(BTreeSet::new()));
        for v in [a, b, c] {
            assert_eq!(g.values[v].outcome(), Outcome::D);
        }
        // With a second token on d, the sum c + d is ∞({1 ⊕ 1}) = ∞({0}): N — move the
        // token on c to d, leaving d + d = 1 ⊕ 1 = 0.
        let sum = LoopyValue::sum(&[g.values[c].clone(), g.values[d].clone()]);
        assert_eq!(sum.outcome(), Outcome::N);
    }

    #[test]
    fn a_long_path_is_labelled_quickly() {
        // 0 → 1 → … → n−1 (terminal), numbered against the labelling order.
        let n = 200_000;
        let graph: Vec<Vec<usize>> = (0..n)
            .map(|v| if v + 1 < n { vec![v + 1] } else { vec![] })
            .collect();
        let g = generalized_grundy(&graph);
        assert_eq!(g.values[0], LoopyValue::Finite(((n - 1) % 2) as u64));
    }

    #[test]
    fn textbook_example_with_infinite_values() {
        // Fraenkel's style example: a 3-cycle a → b → c → a with c → d (terminal).
        // d = 0; a = 1 (its only follower b is 0, which reverses to c → d);
        // c → {a, d} = {1, 0}: c = 2; b → c only: b = 0. No infinities.
        let g = generalized_grundy(&[vec![1], vec![2], vec![0, 3], vec![]]);
        let values: Vec<String> = g.values.iter().map(ToString::to_string).collect();
        assert_eq!(values, vec!["1", "0", "2", "0"]);
        // A 2-cycle with an exit to a P-vertex from one side only:
        // 0 ⇄ 1, 0 → 2, 2 terminal; 3 → 3 (a loop) and 3 → 2.
        let g = generalized_grundy(&[vec![1, 2], vec![0], vec![], vec![3, 2]]);
        assert_eq!(g.values[2], LoopyValue::Finite(0));
        assert_eq!(g.values[0], LoopyValue::Finite(1));
        assert_eq!(g.values[1], LoopyValue::Finite(0));
        assert_eq!(g.values[3], LoopyValue::Infinite(BTreeSet::from([0])));
        assert_eq!(g.values[3].outcome(), Outcome::N);
        // A loop alone is a draw: ∞(∅).
        let g = generalized_grundy(&[vec![0]]);
        assert_eq!(g.values[0], LoopyValue::Infinite(BTreeSet::new()));
        assert_eq!(g.values[0].outcome(), Outcome::D);
    }
}
