"""``RowTensor``, ``COOTensor``, ``CSRTensor``: MindSpore's sparse containers, held as their
index and value Tensors and computed with the dense ops (``tensor_scatter_add``,
``gather_nd``, ``segment_sum``), so dtypes, range checks and gradients are the dense ops'.
They are pytrees: they pass through ``jit``, Cells and ``ops.MultitypeFuncGraph`` (type name
``"RowTensor"``, ``"COOTensor"``, ``"CSRTensor"``) as MindSpore's do.

Example:
    >>> import mscompat as ms
    >>> coo = ms.COOTensor(ms.Tensor([[0, 1], [1, 2]], ms.int32),
    ...                    ms.Tensor([1.0, 2.0], ms.float32), (2, 3))
    >>> print(coo.to_dense())
    [[0. 1. 0.]
     [0. 0. 2.]]
    >>> print(coo.to_csr().indptr)
    [0 1 2]
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from .tensor import Tensor

_INDEX_DTYPES = ("Int16", "Int32", "Int64")


def _ops():
    from .. import ops  # the public ops: their dtype rules and checks
    return ops


def _sparse_inputs(indices, values, shape) -> None:
    if not isinstance(indices, Tensor):
        raise TypeError(f"For SparseTensors, 'indices' must be Tensor, but got {type(indices)}.")
    if not isinstance(values, Tensor):
        raise TypeError(f"For SparseTensors, 'values' must be Tensor, but got {type(values)}.")
    if not isinstance(shape, tuple):
        raise TypeError(f"For SparseTensors, 'shape' must be tuple, but got {type(shape)}.")


def _index_dtype(what: str, dtype) -> None:
    if str(dtype) not in _INDEX_DTYPES:
        raise TypeError(f"{what} must have int16 or int32 or int64 data type, but got {dtype}.")


def _sparse_repr(kind: str, shape: tuple, parts: dict) -> str:
    """MindSpore's text: the parts written as its GRAPH_MODE print writes Tensors."""
    from .graph_print import format_value
    values = parts["values"]
    fields = ", ".join(f"{k}={format_value(v.asnumpy())}" for k, v in parts.items())
    return f"{kind}(shape={list(shape)}, dtype={values.dtype}, {fields})"


def _indptr(sorted_rows: np.ndarray, n_rows: int, dtype) -> Tensor:
    """CSR row starts of entries whose rows are sorted."""
    return Tensor(np.searchsorted(sorted_rows, np.arange(n_rows + 1)).astype(dtype))


class _Sparse:
    """What COOTensor and CSRTensor share: ``shape`` and the values' properties."""

    init_finished = True  # MindSpore's attribute (its objects are built in two steps)
    shape = property(lambda self: self._shape, doc="The dense shape (a tuple).")
    dtype = property(lambda self: self._values.dtype, doc="The values' dtype.")
    size = property(lambda self: int(self._values.size), doc="The number of values.")
    itemsize = property(lambda self: self._values.itemsize, doc="Bytes per value.")
    ndim = property(lambda self: len(self._shape), doc="The dense rank.")


def _same_shape(a, b) -> None:
    if not tuple(a.shape) == tuple(b.shape):
        raise ValueError("Input tensors should have the same shape.")


class RowTensor:
    """``mindspore.RowTensor(indices, values, shape)``: the rows ``indices`` of a dense
    Tensor of ``shape`` (``dense_shape``), given as ``values``; what MindSpore's sparse
    gradients are, and what gradient-scaling code registers functions for.

    Example:
        >>> import mscompat as ms
        >>> row = ms.RowTensor(ms.Tensor([0, 2], ms.int32), ms.Tensor([[1.0], [2.0]]), (4, 1))
        >>> row.dense_shape
        (4, 1)
    """

    init_finished = True  # MindSpore's attribute (its objects are built in two steps)

    def __init__(self, indices=None, values=None, shape=None, row_tensor=None) -> None:
        if row_tensor is not None:
            if not isinstance(row_tensor, RowTensor):
                raise TypeError(
                    f"Expect input `row_tensor` to be a RowTensor, but got {type(row_tensor)}")
            if not (indices is None and values is None and shape is None):
                raise TypeError("If input `row_tensor` is provided, `indices`, `values`, "
                                "`shapes` should all be `None`")
            indices, values, shape = row_tensor.indices, row_tensor.values, row_tensor.dense_shape
        _sparse_inputs(indices, values, tuple(shape) if isinstance(shape, list) else shape)
        self._indices, self._values, self._shape = indices, values, tuple(shape)

    indices = property(lambda self: self._indices, doc="The row indices (a Tensor).")
    values = property(lambda self: self._values, doc="The rows (a Tensor).")
    dense_shape = property(lambda self: self._shape, doc="The dense shape (a tuple).")

    def __repr__(self) -> str:
        return _sparse_repr("RowTensor", self._shape,
                            {"indices": self._indices, "values": self._values})


class COOTensor(_Sparse):
    """``mindspore.COOTensor(indices, values, shape)``: a 2-D sparse Tensor, ``values[k]`` at
    ``indices[k]`` (duplicates add up in ``to_dense``).

    Example:
        >>> import mscompat as ms
        >>> coo = ms.COOTensor(ms.Tensor([[0, 1]], ms.int32), ms.Tensor([3.0]), (2, 2))
        >>> print((coo * ms.Tensor([[1.0, 2.0], [3.0, 4.0]])).values)
        [6.]
    """

    def __init__(self, indices=None, values=None, shape=None, coo_tensor=None) -> None:
        if coo_tensor is not None:
            if not isinstance(coo_tensor, COOTensor):
                raise TypeError(
                    f"Expect input `coo_tensor` to be a COOTensor, but got {type(coo_tensor)}")
            if not (indices is None and values is None and shape is None):
                raise TypeError("If input `coo_tensor` is provided, `indices`, `values`, "
                                "`shapes` should all be `None`")
            indices, values, shape = coo_tensor.indices, coo_tensor.values, coo_tensor.shape
        else:
            _sparse_inputs(indices, values, shape)
            _coo_shapes(tuple(indices.shape), tuple(values.shape), shape)
            if str(indices.dtype) not in _INDEX_DTYPES:
                raise TypeError("For COOTensor, the type of 'indices' must be one of "
                                f"[int16, int32, int64], but got {indices.dtype}.")
            indices = _ops().stop_gradient(indices)
        self._indices, self._values, self._shape = indices, values, tuple(shape)

    indices = property(lambda self: self._indices, doc="The (nnz, 2) indices.")
    values = property(lambda self: self._values, doc="The (nnz,) values.")

    def __repr__(self) -> str:
        return _sparse_repr("COOTensor", self._shape,
                            {"indices": self._indices, "values": self._values})

    def __neg__(self) -> COOTensor:
        return COOTensor(self._indices, -self._values, self._shape)

    def __add__(self, other):
        _same_shape(self, other)
        if isinstance(other, Tensor):
            return _ops().tensor_scatter_add(other, self._indices, self._values)
        if isinstance(other, COOTensor):
            return self.add(other, Tensor(0, self._values.dtype))
        raise TypeError(f"COOTensor add with {type(other)} is not supported.")

    def __sub__(self, other):
        _same_shape(self, other)
        if isinstance(other, Tensor):
            return _ops().tensor_scatter_add(-other, self._indices, self._values)
        if isinstance(other, COOTensor):
            return self.add(-other, Tensor(0, self._values.dtype))
        raise TypeError(f"COOTensor subtract with {type(other)} is not supported.")

    def _at_entries(self, other, op, what: str) -> COOTensor:
        """The values combined with a dense Tensor's values at the same indices."""
        _same_shape(self, other)
        if isinstance(other, Tensor):
            return COOTensor(self._indices,
                             op(self._values, _ops().gather_nd(other, self._indices)),
                             self._shape)
        raise TypeError(f"COOTensor {what} with {type(other)} is not supported.")

    def __mul__(self, other) -> COOTensor:
        return self._at_entries(other, lambda a, b: a * b, "multiply")

    def __truediv__(self, other) -> COOTensor:
        return self._at_entries(other, lambda a, b: a / b, "divide")

    def to_dense(self) -> Tensor:
        """The dense Tensor; duplicate indices add up."""
        zeros = _ops().zeros(self._shape, self._values.dtype)
        return _ops().tensor_scatter_add(zeros, self._indices, self._values)

    def to_tuple(self) -> tuple:
        """``(indices, values, shape)``."""
        return self._indices, self._values, self._shape

    def astype(self, dtype) -> COOTensor:
        """The values cast to ``dtype``."""
        return COOTensor(self._indices, self._values.astype(dtype), self._shape)

    def abs(self) -> COOTensor:
        """Absolute values."""
        return COOTensor(self._indices, self._values.abs(), self._shape)

    def to_csr(self) -> CSRTensor:
        """The CSRTensor: entries ordered by row (stable within a row), duplicates kept;
        Int32 indices, as MindSpore's COO2CSR kernel requires."""
        if str(self._indices.dtype) != "Int32":
            raise TypeError("The dtype of row_indices only support Int32 for now, but got "
                            f"{self._indices.dtype}.")
        idx = self._indices.asnumpy()
        order = np.argsort(idx[:, 0].astype(np.float32), kind="stable")
        return CSRTensor(_indptr(idx[order, 0], self._shape[0], idx.dtype),
                         Tensor(self._indices._data[order, 1]),
                         Tensor(self._values._data[order]), self._shape)

    def coalesce(self) -> COOTensor:
        """Duplicates summed, indices in row-major order (Int64 indices, as MindSpore's
        Coalesce kernel requires)."""
        if str(self._indices.dtype) != "Int64":
            raise TypeError("For primitive[Coalesce], the input argument[x_indices] must be a "
                            f"type of {{Tensor[Int64]}}, but got Tensor[{self._indices.dtype}].")
        idx = self._indices.asnumpy()
        flat = idx[:, 0] * self._shape[1] + idx[:, 1]
        keys, inverse = np.unique(flat, return_inverse=True)
        values = jax.ops.segment_sum(self._values._data, jnp.asarray(inverse.reshape(-1)),
                                     num_segments=len(keys))
        new = np.stack([keys // self._shape[1], keys % self._shape[1]], 1).astype(idx.dtype)
        return COOTensor(Tensor(new), Tensor(values), self._shape)

    def add(self, other: COOTensor, thresh: Tensor) -> COOTensor:
        """The sum with ``other`` (``SparseAdd``): the two index lists merged as sorted lists
        (MindSpore does not sort them first), equal indices summed and kept when the sum's
        magnitude reaches ``thresh``; Int64 indices, as its kernel requires."""
        for name, t in (("x1_indices", self), ("x2_indices", other)):
            if str(t.indices.dtype) != "Int64":
                raise TypeError(f"For primitive[SparseAdd], the input argument[{name}] must be "
                                f"a type of {{Tensor[Int64]}}, but got Tensor[{t.indices.dtype}].")
        a, b = self._indices.asnumpy(), other.indices.asnumpy()
        both = _ops().concat((self._values, other.values))._data
        order = _merge(a, b, np.abs(np.asarray(thresh.asnumpy())), np.asarray(both))
        first = jnp.asarray([i for i, _ in order], jnp.int32)
        second = jnp.asarray([i if j is None else j for i, j in order], jnp.int32)
        paired = jnp.asarray([j is not None for _, j in order], bool)
        values = jnp.where(paired, both[first] + both[second], both[first])
        indices = np.concatenate((a, b))[np.asarray(first, np.int64)].reshape(-1, 2)
        return COOTensor(Tensor(indices), Tensor(values), self._shape)


def _merge(a: np.ndarray, b: np.ndarray, thresh, values: np.ndarray) -> list:
    """The sorted-list merge of two index lists: ``(position, partner)`` pairs into the
    concatenated values (``partner`` is set where the two indices are equal and summed)."""
    order, i, j = [], 0, 0
    while i < len(a) and j < len(b):
        ka, kb = tuple(a[i]), tuple(b[j])
        if ka < kb:
            order.append((i, None))
            i += 1
        elif kb < ka:
            order.append((len(a) + j, None))
            j += 1
        else:
            if np.abs(values[i] + values[len(a) + j]) >= thresh:
                order.append((i, len(a) + j))
            i, j = i + 1, j + 1
    order += [(k, None) for k in range(i, len(a))]
    order += [(len(a) + k, None) for k in range(j, len(b))]
    return order


def _coo_shapes(indices_shape: tuple, values_shape: tuple, shape: tuple) -> None:
    if len(shape) != 2:
        raise ValueError(f"For COOTensor, the length of 'shape' must be 2, but got {shape}.")
    if indices_shape == (0,) and values_shape == (0,):
        return
    total = 1
    for s in shape:
        if s <= 0:
            raise ValueError(
                f"For COOTensor, the element of 'shape' must be positive, but got {s} in {shape}.")
        if not isinstance(s, int):
            raise TypeError(f"For COOTensor, the element type of 'shape' must be int, but got "
                            f"{type(s)}")
        total *= s
    if total < values_shape[0]:
        raise ValueError(f"For COOTensor, shape is too small: ({total}) to hold all "
                         f"values({values_shape[0]}).")
    if len(indices_shape) != 2:
        raise ValueError("For COOTensor, 'indices' must be a 2-dimensional tensor, but got a "
                         f"{len(indices_shape)}-dimensional tensor.")
    if len(values_shape) != 1:
        raise ValueError("For COOTensor, 'values' must be a 1-dimensional tensor, but got a "
                         f"{len(values_shape)}-dimensional tensor.")
    if indices_shape[0] != values_shape[0]:
        raise ValueError("For COOTensor, 'indices.shape[0]' must be euqal to 'values.shape[0]', "
                         f"but got 'indices.shape[0]' = {indices_shape[0]} and "
                         f"'values.shape[0]' = {values_shape[0]}.")
    if indices_shape[1] != 2:
        raise ValueError(f"For COOTensor, 'indices.shape[1]' must be 2, but got "
                         f"{indices_shape[1]}.")


def _csr_shapes(indptr_shape: tuple, indices_shape: tuple, values_shape: tuple,
                shape: tuple) -> None:
    if indptr_shape == (0,) and indices_shape == (0,) and values_shape == (0,):
        return
    total = values_total = 1
    for s in shape:
        if s <= 0:
            raise ValueError(f"For CSRTensor, the element of shape must be positive, but got {s}")
        if not isinstance(s, int):
            raise TypeError(f"For CSRTensor, the element type of shape must be int, but got "
                            f"{type(s)}")
        total *= s
    for s in values_shape:
        if s <= 0:
            raise ValueError(f"The element of shape must be positive, but got {s}")
        values_total *= s
    if total < values_total:
        raise ValueError(f"Shape total size: {total} is too small to hold {values_total} "
                         "non-zero values.")
    for name, rank in (("indices", len(indices_shape)), ("indptr", len(indptr_shape))):
        if rank != 1:
            raise ValueError(f"For CSRTensor, {name} must be a 1-dimensional tensor, but got a "
                             f"{rank} dimension tensor.")
    if shape[0] + 1 != indptr_shape[0]:
        raise ValueError(f"For CSRTensor, indptr must have length (1 + shape[0]), but got: "
                         f"{indptr_shape[0]}")
    if indices_shape[0] != values_shape[0]:
        raise ValueError("For CSRTensor, indices and values must equal in their shape, but got "
                         f"indices shape: {indices_shape[0]}, values shape: {values_shape[0]}.")
    if len(values_shape) + 1 != len(shape):
        raise ValueError("Values' dimension should equal to CSRTensor's dimension - 1, but got"
                         f"Values' dimension: {len(values_shape)} , CSRTensor's dimension: "
                         f"{len(shape)}")
    if tuple(values_shape[1:]) != tuple(shape[2:]):
        raise ValueError("CSRTensor's shape[2: ] must be equal to value's shape[1: ],but "
                         f"CSRTensor's shape[2: ] got: {shape[2:]} and value's shape[1: ]got: "
                         f"{values_shape[1:]}")


class CSRTensor(_Sparse):
    """``mindspore.CSRTensor(indptr, indices, values, shape)``: compressed sparse rows, row
    ``i``'s entries at ``indptr[i]:indptr[i + 1]`` of ``indices`` (columns) and ``values``.

    Example:
        >>> import mscompat as ms
        >>> csr = ms.CSRTensor(ms.Tensor([0, 1, 2], ms.int32), ms.Tensor([0, 1], ms.int32),
        ...                    ms.Tensor([1.0, 2.0]), (2, 4))
        >>> print(csr.sum(1))
        [[1.]
         [2.]]
    """

    def __init__(self, indptr=None, indices=None, values=None, shape=None,
                 csr_tensor=None) -> None:
        if csr_tensor is not None:
            if not isinstance(csr_tensor, CSRTensor):
                raise TypeError(
                    f"Expect input `csr_tensor` to be a CSRTensor, but got {type(csr_tensor)}")
            if not (indptr is None and indices is None and values is None and shape is None):
                raise TypeError("If input `csr_tensor` is provided, `indptr`, `indices`, "
                                "`values`, `shapes` should all be `None`")
            indptr, indices = csr_tensor.indptr, csr_tensor.indices
            values, shape = csr_tensor.values, csr_tensor.shape
        else:
            if not isinstance(indptr, Tensor):
                raise TypeError(f"For CSRTensor, 'indptr' must be Tensor, but got {type(indptr)}.")
            _sparse_inputs(indices, values, shape)
            _csr_shapes(tuple(indptr.shape), tuple(indices.shape), tuple(values.shape), shape)
            _index_dtype("For CSRTensor, indptr", indptr.dtype)
            _index_dtype("For CSRTensor, indices", indices.dtype)
            indptr, indices = _ops().stop_gradient(indptr), _ops().stop_gradient(indices)
        self._indptr, self._indices = indptr, indices
        self._values, self._shape = values, tuple(shape)

    indptr = property(lambda self: self._indptr, doc="Row starts, (rows + 1,).")
    indices = property(lambda self: self._indices, doc="Column of each value, (nnz,).")
    values = property(lambda self: self._values, doc="The values, (nnz, ...).")

    def __repr__(self) -> str:
        return _sparse_repr("CSRTensor", self._shape, {
            "indptr": self._indptr, "indices": self._indices, "values": self._values})

    def _rows(self) -> Tensor:
        """The row of each value (CSR2COO)."""
        starts = self._indptr.asnumpy()
        counts = np.diff(starts)
        rows = np.repeat(np.arange(len(counts)), counts).astype(starts.dtype)
        return Tensor(rows[: self._values.shape[0]])

    def _coords(self) -> Tensor:
        return _ops().stack((self._rows(), self._indices), 1)

    def _with(self, values) -> CSRTensor:
        return CSRTensor(self._indptr, self._indices, values, self._shape)

    def __neg__(self) -> CSRTensor:
        return self._with(-self._values)

    def _elementwise(self, other, op):
        if isinstance(other, (int, float, bool)):
            other = Tensor(other)
        if other.ndim == 0:  # MindSpore returns the values, a dense Tensor
            return op(self._values, other).reshape(self._values.shape)
        dense = _ops().broadcast_to(other, self._shape)
        return self._with(op(self._values, _ops().gather_nd(dense, self._coords())))

    def __mul__(self, other):
        return self._elementwise(other, lambda a, b: a * b)

    def __truediv__(self, other):
        return self._elementwise(other, lambda a, b: a / b)

    def __add__(self, other) -> CSRTensor:
        _same_shape(self, other)
        if isinstance(other, CSRTensor):
            one = Tensor(1, self._values.dtype)
            return self.add(other, one, one)
        raise TypeError(f"CSRTensor add with {type(other)} is not supported.")

    def __sub__(self, other) -> CSRTensor:
        _same_shape(self, other)
        if isinstance(other, CSRTensor):
            return self.add(other, Tensor(1, self._values.dtype), Tensor(-1, self._values.dtype))
        raise TypeError(f"CSRTensor subtract with {type(other)} is not supported.")

    def to_tuple(self) -> tuple:
        """``(indptr, indices, values, shape)``."""
        return self._indptr, self._indices, self._values, self._shape

    def to_coo(self) -> COOTensor:
        """The COOTensor of the same entries, in CSR order."""
        if self.ndim != 2:
            raise ValueError("Currently only support 2-D CSRTensor when converting to COOTensor.")
        return COOTensor(self._coords(), self._values, self._shape)

    def to_dense(self) -> Tensor:
        """The dense Tensor; duplicate entries add up."""
        zeros = _ops().zeros(self._shape, self._values.dtype)
        return _ops().tensor_scatter_add(zeros, self._coords(), self._values)

    def astype(self, dtype) -> CSRTensor:
        """The values cast to ``dtype``."""
        return self._with(self._values.astype(dtype))

    def abs(self) -> CSRTensor:
        """Absolute values."""
        return self._with(self._values.abs())

    def mv(self, dense_vector: Tensor) -> Tensor:
        """``self @ dense_vector`` for a (cols, 1) column: a (rows, 1) Tensor."""
        if dense_vector.ndim != 2 or tuple(dense_vector.shape) != (self._shape[1], 1):
            raise ValueError(f"For CSRMV, 'dense_vector' must be of shape ({self._shape[1]}, 1), "
                             f"but got {tuple(dense_vector.shape)}.")
        return self._product(dense_vector)

    def mm(self, matrix: Tensor) -> Tensor:
        """``self @ matrix`` for a dense (cols, k) matrix: a dense (rows, k) Tensor."""
        if isinstance(matrix, CSRTensor):
            raise NotImplementedError("mindspore.CSRTensor.mm of two CSRTensors (MindSpore: "
                                      "GPU only) is not supported by mscompat yet.")
        if matrix.ndim != 2 or matrix.shape[0] != self._shape[1]:
            raise ValueError(f"For CSRMM, 'matrix' must be 2-D with {self._shape[1]} rows, but "
                             f"got shape {tuple(matrix.shape)}.")
        if matrix.dtype != self._values.dtype:
            raise TypeError(f"For CSRMM, 'matrix' must have the values' dtype "
                            f"{self._values.dtype}, but got {matrix.dtype}.")
        return self._product(matrix)

    def _product(self, matrix: Tensor) -> Tensor:
        ops = _ops()
        terms = self._values.reshape(-1, 1) * ops.gather(matrix, self._indices, 0)
        return ops.unsorted_segment_sum(terms, self._rows(), self._shape[0])

    def sum(self, axis: int) -> Tensor:
        """Row sums, (rows, 1) (``axis`` 1 or -1: MindSpore's CSRReduceSum has no other)."""
        if axis not in (1, 1 - self.ndim):
            raise ValueError(f"For CSRReduceSum, `axis` should be 1 or 1-dim. But got `axis`: "
                             f"{axis}and `1- dim`: {1 - self.ndim}.")
        return self.to_dense().sum(axis, keepdims=True)

    def add(self, b: CSRTensor, alpha: Tensor, beta: Tensor) -> CSRTensor:
        """``alpha * self + beta * b`` as a CSRTensor, entries of each row sorted by column."""
        coo = COOTensor(_ops().concat((self._coords(), b._coords())).astype(jnp.int64),
                        _ops().concat((alpha * self._values, beta * b.values)), self._shape)
        merged = coo.coalesce()
        idx = merged.indices.asnumpy()
        return CSRTensor(_indptr(idx[:, 0], self._shape[0], self._indptr.asnumpy().dtype),
                         Tensor(idx[:, 1].astype(self._indices.asnumpy().dtype)),
                         merged.values, self._shape)


def _register(cls, fields: tuple) -> None:
    """A pytree: the index and value Tensors are the leaves, the dense shape the aux data."""
    def unflatten(shape, parts):
        new = object.__new__(cls)
        for field, part in zip(fields, parts):
            setattr(new, field, part)
        new._shape = shape
        return new
    jax.tree_util.register_pytree_node(
        cls, lambda t: ([getattr(t, f) for f in fields], t._shape), unflatten)


_register(RowTensor, ("_indices", "_values"))
_register(COOTensor, ("_indices", "_values"))
_register(CSRTensor, ("_indptr", "_indices", "_values"))
