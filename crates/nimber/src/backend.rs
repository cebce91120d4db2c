//! Runtime choice of the carry-less multiplier.
//!
//! On x86-64 the kernels compiled with `PCLMULQDQ` are used when the CPU has
//! it (checked with `is_x86_feature_detected!`, whose answer the standard
//! library caches after the first query, so there is no global state of our
//! own); when the crate is compiled with the feature enabled
//! (`-C target-cpu=native`) the check disappears at compile time. Everywhere
//! else the portable kernels (table-driven basis changes and a 4-bit-window
//! software carry-less product) are used.

use crate::Nimber;
#[cfg(target_arch = "x86_64")]
use crate::kernels::hardware;
use crate::kernels::portable;

/// Which implementation of the carry-less product the arithmetic uses.
///
/// ```
/// use sprague_nimber::{backend, Backend};
/// let used = backend();
/// assert!(used == Backend::Pclmulqdq || used == Backend::Portable);
/// println!("{}", used.name());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Backend {
    /// x86-64 `PCLMULQDQ` (hardware carry-less multiplication).
    Pclmulqdq,
    /// Software carry-less multiplication, any CPU.
    Portable,
}

impl Backend {
    /// A short name for reports.
    ///
    /// ```
    /// assert_eq!(sprague_nimber::Backend::Portable.name(), "portable");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Backend::Pclmulqdq => "pclmulqdq",
            Backend::Portable => "portable",
        }
    }
}

/// The backend the arithmetic of this process uses.
///
/// ```
/// let _ = sprague_nimber::backend();
/// ```
pub fn backend() -> Backend {
    if has_pclmulqdq() {
        Backend::Pclmulqdq
    } else {
        Backend::Portable
    }
}

/// `out[i] = a[i] ⊗ b[i]`: byte-sliced AVX2 blocks when possible, then the
/// scalar kernels for the rest.
pub(crate) fn product_batch(a: &[Nimber], b: &[Nimber], out: &mut [Nimber]) {
    #[cfg(target_arch = "x86_64")]
    let done = if crate::sliced::available(true) {
        // SAFETY: AVX2, PCLMULQDQ and VPCLMULQDQ were detected just above.
        unsafe { crate::sliced::product_batch(a, b, out) }
    } else {
        0
    };
    #[cfg(not(target_arch = "x86_64"))]
    let done = 0;
    let (a, b, out) = (&a[done..], &b[done..], &mut out[done..]);
    #[cfg(target_arch = "x86_64")]
    if has_pclmulqdq() {
        // SAFETY: the hardware kernels need only `pclmulqdq`, detected just above.
        return unsafe { hardware::product_batch(a, b, out) };
    }
    portable::product_batch(a, b, out)
}

/// `out[i] = factor ⊗ xs[i]` without building tables: byte-sliced AVX2 blocks
/// when possible, then the scalar kernels for the rest.
pub(crate) fn product_batch_by(factor: u64, xs: &[Nimber], out: &mut [Nimber]) {
    #[cfg(target_arch = "x86_64")]
    let done = if crate::sliced::available(true) {
        let factor_poly = crate::basis::to_poly(factor);
        // SAFETY: AVX2, PCLMULQDQ and VPCLMULQDQ were detected just above.
        unsafe { crate::sliced::product_batch_by(factor_poly, xs, out) }
    } else {
        0
    };
    #[cfg(not(target_arch = "x86_64"))]
    let done = 0;
    let (xs, out) = (&xs[done..], &mut out[done..]);
    #[cfg(target_arch = "x86_64")]
    if has_pclmulqdq() {
        // SAFETY: the hardware kernels need only `pclmulqdq`, detected just above.
        return unsafe { hardware::product_batch_by(factor, xs, out) };
    }
    portable::product_batch_by(factor, xs, out)
}

/// `out[i] = L(xs[i])` for the linear map given both as byte tables and as
/// nibble tables (byte-sliced AVX2 when possible).
pub(crate) fn apply_batch(
    tables: &crate::linear::ByteTables,
    nibbles: &crate::sliced::NibbleTables,
    xs: &[Nimber],
    out: &mut [Nimber],
) {
    #[cfg(target_arch = "x86_64")]
    let done = if crate::sliced::available(false) {
        // SAFETY: AVX2 was detected just above.
        unsafe { crate::sliced::apply_batch(nibbles, xs, out) }
    } else {
        0
    };
    #[cfg(not(target_arch = "x86_64"))]
    let done = {
        let _ = nibbles;
        0
    };
    for (x, z) in xs[done..].iter().zip(out[done..].iter_mut()) {
        *z = Nimber::new(tables.apply(x.value()));
    }
}

/// a ⊗ b by the portable kernel, whatever the CPU: the fallback used when
/// `PCLMULQDQ` is missing (exposed for benchmarks and tests).
///
/// ```
/// use sprague_nimber::{backend::portable_product, Nimber};
/// let (a, b) = (Nimber::new(0xdead_beef_0000_0001), Nimber::new(1 << 63));
/// assert_eq!(portable_product(a, b), a * b);
/// ```
pub fn portable_product(a: Nimber, b: Nimber) -> Nimber {
    Nimber::new(portable::product(a.value(), b.value()))
}

/// Whether the hardware kernels may be called.
#[inline(always)]
fn has_pclmulqdq() -> bool {
    #[cfg(all(target_arch = "x86_64", target_feature = "pclmulqdq"))]
    {
        true
    }
    #[cfg(all(target_arch = "x86_64", not(target_feature = "pclmulqdq")))]
    {
        std::arch::is_x86_feature_detected!("pclmulqdq")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Defines a dispatcher that calls the hardware kernel of the same name when possible.
macro_rules! dispatch {
    ($(fn $name:ident($($arg:ident: $ty:ty),*) $(-> $ret:ty)?;)*) => {$(
        #[inline]
        pub(crate) fn $name($($arg: $ty),*) $(-> $ret)? {
            #[cfg(target_arch = "x86_64")]
            if has_pclmulqdq() {
                // SAFETY: the hardware kernels need only `pclmulqdq`, which this CPU
                // has (checked just above, or enabled for the whole compilation,
                // in which case the block is not even needed).
                #[allow(unused_unsafe)]
                return unsafe { hardware::$name($($arg),*) };
            }
            portable::$name($($arg),*)
        }
    )*};
}

dispatch! {
    fn product(a: u64, b: u64) -> u64;
    fn square(a: u64) -> u64;
    fn pow(a: u64, exponent: u64) -> u64;
    fn inverse(a: u64) -> u64;
    fn product128(a: u128, b: u128) -> u128;
    fn square128(a: u128) -> u128;
    fn pow128(a: u128, exponent: u128) -> u128;
    fn inverse128(a: u128) -> u128;
    fn square_root128(a: u128) -> u128;
    fn artin_schreier_root128(a: u128) -> Option<u128>;
    fn product_columns(factor: u64) -> [u64; 64];
}
