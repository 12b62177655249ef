"""``ops.embedding`` / ``mint.nn.functional.embedding`` / ``mint.nn.Embedding``: rows of
``weight`` picked by integer ``input``.

* ``padding_idx``: that row gets no gradient (it is not updated in training).
* ``max_norm``: first, each row that ``input`` picks and whose ``norm_type``-norm exceeds
  ``max_norm`` is scaled by ``max_norm / (norm + 1e-7)``, *in place* in ``weight`` (a
  Parameter write, applied when the call succeeds); the gradient reaches ``weight`` as if
  the rows had not been scaled.
* ``scale_grad_by_freq``: each row's gradient is divided by how often ``input`` picks it.

MindSpore's CPU build has no kernel for this op; these are the rules its documentation
states (the ones PyTorch's ``embedding`` has), checked in ``tests/test_embedding_op.py``.

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> w = ms.Parameter(ms.Tensor(np.array([[3.0, 4.0], [0.3, 0.4]], np.float32)), name="w")
    >>> print(ms.ops.embedding(ms.Tensor([0, 1, 0]), w, max_norm=1.0).shape)
    (3, 2)
    >>> print(np.round(w.asnumpy(), 4))
    [[0.6 0.8]
     [0.3 0.4]]
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from .ops_build import FUNCTIONALS, call
from .state_ops import assign
from .tensor import Tensor


@jax.custom_vjp
def _value_of(old, new):
    """``new``, with the gradient of ``old`` (a value replaced outside the derivative)."""
    return new


_value_of.defvjp(lambda old, new: (new, None), lambda _, g: (g, None))


@jax.custom_vjp
def _grad_scaled(x, scale):
    """``x``, whose gradient is multiplied by ``scale``."""
    return x


_grad_scaled.defvjp(lambda x, scale: (x, scale), lambda scale, g: (g * scale, None))


def _renorm(weight, indices, *, max_norm: float, norm_type: float):
    picked = jnp.zeros(weight.shape[0], bool).at[indices.reshape(-1)].set(True)
    norms = jnp.linalg.norm(weight.astype(jnp.float32), ord=norm_type, axis=1)
    scale = jnp.where(picked & (norms > max_norm), max_norm / (norms + 1e-7), 1.0)
    return _value_of(weight, (weight * scale[:, None]).astype(weight.dtype))


def _lookup(indices, weight, *, padding_idx, scale_grad_by_freq: bool):
    out = jnp.take(weight, indices, axis=0)
    if scale_grad_by_freq:
        flat = indices.reshape(-1)
        counts = jnp.zeros(weight.shape[0], out.dtype).at[flat].add(1)
        out = _grad_scaled(out, (1 / counts[indices])[..., None])
    if padding_idx is not None:
        out = jnp.where((indices == padding_idx)[..., None], jax.lax.stop_gradient(out), out)
    return out


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type: float = 2.0,
              scale_grad_by_freq: bool = False) -> Tensor:
    """``ops.embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,
    scale_grad_by_freq=False)``: see the module docstring."""
    if not isinstance(input, Tensor) or not np.issubdtype(np.dtype(input._data.dtype),
                                                          np.integer):
        raise TypeError(f"For 'embedding', 'input' must be a Tensor of int32 or int64, but "
                        f"got {getattr(input, 'dtype', type(input).__name__)}.")
    if not isinstance(weight, Tensor) or weight.ndim != 2:
        raise ValueError(f"For 'embedding', the shape of 'weight' must be 2-D, but got "
                         f"{getattr(weight, 'shape', type(weight).__name__)}.")
    rows = weight.shape[0]
    if padding_idx is not None:
        if isinstance(padding_idx, bool) or not isinstance(padding_idx, int) or \
                not -rows <= padding_idx < rows:
            raise ValueError(f"For 'embedding', 'padding_idx' must be in range [{-rows}, "
                             f"{rows}), but got {padding_idx}.")
        padding_idx %= rows
    if max_norm is not None:
        assign(weight, call(_renorm, (weight._data, input._data),
                            {"max_norm": float(max_norm), "norm_type": float(norm_type)}))
    return call(_lookup, (input._data, weight._data),
                {"padding_idx": padding_idx, "scale_grad_by_freq": bool(scale_grad_by_freq)})


FUNCTIONALS["embedding"] = embedding
