"""``mscompat.testing``: compare a ported model with JAX references and golden files in CI.

- ``assert_allclose(actual, desired)``: nested Tensors/arrays/pytrees, per-dtype default
  tolerances, the first mismatching leaf path and its error in the message;
- ``compare_with_jax(cell_or_fn, jax_fn, inputs)``: outputs and gradients against a JAX
  reference in one call;
- ``record_golden`` / ``load_golden`` / ``assert_matches_golden``: results saved as npz +
  JSON (never pickled), re-recorded with ``pytest --update-goldens``;
- a pytest plugin (installed with mscompat) with the ``golden``, ``ms_assert_allclose`` and
  ``ms_compare_with_jax`` fixtures.

Example:
    >>> import numpy as np, mscompat as ms
    >>> from mscompat.testing import assert_allclose
    >>> assert_allclose(ms.ops.exp(ms.Tensor([0.0, 1.0])), np.exp([0.0, 1.0]))
"""
from ._compare import DEFAULT_TOLERANCES as DEFAULT_TOLERANCES
from ._compare import assert_allclose as assert_allclose
from ._compare import compare_with_jax as compare_with_jax
from ._golden import assert_matches_golden as assert_matches_golden
from ._golden import golden_meta as golden_meta
from ._golden import load_golden as load_golden
from ._golden import record_golden as record_golden

__all__ = ["DEFAULT_TOLERANCES", "assert_allclose", "assert_matches_golden",
           "compare_with_jax", "golden_meta", "load_golden", "record_golden"]
