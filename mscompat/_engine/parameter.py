"""``Parameter`` and ``ParameterTuple``.

A Parameter is a Tensor whose value lives in a slot that can change (``set_data``,
optimizer updates). Its value is always read and written through ``scope`` so that inside a
transform it yields the value bound for that call (see ``scope.py``).

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> z = ms.Parameter(ms.Tensor(np.array([1.0], np.float32)), name='z')
    >>> print(z.name, z.requires_grad)
    z True
"""
from __future__ import annotations

import itertools

import jax
import numpy as np

from .. import _checkparam
from . import dtypes, jaxconfig, mixed_precision, scope
from .dynamic_shape import Placeholder
from .initializers import Uninitialized
from .tensor import Tensor, to_jax

_MP_ACTIVE = mixed_precision._ACTIVE


class Parameter(Tensor):
    """MindSpore's ``Parameter(default_input, name=None, requires_grad=True, ...)``."""

    _scoped_writes = True  # written through the scope (``tensor.check_writable``)

    __slots__ = ("_stored", "_name", "requires_grad", "layerwise_parallel",
                 "parallel_optimizer", "__dict__")

    def __init__(self, default_input, name: str | None = None, requires_grad: bool = True,
                 layerwise_parallel: bool = False, parallel_optimizer: bool = True,
                 storage_format: str = "", device: str | None = None) -> None:
        self._name = _checked_name(name)
        if not isinstance(requires_grad, bool):
            raise TypeError(f"For 'Parameter', 'requires_grad' must be bool, but got "
                            f"{type(requires_grad).__name__}.")
        self._stored = _to_value(default_input)
        if device is not None and device not in ("CPU", "Remote"):  # (Ascend offloading:
            # where the value lives between uses, not what it is; the text is MindSpore's)
            raise ValueError(f"Only 'CPU' and 'Remote' is supported for device, but got "
                             f"${device}.")
        self.requires_grad = requires_grad
        self.layerwise_parallel = layerwise_parallel
        self.parallel_optimizer = parallel_optimizer

    # The value is routed through the active scope (functionalization).
    @property
    def _data(self):
        if _MP_ACTIVE.get() is None:
            return scope.read(self)
        return mixed_precision.read_cast(scope.read(self))

    @property
    def _value(self):
        """The value as stored, never cast by a Cell's type (for ops that write it)."""
        return scope.read(self)

    @property
    def dtype(self) -> dtypes.Type:
        return dtypes.from_np(scope.read(self).dtype)

    @_data.setter
    def _data(self, value) -> None:
        scope.write(self, value)

    @property
    def name(self) -> str:
        return self._name

    def register_hook(self, hook_fn):
        """``Tensor.register_hook`` (MindSpore's Parameter names the argument ``hook_fn``)."""
        return Tensor.register_hook(self, hook_fn)

    @name.setter
    def name(self, value: str | None) -> None:
        self._name = _checked_name(value)

    @property
    def data(self) -> Parameter:
        return self

    def value(self) -> Tensor:
        return Tensor._wrap(self._data)

    def set_data(self, data, slice_shape: bool = False) -> Parameter:
        # MindSpore lets set_data change the shape (a resized embedding, a new buffer).
        new = _to_value(data)
        old = self._data
        if new.dtype != old.dtype:
            new = new.astype(old.dtype)
        self._data = new
        return self

    def assign_value(self, value) -> Parameter:
        return self.set_data(value)

    def clone(self, init: str = "same") -> Parameter:
        if init != "same":
            from .initializers import initialize
            value = initialize(init, self.shape, self.dtype)
        else:
            value = self._data
        p = Parameter(Tensor._wrap(value), self.name, self.requires_grad,
                      self.layerwise_parallel, self.parallel_optimizer)
        return p

    def init_data(self, *args, **kwargs) -> Parameter:
        return self

    @property
    def is_init(self) -> bool:
        """False, as in MindSpore 2.10 for every Parameter (also after ``init_data``)."""
        return False

    def requires_grad_(self, requires_grad: bool = True) -> None:
        """Set ``requires_grad`` (to the truth value given, as MindSpore does); returns
        None. ``Cell.trainable_params`` then leaves the Parameter out or takes it in."""
        self.requires_grad = bool(requires_grad)

    def __str__(self) -> str:
        return repr(self)

    def __repr__(self) -> str:
        from . import tensor_format
        return tensor_format.format_parameter_repr(self.name, self.shape, str(self.dtype),
                                                   self.requires_grad)

    def __reduce__(self):
        return (_rebuild, (np.asarray(self._stored), self.name, self.requires_grad))

    __hash__ = object.__hash__


# MindSpore's Parameter attributes of distributed training and embedding caches: name ->
# (value a single process has, its setter's check; None: read-only); scripts set and read
# them, nothing here depends on them
_ATTRIBUTES = {
    "comm_fusion": (1, _checkparam.check_non_negative_int),
    "parallel_optimizer_comm_recompute": (False, _checkparam.check_bool),
    "sliced": (False, lambda v: v), "cache_enable": (False, lambda v: v),
    "requires_aggr": (True, lambda v: v), "key": (-1, lambda v: v),
    "cache_shape": ([], None), "init_mode": (None, None), "inited_param": (None, None),
    "is_default_input_init": (False, None), "is_in_parallel": (False, None),
}


def _default_attribute(name: str, default, check) -> property:
    def get(self):
        value = self.__dict__.get("_" + name, default)
        return list(value) if isinstance(value, list) else value

    def set_(self, value):
        self.__dict__["_" + name] = check(value)
    return property(get, None if check is None else set_)


for _n, (_v, _check) in _ATTRIBUTES.items():
    setattr(Parameter, _n, _default_attribute(_n, _v, _check))


def _rebuild(array, name, requires_grad):
    return Parameter(Tensor(array), name, requires_grad)


def _to_value(data):
    if isinstance(data, Tensor):
        if isinstance(data._data, Placeholder):
            raise ValueError("All shape elements of the Parameter must be positive. But got "
                             "None.")
        if isinstance(data._data, Uninitialized):  # MindSpore fills it now
            data.init_data()
        return data._data
    if isinstance(data, (int, float, bool)) and not isinstance(data, np.generic):
        # Python scalars: MindSpore makes float32 / int32 / bool Parameters.
        if isinstance(data, bool):
            return to_jax(data)
        if isinstance(data, int):
            return to_jax(np.asarray(data, np.int32))
        return to_jax(np.asarray(data, np.float32))
    return to_jax(data)


# An unnamed Parameter is named ``Parameter#<n>`` from one process-wide count, as in
# MindSpore (whose own import names two: a script's first is ``Parameter#2``); a Cell
# attribute takes such a Parameter's name from the attribute.
_GENERATED_PREFIX = "Parameter#"
_generated_ids = itertools.count(2)


def _checked_name(name) -> str:
    if name is None:
        return f"{_GENERATED_PREFIX}{next(_generated_ids)}"
    if not isinstance(name, str):
        raise ValueError(f"The type of the Parameter's name should be 'string' or 'None', but "
                         f"got {type(name)}.")
    name = name.strip()
    if not name:
        return f"{_GENERATED_PREFIX}{next(_generated_ids)}"
    if len(name) > 1024:
        raise ValueError(f"The length of the '{name}' name should be less than 1024.")
    return name


def is_generated_name(name: str) -> bool:
    """A name given to an unnamed Parameter (``Parameter#<n>``)."""
    return isinstance(name, str) and name.startswith(_GENERATED_PREFIX)


class ParameterTuple(tuple):
    """A tuple of Parameters (``ParameterTuple(net.trainable_params())``)."""

    def __new__(cls, iterable=()) -> ParameterTuple:
        items = tuple(iterable)
        seen, names = set(), set()
        for p in items:  # one Parameter may repeat; two with one name may not (MindSpore's)
            if not isinstance(p, Parameter):
                raise TypeError(f"For 'ParameterTuple', all elements should be Parameter, but "
                                f"got {type(p).__name__}.")
            if id(p) in seen:
                continue
            if p.name in names:
                raise ValueError(f"The value {p} , its name '{p.name}' already exists. Please "
                                 f"set a unique name for the parameter.")
            seen.add(id(p))
            names.add(p.name)
        return super().__new__(cls, items)

    def clone(self, prefix: str, init: str = "same") -> ParameterTuple:
        out = []
        for p in self:
            c = p.clone(init)
            c.name = prefix + "." + p.name
            out.append(c)
        return ParameterTuple(out)


jaxconfig.scope_class(Parameter)
scope.store = Parameter._stored.__set__  # see scope.commit
jax.tree_util.register_pytree_node(
    Parameter, lambda p: ((p._data,), None), lambda _, children: Tensor._wrap(children[0])
)

__all__ = ["Parameter", "ParameterTuple", "dtypes"]
