//! Zero-determinant strategies (W. H. Press and F. J. Dyson, "Iterated
//! prisoner's dilemma contains strategies that dominate any evolutionary
//! opponent", PNAS 109, 2012), in the linear-relation parametrisation of
//! C. Hilbe, M. A. Nowak and K. Sigmund ("Evolution of extortion in iterated
//! prisoner's dilemma games", PNAS 110, 2013, eq. 14) that the Axelrod
//! library's `zero_determinant.py` (`LRPlayer`) uses: a memory-one strategy
//! enforcing s·(S_X − l) = S_Y − l between the two players' long-run payoffs,
//! with the four-vector
//!
//! p₁ = 1 − φ(1 − s)(R − l), p₂ = 1 − φ(s(l − S) + (T − l)),
//! p₃ = φ((l − S) + s(T − l)), p₄ = φ(1 − s)(l − P),
//!
//! computed from the match's payoffs. The pair (l, s) must satisfy
//! P ≤ l ≤ R and −min((T − l)/(l − S), (l − S)/(T − l)) ≤ s ≤ 1, and the four
//! probabilities must lie in [0, 1]; otherwise the parameters are refused.

use super::{boxed, cooperate_with, Strategy, StrategyInfo, View};
use crate::ipd::{Action, IpdError, Payoffs};
use sprague_strategic::seeded::SeededRng;

/// The baseline payoff l: a number, or one of the stage payoffs (the
/// library's ZDExtort2 takes l = P and ZDGTFT2 l = R of the match's game).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Baseline {
    /// A fixed number.
    Fixed(f64),
    /// The punishment payoff P.
    Punishment,
    /// The reward R.
    Reward,
}

/// The parameters (φ, s, l) of a zero-determinant strategy.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ZdParameters {
    /// The scale φ.
    pub phi: f64,
    /// The slope s (the extortion factor χ is 1/s).
    pub s: f64,
    /// The baseline payoff l.
    pub l: Baseline,
}

impl ZdParameters {
    /// The four-vector (P(C|CC), P(C|CD), P(C|DC), P(C|DD)) under `payoffs`,
    /// or why there is none.
    ///
    /// ```
    /// use sprague_repeated::ipd::strategies::zero_determinant::{Baseline, ZdParameters};
    /// use sprague_repeated::ipd::Payoffs;
    /// // Stewart and Plotkin's Extort-2: φ = 1/9, s = 1/2, l = P.
    /// let extort2 = ZdParameters { phi: 1.0 / 9.0, s: 0.5, l: Baseline::Punishment };
    /// let p = extort2.four_vector(&Payoffs::default()).unwrap();
    /// assert!((p[0] - 8.0 / 9.0).abs() < 1e-12 && (p[1] - 0.5).abs() < 1e-12);
    /// assert!((p[2] - 1.0 / 3.0).abs() < 1e-12 && p[3] == 0.0);
    /// let too_steep = ZdParameters { phi: 0.1, s: 2.0, l: Baseline::Fixed(1.0) };
    /// assert!(too_steep.four_vector(&Payoffs::default()).is_err());
    /// ```
    pub fn four_vector(&self, payoffs: &Payoffs) -> Result<[f64; 4], IpdError> {
        let Payoffs { r, s: sucker, t, p } = *payoffs;
        let (phi, s) = (self.phi, self.s);
        let l = match self.l {
            Baseline::Fixed(l) => l,
            Baseline::Punishment => p,
            Baseline::Reward => r,
        };
        let refuse = |why: String| {
            Err(IpdError::Parameter(format!(
                "the zero-determinant parameters phi={phi}, s={s}, l={l} give no strategy with the payoffs R={r}, S={sucker}, T={t}, P={p}: {why}"
            )))
        };
        if ![phi, s, l].iter().all(|x| x.is_finite()) {
            return refuse("all three must be finite numbers".into());
        }
        if l < p || l > r {
            return refuse("the baseline l must lie between P and R".into());
        }
        if l == sucker || l == t {
            return refuse("the baseline l must differ from S and T".into());
        }
        let s_min = -((t - l) / (l - sucker)).min((l - sucker) / (t - l));
        if s > 1.0 || s < s_min {
            return refuse(format!("the slope s must lie between {s_min} and 1"));
        }
        let vector = [
            1.0 - phi * (1.0 - s) * (r - l),
            1.0 - phi * (s * (l - sucker) + (t - l)),
            phi * ((l - sucker) + s * (t - l)),
            phi * (1.0 - s) * (l - p),
        ];
        if let Some(bad) = vector.iter().find(|x| !(0.0..=1.0).contains(*x)) {
            return refuse(format!("a probability of the four-vector, {bad}, is not between 0 and 1 (make phi smaller)"));
        }
        Ok(vector)
    }
}

/// A zero-determinant player: its four-vector is computed from the payoffs
/// of the match on its first move; C first.
pub(crate) struct ZeroDeterminant {
    parameters: ZdParameters,
    four_vector: Option<[f64; 4]>,
}

impl ZeroDeterminant {
    pub(crate) fn new(parameters: ZdParameters) -> Self {
        ZeroDeterminant {
            parameters,
            four_vector: None,
        }
    }
}

impl Strategy for ZeroDeterminant {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        let parameters = self.parameters;
        // Checked by the faces before a match (Player::check_payoffs); a
        // vector that is still invalid plays tit for tat's (1, 0, 1, 0).
        let vector = *self.four_vector.get_or_insert_with(|| {
            parameters
                .four_vector(view.payoffs)
                .unwrap_or([1.0, 0.0, 1.0, 0.0])
        });
        match (view.own.last(), view.opponent.last()) {
            (Some(&own), Some(&opponent)) => {
                let index = 2 * usize::from(own == Action::D) + usize::from(opponent == Action::D);
                cooperate_with(vector[index], rng)
            }
            _ => Action::C,
        }
    }
}

macro_rules! zd {
    ($phi:expr, $s:expr, $l:expr) => {
        || {
            boxed(ZeroDeterminant::new(ZdParameters {
                phi: $phi,
                s: $s,
                l: $l,
            }))
        }
    };
}

/// The library's nine zero-determinant strategies (`zero_determinant.py`).
#[rustfmt::skip]
pub(super) static ZERO_DETERMINANT: &[StrategyInfo] = &[
    entry!("ZDExtortion", "ZD-Extortion", [], true,
        "Zero-determinant strategy with phi = 0.2, s = 0.1, l = 1 (Roemheld 2013; Hilbe et al. 2013 eq. 14; library zero_determinant.py).",
        zd!(0.2, 0.1, Baseline::Fixed(1.0))),
    entry!("ZDExtort2", "ZD-Extort-2", ["Extort2"], true,
        "Extortionate zero-determinant strategy with phi = 1/9, s = 1/2, l = P: four-vector (8/9, 1/2, 1/3, 0) with the default payoffs (Stewart–Plotkin 2012).",
        zd!(1.0 / 9.0, 0.5, Baseline::Punishment)),
    entry!("ZDExtort2v2", "ZD-Extort-2 v2", [], true,
        "Extortionate zero-determinant strategy with phi = 1/8, s = 1/2, l = 1 (Kuhn 2017, EXTORT2).",
        zd!(1.0 / 8.0, 0.5, Baseline::Fixed(1.0))),
    entry!("ZDExtort3", "ZD-Extort3", [], true,
        "Extortionate zero-determinant strategy with extortion factor 3: phi = 3/26, s = 1/3, l = 1 (Press–Dyson 2012).",
        zd!(3.0 / 26.0, 1.0 / 3.0, Baseline::Fixed(1.0))),
    entry!("ZDExtort4", "ZD-Extort-4", [], true,
        "Extortionate zero-determinant strategy with phi = 4/17, s = 1/4, l = 1 (Marc Harper, library zero_determinant.py).",
        zd!(4.0 / 17.0, 0.25, Baseline::Fixed(1.0))),
    entry!("ZDGen2", "ZD-GEN-2", [], true,
        "Generous zero-determinant strategy with phi = 1/8, s = 1/2, l = 3 (Kuhn 2017, GEN2).",
        zd!(1.0 / 8.0, 0.5, Baseline::Fixed(3.0))),
    entry!("ZDGTFT2", "ZD-GTFT-2", ["ZDGTFT"], true,
        "Generous zero-determinant strategy with phi = 1/4, s = 1/2, l = R: four-vector (1, 1/8, 1, 1/4) with the default payoffs (Stewart–Plotkin 2012).",
        zd!(0.25, 0.5, Baseline::Reward)),
    entry!("ZDMischief", "ZD-Mischief", [], true,
        "Zero-determinant strategy with phi = 0.1, s = 0, l = 1 (Roemheld 2013).",
        zd!(0.1, 0.0, Baseline::Fixed(1.0))),
    entry!("ZDSet2", "ZD-SET-2", [], true,
        "Equaliser zero-determinant strategy with phi = 1/4, s = 0, l = 2 (Kuhn 2017, SET2).",
        zd!(0.25, 0.0, Baseline::Fixed(2.0))),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn published_four_vectors() {
        let payoffs = Payoffs::default();
        // Stewart and Plotkin (PNAS 109, 2012): ZDGTFT-2 is (1, 1/8, 1, 1/4).
        let gtft2 = ZdParameters {
            phi: 0.25,
            s: 0.5,
            l: Baseline::Reward,
        };
        let p = gtft2.four_vector(&payoffs).unwrap();
        for (got, want) in p.iter().zip([1.0, 0.125, 1.0, 0.25]) {
            assert!((got - want).abs() < 1e-12, "{p:?}");
        }
        // Press and Dyson's extortion factor 3 (their eq. 16 with χ = 3, φ max):
        // (11/13, 1/2, 7/26, 0).
        let extort3 = ZdParameters {
            phi: 3.0 / 26.0,
            s: 1.0 / 3.0,
            l: Baseline::Fixed(1.0),
        };
        let p = extort3.four_vector(&payoffs).unwrap();
        for (got, want) in p.iter().zip([11.0 / 13.0, 0.5, 7.0 / 26.0, 0.0]) {
            assert!((got - want).abs() < 1e-12, "{p:?}");
        }
    }

    #[test]
    fn invalid_parameters_are_refused_in_one_sentence() {
        let payoffs = Payoffs::default();
        for (phi, s, l) in [
            (0.1, 0.5, 0.5),
            (0.1, 0.5, 4.0),
            (0.1, -5.0, 1.0),
            (2.0, 0.5, 1.0),
        ] {
            let message = ZdParameters {
                phi,
                s,
                l: Baseline::Fixed(l),
            }
            .four_vector(&payoffs)
            .unwrap_err()
            .to_string();
            assert!(
                message.starts_with("the zero-determinant parameters"),
                "{message}"
            );
            assert!(!message.contains('\n'));
        }
    }
}
