//! A stored quotient is re-proven on loading: an honest certificate gives back
//! the same quotient (and periodicity proof), every kind of tampering is refused.

use sprague_misere::{CertificateError, MisereQuotient, QuotientCertificate};
use sprague_takebreak::TakeBreak;

fn computed(code: &str, heaps: u64) -> (TakeBreak, MisereQuotient<TakeBreak>) {
    let rule = TakeBreak::octal(code).unwrap();
    let mut quotient = MisereQuotient::take_break(rule.clone());
    // A construction that stops keeps the heaps before the failing one.
    let _ = quotient.extend_to(heaps);
    assert!(quotient.heaps() >= 20, "{code}: {}", quotient.heaps());
    (rule, quotient)
}

fn load(
    rule: &TakeBreak,
    code: &str,
    certificate: QuotientCertificate,
) -> Result<MisereQuotient<TakeBreak>, CertificateError> {
    MisereQuotient::take_break_from_certificate(rule.clone(), code, certificate)
}

#[test]
fn an_honest_certificate_gives_back_the_quotient_and_its_proof() {
    for (code, heaps) in [("0.77", 200), ("0.07", 22), ("0.137", 22), ("4.7", 24)] {
        let (rule, quotient) = computed(code, heaps);
        let text = serde_json::to_string(&quotient.certificate(code)).unwrap();
        let certificate: QuotientCertificate = serde_json::from_str(&text).unwrap();
        let again = load(&rule, code, certificate).unwrap();
        assert_eq!(again.monoid(), quotient.monoid(), "{code}");
        assert_eq!(again.heaps(), quotient.heaps(), "{code}");
        assert_eq!(again.proof(), quotient.proof(), "{code}");
        assert_eq!(again.growth(), quotient.growth(), "{code}");
        for heap in 0..=quotient.heaps() {
            assert_eq!(
                again.image(heap),
                quotient.image(heap),
                "{code} heap {heap}"
            );
        }
    }
    // Misère Kayles is proven periodic; the loaded copy proves it again.
    let (rule, quotient) = computed("0.77", 200);
    let again = load(&rule, "0.77", quotient.certificate("0.77")).unwrap();
    assert!(again.proof().is_some());
    assert_eq!(
        again.image(1_000_000_000_000),
        quotient.image(1_000_000_000_000)
    );
}

#[test]
fn tampered_certificates_are_refused() {
    let (rule, quotient) = computed("0.77", 30);
    let honest = quotient.certificate("0.77");
    // Another game's name.
    assert!(matches!(
        load(&rule, "0.07", honest.clone()),
        Err(CertificateError::OtherFamily { .. })
    ));
    // The right name but another game's rules: the exact check fails.
    let dawson = TakeBreak::octal("0.07").unwrap();
    let mut renamed = honest.clone();
    renamed.family = "0.07".to_string();
    assert!(load(&dawson, "0.07", renamed).is_err());
    // Each P-portion element removed, and each other element added.
    let order = quotient.monoid().order() as u32;
    for x in 0..order {
        let mut changed = honest.clone();
        if let Some(at) = changed.p_portion.iter().position(|&y| y == x) {
            changed.p_portion.remove(at);
        } else {
            changed.p_portion.push(x);
        }
        assert!(
            load(&rule, "0.77", changed).is_err(),
            "P-portion changed at {x}"
        );
    }
    // Each heap's image changed to every other element: refused, or (when the
    // change is an automorphism of the monoid fixing the other heaps' images)
    // still predicting exactly the outcomes the honest quotient proves.
    let mut refused = 0;
    for heap in 1..honest.heap_map.len() {
        for x in 0..order {
            if x == honest.heap_map[heap] {
                continue;
            }
            let mut changed = honest.clone();
            changed.heap_map[heap] = x;
            match load(&rule, "0.77", changed) {
                Err(_) => refused += 1,
                Ok(accepted) => assert_same_outcomes(&quotient, &accepted),
            }
        }
    }
    assert!(refused > 0);
    // A table that is not a monoid, or of the wrong size.
    let mut broken = honest.clone();
    broken.table[order as usize + 2] = (broken.table[order as usize + 2] + 1) % order;
    assert!(load(&rule, "0.77", broken).is_err());
    let mut short = honest.clone();
    short.table.pop();
    assert!(matches!(
        load(&rule, "0.77", short),
        Err(CertificateError::NotAMonoid { .. })
    ));
    let mut outside = honest.clone();
    outside.heap_map[3] = order + 5;
    assert!(matches!(
        load(&rule, "0.77", outside),
        Err(CertificateError::NotAMonoid { .. })
    ));
    // A heap map too long to re-prove quickly (a tampered file) is refused before any work.
    let mut long = honest.clone();
    long.heap_map.resize(5000, 0);
    assert!(matches!(
        load(&rule, "0.77", long),
        Err(CertificateError::TooManyHeaps { heaps: 4999 })
    ));
    // A growth history that does not end at the order.
    let mut growth = honest;
    growth.growth.pop();
    assert!(matches!(
        load(&rule, "0.77", growth),
        Err(CertificateError::Growth)
    ));
}

/// The misère outcome of every sum of at most three heaps of 1..=30, as two quotients predict it.
fn assert_same_outcomes(a: &MisereQuotient<TakeBreak>, b: &MisereQuotient<TakeBreak>) {
    for x in 1..=30u64 {
        for y in x..=30 {
            for z in y..=30 {
                for sum in [vec![x], vec![x, y], vec![x, y, z]] {
                    let p = |q: &MisereQuotient<TakeBreak>| {
                        q.monoid().is_p(q.image_of_sum(&sum).unwrap())
                    };
                    assert_eq!(p(a), p(b), "{sum:?}");
                }
            }
        }
    }
}
