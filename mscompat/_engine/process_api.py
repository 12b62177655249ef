"""Top-level process helpers of ``mindspore``: ``run_check``, ``set_recursion_limit``,
``lazy_inline``, ``manual_seed`` and the JIT syntax levels ``STRICT``/``COMPATIBLE``/``LAX``.

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


def manual_seed(seed: int) -> None:
    """``mindspore.manual_seed(seed)``: seeds the default random stream of the ops
    (``ops.rand``, ``uniform``, ...) without changing ``get_seed()``, as MindSpore's."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"The argument 'seed' must be int, but got {type(seed).__name__}.")
    from . import random_ops
    random_ops.seed_stream(seed)
