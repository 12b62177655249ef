"""Python protocols of a Tensor a whole-program sweep checked: ``element in t`` is
MindSpore's ``(element == t).any()`` for numbers and Tensors (False for other objects),
beside conversions (``item``, ``tolist``, ``int``/``float``/``round``, ``len``, ``iter``)
that already agreed."""
import numpy as np

from ._registry import case


@case(modes=("PYNATIVE",))
def contains_and_conversions(ms):
    x = ms.Tensor(np.array([[1.5, -2.25, 3.0], [4.0, 0.5, -6.0]], np.float32))
    xi = ms.Tensor(np.array([[1, -2, 3], [4, 0, -6]], np.int32))
    s = ms.Tensor(np.float32(2.5))
    return [3.0 in x, 3 in x, 7 in xi, ms.Tensor(np.float32(0.5)) in x,
            ms.Tensor(np.array([4.0, 9.0, 1.0], np.float32)) in x, "a" in x, None in x,
            True in (xi > 0), s.item(), x.tolist(), xi.tolist(), int(s), float(s), round(s),
            len(x), [r.shape for r in x]]
