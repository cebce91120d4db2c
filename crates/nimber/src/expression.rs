//! A calculator for nim arithmetic expressions (`sprague nimber EXPR`).
//!
//! Grammar (whitespace allowed between tokens), evaluated in the field of
//! nimbers below 2¹²⁸ by recursive descent:
//!
//! ```text
//! sum      := product ('+' product)*            nim-sum
//! product  := power (('*' | '/') power)*        nim-product, multiply by the inverse
//! power    := atom ('^' exponent)?              exponent: decimal integer, or -N
//! atom     := literal | '(' sum ')' | name '(' sum ')'
//! name     := 'inv' | 'sqrt' | 'sq'
//! literal  := decimal digits | '0x' hexadecimal digits   (at most 2^128 − 1)
//! ```
//!
//! `^` binds tighter than `*` and `/`, which bind tighter than `+`;
//! `a^-n` is `inv(a)^n`. A chain `a^2^3` is rejected as ambiguous. Errors
//! report the byte offset at which the problem was found. Nesting is limited
//! to [`MAX_DEPTH`] levels so that no input can exhaust the stack.

use std::error::Error;
use std::fmt;

use crate::Nimber128;
use crate::parse::{ParseNimberError, parse_natural};

/// The deepest nesting of parentheses and function calls accepted.
///
/// ```
/// use sprague_nimber::expression::{evaluate, MAX_DEPTH};
/// let deep = format!("{}1{}", "(".repeat(MAX_DEPTH + 1), ")".repeat(MAX_DEPTH + 1));
/// assert!(evaluate(&deep).is_err());
/// ```
pub const MAX_DEPTH: usize = 200;

/// Why an expression could not be evaluated.
///
/// ```
/// use sprague_nimber::expression::{evaluate, ExpressionError};
/// assert_eq!(evaluate("1 / 0"), Err(ExpressionError::DivisionByZero { offset: 2 }));
/// assert_eq!(
///     evaluate("2 ** 3").unwrap_err().to_string(),
///     "unexpected '*' at byte 3: expected a number, '(' or a function (inv, sqrt, sq)"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExpressionError {
    /// The input has no tokens.
    Empty,
    /// A character that starts no token.
    UnexpectedCharacter {
        /// Byte offset.
        offset: usize,
        /// The character.
        found: char,
    },
    /// A token where something else was required.
    UnexpectedToken {
        /// Byte offset of the token.
        offset: usize,
        /// The token as written.
        found: String,
        /// What would have been accepted.
        expected: &'static str,
    },
    /// The input ended where something else was required.
    UnexpectedEnd {
        /// Byte offset of the end (the input length).
        offset: usize,
        /// What would have been accepted.
        expected: &'static str,
    },
    /// A malformed number literal.
    InvalidLiteral {
        /// Byte offset of the offending character.
        offset: usize,
        /// The offending character.
        found: char,
        /// Whether the literal was hexadecimal.
        hexadecimal: bool,
    },
    /// A literal above 2¹²⁸ − 1.
    LiteralTooLarge {
        /// Byte offset of the literal.
        offset: usize,
    },
    /// An exponent above 2¹²⁸ − 1.
    ExponentTooLarge {
        /// Byte offset of the exponent.
        offset: usize,
    },
    /// A name that is not a function.
    UnknownFunction {
        /// Byte offset of the name.
        offset: usize,
        /// The name.
        name: String,
    },
    /// A '(' without its ')'.
    UnclosedParenthesis {
        /// Byte offset of the '('.
        offset: usize,
    },
    /// `x / 0`.
    DivisionByZero {
        /// Byte offset of the '/'.
        offset: usize,
    },
    /// `inv(0)` or `0^-n`.
    InverseOfZero {
        /// Byte offset of `inv` or of the '^'.
        offset: usize,
    },
    /// `a^b^c`.
    ChainedPower {
        /// Byte offset of the second '^'.
        offset: usize,
    },
    /// More than [`MAX_DEPTH`] nested parentheses or calls.
    TooDeep {
        /// Byte offset of the parenthesis or call that goes too deep.
        offset: usize,
    },
}

const OPERAND: &str = "a number, '(' or a function (inv, sqrt, sq)";

impl fmt::Display for ExpressionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExpressionError::Empty => write!(
                f,
                "empty expression: expected numbers (decimal or 0x hex) joined by + * / ^, e.g. \"2 * 3 + inv(5)\""
            ),
            ExpressionError::UnexpectedCharacter { offset, found } => write!(
                f,
                "unexpected character {found:?} at byte {offset}: accepted are numbers, + * / ^ ( ) and the functions inv, sqrt, sq"
            ),
            ExpressionError::UnexpectedToken {
                offset,
                found,
                expected,
            } => write!(
                f,
                "unexpected '{found}' at byte {offset}: expected {expected}"
            ),
            ExpressionError::UnexpectedEnd { offset, expected } => write!(
                f,
                "the expression ends at byte {offset} where {expected} was expected"
            ),
            ExpressionError::InvalidLiteral {
                offset,
                found,
                hexadecimal: false,
            } => write!(
                f,
                "invalid character {found:?} in a number at byte {offset}: decimal numbers have digits 0-9 only (hexadecimal ones start with 0x)"
            ),
            ExpressionError::InvalidLiteral {
                offset,
                found,
                hexadecimal: true,
            } => write!(
                f,
                "invalid character {found:?} in a number at byte {offset}: hexadecimal numbers have digits 0-9 and a-f after 0x"
            ),
            ExpressionError::LiteralTooLarge { offset } => write!(
                f,
                "the number at byte {offset} is too large: nimbers here are at most 2^128 - 1 ({})",
                u128::MAX
            ),
            ExpressionError::ExponentTooLarge { offset } => write!(
                f,
                "the exponent at byte {offset} is too large: exponents are at most 2^128 - 1 ({})",
                u128::MAX
            ),
            ExpressionError::UnknownFunction { offset, name } => write!(
                f,
                "unknown function '{name}' at byte {offset}: the functions are inv, sqrt and sq"
            ),
            ExpressionError::UnclosedParenthesis { offset } => write!(
                f,
                "the '(' at byte {offset} is never closed: add a matching ')'"
            ),
            ExpressionError::DivisionByZero { offset } => write!(
                f,
                "division by zero at byte {offset}: the divisor must be a nonzero nimber"
            ),
            ExpressionError::InverseOfZero { offset } => write!(
                f,
                "inverse of zero at byte {offset}: only nonzero nimbers have inverses"
            ),
            ExpressionError::ChainedPower { offset } => write!(
                f,
                "a second '^' at byte {offset} is ambiguous: write (a^b)^c with parentheses"
            ),
            ExpressionError::TooDeep { offset } => write!(
                f,
                "nesting too deep at byte {offset}: at most {MAX_DEPTH} nested parentheses or calls are accepted"
            ),
        }
    }
}

impl Error for ExpressionError {}

/// Evaluates a nim arithmetic expression in the field of nimbers below 2¹²⁸.
///
/// ```
/// use sprague_nimber::{expression::evaluate, Nimber128};
/// assert_eq!(evaluate("2 * 3"), Ok(Nimber128::ONE));
/// assert_eq!(evaluate("(5 + 3) * 2"), Ok(Nimber128::new(11)));
/// assert_eq!(evaluate("0x10 ^ 2"), Ok(Nimber128::new(24)));
/// assert_eq!(evaluate("sq(sqrt(7)) + inv(2) * 2"), Ok(Nimber128::new(6)));
/// assert_eq!(evaluate("2^-1"), Ok(Nimber128::new(3)));
/// assert_eq!(evaluate("1 / 2"), Ok(Nimber128::new(3)));
/// assert!(evaluate("inv(0)").is_err());
/// ```
pub fn evaluate(input: &str) -> Result<Nimber128, ExpressionError> {
    let tokens = tokenize(input)?;
    if tokens.is_empty() {
        return Err(ExpressionError::Empty);
    }
    let mut parser = Parser {
        input,
        tokens,
        position: 0,
        depth: 0,
    };
    let value = parser.sum()?;
    match parser.peek() {
        None => Ok(value),
        Some(token) if token.kind == Kind::RightParenthesis => {
            Err(ExpressionError::UnexpectedToken {
                offset: token.offset,
                found: ")".to_string(),
                expected: "an operator (+ * / ^) or the end: this ')' has no matching '('",
            })
        }
        Some(token) => Err(ExpressionError::UnexpectedToken {
            offset: token.offset,
            found: parser.text(token).to_string(),
            expected: "an operator (+ * / ^) or the end of the expression",
        }),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Number,
    Name,
    Plus,
    Star,
    Slash,
    Caret,
    Minus,
    LeftParenthesis,
    RightParenthesis,
}

#[derive(Debug, Clone, Copy)]
struct Token {
    kind: Kind,
    offset: usize,
    end: usize,
}

fn tokenize(input: &str) -> Result<Vec<Token>, ExpressionError> {
    let mut tokens = Vec::new();
    let mut chars = input.char_indices().peekable();
    while let Some((offset, c)) = chars.next() {
        let single = match c {
            '+' => Some(Kind::Plus),
            '*' => Some(Kind::Star),
            '/' => Some(Kind::Slash),
            '^' => Some(Kind::Caret),
            '-' => Some(Kind::Minus),
            '(' => Some(Kind::LeftParenthesis),
            ')' => Some(Kind::RightParenthesis),
            _ => None,
        };
        if let Some(kind) = single {
            tokens.push(Token {
                kind,
                offset,
                end: offset + 1,
            });
            continue;
        }
        if c.is_whitespace() {
            continue;
        }
        if c.is_ascii_alphanumeric() || c == '_' {
            // A number or a name runs over letters, digits and underscores; a
            // number with stray letters is reported by the literal parser.
            let mut end = offset + c.len_utf8();
            while let Some(&(next_offset, next)) = chars.peek() {
                if next.is_alphanumeric() || next == '_' {
                    end = next_offset + next.len_utf8();
                    chars.next();
                } else {
                    break;
                }
            }
            let kind = if c.is_ascii_digit() {
                Kind::Number
            } else {
                Kind::Name
            };
            tokens.push(Token { kind, offset, end });
            continue;
        }
        return Err(ExpressionError::UnexpectedCharacter { offset, found: c });
    }
    Ok(tokens)
}

struct Parser<'a> {
    input: &'a str,
    tokens: Vec<Token>,
    position: usize,
    depth: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<Token> {
        self.tokens.get(self.position).copied()
    }

    fn text(&self, token: Token) -> &str {
        self.input.get(token.offset..token.end).unwrap_or("")
    }

    fn advance(&mut self) -> Option<Token> {
        let token = self.peek();
        if token.is_some() {
            self.position += 1;
        }
        token
    }

    fn end_error(&self, expected: &'static str) -> ExpressionError {
        ExpressionError::UnexpectedEnd {
            offset: self.input.len(),
            expected,
        }
    }

    fn sum(&mut self) -> Result<Nimber128, ExpressionError> {
        let mut value = self.product()?;
        while let Some(token) = self.peek() {
            if token.kind != Kind::Plus {
                break;
            }
            self.position += 1;
            value += self.product()?;
        }
        Ok(value)
    }

    fn product(&mut self) -> Result<Nimber128, ExpressionError> {
        let mut value = self.power()?;
        while let Some(token) = self.peek() {
            match token.kind {
                Kind::Star => {
                    self.position += 1;
                    value *= self.power()?;
                }
                Kind::Slash => {
                    self.position += 1;
                    let divisor = self.power()?;
                    value = value
                        .checked_div(divisor)
                        .ok_or(ExpressionError::DivisionByZero {
                            offset: token.offset,
                        })?;
                }
                _ => break,
            }
        }
        Ok(value)
    }

    fn power(&mut self) -> Result<Nimber128, ExpressionError> {
        let base = self.atom()?;
        let Some(caret) = self.peek().filter(|t| t.kind == Kind::Caret) else {
            return Ok(base);
        };
        self.position += 1;
        const EXPONENT: &str = "a decimal exponent such as 3 or -1";
        let mut negative = false;
        let mut token = self.advance().ok_or_else(|| self.end_error(EXPONENT))?;
        if token.kind == Kind::Minus {
            negative = true;
            token = self.advance().ok_or_else(|| self.end_error(EXPONENT))?;
        }
        let text = self.text(token);
        if token.kind != Kind::Number || text.starts_with("0x") || text.starts_with("0X") {
            return Err(ExpressionError::UnexpectedToken {
                offset: token.offset,
                found: text.to_string(),
                expected: EXPONENT,
            });
        }
        let exponent = parse_natural(text, 128).map_err(|error| match error {
            ParseNimberError::TooLarge { .. } => ExpressionError::ExponentTooLarge {
                offset: token.offset,
            },
            other => literal_error(other, token.offset),
        })?;
        if let Some(next) = self.peek().filter(|t| t.kind == Kind::Caret) {
            return Err(ExpressionError::ChainedPower {
                offset: next.offset,
            });
        }
        let base = if negative {
            base.inverse().ok_or(ExpressionError::InverseOfZero {
                offset: caret.offset,
            })?
        } else {
            base
        };
        Ok(base.pow(exponent))
    }

    fn atom(&mut self) -> Result<Nimber128, ExpressionError> {
        let token = self.advance().ok_or_else(|| self.end_error(OPERAND))?;
        match token.kind {
            Kind::Number => parse_natural(self.text(token), 128)
                .map(Nimber128::new)
                .map_err(|error| literal_error(error, token.offset)),
            Kind::LeftParenthesis => self.parenthesized(token),
            Kind::Name => {
                let name = self.text(token);
                let function: fn(Nimber128) -> Option<Nimber128> = match name {
                    "inv" => Nimber128::inverse,
                    "sqrt" => |x| Some(x.square_root()),
                    "sq" => |x| Some(x.square()),
                    _ => {
                        return Err(ExpressionError::UnknownFunction {
                            offset: token.offset,
                            name: name.to_string(),
                        });
                    }
                };
                let open = self
                    .advance()
                    .ok_or_else(|| self.end_error("'(' after the function name"))?;
                if open.kind != Kind::LeftParenthesis {
                    return Err(ExpressionError::UnexpectedToken {
                        offset: open.offset,
                        found: self.text(open).to_string(),
                        expected: "'(' after the function name",
                    });
                }
                let argument = self.parenthesized(open)?;
                function(argument).ok_or(ExpressionError::InverseOfZero {
                    offset: token.offset,
                })
            }
            _ => Err(ExpressionError::UnexpectedToken {
                offset: token.offset,
                found: self.text(token).to_string(),
                expected: OPERAND,
            }),
        }
    }

    /// The rest of `( sum )` after the '(' token `open`.
    fn parenthesized(&mut self, open: Token) -> Result<Nimber128, ExpressionError> {
        if self.depth >= MAX_DEPTH {
            return Err(ExpressionError::TooDeep {
                offset: open.offset,
            });
        }
        self.depth += 1;
        let value = self.sum()?;
        self.depth -= 1;
        match self.advance() {
            Some(token) if token.kind == Kind::RightParenthesis => Ok(value),
            Some(token) => Err(ExpressionError::UnexpectedToken {
                offset: token.offset,
                found: self.text(token).to_string(),
                expected: "an operator (+ * / ^) or ')'",
            }),
            None => Err(ExpressionError::UnclosedParenthesis {
                offset: open.offset,
            }),
        }
    }
}

/// A literal's parse error, with offsets made absolute.
fn literal_error(error: ParseNimberError, start: usize) -> ExpressionError {
    match error {
        ParseNimberError::TooLarge { .. } => ExpressionError::LiteralTooLarge { offset: start },
        ParseNimberError::InvalidDigit {
            offset,
            found,
            hexadecimal,
        } => ExpressionError::InvalidLiteral {
            offset: start + offset,
            found,
            hexadecimal,
        },
        // "0x" with no digits: point just after the prefix.
        ParseNimberError::Empty => ExpressionError::UnexpectedToken {
            offset: start,
            found: "0x".to_string(),
            expected: "hexadecimal digits after 0x",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn value(input: &str) -> u128 {
        match evaluate(input) {
            Ok(v) => v.value(),
            Err(e) => panic!("{input:?}: {e}"),
        }
    }

    #[test]
    fn precedence_and_associativity() {
        assert_eq!(value("1 + 2 * 3"), 1 ^ 1);
        assert_eq!(value("2 * 2 ^ 2"), 1); // 2 ⊗ (2 ⊗ 2) = 2 ⊗ 3 = 1
        assert_eq!(value("(1 + 2) * 3"), 2);
        assert_eq!(value("8 / 2 / 2"), value("(8 / 2) / 2"));
        assert_eq!(value("  7\t+\n7 "), 0);
        assert_eq!(value("(2^2)^3"), value("3^3"));
        assert_eq!(value("0^0"), 1);
        assert_eq!(value("2^-3"), value("inv(2)^3"));
        assert_eq!(value("sq(0x10)"), 24);
        assert_eq!(value("sqrt(24)"), 16);
        assert_eq!(value("340282366920938463463374607431768211455"), u128::MAX);
        assert_eq!(value("0xffffffffffffffffffffffffffffffff * 1"), u128::MAX);
    }

    #[test]
    fn errors_carry_offsets() {
        use ExpressionError::*;
        assert_eq!(evaluate(""), Err(Empty));
        assert_eq!(evaluate("   "), Err(Empty));
        assert_eq!(
            evaluate("1 +"),
            Err(UnexpectedEnd {
                offset: 3,
                expected: OPERAND
            })
        );
        assert_eq!(
            evaluate("1 $ 2"),
            Err(UnexpectedCharacter {
                offset: 2,
                found: '$'
            })
        );
        assert_eq!(evaluate("(1 + 2"), Err(UnclosedParenthesis { offset: 0 }));
        assert!(matches!(
            evaluate("1 + 2)"),
            Err(UnexpectedToken { offset: 5, .. })
        ));
        assert_eq!(evaluate("3 / (1 + 1)"), Err(DivisionByZero { offset: 2 }));
        assert_eq!(evaluate("1 + inv(0)"), Err(InverseOfZero { offset: 4 }));
        assert_eq!(evaluate("0 ^ -1"), Err(InverseOfZero { offset: 2 }));
        assert_eq!(evaluate("2^2^2"), Err(ChainedPower { offset: 3 }));
        assert_eq!(
            evaluate("2^0x3"),
            Err(UnexpectedToken {
                offset: 2,
                found: "0x3".into(),
                expected: "a decimal exponent such as 3 or -1"
            })
        );
        assert_eq!(
            evaluate("0x1g"),
            Err(InvalidLiteral {
                offset: 3,
                found: 'g',
                hexadecimal: true
            })
        );
        assert_eq!(
            evaluate("12ab"),
            Err(InvalidLiteral {
                offset: 2,
                found: 'a',
                hexadecimal: false
            })
        );
        assert_eq!(
            evaluate("1 + 340282366920938463463374607431768211456"),
            Err(LiteralTooLarge { offset: 4 })
        );
        assert_eq!(
            evaluate("2 ^ 340282366920938463463374607431768211456"),
            Err(ExponentTooLarge { offset: 4 })
        );
        assert_eq!(
            evaluate("foo(1)"),
            Err(UnknownFunction {
                offset: 0,
                name: "foo".into()
            })
        );
        assert!(matches!(
            evaluate("inv 1"),
            Err(UnexpectedToken { offset: 4, .. })
        ));
        assert!(matches!(
            evaluate("1 2"),
            Err(UnexpectedToken { offset: 2, .. })
        ));
        for input in [
            "",
            "1 +",
            "1 $ 2",
            "(1",
            "1/0",
            "inv(0)",
            "2^2^2",
            "0x",
            "99999999999999999999999999999999999999999",
            "foo(2)",
        ] {
            let message = evaluate(input).unwrap_err().to_string();
            assert!(message.len() > 20 && !message.contains('\n'), "{message}");
        }
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let deep = "(".repeat(100_000);
        assert!(matches!(
            evaluate(&deep),
            Err(ExpressionError::TooDeep { .. })
        ));
        let calls = "inv(".repeat(100_000);
        assert!(matches!(
            evaluate(&calls),
            Err(ExpressionError::TooDeep { .. })
        ));
        let ok = format!("{}1{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
        assert_eq!(evaluate(&ok), Ok(Nimber128::ONE));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        #[test]
        fn random_strings_never_panic(input in "\\PC{0,40}") {
            let _ = evaluate(&input);
        }

        #[test]
        fn random_token_soup_never_panics(input in "[0-9a-fx+*/^() sqrtinv-]{0,40}") {
            let _ = evaluate(&input);
        }

        #[test]
        fn evaluation_matches_the_methods(a in any::<u128>(), b in any::<u128>(), e in 0u128..1000) {
            let (x, y) = (Nimber128::new(a), Nimber128::new(b));
            prop_assert_eq!(evaluate(&format!("{a} + {b:#x} * {a}")), Ok(x + y * x));
            prop_assert_eq!(evaluate(&format!("({a})^{e}")), Ok(x.pow(e)));
            if b != 0 {
                prop_assert_eq!(evaluate(&format!("{a} / {b}")), Ok(x * y.inverse().unwrap()));
            }
        }
    }
}
