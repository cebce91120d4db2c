//! A presentation of a finite commutative monoid by generators and relations,
//! read off its multiplication table.
//!
//! Each element gets its **normal word**: the least word in the generators that
//! equals it, in shortlex order (fewest letters first; ties broken by the
//! exponent vector, earlier letters first). The relations are the words
//! w·g (w normal, g a generator) that are not normal, equated with the normal
//! word of their value, keeping only those whose left side contains no other
//! left side. Rewriting by them ends at the normal word of any word (shortlex is
//! a well order compatible with multiplication, and a word that is not normal
//! contains some w·g that is not normal), so they present the monoid — the form
//! in which Plambeck (2005) and Plambeck–Siegel (2008) print quotients, e.g.
//! ⟨a, b | a² = 1, b³ = b⟩.

use serde::Serialize;

use crate::monoid::{BipartiteMonoid, Element};

/// Generators, relations and each element's normal word.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Presentation {
    /// The generators' letters.
    pub generators: Vec<String>,
    /// Relations "left = right" (words in the letters, `1` the empty word).
    pub relations: Vec<(String, String)>,
    /// The normal word of each element, by index.
    pub words: Vec<String>,
}

impl Presentation {
    /// The presentation of `monoid` on the generators `images` (elements that
    /// generate it), named a, b, c, …; `None` if they do not generate it.
    ///
    /// ```
    /// use sprague_misere::{BipartiteMonoid, Presentation};
    /// // Z/2 = {1, a}: one relation a² = 1.
    /// let q = BipartiteMonoid::new(vec![0, 1, 1, 0], vec![false, true]).unwrap();
    /// let p = Presentation::of(&q, &[1]).unwrap();
    /// assert_eq!(p.relations, vec![("a^2".to_string(), "1".to_string())]);
    /// assert_eq!(p.words, vec!["1", "a"]);
    /// ```
    pub fn of(monoid: &BipartiteMonoid, images: &[Element]) -> Option<Self> {
        let n = monoid.order();
        let letters: Vec<String> = (0..images.len()).map(letter).collect();
        let mut normal: Vec<Option<Vec<u32>>> = vec![None; n];
        normal[0] = Some(vec![0; images.len()]);
        let mut frontier: Vec<Element> = vec![0];
        let mut candidates: Vec<(Vec<u32>, Element, Element)> = Vec::new();
        while !frontier.is_empty() {
            candidates.clear();
            for &x in &frontier {
                let word = normal[x as usize].clone().unwrap_or_default();
                for (g, &image) in images.iter().enumerate() {
                    let mut next = word.clone();
                    next[g] += 1;
                    candidates.push((next, monoid.mul(x, image), x));
                }
            }
            candidates.sort_by(|a, b| b.0.cmp(&a.0));
            frontier.clear();
            for (word, value, _) in &candidates {
                if normal[*value as usize].is_none() {
                    normal[*value as usize] = Some(word.clone());
                    frontier.push(*value);
                }
            }
        }
        let normal: Vec<Vec<u32>> = normal.into_iter().collect::<Option<_>>()?;
        let mut left_sides: Vec<(Vec<u32>, Element)> = Vec::new();
        for x in 0..n as Element {
            for (g, &image) in images.iter().enumerate() {
                let mut word = normal[x as usize].clone();
                word[g] += 1;
                let value = monoid.mul(x, image);
                if word != normal[value as usize] {
                    left_sides.push((word, value));
                }
            }
        }
        left_sides.sort();
        left_sides.dedup();
        let minimal: Vec<&(Vec<u32>, Element)> = left_sides
            .iter()
            .filter(|(word, _)| {
                !left_sides
                    .iter()
                    .any(|(other, _)| other != word && other.iter().zip(word).all(|(a, b)| a <= b))
            })
            .collect();
        let mut relations: Vec<(Vec<u32>, String)> = minimal
            .into_iter()
            .map(|(word, value)| (word.clone(), spell(&normal[*value as usize], &letters)))
            .collect();
        relations.sort_by(|a, b| {
            let degree = |w: &Vec<u32>| w.iter().sum::<u32>();
            (degree(&a.0), std::cmp::Reverse(&a.0)).cmp(&(degree(&b.0), std::cmp::Reverse(&b.0)))
        });
        Some(Self {
            relations: relations
                .into_iter()
                .map(|(word, right)| (spell(&word, &letters), right))
                .collect(),
            words: normal.iter().map(|w| spell(w, &letters)).collect(),
            generators: letters,
        })
    }
}

/// The letter of generator `index`: a, b, …, z, then a27, a28, ….
fn letter(index: usize) -> String {
    if index < 26 {
        ((b'a' + index as u8) as char).to_string()
    } else {
        format!("a{}", index + 1)
    }
}

/// A word from its exponents: "a^2bc", "1" for the empty word.
fn spell(word: &[u32], letters: &[String]) -> String {
    let mut text = String::new();
    for (exponent, letter) in word.iter().zip(letters) {
        match exponent {
            0 => {}
            1 => text.push_str(letter),
            e => text.push_str(&format!("{letter}^{e}")),
        }
    }
    if text.is_empty() {
        text.push('1');
    }
    text
}
