//! Operator, conversion, parsing and formatting impls shared by both widths.
//!
//! Nim addition (and subtraction, which is the same in characteristic 2) is
//! bitwise XOR; nim multiplication is the field product; division multiplies by
//! the inverse. This module only wires the standard traits to the methods of
//! [`crate::Nimber`] and [`crate::Nimber128`].

/// Implements the standard traits for a nimber type `$t` over the integer `$int` of `$bits` bits.
macro_rules! impl_nimber_traits {
    ($t:ident, $int:ty, $bits:expr) => {
        impl core::ops::Add for $t {
            type Output = $t;
            /// Nim-sum (XOR).
            #[inline]
            fn add(self, other: $t) -> $t {
                self.nim_sum(other)
            }
        }
        impl core::ops::AddAssign for $t {
            #[inline]
            fn add_assign(&mut self, other: $t) {
                *self = self.nim_sum(other);
            }
        }
        impl core::ops::Sub for $t {
            type Output = $t;
            /// Nim-difference, equal to the nim-sum (characteristic 2).
            #[inline]
            fn sub(self, other: $t) -> $t {
                self.nim_sum(other)
            }
        }
        impl core::ops::SubAssign for $t {
            #[inline]
            fn sub_assign(&mut self, other: $t) {
                *self = self.nim_sum(other);
            }
        }
        impl core::ops::Neg for $t {
            type Output = $t;
            /// Every nimber is its own negative.
            #[inline]
            fn neg(self) -> $t {
                self
            }
        }
        impl core::ops::Mul for $t {
            type Output = $t;
            /// Nim-product.
            #[inline]
            fn mul(self, other: $t) -> $t {
                self.nim_product(other)
            }
        }
        impl core::ops::MulAssign for $t {
            #[inline]
            fn mul_assign(&mut self, other: $t) {
                *self = self.nim_product(other);
            }
        }
        impl core::ops::Div for $t {
            type Output = $t;
            /// Nim-quotient.
            ///
            /// # Panics
            /// If `other` is zero; see `checked_div` for a non-panicking version.
            #[inline]
            fn div(self, other: $t) -> $t {
                match self.checked_div(other) {
                    Some(quotient) => quotient,
                    None => panic!("nimber division by zero"),
                }
            }
        }
        impl core::ops::DivAssign for $t {
            /// # Panics
            /// If `other` is zero.
            #[inline]
            fn div_assign(&mut self, other: $t) {
                *self = *self / other;
            }
        }
        impl core::iter::Sum for $t {
            fn sum<I: Iterator<Item = $t>>(iter: I) -> $t {
                iter.fold($t::ZERO, |a, b| a + b)
            }
        }
        impl core::iter::Product for $t {
            fn product<I: Iterator<Item = $t>>(iter: I) -> $t {
                iter.fold($t::ONE, |a, b| a * b)
            }
        }
        impl From<$t> for $int {
            #[inline]
            fn from(n: $t) -> $int {
                n.value()
            }
        }
        impl From<u8> for $t {
            #[inline]
            fn from(v: u8) -> $t {
                $t::new(<$int>::from(v))
            }
        }
        impl From<u16> for $t {
            #[inline]
            fn from(v: u16) -> $t {
                $t::new(<$int>::from(v))
            }
        }
        impl From<u32> for $t {
            #[inline]
            fn from(v: u32) -> $t {
                $t::new(<$int>::from(v))
            }
        }
        impl From<bool> for $t {
            #[inline]
            fn from(v: bool) -> $t {
                $t::new(<$int>::from(v))
            }
        }
        impl core::str::FromStr for $t {
            type Err = crate::ParseNimberError;
            /// Decimal (`42`) or hexadecimal after `0x` (`0x2a`).
            fn from_str(text: &str) -> Result<$t, crate::ParseNimberError> {
                // The parser enforces the bound, so the narrowing is exact.
                crate::parse::parse_natural(text, $bits).map(|v| $t::new(v as $int))
            }
        }
        impl core::fmt::Display for $t {
            /// The value in decimal (honours width, fill and alignment).
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::Display::fmt(&self.value(), f)
            }
        }
        impl core::fmt::LowerHex for $t {
            /// The value in lower-case hexadecimal (`{:#x}` adds `0x`).
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::LowerHex::fmt(&self.value(), f)
            }
        }
        impl core::fmt::UpperHex for $t {
            /// The value in upper-case hexadecimal.
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::UpperHex::fmt(&self.value(), f)
            }
        }
        impl core::fmt::Binary for $t {
            /// The value in binary.
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::Binary::fmt(&self.value(), f)
            }
        }
    };
}

pub(crate) use impl_nimber_traits;
