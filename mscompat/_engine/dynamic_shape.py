"""Dynamic-shape placeholders and ``Cell.set_inputs``.

``Tensor(shape=[None, 3], dtype=ms.float32)`` is MindSpore's placeholder for an input whose
first dimension varies: it has a shape (``(-1, 3)``; ``-2`` is an unknown rank) and a dtype,
but no values, so anything that reads its values raises MindSpore's ValueError.
``Cell.set_inputs(*placeholders)`` declares a Cell's inputs; in GRAPH_MODE each call checks
its arguments against them with MindSpore's errors. mscompat compiles one program per input
shape (XLA's programs have static shapes), so the placeholders change which calls are
accepted, never the numbers; ``export`` turns their unknown dimensions into StableHLO's
symbolic dimensions.

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> x = ms.Tensor(shape=[None, 3], dtype=ms.float32)
    >>> x.shape
    (-1, 3)
    >>> net = ms.nn.ReLU()
    >>> net.set_inputs(x)
    >>> net(ms.Tensor(np.ones((5, 3), np.float32))).shape
    (5, 3)
"""
from __future__ import annotations

import functools
import inspect
import numbers

import numpy as np

NO_VALUES = "negative dimensions are not allowed"
UNKNOWN_RANK = -2


class Placeholder:
    """What a dynamic-shape Tensor holds: a shape with unknown (negative) dimensions and a
    NumPy dtype, no values. Reading values raises MindSpore's ValueError."""

    __slots__ = ("shape", "dtype")

    def __init__(self, shape: tuple, dtype: np.dtype) -> None:
        self.shape = shape
        self.dtype = dtype

    @property
    def ndim(self) -> int:
        return len(self.shape)

    size = 0  # as MindSpore's ``Tensor.size`` of a placeholder

    def _refuse(self, *args, **kwargs):
        raise ValueError(NO_VALUES)

    __array__ = __jax_array__ = _refuse

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        raise ValueError(NO_VALUES)


def has_placeholder(args, kwargs) -> bool:
    """Is a placeholder among an op's arguments (looked for after the op failed)?"""
    import jax
    leaves = jax.tree_util.tree_leaves((list(args), kwargs or {}),
                                       is_leaf=lambda x: isinstance(x, Placeholder))
    return any(isinstance(x, Placeholder) for x in leaves)


def infer(impl, args, kwargs: dict):
    """An op applied to placeholders: as in MindSpore, the result is a placeholder whose
    shape is inferred (through ``jax.eval_shape`` with StableHLO's symbolic dimensions; an
    unknown rank stays unknown). Where the shape cannot be inferred, MindSpore's ValueError."""
    import jax

    from .tensor import Tensor
    unknown_rank = False
    count = iter(range(1 << 30))

    def spec(x, shared: bool, scope):
        """Each unknown dimension its own symbol; or (``shared``) one symbol per axis, for
        ops that need two placeholders' unknown dimensions to agree (``concat``)."""
        nonlocal unknown_rank
        if x.shape == (UNKNOWN_RANK,):
            unknown_rank = True
            return jax.ShapeDtypeStruct((), x.dtype)
        dims = ", ".join((f"_a{axis}" if shared else f"_d{next(count)}") if d < 0 else str(d)
                         for axis, d in enumerate(x.shape))
        return jax.ShapeDtypeStruct(jax.export.symbolic_shape(dims, scope=scope), x.dtype)

    def is_leaf(x):
        return isinstance(x, Placeholder)
    leaves, treedef = jax.tree_util.tree_flatten((list(args), kwargs), is_leaf=is_leaf)

    def run(*abstract):  # the other arguments (numbers, arrays) stay what they were
        given = iter(abstract)
        a, k = jax.tree_util.tree_unflatten(
            treedef, [next(given) if is_leaf(x) else x for x in leaves])
        return impl(*a, **k)
    out = None
    for shared in (False, True):
        try:
            scope = jax.export.SymbolicScope()  # one scope: the symbols may be compared
            specs = [spec(x, shared, scope) for x in leaves if is_leaf(x)]
            out = jax.eval_shape(run, *specs)
            break
        except Exception:  # noqa: BLE001 - any failure: try the next way, else unknown
            continue
    if out is None:
        raise ValueError(NO_VALUES)

    def wrap(s):
        shape = (UNKNOWN_RANK,) if unknown_rank else tuple(
            d if isinstance(d, int) else -1 for d in s.shape)
        return Tensor._wrap(Placeholder(shape, np.dtype(s.dtype)))
    return jax.tree_util.tree_map(wrap, out)


def is_dynamic(shape) -> bool:
    """Does ``Tensor(shape=shape, ...)`` (with no data) describe a placeholder?"""
    if shape is None or isinstance(shape, numbers.Number):
        return shape is None or shape < 0
    items = list(shape)
    return any(d is None or (isinstance(d, numbers.Number) and d < 0) for d in items)


def placeholder_shape(shape, dtype, init) -> tuple:
    """MindSpore's shape of a placeholder: ``None`` -> ``(-2,)`` (unknown rank), a ``None``
    dimension -> ``-1``; a dtype is required and an ``init`` refused."""
    if dtype is None or init is not None:
        raise ValueError("If setting dynamic shape, dtype must not be None, init must be None")
    if shape is None:
        return (UNKNOWN_RANK,)
    if isinstance(shape, numbers.Number):
        return (int(shape),)
    out = []
    for d in shape:
        if d is None:
            out.append(-1)
        elif isinstance(d, numbers.Number) and not isinstance(d, bool):
            out.append(int(d))
        else:
            raise TypeError(f"'<' not supported between instances of '{type(d).__name__}' "
                            f"and 'int'")
    return tuple(out)


def placeholder_repr(shape: tuple, dtype_name: str) -> str:
    """``repr`` of a placeholder (its values are empty)."""
    gap = "\n" if len(shape) > 1 else " "
    return f"Tensor(shape=[{', '.join(map(str, shape))}], dtype={dtype_name}, value={gap})"


def _tensor_text(t) -> str:
    """A Tensor as MindSpore's C++ side prints it (no commas, no line break)."""
    shape = "[" + ", ".join(map(str, t.shape)) + "]"
    if isinstance(t._data, Placeholder):
        values = ""
    else:
        from .tensor_format import format_tensor_repr
        values = format_tensor_repr(t.asnumpy()).split("value=", 1)[1][:-1].strip()
        values = values.replace(",", "").replace("\n", "")
    return f"Tensor(shape={shape}, dtype={t.dtype}, value={values})"


# -- Cell.set_inputs ------------------------------------------------------------------------
@functools.cache
def _counts(func) -> tuple[int, int, bool]:
    positional = defaults = 0
    has_var = False
    for p in inspect.signature(func).parameters.values():
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            has_var = True
        elif p.kind is p.POSITIONAL_OR_KEYWORD:
            if p.default is p.empty:
                positional += 1
            else:
                defaults += 1
    return positional, defaults, has_var


def _arity_fault(fn, given: int) -> tuple[str, int, int] | None:
    """('few' | 'many', positional, defaults) when ``given`` positional arguments do not fit
    ``fn``; the signature is read once per function."""
    func = getattr(fn, "__func__", fn)
    positional, defaults, has_var = _counts(func)
    if func is not fn:  # a bound method: self is given
        positional -= 1
    if has_var:
        return None
    if given < positional:
        return "few", positional, defaults
    if given > positional + defaults:
        return "many", positional, defaults
    return None


def check_construct_args(construct, inputs: tuple) -> None:
    """GRAPH_MODE ``set_inputs`` and calls: as many inputs as ``construct`` takes."""
    fault = _arity_fault(construct, len(inputs))
    if fault is None:
        return
    kind, positional, defaults = fault
    if kind == "few":
        raise TypeError(f"For 'Cell', the function construct requires {positional} positional "
                        f"argument, but got {len(inputs)}. When using set_inputs, please make "
                        f"sure that all networks and loss functions are configured with "
                        f"set_inputs.")
    raise TypeError(f"For 'Cell', the function construct requires {positional} positional "
                    f"argument and {defaults} default argument, total "
                    f"{positional + defaults}, but got {len(inputs)}.")


def jit_arity_error(fn, args: tuple, kwargs: dict) -> TypeError | None:
    """MindSpore's TypeError for a compiled function called with the wrong arguments (None
    when the arguments fit ``fn``)."""
    if kwargs:
        try:
            inspect.signature(fn).bind(*args, **kwargs)
        except TypeError as e:
            return TypeError(str(e))
        return None
    fault = _arity_fault(fn, len(args))
    if fault is None:
        return None
    kind, positional, defaults = fault
    name = getattr(fn, "__name__", "function")
    if kind == "few":
        return TypeError(f"Function {name} needs {positional} positional argument, but got "
                         f"{len(args)}.")
    return TypeError(f"Function {name} needs {positional} positional argument and "
                     f"{defaults} default argument, total {positional + defaults}, but "
                     f"got {len(args)}.")


def keyword_inputs(construct, kwargs: dict) -> dict:
    """``set_inputs(name=placeholder, ...)``: MindSpore's record of the named positions."""
    names = [p.name for p in inspect.signature(construct).parameters.values()
             if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    infos = []
    for key, value in kwargs.items():
        if key not in names:
            raise ValueError(f"For dict mode, valid key is {names}, but got {key}!")
        infos.append([names.index(key), value])
    return {"arg_specified_infos": infos, "total_arg_length": len(names)}


def check_call(construct, expected, args: tuple) -> None:
    """A GRAPH_MODE call's arguments against the Cell's ``set_inputs`` (MindSpore's checks:
    count, then for each input its rank, its known dimensions, then its dtype)."""
    check_construct_args(construct, args)
    if isinstance(expected, dict):
        pairs = [(i, t, args[i]) for i, t in expected["arg_specified_infos"] if i < len(args)]
    else:
        if len(args) != len(expected):
            raise ValueError(f"For set_inputs, the length of input must be equal to expected "
                             f"one, but got expected: {len(expected)} and input: {len(args)}!")
        pairs = [(i, t, a) for i, (t, a) in enumerate(zip(expected, args))]
    for i, template, arg in pairs:
        _check_one(i + 1, template, arg)


def _is_tensor(x) -> bool:
    from .tensor import Tensor
    return isinstance(x, Tensor)


def _is_mutable(x) -> bool:
    return _is_tensor(x) or getattr(x, "__ms_mutable__", False)


def _check_one(n: int, template, arg) -> None:
    head = "For set_inputs or tuple(list) in set_inputs"
    if _is_mutable(template) != _is_mutable(arg):
        want, got = ("mutable", "static") if _is_mutable(template) else ("static", "mutable")
        raise TypeError(f"{head}, the {n}th should be {want} one, but got {got}!")
    if _is_tensor(template) and _is_tensor(arg):
        _check_tensor(n, template, arg)
    elif _is_mutable(template):
        if abstract(template, values=False) != abstract(arg, values=False):
            raise ValueError(f"{head}, the {n}th should be{abstract(template)}, but got "
                             f"{abstract(arg)}!")
    elif abstract(template) != abstract(arg):
        sep = "\n" if isinstance(template, (tuple, list)) else ""
        raise ValueError(f"{head}, the {n}th should be{sep}{abstract(template)}{sep}, but got "
                         f"{sep}{abstract(arg)}{sep}!")


def _check_tensor(n: int, template, arg) -> None:
    want, got = template.shape, arg.shape
    if want != (UNKNOWN_RANK,):
        if len(want) != len(got):
            raise ValueError(f"For set_inputs and tuple(list) in set_inputs, the dims of {n}th "
                             f"input must be the same as expected, but got expected: "
                             f"{len(want)}, and input: {len(got)}!")
        for w, g in zip(want, got):
            if w >= 0 and w != g:
                raise ValueError(f"For set_inputs and tuple(list) in set_inputs, the shape of "
                                 f"{n}th input must be the same as expected, but got expected: "
                                 f"{w}, and input: {g}!")
    if template.dtype != arg.dtype:
        raise TypeError(f"For set_inputs or tuple(list) in set_inputs, the {n}th type should be "
                        f"Tensor[{template.dtype}], but got Tensor[{arg.dtype}]!")


def abstract(x, values: bool = True) -> str:
    """MindSpore's description of a graph input (as its set_inputs errors print it)."""
    if x is None:
        return "AbstractNone(Value: None)"
    if _is_tensor(x):
        shape = ", ".join(map(str, x.shape))
        return (f"AbstractTensor(shape: ({shape}), element: AbstractScalar(Type: {x.dtype}, "
                f"Value: ValueAny, Shape: NoShape), value_ptr: {id(x):#x}, value: "
                f"{_tensor_text(x)})")
    if isinstance(x, (tuple, list)):
        kind = "AbstractTuple" if isinstance(x, tuple) else "AbstractList"
        items = ", \n".join(f"element[{i}]: {abstract(v, values)}" for i, v in enumerate(x))
        return f"{kind}{{\n{items}, dynamic_len:0, is dyn arg:0}}"
    if isinstance(x, dict):
        items = ", ".join(f"({abstract(k, values)}: {abstract(v, values)})"
                          for k, v in x.items())
        return f"AbstractDictionary{{ {items} }}"
    if isinstance(x, bool):
        kind, value = "Bool", str(x).lower()
    elif isinstance(x, int):
        kind, value = "Int64", str(int(x))
    elif isinstance(x, float):
        kind, value = "Float32", f"{float(x):g}"
    elif isinstance(x, str):
        kind, value = "String", x
    else:
        kind, value = type(x).__name__, repr(x)
    return f"AbstractScalar(Type: {kind}, Value: {value if values else 'ValueAny'}, " \
           f"Shape: NoShape)"
