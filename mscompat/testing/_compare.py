"""``assert_allclose`` over nested results and ``compare_with_jax`` for ported models."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from .._engine import jaxconfig
from .._engine.tensor import Tensor

# Default tolerances by dtype, (rtol, atol): a few units in the last place of each format, so
# a reordered reduction passes and a wrong rule does not. Integers and bools compare exactly.
# When the two sides differ in precision, the looser row applies.
DEFAULT_TOLERANCES: dict[str, tuple[float, float]] = {
    "float64": (1e-7, 1e-10),
    "complex128": (1e-7, 1e-10),
    "float32": (1e-5, 1e-6),
    "complex64": (1e-5, 1e-6),
    "float16": (2e-3, 1e-3),
    "bfloat16": (1.6e-2, 1e-2),
}
_EXACT = (0.0, 0.0)


def _is_leaf(x: Any) -> bool:
    return isinstance(x, Tensor)


def to_numpy(x: Any) -> np.ndarray:
    """A leaf (Tensor, Parameter, jax.Array, NumPy array or Python number) as a NumPy array."""
    if isinstance(x, Tensor):
        return x.asnumpy()
    return np.asarray(x)


def _leaves(tree: Any) -> tuple[list[tuple[str, Any]], Any]:
    flat, treedef = jax.tree_util.tree_flatten_with_path(tree, is_leaf=_is_leaf)
    return [(jax.tree_util.keystr(p), leaf) for p, leaf in flat], treedef


def _tolerance(a: np.ndarray, b: np.ndarray) -> tuple[float, float]:
    rows = [DEFAULT_TOLERANCES.get(np.dtype(x.dtype).name, _EXACT) for x in (a, b)]
    return max(r[0] for r in rows), max(r[1] for r in rows)


def _compare_leaf(path: str, a: np.ndarray, b: np.ndarray, rtol: float | None,
                  atol: float | None, check_dtype: bool, where: str) -> None:
    label = f"{where}{path}" if (where or path) else "result"
    if a.shape != b.shape:
        raise AssertionError(f"Mismatch at {label}: shape {a.shape} != expected shape {b.shape}")
    if check_dtype and a.dtype != b.dtype:
        raise AssertionError(f"Mismatch at {label}: dtype {a.dtype} != expected dtype {b.dtype}")
    default = _tolerance(a, b)
    rt = default[0] if rtol is None else rtol
    at = default[1] if atol is None else atol
    wide = np.complex128 if np.iscomplexobj(a) or np.iscomplexobj(b) else np.float64
    try:
        np.testing.assert_allclose(a.astype(wide), b.astype(wide), rtol=rt, atol=at,
                                   equal_nan=True)
    except AssertionError as e:
        diff = np.abs(a.astype(wide) - b.astype(wide))
        bad = ~np.isclose(a.astype(wide), b.astype(wide), rtol=rt, atol=at, equal_nan=True)
        first = tuple(int(i) for i in np.argwhere(bad)[0]) if a.ndim and bad.any() else ()
        detail = (f"first mismatching element at index {first}: {a[first].item()!r} "
                  f"!= expected {b[first].item()!r}; " if first else "")
        raise AssertionError(
            f"Mismatch at {label} ({a.dtype}{list(a.shape)}): {detail}max abs err "
            f"{np.nanmax(diff) if diff.size else 0:.6g} (rtol={rt:g}, atol={at:g})\n{e}"
        ) from None


def assert_allclose(actual: Any, desired: Any, rtol: float | None = None,
                    atol: float | None = None, *, check_dtype: bool = False,
                    where: str = "") -> None:
    """Assert two nested results are equal within tolerance, naming the first leaf that is not.

    ``actual`` and ``desired`` are Tensors, Parameters, jax or NumPy arrays, Python numbers,
    or any pytree of them (tuples, lists, dicts, ``flax.nnx.State``, optax states). The
    structures must match exactly (a tuple is not a list, as MindSpore's return structure
    matters); each leaf is compared with ``numpy.testing.assert_allclose``. Without
    ``rtol``/``atol`` the tolerance comes from ``DEFAULT_TOLERANCES`` by dtype (the looser of
    the two sides); integer and bool leaves compare exactly. ``check_dtype=True`` also
    requires equal dtypes. The error names the leaf path (``[1]['fc1']['weight']``), the
    first mismatching index and the largest absolute error.

    Example:
        >>> import numpy as np, mscompat as ms
        >>> from mscompat.testing import assert_allclose
        >>> assert_allclose((ms.Tensor([1.0, 2.0]),), (np.array([1.0, 2.0 + 1e-7]),))
        >>> try:
        ...     assert_allclose({"a": ms.Tensor([1.0, 2.0])}, {"a": np.array([1.0, 2.5])})
        ... except AssertionError as e:
        ...     print(str(e).splitlines()[0])
        Mismatch at ['a'] (float32[2]): first mismatching element at index (1,): 2.0 != expected 2.5; max abs err 0.5 (rtol=1e-05, atol=1e-06)
    """  # noqa: E501
    got, got_def = _leaves(actual)
    want, want_def = _leaves(desired)
    if got_def != want_def:
        raise AssertionError(
            f"Mismatch at {where or 'result'}: structure differs\n  actual:   {got_def}\n"
            f"  expected: {want_def}")
    for (path, a), (_, b) in zip(got, want):
        x, y = _numeric(a), _numeric(b)
        if x is None or y is None:  # a dtype, a string, any other object: compared with ==
            if not (x is None and y is None and _equal(a, b)):
                label = f"{where}{path}" if (where or path) else "result"
                raise AssertionError(f"Mismatch at {label}: {a!r} != expected {b!r}")
            continue
        _compare_leaf(path, x, y, rtol, atol, check_dtype, where)


def _numeric(x: Any) -> np.ndarray | None:
    try:
        a = to_numpy(x)
    except Exception:  # not convertible at all
        return None
    numeric = a.dtype.kind == "b" or jnp.issubdtype(a.dtype, jnp.number)  # bfloat16 too
    return a if numeric else None


def _equal(a: Any, b: Any) -> bool:
    try:
        return bool(a == b)
    except Exception:
        return False


def _float_positions(inputs: Sequence[Any]) -> list[int]:
    return [i for i, x in enumerate(inputs)
            if jnp.issubdtype(to_numpy(x).dtype, jnp.inexact)]


def _jax_sum(out: Any) -> jax.Array:
    leaves = [x for x in jax.tree_util.tree_leaves(out) if jnp.issubdtype(x.dtype, jnp.inexact)]
    return sum((jnp.sum(x.astype(jnp.float32) if x.dtype != jnp.float64 else x)
                for x in leaves), jnp.float32(0))


def compare_with_jax(cell_or_fn: Callable, jax_fn: Callable, inputs: Sequence[Any],
                     grads: bool = True, rtol: float | None = None,
                     atol: float | None = None) -> dict[str, Any]:
    """Check a ported Cell (or function) against a JAX reference: outputs and gradients.

    ``inputs`` are arrays (NumPy, JAX or Tensors). For a Cell, the reference is called as
    ``jax_fn(params, *inputs)`` with ``params`` the Cell's parameters as a nested dict by
    MindSpore names (``mscompat.jax.param_tree``), so both sides use the same weights; for a
    plain function, as ``jax_fn(*inputs)``. With ``grads=True`` the gradients of the sum of
    every floating output are compared too, with respect to each floating input and each
    trainable Parameter: mscompat's come from ``mindspore.value_and_grad`` in the current mode,
    the reference's from ``jax.grad``. Returns ``{"outputs": ..., "grads": ...}`` of the
    mscompat side. Raises AssertionError naming the first mismatching leaf, for example
    ``grads.params['fc1']['weight']``.

    Example:
        >>> import jax.numpy as jnp, numpy as np, mscompat as ms
        >>> from mscompat.testing import compare_with_jax
        >>> net = ms.nn.Dense(3, 2)
        >>> ref = lambda p, x: x @ p["weight"].T + p["bias"]
        >>> _ = compare_with_jax(net, ref, [np.ones((4, 3), np.float32)])
    """
    from .. import float32, float64, ops
    from .._engine.cell import Cell
    from .._engine.grad_ops import value_and_grad
    from .._engine.jax_bridge import flatten, nest, param_tree

    arrays = [to_numpy(x) for x in inputs]
    tensors = [Tensor(a) for a in arrays]
    is_cell = isinstance(cell_or_fn, Cell)
    params = param_tree(cell_or_fn) if is_cell else None
    weights = list(cell_or_fn.trainable_params()) if is_cell else []
    positions = _float_positions(arrays)

    def scalar(*xs):  # the sum of every floating output, summed in float32 or float64
        out = cell_or_fn(*xs)
        floats = [t for t in jax.tree_util.tree_leaves(out, is_leaf=_is_leaf)
                  if isinstance(t, Tensor) and t.is_floating_point()]
        sums = [ops.sum(t.astype(float64 if t.dtype == float64 else float32)) for t in floats]
        return sum(sums[1:], sums[0]), out

    result: dict[str, Any] = {}
    if grads and (positions or weights):
        grad_fn = value_and_grad(scalar, grad_position=tuple(positions) if positions else None,
                                 weights=weights or None, has_aux=True)
        (_, ms_out), ms_grads = grad_fn(*tensors)
        ms_in, ms_w = _split_grads(ms_grads, positions, weights)
    else:
        ms_out, ms_in, ms_w = cell_or_fn(*tensors), (), {}

    with jaxconfig.scoped():
        args = [jnp.asarray(a) for a in arrays]

        def ref(p, *xs):
            return jax_fn(p, *xs) if is_cell else jax_fn(*xs)

        ref_out = ref(params, *args)
        assert_allclose(ms_out, ref_out, rtol, atol, where="outputs")
        result["outputs"] = ms_out
        if grads and (positions or weights):
            def ref_scalar(p, *xs):
                return _jax_sum(ref(p, *xs))

            argnums = (0, *(i + 1 for i in positions))
            ref_grads = jax.grad(ref_scalar, argnums=argnums)(params, *args)
            ref_w = {}
            if weights:
                flat_ref = flatten(ref_grads[0])
                ref_w = nest({p.name: flat_ref[p.name] for p in weights})
            ms_w_tree = nest(ms_w) if ms_w else {}
            assert_allclose(tuple(ms_in), tuple(ref_grads[1:]), rtol, atol, where="grads.inputs")
            assert_allclose(ms_w_tree, ref_w, rtol, atol, where="grads.params")
            result["grads"] = {"inputs": tuple(ms_in), "params": ms_w_tree}
    return result


def _split_grads(ms_grads: Any, positions: list[int], weights: list[Any]):
    if positions and weights:
        g_in, g_w = ms_grads
    elif positions:
        g_in, g_w = ms_grads, ()
    else:
        g_in, g_w = (), ms_grads
    if positions and not isinstance(g_in, tuple):
        g_in = (g_in,)
    return tuple(g_in), {p.name: g for p, g in zip(weights, g_w)}
