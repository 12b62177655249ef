"""Top-level process helpers of ``mindspore``: ``run_check``, ``set_recursion_limit``,
``lazy_inline`` and the JIT syntax levels ``STRICT``/``COMPATIBLE``/``LAX``.

Example:
    >>> import mscompat as ms
    >>> ms.set_recursion_limit(2000)
    >>> ms.STRICT, ms.COMPATIBLE, ms.LAX
    (0, 1, 2)
"""
from __future__ import annotations

from collections.abc import Callable

import jax
import jax.numpy as jnp
import numpy as np

STRICT, COMPATIBLE, LAX = 0, 1, 2
_LIMIT = {"recursion": 1000}


def run_check() -> None:
    """``mindspore.run_check()``: multiplies two Tensors and prints MindSpore's lines."""
    from .. import __version__
    a = jnp.asarray(np.ones((3, 3), np.float32))
    ok = bool(np.allclose(np.asarray(a * a), 1.0))
    print("MindSpore version: ", __version__)
    platform = jax.default_backend().upper()
    if ok:
        print("The result of multiplication calculation is correct, MindSpore has been "
              f"installed on platform [{platform}] successfully!")
    else:
        print("The result of multiplication calculation is not correct.")


def set_recursion_limit(recursion_limit: int = 1000) -> None:
    """``mindspore.set_recursion_limit``: MindSpore's limit for its graph parser; mscompat
    traces with Python itself, so the value is checked and kept only."""
    if isinstance(recursion_limit, bool) or not isinstance(recursion_limit, int):
        raise TypeError(f"The 'recursion_limit' must be int, but got "
                        f"{type(recursion_limit).__name__}.")
    if recursion_limit <= 0:
        raise ValueError(f"The 'recursion_limit' must be > 0, but got {recursion_limit}.")
    _LIMIT["recursion"] = recursion_limit


def lazy_inline(fn: Callable | None = None, attrs=None, policy=None):
    """``@mindspore.lazy_inline`` on a Cell's ``__init__``: a compile-time hint (reuse of a
    sub-graph) with no effect on results; mscompat returns ``__init__`` unchanged."""
    if fn is None:
        return lambda f: f
    return fn




_DETERMINISTIC_SET = [False]


def set_deterministic(deterministic: bool) -> None:
    """``mindspore.set_deterministic(deterministic)``: recorded as the context's
    ``deterministic`` ("ON"/"OFF"), once per process. XLA's CPU programs are deterministic;
    on GPUs JAX reads ``--xla_gpu_deterministic_ops`` from ``XLA_FLAGS``, a process-wide
    setting mscompat leaves to the user.

    Example:
        >>> import mscompat as ms
        >>> ms.get_context("deterministic") in ("ON", "OFF")
        True
    """
    if not isinstance(deterministic, bool):
        raise TypeError(f"The parameter 'deterministic' must be {bool}, but got "
                        f"{type(deterministic)}")
    if _DETERMINISTIC_SET[0]:
        raise RuntimeError("The 'mindspore.set_deterministic' can not be set repeatedly.")
    _DETERMINISTIC_SET[0] = True
    from . import context
    context.set_context(deterministic="ON" if deterministic else "OFF")


def set_dump(target, enabled: bool = True) -> None:
    """``mindspore.set_dump(target, enabled=True)``: MindSpore's data dump is an Ascend
    feature; as MindSpore on another target, it checks its arguments and warns."""
    import warnings

    from .cell import Cell
    from .ops_build import Primitive
    if not isinstance(target, (Cell, Primitive)):
        raise ValueError(f"The \"target\" parameter must be an instance of Cell or Primitive, "
                         f"but got an instance of {type(target)}.")
    if not isinstance(enabled, bool):
        raise ValueError("The \"enabled\" parameter must be bool.")
    from . import context
    warnings.warn(f"Current device_target is {context.get_context('device_target')}, which is "
                  f"not supported by set_dump. Only Ascend device target is supported "
                  f"currently. If you have Ascend device, consider set device_target to Ascend "
                  f"before calling set_dump.", stacklevel=2)
