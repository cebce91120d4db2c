//! Nim arithmetic from Python: `Nimber`, an element of Conway's field of
//! nimbers below 2^128 (`sprague_nimber::Nimber128`), with nim-sum `+`
//! (and `-`, the same), nim-product `*`, division, powers, square roots and
//! inverses; and `nimber_eval` for an expression in the command line's syntax.

use pyo3::exceptions::{PyValueError, PyZeroDivisionError};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use sprague_nimber::Nimber128;

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Nimber>()?;
    module.add_function(wrap_pyfunction!(nimber_eval, module)?)?;
    Ok(())
}

/// A nimber *n (0 ≤ n < 2^128): `+` is the nim-sum (XOR), `*` the nim-product.
///
/// An int is taken as a nimber by the arithmetic (`Nimber(5) + 3`), and so by the
/// comparisons too: `Nimber(3) == 3`, with the int's hash, so a nimber and its int are one
/// key of a dict or set.
#[pyclass(module = "sprague", frozen, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Nimber {
    value: u128,
}

impl Nimber {
    fn of(value: Nimber128) -> Self {
        Nimber {
            value: value.value(),
        }
    }

    fn field(self) -> Nimber128 {
        Nimber128::new(self.value)
    }
}

/// A nimber or a Python int taken as one.
#[derive(FromPyObject)]
enum Operand {
    Nimber(Nimber),
    Int(u128),
}

impl Operand {
    fn field(self) -> Nimber128 {
        match self {
            Operand::Nimber(n) => n.field(),
            Operand::Int(v) => Nimber128::new(v),
        }
    }
}

#[pymethods]
impl Nimber {
    #[new]
    fn new(value: u128) -> Self {
        Nimber { value }
    }

    /// The nimber's number.
    #[getter]
    fn value(&self) -> u128 {
        self.value
    }

    fn __int__(&self) -> u128 {
        self.value
    }

    fn __index__(&self) -> u128 {
        self.value
    }

    fn __repr__(&self) -> String {
        format!("Nimber({})", self.value)
    }

    fn __str__(&self) -> String {
        format!("*{}", self.value)
    }

    /// Compared by number with another nimber or an int (`NotImplemented` for anything
    /// else, such as a float or a negative int: then not equal).
    fn __richcmp__(&self, other: Operand, op: CompareOp) -> bool {
        op.matches(self.value.cmp(&other.field().value()))
    }

    /// The hash of the int of the same number, since they are equal.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.value.into_pyobject(py)?.hash()
    }

    fn __bool__(&self) -> bool {
        self.value != 0
    }

    fn __add__(&self, other: Operand) -> Self {
        Nimber::of(Nimber128::new(self.value ^ other.field().value()))
    }

    fn __radd__(&self, other: Operand) -> Self {
        self.__add__(other)
    }

    fn __sub__(&self, other: Operand) -> Self {
        self.__add__(other)
    }

    fn __rsub__(&self, other: Operand) -> Self {
        self.__add__(other)
    }

    fn __neg__(&self) -> Self {
        *self
    }

    fn __mul__(&self, other: Operand) -> Self {
        Nimber::of(self.field().nim_product(other.field()))
    }

    fn __rmul__(&self, other: Operand) -> Self {
        self.__mul__(other)
    }

    fn __truediv__(&self, other: Operand) -> PyResult<Self> {
        self.field()
            .checked_div(other.field())
            .map(Nimber::of)
            .ok_or_else(|| PyZeroDivisionError::new_err("nimber division by *0"))
    }

    fn __rtruediv__(&self, other: Operand) -> PyResult<Self> {
        other
            .field()
            .checked_div(self.field())
            .map(Nimber::of)
            .ok_or_else(|| PyZeroDivisionError::new_err("nimber division by *0"))
    }

    fn __pow__(&self, exponent: u128, modulo: Option<Py<PyAny>>) -> PyResult<Self> {
        if modulo.is_some() {
            return Err(PyValueError::new_err(
                "pow() with a modulus has no meaning for nimbers",
            ));
        }
        Ok(Nimber::of(self.field().pow(exponent)))
    }

    /// The square root (every nimber has exactly one).
    fn sqrt(&self) -> Self {
        Nimber::of(self.field().square_root())
    }

    /// The multiplicative inverse; `ZeroDivisionError` for *0.
    fn inverse(&self) -> PyResult<Self> {
        self.field()
            .inverse()
            .map(Nimber::of)
            .ok_or_else(|| PyZeroDivisionError::new_err("*0 has no inverse"))
    }
}

/// The value of a nim-arithmetic expression such as `"16 * 16"` or `"sqrt(8) + 1"`.
#[pyfunction]
fn nimber_eval(expression: &str) -> PyResult<Nimber> {
    sprague_nimber::evaluate(expression)
        .map(Nimber::of)
        .map_err(|error| crate::InvalidInput::new_err(error.to_string()))
}
