"""``ops.Custom``: a user operator. ``func_type='pyfunc'`` (a Python function on NumPy
arrays) runs through ``jax.pure_callback``, so it works eagerly, compiled (GRAPH_MODE) and
under the PYNATIVE recorder; ``out_shape``/``out_dtype`` are values or functions of the
input shapes/dtypes, as MindSpore's. ``bprop(*inputs, out, dout)`` (written with mscompat
ops) gives the gradient; without it a gradient raises MindSpore's RuntimeError. The
compiled kernel types (``'hybrid'``, ``'akg'``, ``'aot'``, ``'julia'``, ``'tbe'``...) raise
NotImplementedError naming them.

Example:
    >>> import mscompat as ms, numpy as np
    >>> def add_one(x):
    ...     return x + 1
    >>> op = ms.ops.Custom(add_one, out_shape=lambda s: s, out_dtype=lambda d: d)
    >>> print(op(ms.Tensor(np.array([1.0, 2.0], np.float32))))
    [2. 3.]
"""
from __future__ import annotations

import jax
import numpy as np

from . import dtypes, jaxconfig
from .ops_build import PRIMITIVES, Primitive, call
from .tensor import Tensor, unwrap


def _resolve(spec, inputs, what: str):
    if callable(spec) and not isinstance(spec, dtypes.Type):
        values = [list(x.shape) for x in inputs] if what == "shape" else \
            [dtypes.to_mstype(np.dtype(x.dtype)) for x in inputs]
        return spec(*values)
    return spec


class Custom(Primitive):
    """MindSpore's ``ops.Custom(func, out_shape=None, out_dtype=None, func_type='pyfunc',
    bprop=None, reg_info=None)``."""

    def __init__(self, func, out_shape=None, out_dtype=None, func_type: str = "pyfunc",
                 bprop=None, reg_info=None) -> None:
        super().__init__()
        if func_type != "pyfunc":
            raise NotImplementedError(f"mindspore.ops.Custom(func_type={func_type!r}) is not "
                                      f"implemented in mscompat (only 'pyfunc' is)")
        if not callable(func):
            raise TypeError(f"For 'Custom', 'func' must be callable, but got {type(func)}.")
        if out_shape is None or out_dtype is None:
            raise TypeError("For 'Custom', 'out_shape' and 'out_dtype' are required for "
                            "func_type 'pyfunc'.")
        self.func, self.out_shape, self.out_dtype = func, out_shape, out_dtype
        self.func_type, self.bprop, self.reg_info = func_type, bprop, reg_info
        self.attrs.update(func_type=func_type)
        self._impls: dict = {}

    def _impl(self, n: int):
        if n in self._impls:
            return self._impls[n]
        func, bprop = self.func, self.bprop

        def forward(*xs):
            shape = _resolve(self.out_shape, xs, "shape")
            dtype = _resolve(self.out_dtype, xs, "dtype")
            multi = isinstance(dtype, (tuple, list))
            shapes = shape if multi else [shape]
            types = dtype if multi else [dtype]
            result = [jax.ShapeDtypeStruct(tuple(s), np.dtype(dtypes.to_np(t)))
                      for s, t in zip(shapes, types)]

            def host(*arrays):
                out = func(*[np.asarray(a) for a in arrays])
                out = out if multi else (out,)
                return tuple(np.asarray(o, r.dtype).reshape(r.shape)
                             for o, r in zip(out, result))
            out = jax.pure_callback(host, tuple(result), *xs)
            return tuple(out) if multi else out[0]

        @jax.custom_vjp
        def op(*xs):
            return forward(*xs)

        def fwd(*xs):
            out = forward(*xs)
            return out, (xs, out)

        def bwd(res, dout):
            xs, out = res
            if bprop is None:
                raise RuntimeError("Illegal primitive Custom's bprop not defined")
            wrap = Tensor._wrap
            outs = tuple(wrap(o) for o in out) if isinstance(out, tuple) else wrap(out)
            douts = tuple(wrap(d) for d in dout) if isinstance(dout, tuple) else wrap(dout)
            grads = bprop(*[wrap(x) for x in xs], outs, douts)
            grads = grads if isinstance(grads, (tuple, list)) else (grads,)
            return tuple(unwrap(g).astype(x.dtype).reshape(x.shape)
                         for g, x in zip(grads, xs))
        op.defvjp(fwd, bwd)
        op.__name__ = f"Custom_{getattr(func, '__name__', 'func')}"
        self._impls[n] = op
        return op

    @jaxconfig.entry
    def __call__(self, *inputs):
        arrays = tuple(unwrap(x) if isinstance(x, Tensor) else np.asarray(x) for x in inputs)
        return call(self._impl(len(arrays)), arrays)


PRIMITIVES["Custom"] = Custom
