"""Generate primitive classes, functional ops and Tensor methods from ``op_table.TABLE``."""
from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

import jax

from . import (
    bprops,
    dynamic_shape,
    errors,
    initializers,
    jaxconfig,
    lazy,
    mixed_precision,
    ms_keywords,
    op_rows_array,
    op_rows_detection,
    op_rows_extra,
    op_rows_fft,
    op_rows_image,
    op_rows_linalg,
    op_rows_losses,
    op_rows_math,
    op_rows_more_array,
    op_rows_more_math,
    op_rows_nn,
    op_rows_signal,
    op_table,
    scope,
)
from .tensor import Tensor, unwrap, wrap, wrap_tree


@jaxconfig.entry
def call(impl: Callable, args, kwargs=None, shape_error: type = ValueError,
         label: str | None = None):
    """Run ``impl`` on arrays; while a PYNATIVE transform records, add a graph node.

    JAX's shape errors become MindSpore's classes here (``errors.translate``; ``label`` names
    the calling form, for MindSpore's wording of the message)."""
    try:
        return _call(impl, args, kwargs or {})
    except (TypeError, IndexError, ValueError) as e:
        if isinstance(e, TypeError) and not _binds(impl, args, kwargs):
            raise  # the arguments themselves do not fit (a missing or extra one)
        if dynamic_shape.has_placeholder(args, kwargs):  # no values: infer the result's shape
            return dynamic_shape.infer(impl, args, kwargs or {})
        initializers.refuse_uninitialized(args, kwargs)
        new = errors.translate(e, getattr(impl, "__name__", "op"), shape_error, label)
        if new is None:
            raise
        raise new from e


def _binds(impl: Callable, args, kwargs) -> bool:
    try:
        inspect.signature(impl).bind(*args, **(kwargs or {}))
    except TypeError:
        return False
    except ValueError:  # no signature to read
        return True
    return True


_MP_ACTIVE = mixed_precision._ACTIVE


def _call(impl: Callable, args, kwargs: dict):
    if _MP_ACTIVE.get() is not None:  # a Cell with a type is running (Cell.to_float)
        args, kwargs = mixed_precision.op_inputs(impl, args, kwargs)
    # (a Tensor passed by keyword, ``ops.sigmoid(input=t)``, is an input like the others)
    inputs = [*args, *kwargs.values()] if kwargs else args
    if lazy.has_lazy(inputs):
        if lazy.should_record(inputs):
            try:
                out = lazy.apply(impl, tuple(args), kwargs)
            except lazy.NotRecordable:
                pass
            else:
                return Tensor._wrap(out) if type(out) is lazy.Lazy else wrap_tree(out)
        # Fail closed: a recorded value never turns into a constant while recording.
        lazy.abandon_if_recording()
        args = lazy.concrete_tree(list(args))
        kwargs = lazy.concrete_tree(kwargs)
    return wrap(impl(*args, **kwargs))


def _unwrap_arg(x):
    if isinstance(x, Tensor):
        return x._data
    if isinstance(x, (tuple, list)) and x and any(isinstance(i, Tensor) for i in x):
        return type(x)(_unwrap_arg(i) for i in x)
    return x


def _unwrap_kwargs(kwargs: dict) -> dict:
    return {k: _unwrap_arg(v) for k, v in kwargs.items()} if kwargs else kwargs


class Primitive:
    """Base of every primitive class (``ops.MatMul()`` ...); attributes set at ``__init__``."""

    _op: op_table.OpDef | None = None

    def __init__(self, name: str | None = None) -> None:
        self.name = name or type(self).__name__
        self.attrs: dict[str, Any] = {}

    def add_prim_attr(self, name: str, value) -> Primitive:
        self.attrs[name] = value
        return self

    def shard(self, in_strategy=None, out_strategy=None, **kwargs) -> Primitive:
        """Parallel strategies are accepted and ignored (one device)."""
        self.attrs["in_strategy"] = in_strategy
        return self

    def set_device(self, device_target: str) -> Primitive:
        return self

    def recompute(self, mode: bool = True) -> Primitive:
        """Recomputation trades memory for time in the backward pass; values are the same,
        and XLA decides what to keep: accepted, nothing changes."""
        self.attrs["recompute"] = mode
        return self

    def set_prim_instance_name(self, instance_name: str) -> Primitive:
        self.instance_name = instance_name
        return self

    def __call__(self, *inputs, **kwargs):
        inputs = bound_inputs(type(self), inputs, kwargs)  # ``ops.ReduceSum()(x, axis=1)``
        dtype = mixed_precision.primitive_listed(type(self).__name__)
        if dtype is not None:  # amp O1: this Primitive runs in float16
            return mixed_precision.run_primitive(dtype, self._call, *inputs)
        return self._call(*inputs)

    def _call(self, *inputs):
        if self._op.extra.get("meta"):
            return self._op.impl(*inputs, **self._call_attrs)
        return call(self._op.impl, [_unwrap_arg(i) for i in inputs], self._call_attrs,
                    label=f"prim.{self._op.name}")

    def __repr__(self) -> str:
        """``Prim[Name]<attr=value, ...>``: the attributes as ``__init__`` received them (where
        MindSpore converts one to an enum number, ``pad_mode=2``, it prints the number)."""
        attrs = ", ".join(f"{k}={v}" for k, v in self.attrs.items() if k not in _REPR_IGNORED)
        return f"Prim[{self.name}]" + (f"<{attrs}>" if attrs else "")


@functools.cache
def _ms_call(cls: type) -> tuple:
    """(owner class name, parameters or None, fewest inputs, most inputs) of MindSpore's
    ``__call__`` of a Primitive class (``ms_keywords.PRIMITIVE_CALLS``; ``*args`` where not
    recorded)."""
    owner, params = next((ms_keywords.PRIMITIVE_CALLS[c.__name__] for c in cls.__mro__
                          if c.__name__ in ms_keywords.PRIMITIVE_CALLS), ("Primitive", None))
    if params is None:
        return owner, None, 0, float("inf")
    required = sum(d == ms_keywords.REQUIRED for _, d in params)
    return owner, params, required, len(params)


def bound_inputs(cls: type, inputs: tuple, kwargs: dict) -> tuple:
    """``inputs`` as they are when positional and as many as MindSpore's ``__call__`` of
    ``cls`` takes (the common call: one cached lookup), else ``primitive_call_inputs``."""
    lo, hi = _ms_call(cls)[2:]
    if kwargs or not lo <= len(inputs) <= hi:
        return primitive_call_inputs(cls, inputs, kwargs)
    return inputs


def primitive_call_inputs(cls: type, inputs: tuple, kwargs: dict) -> tuple:
    """The positional inputs of a Primitive called with keywords (or with too few or too
    many inputs), bound as MindSpore's ``__call__`` of the class binds them, with Python's
    TypeErrors under MindSpore's class name; a call that takes ``*args`` takes no keyword."""
    owner, params, required, most = _ms_call(cls)
    where = f"{owner}.__call__()"
    names = [n for n, _ in params or ()]
    for key in kwargs:
        if key not in names:
            raise TypeError(f"{where} got an unexpected keyword argument '{key}'")
        if names.index(key) < len(inputs):
            raise TypeError(f"{where} got multiple values for argument '{key}'")
    if len(inputs) > most:
        takes = most + 1 if required == most else f"from {required + 1} to {most + 1}"
        raise TypeError(f"{where} takes {takes} positional arguments but "
                        f"{len(inputs) + 1} were given")
    missing = [f"'{n}'" for i, (n, d) in enumerate(params) if i >= len(inputs)
               and n not in kwargs and d == ms_keywords.REQUIRED]
    if missing:
        listed = missing[0] if len(missing) == 1 else \
            ", ".join(missing[:-1]) + f" and {missing[-1]}"
        raise TypeError(f"{where} missing {len(missing)} required positional argument"
                        f"{'s' if len(missing) > 1 else ''}: {listed}")
    if not kwargs:
        return inputs
    last = max(names.index(k) for k in kwargs)
    out = list(inputs)
    for name, default in params[len(inputs):last + 1]:
        if name in kwargs:
            out.append(kwargs[name])
        elif default == ms_keywords.UNRECORDED:
            raise NotImplementedError(f"ops.{cls.__name__}: '{name}' left to its default "
                                      "while a later argument is given by keyword")
        else:
            out.append(default)
    return tuple(out)


_REPR_IGNORED = frozenset(("in_strategy", "out_strategy", "recompute", "primitive_target"))


class PrimitiveWithInfer(Primitive):
    pass


class PrimitiveWithCheck(Primitive):
    pass


def _make_primitive(op: op_table.OpDef) -> type:
    """The Primitive class of a row: ``__init__`` takes the row's ``attrs`` (a default of
    ``op_table.REQUIRED`` makes one required) and binds them as MindSpore's
    ``prim_attr_register`` does, with its TypeErrors (``missing a required argument: 'x'``,
    ``too many positional arguments``, ``got an unexpected keyword argument 'y'``)."""
    signature = inspect.Signature(
        [inspect.Parameter(a, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=d)
         for a, d in op.attrs])

    def __init__(self, *args, **kwargs):
        Primitive.__init__(self)
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError as exc:
            raise TypeError(str(exc)) from None
        bound.apply_defaults()
        values = dict(bound.arguments)
        self.attrs.update(values)
        self._call_attrs = values
        for name, value in values.items():
            setattr(self, name, value)

    __init__.__signature__ = signature.replace(parameters=[
        inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY),
        *signature.parameters.values()])
    return type(op.name, (Primitive,), {"_op": op, "__init__": __init__,
                                        "__doc__": f"MindSpore's ``ops.{op.name}``."})


def _make_functional(name: str, impl: Callable, shape_error: type = ValueError,
                     meta: bool = False, qualname: str | None = None) -> Callable:
    qualname = qualname or f"ops.{name}"
    keywords = ms_keyword_map(qualname, impl)
    overloads = [] if keywords is not None else _overload_maps(qualname, impl, {}, False)

    def fn(*args, **kwargs):
        if kwargs and keywords is not None:
            args, kwargs = keywords(args, kwargs)
        elif kwargs and overloads:
            args, kwargs = _by_overload(overloads, args, kwargs)
        if meta:  # reads shapes and dtypes only
            return impl(*args, **kwargs)
        return call(impl, [_unwrap_arg(a) for a in args], _unwrap_kwargs(kwargs), shape_error,
                    qualname)
    fn.__name__ = name
    fn.__qualname__ = name
    fn.__doc__ = f"MindSpore's ``{qualname}``."
    fn.shape_error, fn.meta = shape_error, meta  # (for a function of the same row: mint's)
    _copy_signature(fn, impl, keywords, qualname=qualname)
    return fn


def _impl_params(impl: Callable):
    """(leading positional parameters, has ``*args``, names accepted by keyword), or None
    when the names are unknowable (no signature, or a ``**kwargs`` wrapper)."""
    try:
        params = list(inspect.signature(impl).parameters.values())
    except (TypeError, ValueError):
        return None
    if any(p.kind is p.VAR_KEYWORD for p in params):
        return None
    lead, var_pos = [], False
    for p in params:
        if p.kind is p.VAR_POSITIONAL:
            var_pos = True
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and not var_pos:
            lead.append(p)
    by_kw = {p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    return lead, var_pos, by_kw


def ms_keyword_map(qualname: str, impl: Callable, self_param: bool = False,
                   recorded: tuple | None = None):
    """MindSpore's keyword names for ``qualname`` (``ms_keywords``, or one of its overloads'
    ``recorded`` parameters) -> the row's own call.

    Returns ``translate(args, kwargs) -> (args, kwargs)``, or None when nothing needs it. A
    MindSpore parameter the row has under the same name keeps it; one the row has in the
    same position under another name (``input`` for the row's ``x``) is renamed, or passed
    positionally where the row's parameter is positional-only or ``*args``; one the row
    lacks is dropped when given its MindSpore default and raises NotImplementedError naming
    it otherwise.
    """
    if recorded is None:
        recorded = ms_keywords.KEYWORDS.get(qualname)
    found = _impl_params(impl)
    if recorded is None or found is None:
        return None
    lead, var_pos, by_kw = found
    if self_param:  # (the Tensor itself is not a keyword: ``expand_as(x=...)``)
        by_kw = by_kw - {lead[0].name} if lead else by_kw
        lead = lead[1:]
    ms_names = {n for n, _ in recorded}
    rename: dict[str, str] = {}
    positional: dict[str, int] = {}
    missing: dict[str, object] = {}
    for i, (ms_name, default) in enumerate(recorded):
        if ms_name in by_kw:
            continue
        if i < len(lead) and (lead[i].name not in ms_names or lead[i].name == ms_name):
            if lead[i].kind is lead[i].POSITIONAL_ONLY:
                positional[ms_name] = i
            else:
                rename[ms_name] = lead[i].name
        elif var_pos and i >= len(lead):
            positional[ms_name] = i
        else:
            missing[ms_name] = default
    # keywords the row takes that MindSpore's signature lacks (``ops.sort(stable=...)``)
    extra = by_kw - ms_names - {p.name for p in lead[len(recorded):]
                                if p.default is p.empty}
    if not (rename or positional or missing or extra):
        return None

    def translate(args: tuple, kwargs: dict) -> tuple[tuple, dict]:
        out = {}
        for key, value in kwargs.items():
            if key in missing:
                default = missing[key]
                if default not in (ms_keywords.REQUIRED, ms_keywords.UNRECORDED) and \
                        _same_default(value, default):
                    continue
                raise NotImplementedError(f"{qualname}({key}=...) is not supported by "
                                          "mscompat yet.")
            if key not in ms_names:
                raise TypeError(f"{qualname.rsplit('.', 1)[-1]}() got an unexpected keyword "
                                f"argument '{key}'")
            if key not in positional:
                out[rename.get(key, key)] = value
        for key in sorted((k for k in kwargs if k in positional), key=positional.get):
            if positional[key] != len(args):
                raise TypeError(f"For '{qualname}', the argument '{key}' is given by keyword "
                                "after a gap in the positional arguments or twice.")
            args = (*args, kwargs[key])
        return args, out
    translate.missing = missing
    return translate


def _same_default(value, default) -> bool:
    if value is None or default is None:
        return value is default
    try:
        return type(value) is type(default) and value == default
    except Exception:  # a Tensor compared with a literal
        return False


def _copy_signature(fn: Callable, impl: Callable, translate, self_param: bool = False,
                    qualname: str = "") -> None:
    """Give the generated wrapper the signature it accepts, for ``help``, editors and the
    porting report: MindSpore's (``ms_keywords``) where recorded, else the row's own. The
    MindSpore parameters the row does not implement (``translate.missing``, from
    ``ms_keyword_map``) are listed in ``__mscompat_unsupported__`` (accepted only at their
    MindSpore default)."""
    recorded = ms_keywords.KEYWORDS.get(qualname)
    if translate is not None:
        fn.__mscompat_unsupported__ = tuple(translate.missing)
    if recorded:
        P = inspect.Parameter  # noqa: N806
        try:  # (the row's keyword-only parameters stay keyword-only: ``*, dtype``)
            own = {p.name: p.kind for p in inspect.signature(impl).parameters.values()}
        except (TypeError, ValueError):
            own = {}
        for kinds in (True, False):
            params = [P(n, own.get(n) if kinds and own.get(n) is P.KEYWORD_ONLY
                        else P.POSITIONAL_OR_KEYWORD,
                        default=P.empty if d is ms_keywords.REQUIRED else
                        (None if d is ms_keywords.UNRECORDED else d)) for n, d in recorded]
            if self_param:
                params = [P("self", P.POSITIONAL_ONLY)] + params
            try:
                fn.__signature__ = inspect.Signature(params)
                return
            except ValueError:
                continue
    try:
        sig = inspect.signature(impl)
    except (TypeError, ValueError):
        return
    params = list(sig.parameters.values())
    if self_param:
        params = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY)] + params[1:]
    try:
        fn.__signature__ = sig.replace(parameters=params, return_annotation=sig.empty)
    except ValueError:
        return


def _dim_aliases(impl: Callable) -> dict[str, str]:
    """MindSpore's Tensor methods take PyTorch's ``dim=``/``keepdim=`` for ``axis=``/
    ``keepdims=`` (their second overload): the renames an implementation without them needs."""
    found = _impl_params(impl)
    if found is None:
        return {}
    names = set(found[2])
    pairs = (("dim", "axis"), ("keepdim", "keepdims"), ("keepdim", "keep_dims"))
    return {a: b for a, b in pairs if a not in names and b in names}


def _overload_maps(qualname: str, impl: Callable, aliases: dict,
                   self_param: bool = True) -> list:
    """MindSpore's signatures of ``qualname`` dispatched in C++ (``ms_keywords.OVERLOADS``:
    ``Tensor.mul(other)``, ``Tensor.sum(dim, keepdim, *, dtype)``/``sum(axis, dtype,
    keepdims, initial)``, ``mint.max(input, dim, keepdim)``/``max(input, other)``) as
    ``(keyword names, translate)`` pairs, names after the ``dim``/``keepdim`` aliases; a
    call's keywords pick the first signature that has them all (MindSpore's order)."""
    found = _impl_params(impl)
    if found is None:
        return []
    own = found[2] - {found[0][0].name} if (found[0] and self_param) else found[2]
    maps = []
    for params in ms_keywords.OVERLOADS.get(qualname, ()):
        params = tuple((aliases.get(n, n), d) for n, d in params)
        names = frozenset(n for n, _ in params)
        if names <= own:
            continue  # the row already takes them under these names
        maps.append((names, ms_keyword_map(qualname, impl, self_param, params)))
    return maps


def _by_overload(overloads: list, args: tuple, kwargs: dict) -> tuple[tuple, dict]:
    """``(args, kwargs)`` translated by the first overload that has every keyword given."""
    for names, translate in overloads:
        if translate is not None and names.issuperset(kwargs):
            return translate(args, kwargs)
    return args, kwargs


def _make_method(name: str, impl: Callable) -> Callable:
    keywords = ms_keyword_map(f"Tensor.{name}", impl, self_param=True)
    aliases = _dim_aliases(impl)
    overloads = [] if keywords is not None else _overload_maps(f"Tensor.{name}", impl,
                                                               aliases)

    def method(self, *args, **kwargs):
        if aliases and kwargs:
            for alias, own in aliases.items():
                if alias in kwargs and own not in kwargs:
                    kwargs[own] = kwargs.pop(alias)
        if kwargs and keywords is not None:
            args, kwargs = keywords(args, kwargs)
        elif kwargs and overloads:
            args, kwargs = _by_overload(overloads, args, kwargs)
        return call(impl, [self._data] + [_unwrap_arg(a) for a in args], _unwrap_kwargs(kwargs),
                    label=label)
    label = f"Tensor.{name}"
    method.__name__ = name
    method.__qualname__ = f"Tensor.{name}"
    _copy_signature(method, impl, keywords, self_param=True, qualname=f"Tensor.{name}")
    return method


PRIMITIVES: dict[str, type] = {}
FUNCTIONALS: dict[str, Callable] = {}
# functional name -> its implementation on arrays (what FUNCTIONALS[name] calls)
FUNCTIONAL_IMPLS: dict[str, Callable] = {}


TABLE: list[op_table.OpDef] = (op_table.TABLE + op_rows_array.ROWS + op_rows_math.ROWS
                               + op_rows_linalg.ROWS + op_rows_image.ROWS + op_rows_nn.ROWS
                               + op_rows_detection.ROWS + op_rows_losses.ROWS
                               + op_rows_more_math.ROWS + op_rows_more_array.ROWS
                               + op_rows_signal.ROWS + op_rows_extra.ROWS
                               + op_rows_fft.ROWS)


def build() -> None:
    from . import tensor_methods_more
    impls = FUNCTIONAL_IMPLS
    for op in map(op_table.computed_in_float32, TABLE):
        if op.name is not None:
            PRIMITIVES[op.name] = _make_primitive(op)
        fimpl = op.functional_impl or op.impl
        for name in op.functional:
            impls[name] = fimpl
            FUNCTIONALS[name] = _make_functional(
                name, fimpl, op.extra.get("functional_shape_error", ValueError),
                op.extra.get("meta", False))
        mimpl = op.method_impl or op.functional_impl or op.impl
        for name in op.methods:
            if name not in Tensor.__dict__:
                setattr(Tensor, name, _make_method(name, mimpl))
    tensor_methods_more.install(impls)
    _install_operators()
    jaxconfig.scope_class(Tensor)


_BINARY_OPERATORS = {
    "add": "Add", "sub": "Sub", "mul": "Mul", "truediv": "Div", "floordiv": "FloorDiv",
    "mod": "FloorMod", "pow": "Pow", "matmul": "MatMul", "and": "LogicalAnd",
    "or": "LogicalOr",
}
_COMPARISONS = {"lt": "Less", "le": "LessEqual", "gt": "Greater", "ge": "GreaterEqual",
                "eq": "Equal", "ne": "NotEqual"}


def _install_operators() -> None:
    impls = {op.name: op.impl for op in op_table.TABLE if op.name}
    impls["MatMul"] = op_table.matmul_ext
    # (``x * 1.5`` and ``x / 1.5`` take the number as weak; the Primitives do not)
    impls["Mul"], impls["Div"] = op_table._MUL, op_table._true_div
    import jax.numpy as jnp
    impls["LogicalAnd"] = op_table.binary(jnp.bitwise_and)
    impls["LogicalOr"] = op_table.binary(jnp.bitwise_or)

    def forward(impl, label):
        return lambda self, other: call(impl, (self._data, unwrap(other)), label=label)

    def reverse(impl, label):
        return lambda self, other: call(impl, (unwrap(other), self._data), label=label)

    def graph_only(impl, label):
        """MindSpore's Tensor has no ``__rand__``/``__ror__``: ``2 & x`` is Python's
        TypeError eagerly; its graph compiler computes it."""
        compute = reverse(impl, label)

        def operator(self, other):
            from .compile import GRAPH  # (a compiled function, or one run through a break)
            graph = scope.tracing() or GRAPH.get() is not None
            return compute(self, other) if graph else NotImplemented
        return operator

    for name, prim in _BINARY_OPERATORS.items():
        setattr(Tensor, f"__{name}__", forward(impls[prim], f"Tensor.__{name}__"))
        make = graph_only if name in ("and", "or") else reverse
        setattr(Tensor, f"__r{name}__", make(impls[prim], f"Tensor.__r{name}__"))
    # MindSpore's ``other / tensor`` is ``tensor.reciprocal() * other``: its float32 rounding
    recip, mul = impls["Reciprocal"], impls["Mul"]
    Tensor.__rtruediv__ = lambda self, other: call(
        lambda x, o: mul(recip(x), o), (self._data, unwrap(other)))
    for name, prim in _COMPARISONS.items():
        impl = impls[prim]
        if name in ("eq", "ne"):
            def cmp(self, other, _impl=impl, _name=name):
                # MindSpore compares elementwise with a Python number or a Tensor only;
                # anything else (None, a string, a list, a NumPy array) is simply unequal
                if not isinstance(other, (int, float, Tensor, jax.Array, lazy.Lazy)):
                    return _name == "ne"
                return call(_impl, (self._data, unwrap(other)), label=f"Tensor.__{_name}__")
            setattr(Tensor, f"__{name}__", cmp)
        else:
            setattr(Tensor, f"__{name}__", forward(impl, f"Tensor.__{name}__"))
    Tensor.__xor__ = forward(op_table.binary(jnp.bitwise_xor), "Tensor.__xor__")
    Tensor.__neg__ = lambda self: call(jnp.negative, (self._data,))
    Tensor.__pos__ = lambda self: self
    Tensor.__abs__ = lambda self: call(bprops.abs, (self._data,))  # (ops.abs's gradient)
    # MindSpore's ``~t`` is LogicalNot of any dtype (``~Tensor([1, 0])`` is Bool [False, True])
    Tensor.__invert__ = lambda self: call(jnp.logical_not, (self._data,))
    Tensor.T = property(lambda self: call(jnp.transpose, (self._data,)))
    Tensor.__hash__ = object.__hash__


build()

# The Parameter-writing ops and the hook primitives join the tables (they import this module).
from . import (  # noqa: E402,F401
    composite_ops,
    custom_op,
    embedding_op,
    hooks,
    matmul_composites,
    optimizer_ops,
    random_more,
    random_ops,
    state_ops,
    tensor_extras,
)

FUNCTIONALS.update(random_ops.FUNCTIONS)
FUNCTIONALS.update(random_more.FUNCTIONS)
FUNCTIONALS.update(composite_ops.FUNCTIONS)
FUNCTIONALS.update(matmul_composites.FUNCTIONS)
PRIMITIVES.update(random_ops.PRIMITIVES)
PRIMITIVES.update(composite_ops.PRIMITIVES)
# Primitives of MindSpore's private ``ops.operations._inner_ops`` that model code imports
# (not public under ``ops``).
INNER_PRIMITIVES: dict[str, type] = {
    op.name: _make_primitive(op) for op in op_rows_math.INNER_ROWS}
FUNCTIONALS["pows"] = PRIMITIVES["Pow"]()  # ops.pows is a Pow instance in MindSpore
# and so are these (MindSpore's older names)
for _name, _prim in (("tensor_add", "Add"), ("tensor_sub", "Sub"), ("tensor_mul", "Mul"),
                     ("tensor_div", "RealDiv"), ("tensor_floordiv", "FloorDiv"),
                     ("tensor_mod", "FloorMod"), ("tensor_pow", "Pow"),
                     ("tensor_ge", "GreaterEqual"), ("tensor_le", "LessEqual"),
                     ("tensor_exp", "Exp"), ("tensor_expm1", "Expm1")):
    FUNCTIONALS[_name] = PRIMITIVES[_prim]()
FUNCTIONALS["tensor_gt"], FUNCTIONALS["tensor_lt"] = FUNCTIONALS["greater"], FUNCTIONALS["less"]

# Every functional op, Tensor method and Primitive refuses the dtypes MindSpore's kernels
# refuse (recorded in ms_dtypes); mint's aliases take ``.unchecked`` (PyTorch's rules).
from . import accepted_dtypes  # noqa: E402

accepted_dtypes.install(FUNCTIONALS, Tensor, PRIMITIVES)
