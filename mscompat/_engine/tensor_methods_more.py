"""Tensor methods that are another op under a second name, overloaded methods, and the
in-place methods.

* ``ALIASES``: ``Tensor.<method>`` runs the functional op of another name
  (``Tensor.arccos`` is ``ops.acos``).
* Overloads MindSpore tells apart by their first argument: ``select(dim, index)`` or
  ``select(condition, y)``, ``index_add(dim, index, source, *, alpha)`` or
  ``index_add(indices, y, axis)``, ``scatter_add(dim, index, src)`` or
  ``scatter_add(indices, updates)``.
* ``INPLACE``: ``Tensor.<name>_`` computes ``Tensor.<name>`` and writes the result into the
  Tensor (cast to its dtype), returning the Tensor itself, as MindSpore documents; the write
  rebinds the Tensor's value as ``__setitem__`` does, so it is recorded and differentiated.
  Where the arithmetic promotes (``Bool.add_(1)``, ``Int32.div_(2)``) the promoted result
  is returned and nothing is written, as MindSpore 2.10 does.
  (MindSpore 2.10's CPU build returns the result without writing it for ``add_``, ``sub_``,
  ``mul_``, ``div_``, ``exp_``, ``remainder_`` and ``floor_divide_``, and has no kernel for
  the others: ``docs/divergences.md``.)

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    >>> _ = x.add_(ms.Tensor(np.array([1.0, 1.0], np.float32)), alpha=2)
    >>> print(x)
    [3. 4.]
"""
from __future__ import annotations

import weakref

import jax.numpy as jnp
import numpy as np

from . import ops_build
from .op_table import _ptp
from .op_table import _select as _select_values
from .ops_build import call
from .tensor import Tensor, _concrete, check_writable, unwrap

# method -> functional op it runs
ALIASES = {
    "absolute": "abs", "arccos": "acos", "arccosh": "acosh", "arcsin": "asin",
    "arcsinh": "asinh", "arctan": "atan", "arctan2": "atan2", "arctanh": "atanh",
    "deg2rad": "deg2rad", "bmm": "bmm", "mm": "mm", "inverse": "inverse", "inv": "inv",
    "svd": "svd", "gather_nd": "gather_nd", "unsorted_segment_max": "unsorted_segment_max",
    "unsorted_segment_min": "unsorted_segment_min",
    "unsorted_segment_prod": "unsorted_segment_prod", "xdivy": "xdivy", "invert": "invert",
    "igamma": "igamma", "igammac": "igammac", "nextafter": "nextafter",
    "cholesky": "cholesky", "cholesky_inverse": "cholesky_inverse",
    "cholesky_solve": "cholesky_solve", "matrix_determinant": "matrix_determinant",
    "log_matrix_determinant": "log_matrix_determinant", "qr": "qr", "lstsq": "lstsq",
    "reverse": "reverse",
    "approximate_equal": "approximate_equal", "soft_shrink": "soft_shrink",
    "diagonal_scatter": "diagonal_scatter", "select_scatter": "select_scatter",
    "slice_scatter": "slice_scatter", "index_fill": "index_fill",
    "masked_scatter": "masked_scatter", "inplace_update": "inplace_update",
    "unfold": "unfold", "fold": "fold", "eigvals": "eigvals", "fills": "fills",
    "lu_solve": "lu_solve", "unique_with_pad": "unique_with_pad",
}


def _bitwise_not(x):
    return jnp.logical_not(x) if x.dtype == jnp.bool_ else jnp.invert(x)


def _dot(input, other):
    if input.ndim < 2 or other.ndim < 2:
        raise ValueError(f"For 'dot', the inputs x1, x2 should have 'dimension >= 2',but got "
                         f"'len(x1_shape)': ({input.ndim}) and 'len(x2_shape)': "
                         f"({other.ndim}).")
    return jnp.dot(input, other)


def _where(input, condition, y):
    """``Tensor.where(condition, y)``: ``ops.where(condition, self, y)`` (a Python number's
    dtype as there)."""
    return _select_values(condition, input, y)


def _sum_to_size(input, *size):
    size = tuple(size[0]) if len(size) == 1 and isinstance(size[0], (tuple, list)) else size
    lead = input.ndim - len(size)
    axes = tuple(range(lead)) + tuple(lead + i for i, n in enumerate(size)
                                      if n == 1 and input.shape[lead + i] != 1)
    return jnp.sum(input, axis=axes, keepdims=True).reshape(size)


def _fill_diagonal(input, fill_value, wrap=False):
    rows, cols = input.shape[0], input.shape[1]
    n = min(rows, cols)
    r = np.arange(n)
    c = np.arange(n)
    if wrap and input.ndim == 2 and rows > cols + 1:
        starts = np.arange(0, rows, cols + 1)
        r = np.concatenate([s + np.arange(min(cols, rows - s)) for s in starts])
        c = np.concatenate([np.arange(min(cols, rows - s)) for s in starts])
    index = (r, c) if input.ndim == 2 else (r,) * input.ndim
    return input.at[index].set(jnp.asarray(fill_value, input.dtype))


def _choose(input, choices, mode="clip"):
    choices = jnp.stack([jnp.asarray(c) for c in choices])
    return jnp.choose(input, choices, mode=mode)


def _kthvalue(input, k, dim=-1, keepdim=False):
    order = jnp.argsort(input, axis=dim, stable=True)
    idx = jnp.take(order, k - 1, axis=dim)
    values = jnp.take_along_axis(input, jnp.expand_dims(idx, dim), axis=dim)
    idx = jnp.expand_dims(idx, dim)
    if not keepdim:
        values, idx = jnp.squeeze(values, dim), jnp.squeeze(idx, dim)
    return values, idx.astype(jnp.int64)


def _new_full(input, size, fill_value, *, dtype=None):
    from .dtypes import to_np
    size = (size,) if isinstance(size, int) else tuple(size)
    return jnp.full(size, fill_value, to_np(dtype) if dtype is not None else input.dtype)


def _new_empty(input, size, *, dtype=None, device=None):
    return _new_full(input, size, 0, dtype=dtype)


def _index_add_dim(input, dim, index, source, *, alpha=1):
    idx = (slice(None),) * (int(dim) % input.ndim) + (index,)
    return input.at[idx].add((alpha * source).astype(input.dtype))


def _index_copy(input, dim, index, tensor):
    idx = (slice(None),) * (int(dim) % input.ndim) + (jnp.ravel(index),)
    return input.at[idx].set(tensor.astype(input.dtype))


def _index_copy_(self, dim, index, tensor):
    """``Tensor.index_copy_(dim, index, tensor)``: the slices of ``tensor`` written at
    ``index`` along ``dim``, in place (MindSpore's CPU build has no kernel for it)."""
    value = call(_index_copy, [self._data, dim, unwrap(index), unwrap(tensor)])
    self._data = value._data
    return self


def _index_put(input, indices, values, accumulate=False):
    ref = input.at[tuple(indices)]
    values = values.astype(input.dtype)
    return ref.add(values) if accumulate else ref.set(values)


def _to_coo(self):
    """``Tensor.to_coo()``: a 2-D Tensor's nonzero elements (row by row) as a ``COOTensor``
    with Int32 indices."""
    from .sparse_tensor import COOTensor
    if self.ndim != 2:
        raise ValueError(f"For COOTensor, the length of 'shape' must be 2, but got "
                         f"{self.shape}.")
    data = np.asarray(_concrete(self._data))
    where = data != 0
    return COOTensor(Tensor(np.argwhere(where).astype(np.int32)), Tensor(data[where]),
                     self.shape)


def _to_csr(self):
    """``Tensor.to_csr()``: a 2-D float Tensor's nonzero elements as a ``CSRTensor`` with
    Int32 ``indptr`` and ``indices``."""
    from .sparse_tensor import CSRTensor
    if self.ndim != 2:
        raise ValueError("Currently only support 2-D Tensor when converting to CSRTensor.")
    if str(self.dtype) not in ("Float32", "Float64", "Complex64", "Complex128"):
        raise TypeError("For primitive[DenseToCSRSparseMatrix], the input argument"
                        "[dense_input] must be a type of {Tensor[Complex128], "
                        "Tensor[Complex64], Tensor[Float32], Tensor[Float64]}, but got "
                        f"Tensor[{self.dtype}].")
    data = np.asarray(_concrete(self._data))
    rows, cols = np.nonzero(data)
    indptr = np.concatenate([[0], np.cumsum(np.bincount(rows, minlength=data.shape[0]))])
    return CSRTensor(Tensor(indptr.astype(np.int32)), Tensor(cols.astype(np.int32)),
                     Tensor(data[rows, cols]), self.shape)


# method -> function of the Tensor itself (reading its concrete value)
CONVERSIONS = {"to_coo": _to_coo, "to_csr": _to_csr}

# method -> implementation (self first), MindSpore's signature
METHODS = {
    "bitwise_not": _bitwise_not, "dot": _dot, "where": _where, "ptp": _ptp,
    "sum_to_size": _sum_to_size, "fill_diagonal": _fill_diagonal, "choose": _choose,
    "kthvalue": _kthvalue, "new_full": _new_full, "new_empty": _new_empty,
    "index_put": _index_put,
}


def _is_index_like(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _select_where(self, condition, y):
    """``Tensor.select(condition, y)``: MindSpore's checks, then ``ops.select``; a Python
    ``y`` must match the Tensor's dtype (int for Int32, float for Float32)."""
    from .. import ops
    if not isinstance(condition, Tensor):
        raise TypeError("For 'Tensor.select', the argument 'condition' should be Tensor, but "
                        f"got {type(condition)}.")
    if not isinstance(y, (Tensor, int, float)):
        raise TypeError("For 'Tensor.select', the argument 'y' should be Tensor, int or "
                        f"float, but got {type(y)}.")
    for kind, dtype in ((int, "Int32"), (float, "Float32")):
        if isinstance(y, kind) and str(self.dtype) != dtype:
            raise TypeError(f"For 'Tensor.select', if the argument 'y' is {kind.__name__}, "
                            f"then the tensor type should be {dtype.lower()} but got "
                            f"{self.dtype}")
    if isinstance(y, (int, float)):
        y = ops.zeros_like(self) + y
    return ops.select(condition, self, y)


def _select(self, *args, **kwargs):
    """``select(dim, index)`` (a slice) or ``select(condition, y)`` (``ops.select``)."""
    from .. import mint
    if args and isinstance(args[0], Tensor) or "condition" in kwargs:
        condition = args[0] if args else kwargs.pop("condition")
        other = args[1:] or ((kwargs.pop("y"),) if "y" in kwargs else ())
        if kwargs or len(other) != 1:
            raise TypeError("Tensor.select(condition, y) takes 'condition' and 'y'.")
        return _select_where(self, condition, other[0])
    return mint.select(self, *args, **kwargs)


def _index_add(self, *args, **kwargs):
    """``index_add(dim, index, source, *, alpha=1)`` or ``index_add(indices, y, axis,
    use_lock=True, check_index_bound=True)`` (``ops.index_add``)."""
    from .. import ops
    if (args and _is_index_like(args[0])) or "dim" in kwargs:
        return ops_build.call(_index_add_dim, [self._data] + [unwrap(a) for a in args],
                              {k: unwrap(v) for k, v in kwargs.items()})
    return ops.index_add(self, *args, **kwargs)


def _scatter_add(self, *args, **kwargs):
    """``scatter_add(dim, index, src)`` (``ops.tensor_scatter_elements`` with addition) or
    ``scatter_add(indices, updates)`` (``ops.tensor_scatter_add``)."""
    from .. import ops
    if (args and _is_index_like(args[0])) or "dim" in kwargs:
        return _scatter_add_dim(self, *args, **kwargs)
    return ops.tensor_scatter_add(self, *args, **kwargs)


def _scatter_add_dim(self, dim, index, src):
    from .. import ops
    return ops.tensor_scatter_elements(self, index, src, axis=dim, reduction="add")


def _scatter_nd_method(op):
    def method(self, indices, updates):
        from .. import ops
        return getattr(ops, op)(self, indices, updates)
    method.__name__ = op
    return method


def _unique(self, sorted=True, return_inverse=False, return_counts=False, dim=None):
    from .. import mint
    return mint.unique(self, sorted, return_inverse, return_counts, dim)


_SIGNED = ("int8", "int16", "int32", "int64", "float32", "float64", "bfloat16", "complex64",
           "complex128")


def _is_signed(self) -> bool:
    """MindSpore 2.10: signed integers, float32/64, bfloat16 and complex (float16 is not)."""
    return str(np.dtype(self._data.dtype)) in _SIGNED


def _allclose(self, other, rtol=1e-05, atol=1e-08, equal_nan=False) -> bool:
    """A Python bool, as MindSpore returns."""
    a, b = (np.asarray(_concrete(v)) for v in (self._data, unwrap(other)))
    return bool(np.allclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan))


def _cast(dtype):
    def method(self):
        return self.astype(dtype)
    return method


def _m_t(self):
    return call(lambda x: jnp.swapaxes(x, -1, -2), [self._data])


def _m_h(self):
    return call(lambda x: jnp.conj(jnp.swapaxes(x, -1, -2)), [self._data])


def _itemset(self, *args):
    """``Tensor.itemset(*args)``: a new Tensor with one element set (this one unchanged)."""
    if len(args) == 1:
        index, value = 0, args[0]
    else:
        index, value = args
    def put(x):
        flat = jnp.ravel(x)
        i = index if isinstance(index, int) else int(np.ravel_multi_index(index, x.shape))
        return flat.at[i].set(jnp.asarray(value, x.dtype)).reshape(x.shape)
    return call(put, [self._data])


def _get_bytes(self) -> bytes:
    return np.ascontiguousarray(np.asarray(_concrete(self._data))).tobytes()


_CONST_ARGS: dict[int, weakref.ref] = {}


def _set_const_arg(self, const_arg=True):
    """``Tensor.set_const_arg(const_arg=True)``: marks the Tensor as a compile-time constant
    for MindSpore's ``jit``; mscompat only remembers the flag (``const_arg``)."""
    key = id(self)
    if const_arg:
        _CONST_ARGS[key] = weakref.ref(self, lambda _, k=key: _CONST_ARGS.pop(k, None))
    else:
        _CONST_ARGS.pop(key, None)
    return self


def _const_arg(self) -> bool:
    ref = _CONST_ARGS.get(id(self))
    return ref is not None and ref() is self


def _requires_grad_(self, requires_grad=True):
    self.requires_grad = requires_grad
    return self


OVERLOADS = {
    "select": _select, "index_add": _index_add, "scatter_add": _scatter_add,
    "scatter_sub": _scatter_nd_method("tensor_scatter_sub"),
    "scatter_mul": _scatter_nd_method("tensor_scatter_mul"),
    "scatter_div": _scatter_nd_method("tensor_scatter_div"),
    "scatter_max": _scatter_nd_method("tensor_scatter_max"),
    "scatter_min": _scatter_nd_method("tensor_scatter_min"),
    "unique": _unique, "is_signed": _is_signed, "allclose": _allclose,
    "ndimension": lambda self: self.ndim,
    "byte": _cast("uint8"), "short": _cast("int16"), "bfloat16": _cast("bfloat16"),
    "requires_grad_": _requires_grad_, "index_copy_": _index_copy_,
    "itemset": _itemset, "get_bytes": _get_bytes,
    "storage_offset": lambda self: 0, "data_ptr": lambda self: id(self),
    "move_to": lambda self, to="CPU", blocking=True: self.copy(),
    "is_pinned": lambda self: False, "is_shared": lambda self: False,
    "is_init": lambda self: False, "set_const_arg": _set_const_arg,
}

# read-only attributes: (name, value)
PROPERTIES = {"param_info": None, "is_meta": False,
              "virtual_flag": False, "init_flag": False,
              "symbolic_shape": None}

# in-place method -> the method computing its value
INPLACE = {
    "add_": "add", "sub_": "sub", "mul_": "mul", "div_": "div", "masked_fill_": "masked_fill",
    "clamp_": "clamp", "exp_": "exp", "log_": "log", "floor_": "floor", "sigmoid_": "sigmoid",
    "tanh_": "tanh", "sign_": "sign", "erfinv_": "erfinv", "remainder_": "__mod__",
    "floor_divide_": "floor_divide", "index_fill_": "index_fill", "index_add_": "index_add",
    "scatter_": "scatter", "scatter_add_": "scatter_add", "fill_diagonal_": "fill_diagonal",
    "masked_scatter_": "masked_scatter", "index_put_": "index_put", "addmm_": "addmm",
}


def _written(x, value):
    return jnp.broadcast_to(value, x.shape).astype(x.dtype)


# in-place methods MindSpore's CPU build runs (returning the result without writing it)
_CPU_RUN = frozenset({"add", "sub", "mul", "div", "exp", "__mod__", "floor_divide"})


def write_into(tensor, value):
    """``value`` written into ``tensor`` (broadcast, cast to its dtype): an in-place op's
    result; returns ``tensor``."""
    check_writable(tensor)
    tensor._data = call(_written, (tensor._data, value._data))._data
    return tensor


def _inplace(base: str):
    def method(self, *args, **kwargs):
        check_writable(self)
        value = getattr(self, base)(*args, **kwargs)
        if base in _CPU_RUN and value.dtype != self.dtype:
            # a promoted result (Bool + 1, Int32 / 2): MindSpore returns it and the Tensor
            # keeps its value and dtype
            return value
        return write_into(self, value)
    name = "remainder" if base == "__mod__" else base  # (remainder_ is ``%``: x % 0)
    method.__name__ = name + "_"
    method.__qualname__ = f"Tensor.{name}_"
    method.__doc__ = (f"``Tensor.{name}_``: ``Tensor.{base}`` written into this Tensor "
                      f"(cast to its dtype); returns the Tensor.")
    return method


def _augmented(op: str):
    """``Tensor.__i<op>__``: a new Tensor, ``self <op> other`` (MindSpore's ``t += x`` does not
    write into ``t``, and its Tensor has these methods for explicit calls)."""
    def method(self, other):
        return getattr(self, f"__{op}__")(other)
    method.__name__ = f"__i{op}__"
    method.__qualname__ = f"Tensor.__i{op}__"
    return method


def install(impls: dict) -> None:
    """Bind the methods; ``impls`` maps functional op names to their implementations."""
    for method, op in ALIASES.items():
        if method not in Tensor.__dict__:
            setattr(Tensor, method, ops_build._make_method(method, impls[op]))
    for method, impl in METHODS.items():
        if method not in Tensor.__dict__:
            setattr(Tensor, method, ops_build._make_method(method, impl))
    for method, fn in {**OVERLOADS, **CONVERSIONS}.items():
        if method not in Tensor.__dict__:
            setattr(Tensor, method, fn)
    for method, base in INPLACE.items():
        if method not in Tensor.__dict__:
            setattr(Tensor, method, _inplace(base))
    for op in ("add", "sub", "mul", "truediv", "floordiv", "mod"):
        if f"__i{op}__" not in Tensor.__dict__:
            setattr(Tensor, f"__i{op}__", _augmented(op))
    Tensor.mT = property(_m_t)
    Tensor.mH = property(_m_h)
    if "const_arg" not in Tensor.__dict__:
        Tensor.const_arg = property(_const_arg)
    if "H" not in Tensor.__dict__:
        Tensor.H = property(_m_h)
    for name, value in PROPERTIES.items():
        if name not in Tensor.__dict__ and not any(name in k.__dict__
                                                   for k in Tensor.__mro__[1:]):
            setattr(Tensor, name, property(lambda self, _v=value: _v))
