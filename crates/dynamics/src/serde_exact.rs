//! Serialising exact rationals as the project's exact text (`"p/q"` or
//! `"p"`, see [`sprague_strategic::exact_text`]) in the JSON records.

use num_rational::BigRational;
use serde::ser::SerializeSeq;
use serde::Serializer;
use sprague_strategic::exact_text::format_rational;

/// One rational as exact text.
pub(crate) fn rational<S: Serializer>(value: &BigRational, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&format_rational(value))
}

/// A list of rationals as exact texts.
pub(crate) fn rationals<S: Serializer>(values: &[BigRational], s: S) -> Result<S::Ok, S::Error> {
    let mut seq = s.serialize_seq(Some(values.len()))?;
    for v in values {
        seq.serialize_element(&format_rational(v))?;
    }
    seq.end()
}

/// A list of lists of rationals as exact texts.
pub(crate) fn rational_rows<S: Serializer>(
    rows: &[Vec<BigRational>],
    s: S,
) -> Result<S::Ok, S::Error> {
    let texts: Vec<Vec<String>> = rows
        .iter()
        .map(|r| r.iter().map(format_rational).collect())
        .collect();
    serde::Serialize::serialize(&texts, s)
}
