"""``ops.MultitypeFuncGraph``, ``ops.HyperMap``, ``ops.Map``, ``ops.partial``,
``ops.constexpr``, ``ops.Print``: the composite helpers custom optimizers and gradient
clipping code use. They run as plain Python (inside GRAPH_MODE they are traced like any
Python), dispatching on MindSpore's type names.

Example:
    >>> import mscompat as ms
    >>> add = ms.ops.MultitypeFuncGraph("add")
    >>> @add.register("Number", "Number")
    ... def _(x, y):
    ...     return x + y
    >>> ms.ops.HyperMap(add)((1, 2), (10, 20))
    (11, 22)
"""
from __future__ import annotations

import functools
from collections.abc import Callable

from . import scope
from .tensor import Tensor


def _type_name(v) -> str:
    if isinstance(v, Tensor):
        return "Tensor"
    if isinstance(v, bool):
        return "Bool"
    if isinstance(v, (int, float)):
        return "Number"
    if isinstance(v, str):
        return "String"
    if isinstance(v, tuple):
        return "Tuple"
    if isinstance(v, list):
        return "List"
    if isinstance(v, dict):
        return "Dictionary"
    if v is None:
        return "None"
    if callable(v):
        return "Function"
    return type(v).__name__


_ALIASES = {"Number": {"Number", "Bool"}, "Bool": {"Bool"}}


def _matches(sig: tuple, names: tuple) -> bool:
    return len(sig) == len(names) and all(
        s == n or n in _ALIASES.get(s, ()) for s, n in zip(sig, names))


_SPARSE = ("RowTensor", "COOTensor", "CSRTensor")


def _refuse_sparse(names: tuple) -> None:
    """MindSpore's PYNATIVE MultitypeFuncGraph cannot take sparse Tensors (its GRAPH_MODE
    graphs, where gradient code calls them, can)."""
    for name in names:
        if name in _SPARSE:
            raise NotImplementedError(
                f"The python type <class 'mindspore.common.sparse_tensor.{name}'> "
                "cannot be converted to MindSpore type.")


class MultitypeFuncGraph:
    """``ops.MultitypeFuncGraph(name)``: functions registered per argument type names
    (``"Tensor"``, ``"Number"``, ``"Tuple"``, ...), chosen by the arguments' types."""

    def __init__(self, name: str, read_value: bool = False) -> None:
        self.name = name
        self.entries: list[tuple[tuple, Callable]] = []

    def register(self, *type_names):
        def deco(fn):
            self.entries.append((tuple(type_names), fn))
            return fn
        return deco

    def __call__(self, *args):
        names = tuple(_type_name(a) for a in args)
        if not scope.tracing():
            _refuse_sparse(names)
        for sig, fn in self.entries:
            if _matches(sig, names):
                return fn(*args)
        raise ValueError(f"For 'MultitypeFuncGraph', cannot find fn match given args. Got "
                         f"(sigs, fn): {[(s, f.__name__) for s, f in self.entries]}, and "
                         f"(dtype, args): {list(zip(names, args))}.")


def _hyper_map(fn, seqs, reverse=False):
    first = seqs[0]
    if isinstance(first, (tuple, list)):
        n = len(first)
        if any(not isinstance(s, (tuple, list)) or len(s) != n for s in seqs):
            raise ValueError("For 'HyperMap', the sequences must have the same length.")
        idx = range(n - 1, -1, -1) if reverse else range(n)
        out = {i: _hyper_map(fn, [s[i] for s in seqs], reverse) for i in idx}
        return (list if isinstance(first, list) else tuple)(out[i] for i in range(n))
    return fn(*seqs)


class HyperMap:
    """``ops.HyperMap(ops=None, reverse=False)``: applies ``ops`` element-wise over (nested)
    tuples/lists; without ``ops`` the first call argument is the function."""

    def __init__(self, ops=None, reverse: bool = False) -> None:
        self.ops, self.reverse = ops, reverse

    def __call__(self, *args):
        fn, seqs = (self.ops, args) if self.ops is not None else (args[0], args[1:])
        return _hyper_map(fn, list(seqs), self.reverse)


class Map(HyperMap):
    """``ops.Map(ops=None, reverse=False)``: one level of mapping (not nested)."""

    def __call__(self, *args):
        fn, seqs = (self.ops, args) if self.ops is not None else (args[0], args[1:])
        out = [fn(*items) for items in zip(*seqs)]
        return type(seqs[0])(out)


partial = functools.partial


def constexpr(fn=None, get_instance=True, name=None, reuse_result=True, check=True):
    """``ops.constexpr``: the function runs as Python (its inputs are constants)."""
    if fn is None:
        return lambda f: f
    return fn


class Print:
    """``ops.Print()(*args)``: one line per argument; Tensors as MindSpore prints them. In
    GRAPH_MODE code it prints on every call (``graph_print``)."""

    def __init__(self) -> None:
        self.name = "Print"

    def __call__(self, *args):
        if scope.tracing():
            print(*args, sep="\n")  # routed to the ordered print of the compiled program
        else:
            print(*(repr(a) if isinstance(a, Tensor) else a for a in args), sep="\n")

    def shard(self, *args, **kwargs):
        return self


def add_flags(fn=None, **flags):
    """``ops.add_flags(fn, **flags)``: sets compiler flags on ``fn`` (kept in its
    ``_func_graph_flags``, which mscompat's compiler does not need) and returns it; also a
    decorator factory without ``fn``.

    Example:
        >>> from mscompat import ops
        >>> f = ops.add_flags(lambda x: x, defer_inline=True)
        >>> f._func_graph_flags
        {'defer_inline': True}
    """
    def apply(func):
        getattr(func, "__dict__", {}).setdefault("_func_graph_flags", {}).update(flags)
        return func
    return apply if fn is None else apply(fn)


def mixed_precision_cast(dst_dtype, x):
    """``ops.mixed_precision_cast(dst_dtype, x)``: the floating-point Tensors in ``x`` (a
    Tensor, or nested tuples/lists/dicts; lists come back as tuples) cast to ``dst_dtype``;
    anything else unchanged.

    Example:
        >>> import mscompat as ms
        >>> ms.ops.mixed_precision_cast(ms.float16, (ms.Tensor([1.0]), ms.Tensor([1]), 3))[0].dtype
        mindspore.float16
    """
    from .tensor import Tensor
    if isinstance(x, Tensor):
        return x.astype(dst_dtype) if x.is_floating_point() else x
    if isinstance(x, (tuple, list)):  # a list comes back a tuple, as in MindSpore
        return tuple(mixed_precision_cast(dst_dtype, v) for v in x)
    if isinstance(x, dict):
        return {k: mixed_precision_cast(dst_dtype, v) for k, v in x.items()}
    return x


class Partial:
    """``ops.Partial()(fn, *args)``: ``fn`` with its first arguments bound."""

    def __call__(self, fn: Callable, *args):
        return functools.partial(fn, *args)


def tuple_len(input_tuple) -> int:
    """``ops.tuple_len(t)``: the length of a tuple or list, as a Python int."""
    return len(input_tuple)


def scalar_to_array(input_x) -> Tensor:
    """``ops.scalar_to_array(x)``: a Python number as a 0-d Tensor (a float is Float32, an
    int Int64, a bool Bool, as ``Tensor(x)``). MindSpore 2.10's CPU build raises RuntimeError
    here (no infer function); mscompat returns the Tensor its documentation describes."""
    if isinstance(input_x, Tensor) or not isinstance(input_x, (int, float, bool)):
        raise TypeError(f"For 'ScalarToArray', the 'input_x' must be a bool, int or float, "
                        f"but got {type(input_x).__name__}.")
    return Tensor(input_x)


class ScalarToArray:
    """``ops.ScalarToArray()(x)``: as ``ops.scalar_to_array``."""

    def __call__(self, input_x) -> Tensor:
        return scalar_to_array(input_x)


FUNCTIONS = {"partial": partial, "constexpr": constexpr, "add_flags": add_flags,
             "mixed_precision_cast": mixed_precision_cast, "tuple_len": tuple_len,
             "scalar_to_array": scalar_to_array}
PRIMITIVES = {"MultitypeFuncGraph": MultitypeFuncGraph, "HyperMap": HyperMap, "Map": Map,
              "Print": Print, "Partial": Partial, "ScalarToArray": ScalarToArray}


def _like(fill: str):
    def like(x):
        from .tensor import Tensor
        if fill == "zeros" and isinstance(x, list):  # MindSpore's zeros_like has no list rule
            raise ValueError("For 'MultitypeFuncGraph', cannot find fn match given args: "
                             "ops.composite.zeros_like takes a Tensor or a tuple, not a list.")
        if fill == "zeros" and isinstance(x, tuple):
            raise NotImplementedError("mindspore.ops.composite.zeros_like of a tuple (MindSpore "
                                      "2.10 returns the int 0) is not supported by mscompat.")
        if isinstance(x, (tuple, list)):
            return tuple(like(v) for v in x)
        if not isinstance(x, Tensor):
            raise NotImplementedError(f"mindspore.ops.composite.{fill}_like of a "
                                      f"{type(x).__name__} is not supported by mscompat "
                                      f"(Tensors and tuples/lists of them are).")
        from .. import ops
        return getattr(ops, f"{fill}_like")(x)
    like.__name__ = f"{fill}_like"
    like.__doc__ = (f"``ops.composite.{fill}_like``: ``ops.{fill}_like`` over a Tensor or "
                    f"{'nested tuples/lists of Tensors' if fill == 'ones' else 'a Tensor'}.")
    return like


ones_like = _like("ones")
zeros_like = _like("zeros")
