//! Python `fractions.Fraction`s built from the library's exact rationals
//! without a round trip through text.
//!
//! `Fraction(p, q)` checks its arguments' types and divides both by their gcd,
//! about 0.4 µs a value; for a 20-player Shapley value that is as much as a
//! sixth of the exact computation itself. The library's rationals
//! (`num_rational::BigRational`) are already in lowest terms with a positive
//! denominator, which is all a `Fraction` holds in its two slots
//! (`_numerator`, `_denominator`; Python 3.12 builds the same way in
//! `Fraction._from_coprime_ints`), so the maker sets those slots on a new
//! object directly. Whether this interpreter's `Fraction` can be built that
//! way is checked once, on first use, against `Fraction(-2, 3)` (equality,
//! hash, text, arithmetic); if not, every value goes through `Fraction(p, q)`.

use num_traits::ToPrimitive;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyTuple};
use sprague_strategic::exact_text::BigRational;

/// This interpreter's `Fraction` type, `object.__new__`, and whether a
/// `Fraction` may be built from its two slots: facts of the interpreter,
/// found on first use (importing twice per answer would cost more than the
/// values themselves).
static CONSTRUCTORS: PyOnceLock<(Py<PyAny>, Py<PyAny>, bool)> = PyOnceLock::new();

/// Builds `Fraction`s for one answer.
pub(crate) struct FractionMaker<'py> {
    fraction: Bound<'py, PyAny>,
    object_new: Bound<'py, PyAny>,
    /// `(Fraction,)`, the arguments of `object.__new__`, built once.
    new_arguments: Bound<'py, PyTuple>,
    by_slots: bool,
}

impl<'py> FractionMaker<'py> {
    /// The maker for this interpreter.
    pub(crate) fn new(py: Python<'py>) -> PyResult<Self> {
        let (fraction, object_new, by_slots) = CONSTRUCTORS.get_or_try_init(py, || {
            let fraction = py.import("fractions")?.getattr("Fraction")?;
            let mut maker = FractionMaker {
                new_arguments: PyTuple::new(py, [&fraction])?,
                fraction,
                object_new: py
                    .import("builtins")?
                    .getattr("object")?
                    .getattr("__new__")?,
                by_slots: false,
            };
            maker.by_slots = maker.slots_work().unwrap_or(false);
            Ok::<_, PyErr>((
                maker.fraction.unbind(),
                maker.object_new.unbind(),
                maker.by_slots,
            ))
        })?;
        let fraction = fraction.bind(py).clone();
        Ok(FractionMaker {
            new_arguments: PyTuple::new(py, [&fraction])?,
            fraction,
            object_new: object_new.bind(py).clone(),
            by_slots: *by_slots,
        })
    }

    fn slots_work(&self) -> PyResult<bool> {
        let py = self.fraction.py();
        let probe = self.by_slots_of(
            &(-2i64).into_pyobject(py)?.into_any(),
            &3i64.into_pyobject(py)?.into_any(),
        )?;
        let reference = self.fraction.call1((-2, 3))?;
        let one_third = self.fraction.call1((1, 3))?;
        Ok(probe.eq(&reference)?
            && probe.hash()? == reference.hash()?
            && probe.str()?.to_cow()? == "-2/3"
            && probe.add(1)?.eq(&one_third)?)
    }

    fn by_slots_of(
        &self,
        numerator: &Bound<'py, PyAny>,
        denominator: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = self.fraction.py();
        let value = self.object_new.call1(&self.new_arguments)?;
        value.setattr(intern!(py, "_numerator"), numerator)?;
        value.setattr(intern!(py, "_denominator"), denominator)?;
        Ok(value)
    }

    /// The `Fraction` equal to `value`.
    pub(crate) fn make(&self, value: &BigRational) -> PyResult<Bound<'py, PyAny>> {
        let numerator = self.int(value.numer())?;
        let denominator = self.int(value.denom())?;
        if self.by_slots {
            self.by_slots_of(&numerator, &denominator)
        } else {
            self.fraction.call1((numerator, denominator))
        }
    }

    /// A Python int (through `i64` when it fits, the common case).
    fn int(&self, value: &num_bigint::BigInt) -> PyResult<Bound<'py, PyAny>> {
        let py = self.fraction.py();
        match value.to_i64() {
            Some(small) => Ok(small.into_pyobject(py)?.into_any()),
            None => Ok(value.into_pyobject(py)?.into_any()),
        }
    }

    /// The dict `{keys[i]: values[i]}`.
    pub(crate) fn by_key(
        &self,
        keys: &Bound<'py, PyAny>,
        values: &[BigRational],
    ) -> PyResult<Bound<'py, PyDict>> {
        let py = self.fraction.py();
        let out = PyDict::new(py);
        for (key, value) in keys.try_iter()?.zip(values) {
            out.set_item(key?, self.make(value)?)?;
        }
        Ok(out)
    }
}

/// A [`FractionMaker`] that builds each distinct value of one answer once and
/// shares it (Fractions are immutable): an answer repeats its numbers (the
/// zeros of mixed strategies, an equilibrium's strategies again in its
/// clique).
pub(crate) struct SharedFractions<'py> {
    maker: FractionMaker<'py>,
    made: std::collections::HashMap<BigRational, Bound<'py, PyAny>>,
}

impl<'py> SharedFractions<'py> {
    /// An empty table.
    pub(crate) fn new(py: Python<'py>) -> PyResult<Self> {
        Ok(SharedFractions {
            maker: FractionMaker::new(py)?,
            made: std::collections::HashMap::new(),
        })
    }

    /// The `Fraction` equal to `value`, made once per value.
    pub(crate) fn fraction(&mut self, value: &BigRational) -> PyResult<Bound<'py, PyAny>> {
        if let Some(made) = self.made.get(value) {
            return Ok(made.clone());
        }
        let made = self.maker.make(value)?;
        self.made.insert(value.clone(), made.clone());
        Ok(made)
    }

    /// A new list of the `Fraction`s of `values`.
    pub(crate) fn list(&mut self, values: &[BigRational]) -> PyResult<Bound<'py, PyList>> {
        let items = values
            .iter()
            .map(|v| self.fraction(v))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(self.maker.fraction.py(), items)
    }

    /// A new list of new lists.
    pub(crate) fn lists(&mut self, rows: &[Vec<BigRational>]) -> PyResult<Bound<'py, PyList>> {
        let items = rows
            .iter()
            .map(|row| self.list(row))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(self.maker.fraction.py(), items)
    }
}
