//! Printing canonical forms the way CGSuite does.
//!
//! A game is written as the simplest of these shapes that fits its canonical
//! form (CGSuite's conventions; Siegel, *Combinatorial Game Theory*, §II.4 for
//! the names): a number (`0`, `-2`, `3/4`); a number plus a multiple of up
//! plus a nimber (`*`, `*3`, `^`, `v`, `^^`, `^3`, `v4*2`, `1*`, `1/2^*`); a
//! an integer plus a switch of numbers, `{x+y | x−y}` written `x±y` (`±1`,
//! `2±1/2`); otherwise braces `{L1,L2|R1,R2}`. An option that is the only
//! one on its side and is itself written with braces loses its braces and the
//! separator gets one more bar than it has (CGSuite's slash notation:
//! `{2|{1|0}}` is `{2||1|0}` and `{0|{0|-1}}` is `{0||0|-1}`). [`crate::parse`] reads all of these back.

use crate::dyadic::Dyadic;
use crate::store::{GameId, GameStore, MAX_UP_MULTIPLE};

/// How a canonical game is printed (cached per game).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Shape {
    Number(Dyadic),
    /// `x + n·↑ + *s`
    UpStar {
        x: Dyadic,
        ups: i64,
        star: u64,
    },
    /// `{x + d | x − d}` with `d > 0`
    Switch {
        x: Dyadic,
        d: Dyadic,
    },
    Braces,
}

impl GameStore {
    /// The canonical form of `G` as CGSuite writes it. Printing stops early, with a
    /// partial text, when the caller's stop flag ([`GameStore::stop_when`]) is raised.
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// for text in ["0", "-3/4", "*2", "^^*", "v3", "1/2^*", "1*", "±1", "2±1/2", "{0||0|-1}", "{0,*|-1}"] {
    ///     let g = store.parse(text).unwrap();
    ///     assert_eq!(store.display(g), text);
    /// }
    /// ```
    pub fn display(&mut self, g: GameId) -> String {
        let (text, bars) = self.render(g);
        if bars > 0 {
            format!("{{{text}}}")
        } else {
            text
        }
    }

    /// The text of `g` and, if it is written with braces, the number of bars
    /// of its separator (the text is then without the outer braces).
    fn render(&mut self, g: GameId) -> (String, usize) {
        // Texts grow exponentially with sums (±1 + … + ±24 is 5·10^7 characters): once the
        // caller's stop flag is up the rest is skipped, and the caller throws the text away.
        if self.stopped() {
            return (String::new(), 0);
        }
        match self.shape(g) {
            Shape::Number(x) => (x.to_string(), 0),
            Shape::UpStar { x, ups, star } => (up_star_text(x, ups, star), 0),
            Shape::Switch { x, d } => {
                if x == Dyadic::ZERO {
                    (format!("±{d}"), 0)
                } else {
                    (format!("{x}±{d}"), 0)
                }
            }
            Shape::Braces => {
                let (l, r) = (self.left_options(g), self.right_options(g));
                let (ltext, lbars) = self.render_side(&l);
                let (rtext, rbars) = self.render_side(&r);
                let bars = 1 + lbars.max(rbars);
                (format!("{ltext}{}{rtext}", "|".repeat(bars)), bars)
            }
        }
    }

    fn render_side(&mut self, options: &[GameId]) -> (String, usize) {
        if let [only] = options {
            let (text, bars) = self.render(*only);
            return (text, bars);
        }
        // The order of the options is the game's, not the store's history: by birthday,
        // numbers first, then by text (the ids depend on the order games were made, so
        // two stores would otherwise print one game two ways).
        let mut keyed: Vec<(u64, bool, String)> = options
            .iter()
            .map(|&o| (self.birthday(o), !self.is_number(o), self.display(o)))
            .collect();
        keyed.sort_unstable();
        let texts: Vec<String> = keyed.into_iter().map(|(_, _, text)| text).collect();
        (texts.join(","), 0)
    }

    pub(crate) fn shape(&mut self, g: GameId) -> Shape {
        if let Some(x) = self.as_number(g) {
            return Shape::Number(x);
        }
        if let Some(&s) = self.shapes.get(&g) {
            return s;
        }
        let s = self.compute_shape(g).unwrap_or(Shape::Braces);
        // A shape found while the caller's stop flag is up may be the fallback of a sum
        // that was stopped: it is used this once, not remembered, so the store prints the
        // game as before once the flag is down (Python's Ctrl-C keeps one store).
        if !self.stopped() {
            self.shapes.insert(g, s);
        }
        s
    }

    fn compute_shape(&mut self, g: GameId) -> Option<Shape> {
        if let Some(n) = self.nimber_value(g) {
            return Some(Shape::UpStar {
                x: Dyadic::ZERO,
                ups: 0,
                star: n,
            });
        }
        let (ls, rs) = (self.left_stop(g), self.right_stop(g));
        if ls == rs {
            // x + infinitesimal: is the infinitesimal n·↑ + *s?
            let minus_x = self.number(-ls);
            let h = self.sum(g, minus_x).ok()?;
            if let Some(n) = self.nimber_value(h) {
                return Some(Shape::UpStar {
                    x: ls,
                    ups: 0,
                    star: n,
                });
            }
            if self.is_all_small(h) && self.birthday(h) < 256 {
                let w = self.atomic_weight(h).ok()?;
                let n = self.as_number(w)?;
                if n.is_integer()
                    && n.numerator().unsigned_abs() <= MAX_UP_MULTIPLE
                    && n != Dyadic::ZERO
                {
                    let ups = self.up_star(n.numerator(), 0).ok()?;
                    let rest = self.sub(h, ups).ok()?;
                    if let Some(star) = self.nimber_value(rest) {
                        return Some(Shape::UpStar {
                            x: ls,
                            ups: n.numerator(),
                            star,
                        });
                    }
                }
            }
            return None;
        }
        let (l, r) = self.stored(g);
        if let ([a], [b]) = (l, r)
            && let (Some(a), Some(b)) = (self.as_number(*a), self.as_number(*b))
        {
            let x = a.checked_add(b).ok()?.half().ok()?;
            // ±d about an integer (`±1`, `2±1`); `{1|0}` keeps its braces.
            if a > b && x.is_integer() {
                let d = a.checked_sub(b).ok()?.half().ok()?;
                return Some(Shape::Switch { x, d });
            }
        }
        None
    }
}

fn up_star_text(x: Dyadic, ups: i64, star: u64) -> String {
    let mut s = String::new();
    if x != Dyadic::ZERO {
        s.push_str(&x.to_string());
    }
    let (c, n) = if ups >= 0 { ('^', ups) } else { ('v', -ups) };
    match n {
        0 => {}
        1 => s.push(c),
        2 => {
            s.push(c);
            s.push(c);
        }
        _ => {
            s.push(c);
            s.push_str(&n.to_string());
        }
    }
    match star {
        0 => {}
        1 => s.push('*'),
        _ => {
            s.push('*');
            s.push_str(&star.to_string());
        }
    }
    if s.is_empty() {
        s.push('0');
    }
    s
}
