"""``Tensor``: one ``jax.Array`` (or a tracer while a transform runs) with MindSpore's face.

A Tensor is a registered pytree node, so it passes through ``jax.jit``/``jax.vjp`` and
``jnp`` accepts it. Element-wise operators and most methods are installed from the op table
(``ops_table.py``); this file holds construction, metadata, conversion and printing.

Example:
    >>> import mscompat as ms
    >>> t = ms.Tensor([[1.0, 2.0]])
    >>> print(t.shape, t.dtype)
    (1, 2) Float32
"""
from __future__ import annotations

import contextlib
import numbers
import warnings
import weakref
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from . import dtypes, dynamic_shape, jaxconfig, lazy
from .errors import check_shape, const_vector
from .initializers import Uninitialized

_INPUT_TYPES = ("['TensorPy', 'Tensor', 'ndarray', 'str_', 'list', 'tuple', 'float', 'int', "
                "'bool', 'complex', 'bytes']")
_DTYPE_NAMES = ("[mindspore.int8, mindspore.int16, mindspore.int32, mindspore.int64, "
                "mindspore.uint8, mindspore.uint16, mindspore.uint32, mindspore.uint64, "
                "mindspore.float16, mindspore.float32, mindspore.float64, mindspore.bfloat16, "
                "mindspore.complex64, mindspore.complex128, mindspore.int4, "
                "mindspore.float8_e4m3fn, mindspore.float8_e5m2, mindspore.hifloat8, "
                "mindspore.bool, mindspore.string_]")


def check_input_data(data) -> None:
    """MindSpore's checks on ``Tensor(input_data)`` (``_check_input_data_type``): the
    accepted Python types, and lists/tuples/arrays NumPy cannot hold as numbers."""
    if not isinstance(data, (Tensor, jax.Array, jax.core.Tracer, np.ndarray, np.generic, list,
                             tuple, float, int, complex, bytes)):
        raise TypeError(f"For 'Tensor', the type of 'input_data' should be one of "
                        f"'{_INPUT_TYPES}', but got type '{type(data).__name__}'.")
    if isinstance(data, (bytes, np.str_, np.bytes_)) or (
            isinstance(data, np.ndarray) and data.dtype.kind in "US"):
        raise NotImplementedError("mscompat has no string Tensors (MindSpore's "
                                  "mindspore.string_ dtype).")
    if isinstance(data, np.ndarray) and data.dtype == object:
        raise TypeError(f"initializing tensor by numpy array failed, numpy array: {data}, "
                        f"data type: object.")


def check_dtype(dtype) -> None:
    """MindSpore's check on ``Tensor(..., dtype)``: a MindSpore number, bool or string type."""
    if not isinstance(dtype, dtypes.Type):
        got = dtype.__name__ if isinstance(dtype, type) else repr(dtype)
        raise TypeError(f"For 'Tensor', the 'dtype' should be one of {_DTYPE_NAMES}, "
                        f"but got '{got}'.")


def _infer_np(data, default_dtypes: bool = True) -> np.ndarray:
    """Python data -> NumPy array with MindSpore's default dtypes.

    MindSpore's rule (``Tensor.__init__``): a NumPy scalar or array keeps its dtype; a
    Python float is Float32, int Int64 (UInt64 from 2**63 on, as ``np.array`` holds it),
    complex Complex128; a list/tuple goes through ``np.array`` and then Float64 becomes
    Float32 and Int32/Int64 become Int64 (other dtypes - Float16, UInt8, Complex64, ... -
    stay). With an explicit dtype (``default_dtypes=False``) the ``np.array`` result is
    converted directly, as MindSpore converts it."""
    if isinstance(data, (np.generic, bool)):
        return np.asarray(data)
    if isinstance(data, float):
        return np.asarray(data, np.float32 if default_dtypes else np.float64)
    if isinstance(data, complex):
        return np.asarray(data, np.complex128)
    try:
        arr = np.asarray(_to_np_tree(data))
    except (ValueError, OverflowError):  # a ragged nested list
        arr = np.empty((), object)
    mixed_text = arr.dtype.kind == "U" and isinstance(data, (list, tuple)) and \
        not all(isinstance(v, str) for v in np.ravel(np.asarray(data, dtype=object)))
    if arr.dtype == object or mixed_text:  # (``[1, 'a']``: NumPy would make strings)
        if isinstance(data, int):
            raise RuntimeError("Unsupported tensor type!")
        raise TypeError(f"For Tensor, the input_data is {data} that contain unsupported "
                        f"element.")
    if default_dtypes and isinstance(data, (int, list, tuple)):
        if arr.dtype == np.float64:
            with np.errstate(over="ignore"):  # (1e40 is inf in Float32, silently)
                arr = arr.astype(np.float32)
        elif arr.dtype == np.int32:
            arr = arr.astype(np.int64)
    return arr


def _cast_np(arr: np.ndarray, np_dtype) -> np.ndarray:
    """NumPy's conversion, which is C's on the host (integers wrap, NaN to an integer is
    the type's minimum), as MindSpore's C++ conversion of ``Tensor(data, dtype)``."""
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return arr.astype(np_dtype)


def _to_np_tree(data):
    if isinstance(data, Tensor):
        return np.asarray(data._data)
    if isinstance(data, (list, tuple)):
        return [_to_np_tree(d) for d in data]
    return data


@jaxconfig.entry
def to_jax(data, dtype=None) -> jax.Array:
    """Convert user data to a jax array following MindSpore's dtype defaults."""
    if isinstance(data, Tensor):
        arr = data._data
    elif isinstance(data, (jax.Array, jax.core.Tracer)):
        arr = data
    elif dtype is not None:
        return jnp.asarray(_cast_np(_infer_np(data, False), dtypes.to_np(dtype)))
    else:
        arr = jnp.asarray(_infer_np(data))
    if dtype is not None:
        np_dtype = dtypes.to_np(dtype)
        if arr.dtype != np_dtype:
            arr = arr.astype(np_dtype)
    return arr



# NumPy has two names for each 64-bit integer type; MindSpore's arrays carry the C
# ``long long`` ones ('q'/'Q'), which NumPy prints with their dtype (``array([1, 2],
# dtype=int64)``) where the platform's ``long`` ('l') prints as ``array([1, 2])``.
_MS_INT64 = {"l": np.dtype(np.longlong), "L": np.dtype(np.ulonglong)}


def ms_ndarray(arr: np.ndarray) -> np.ndarray:
    """``arr`` as MindSpore hands arrays out: 64-bit integers as ``long long`` (a view)."""
    ll = _MS_INT64.get(arr.dtype.char)
    return arr if ll is None or ll.itemsize != arr.dtype.itemsize else arr.view(ll)

_TO_DEVICES = ("cpu", "CPU", "meta")
_TO_ABSENT_DEVICES = ("npu", "Ascend")
_TO_SIGNATURES = ("to(device=None, dtype=None, non_blocking=False, copy=False)",
                  "to(dtype, non_blocking=False, copy=False)",
                  "to(other, non_blocking=False, copy=False)")


def _to_dtype(tensor, args: tuple, kwargs: dict):
    """The dtype ``Tensor.to(*args, **kwargs)`` asks for (``tensor``'s own when only a
    device is given), with MindSpore's errors for the rest."""
    kwargs = dict(kwargs)
    for flag in ("non_blocking", "copy"):
        if not isinstance(kwargs.pop(flag, False), bool):
            raise TypeError(f"For 'to', '{flag}' must be bool.")
    args = list(args)
    device = kwargs.pop("device", None)
    if args and isinstance(args[0], str):
        device = args.pop(0)
    first = args.pop(0) if args else kwargs.pop("dtype", kwargs.pop("other", None))
    if args or kwargs or (first is not None and not isinstance(first, (Tensor, dtypes.Type))):
        given = ", ".join([type(a).__name__ for a in (first, *args) if a is not None]
                          + [f"{k}={type(v).__name__}" for k, v in kwargs.items()])
        raise TypeError(f'Failed calling to with "to({given})".\nThe valid calling should '
                        "be:\n" + "\n".join(f'"Tensor.{s}"' for s in _TO_SIGNATURES))
    if device is not None and device not in _TO_DEVICES:
        if device in _TO_ABSENT_DEVICES:
            raise RuntimeError(f"Create device context failed, please make sure target "
                               f"device '{device}' is available.")
        raise ValueError(f'Failed to convert the value "{device}" of input \'device\' of '
                         "'to' to enum.")
    if isinstance(first, Tensor):
        return first.dtype
    return tensor.dtype if first is None else first


class Tensor:
    """MindSpore's ``Tensor(input_data=None, dtype=None, shape=None, init=None)``."""

    __slots__ = ("_data", "__weakref__")
    _scoped_writes = False  # a Parameter's writes go through its scope (``check_writable``)

    def __init__(self, input_data=None, dtype=None, shape=None, init=None, internal=False,
                 const_arg=False, device=None) -> None:
        if input_data is None:
            if dynamic_shape.is_dynamic(shape) and (shape is not None or dtype is not None):
                shape = dynamic_shape.placeholder_shape(shape, dtype, init)
                check_dtype(dtype)
                self._data = dynamic_shape.Placeholder(shape, np.dtype(dtypes.to_np(dtype)))
                return
            if shape is None or dtype is None:
                raise TypeError("For 'Tensor', 'input_data' is None, so 'shape' and 'dtype' "
                                 "must both be given.")
            shape = check_shape("Tensor", shape, np.dtype(dtypes.to_np(dtype)).itemsize)
            if init is None:
                self._data = jnp.zeros(shape, dtypes.to_np(dtype))
            else:  # filled when first needed, as in MindSpore (``init_data``)
                from .initializers import uninitialized
                self._data = uninitialized(init, shape, dtype)
            return
        if init is not None:
            raise TypeError("For 'Tensor', 'init' must be None when 'input_data' is given.")
        check_input_data(input_data)
        if dtype is not None:
            check_dtype(dtype)
        self._data = to_jax(input_data, dtype)
        if _NUMPY_BACKED and _NUMPY_BACKED.get(id(input_data)) is input_data and \
                self._data.dtype == input_data._data.dtype:  # (the same NumPy array)
            _NUMPY_BACKED[id(self)] = self

    @classmethod
    def _wrap(cls, data) -> Tensor:
        t = object.__new__(Tensor)
        t._data = data
        return t

    # -- metadata ------------------------------------------------------------------------
    @property
    def dtype(self) -> dtypes.Type:
        return dtypes.from_np(self._data.dtype)

    @property
    def shape(self) -> tuple:
        return tuple(self._data.shape)

    @property
    def ndim(self) -> int:
        return self._data.ndim

    @property
    def size(self) -> int:
        return int(self._data.size)

    @property
    def itemsize(self) -> int:
        return self._data.dtype.itemsize

    @property
    def nbytes(self) -> int:
        return self.size * self.itemsize

    @property
    def strides(self) -> tuple:
        """Row-major byte strides: the item size times the sizes of the later axes (an
        empty Tensor's too, as MindSpore computes them; NumPy gives those as 0)."""
        out, step = [], self.itemsize
        for n in reversed(self.shape):
            out.append(step)
            step *= n
        return tuple(reversed(out))

    def dim(self) -> int:
        return self.ndim

    def numel(self) -> int:
        return self.size

    def nelement(self) -> int:
        return self.size

    def is_floating_point(self) -> bool:
        return self.dtype.is_float

    # -- conversion ----------------------------------------------------------------------
    def asnumpy(self) -> np.ndarray:
        if isinstance(self._data, Uninitialized):
            self.init_data()
        return ms_ndarray(np.array(_concrete(self._data)))

    numpy = asnumpy

    def __array__(self, dtype=None, copy=None):
        arr = ms_ndarray(np.asarray(self._data))
        return arr if dtype is None else arr.astype(dtype)

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        """MindSpore's Tensor leaves NumPy's operators to NumPy: ``ndarray == Tensor``,
        ``np.float32(2) * Tensor`` and ``np.exp(Tensor)`` are NumPy results computed from the
        Tensor's values (under a PYNATIVE transform too: the result is a constant). Inside a
        compiled function (GRAPH mode, ``jit``) the values are not there to take, and an
        operator with the Tensor on its right is the Tensor's reflected operator, as
        MindSpore's graph compiler treats it."""
        try:
            args = [i.asnumpy() if isinstance(i, Tensor) else i for i in inputs]
        except jax.errors.TracerArrayConversionError:
            reflected = _REFLECTED.get(ufunc.__name__)
            if (method != "__call__" or kwargs or len(inputs) != 2 or reflected is None
                    or not isinstance(inputs[1], Tensor)):
                return NotImplemented
            return getattr(inputs[1], reflected)(inputs[0])
        if any(np.ndim(a) for a in args):  # NumPy 1.x (MindSpore's): scalars do not promote
            args = [a.item() if isinstance(a, np.generic) else a for a in args]
        return getattr(ufunc, method)(*args, **kwargs)

    def __jax_array__(self):
        lazy.check_eager(self._data)
        return self._data

    def __dlpack__(self, *args, **kwargs):
        return _concrete(self._data).__dlpack__(*args, **kwargs)

    def __dlpack_device__(self):
        return _concrete(self._data).__dlpack_device__()

    def item(self):
        arr = self.asnumpy()
        if arr.size != 1:
            raise ValueError("The tensor should have only one element, but got "
                             f"{arr.size} elements.")
        return arr.reshape(()).item()

    def tolist(self):
        return self.asnumpy().tolist()

    def astype(self, dtype, copy=True) -> Tensor:
        from .ops_build import call
        return call(lazy.astype, (self._data,), {"dtype": dtypes.to_np(dtype)})

    def to(self, *args, **kwargs) -> Tensor:
        """MindSpore's ``to(dtype, non_blocking=False, copy=False)``, ``to(other, ...)`` (the
        other Tensor's dtype) and ``to(device=None, dtype=None, ...)`` (``"cpu"``/``"CPU"``/
        ``"meta"`` here; ``"Ascend"``/``"npu"`` need a device this process lacks): a new
        Tensor.

        >>> import mscompat as ms
        >>> ms.Tensor([1, 2]).to("cpu", ms.float32)
        Tensor(shape=[2], dtype=Float32, value= [ 1.00000000e+00,  2.00000000e+00])
        """
        return self.astype(_to_dtype(self, args, kwargs))

    def copy(self) -> Tensor:
        from .ops_build import call
        return call(_copy, (self._data,))

    def clone(self) -> Tensor:
        return self.copy()

    def set_dtype(self, dtype) -> Tensor:
        self._data = self._data.astype(dtypes.to_np(dtype))
        _NUMPY_BACKED.pop(id(self), None)  # (new data: no longer the NumPy array)
        return self

    def assign_value(self, value) -> Tensor:
        self._data = to_jax(value, self.dtype)
        _NUMPY_BACKED.pop(id(self), None)
        return self

    @staticmethod
    def from_numpy(array: np.ndarray) -> Tensor:
        return from_numpy(array)

    @property
    def init(self):
        """The Initializer that will fill this Tensor (``initializer(...)``), or None."""
        data = self._data
        return data.init if isinstance(data, Uninitialized) else None

    @property
    def has_init(self) -> bool:
        return isinstance(self._data, Uninitialized)

    def init_data(self, slice_index=None, shape=None, opt_shard_group=None) -> Tensor:
        """Fill a Tensor made by ``initializer(...)`` (drawing its seed now, as MindSpore
        does); MindSpore's TypeError for any other Tensor."""
        if not isinstance(self._data, Uninitialized):
            raise TypeError("init_data must be set Tensor.init, init can't be None")
        self._data = self._data.values()
        return self

    def __bool__(self) -> bool:
        if self.size != 1:
            raise ValueError(f"The tensor should have only one element, but got {self.size}, "
                             "more than one element is ambiguous.")
        return bool(np.asarray(_concrete(self._data)).reshape(()))

    def __int__(self) -> int:
        return int(np.asarray(_concrete(self._data)).reshape(()))

    def __float__(self) -> float:
        return float(np.asarray(_concrete(self._data)).reshape(()))

    def __index__(self) -> int:
        if self.dtype.kind not in ("int", "uint"):
            raise TypeError("Only integer tensors of a single element can be converted to "
                            "an index.")
        return int(np.asarray(_concrete(self._data)).reshape(()))

    def __len__(self) -> int:
        if self.ndim == 0:
            raise TypeError("Not support len of a 0-D tensor")
        return self.shape[0]

    def __iter__(self):
        if self.ndim == 0:
            raise TypeError("iteration over a 0-d tensor")
        return (self[i] for i in range(self.shape[0]))

    def __contains__(self, element) -> bool:
        """``element in t``: whether any element equals it (a number or a Tensor), as
        MindSpore's ``(element == t).any()``; other objects are never in a Tensor."""
        if isinstance(element, (Tensor, numbers.Number)):
            return bool((element == self).any().item())
        return False

    __hash__ = object.__hash__

    # -- indexing ------------------------------------------------------------------------
    def __getitem__(self, index) -> Tensor:
        from .ops_build import call
        check_index_dtypes(index)
        check_index(index, self.shape)
        index = later_masks_as_positions(index, self.shape)
        if isinstance(index, list) and self.ndim and all(
                type(i) is int for i in index):  # (normalised: a Gather of them drops no
            n = self.shape[0]                     # negative index's gradient, as MindSpore)
            index = [i + n if i < 0 else i for i in index]
        structure, arrays = split_index(index)
        return call(lazy.getitem, (self._data, *arrays), {"index": structure})

    def __setitem__(self, index, value) -> None:
        from .ops_build import call
        if isinstance(index, np.ndarray | np.integer) and not _tracing():
            check_index_dtypes(index)  # MindSpore refuses NumPy indices here too
        check_setitem_value(index, value)
        value = value._data if isinstance(value, Tensor) else value
        if _bool_mask(index) and lazy.in_program():
            check_writable(self)
            self._data = call(lazy.setitem_by_mask_graph, (self._data, value, index._data))._data
            return
        check_index(index, self.shape, "tensor setitem")
        index = later_masks_as_positions(index, self.shape, setitem=True)
        check_writable(self)
        structure, arrays = split_index(index)
        self._data = call(lazy.setitem, (self._data, value, *arrays),
                          {"index": structure})._data

    # -- printing ------------------------------------------------------------------------
    def __str__(self) -> str:
        from . import tensor_format
        if isinstance(self._data, dynamic_shape.Placeholder):
            raise ValueError(dynamic_shape.NO_VALUES)
        if isinstance(self._data, Uninitialized):
            newline = "\n" if self.ndim > 1 else ""
            return (f"Tensor(shape={list(self.shape)}, dtype={self.dtype}, value={newline}"
                    "<uninitialized>)")
        return tensor_format.format_tensor_str(np.asarray(_concrete(self._data)))

    def __repr__(self) -> str:
        from . import tensor_format
        if isinstance(self._data, dynamic_shape.Placeholder):
            return dynamic_shape.placeholder_repr(self.shape, str(self.dtype))
        if isinstance(self._data, Uninitialized):  # MindSpore shows the unfilled buffer
            return tensor_format.format_tensor_repr(np.zeros(self.shape, self._data.dtype),
                                                    str(self.dtype))
        arr = np.asarray(_concrete(self._data))
        if _NUMPY_BACKED.get(id(self)) is self and arr.dtype.kind == "f" and arr.ndim:
            # (MindSpore prints a Tensor made by from_numpy, while it holds the array, as
            # NumPy does: ``[0., 1., 2.]``)
            return tensor_format.format_tensor_repr(arr, str(self.dtype), numpy_style=True)
        return tensor_format.format_tensor_repr(arr, str(self.dtype))

    def __getattr__(self, name: str):
        # Reached only when ``name`` is not a Tensor attribute: a MindSpore Tensor method
        # mscompat does not have (a NotImplementedError that is also an AttributeError).
        from .unsupported import missing_attribute
        kind = "Parameter" if type(self).__name__ == "Parameter" else "Tensor"
        raise missing_attribute(f"mindspore.{kind}", name,
                                f"'{type(self).__name__}' object has no attribute '{name}'",
                                type(self))

    def __format__(self, spec: str) -> str:
        if spec:  # as MindSpore's Tensor: f"{loss:.4f}" needs loss.item() or .asnumpy()
            raise TypeError("unsupported format string passed to Tensor.__format__")
        return str(self)

    def __round__(self):
        """``round(t)``: ``ops.round`` (halves to even), a Tensor of the same dtype."""
        return self.round()


# NumPy ufunc -> the Tensor operator that computes ``other <op> tensor``
_REFLECTED = {
    "add": "__radd__", "subtract": "__rsub__", "multiply": "__rmul__",
    "true_divide": "__rtruediv__", "divide": "__rtruediv__", "floor_divide": "__rfloordiv__",
    "remainder": "__rmod__", "power": "__rpow__", "matmul": "__rmatmul__",
    "equal": "__eq__", "not_equal": "__ne__", "less": "__gt__", "less_equal": "__ge__",
    "greater": "__lt__", "greater_equal": "__le__", "bitwise_and": "__rand__",
    "bitwise_or": "__ror__", "bitwise_xor": "__xor__",
}


def _concrete(x):
    """The value of ``x`` for Python (printing, ``asnumpy``): an eager transform's tracer
    knows it; a compiled trace's does not, and raises JAX's concretization error, which
    makes GRAPH_MODE run that call through a graph break (``compile.py``)."""
    if isinstance(x, jax.core.Tracer):
        value = x.to_concrete_value()
        if value is None:
            raise jax.errors.TracerArrayConversionError(x)
        return value
    return x


def _copy(x):
    return jnp.array(x, copy=True)


def _tracing() -> bool:
    from . import scope
    return scope.tracing()


def check_writable(target: Tensor) -> None:
    """A plain Tensor made outside a compiled trace cannot be written from inside it (the
    trace's value would leak into it): the call runs through a graph break instead, eagerly,
    where the write happens as in MindSpore. Parameters are written through their scope."""
    if target._scoped_writes or not _tracing():
        return
    if not isinstance(target._data, jax.core.Tracer):
        from . import scope
        raise scope.GraphBreak(f"an in-place write to a Tensor made outside the compiled "
                               f"call (shape {tuple(target.shape)})")


def check_index_dtypes(index) -> None:
    """The Tensor index dtypes MindSpore's getitem takes: Bool, Int16/32/64 (Int8 too inside a
    tuple); an Int8 Tensor alone is a TypeError, other dtypes an IndexError. A NumPy array is
    refused (IndexError alone, TypeError in a tuple), a NumPy integer alone too."""
    items = index if isinstance(index, tuple) else (index,)
    for i in items:
        if isinstance(i, np.ndarray) and isinstance(index, tuple):
            raise TypeError(f"For tuple index, the types only support 'Slice', 'Ellipsis', "
                            f"'None', 'Tensor', 'int', 'List', 'Tuple', 'bool', but got type "
                            f"'Array', value: {i}")
        if isinstance(i, np.ndarray):
            raise IndexError(f"Only support integers, slices(`:`), ellipsis(`...`), None, bool, "
                             f"tensor, int, list and tuple as index, but got {i} with type "
                             f"{type(i)}")
        if isinstance(i, np.integer) and not isinstance(index, tuple) and not _tracing():
            raise IndexError(f"Unsupported Python object type received: {type(i)}. Supported "
                             f"types for tensor indexing are: list, int, float, tuple, slice, "
                             f"ellipsis, None, array, bool, or Tensor. Received value: {i}")
        if not isinstance(i, Tensor):
            continue
        name = str(i.dtype)
        if name in ("Bool", "Int16", "Int32", "Int64"):
            continue
        if isinstance(index, tuple):
            if name == "Int8":
                continue
            raise IndexError(f"The tensor element in tuple index must be int or bool type, "
                             f"but got {name}")
        if name == "Int8":
            raise TypeError("For primitive[Gather], the input argument[input_indices] must be "
                            "a type of {Tensor[Int16], Tensor[Int32], Tensor[Int64]}, but got "
                            "Tensor[Int8].")
        raise IndexError(f"The tensor index must be int or bool type, but got {name}")


def _dims_taken(item) -> int:
    """How many dimensions an index item consumes (a Bool mask: its rank; None and Ellipsis
    none; anything else one)."""
    if item is None or item is Ellipsis:
        return 0
    return item.ndim if isinstance(item, Tensor) and item.dtype.kind == "bool" else 1


def _index_shapes(items) -> list:
    """The shapes the advanced items of an index broadcast together (Tensor, NumPy and list
    indices; a concrete Bool Tensor gives one ``(count of True,)`` per dimension), or None
    where a traced mask leaves them unknown."""
    shapes = []
    for i in items:
        if isinstance(i, list) and i and all(type(v) is int for v in i):
            shapes.append((len(i),))
        elif isinstance(i, Tensor | np.ndarray):
            if i.dtype.kind not in ("b", "bool"):
                shapes.append(tuple(i.shape))
            elif i.ndim:
                data = i._data if isinstance(i, Tensor) else i
                if isinstance(data, (jax.core.Tracer, lazy.Lazy)):
                    return None
                shapes += [(int(np.count_nonzero(np.asarray(data))),)] * i.ndim
    return shapes


def check_index_broadcast(items, op: str) -> None:
    """MindSpore's ValueError when the advanced items' shapes do not broadcast: they are
    folded left to right, each pair compared position by position from the left of the
    longer one."""
    if sum(isinstance(i, list | Tensor | np.ndarray) for i in items) < 2:
        return  # (one advanced item broadcasts with nothing: no mask is read back)
    shapes = _index_shapes(items)
    if not shapes:
        return
    x = shapes[0]
    for y in shapes[1:]:
        n = max(len(x), len(y))
        out = []
        for k in range(n):
            i, j = k - (n - len(x)), k - (n - len(y))
            a, b = (x[i] if i >= 0 else 1), (y[j] if j >= 0 else 1)
            if a != b and 1 not in (a, b):
                raise ValueError(
                    f"For '{op}', x.shape and y.shape need to broadcast. The value of "
                    f"x.shape[{i}] or y.shape[{j}] must be 1 or -1 when they are not the "
                    f"same, but got x.shape = {const_vector(x)} and y.shape = "
                    f"{const_vector(y)}")
            out.append(max(a, b) if 0 not in (a, b) else 0)
        x = tuple(out)


def _bool_mask(index) -> bool:
    return isinstance(index, Tensor) and getattr(index._data, "dtype", None) == np.bool_


def check_setitem_value(index, value) -> None:
    """MindSpore's refusals of a ``x[index] = value`` value: a NumPy array or None is a
    TypeError; in PYNATIVE_MODE any other object than a Tensor, Python number, list or tuple
    (a NumPy scalar, a str) an IndexError; a list or tuple assigned through a Bool Tensor
    mask a ValueError (MindSpore broadcasts it to the wrong shape)."""
    if isinstance(value, np.ndarray) or value is None:
        raise TypeError(f"only support numbers, Tensor, tuple, list as value, but got "
                        f"{value} with type {type(value)}")
    if isinstance(value, (list, tuple)):
        if _bool_mask(index):
            raise ValueError(f"For 'BroadcastTo', in order to broadcast, each dimension pair "
                             f"must be equal or input dimension is 1 or target dimension is "
                             f"-1. But got the value {value!r} for a Bool Tensor index of "
                             f"shape {tuple(index.shape)}.")
        return
    if isinstance(value, (Tensor, bool, int, float)) and not isinstance(value, np.generic) \
            or lazy.in_program():
        return
    raise IndexError(f"Unsupported Python object type received: {type(value)}. Supported "
                     f"types for tensor indexing are: list, int, float, tuple, slice, "
                     f"ellipsis, None, array, bool, or Tensor. Received value: "
                     f"{value if isinstance(value, np.generic) else repr(value)}")


def check_index(index, shape: tuple, op: str = "tensor getitem") -> None:
    """MindSpore's errors for an index past the end: IndexError for an int or a Python list
    (an empty list too; a bare int in setitem in that form's words), RuntimeError for a
    concrete Tensor index (a traced one reads NaN instead, ``lazy.getitem``); ValueError
    for advanced items that do not broadcast."""
    items = index if isinstance(index, tuple) else (index,)
    check_index_broadcast(items, op)
    consumed = sum(_dims_taken(i) for i in items)
    dim = 0
    for i in items:
        if i is None:
            continue
        if i is Ellipsis:
            dim += len(shape) - consumed
            continue
        if dim >= len(shape):
            return  # too many indices: JAX's own error
        n = shape[dim]
        if isinstance(i, (int, np.integer)) and not isinstance(i, (bool, np.bool_)):
            if not -n <= i < n and op == "tensor setitem" and items[0] is index:
                raise IndexError(f"Index {i} is out of bounds for axis 0 with size {n}")
            if not -n <= i < n:
                raise IndexError(f"index {i} is out of bounds for dimension with size {n}")
        elif isinstance(i, (Tensor, list, np.ndarray)):
            if isinstance(i, list) and not i:
                raise IndexError("When tensor is indexed by list, the list can't be empty.")
            data = i._data if isinstance(i, Tensor) else i
            if not isinstance(data, (jax.core.Tracer, lazy.Lazy)):
                arr = np.asarray(data)
                if arr.dtype == np.bool_ and arr.ndim:
                    if dim == 0:  # MindSpore checks a leading mask (a later one it pads)
                        bad = [d for d in range(arr.ndim)
                               if d >= len(shape) or arr.shape[d] != shape[d]]
                        if bad:
                            raise ValueError(f"The shape of index {const_vector(arr.shape)}"
                                             f"does not match the shape of the indexed data "
                                             f"{const_vector(shape)} at dim index{bad[0]}")
                    dim += arr.ndim
                    continue
                if arr.dtype.kind in "iu" and arr.size and (arr.max() >= n or arr.min() < -n):
                    bad = arr.max() if arr.max() >= n else arr.min()
                    if isinstance(i, list):  # (a Python list is checked before the Gather)
                        raise IndexError(f"index {bad} out of bounds for dimension with size "
                                         f"{n}")
                    raise RuntimeError(f"For 'Gather', the 'input_indices' should be in the "
                                       f"range [0, {n}), but got {bad}.")
        dim += 1


def _last_of(item, n: int):
    """The last position an int or slice index item selects in a dimension of ``n``."""
    if isinstance(item, slice):
        picked = range(n)[item]
        return picked[-1] if len(picked) else 0
    return int(item) % n if isinstance(item, (int, np.integer)) and n else 0


def later_masks_as_positions(index, shape: tuple, setitem: bool = False):
    """A concrete Bool Tensor index after the first position selects its True positions, as
    MindSpore gathers (and scatters) them: a mask shorter than its dimension is read as
    padded with False, one with a True past the end is MindSpore's RuntimeError (getitem,
    ``GatherNd``) or ValueError (setitem, ``TensorScatterUpdate``, naming the last position
    of the items before the mask, the mask's first position past the end and the ints
    after it); ``check_index`` has checked a leading mask's shape."""
    items = index if isinstance(index, tuple) else (index,)
    if not any(isinstance(i, Tensor) and i.dtype.kind == "bool" for i in items[1:]):
        return index
    out, dim, per_dim = [], 0, []  # (per_dim: the item each dimension so far was taken by)
    for k, i in enumerate(items):
        if i is None:
            out.append(i)
            continue
        if i is Ellipsis:
            new_dim = len(shape) - sum(_dims_taken(j) for j in items[k + 1:])
            per_dim += [slice(None)] * (new_dim - dim)
            dim = new_dim
            out.append(i)
            continue
        if k and isinstance(i, Tensor) and i.dtype.kind == "bool" and i.ndim and \
                not isinstance(i._data, (jax.core.Tracer, lazy.Lazy)):
            positions = np.nonzero(np.asarray(i._data))
            limits = [shape[dim + d] if dim + d < len(shape) else 0 for d in range(i.ndim)]
            past = [j for j in range(positions[0].size)
                    if any(p[j] >= n for p, n in zip(positions, limits))]
            if past and setitem:
                before = [_last_of(j, shape[d]) for d, j in enumerate(per_dim)]
                after = [int(j) for j in items[k + 1:] if isinstance(j, (int, np.integer))]
                at = before + [int(p[past[0]]) for p in positions] + after
                raise ValueError(f"For 'TensorScatterUpdate', indices out of range for "
                                 f"input_x. Please check the indices which is "
                                 f"{const_vector(at)}")
            if past:
                at = [0] + [int(p[past[0]]) for p in positions]
                raise RuntimeError(f"For 'GatherNd', the indices[{past[0]}]: "
                                   f"{const_vector(at)}, does not index into input_shape: "
                                   f"{const_vector(shape)}.")
            out.extend(Tensor(p.astype(np.int64)) for p in positions)
            dim += i.ndim
            continue
        out.append(i)
        per_dim += [i] * _dims_taken(i)
        dim += _dims_taken(i)
    return tuple(out)


def split_index(index) -> tuple[Any, list]:
    """An index as (hashable structure, array parts): Tensor, NumPy and list indices become
    arrays (op inputs, so they are recorded and traced), the rest is static structure."""
    arrays: list = []

    def enc(i):
        if isinstance(i, tuple):
            return ("t",) + tuple(enc(j) for j in i)
        if isinstance(i, slice):
            parts = (i.start, i.stop, i.step)
            if any(isinstance(p, Tensor) for p in parts):
                parts = tuple(int(p) if isinstance(p, Tensor) else p for p in parts)
            return ("s",) + parts
        if isinstance(i, Tensor):
            arrays.append(i._data)
        elif isinstance(i, list):
            arrays.append(to_jax(i) if not any(isinstance(j, Tensor) for j in i)
                          else jnp.stack([to_jax(j) for j in i]))
        elif isinstance(i, (np.ndarray, jax.Array)):
            arrays.append(i)
        elif isinstance(i, (int, bool, np.integer, np.bool_, type(None), type(Ellipsis))):
            return i.item() if isinstance(i, np.generic) else i
        else:
            raise IndexError(f"Tensor index must be int, slice, None, Ellipsis, Tensor, list "
                             f"or tuple, but got {type(i).__name__}.")
        return ("a", len(arrays) - 1)

    return enc(index), arrays


def unwrap(x) -> Any:
    """Tensor -> its array (Parameters read their bound value); anything else unchanged."""
    return x._data if isinstance(x, Tensor) else x


def wrap(x) -> Any:
    """Arrays (possibly nested in tuples/lists) -> Tensors."""
    if isinstance(x, (jax.Array, jax.core.Tracer)):
        return Tensor._wrap(x)
    if isinstance(x, tuple):
        return tuple(wrap(i) for i in x)
    if isinstance(x, list):
        return [wrap(i) for i in x]
    return x


def _is_tensor(x) -> bool:
    return isinstance(x, Tensor)


def wrap_tree(tree):
    """Every array leaf of ``tree`` as a Tensor (Tensors already in it are kept)."""
    return jax.tree_util.tree_map(lambda x: x if isinstance(x, Tensor) else Tensor._wrap(x),
                                  tree, is_leaf=_is_tensor)


def to_raw(tree):
    """Every Tensor in ``tree`` replaced by its array (for transforms that nest outputs)."""
    return jax.tree_util.tree_map(lambda x: x._data if isinstance(x, Tensor) else x, tree,
                                  is_leaf=_is_tensor)


lazy.Tensor = Tensor

# Tensor.float(), .half(), ... : one row each.
_CASTS = {"float": "float32", "half": "float16", "double": "float64", "int": "int32",
          "long": "int64", "bool": "bool_"}
for _name, _dtype in _CASTS.items():
    setattr(Tensor, _name, lambda self, _t=dtypes.ALL[_dtype]: self.astype(_t))

def _unflatten(_, children) -> Tensor:
    t = object.__new__(Tensor)  # (Tensor._wrap without its call: once per output, W1)
    t._data = children[0]
    return t


jax.tree_util.register_pytree_node(Tensor, lambda t: ((t._data,), None), _unflatten)


def tensor(input_data=None, dtype=None, shape=None, init=None, const_arg=False,
           device=None) -> Tensor:
    """``mindspore.tensor``: a Tensor, as ``Tensor(input_data, dtype, shape, init)``.

    Example:
        >>> import mscompat as ms
        >>> print(ms.tensor([1, 2]), ms.tensor(1.5).dtype)
        [1 2] Float32
    """
    return Tensor(input_data, dtype, shape, init, const_arg=const_arg, device=device)


def from_numpy(array: np.ndarray) -> Tensor:
    """``mindspore.from_numpy(array)``: a Tensor of the array's dtype and values. MindSpore's
    shares the array's memory; here the values are copied at the call (a later write to the
    array does not reach the Tensor; ``docs/divergences.md``).

    Example:
        >>> import numpy as np
        >>> import mscompat as ms
        >>> ms.from_numpy(np.arange(3)).dtype
        mindspore.int64
    """
    if not isinstance(array, np.ndarray):
        raise TypeError("Expected a NumPy array.")
    tensor = Tensor(array)
    _NUMPY_BACKED[id(tensor)] = tensor  # (its repr: NumPy's text, until an op replaces it)
    return tensor


# The Tensors ``from_numpy`` made (by id; an entry goes with its Tensor).
_NUMPY_BACKED: weakref.WeakValueDictionary = weakref.WeakValueDictionary()


@contextlib.contextmanager
def holding(pairs):
    """While the block runs, each plain Tensor of ``(tensor, value)`` holds ``value`` (a
    transform's traced or recorded input), restored afterwards: MindSpore's PYNATIVE grad
    tracks Tensors by object, so a closure's use of an input object is that input.
    Parameters are left alone (``scope`` binds them)."""
    held = [(t, v) for t, v in pairs if not hasattr(t, "_stored")]
    saved = [(t, t._data) for t, _ in held]
    for t, v in held:
        t._data = v
    try:
        yield
    finally:
        for t, v in saved:
            t._data = v
