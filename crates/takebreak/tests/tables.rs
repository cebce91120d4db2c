//! Surveys against the published tables of octal games: periods, preperiods
//! and which games are equivalent up to a shift of heap sizes. Every value is
//! written next to its source. Sources:
//!
//! - OEIS: the entries of N. J. A. Sloane, S. Pope, C. G. Bower and E. M. Schmidt
//!   (after *Winning Ways*, ch. 4, and A. Flammenkamp's tables). "Last exception
//!   at n" there is our preperiod minus one; "game X has values a(n − k)" is our
//!   shift k (g_X(n + k) = a(n)).
//! - T. Czajka, *octal-games* (GitHub tczajka/octal-games): `SolvedGames.md`
//!   (prefix = our preperiod) and `GameLookup.md` (the game locator: each code
//!   sent to its equivalent, "-" for none; "4" is the game 4.0). Its README
//!   corrects *Winning Ways*' locator (.27 goes to .26, not .06; .314 is not .31)
//!   and Flammenkamp's tables (.161 is not .36: they first differ at heap 519).

use std::time::Duration;

use sprague_takebreak::equivalence::Evidence;
use sprague_takebreak::survey::{codes, survey_codes, SurveyRow, Verdict};

fn survey_of(codes: &[&str], budget: u64) -> Vec<SurveyRow> {
    let codes: Vec<String> = codes.iter().map(|code| code.to_string()).collect();
    survey_codes(&codes, budget, Duration::from_secs(120), 2).expect("valid codes")
}

fn row<'a>(rows: &'a [SurveyRow], code: &str) -> &'a SurveyRow {
    rows.iter()
        .find(|row| row.code == code)
        .unwrap_or_else(|| panic!("{code} is surveyed"))
}

/// (representative, shift, proven) of a game's group; itself for a representative.
fn group(rows: &[SurveyRow], code: &str) -> (String, u64, bool) {
    let row = row(rows, code);
    match &row.equivalent_to {
        Some(found) => (
            found.code.clone(),
            found.shift,
            found.evidence == Evidence::Proven,
        ),
        None => (row.code.clone(), 0, true),
    }
}

fn proven_period(rows: &[SurveyRow], code: &str) -> (u64, u64) {
    let row = row(rows, code);
    assert_eq!(row.verdict, Verdict::Periodic, "{code}");
    (
        row.preperiod.expect("proven preperiod"),
        row.period.expect("proven period"),
    )
}

/// (code, preperiod, period), each with its source.
const OEIS_PERIODS: [(&str, u64, u64); 9] = [
    // A002187 (Dawson's chess, .137): period 34, "the only exceptions at n = 0, 14,
    // 16, 17, 31, 34 and 51"; .07 has values a(n − 1), so its last exception is at 52.
    ("0.137", 52, 34),
    ("0.07", 53, 34),
    // Kayles (A002186; Guy & Smith 1956; Winning Ways p. 91): period 12, last exception at 70.
    ("0.77", 71, 12),
    // A071434 (.1377): period 24, last exception at n = 140.
    ("0.1377", 141, 24),
    // A071435 (.177): period 20, last exception at n = 496.
    ("0.177", 497, 20),
    // A071453 (.117): period 48, "the only exceptions are n = 2, 6, …, 36 and 46".
    ("0.117", 47, 48),
    // A125920 (.176): period 8, last exception at n = 23.
    ("0.176", 24, 8),
    // A125912 (.141): period 11, last exception at n = 13.
    ("0.141", 14, 11),
    // A125829 (.115): period 14, "the only exception is at n = 0".
    ("0.115", 1, 14),
];

/// SolvedGames.md: .156 prefix 3479 period 349 (J. Kenyon, 1967); .356 7315 / 142,
/// .644 3256 / 442, .165 5181 / 1550 (R. Austin, 1976); .45 498 / 20.
const CZAJKA_PERIODS: [(&str, u64, u64); 5] = [
    ("0.156", 3479, 349),
    ("0.356", 7315, 142),
    ("0.644", 3256, 442),
    ("0.165", 5181, 1550),
    ("0.45", 498, 20),
];

/// Surveys the codes of `table` within `budget` values each and checks their periods.
fn assert_periods(table: &[(&str, u64, u64)], budget: u64) {
    let codes: Vec<&str> = table.iter().map(|&(code, _, _)| code).collect();
    let rows = survey_of(&codes, budget);
    for &(code, preperiod, period) in table {
        assert_eq!(proven_period(&rows, code), (preperiod, period), "{code}");
    }
}

#[test]
fn periods_of_the_oeis_entries() {
    assert_periods(&OEIS_PERIODS, 1 << 12);
}

#[test]
fn periods_of_czajkas_solved_games() {
    assert_periods(&CZAJKA_PERIODS, 1 << 15);
}

#[test]
#[ignore = "0.16 needs about 600,000 values and 0.127 about 95,000: run with --release --ignored"]
fn periods_of_gangolli_and_plambeck() {
    // SolvedGames.md (A. Gangolli & T. Plambeck, Int. J. Game Theory 18, 1989):
    // .16 prefix 105351 period 149459; .127 46578 / 4 (also OEIS A071464: last
    // exception at n = 46577).
    assert_periods(&[("0.16", 105_351, 149_459), ("0.127", 46_578, 4)], 1 << 20);
}

/// Asserts that every game of `members` is `representative` shifted by the given
/// number of heaps, proven.
fn assert_shifted(rows: &[SurveyRow], representative: &str, members: &[(&str, u64)]) {
    assert_eq!(
        group(rows, representative),
        (representative.to_string(), 0, true)
    );
    for &(code, shift) in members {
        assert_eq!(
            group(rows, code),
            (representative.to_string(), shift, true),
            "{code}"
        );
    }
}

#[test]
fn dawsons_kayles_is_dawsons_chess_shifted() {
    // A002187 (.137): ".07 has values a(n−1); .4, .401, .402, .403, .42, .421, .422
    // and .423 have values a(n−2)".
    let rows = survey_of(
        &[
            "0.4", "0.401", "0.402", "0.403", "0.42", "0.421", "0.422", "0.423", "0.07", "0.137",
        ],
        1 << 12,
    );
    let mut members = vec![("0.07", 1)];
    members.extend(
        [
            "0.4", "0.401", "0.402", "0.403", "0.42", "0.421", "0.422", "0.423",
        ]
        .map(|code| (code, 2)),
    );
    assert_shifted(&rows, "0.137", &members);
}

#[test]
fn shifted_families_of_the_oeis() {
    // A071434 (.1377): ".074–.077 have values a(n−1); .440–.443 and .460–.463 a(n−2)".
    // A071435 (.177): ".450–.453 and .470–.473 have values a(n−1)".
    // A002186 (Kayles, .77 and .771): "4.4, 4.41, 4.42, 4.43, 4.6, 4.61, 4.62 and
    // 4.63 have values a(n−1)". A071453 (.117): ".051 and .053 have values a(n−1)".
    let mut codes = vec![
        "0.1377", "0.177", "0.77", "0.771", "0.117", "0.051", "0.053",
    ];
    let ones = [
        "0.074", "0.075", "0.076", "0.077", "0.45", "0.451", "0.452", "0.453", "0.47", "0.471",
        "0.472", "0.473", "4.4", "4.41", "4.42", "4.43", "4.6", "4.61", "4.62", "4.63",
    ];
    let twos = [
        "0.44", "0.441", "0.442", "0.443", "0.46", "0.461", "0.462", "0.463",
    ];
    codes.extend(ones);
    codes.extend(twos);
    let rows = survey_of(&codes, 1 << 12);
    let of = |members: &[&str], shift: u64| -> Vec<(String, u64)> {
        members
            .iter()
            .map(|code| (code.to_string(), shift))
            .collect()
    };
    let check = |representative: &str, members: Vec<(String, u64)>| {
        let members: Vec<(&str, u64)> = members
            .iter()
            .map(|(code, shift)| (code.as_str(), *shift))
            .collect();
        assert_shifted(&rows, representative, &members);
    };
    let mut dawson_pairs = of(&ones[..4], 1);
    dawson_pairs.extend(of(&twos, 2));
    check("0.1377", dawson_pairs);
    check("0.177", of(&ones[4..12], 1));
    let mut kayles = of(&ones[12..], 1);
    kayles.push(("0.771".to_string(), 0));
    check("0.77", kayles);
    check("0.117", of(&["0.051", "0.053"], 1));
}

/// T. Czajka, `GameLookup.md`, rows ".x" and ".0x" to ".7x": the classes of the
/// two-digit codes with more than one member ("4" is 4.0). Every other
/// two-digit code is alone in its class.
const TWO_DIGIT_CLASSES: [&[&str]; 12] = [
    &["0.1", "0.01"],
    &["0.02", "0.03", "0.13"],
    &[
        "4.0", "0.2", "0.3", "0.5", "0.7", "0.05", "0.21", "0.24", "0.25",
    ],
    &["0.4", "0.07", "0.42"],
    &["0.17", "0.41", "0.43"],
    &["0.22", "0.23", "0.33"],
    &["0.26", "0.27", "0.73"],
    &["0.6", "0.37", "0.61", "0.62", "0.63"],
    &["0.44", "0.46"],
    &["0.45", "0.47"],
    &["0.51", "0.55"],
    &["0.64", "0.65", "0.66", "0.67"],
];

#[test]
fn two_digit_survey_reproduces_czajkas_game_locator() {
    let mut all = codes("0.??").expect("a pattern");
    all.push("4.0".to_string());
    let rows = survey_codes(&all, 2048, Duration::from_secs(120), 2).expect("valid codes");
    let class = |code: &str| {
        TWO_DIGIT_CLASSES
            .iter()
            .position(|class| class.contains(&code))
    };
    for first in &rows {
        for second in &rows {
            let published = match (class(&first.code), class(&second.code)) {
                (Some(a), Some(b)) => a == b,
                _ => first.code == second.code,
            };
            let computed = group(&rows, &first.code).0 == group(&rows, &second.code).0;
            assert_eq!(computed, published, "{} and {}", first.code, second.code);
        }
    }
}

#[test]
fn corrections_to_the_published_locators() {
    // Czajka's README: Winning Ways' locator should send .27 to .26 (not .06) and
    // should not send .314 to .31.
    let rows = survey_of(&["0.26", "0.27", "0.06", "0.31", "0.314"], 2048);
    assert_eq!(group(&rows, "0.27").0, group(&rows, "0.26").0);
    assert_ne!(group(&rows, "0.27").0, group(&rows, "0.06").0);
    assert_ne!(group(&rows, "0.314").0, group(&rows, "0.31").0);
}

#[test]
fn an_unsolved_pair_agrees_only_until_it_differs() {
    // Czajka's README: Flammenkamp's tables send .161 to .36, but they first
    // differ at heap 519. Up to heap 500 they agree on the computed range (and
    // say no more); up to heap 1023 they are not grouped.
    let short = survey_of(&["0.36", "0.161"], 500);
    let joined = row(&short, "0.161")
        .equivalent_to
        .clone()
        .expect("grouped up to heap 500");
    assert_eq!(
        (joined.code.as_str(), joined.evidence),
        ("0.36", Evidence::ComputedRange)
    );
    let long = survey_of(&["0.36", "0.161"], 1023);
    assert_eq!(row(&long, "0.161").equivalent_to, None);
}
