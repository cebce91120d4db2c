//! All Nash equilibria of a bimatrix game, exactly, by enumerating the
//! vertices of the two best-response polytopes and matching complementary
//! labels (Avis, Rosenberg, Savani and von Stengel, "Enumeration of Nash
//! equilibria for two-player games", Economic Theory 42, 2010; von Stengel,
//! "Computing equilibria for two-person games", Handbook of Game Theory 3,
//! 2002, §3), with the equilibria grouped into maximal convex sets (cliques)
//! and connected components, as Gambit's `enummixed` does.
//!
//! With payoffs made positive, the polytopes are
//! `P = {x >= 0 : B^T x <= 1}` and `Q = {y >= 0 : A y <= 1}`. A point has
//! label `i` (a row) if `x_i = 0` or `(A y)_i = 1`, and label `j` (a column)
//! if `(B^T x)_j = 1` or `y_j = 0`; `(x, y) != (0, 0)` normalised is a Nash
//! equilibrium iff every label occurs. A vertex is determined by its set of
//! labels (the facets it lies on), which is how vertices are identified.
//!
//! The vertices are found by a depth-first search over all feasible bases,
//! one fraction-free pivot per newly found basis, exact in `i64`, `i128` or
//! big integers. The search kernel is hand-written rather than taken from a
//! general exact LP or polytope library because nearly all of its time goes
//! into two loops that such libraries run in big integers or rationals: the
//! row update of a pivot and the minimum-ratio test. Here they run in machine
//! integers ([`crate::integer`]: 64-bit products while the entries fit, exact
//! division by multiplication with an inverse), the dictionaries of pending
//! bases sit back to back in flat vectors (no allocation per basis; a
//! child is pivoted in place in its stack slot),
//! vertex coordinates are stored back to back, only degenerate vertices (the
//! ones with several bases) are looked up in a table, bases and label sets
//! are `u128` bitsets, and a ratio test known to lead straight back to the
//! parent basis is skipped. The two polytopes are enumerated independently (on two threads)
//! and their vertices paired by complementary label sets; coordinates become
//! rationals only for vertices that occur in an equilibrium. Degenerate games (a vertex with more labels than the
//! dimension) are handled by the lexicographic ratio test (a symbolic
//! perturbation of the right-hand sides, as in Avis's lrs): the search walks
//! the bases of the perturbed, simple polytope, one per perturbed vertex —
//! at most the upper bound theorem's count, where visiting every feasible
//! basis of a degenerate vertex could take millions (the reduced forms of
//! extensive games are very degenerate) — and still reaches every vertex,
//! each recorded once with all its labels. The search weighs its tables as
//! it grows and stops before they outgrow the memory the process may use
//! (`sprague_memory`), and a game whose bound would not fit is refused
//! before anything is allocated (unless forced). The extreme
//! equilibria are grouped into maximal cliques: sets `X × Y` of extreme
//! equilibria any pair of which is an equilibrium, whose convex hulls
//! `conv X × conv Y` are the maximal convex sets of equilibria (Winkels 1979;
//! Avis et al. 2010, §4). Cliques that share an extreme equilibrium form a
//! connected component.

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;

use crate::equilibrium::Equilibrium;
use crate::error::StrategicError;
use crate::game::{Matrix, NormalFormGame};
use crate::integer::{starting_width, Overflow, RowKernel};
use crate::stop::{Poll, StopCheck};
use crate::zero_sum::scale_positive;

/// The default limit on the upper-bound-theorem count of vertices.
pub const DEFAULT_VERTEX_LIMIT: u128 = 10_000_000;

/// A maximal convex set of equilibria: every combination of a row vertex and
/// a column vertex in it is an equilibrium.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clique {
    /// Indices into [`AllEquilibria::row_vertices`].
    pub rows: Vec<usize>,
    /// Indices into [`AllEquilibria::column_vertices`].
    pub columns: Vec<usize>,
}

/// Every extreme equilibrium of a bimatrix game, with the cliques and components.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllEquilibria {
    /// The extreme equilibria.
    pub equilibria: Vec<Equilibrium>,
    /// For each equilibrium, the indices of its row and column vertex.
    pub pairs: Vec<(usize, usize)>,
    /// The distinct row-player strategies occurring in extreme equilibria.
    pub row_vertices: Vec<Vec<BigRational>>,
    /// The distinct column-player strategies occurring in extreme equilibria.
    pub column_vertices: Vec<Vec<BigRational>>,
    /// The maximal cliques (maximal convex sets of equilibria).
    pub cliques: Vec<Clique>,
    /// Connected components: groups of clique indices sharing extreme equilibria.
    pub components: Vec<Vec<usize>>,
    /// Whether the game is degenerate (some vertex of a best-response
    /// polytope has more labels than its dimension).
    pub degenerate: bool,
    /// The numbers of vertices of `P` and `Q` (including the origin).
    pub vertex_counts: (usize, usize),
}

/// The upper bound theorem (McMullen 1970): the most vertices a
/// `d`-dimensional polytope with `facets` facets can have.
pub fn upper_bound_vertices(d: usize, facets: usize) -> u128 {
    if d == 0 {
        return 1;
    }
    let binom = |n: usize, k: usize| -> u128 {
        if k > n {
            return 0;
        }
        let k = k.min(n - k);
        let mut r: u128 = 1;
        for i in 0..k {
            r = r.saturating_mul((n - i) as u128) / (i as u128 + 1);
        }
        r
    };
    let (half_up, half_down) = (d.div_ceil(2), d / 2);
    binom(facets - half_up, half_down).saturating_add(binom(facets - half_down - 1, half_up - 1))
}

/// A bound on the bytes the search over `{z >= 0 : C z <= 1}` (`d`
/// variables, `k` rows) holds: one pending dictionary and one vertex per
/// vertex the upper bound theorem allows, in 64-bit integers (wider
/// integers, needed by games with large payoffs, take more).
///
/// ```
/// use sprague_strategic::vertex_enumeration::{search_bytes_bound, upper_bound_vertices};
/// // A 2x2 game: the polytope of a player has at most 4 vertices.
/// assert_eq!(upper_bound_vertices(2, 4), 4);
/// assert_eq!(search_bytes_bound(2, 2), 4 * (2 * 3 * 8 + 2 * 8 + 32));
/// ```
pub fn search_bytes_bound(d: usize, k: usize) -> u128 {
    let dictionary = (k as u128) * (d as u128 + 1) * 8;
    let vertex = d as u128 * 8 + 2 * std::mem::size_of::<Bits>() as u128;
    upper_bound_vertices(d, d + k).saturating_mul(dictionary + vertex)
}

/// Label and basis sets as bitsets (games with at most 128 strategies in
/// total, far beyond what exhaustive enumeration can finish anyway).
type Bits = u128;

/// The most strategies (rows plus columns) vertex enumeration accepts.
pub const MAX_TOTAL_STRATEGIES: usize = 128;

/// The vertices of `{z >= 0 : C z <= 1}`: vertex `k` has the label set
/// `labels[k]` and the coordinates `k * dim .. (k + 1) * dim` of `coords`,
/// numerators over a common denominator (which normalisation makes
/// irrelevant), stored back to back in the integer type the enumeration ran
/// with and converted to rationals only when needed.
#[derive(Debug, Clone)]
pub(crate) struct Vertices {
    pub labels: Vec<Bits>,
    dim: usize,
    coords: Coords,
}

/// Vertex coordinates, back to back, in the integer type the enumeration ran with.
#[derive(Debug, Clone)]
pub(crate) enum Coords {
    Small(Vec<i64>),
    Medium(Vec<i128>),
    Big(Vec<BigInt>),
}

/// Conversion of coordinates into [`Coords`].
pub(crate) trait IntoCoords: RowKernel {
    fn into_coords(v: Vec<Self>) -> Coords;
}

impl IntoCoords for i64 {
    fn into_coords(v: Vec<Self>) -> Coords {
        Coords::Small(v)
    }
}

impl IntoCoords for i128 {
    fn into_coords(v: Vec<Self>) -> Coords {
        Coords::Medium(v)
    }
}

impl IntoCoords for BigInt {
    fn into_coords(v: Vec<Self>) -> Coords {
        Coords::Big(v)
    }
}

impl Vertices {
    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    fn range(&self, k: usize) -> std::ops::Range<usize> {
        k * self.dim..(k + 1) * self.dim
    }

    /// Whether vertex `k` is the origin.
    fn is_origin(&self, k: usize) -> bool {
        let at = self.range(k);
        match &self.coords {
            Coords::Small(v) => v[at].iter().all(|x| *x == 0),
            Coords::Medium(v) => v[at].iter().all(|x| *x == 0),
            Coords::Big(v) => v[at].iter().all(|x| x.is_zero()),
        }
    }

    /// The coordinates of vertex `k` normalised to a probability vector, in
    /// lowest terms.
    fn probabilities(&self, k: usize) -> Vec<BigRational> {
        let at = self.range(k);
        let wide: Option<Vec<i128>> = match &self.coords {
            Coords::Small(v) => Some(v[at].iter().map(|&x| i128::from(x)).collect()),
            Coords::Medium(v) => Some(v[at].to_vec()),
            Coords::Big(_) => None,
        };
        if let Some(v) = wide {
            if let Some(total) = v.iter().try_fold(0i128, |s, &x| s.checked_add(x)) {
                if total > 0 && v.iter().all(|&x| x >= 0) {
                    return v
                        .iter()
                        .map(|&x| {
                            let g = crate::small_rational::gcd(x as u128, total as u128) as i128;
                            BigRational::new_raw(BigInt::from(x / g), BigInt::from(total / g))
                        })
                        .collect();
                }
            }
        }
        let coords = self.to_big(k);
        let total: BigInt = coords.iter().sum();
        coords
            .iter()
            .map(|c| BigRational::new(c.clone(), total.clone()))
            .collect()
    }

    /// The coordinates of vertex `k` as big integers.
    fn to_big(&self, k: usize) -> Vec<BigInt> {
        let at = self.range(k);
        match &self.coords {
            Coords::Small(v) => v[at].iter().map(|&x| BigInt::from(x)).collect(),
            Coords::Medium(v) => v[at].iter().map(|&x| BigInt::from(x)).collect(),
            Coords::Big(v) => v[at].to_vec(),
        }
    }
}

/// The distinct vertices found by a search over bases, collected as found.
struct VertexCollector<T> {
    dim: usize,
    labels: Vec<Bits>,
    coords: Vec<T>,
    /// Label sets of degenerate vertices already recorded: a degenerate
    /// vertex has several bases, a nondegenerate one only one.
    degenerate: HashSet<Bits, FastBuild>,
}

impl<T: IntoCoords> VertexCollector<T> {
    /// A collector for vertices of dimension `dim`, with room for `capacity`.
    fn new(dim: usize, capacity: usize) -> Self {
        VertexCollector {
            dim,
            labels: Vec::with_capacity(capacity),
            coords: Vec::with_capacity(capacity * dim),
            degenerate: HashSet::default(),
        }
    }

    /// Records the vertex of dictionary `t`, unless already recorded, and
    /// returns whether the basis is degenerate (a basic variable at zero).
    fn record<S: RowKernel>(
        &mut self,
        t: &Dictionary<S>,
        label_bit: &[Bits],
        convert: impl Fn(&S) -> T,
    ) -> bool {
        let d = self.dim;
        let mut labels: Bits = 0;
        for &v in &t.nonbasic {
            labels |= label_bit[v];
        }
        let mut degenerate = false;
        for (row, &v) in t.data.chunks_exact(d + 1).zip(&t.basis) {
            if row[d].is_zero_int() {
                labels |= label_bit[v];
                degenerate = true;
            }
        }
        if degenerate && !self.degenerate.insert(labels) {
            return true;
        }
        self.labels.push(labels);
        let at = self.coords.len();
        self.coords.resize(at + d, T::int_zero());
        for (row, &v) in t.data.chunks_exact(d + 1).zip(&t.basis) {
            if v < d {
                self.coords[at + v] = convert(&row[d]);
            }
        }
        degenerate
    }

    /// Bytes held (and the largest single allocation, which may double next).
    fn bytes(&self) -> (u128, u128) {
        let coords = vec_bytes(&self.coords);
        let labels = vec_bytes(&self.labels);
        (
            coords + labels + set_bytes(self.degenerate.len()),
            coords.max(labels),
        )
    }

    fn finish(self) -> Vertices {
        Vertices {
            labels: self.labels,
            dim: self.dim,
            coords: T::into_coords(self.coords),
        }
    }
}

pub(crate) enum Stop {
    Overflow,
    TooMany(usize),
    /// The search's tables reached the memory budget (bytes held, bases visited).
    Memory(u128, usize),
    /// The caller's stop check said stop.
    Interrupted,
}

impl From<Overflow> for Stop {
    fn from(_: Overflow) -> Self {
        Stop::Overflow
    }
}

/// What one polytope's search may use: bases visited, bytes held, and the
/// caller's stop check.
#[derive(Clone, Copy)]
pub(crate) struct Limits<'a> {
    pub(crate) bases: usize,
    /// Bytes the search's tables (visited bases, pending dictionaries,
    /// vertices) may hold, counting the doubling of the largest one.
    pub(crate) memory: u128,
    pub(crate) stop: StopCheck<'a>,
}

/// How often (in dictionaries popped) a search weighs its tables.
const WEIGH_EVERY: u32 = 16;

/// Bytes a hash set of `len` bitset keys holds (key, control byte and the
/// spare room of its load factor).
fn set_bytes(len: usize) -> u128 {
    len as u128 * 2 * (std::mem::size_of::<Bits>() as u128 + 1)
}

/// Bytes held by a vector's allocation.
fn vec_bytes<T>(v: &Vec<T>) -> u128 {
    v.capacity() as u128 * std::mem::size_of::<T>() as u128
}

/// A fast hasher for `u128` keys (a multiplicative mix; the keys are bitsets).
#[derive(Default, Clone, Copy)]
pub(crate) struct BitsHasher(u64);

impl std::hash::Hasher for BitsHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_u128(&mut self, i: u128) {
        let x = (i as u64) ^ ((i >> 64) as u64).rotate_left(32);
        let h = (self.0 ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = h ^ (h >> 29);
    }
}

type FastBuild = std::hash::BuildHasherDefault<BitsHasher>;

/// A fraction-free tableau in dictionary form: only the nonbasic columns
/// (plus the right-hand side) are stored. `data[i * (d + 1) + c]` is the
/// entry of row `i` in the column of variable `nonbasic[c]`, the last
/// column the right-hand side; the true value is the entry divided by `det`.
struct Dictionary<T> {
    d: usize,
    data: Vec<T>,
    /// For each row, a bound `|x| <= 2^bits` on its entries
    /// ([`RowKernel::magnitude_bits`]), which picks the arithmetic.
    bits: Vec<u32>,
    det: T,
    basis: Vec<usize>,
    nonbasic: Vec<usize>,
    key: Bits,
    /// A nonbasic column whose ratio test is known to lead back to an
    /// already visited basis (`usize::MAX` if none); see [`polytope_vertices`].
    back: usize,
}

impl<T: RowKernel> Dictionary<T> {
    fn duplicate(&self) -> Self {
        Dictionary {
            d: self.d,
            data: self.data.clone(),
            bits: self.bits.clone(),
            det: self.det.clone(),
            basis: self.basis.clone(),
            nonbasic: self.nonbasic.clone(),
            key: self.key,
            back: self.back,
        }
    }

    /// Pivots nonbasic column `c` into the basis at row `r`.
    fn pivot(&mut self, r: usize, c: usize, trusted: bool) -> Result<(), Overflow> {
        PivotParts {
            d: self.d,
            data: &mut self.data,
            bits: &mut self.bits,
            det: &mut self.det,
            basis: &mut self.basis,
            nonbasic: &mut self.nonbasic,
            key: &mut self.key,
        }
        .pivot(r, c, trusted)
    }
}

/// The parts of a dictionary that a pivot changes, borrowed from a
/// [`Dictionary`] or from a slot of a [`FlatStack`].
struct PivotParts<'a, T> {
    d: usize,
    data: &'a mut [T],
    bits: &'a mut [u32],
    det: &'a mut T,
    basis: &'a mut [usize],
    nonbasic: &'a mut [usize],
    key: &'a mut Bits,
}

impl<T: RowKernel> PivotParts<'_, T> {
    /// Pivots nonbasic column `c` into the basis at row `r` (see the module
    /// [`crate::tableau`] for the update rule; the leaving variable's column
    /// becomes `-T[i][c]`, with `det` in row `r`).
    fn pivot(self, r: usize, c: usize, trusted: bool) -> Result<(), Overflow> {
        let w = self.d + 1;
        let p = self.data[r * w + c].clone();
        let divisor = if trusted {
            T::divisor_trusted(self.det)
        } else {
            T::divisor(self.det)
        };
        let (before, rest) = self.data.split_at_mut(r * w);
        let (pivot_row, after) = rest.split_at_mut(w);
        let (bits_before, bits_rest) = self.bits.split_at_mut(r);
        let (pivot_bits, bits_after) = bits_rest.split_at_mut(1);
        let others = (before.chunks_exact_mut(w).zip(bits_before))
            .chain(after.chunks_exact_mut(w).zip(bits_after));
        for (row, bits) in others {
            let f = row[c].clone();
            if f.is_zero_int() {
                if p != *self.det {
                    for x in row.iter_mut() {
                        if !x.is_zero_int() {
                            *x = T::mul_div(&p, x, &divisor).ok_or(Overflow)?;
                        }
                    }
                    *bits = T::magnitude_bits(row);
                }
            } else {
                *bits = T::update_row(row, pivot_row, c, &p, &f, &divisor, *bits, pivot_bits[0])
                    .ok_or(Overflow)?;
            }
        }
        pivot_row[c] = self.det.clone();
        pivot_bits[0] = T::magnitude_bits(pivot_row);
        let entering = self.nonbasic[c];
        let leaving = self.basis[r];
        self.basis[r] = entering;
        self.nonbasic[c] = leaving;
        *self.key = (*self.key & !(1u128 << leaving)) | 1u128 << entering;
        if p.is_negative_int() {
            for x in self.data.iter_mut() {
                *x = T::neg(x).ok_or(Overflow)?;
            }
            *self.det = T::neg(&p).ok_or(Overflow)?;
        } else {
            *self.det = p;
        }
        Ok(())
    }
}

/// The depth-first stack of pending dictionaries, all of one size, stored
/// back to back in flat vectors: one growing allocation for all of them
/// (many small ones, freed at the end of every search, would cost page
/// faults in the next one), and a push pivots in place in the new top slot.
struct FlatStack<T> {
    data: Vec<T>,
    bits: Vec<u32>,
    det: Vec<T>,
    basis: Vec<usize>,
    nonbasic: Vec<usize>,
    key: Vec<Bits>,
    back: Vec<usize>,
}

impl<T: RowKernel> FlatStack<T> {
    /// An empty stack with room for `capacity` dictionaries shaped like `t`
    /// (reallocating a large stack as it grows would copy it each time).
    fn with_capacity(t: &Dictionary<T>, capacity: usize) -> Self {
        FlatStack {
            data: Vec::with_capacity(capacity * t.data.len()),
            bits: Vec::with_capacity(capacity * t.bits.len()),
            det: Vec::with_capacity(capacity),
            basis: Vec::with_capacity(capacity * t.basis.len()),
            nonbasic: Vec::with_capacity(capacity * t.nonbasic.len()),
            key: Vec::with_capacity(capacity),
            back: Vec::with_capacity(capacity),
        }
    }

    /// Bytes held (and the largest single allocation, which may double next).
    fn bytes(&self) -> (u128, u128) {
        let data = vec_bytes(&self.data) + vec_bytes(&self.det);
        let rest = vec_bytes(&self.bits)
            + vec_bytes(&self.basis)
            + vec_bytes(&self.nonbasic)
            + vec_bytes(&self.key)
            + vec_bytes(&self.back);
        (data + rest, vec_bytes(&self.data))
    }

    fn push(&mut self, t: &Dictionary<T>) {
        self.data.extend_from_slice(&t.data);
        self.bits.extend_from_slice(&t.bits);
        self.det.push(t.det.clone());
        self.basis.extend_from_slice(&t.basis);
        self.nonbasic.extend_from_slice(&t.nonbasic);
        self.key.push(t.key);
        self.back.push(t.back);
    }

    /// Pushes `t` pivoted on `(r, c)`, with `back` as its [`Dictionary::back`].
    fn push_pivoted(
        &mut self,
        t: &Dictionary<T>,
        r: usize,
        c: usize,
        trusted: bool,
        back: usize,
    ) -> Result<(), Overflow> {
        self.push(t);
        let top = self.key.len() - 1;
        self.back[top] = back;
        PivotParts {
            d: t.d,
            data: &mut self.data[top * t.data.len()..],
            bits: &mut self.bits[top * t.bits.len()..],
            det: &mut self.det[top],
            basis: &mut self.basis[top * t.basis.len()..],
            nonbasic: &mut self.nonbasic[top * t.nonbasic.len()..],
            key: &mut self.key[top],
        }
        .pivot(r, c, trusted)
    }

    /// Moves the top dictionary into `t` (of the same size); `false` if empty.
    fn pop_into(&mut self, t: &mut Dictionary<T>) -> bool {
        let (Some(key), Some(back), Some(det)) = (self.key.pop(), self.back.pop(), self.det.pop())
        else {
            return false;
        };
        let at = self.data.len() - t.data.len();
        t.data.clone_from_slice(&self.data[at..]);
        self.data.truncate(at);
        let at = self.bits.len() - t.bits.len();
        t.bits.copy_from_slice(&self.bits[at..]);
        self.bits.truncate(at);
        let at = self.basis.len() - t.basis.len();
        t.basis.copy_from_slice(&self.basis[at..]);
        self.basis.truncate(at);
        let at = self.nonbasic.len() - t.nonbasic.len();
        t.nonbasic.copy_from_slice(&self.nonbasic[at..]);
        self.nonbasic.truncate(at);
        t.det = det;
        t.key = key;
        t.back = back;
        true
    }
}

/// All vertices of `{z >= 0 : C z <= 1}` for a positive integer matrix `C`
/// (`k` rows, `d` columns, `d + k <= 128`). `z_l = 0` carries label
/// `var_labels[l]`, and row `i` tight carries `slack_labels[i]`. With
/// `trusted`, the integer type is known (by Hadamard's bound) to hold every
/// entry, and exact divisions skip their overflow checks.
pub(crate) fn polytope_vertices<T: IntoCoords>(
    c: &[Vec<BigInt>],
    d: usize,
    var_labels: &[usize],
    slack_labels: &[usize],
    trusted: bool,
    limits: Limits<'_>,
) -> Result<Vertices, Stop> {
    let k = c.len();
    let w = d + 1;
    let mut poll = limits.stop.poll();
    let mut popped: u32 = 0;
    let start: Dictionary<T> = start_dictionary(c, d)?;
    let label_bit = label_bits(d, var_labels, slack_labels);
    // Room for as many bases and vertices as the polytope may have vertices,
    // up to a cap (the set, the list and the stack grow beyond that if they
    // must).
    let dictionary_bytes = (start.data.len() * std::mem::size_of::<T>()) as u128;
    let expected = upper_bound_vertices(d, d + k)
        .min(1024)
        .min(limits.memory / 8 / dictionary_bytes.max(1)) as usize;
    let mut visited: HashSet<Bits, FastBuild> =
        HashSet::with_capacity_and_hasher(expected, FastBuild::default());
    visited.insert(start.key);
    let mut vertices = VertexCollector::<T>::new(d, expected);
    let mut t = start.duplicate();
    let mut stack = FlatStack::with_capacity(&start, expected);
    stack.push(&start);
    let mut rows: Vec<usize> = Vec::with_capacity(k);
    while stack.pop_into(&mut t) {
        if poll.step() {
            return Err(Stop::Interrupted);
        }
        popped = popped.wrapping_add(1);
        if popped % WEIGH_EVERY == 1 {
            let (stack_bytes, stack_largest) = stack.bytes();
            let (vertex_bytes, vertex_largest) = vertices.bytes();
            let held = stack_bytes + vertex_bytes + set_bytes(visited.len());
            let next_growth = stack_largest
                .max(vertex_largest)
                .max(set_bytes(visited.len()));
            if held + next_growth > limits.memory {
                return Err(Stop::Memory(held, visited.len()));
            }
        }
        vertices.record(&t, &label_bit, T::clone);
        let bits = t.bits.iter().copied().max().unwrap_or(0);
        for col in 0..d {
            // The column that just left leads straight back to the parent.
            if col == t.back {
                continue;
            }
            T::min_ratio_rows(&t.data, w, col, d, &mut rows, bits).ok_or(Overflow)?;
            let Some(r) = lexicographic_row(&t, col, &mut rows)? else {
                continue;
            };
            let next_key = (t.key & !(1u128 << t.basis[r])) | 1u128 << t.nonbasic[col];
            if !visited.insert(next_key) {
                continue;
            }
            if visited.len() > limits.bases {
                return Err(Stop::TooMany(visited.len()));
            }
            stack.push_pivoted(&t, r, col, trusted, col)?;
        }
    }
    Ok(vertices.finish())
}

/// The leaving row of the lexicographic ratio test among the minimum-ratio
/// `rows` of column `col` (`None` if there is none: an unbounded edge).
///
/// The search pivots in the polytope with right-hand sides perturbed to
/// `1 + (ε, ε², …, εᵏ)` (Charnes 1952; Dantzig, Orden and Wolfe 1955), which
/// is simple: each of its vertices has one basis, each nonbasic column one
/// edge, and every vertex of the unperturbed polytope is the limit of one of
/// its vertices (as ε → 0). So one pivot per column reaches every vertex and
/// a degenerate vertex is not visited through all of its bases — at most as
/// many bases as the upper bound theorem allows vertices, where the
/// unperturbed search of a game's degenerate reduced form could visit
/// millions (Avis, "lrs: a revised implementation of the reverse search
/// vertex enumeration algorithm", 2000, uses the same rule).
///
/// The perturbed right-hand side of row `r` is `(b_r + Σᵢ εⁱ Tᵣᵢ) / det`,
/// where `Tᵣᵢ` is row `r`'s entry in the tableau column of the `i`-th slack
/// (its dictionary column when it is nonbasic, `det` in its own row when it
/// is basic, 0 elsewhere); ties of the ratio `b_r / a_r` are broken by
/// `Tᵣ₁ / a_r`, then `Tᵣ₂ / a_r`, and so on. The rows of `T` are those of
/// the inverse basis, linearly independent, so exactly one row remains.
fn lexicographic_row<T: RowKernel>(
    t: &Dictionary<T>,
    col: usize,
    rows: &mut Vec<usize>,
) -> Result<Option<usize>, Overflow> {
    if rows.len() <= 1 {
        return Ok(rows.first().copied());
    }
    let d = t.d;
    let w = d + 1;
    let k = t.basis.len();
    let zero = T::int_zero();
    for slack in d..d + k {
        let nonbasic_column = t.nonbasic.iter().position(|&v| v == slack);
        let entry = |r: usize| -> &T {
            match nonbasic_column {
                Some(j) => &t.data[r * w + j],
                None if t.basis[r] == slack => &t.det,
                None => &zero,
            }
        };
        let mut best = rows[0];
        let mut kept = 1;
        for i in 1..rows.len() {
            let r = rows[i];
            // entry(r) / a_r against entry(best) / a_best, both a positive.
            match T::cmp_products(
                entry(r),
                &t.data[best * w + col],
                entry(best),
                &t.data[r * w + col],
            )
            .ok_or(Overflow)?
            {
                Ordering::Less => {
                    best = r;
                    rows[0] = r;
                    kept = 1;
                }
                Ordering::Equal => {
                    rows[kept] = r;
                    kept += 1;
                }
                Ordering::Greater => {}
            }
        }
        rows.truncate(kept);
        if kept == 1 {
            return Ok(Some(best));
        }
    }
    Ok(rows.first().copied())
}

/// The starting dictionary of `{z >= 0 : C z <= 1}`: every slack basic, at
/// the origin.
fn start_dictionary<T: RowKernel>(c: &[Vec<BigInt>], d: usize) -> Result<Dictionary<T>, Overflow> {
    let k = c.len();
    let w = d + 1;
    let mut data = vec![T::int_zero(); k * w];
    for (i, row) in c.iter().enumerate() {
        for (j, x) in row.iter().enumerate() {
            data[i * w + j] = T::from_bigint(x).ok_or(Overflow)?;
        }
        data[i * w + d] = T::int_one();
    }
    let basis: Vec<usize> = (d..d + k).collect();
    let key = basis.iter().fold(0u128, |b, &v| b | 1u128 << v);
    Ok(Dictionary {
        d,
        bits: row_bits(&data, w),
        data,
        det: T::int_one(),
        basis,
        nonbasic: (0..d).collect(),
        key,
        back: usize::MAX,
    })
}

/// The label bit of each variable: `z_l` (`l < d`) carries `var_labels[l]`,
/// the slack of row `i` carries `slack_labels[i]`.
fn label_bits(d: usize, var_labels: &[usize], slack_labels: &[usize]) -> Vec<Bits> {
    (0..d + slack_labels.len())
        .map(|col| {
            1u128
                << if col < d {
                    var_labels[col]
                } else {
                    slack_labels[col - d]
                }
        })
        .collect()
}

/// The shared state of a depth-first search over feasible bases.
struct Search<'a> {
    d: usize,
    label_bit: &'a [Bits],
    visited: HashSet<Bits, FastBuild>,
    vertices: VertexCollector<BigInt>,
    basis_limit: usize,
    memory_limit: u128,
    rows: Vec<usize>,
    poll: Poll<'a>,
}

impl Search<'_> {
    /// Stops the search when its tables and the `pending` bytes of
    /// dictionaries waiting on the stacks reach the memory limit.
    fn weigh(&self, pending: u128) -> Result<(), Stop> {
        let (vertex_bytes, _) = self.vertices.bytes();
        let held = vertex_bytes + set_bytes(self.visited.len()) + pending;
        if held.saturating_mul(2) > self.memory_limit {
            return Err(Stop::Memory(held, self.visited.len()));
        }
        Ok(())
    }

    /// Pushes the unvisited neighbours of `t` onto `out` and records its
    /// vertex. If a pivot overflows, the neighbour is forgotten again (so
    /// that it can be reached with wider integers) and `Stop::Overflow`
    /// returned, with the vertex not recorded (the caller expands `t` again
    /// in wider integers); the neighbours found before stay in `out`.
    fn expand<T: IntoCoords>(
        &mut self,
        t: &Dictionary<T>,
        out: &mut Vec<Dictionary<T>>,
    ) -> Result<(), Stop> {
        if self.poll.step() {
            return Err(Stop::Interrupted);
        }
        let d = self.d;
        for col in 0..d {
            if col == t.back {
                continue;
            }
            let bits = t.bits.iter().copied().max().unwrap_or(0);
            T::min_ratio_rows(&t.data, d + 1, col, d, &mut self.rows, bits).ok_or(Overflow)?;
            let Some(r) = lexicographic_row(t, col, &mut self.rows)? else {
                continue;
            };
            let next_key = (t.key & !(1u128 << t.basis[r])) | 1u128 << t.nonbasic[col];
            if !self.visited.insert(next_key) {
                continue;
            }
            if self.visited.len() > self.basis_limit {
                return Err(Stop::TooMany(self.visited.len()));
            }
            let mut next = t.duplicate();
            if next.pivot(r, col, false).is_err() {
                self.visited.remove(&next_key);
                return Err(Stop::Overflow);
            }
            next.back = col;
            out.push(next);
        }
        self.vertices.record(t, self.label_bit, T::to_bigint);
        Ok(())
    }
}

/// [`RowKernel::magnitude_bits`] of each row of `data` (stride `w`).
fn row_bits<T: RowKernel>(data: &[T], w: usize) -> Vec<u32> {
    data.chunks_exact(w).map(T::magnitude_bits).collect()
}

fn dictionary_to_big(t: &Dictionary<i128>) -> Dictionary<BigInt> {
    let data: Vec<BigInt> = t.data.iter().map(|&x| BigInt::from(x)).collect();
    Dictionary {
        d: t.d,
        bits: row_bits(&data, t.d + 1),
        data,
        det: BigInt::from(t.det),
        basis: t.basis.clone(),
        nonbasic: t.nonbasic.clone(),
        key: t.key,
        back: t.back,
    }
}

fn dictionary_to_medium(t: &Dictionary<BigInt>) -> Option<Dictionary<i128>> {
    use num_traits::ToPrimitive;
    let data = t
        .data
        .iter()
        .map(|x| x.to_i128())
        .collect::<Option<Vec<_>>>()?;
    Some(Dictionary {
        d: t.d,
        bits: row_bits(&data, t.d + 1),
        data,
        det: t.det.to_i128()?,
        basis: t.basis.clone(),
        nonbasic: t.nonbasic.clone(),
        key: t.key,
        back: t.back,
    })
}

/// Like [`polytope_vertices`], but each basis is held in `i128` while its
/// entries fit and in big integers otherwise, switching per basis in both
/// directions: for games whose Hadamard bound exceeds `i128` although most
/// bases (those with small supports) have small entries.
fn polytope_vertices_adaptive(
    c: &[Vec<BigInt>],
    d: usize,
    var_labels: &[usize],
    slack_labels: &[usize],
    limits: Limits<'_>,
) -> Result<Vertices, Stop> {
    let k = c.len();
    let start: Dictionary<BigInt> = start_dictionary(c, d)?;
    let label_bit = label_bits(d, var_labels, slack_labels);
    let key = start.key;
    let mut search = Search {
        d,
        label_bit: &label_bit,
        visited: HashSet::default(),
        vertices: VertexCollector::new(d, 0),
        basis_limit: limits.bases,
        memory_limit: limits.memory,
        rows: Vec::with_capacity(k),
        poll: limits.stop.poll(),
    };
    search.visited.insert(key);
    let mut medium: Vec<Dictionary<i128>> = Vec::new();
    let mut big: Vec<Dictionary<BigInt>> = Vec::new();
    match dictionary_to_medium(&start) {
        Some(t) => medium.push(t),
        None => big.push(start),
    }
    let mut big_children: Vec<Dictionary<BigInt>> = Vec::new();
    // Bytes of one pending dictionary of each kind (a big integer is counted
    // with a two-word heap buffer).
    let entries = (k * (d + 1)) as u128;
    let (medium_bytes, big_bytes) = (entries * 16, entries * 48);
    let mut expanded: u32 = 0;
    loop {
        expanded = expanded.wrapping_add(1);
        if expanded % WEIGH_EVERY == 1 {
            search.weigh(medium.len() as u128 * medium_bytes + big.len() as u128 * big_bytes)?;
        }
        if let Some(t) = medium.pop() {
            match search.expand(&t, &mut medium) {
                Ok(()) => {}
                Err(Stop::Overflow) => big.push(dictionary_to_big(&t)),
                Err(stop) => return Err(stop),
            }
        } else if let Some(t) = big.pop() {
            big_children.clear();
            match search.expand(&t, &mut big_children) {
                Ok(()) => {}
                Err(Stop::Overflow) => unreachable!("big integers never overflow"),
                Err(stop) => return Err(stop),
            }
            for child in big_children.drain(..) {
                match dictionary_to_medium(&child) {
                    Some(m) => medium.push(m),
                    None => big.push(child),
                }
            }
        } else {
            break;
        }
    }
    Ok(search.vertices.finish())
}

fn vertices_escalating(
    c: &[Vec<BigInt>],
    d: usize,
    var_labels: &[usize],
    slack_labels: &[usize],
    limits: Limits<'_>,
    player: usize,
) -> Result<Vertices, StrategicError> {
    let stopped = |stop: Stop| match stop {
        Stop::TooMany(count) => StrategicError::TooLarge {
            method: "vertex enumeration".into(),
            what: "bases".into(),
            count: format!("more than {count}"),
            limit: limits.bases.to_string(),
        },
        Stop::Memory(held, bases) => StrategicError::OutOfMemory {
            method: format!(
                "vertex enumeration of player {player}'s best-response polytope ({d} strategies)"
            ),
            held,
            available: limits.memory,
            progress: format!("{bases} bases visited"),
        },
        Stop::Interrupted => StrategicError::Interrupted,
        Stop::Overflow => unreachable!("overflow is handled by widening"),
    };
    let start = starting_width(c);
    if start == 0 {
        match polytope_vertices::<i64>(c, d, var_labels, slack_labels, false, limits) {
            Ok(v) => return Ok(v),
            Err(Stop::Overflow) => {}
            Err(stop) => return Err(stopped(stop)),
        }
    }
    if start <= 1 {
        let trusted = start == 1;
        match polytope_vertices::<i128>(c, d, var_labels, slack_labels, trusted, limits) {
            Ok(v) => return Ok(v),
            Err(Stop::Overflow) => {}
            Err(stop) => return Err(stopped(stop)),
        }
    }
    polytope_vertices_adaptive(c, d, var_labels, slack_labels, limits).map_err(stopped)
}

/// Options of [`all_equilibria`].
#[derive(Debug, Clone, Copy)]
pub struct EnumerationOptions<'a> {
    /// Refuse games whose best-response polytopes may have more vertices
    /// than this (by the upper bound theorem).
    pub vertex_limit: u128,
    /// Run regardless of the limit.
    pub force: bool,
    /// Asked every so often; the enumeration ends with
    /// [`StrategicError::Interrupted`] when it says stop.
    pub stop: StopCheck<'a>,
}

impl Default for EnumerationOptions<'_> {
    fn default() -> Self {
        EnumerationOptions {
            vertex_limit: DEFAULT_VERTEX_LIMIT,
            force: false,
            stop: StopCheck::never(),
        }
    }
}

/// All extreme Nash equilibria of a two-player game, with cliques and components.
///
/// ```
/// use sprague_strategic::{examples::example, vertex_enumeration::all_equilibria};
/// let bos = example("battle-of-the-sexes").unwrap();
/// let all = all_equilibria(&bos, Default::default()).unwrap();
/// assert_eq!(all.equilibria.len(), 3);
/// assert!(!all.degenerate);
/// ```
pub fn all_equilibria(
    game: &NormalFormGame,
    options: EnumerationOptions<'_>,
) -> Result<AllEquilibria, StrategicError> {
    let (a, b) = game.bimatrix()?;
    all_equilibria_bimatrix(&a, &b, options)
}

/// [`all_equilibria`] for payoff matrices.
pub fn all_equilibria_bimatrix(
    a: &Matrix,
    b: &Matrix,
    options: EnumerationOptions<'_>,
) -> Result<AllEquilibria, StrategicError> {
    let m = a.len();
    let n = a.first().map_or(0, Vec::len);
    if m == 0 {
        return Err(StrategicError::NoStrategies { player: 1 });
    }
    if n == 0 {
        return Err(StrategicError::NoStrategies { player: 2 });
    }
    if m + n > MAX_TOTAL_STRATEGIES {
        return Err(StrategicError::TooLarge {
            method: format!("vertex enumeration of a {m}x{n} game"),
            what: "strategies in total".into(),
            count: (m + n).to_string(),
            limit: MAX_TOTAL_STRATEGIES.to_string(),
        });
    }
    let bound_p = upper_bound_vertices(m, m + n);
    let bound_q = upper_bound_vertices(n, m + n);
    let bound = bound_p.saturating_add(bound_q);
    if !options.force && bound > options.vertex_limit {
        return Err(StrategicError::TooLarge {
            method: format!("vertex enumeration of a {m}x{n} game"),
            what: "vertices (upper bound theorem)".into(),
            count: bound.to_string(),
            limit: options.vertex_limit.to_string(),
        });
    }
    let memory = sprague_memory::available_bytes() / 2;
    for (player, d, k) in [(1, m, n), (2, n, m)] {
        let needed = search_bytes_bound(d, k);
        if !options.force && needed > memory {
            return Err(StrategicError::NeedsMemory {
                method: format!("vertex enumeration of a {m}x{n} game"),
                needed,
                available: memory,
                reason: format!(
                    "player {player}'s best-response polytope may have {} vertices by the upper bound theorem",
                    upper_bound_vertices(d, d + k)
                ),
            });
        }
    }
    let basis_limit = if options.force {
        usize::MAX
    } else {
        usize::try_from(options.vertex_limit.saturating_mul(10)).unwrap_or(usize::MAX)
    };
    let sa = scale_positive(a).data;
    let sb = scale_positive(b).data;
    // P: rows are columns j of B^T.
    let bt: Vec<Vec<BigInt>> = (0..n)
        .map(|j| (0..m).map(|i| sb[i][j].clone()).collect())
        .collect();
    let labels_rows: Vec<usize> = (0..m).collect();
    let labels_cols: Vec<usize> = (m..m + n).collect();
    // The two polytopes are independent: enumerate them on two threads,
    // each with half of the memory this process may use.
    let limits = Limits {
        bases: basis_limit,
        memory,
        stop: options.stop,
    };
    let (p, q) = std::thread::scope(|scope| {
        let enumerate_q = || vertices_escalating(&sa, n, &labels_cols, &labels_rows, limits, 2);
        // On this thread after P when the system refuses a thread (a process or
        // address-space limit).
        let q = std::thread::Builder::new().spawn_scoped(scope, enumerate_q);
        let p = vertices_escalating(&bt, m, &labels_rows, &labels_cols, limits, 1);
        let q = match q {
            Ok(handle) => handle
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e)),
            Err(_) => enumerate_q(),
        };
        (p, q)
    });
    let (p, q) = (p?, q?);
    let degenerate = p.labels.iter().any(|l| l.count_ones() as usize > m)
        || q.labels.iter().any(|l| l.count_ones() as usize > n);
    let mut row_vertices: Vec<Vec<BigRational>> = Vec::new();
    let mut column_vertices: Vec<Vec<BigRational>> = Vec::new();
    let mut row_index: HashMap<usize, usize> = HashMap::new();
    let mut col_index: HashMap<usize, usize> = HashMap::new();
    let mut pairs = Vec::new();
    let matches = complementary_pairs(&p, &q, m, n);
    for (pi, qi) in matches {
        let ri = *row_index.entry(pi).or_insert_with(|| {
            row_vertices.push(p.probabilities(pi));
            row_vertices.len() - 1
        });
        let ci = *col_index.entry(qi).or_insert_with(|| {
            column_vertices.push(q.probabilities(qi));
            column_vertices.len() - 1
        });
        pairs.push((ri, ci));
    }
    // A deterministic order: vertices sorted by their probability vectors,
    // descending (pure first strategies first), equilibria by row then column vertex.
    let sort_vertices = |vs: Vec<Vec<BigRational>>| -> (Vec<Vec<BigRational>>, Vec<usize>) {
        let mut idx: Vec<usize> = (0..vs.len()).collect();
        idx.sort_by(|&s, &t| vs[t].cmp(&vs[s]));
        let mut new_index = vec![0; vs.len()];
        for (new, &old) in idx.iter().enumerate() {
            new_index[old] = new;
        }
        (idx.iter().map(|&k| vs[k].clone()).collect(), new_index)
    };
    let (row_vertices, row_map) = sort_vertices(row_vertices);
    let (column_vertices, col_map) = sort_vertices(column_vertices);
    let mut pairs: Vec<(usize, usize)> = pairs
        .iter()
        .map(|&(r, c)| (row_map[r], col_map[c]))
        .collect();
    pairs.sort();
    let equilibria = pairs
        .iter()
        .map(|&(r, c)| {
            Equilibrium::bimatrix(a, b, row_vertices[r].clone(), column_vertices[c].clone())
        })
        .collect();
    let cliques = maximal_cliques(&pairs, row_vertices.len(), column_vertices.len());
    let components = connected_components(&cliques);
    Ok(AllEquilibria {
        equilibria,
        pairs,
        row_vertices,
        column_vertices,
        cliques,
        components,
        degenerate,
        vertex_counts: (p.len(), q.len()),
    })
}

/// The pairs `(i, j)` of a nonzero vertex `i` of `P` (dimension `m`) and a
/// nonzero vertex `j` of `Q` (dimension `n`) whose labels together are all
/// `m + n` labels: the extreme equilibria.
///
/// The partners of a vertex of `P` with label set `L` are the vertices of
/// `Q` whose labels include the complement of `L`. If `L` has exactly `m`
/// labels (every vertex has at least that many), the complement has `n`, so
/// a partner either has exactly those labels (found by lookup) or is
/// degenerate (more than `n` labels); only degenerate vertices of `P` need a
/// scan of all of `Q`.
fn complementary_pairs(p: &Vertices, q: &Vertices, m: usize, n: usize) -> Vec<(usize, usize)> {
    let full: Bits = if m + n == 128 {
        u128::MAX
    } else {
        (1u128 << (m + n)) - 1
    };
    let qs: Vec<usize> = (0..q.len()).filter(|&k| !q.is_origin(k)).collect();
    let by_labels: HashMap<Bits, usize, FastBuild> =
        qs.iter().map(|&qi| (q.labels[qi], qi)).collect();
    let degenerate_qs: Vec<usize> = qs
        .iter()
        .copied()
        .filter(|&qi| q.labels[qi].count_ones() as usize > n)
        .collect();
    let mut matches = Vec::new();
    for (pi, &pl) in p.labels.iter().enumerate() {
        if p.is_origin(pi) {
            continue;
        }
        let complement = full & !pl;
        let covers = |qi: &&usize| q.labels[**qi] & complement == complement;
        if pl.count_ones() as usize > m {
            matches.extend(qs.iter().filter(covers).map(|&qi| (pi, qi)));
        } else {
            if let Some(&qi) = by_labels.get(&complement) {
                matches.push((pi, qi));
            }
            matches.extend(degenerate_qs.iter().filter(covers).map(|&qi| (pi, qi)));
        }
    }
    matches
}

/// The maximal bicliques of the bipartite graph of extreme equilibria:
/// all closed pairs `(X, Y)` with `Y` the common neighbours of `X` and `X`
/// those of `Y`, found by closing the neighbourhoods under intersection.
fn maximal_cliques(pairs: &[(usize, usize)], rows: usize, columns: usize) -> Vec<Clique> {
    type Bits = Vec<u64>;
    let bits_new = |n: usize| -> Bits { vec![0; n.div_ceil(64)] };
    let bit_set = |b: &mut Bits, i: usize| b[i / 64] |= 1 << (i % 64);
    let bit_get = |b: &Bits, i: usize| b[i / 64] >> (i % 64) & 1 == 1;
    let bit_count = |b: &Bits| -> usize { b.iter().map(|w| w.count_ones() as usize).sum() };
    let mut neighbours: Vec<Bits> = vec![bits_new(columns); rows];
    for &(r, c) in pairs {
        bit_set(&mut neighbours[r], c);
    }
    let mut family: HashSet<Bits> = HashSet::new();
    let mut frontier: Vec<Bits> = Vec::new();
    for nb in &neighbours {
        if bit_count(nb) > 0 && family.insert(nb.clone()) {
            frontier.push(nb.clone());
        }
    }
    while let Some(set) = frontier.pop() {
        for nb in &neighbours {
            let meet: Bits = set.iter().zip(nb).map(|(x, y)| x & y).collect();
            if bit_count(&meet) > 0 && family.insert(meet.clone()) {
                frontier.push(meet);
            }
        }
    }
    let mut cliques: Vec<Clique> = family
        .into_iter()
        .map(|ys| {
            let cols: Vec<usize> = (0..columns).filter(|&c| bit_get(&ys, c)).collect();
            let rs: Vec<usize> = (0..rows)
                .filter(|&r| cols.iter().all(|&c| bit_get(&neighbours[r], c)))
                .collect();
            Clique {
                rows: rs,
                columns: cols,
            }
        })
        .collect();
    cliques.sort_by(|x, y| x.rows.cmp(&y.rows).then(x.columns.cmp(&y.columns)));
    cliques
}

fn connected_components(cliques: &[Clique]) -> Vec<Vec<usize>> {
    let mut parent: Vec<usize> = (0..cliques.len()).collect();
    fn find(parent: &mut [usize], x: usize) -> usize {
        let mut r = x;
        while parent[r] != r {
            r = parent[r];
        }
        let mut y = x;
        while parent[y] != r {
            let next = parent[y];
            parent[y] = r;
            y = next;
        }
        r
    }
    for i in 0..cliques.len() {
        for j in i + 1..cliques.len() {
            let share_row = cliques[i].rows.iter().any(|r| cliques[j].rows.contains(r));
            let share_col = cliques[i]
                .columns
                .iter()
                .any(|c| cliques[j].columns.contains(c));
            if share_row && share_col {
                let (a, b) = (find(&mut parent, i), find(&mut parent, j));
                parent[a] = b;
            }
        }
    }
    let mut groups: HashMap<usize, Vec<usize>> = HashMap::new();
    for i in 0..cliques.len() {
        let r = find(&mut parent, i);
        groups.entry(r).or_default().push(i);
    }
    let mut result: Vec<Vec<usize>> = groups.into_values().collect();
    result.sort();
    result
}

#[cfg(test)]
mod tests {
    /// Every vertex, with no basis limit and no stop check.
    fn unbounded<T: IntoCoords>(
        c: &[Vec<BigInt>],
        d: usize,
        var_labels: &[usize],
        slack_labels: &[usize],
        trusted: bool,
    ) -> Result<Vertices, Stop> {
        polytope_vertices::<T>(c, d, var_labels, slack_labels, trusted, no_limits())
    }

    fn no_limits() -> Limits<'static> {
        Limits {
            bases: usize::MAX,
            memory: u128::MAX,
            stop: StopCheck::never(),
        }
    }

    use super::*;
    use crate::random::SplitMix64;

    fn canonical(vs: Vertices) -> Vec<(Bits, Vec<BigRational>)> {
        let mut out: Vec<(Bits, Vec<BigRational>)> = (0..vs.len())
            .map(|v| {
                let big = vs.to_big(v);
                // Coordinates up to the common denominator: normalise by the
                // first nonzero entry (or keep the origin).
                let first = big.iter().find(|x| !x.is_zero()).cloned();
                let coords = match first {
                    Some(f) => big
                        .iter()
                        .map(|x| BigRational::new(x.clone(), f.clone()))
                        .collect(),
                    None => vec![BigRational::zero(); big.len()],
                };
                (vs.labels[v], coords)
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn adaptive_widths_agree_with_big_integers() {
        // Payoffs up to 10^12 make i128 overflow on some bases but not all.
        let mut rng = SplitMix64::new(99);
        for size in [3usize, 5, 7] {
            let c: Vec<Vec<BigInt>> = (0..size)
                .map(|_| {
                    (0..size)
                        .map(|_| BigInt::from(rng.below_or_equal(1_000_000_000_000) + 1))
                        .collect()
                })
                .collect();
            let labels_vars: Vec<usize> = (0..size).collect();
            let labels_slacks: Vec<usize> = (size..2 * size).collect();
            let adaptive =
                polytope_vertices_adaptive(&c, size, &labels_vars, &labels_slacks, no_limits())
                    .unwrap_or_else(|_| panic!("no limit"));
            let big = unbounded::<BigInt>(&c, size, &labels_vars, &labels_slacks, false)
                .unwrap_or_else(|_| panic!("no limit"));
            assert_eq!(canonical(adaptive), canonical(big));
        }
    }

    /// The vertices of `{z >= 0 : C z <= 1}` by brute force, written apart
    /// from the search: every choice of `d` of the `d + k` constraints made
    /// tight, solved by Gaussian elimination over the rationals, kept when
    /// feasible; labels are all tight constraints; coordinates normalised
    /// as [`canonical`] does.
    fn brute_force_vertices(c: &[Vec<i64>], d: usize) -> Vec<(Bits, Vec<BigRational>)> {
        let k = c.len();
        let q = |x: i64| BigRational::from_integer(BigInt::from(x));
        // Constraint `l < d`: z_l = 0; constraint `d + i`: C_i z = 1.
        let row_of = |l: usize| -> (Vec<BigRational>, BigRational) {
            if l < d {
                let mut a = vec![q(0); d];
                a[l] = q(1);
                (a, q(0))
            } else {
                (c[l - d].iter().map(|&x| q(x)).collect(), q(1))
            }
        };
        let mut found: Vec<(Bits, Vec<BigRational>)> = Vec::new();
        for mask in 0u32..1 << (d + k) {
            if mask.count_ones() as usize != d {
                continue;
            }
            let mut rows: Vec<(Vec<BigRational>, BigRational)> = (0..d + k)
                .filter(|l| mask >> l & 1 == 1)
                .map(row_of)
                .collect();
            // Gauss–Jordan elimination; skip singular systems.
            let mut singular = false;
            for col in 0..d {
                let Some(p) = (col..d).find(|&r| !rows[r].0[col].is_zero()) else {
                    singular = true;
                    break;
                };
                rows.swap(col, p);
                let (pivot_row, pivot_rhs) = rows[col].clone();
                for r in 0..d {
                    if r != col && !rows[r].0[col].is_zero() {
                        let f = rows[r].0[col].clone() / pivot_row[col].clone();
                        for j in 0..d {
                            let delta = f.clone() * pivot_row[j].clone();
                            rows[r].0[j] -= delta;
                        }
                        rows[r].1 -= f * pivot_rhs.clone();
                    }
                }
            }
            if singular {
                continue;
            }
            let z: Vec<BigRational> = (0..d)
                .map(|j| rows[j].1.clone() / rows[j].0[j].clone())
                .collect();
            let value = |l: usize| -> BigRational {
                let (a, _) = row_of(l);
                a.iter().zip(&z).map(|(x, y)| x * y).sum()
            };
            if z.iter().any(|x| x < &q(0)) || (d..d + k).any(|l| value(l) > q(1)) {
                continue;
            }
            let labels = (0..d + k).fold(0 as Bits, |bits, l| {
                let tight = if l < d {
                    z[l].is_zero()
                } else {
                    value(l) == q(1)
                };
                if tight {
                    bits | 1 << l
                } else {
                    bits
                }
            });
            let normalised = match z.iter().find(|x| !x.is_zero()).cloned() {
                Some(f) => z.iter().map(|x| x / &f).collect(),
                None => z.clone(),
            };
            if !found.iter().any(|(l, _)| *l == labels) {
                found.push((labels, normalised));
            }
        }
        found.sort();
        found
    }

    #[test]
    fn the_lexicographic_search_finds_every_vertex_of_degenerate_polytopes() {
        // Entries in 1..=3 make many vertices degenerate (more than d
        // tight constraints); every width of the search must find exactly
        // the vertices brute force finds.
        let mut rng = SplitMix64::new(2024);
        let mut degenerate_seen = 0;
        for case in 0..60 {
            let d = 2 + case % 3;
            let k = 2 + (case / 3) % 4;
            let c: Vec<Vec<i64>> = (0..k)
                .map(|_| (0..d).map(|_| rng.below_or_equal(2) as i64 + 1).collect())
                .collect();
            let big: Vec<Vec<BigInt>> = c
                .iter()
                .map(|row| row.iter().map(|&x| BigInt::from(x)).collect())
                .collect();
            let vars: Vec<usize> = (0..d).collect();
            let slacks: Vec<usize> = (d..d + k).collect();
            let expected = brute_force_vertices(&c, d);
            degenerate_seen += expected
                .iter()
                .filter(|(l, _)| l.count_ones() as usize > d)
                .count();
            let searches = [
                unbounded::<i64>(&big, d, &vars, &slacks, false),
                unbounded::<i128>(&big, d, &vars, &slacks, false),
                unbounded::<BigInt>(&big, d, &vars, &slacks, false),
                polytope_vertices_adaptive(&big, d, &vars, &slacks, no_limits()),
            ];
            for found in searches {
                let found = found.unwrap_or_else(|_| panic!("no limit"));
                assert_eq!(canonical(found), expected, "C = {c:?}");
            }
        }
        assert!(
            degenerate_seen > 20,
            "only {degenerate_seen} degenerate vertices"
        );
    }

    #[test]
    fn a_search_stops_at_its_memory_limit_before_allocating_more() {
        // The 12x12 game's search holds far more than 1 MiB of tables:
        // every width of the search stops with `Memory` (weighing its tables
        // every 16 bases, it may overshoot by what those add).
        let (a, _) = crate::random::random_bimatrix(12, 12, 100, 7);
        let c: Vec<Vec<BigInt>> = a
            .iter()
            .map(|row| row.iter().map(|&x| BigInt::from(x + 1)).collect())
            .collect();
        let vars: Vec<usize> = (0..12).collect();
        let slacks: Vec<usize> = (12..24).collect();
        let limits = Limits {
            memory: 1 << 20,
            ..no_limits()
        };
        let all = unbounded::<BigInt>(&c, 12, &vars, &slacks, false)
            .unwrap_or_else(|_| panic!("no limit"));
        assert!(all.len() > 100);
        for (which, outcome) in [
            polytope_vertices::<i64>(&c, 12, &vars, &slacks, false, limits).map(|v| v.len()),
            polytope_vertices::<i128>(&c, 12, &vars, &slacks, false, limits).map(|v| v.len()),
            polytope_vertices_adaptive(&c, 12, &vars, &slacks, limits).map(|v| v.len()),
        ]
        .into_iter()
        .enumerate()
        {
            match outcome {
                Err(Stop::Memory(held, bases)) => {
                    assert!(held <= 2 << 20, "search {which} held {held} bytes");
                    assert!(bases > 0);
                }
                Ok(n) => panic!("finished with {n} vertices within 1 MiB"),
                Err(Stop::Overflow) => {} // i64 too narrow: the caller widens
                Err(_) => panic!("stopped for another reason"),
            }
        }
        let error = vertices_escalating(&c, 12, &vars, &slacks, limits, 1)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            error.contains("stopped before it outgrew memory"),
            "{error}"
        );
    }

    #[test]
    fn a_stop_check_ends_the_enumeration_with_interrupted() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        // A 12x12 game has thousands of bases; the check says stop on its
        // third question, so the search ends early, with Interrupted.
        let (a, b) = crate::random::random_bimatrix(12, 12, 100, 7);
        let (a, b) = (
            crate::random::to_rational(&a),
            crate::random::to_rational(&b),
        );
        let asked = AtomicUsize::new(0);
        let check = || asked.fetch_add(1, Ordering::Relaxed) >= 2;
        let options = EnumerationOptions {
            stop: StopCheck::new(&check),
            ..Default::default()
        };
        assert!(matches!(
            all_equilibria_bimatrix(&a, &b, options),
            Err(StrategicError::Interrupted)
        ));
        // Two polytopes, each stopping at its first question past the second.
        assert!(asked.load(Ordering::Relaxed) <= 4);
        // The check that never stops finds them all.
        assert!(all_equilibria_bimatrix(&a, &b, EnumerationOptions::default()).is_ok());
    }

    #[test]
    fn machine_integer_kernels_agree_with_big_integers() {
        // Wide payoffs exercise the 64-bit fast paths and their fallbacks;
        // payoffs in 1..=3 make many ties (degenerate vertices), where the
        // ratio test back to the parent basis must not be skipped. At 10x10
        // with payoffs up to 1000 (the benchmark's games) the entries cross
        // 64 bits, so the narrow and wide row updates and ratio tests mix
        // within one search.
        let mut rng = SplitMix64::new(7);
        for (size, max) in [
            (4usize, 1_000_000_000u64),
            (6, 1000),
            (6, 2),
            (8, 2),
            (10, 1000),
        ] {
            let c: Vec<Vec<BigInt>> = (0..size)
                .map(|_| {
                    (0..size)
                        .map(|_| BigInt::from(rng.below_or_equal(max) + 1))
                        .collect()
                })
                .collect();
            let vars: Vec<usize> = (0..size).collect();
            let slacks: Vec<usize> = (size..2 * size).collect();
            let big = unbounded::<BigInt>(&c, size, &vars, &slacks, false)
                .unwrap_or_else(|_| panic!("no limit"));
            let big = canonical(big);
            if let Ok(v) = unbounded::<i128>(&c, size, &vars, &slacks, false) {
                assert_eq!(canonical(v), big);
            }
            if starting_width(&c) <= 1 {
                // Hadamard's bound trusts i128, as vertices_escalating does.
                let v = unbounded::<i128>(&c, size, &vars, &slacks, true)
                    .unwrap_or_else(|_| panic!("i128 holds every entry"));
                assert_eq!(canonical(v), big);
            }
            if let Ok(v) = unbounded::<i64>(&c, size, &vars, &slacks, false) {
                assert_eq!(canonical(v), big);
            }
        }
    }

    #[test]
    fn complementary_pairs_match_a_scan_of_all_pairs() {
        // Payoffs in 1..=2 make many degenerate vertices on both sides.
        let mut rng = SplitMix64::new(11);
        let mut degenerate_pairs = 0;
        for (m, n) in [(2usize, 3usize), (3, 3), (4, 3), (5, 5)] {
            let mut draw = |rows: usize, cols: usize| -> Vec<Vec<BigInt>> {
                (0..rows)
                    .map(|_| {
                        (0..cols)
                            .map(|_| BigInt::from(rng.below_or_equal(1) + 1))
                            .collect()
                    })
                    .collect()
            };
            let (bt, a) = (draw(n, m), draw(m, n));
            let rows: Vec<usize> = (0..m).collect();
            let cols: Vec<usize> = (m..m + n).collect();
            let p = unbounded::<BigInt>(&bt, m, &rows, &cols, false)
                .unwrap_or_else(|_| panic!("no limit"));
            let q = unbounded::<BigInt>(&a, n, &cols, &rows, false)
                .unwrap_or_else(|_| panic!("no limit"));
            let full = (1u128 << (m + n)) - 1;
            let mut scan = Vec::new();
            for pi in (0..p.len()).filter(|&i| !p.is_origin(i)) {
                for qi in (0..q.len()).filter(|&j| !q.is_origin(j)) {
                    if p.labels[pi] | q.labels[qi] == full {
                        scan.push((pi, qi));
                        if (p.labels[pi].count_ones() + q.labels[qi].count_ones()) as usize > m + n
                        {
                            degenerate_pairs += 1;
                        }
                    }
                }
            }
            let mut fast = complementary_pairs(&p, &q, m, n);
            fast.sort();
            assert_eq!(fast, scan);
        }
        assert!(degenerate_pairs > 0, "the games should be degenerate");
    }

    #[test]
    fn upper_bound_theorem_values() {
        // A 10-dimensional polytope with 20 facets has at most 4004 vertices.
        assert_eq!(upper_bound_vertices(10, 20), 4004);
        // The 3-cube: d = 3, 6 facets, at most 8 vertices.
        assert_eq!(upper_bound_vertices(3, 6), 8);
    }
}
