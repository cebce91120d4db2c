//! A computed misère quotient as plain data, and its proof again on loading.
//!
//! Building a quotient heap by heap (see [`crate::quotient`]) costs up to
//! seconds, because each step searches exact outcomes before a candidate
//! monoid can be checked. *Checking* a finished quotient is cheap: by
//! Plambeck–Siegel 2008 (*J. Combin. Theory Ser. A* 115, §3–4) a surjective map
//! of the heaps 1..=N onto a **reduced** bipartite monoid that **predicts every
//! misère outcome** is the partial quotient Q_N, and [`crate::verify::check`]
//! decides the prediction on a finite automaton (for misère Kayles, 1,417
//! states). A [`QuotientCertificate`] holds the multiplication table, the
//! P-portion and the heap map; [`MisereQuotient::from_certificate`] accepts it
//! only after checking, from the heap family's own rules, that the table is a
//! commutative monoid with identity 0 (associativity on every triple), that it
//! is reduced, that the heap map is onto it, and that it predicts every
//! outcome; the periodicity proof is then looked for afresh on the heap map.
//! So a stored quotient (the command line keeps them on disk between runs) is
//! never trusted, only re-proven, which takes milliseconds.
//!
//! The order growth recorded with a certificate is the history of the
//! construction (at which heaps the order grew); it is checked for consistency
//! (increasing heaps, ending at the certificate's order) but is not an answer.

use serde::{Deserialize, Serialize};
use sprague_engine::HeapFamily;
use thiserror::Error;

use crate::monoid::{BipartiteMonoid, Element};
use crate::quotient::{MisereQuotient, QuotientLimits};

/// The largest order a certificate may have (its associativity check costs
/// order³ multiplications: 134 million at this order, a tenth of a second).
pub const MAX_CERTIFIED_ORDER: usize = 512;

/// The most heaps a certificate may map (re-proving it lists every option of every heap;
/// the quotients kept by the front ends stop at 600 heaps).
pub const MAX_CERTIFIED_HEAPS: usize = 1024;

/// A computed quotient as data: serialise it with serde, prove it again with
/// [`MisereQuotient::from_certificate`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuotientCertificate {
    /// The heap family, as its caller names it (an octal code, say): checked
    /// against the name the loader expects.
    pub family: String,
    /// The multiplication table, row-major, `order²` entries, identity 0.
    pub table: Vec<Element>,
    /// The P-portion.
    pub p_portion: Vec<Element>,
    /// Φ(h) for the heaps 0..=N.
    pub heap_map: Vec<Element>,
    /// Each heap at which the order grew, with the order after it.
    pub growth: Vec<(u64, usize)>,
}

/// Why a certificate was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CertificateError {
    /// The certificate names another heap family.
    #[error("the certificate is for {found}, not {expected}")]
    OtherFamily {
        /// The family expected.
        expected: String,
        /// The family named.
        found: String,
    },
    /// The table is not a commutative monoid with identity 0, or sizes disagree.
    #[error("the certificate's table is not a commutative monoid with identity 0: {reason}")]
    NotAMonoid {
        /// What is wrong.
        reason: String,
    },
    /// The monoid is too large to be checked quickly.
    #[error("the certificate's monoid has order {order}, past {MAX_CERTIFIED_ORDER}")]
    TooLarge {
        /// Its order.
        order: usize,
    },
    /// Two elements no test tells apart.
    #[error("the certificate's monoid is not reduced")]
    NotReduced,
    /// Some element is the image of no sum of heaps.
    #[error("the certificate's heap map is not onto its monoid")]
    NotOnto,
    /// The exact check failed.
    #[error("the certificate does not predict every misère outcome: {0}")]
    Check(String),
    /// The heap map is longer than [`MAX_CERTIFIED_HEAPS`].
    #[error("the certificate maps {heaps} heaps, past {MAX_CERTIFIED_HEAPS}")]
    TooManyHeaps {
        /// Its heaps.
        heaps: usize,
    },
    /// The order growth is not a history ending at the certificate's order.
    #[error("the certificate's order growth is inconsistent")]
    Growth,
}

impl<F: HeapFamily> MisereQuotient<F> {
    /// This quotient as a certificate for the family named `family`.
    ///
    /// ```
    /// use sprague_misere::MisereQuotient;
    /// use sprague_takebreak::TakeBreak;
    /// let kayles = TakeBreak::octal("0.77").unwrap();
    /// let mut q = MisereQuotient::take_break(kayles.clone());
    /// q.extend_to(12).unwrap();
    /// let certificate = q.certificate("0.77");
    /// let again = MisereQuotient::take_break_from_certificate(kayles, "0.77", certificate).unwrap();
    /// assert_eq!(again.monoid(), q.monoid());
    /// assert_eq!(again.heaps(), 12);
    /// ```
    pub fn certificate(&self, family: &str) -> QuotientCertificate {
        let monoid = self.monoid();
        let order = monoid.order() as Element;
        QuotientCertificate {
            family: family.to_string(),
            table: (0..order)
                .flat_map(|x| (0..order).map(move |y| monoid.mul(x, y)))
                .collect(),
            p_portion: monoid.p_portion(),
            heap_map: (0..=self.heaps())
                .filter_map(|heap| self.image(heap))
                .collect(),
            growth: self.growth().to_vec(),
        }
    }

    /// The quotient of `certificate`, proven again for `family` (named `name`)
    /// before it is accepted; no periodicity shape, so no periodicity proof
    /// (see [`MisereQuotient::take_break_from_certificate`] for octal games).
    ///
    /// # Errors
    /// A [`CertificateError`] saying which check failed.
    pub fn from_certificate(
        family: F,
        name: &str,
        certificate: QuotientCertificate,
        limits: QuotientLimits,
    ) -> Result<Self, CertificateError> {
        if certificate.family != name {
            return Err(CertificateError::OtherFamily {
                expected: name.to_string(),
                found: certificate.family,
            });
        }
        let heaps = certificate.heap_map.len().saturating_sub(1);
        if heaps > MAX_CERTIFIED_HEAPS {
            return Err(CertificateError::TooManyHeaps { heaps });
        }
        let monoid = checked_monoid(&certificate)?;
        check_growth(&certificate.growth, monoid.order(), &certificate.heap_map)?;
        MisereQuotient::from_proven_parts(
            family,
            monoid,
            certificate.heap_map,
            certificate.growth,
            limits,
        )
    }
}

impl MisereQuotient<sprague_takebreak::TakeBreak> {
    /// [`MisereQuotient::from_certificate`] for an octal or hexadecimal game, whose
    /// periodicity proof is then looked for on the certified heap map.
    ///
    /// # Errors
    /// As [`MisereQuotient::from_certificate`].
    pub fn take_break_from_certificate(
        rule: sprague_takebreak::TakeBreak,
        name: &str,
        certificate: QuotientCertificate,
    ) -> Result<Self, CertificateError> {
        Self::take_break_from_certificate_with_limits(
            rule,
            name,
            certificate,
            QuotientLimits::default(),
        )
    }

    /// The same, with the limits later extensions use.
    ///
    /// # Errors
    /// As [`MisereQuotient::from_certificate`].
    pub fn take_break_from_certificate_with_limits(
        rule: sprague_takebreak::TakeBreak,
        name: &str,
        certificate: QuotientCertificate,
        limits: QuotientLimits,
    ) -> Result<Self, CertificateError> {
        let shape = Self::take_break(rule.clone()).shape();
        let mut quotient = Self::from_certificate(rule, name, certificate, limits)?;
        quotient.set_shape_and_prove(shape);
        Ok(quotient)
    }
}

/// The certificate's table as a bipartite monoid, checked: sizes, identity,
/// commutativity ([`BipartiteMonoid::new`]), associativity, reducedness.
fn checked_monoid(certificate: &QuotientCertificate) -> Result<BipartiteMonoid, CertificateError> {
    let order = certificate.table.len().isqrt();
    if order * order != certificate.table.len() || order == 0 {
        return Err(CertificateError::NotAMonoid {
            reason: format!("{} entries is not a square", certificate.table.len()),
        });
    }
    if order > MAX_CERTIFIED_ORDER {
        return Err(CertificateError::TooLarge { order });
    }
    let mut p = vec![false; order];
    for &x in &certificate.p_portion {
        let slot = p
            .get_mut(x as usize)
            .ok_or_else(|| CertificateError::NotAMonoid {
                reason: format!("P-portion element {x} is not in the monoid"),
            })?;
        *slot = true;
    }
    let monoid = BipartiteMonoid::new(certificate.table.clone(), p).ok_or_else(|| {
        CertificateError::NotAMonoid {
            reason: "entries out of range, 0 not the identity, or not commutative".to_string(),
        }
    })?;
    if !monoid.is_associative() {
        return Err(CertificateError::NotAMonoid {
            reason: "not associative".to_string(),
        });
    }
    if !monoid.is_reduced() {
        return Err(CertificateError::NotReduced);
    }
    if certificate
        .heap_map
        .iter()
        .any(|&x| x as usize >= monoid.order())
        || certificate.heap_map.first() != Some(&0)
    {
        return Err(CertificateError::NotAMonoid {
            reason: "the heap map leaves the monoid or heap 0 is not the identity".to_string(),
        });
    }
    Ok(monoid)
}

/// Heaps strictly increasing within the heap map, orders increasing, the last
/// the monoid's order.
fn check_growth(
    growth: &[(u64, usize)],
    order: usize,
    heap_map: &[Element],
) -> Result<(), CertificateError> {
    let increasing = growth
        .windows(2)
        .all(|pair| pair[0].0 < pair[1].0 && pair[0].1 < pair[1].1);
    let inside = growth
        .iter()
        .all(|&(heap, _)| (heap as usize) < heap_map.len());
    let ends = growth.last().is_some_and(|&(_, last)| last == order);
    if increasing && inside && ends {
        Ok(())
    } else {
        Err(CertificateError::Growth)
    }
}
