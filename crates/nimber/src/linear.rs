//! GF(2)-linear maps on 64-bit words, applied by byte-indexed lookup tables.
//!
//! Nim addition is XOR, so every map that is additive for nim addition (the
//! basis changes of [`crate::basis`], the Frobenius square root, the
//! Artin–Schreier solver, multiplication by a fixed nimber) is a 64 × 64 matrix
//! over GF(2). Splitting the input into its 8 bytes gives
//! L(x) = T₀[x₀] ⊕ T₁[x₁] ⊕ … ⊕ T₇[x₇] with Tₖ[v] = L(v · 2^(8k)): eight loads
//! and seven XORs per application, from 16 KiB of tables (the classic
//! "method of four Russians" trade of memory for time, here with 8-bit chunks).

/// A GF(2)-linear map on `u64` as eight 256-entry tables (16 KiB).
#[derive(Clone)]
pub(crate) struct ByteTables {
    /// `tables[k][v]` is the image of `v << (8 k)`.
    tables: [[u64; 256]; 8],
}

impl ByteTables {
    /// The map sending bit `i` to `columns[i]`.
    pub(crate) const fn from_columns(columns: &[u64; 64]) -> Self {
        let mut tables = [[0u64; 256]; 8];
        let mut k = 0;
        while k < 8 {
            let mut v = 1usize;
            while v < 256 {
                // Peel off the lowest set bit: T[v] = T[v without it] ⊕ column.
                let low = v.trailing_zeros() as usize;
                tables[k][v] = tables[k][v & (v - 1)] ^ columns[8 * k + low];
                v += 1;
            }
            k += 1;
        }
        Self { tables }
    }

    /// Fills `self` with the map sending bit `i` to `columns[i]` (runtime version).
    pub(crate) fn fill_from_columns(&mut self, columns: &[u64; 64]) {
        for (k, table) in self.tables.iter_mut().enumerate() {
            table[0] = 0;
            for v in 1..256usize {
                let low = v.trailing_zeros() as usize;
                table[v] = table[v & (v - 1)] ^ columns[8 * k + low];
            }
        }
    }

    /// An all-zero map, to be filled by [`ByteTables::fill_from_columns`].
    pub(crate) fn boxed_zero() -> Box<Self> {
        Box::new(Self {
            tables: [[0u64; 256]; 8],
        })
    }

    /// L(x).
    #[inline(always)]
    pub(crate) fn apply(&self, x: u64) -> u64 {
        let t = &self.tables;
        (t[0][(x & 0xff) as usize] ^ t[1][((x >> 8) & 0xff) as usize])
            ^ (t[2][((x >> 16) & 0xff) as usize] ^ t[3][((x >> 24) & 0xff) as usize])
            ^ ((t[4][((x >> 32) & 0xff) as usize] ^ t[5][((x >> 40) & 0xff) as usize])
                ^ (t[6][((x >> 48) & 0xff) as usize] ^ t[7][(x >> 56) as usize]))
    }

    /// The image of bit `i` (the `i`-th column of the matrix).
    #[cfg(test)]
    pub(crate) fn column(&self, i: usize) -> u64 {
        self.tables[i / 8][1 << (i % 8)]
    }
}

/// The columns of the inverse of the invertible matrix with these columns
/// (Gauss–Jordan elimination over GF(2)); panics (at compile time when used in
/// a constant) if the matrix is singular.
pub(crate) const fn invert_columns(columns: &[u64; 64]) -> [u64; 64] {
    // Invariant: values[i] = M(combos[i]); reduce the values to the unit vectors.
    let mut values = *columns;
    let mut combos = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        combos[i] = 1 << i;
        i += 1;
    }
    let mut bit = 0;
    while bit < 64 {
        let mut pivot = bit;
        while pivot < 64 && (values[pivot] >> bit) & 1 == 0 {
            pivot += 1;
        }
        assert!(pivot < 64, "singular matrix");
        let (v, c) = (values[pivot], combos[pivot]);
        values[pivot] = values[bit];
        combos[pivot] = combos[bit];
        values[bit] = v;
        combos[bit] = c;
        let mut row = 0;
        while row < 64 {
            if row != bit && (values[row] >> bit) & 1 == 1 {
                values[row] ^= v;
                combos[row] ^= c;
            }
            row += 1;
        }
        bit += 1;
    }
    // Now values[j] = 2^j, so M⁻¹(2^j) = combos[j].
    combos
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_apply_the_map_and_inversion_inverts() {
        let mut columns = [0u64; 64];
        let mut state = 0x1234_5678_9abc_def0u64;
        for (i, column) in columns.iter_mut().enumerate() {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            // Unit lower-triangular part plus random upper bits keeps it invertible.
            *column = (1u64 << i) | (state & !(2u64 << i).wrapping_sub(1));
        }
        let map = ByteTables::from_columns(&columns);
        let inverse = ByteTables::from_columns(&invert_columns(&columns));
        let mut runtime = ByteTables::boxed_zero();
        runtime.fill_from_columns(&columns);
        for (i, &column) in columns.iter().enumerate() {
            assert_eq!(map.column(i), column);
        }
        for x in [
            0u64,
            1,
            0xdead_beef,
            u64::MAX,
            1 << 63,
            0x0123_4567_89ab_cdef,
        ] {
            let naive = (0..64)
                .filter(|i| (x >> i) & 1 == 1)
                .fold(0, |acc, i| acc ^ columns[i]);
            assert_eq!(map.apply(x), naive);
            assert_eq!(runtime.apply(x), naive);
            assert_eq!(inverse.apply(map.apply(x)), x);
        }
    }
}
