//! Thermographs, mean and temperature (thermography).
//!
//! The thermograph of `G` draws, for every temperature `t ≥ −1`, the left and
//! right stops of `G` cooled by `t`. It is computed by the thermographic
//! calculation of Siegel, *Combinatorial Game Theory*, §II.5 (Berlekamp–
//! Conway–Guy, *Winning Ways* ch. 6): the *left scaffold* is
//! `max over G^L of (right wall of G^L) − t`, the *right scaffold*
//! `min over G^R of (left wall of G^R) + t`; the temperature `τ` is the least
//! `t` where the left scaffold is no longer above the right one, the mast
//! value is their common value there, and above `τ` both walls are the
//! vertical mast. Walls are continuous piecewise-linear functions of `t` with
//! slopes 0 and ±1, so all breakpoints are dyadic (see [`crate::dyadic`]).
//! Numbers `m/2^k` get temperature `−1/2^k` (integers −1), as in Siegel.
//!
//! [`Trajectory`] stores a wall as segments `(t_i, v_i, slope_i)`: on
//! `[t_i, t_{i+1})` the value is `v_i + slope_i·(t − t_i)`, exact in dyadics.

use crate::dyadic::Dyadic;
use crate::error::GameError;
use crate::store::{GameId, GameStore};
use std::fmt;

/// One linear piece of a trajectory.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Segment {
    t: Dyadic,
    v: Dyadic,
    slope: i64,
}

/// A continuous piecewise-linear function of the temperature `t ≥ −1`
/// with integer slopes and dyadic breakpoints: one wall of a thermograph.
///
/// ```
/// use sprague_partizan::{Dyadic, GameStore};
/// let mut store = GameStore::new();
/// let g = store.parse("{2|-1}").unwrap();
/// let th = store.thermograph(g).unwrap();
/// let half = Dyadic::new(1, 1).unwrap();
/// // Left wall 2 − t, right wall −1 + t up to the temperature 3/2.
/// assert_eq!(th.left_wall().value_at(half).unwrap(), Dyadic::new(3, 1).unwrap());
/// assert_eq!(th.right_wall().value_at(half).unwrap(), Dyadic::new(-1, 1).unwrap());
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Trajectory {
    segments: Vec<Segment>,
}

impl Trajectory {
    /// The constant trajectory `v`.
    ///
    /// ```
    /// use sprague_partizan::{Dyadic, Trajectory};
    /// let c = Trajectory::constant(Dyadic::ONE);
    /// assert_eq!(c.value_at(Dyadic::small(5)).unwrap(), Dyadic::ONE);
    /// ```
    pub fn constant(v: Dyadic) -> Trajectory {
        Trajectory {
            segments: vec![Segment {
                t: Dyadic::small(-1),
                v,
                slope: 0,
            }],
        }
    }

    /// The value at temperature `t` (for `t < −1`, the first piece extended).
    ///
    /// ```
    /// use sprague_partizan::{Dyadic, Trajectory};
    /// let c = Trajectory::constant(Dyadic::small(-2));
    /// assert_eq!(c.value_at(Dyadic::ZERO).unwrap(), Dyadic::small(-2));
    /// ```
    pub fn value_at(&self, t: Dyadic) -> Result<Dyadic, GameError> {
        let i = self.segments.partition_point(|s| s.t <= t).max(1) - 1;
        let s = self.segments[i];
        s.v.checked_add(t.checked_sub(s.t)?.checked_mul_int(s.slope)?)
    }

    /// The breakpoints `(t, value)` where the slope changes, from `t = −1`.
    ///
    /// ```
    /// use sprague_partizan::{Dyadic, GameStore};
    /// let mut store = GameStore::new();
    /// let g = store.parse("{1|-1}").unwrap();
    /// let th = store.thermograph(g).unwrap();
    /// let pts = th.left_wall().breakpoints();
    /// assert_eq!(pts, vec![(Dyadic::small(-1), Dyadic::small(2)), (Dyadic::ONE, Dyadic::ZERO)]);
    /// ```
    pub fn breakpoints(&self) -> Vec<(Dyadic, Dyadic)> {
        self.segments.iter().map(|s| (s.t, s.v)).collect()
    }

    /// The slope of the last (unbounded) piece: 0 for a thermograph's wall.
    ///
    /// ```
    /// use sprague_partizan::{Dyadic, Trajectory};
    /// assert_eq!(Trajectory::constant(Dyadic::ONE).final_slope(), 0);
    /// ```
    pub fn final_slope(&self) -> i64 {
        self.segments.last().map_or(0, |s| s.slope)
    }

    fn plus_linear(&self, k: i64) -> Result<Trajectory, GameError> {
        let mut segments = Vec::with_capacity(self.segments.len());
        for s in &self.segments {
            segments.push(Segment {
                t: s.t,
                v: s.v.checked_add(s.t.checked_mul_int(k)?)?,
                slope: s.slope + k,
            });
        }
        Ok(Trajectory { segments })
    }

    /// All breakpoints of both, merged.
    fn merged_breaks(&self, other: &Trajectory) -> Vec<Dyadic> {
        let mut ts: Vec<Dyadic> = self
            .segments
            .iter()
            .chain(other.segments.iter())
            .map(|s| s.t)
            .collect();
        ts.sort();
        ts.dedup();
        ts
    }

    fn slope_at(&self, t: Dyadic) -> i64 {
        let i = self.segments.partition_point(|s| s.t <= t).max(1) - 1;
        self.segments[i].slope
    }

    /// Pointwise maximum (`max = true`) or minimum.
    fn extremum(&self, other: &Trajectory, max: bool) -> Result<Trajectory, GameError> {
        let ts = self.merged_breaks(other);
        let mut out: Vec<Segment> = Vec::new();
        let pick = |a: Dyadic, b: Dyadic, sa: i64, sb: i64| -> bool {
            // true: take self
            if a != b {
                (a > b) == max
            } else {
                (sa >= sb) == max
            }
        };
        for (i, &a) in ts.iter().enumerate() {
            let end = ts.get(i + 1).copied();
            let (fa, ga) = (self.value_at(a)?, other.value_at(a)?);
            let (sf, sg) = (self.slope_at(a), other.slope_at(a));
            let first_self = pick(fa, ga, sf, sg);
            let (v, s) = if first_self { (fa, sf) } else { (ga, sg) };
            out.push(Segment { t: a, v, slope: s });
            // A crossing inside (a, end)?
            if sf != sg && fa != ga {
                let d = ga.checked_sub(fa)?; // f − g changes sign when (sf − sg)·x = d
                let diff = sf - sg;
                if (d > Dyadic::ZERO) == (diff > 0) {
                    let x = divide(d, diff)?;
                    let c = a.checked_add(x)?;
                    if end.is_none_or(|e| c < e) {
                        let (fc, gc) = (self.value_at(c)?, other.value_at(c)?);
                        let take_self = pick(fc, gc, sf, sg);
                        let (v, s) = if take_self { (fc, sf) } else { (gc, sg) };
                        out.push(Segment { t: c, v, slope: s });
                    }
                }
            }
        }
        Ok(Trajectory::simplified(out))
    }

    /// Merges consecutive pieces that continue each other.
    fn simplified(segments: Vec<Segment>) -> Trajectory {
        let mut out: Vec<Segment> = Vec::with_capacity(segments.len());
        for s in segments {
            if let Some(last) = out.last()
                && last.slope == s.slope
            {
                continue; // continuous, so the same line
            }
            out.push(s);
        }
        Trajectory { segments: out }
    }

    /// The same function up to `tau`, then constant.
    fn truncated(&self, tau: Dyadic) -> Result<Trajectory, GameError> {
        let mut segments: Vec<Segment> = self
            .segments
            .iter()
            .copied()
            .filter(|s| s.t < tau)
            .collect();
        let v = self.value_at(tau)?;
        segments.push(Segment {
            t: tau,
            v,
            slope: 0,
        });
        if segments[0].t > Dyadic::small(-1) {
            segments.insert(
                0,
                Segment {
                    t: Dyadic::small(-1),
                    v,
                    slope: 0,
                },
            );
        }
        Ok(Trajectory::simplified(segments))
    }
}

/// `d / k` for `k ∈ {±1, ±2, ±4, …}`; other divisors do not occur in thermographs.
fn divide(d: Dyadic, k: i64) -> Result<Dyadic, GameError> {
    let mut x = if k < 0 { -d } else { d };
    let mut m = k.unsigned_abs();
    while m > 1 {
        if !m.is_multiple_of(2) {
            return Err(GameError::Undefined(
                "a thermograph slope that is not 0 or ±1",
            ));
        }
        x = x.half()?;
        m /= 2;
    }
    Ok(x)
}

/// The thermograph of a game: left and right walls, mast value, temperature.
///
/// ```
/// use sprague_partizan::{Dyadic, GameStore};
/// let mut store = GameStore::new();
/// let g = store.parse("{2|1}").unwrap();
/// let th = store.thermograph(g).unwrap();
/// assert_eq!(th.temperature(), Dyadic::new(1, 1).unwrap());
/// assert_eq!(th.mast(), Dyadic::new(3, 1).unwrap());
/// assert_eq!(th.to_string(), "mast 3/2 from t = 1/2; left wall (-1, 3) (1/2, 3/2); right wall (-1, 0) (1/2, 3/2)");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Thermograph {
    left: Trajectory,
    right: Trajectory,
    mast: Dyadic,
    temperature: Dyadic,
}

impl Thermograph {
    /// The left wall: the left stop of `G_t` as a function of `t`.
    ///
    /// ```
    /// use sprague_partizan::{Dyadic, GameStore};
    /// let mut store = GameStore::new();
    /// let g = store.parse("*").unwrap();
    /// let th = store.thermograph(g).unwrap();
    /// assert_eq!(th.left_wall().value_at(Dyadic::small(-1)).unwrap(), Dyadic::ONE);
    /// ```
    pub fn left_wall(&self) -> &Trajectory {
        &self.left
    }

    /// The right wall: the right stop of `G_t` as a function of `t`.
    ///
    /// ```
    /// use sprague_partizan::{Dyadic, GameStore};
    /// let mut store = GameStore::new();
    /// let g = store.parse("*").unwrap();
    /// let th = store.thermograph(g).unwrap();
    /// assert_eq!(th.right_wall().value_at(Dyadic::small(-1)).unwrap(), Dyadic::small(-1));
    /// ```
    pub fn right_wall(&self) -> &Trajectory {
        &self.right
    }

    /// The mast value, which is the mean value of `G`.
    ///
    /// ```
    /// use sprague_partizan::{Dyadic, GameStore};
    /// let mut store = GameStore::new();
    /// let g = store.parse("{4|{2|0}}").unwrap();
    /// assert_eq!(store.thermograph(g).unwrap().mast(), Dyadic::new(5, 1).unwrap());
    /// ```
    pub fn mast(&self) -> Dyadic {
        self.mast
    }

    /// The temperature: where the mast starts.
    ///
    /// ```
    /// use sprague_partizan::{Dyadic, GameStore};
    /// let mut store = GameStore::new();
    /// let g = store.parse("{4|{2|0}}").unwrap();
    /// assert_eq!(store.thermograph(g).unwrap().temperature(), Dyadic::new(3, 1).unwrap());
    /// ```
    pub fn temperature(&self) -> Dyadic {
        self.temperature
    }
}

impl fmt::Display for Thermograph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "mast {} from t = {}; left wall",
            self.mast, self.temperature
        )?;
        for (t, v) in self.left.breakpoints() {
            write!(f, " ({t}, {v})")?;
        }
        write!(f, "; right wall")?;
        for (t, v) in self.right.breakpoints() {
            write!(f, " ({t}, {v})")?;
        }
        Ok(())
    }
}

impl GameStore {
    /// The thermograph of `G` (memoised). Errors only on dyadic overflow.
    ///
    /// ```
    /// use sprague_partizan::{Dyadic, GameStore};
    /// let mut store = GameStore::new();
    /// let g = store.parse("3/4").unwrap();
    /// let th = store.thermograph(g).unwrap();
    /// assert_eq!(th.temperature(), Dyadic::new(-1, 2).unwrap());
    /// ```
    pub fn thermograph(&mut self, g: GameId) -> Result<Thermograph, GameError> {
        if let Some(th) = self.thermographs.get(&g) {
            return Ok(th.clone());
        }
        let th = self.compute_thermograph(g)?;
        self.thermographs.insert(g, th.clone());
        Ok(th)
    }

    fn compute_thermograph(&mut self, g: GameId) -> Result<Thermograph, GameError> {
        let minus_one = Dyadic::small(-1);
        if let Some(x) = self.as_number(g)
            && x.is_integer()
        {
            return Ok(Thermograph {
                left: Trajectory::constant(x),
                right: Trajectory::constant(x),
                mast: x,
                temperature: minus_one,
            });
        }
        let mut left_scaffold: Option<Trajectory> = None;
        for o in self.left_options(g) {
            let wall = self.thermograph(o)?.right.plus_linear(-1)?;
            left_scaffold = Some(match left_scaffold {
                None => wall,
                Some(s) => s.extremum(&wall, true)?,
            });
        }
        let mut right_scaffold: Option<Trajectory> = None;
        for o in self.right_options(g) {
            let wall = self.thermograph(o)?.left.plus_linear(1)?;
            right_scaffold = Some(match right_scaffold {
                None => wall,
                Some(s) => s.extremum(&wall, false)?,
            });
        }
        let (ls, rs) = match (left_scaffold, right_scaffold) {
            (Some(l), Some(r)) => (l, r),
            // Only integers (handled above) have options on one side only.
            (l, r) => {
                let x = match (l, r) {
                    (Some(l), None) => l.value_at(minus_one)?,
                    (None, Some(r)) => r.value_at(minus_one)?,
                    _ => Dyadic::ZERO,
                };
                return Ok(Thermograph {
                    left: Trajectory::constant(x),
                    right: Trajectory::constant(x),
                    mast: x,
                    temperature: minus_one,
                });
            }
        };
        let (l0, r0) = (ls.value_at(minus_one)?, rs.value_at(minus_one)?);
        if l0 < r0 {
            // Not reached for canonical games (it would be a number of temperature −1).
            let x = Dyadic::simplest_between(Some(l0), Some(r0))?;
            return Ok(Thermograph {
                left: Trajectory::constant(x),
                right: Trajectory::constant(x),
                mast: x,
                temperature: minus_one,
            });
        }
        let tau = first_crossing(&ls, &rs)?;
        let mast = ls.value_at(tau)?;
        Ok(Thermograph {
            left: ls.truncated(tau)?,
            right: rs.truncated(tau)?,
            mast,
            temperature: tau,
        })
    }

    /// The temperature of `G` (Siegel §II.5; `−1/2^k` for a number `m/2^k`).
    ///
    /// ```
    /// use sprague_partizan::{Dyadic, GameStore};
    /// let mut store = GameStore::new();
    /// let g = store.parse("+-3").unwrap();
    /// assert_eq!(store.temperature(g).unwrap(), Dyadic::small(3));
    /// let s = store.parse("*").unwrap();
    /// assert_eq!(store.temperature(s).unwrap(), Dyadic::ZERO);
    /// ```
    pub fn temperature(&mut self, g: GameId) -> Result<Dyadic, GameError> {
        Ok(self.thermograph(g)?.temperature)
    }

    /// The mean value of `G`: the mast of its thermograph (Siegel §II.5, the
    /// Mean Value Theorem: `n·G` is within a bounded distance of `n·mean`).
    ///
    /// ```
    /// use sprague_partizan::{Dyadic, GameStore};
    /// let mut store = GameStore::new();
    /// let g = store.parse("{3|{1|-1}}").unwrap();
    /// assert_eq!(store.mean(g).unwrap(), Dyadic::new(3, 1).unwrap());
    /// ```
    pub fn mean(&mut self, g: GameId) -> Result<Dyadic, GameError> {
        Ok(self.thermograph(g)?.mast)
    }
}

/// The least `t ≥ −1` where `ls(t) ≤ rs(t)`; `ls − rs` is non-increasing.
fn first_crossing(ls: &Trajectory, rs: &Trajectory) -> Result<Dyadic, GameError> {
    let ts = ls.merged_breaks(rs);
    for (i, &a) in ts.iter().enumerate() {
        let d = ls.value_at(a)?.checked_sub(rs.value_at(a)?)?;
        if d <= Dyadic::ZERO {
            return Ok(a);
        }
        let slope = ls.slope_at(a) - rs.slope_at(a);
        if slope < 0 {
            let c = a.checked_add(divide(d, -slope)?)?;
            if ts.get(i + 1).is_none_or(|&e| c < e) {
                return Ok(c);
            }
        }
    }
    Err(GameError::Undefined(
        "the scaffolds of a thermograph never meet",
    ))
}
