//! Position words as JSON: a position's components are words of the command line (`"3"`,
//! `"2x3"`, `"THHT"`), and a client that holds heap sizes as numbers may send them as JSON
//! numbers. A whole number is the word of its decimal digits (`[3, 4, 5]` is
//! `["3", "4", "5"]`); fractions, booleans, `null`, arrays and objects are refused with a
//! sentence that names the field.
//!
//! The elements are read one by one without building a `serde_json::Value`, so a nested
//! array is refused at its first `[` (the shape is checked before the depth, as for the
//! other fields).

use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};

/// `#[serde(deserialize_with = "words::position")]`: a list of words or whole numbers.
pub fn position<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    deserializer.deserialize_seq(WordList { field: "position" })
}

/// `#[serde(deserialize_with = "words::optional_move")]`: a move as a word or a whole number
/// (`"3"` or `3` in games whose moves are numbers, such as Fibonacci Nim).
/// `null` is no move, as when the field is absent.
pub fn optional_move<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<String>, D::Error> {
    deserializer.deserialize_option(OptionalWord { field: "move" })
}

/// A word or `null`.
struct OptionalWord {
    field: &'static str,
}

impl<'de> Visitor<'de> for OptionalWord {
    type Value = Option<String>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        write!(
            formatter,
            "{}: a word (a string), a whole number or null",
            self.field
        )
    }

    fn visit_none<E: de::Error>(self) -> Result<Option<String>, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Option<String>, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<String>, D::Error> {
        deserializer
            .deserialize_any(Word {
                field: self.field,
                index: None,
            })
            .map(Some)
    }
}

/// The list of a field's words.
struct WordList {
    field: &'static str,
}

impl<'de> Visitor<'de> for WordList {
    type Value = Vec<String>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        write!(
            formatter,
            "{} as a list of words or whole numbers, such as [\"3\", \"4\", \"5\"] or [3, 4, 5]",
            self.field
        )
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut items: A) -> Result<Vec<String>, A::Error> {
        let mut words = Vec::with_capacity(items.size_hint().unwrap_or(0).min(1024));
        while let Some(word) = items.next_element_seed(WordSeed {
            field: self.field,
            index: words.len(),
        })? {
            words.push(word);
        }
        Ok(words)
    }
}

/// One element of a list, knowing its place for the error sentence.
struct WordSeed {
    field: &'static str,
    index: usize,
}

impl<'de> de::DeserializeSeed<'de> for WordSeed {
    type Value = String;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<String, D::Error> {
        deserializer.deserialize_any(Word {
            field: self.field,
            index: Some(self.index),
        })
    }
}

/// One word: a string, or a whole number written in decimal.
struct Word {
    field: &'static str,
    /// Its place in the list, if it is in one.
    index: Option<usize>,
}

impl Word {
    /// `position[2]` or `move`.
    fn name(&self) -> String {
        match self.index {
            Some(index) => format!("{}[{index}]", self.field),
            None => self.field.to_string(),
        }
    }

    fn refuse<E: de::Error>(&self, what: fmt::Arguments) -> E {
        E::custom(format!(
            "{} must be a word (a string such as \"3\" or \"2x3\") or a whole number, not {what}",
            self.name()
        ))
    }
}

impl<'de> Visitor<'de> for Word {
    type Value = String;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        write!(
            formatter,
            "{}: a word (a string) or a whole number",
            self.name()
        )
    }

    fn visit_str<E: de::Error>(self, word: &str) -> Result<String, E> {
        Ok(word.to_string())
    }

    fn visit_string<E: de::Error>(self, word: String) -> Result<String, E> {
        Ok(word)
    }

    fn visit_u64<E: de::Error>(self, number: u64) -> Result<String, E> {
        Ok(number.to_string())
    }

    fn visit_i64<E: de::Error>(self, number: i64) -> Result<String, E> {
        Ok(number.to_string())
    }

    fn visit_u128<E: de::Error>(self, number: u128) -> Result<String, E> {
        Ok(number.to_string())
    }

    fn visit_i128<E: de::Error>(self, number: i128) -> Result<String, E> {
        Ok(number.to_string())
    }

    fn visit_f64<E: de::Error>(self, number: f64) -> Result<String, E> {
        Err(self.refuse(format_args!("{number:?}")))
    }

    fn visit_bool<E: de::Error>(self, value: bool) -> Result<String, E> {
        Err(self.refuse(format_args!("{value}")))
    }

    fn visit_unit<E: de::Error>(self) -> Result<String, E> {
        Err(self.refuse(format_args!("null")))
    }

    fn visit_none<E: de::Error>(self) -> Result<String, E> {
        Err(self.refuse(format_args!("null")))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, _items: A) -> Result<String, A::Error> {
        Err(self.refuse(format_args!("a list")))
    }

    fn visit_map<A: de::MapAccess<'de>>(self, _entries: A) -> Result<String, A::Error> {
        Err(self.refuse(format_args!("an object")))
    }
}
