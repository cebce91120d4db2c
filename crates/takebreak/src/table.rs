//! Values stored in the narrowest width that holds them: one byte per value
//! while every value is below 256 (Grundy's game stays there up to heap
//! 7,250,048), two below 65,536, four otherwise. A table widens itself when a
//! larger value arrives; narrow tables halve or quarter memory traffic, which is
//! what the inner loops of a sweep are bound by.

/// An unsigned integer width used for stored values.
pub trait Value: Copy + Send + Sync + Eq + 'static {
    /// The largest value this width holds.
    const LIMIT: u32;
    /// Bytes per value.
    const BYTES: usize;
    /// The value as `u32`.
    fn get(self) -> u32;
    /// `value` in this width (the caller checks `value <= LIMIT`).
    fn new(value: u32) -> Self;
    /// A borrowed view of a slice of values of this width.
    fn table_ref(values: &[Self]) -> TableRef<'_>;
    /// The values as bytes, if this width is one byte (for the vector loops).
    fn as_bytes(values: &[Self]) -> Option<&[u8]> {
        let _ = values;
        None
    }
    /// The values as `u16`, if this width is two bytes (for the vector loops).
    fn as_u16s(values: &[Self]) -> Option<&[u16]> {
        let _ = values;
        None
    }
}

/// A borrowed view of a table of values (for checkpoints written while a sweep runs,
/// without copying the table).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableRef<'a> {
    /// One byte per value.
    U8(&'a [u8]),
    /// Two bytes per value.
    U16(&'a [u16]),
    /// Four bytes per value.
    U32(&'a [u32]),
}

impl TableRef<'_> {
    /// How many values.
    pub fn len(&self) -> usize {
        match self {
            TableRef::U8(values) => values.len(),
            TableRef::U16(values) => values.len(),
            TableRef::U32(values) => values.len(),
        }
    }

    /// Whether there is no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes per value (1, 2 or 4).
    pub fn bytes_per_value(&self) -> usize {
        match self {
            TableRef::U8(_) => 1,
            TableRef::U16(_) => 2,
            TableRef::U32(_) => 4,
        }
    }

    /// Calls `sink` with the values as little-endian bytes, a piece at a time.
    pub fn for_each_le_chunk<E>(
        &self,
        mut sink: impl FnMut(&[u8]) -> Result<(), E>,
    ) -> Result<(), E> {
        const PIECE: usize = 1 << 16;
        match self {
            TableRef::U8(values) => {
                for piece in values.chunks(PIECE) {
                    sink(piece)?;
                }
            }
            TableRef::U16(values) => {
                for piece in values.chunks(PIECE) {
                    let bytes: Vec<u8> = piece.iter().flat_map(|v| v.to_le_bytes()).collect();
                    sink(&bytes)?;
                }
            }
            TableRef::U32(values) => {
                for piece in values.chunks(PIECE) {
                    let bytes: Vec<u8> = piece.iter().flat_map(|v| v.to_le_bytes()).collect();
                    sink(&bytes)?;
                }
            }
        }
        Ok(())
    }
}

macro_rules! value_width {
    ($type:ty, $variant:ident $(, $extra:item)*) => {
        impl Value for $type {
            const LIMIT: u32 = <$type>::MAX as u32;
            const BYTES: usize = std::mem::size_of::<$type>();
            #[inline(always)]
            fn get(self) -> u32 {
                self as u32
            }
            #[inline(always)]
            fn new(value: u32) -> Self {
                value as $type
            }
            fn table_ref(values: &[Self]) -> TableRef<'_> {
                TableRef::$variant(values)
            }
            $(#[inline(always)] $extra)*
        }
    };
}
value_width!(
    u8,
    U8,
    fn as_bytes(values: &[Self]) -> Option<&[u8]> {
        Some(values)
    }
);
value_width!(
    u16,
    U16,
    fn as_u16s(values: &[Self]) -> Option<&[u16]> {
        Some(values)
    }
);
value_width!(u32, U32);

/// g(0), g(1), … in the narrowest width that holds them.
///
/// ```
/// use sprague_takebreak::ValueTable;
/// let mut table = ValueTable::default();
/// table.push(3);
/// assert_eq!(table.bytes_per_value(), 1);
/// table.push(300);
/// assert_eq!(table.bytes_per_value(), 2);
/// assert_eq!(table.to_vec(), vec![3, 300]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValueTable {
    /// One byte per value.
    U8(Vec<u8>),
    /// Two bytes per value.
    U16(Vec<u16>),
    /// Four bytes per value.
    U32(Vec<u32>),
}

impl Default for ValueTable {
    fn default() -> Self {
        ValueTable::U8(Vec::new())
    }
}

impl ValueTable {
    /// How many values are stored.
    pub fn len(&self) -> usize {
        match self {
            ValueTable::U8(values) => values.len(),
            ValueTable::U16(values) => values.len(),
            ValueTable::U32(values) => values.len(),
        }
    }

    /// Whether no value is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A borrowed view of the table.
    pub fn as_table_ref(&self) -> TableRef<'_> {
        match self {
            ValueTable::U8(values) => TableRef::U8(values),
            ValueTable::U16(values) => TableRef::U16(values),
            ValueTable::U32(values) => TableRef::U32(values),
        }
    }

    /// Bytes per stored value (1, 2 or 4).
    pub fn bytes_per_value(&self) -> usize {
        match self {
            ValueTable::U8(_) => 1,
            ValueTable::U16(_) => 2,
            ValueTable::U32(_) => 4,
        }
    }

    /// g(index), if stored.
    pub fn get(&self, index: usize) -> Option<u32> {
        match self {
            ValueTable::U8(values) => values.get(index).map(|&v| u32::from(v)),
            ValueTable::U16(values) => values.get(index).map(|&v| u32::from(v)),
            ValueTable::U32(values) => values.get(index).copied(),
        }
    }

    /// Appends a value, widening the table if it does not fit.
    pub fn push(&mut self, value: u32) {
        self.widen_for(value);
        match self {
            ValueTable::U8(values) => values.push(value as u8),
            ValueTable::U16(values) => values.push(value as u16),
            ValueTable::U32(values) => values.push(value),
        }
    }

    /// Widens the table so that it can hold `value`.
    pub fn widen_for(&mut self, value: u32) {
        loop {
            let wider = match self {
                ValueTable::U8(values) if value > u32::from(u8::MAX) => {
                    ValueTable::U16(values.iter().map(|&v| u16::from(v)).collect())
                }
                ValueTable::U16(values) if value > u32::from(u16::MAX) => {
                    ValueTable::U32(values.iter().map(|&v| u32::from(v)).collect())
                }
                _ => return,
            };
            *self = wider;
        }
    }

    /// Reserves room for `additional` more values.
    pub fn reserve(&mut self, additional: usize) {
        match self {
            ValueTable::U8(values) => values.reserve(additional),
            ValueTable::U16(values) => values.reserve(additional),
            ValueTable::U32(values) => values.reserve(additional),
        }
    }

    /// Keeps only the first `len` values.
    pub fn truncate(&mut self, len: usize) {
        match self {
            ValueTable::U8(values) => values.truncate(len),
            ValueTable::U16(values) => values.truncate(len),
            ValueTable::U32(values) => values.truncate(len),
        }
    }

    /// Every value as `u32`.
    pub fn to_vec(&self) -> Vec<u32> {
        (0..self.len())
            .filter_map(|index| self.get(index))
            .collect()
    }

    /// Every value as `u64`.
    pub fn to_u64_vec(&self) -> Vec<u64> {
        (0..self.len())
            .filter_map(|index| self.get(index))
            .map(u64::from)
            .collect()
    }

    /// The values in little-endian bytes of the current width.
    pub fn to_le_bytes(&self) -> Vec<u8> {
        match self {
            ValueTable::U8(values) => values.clone(),
            ValueTable::U16(values) => values.iter().flat_map(|v| v.to_le_bytes()).collect(),
            ValueTable::U32(values) => values.iter().flat_map(|v| v.to_le_bytes()).collect(),
        }
    }

    /// The checksum of the values: 64-bit FNV-1a over each value as 4 little-endian
    /// bytes, so it does not depend on the storage width.
    ///
    /// ```
    /// use sprague_takebreak::ValueTable;
    /// let mut narrow = ValueTable::default();
    /// narrow.push(7);
    /// let mut wide = ValueTable::U32(vec![7]);
    /// assert_eq!(narrow.checksum(), wide.checksum());
    /// ```
    pub fn checksum(&self) -> u64 {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for index in 0..self.len() {
            let value = self.get(index).unwrap_or(0);
            for byte in value.to_le_bytes() {
                hash ^= u64::from(byte);
                hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        hash
    }
}
