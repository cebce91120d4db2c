//! Misère play of take-and-break sums through the game's misère quotient, kept
//! between calls: the face that `analyze`, `moves`, `play`, the web API and
//! Python share for `misere:GAME` when GAME is an octal or hexadecimal code.
//!
//! The misère quotient (T. E. Plambeck, "Taming the wild in impartial
//! combinatorial games", *INTEGERS* 5 (2005) #G05; T. E. Plambeck and A. N.
//! Siegel, "Misère quotients for impartial games", *J. Combin. Theory Ser. A*
//! 115 (2008)) maps every heap to an element of a finite commutative monoid
//! with a marked P-portion: a sum is a misère P-position exactly when the
//! product of its heaps' images lies in the P-portion. `sprague-misere`
//! computes the partial quotients Q_n heap by heap and proves the heap map
//! periodic; a proven map answers sums of heaps of any size at once (misère
//! Kayles with a heap of 10^12).
//!
//! Building a quotient costs from milliseconds to seconds, so a
//! [`QuotientCache`] keeps it with the game: every later call on the same game
//! object (each option valued by `moves`, each reply of `play`, the server's
//! and Python's later requests) reuses it and extends it only when a larger
//! heap is asked. Sums small enough for the exact search are not sent here:
//! [`QuotientCache::answer`] is asked only past [`EXACT_SEARCH_FIRST`]
//! positions, where the exact search costs more than the quotient.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use sprague_engine::heap_family::describe_heap_move;
use sprague_engine::{HeapFamily, Heaps, Outcome};
use sprague_misere::{
    CertificateError, MisereQuotient, Presentation, QuotientCertificate, QuotientLimits,
};
use sprague_takebreak::TakeBreak;

use crate::heap_analysis::MAX_ENUMERATED_HEAP;
use crate::playable::{ComponentReport, MoveReport, Report};

/// Sums whose exact search visits at most this many positions (an upper bound
/// from the heaps) are searched exactly: a millisecond, with no quotient to build.
/// Larger ones go through the quotient, whose partial quotients Q_n of small heaps
/// take milliseconds too and then serve every later sum (an exact search starts
/// afresh for each option that `moves` values).
pub const EXACT_SEARCH_FIRST: u128 = 2_000;

/// How many heaps a quotient is computed for while looking for its proof.
pub const QUOTIENT_HEAPS: u64 = 600;

/// How many exact outcomes one quotient step may use before the quotient is
/// given up for this game (the exact search then answers what it can).
pub const QUOTIENT_OUTCOMES: usize = 300_000;

/// The most options of one heap enumerated for its winning moves (a few milliseconds).
pub const MAX_OPTIONS_LISTED: u128 = 4_000_000;

/// The most states of one exact check of a quotient step (each step is proven).
pub const QUOTIENT_STATES: usize = 200_000;

/// The time one answer may spend extending a quotient (between heaps; a later
/// answer goes on from where it stopped).
pub const QUOTIENT_BUDGET: Duration = Duration::from_millis(1200);

/// The time an answer may spend when the sum has a heap beyond any exact search
/// (the quotient is then the only way to answer it; its construction is bounded
/// anyway by [`QUOTIENT_HEAPS`], [`QUOTIENT_OUTCOMES`] and [`QUOTIENT_STATES`]).
pub const QUOTIENT_ONLY_BUDGET: Duration = Duration::from_secs(10);

/// A game's rule with the misère quotient it keeps ([`crate::PlayableGame::misere_quotient_cache`]).
pub type KeptQuotient<'a> = (&'a TakeBreak, &'a QuotientCache);

/// A quotient as the faces keep it between runs (the command line, on disk): the
/// certificate, proven again when loaded, and the heap where its construction
/// stopped (so that a later run does not try that heap again).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredQuotient {
    /// The quotient computed so far.
    pub certificate: QuotientCertificate,
    /// The heap whose step failed, if one did.
    pub stopped_at: Option<u64>,
}

/// The answer of a sum through the quotient, with the facts a front end shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuotientReport {
    /// The outcome, components and winning moves, as every analysis reports them.
    pub report: Report,
    /// The order of the quotient used.
    pub order: usize,
    /// The sum's element, as a word in the quotient's generators (`a^2 b`).
    pub element: String,
    /// Whether the heap map is proven periodic (else the quotient holds for
    /// the heaps computed, which include every heap of the sum).
    pub proven: bool,
}

/// A take-and-break game's misère quotient, computed on first use and kept.
#[derive(Debug, Default)]
pub struct QuotientCache {
    quotient: Mutex<Option<Cached>>,
}

/// The quotient computed so far, and the heap where its construction stopped
/// (not tried again: a failing step can cost seconds).
#[derive(Debug)]
struct Cached {
    quotient: MisereQuotient<TakeBreak>,
    stopped_at: Option<u64>,
    /// Each element as a word in the generators (`a^2 b`), for the quotient as it is now:
    /// computed once (a presentation costs milliseconds; `moves` asks for every option).
    words: Option<Vec<String>>,
}

impl Cached {
    fn new(quotient: MisereQuotient<TakeBreak>, stopped_at: Option<u64>) -> Self {
        Self {
            quotient,
            stopped_at,
            words: None,
        }
    }

    /// The answer for `heaps`, with the element words computed on first use.
    fn answer(&mut self, heaps: &[u64]) -> Option<QuotientReport> {
        let quotient = &self.quotient;
        let words = self.words.get_or_insert_with(|| element_words(quotient));
        answer_with(quotient, words, heaps)
    }
}

/// Each element of the quotient as a word in its generators (the heaps that generate it).
fn element_words(quotient: &MisereQuotient<TakeBreak>) -> Vec<String> {
    let generator_images: Vec<_> = quotient
        .generators()
        .iter()
        .filter_map(|&h| quotient.image(h))
        .collect();
    Presentation::of(quotient.monoid(), &generator_images)
        .map(|p| p.words)
        .unwrap_or_default()
}

impl QuotientCache {
    /// An empty cache.
    pub fn new() -> Self {
        Self::default()
    }

    /// The misère analysis of the sum of `heaps` of `rule` through its quotient,
    /// or `None` when the quotient cannot be had for these heaps (its
    /// construction stopped before the largest heap, and no period is proven).
    ///
    /// ```
    /// use sprague_games::misere_quotient::QuotientCache;
    /// use sprague_takebreak::TakeBreak;
    /// let kayles = TakeBreak::octal("0.77").unwrap();
    /// let cache = QuotientCache::new();
    /// // Misère Kayles: the heap map is periodic, so a heap of 10^12 is answered at once
    /// // (once the quotient is proven, which may take more than one answer's budget).
    /// let long = std::time::Duration::from_secs(600);
    /// let answer = cache.answer_within(&kayles, &[1_000_000_000_000], long).unwrap();
    /// assert!(answer.proven);
    /// let small = cache.answer(&kayles, &[3]).unwrap();
    /// assert_eq!(small.report.outcome.letter(), "N");
    /// assert!(small.report.winning_moves.iter().any(|m| m.to == "1"));
    /// ```
    pub fn answer(&self, rule: &TakeBreak, heaps: &[u64]) -> Option<QuotientReport> {
        self.answer_within(rule, heaps, QUOTIENT_BUDGET)
    }

    /// The answer of the quotient computed so far, without extending it: `None` when
    /// it does not cover every heap of the sum yet (or nothing is computed).
    ///
    /// ```
    /// use sprague_games::misere_quotient::QuotientCache;
    /// use sprague_takebreak::TakeBreak;
    /// let kayles = TakeBreak::octal("0.77").unwrap();
    /// let cache = QuotientCache::new();
    /// assert!(cache.answer_computed(&[5, 6]).is_none());
    /// cache.answer(&kayles, &[6]).unwrap();
    /// assert!(cache.answer_computed(&[5, 6]).is_some());
    /// ```
    pub fn answer_computed(&self, heaps: &[u64]) -> Option<QuotientReport> {
        let mut guard = self
            .quotient
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        guard.as_mut()?.answer(heaps)
    }

    /// The quotient computed so far, to be kept between runs; `None` before any
    /// heap is computed.
    ///
    /// ```
    /// use sprague_games::misere_quotient::QuotientCache;
    /// use sprague_takebreak::TakeBreak;
    /// let kayles = TakeBreak::octal("0.77").unwrap();
    /// let cache = QuotientCache::new();
    /// assert!(cache.stored(&kayles).is_none());
    /// cache.answer(&kayles, &[6]).unwrap();
    /// let stored = cache.stored(&kayles).unwrap();
    /// // Another process loads it (proving it again) and answers at once.
    /// let later = QuotientCache::new();
    /// assert!(later.load(&kayles, stored).unwrap());
    /// assert!(later.answer_computed(&[5, 6]).is_some());
    /// ```
    pub fn stored(&self, rule: &TakeBreak) -> Option<StoredQuotient> {
        let guard = self
            .quotient
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let cached = guard.as_ref()?;
        (cached.quotient.heaps() > 0).then(|| StoredQuotient {
            certificate: cached.quotient.certificate(&rule.to_string()),
            stopped_at: cached.stopped_at,
        })
    }

    /// Loads a stored quotient of `rule` after proving it again
    /// ([`MisereQuotient::take_break_from_certificate`]); it replaces what this cache
    /// holds only when it covers more heaps (or is proven periodic). Returns whether
    /// it was taken.
    ///
    /// # Errors
    /// The [`CertificateError`] of a certificate that is not a proof for `rule`.
    pub fn load(&self, rule: &TakeBreak, stored: StoredQuotient) -> Result<bool, CertificateError> {
        let quotient = MisereQuotient::take_break_from_certificate_with_limits(
            rule.clone(),
            &rule.to_string(),
            stored.certificate,
            cache_limits(),
        )?;
        let mut guard = self
            .quotient
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let better = guard.as_ref().is_none_or(|held| {
            held.quotient.proof().is_none()
                && (quotient.proof().is_some() || quotient.heaps() > held.quotient.heaps())
        });
        if better {
            // A stop is only meaningful just past the heaps certified.
            let stopped_at = stored
                .stopped_at
                .filter(|&heap| quotient.proof().is_none() && heap == quotient.heaps() + 1);
            *guard = Some(Cached::new(quotient, stopped_at));
        }
        Ok(better)
    }

    /// [`QuotientCache::answer`], extending the quotient for at most `budget`.
    pub fn answer_within(
        &self,
        rule: &TakeBreak,
        heaps: &[u64],
        budget: Duration,
    ) -> Option<QuotientReport> {
        let mut guard = self
            .quotient
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let cached = guard.get_or_insert_with(|| {
            Cached::new(
                MisereQuotient::take_break(rule.clone()).with_limits(cache_limits()),
                None,
            )
        });
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let quotient = &mut cached.quotient;
        let heaps_before = quotient.heaps();
        let target = largest.clamp(1, QUOTIENT_HEAPS);
        let deadline = Instant::now() + budget;
        // Heap by heap within the time budget: what is computed stays for the next call.
        while quotient.proof().is_none()
            && quotient.heaps() < target
            && cached.stopped_at.is_none()
            && Instant::now() < deadline
        {
            // A failure keeps the heaps before it: they still answer smaller sums.
            if quotient.extend_to(quotient.heaps() + 1).is_err() {
                cached.stopped_at = Some(quotient.heaps() + 1);
            }
        }
        if quotient.heaps() != heaps_before {
            cached.words = None; // the monoid may have grown
        }
        cached.answer(heaps)
    }
}

/// The limits of the quotients kept here.
fn cache_limits() -> QuotientLimits {
    QuotientLimits {
        max_outcomes: QUOTIENT_OUTCOMES,
        max_states: QUOTIENT_STATES,
        ..QuotientLimits::default()
    }
}

/// The analysis of `heaps` through `quotient`, when it covers every heap.
fn answer_with(
    quotient: &MisereQuotient<TakeBreak>,
    words: &[String],
    heaps: &[u64],
) -> Option<QuotientReport> {
    let images: Vec<_> = heaps
        .iter()
        .map(|&h| quotient.image(h))
        .collect::<Option<_>>()?;
    let monoid = quotient.monoid();
    let element = images.iter().fold(0, |x, &y| monoid.mul(x, y));
    let p_position = monoid.is_p(element);
    let mut winning_moves = Vec::new();
    let mut skipped = Vec::new();
    if !p_position {
        for (index, &heap) in heaps.iter().enumerate() {
            if heaps[..index].contains(&heap) {
                continue; // an equal heap earlier has the same moves
            }
            let listable = quotient
                .family()
                .option_count_bound(heap)
                .map_or(heap <= MAX_ENUMERATED_HEAP, |bound| {
                    bound <= MAX_OPTIONS_LISTED
                });
            if !listable {
                skipped.push(heap);
                continue;
            }
            let rest = images
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != index)
                .fold(0, |x, (_, &y)| monoid.mul(x, y));
            let mut missing = false;
            quotient.family().for_each_option(heap, &mut |parts| {
                let image = parts
                    .iter()
                    .try_fold(rest, |x, &h| Some(monoid.mul(x, quotient.image(h)?)));
                match image {
                    Some(image) if monoid.is_p(image) => {
                        let to: Vec<u64> = parts.iter().copied().filter(|&h| h > 0).collect();
                        winning_moves.push(MoveReport {
                            component: Some(index),
                            description: describe_heap_move(
                                &Heaps::single(heap),
                                &Heaps::new(to.clone()),
                            ),
                            to: sum_text(heaps, index, &to),
                        });
                    }
                    Some(_) => {}
                    None => missing = true,
                }
            });
            if missing {
                return None;
            }
        }
    }
    let word = words
        .get(element as usize)
        .cloned()
        .unwrap_or_else(|| format!("element {element}"));
    let proven = quotient.proof();
    let proof = match proven {
        Some(p) => format!(
            "heap map proven periodic (period {} from heap {})",
            p.period, p.preperiod
        ),
        None => format!("quotient of heaps 1..={}", quotient.heaps()),
    };
    let mut method = format!(
        "misère quotient (Plambeck–Siegel): order {}, {proof}; the sum's element is {word}, {} the P-portion",
        monoid.order(),
        if p_position { "in" } else { "not in" }
    );
    if !skipped.is_empty() {
        let listed: Vec<String> = skipped.iter().map(u64::to_string).collect();
        method.push_str(&format!(
            "; no winning move is listed for the heaps {} (each has more than {MAX_OPTIONS_LISTED} options to enumerate)",
            listed.join(", ")
        ));
    }
    Some(QuotientReport {
        report: Report {
            outcome: if p_position { Outcome::P } else { Outcome::N },
            grundy: None,
            components: heaps
                .iter()
                .map(|h| ComponentReport {
                    position: h.to_string(),
                    grundy: None,
                })
                .collect(),
            winning_moves,
            method,
            remoteness: None,
        },
        order: monoid.order(),
        element: word,
        proven: proven.is_some(),
    })
}

/// The sum `heaps` with heap `index` replaced by `parts`, empty heaps left out
/// (`0` when nothing is left), as the exact misère analysis writes it.
fn sum_text(heaps: &[u64], index: usize, parts: &[u64]) -> String {
    let mut words: Vec<String> = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        if i == index {
            words.extend(parts.iter().map(u64::to_string));
        } else if h > 0 {
            words.push(h.to_string());
        }
    }
    if words.is_empty() {
        "0".to_string()
    } else {
        words.join(" ")
    }
}
