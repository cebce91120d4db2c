//! Blue-Red Hackenbush strings (Winning Ways ch. 2; Lessons in Play ch. 1):
//! a string of edges standing on the ground; Left (bLue) removes a blue edge,
//! Right (Red) a red one, and everything above the removed edge falls.
//!
//! The value of a string is a number given by Berlekamp's sign-expansion rule
//! (Winning Ways ch. 2; Siegel, *Combinatorial Game Theory*, §II.3): the
//! first run of `n` edges of the same colour as the bottom edge is worth
//! `±n`; each later edge `j = 1, 2, …` after that run is worth `±1/2^j`,
//! the sign being `+` for blue and `−` for red. [`HackenbushString::value`]
//! is that rule; the tests check it against search.

use super::PartizanGame;
use crate::dyadic::Dyadic;
use crate::error::GameError;

/// Blue-Red Hackenbush on strings; a position is the colours from the
/// ground up (`true` = blue = Left).
///
/// ```
/// use sprague_partizan::rules::hackenbush::HackenbushString;
/// let s = HackenbushString::parse("BBR").unwrap();
/// assert_eq!(HackenbushString::value(&s).unwrap().to_string(), "3/2");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct HackenbushString;

impl HackenbushString {
    /// Reads a string from the ground up: `B`/`L` blue (Left), `R` red (Right).
    ///
    /// ```
    /// use sprague_partizan::rules::hackenbush::HackenbushString;
    /// assert_eq!(HackenbushString::parse("LR").unwrap(), vec![true, false]);
    /// assert!(HackenbushString::parse("LG").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Vec<bool>, GameError> {
        text.trim()
            .chars()
            .map(|c| match c.to_ascii_uppercase() {
                'B' | 'L' => Ok(true),
                'R' => Ok(false),
                other => Err(GameError::InvalidPosition(format!(
                    "a Hackenbush string edge is B (or L) or R, not {other:?}"
                ))),
            })
            .collect()
    }

    /// The value by Berlekamp's sign-expansion rule; an error if the string
    /// is too long for an exact dyadic (more than 62 edges after the first run).
    ///
    /// ```
    /// use sprague_partizan::rules::hackenbush::HackenbushString;
    /// let v = |s| HackenbushString::value(&HackenbushString::parse(s).unwrap()).unwrap().to_string();
    /// assert_eq!(v("BRB"), "3/4");
    /// assert_eq!(v("RRBR"), "-7/4");
    /// assert_eq!(v(""), "0");
    /// ```
    pub fn value(edges: &[bool]) -> Result<Dyadic, GameError> {
        let Some(&first) = edges.first() else {
            return Ok(Dyadic::ZERO);
        };
        let run = edges.iter().take_while(|&&e| e == first).count();
        let sign = |e: bool| if e { 1 } else { -1 };
        let mut v = Dyadic::from_int(sign(first) * run as i64)?;
        for (j, &e) in edges[run..].iter().enumerate() {
            let exponent = u32::try_from(j + 1).map_err(|_| GameError::Overflow)?;
            v = v.checked_add(Dyadic::new(sign(e), exponent)?)?;
        }
        Ok(v)
    }
}

impl PartizanGame for HackenbushString {
    type Position = Vec<bool>;

    fn left_options(&self, s: &Vec<bool>) -> Vec<Vec<bool>> {
        (0..s.len())
            .filter(|&i| s[i])
            .map(|i| s[..i].to_vec())
            .collect()
    }

    fn right_options(&self, s: &Vec<bool>) -> Vec<Vec<bool>> {
        (0..s.len())
            .filter(|&i| !s[i])
            .map(|i| s[..i].to_vec())
            .collect()
    }

    fn describe_move(&self, from: &Vec<bool>, to: &Vec<bool>) -> String {
        let who = if from.get(to.len()).copied().unwrap_or(true) {
            "Left"
        } else {
            "Right"
        };
        format!("{who} cuts edge {} from the ground", to.len() + 1)
    }
}
