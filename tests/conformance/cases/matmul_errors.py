"""Shape errors of the matrix products, message and class (``_engine/matmul_shapes.py``).

MindSpore reports some kernel errors late and repeats a cached message for a later failure of
the same kernel, so each call is its own case and the module is recorded with ``--isolate``
(one interpreter per case).
"""
import numpy as np

from ._registry import case


def _outcome(f):
    try:
        r = f()
        return f"ok {r.shape}"
    except Exception as e:  # noqa: BLE001 - the class and first message line are the result
        return f"{type(e).__name__}: {str(e).splitlines()[0]}"


def _calls(ms):
    ops, nn, mint = ms.ops, ms.nn, ms.mint

    def t(*s):
        return ms.Tensor(np.ones(s, np.float32))

    return {
        "MatMul_3d": lambda: ops.MatMul()(t(2, 2, 3), t(3, 2)),
        "MatMul_1d": lambda: ops.MatMul()(t(3), t(3, 4)),
        "MatMul_transpose_a": lambda: ops.MatMul(transpose_a=True)(t(2, 3), t(3, 4)),
        "MatMul_transpose_b": lambda: ops.MatMul(transpose_b=True)(t(2, 3), t(3, 4)),
        "matmul_2d": lambda: ops.matmul(t(2, 3), t(2, 3)),
        "matmul_1d_2d": lambda: ops.matmul(t(3), t(4, 2)),
        "matmul_2d_1d": lambda: ops.matmul(t(2, 3), t(4)),
        "matmul_1d_1d": lambda: ops.matmul(t(3), t(4)),
        "matmul_3d_1d": lambda: ops.matmul(t(2, 2, 3), t(4)),
        "matmul_batch_broadcast": lambda: ops.matmul(t(2, 2, 3), t(3, 3, 4)),
        "matmul_batch_ok": lambda: ops.matmul(t(2, 2, 3), t(2, 3, 3)),
        "matmul_0d": lambda: ops.matmul(ms.Tensor(1.0), t(3)),
        "Tensor_matmul": lambda: t(2, 3).matmul(t(2, 3)),
        "matmul_operator": lambda: t(2, 3) @ t(2, 3),
        "mm": lambda: ops.mm(t(2, 3), t(2, 3)),
        "mint_matmul": lambda: mint.matmul(t(2, 3), t(2, 3)),
        "mint_bmm": lambda: mint.bmm(t(2, 2, 3), t(2, 2, 3)),
        "bmm_contraction": lambda: ops.bmm(t(2, 2, 3), t(2, 4, 4)),
        "bmm_broadcast": lambda: ops.bmm(t(2, 2, 3), t(3, 3, 4)),
        "bmm_2d": lambda: ops.bmm(t(2, 3), t(3, 4)),
        "BatchMatMul_1d": lambda: ops.BatchMatMul()(t(3), t(3, 4, 4)),
        "BatchMatMul_transpose_a": lambda: ops.BatchMatMul(transpose_a=True)(t(2, 2, 3),
                                                                             t(2, 3, 4)),
        "BatchMatMul_4d": lambda: ops.BatchMatMul()(t(1, 2, 2, 3), t(1, 2, 4, 4)),
        "dense_1d_weight": lambda: ops.dense(t(2, 3), t(4)),
        "dense_2d_weight": lambda: ops.dense(t(5, 2, 3), t(4, 4)),
        "dense_2d_bias": lambda: ops.dense(t(2, 3), t(4, 3), t(2, 4)),
        "dense_1d_input": lambda: ops.dense(t(3), t(4, 3)),
        "nn_Dense_3d": lambda: nn.Dense(4, 2)(t(5, 2, 3)),
        "nn_Dense_2d": lambda: nn.Dense(4, 2)(t(2, 3)),
    }


def _register(name):
    def fn(ms):
        return _outcome(_calls(ms)[name])
    fn.__name__ = name
    fn.__qualname__ = name
    case()(fn)


for _name in ("MatMul_3d", "MatMul_1d", "MatMul_transpose_a", "MatMul_transpose_b",
              "matmul_2d", "matmul_1d_2d", "matmul_2d_1d", "matmul_1d_1d", "matmul_3d_1d",
              "matmul_batch_broadcast", "matmul_batch_ok", "matmul_0d", "Tensor_matmul",
              "matmul_operator", "mm", "mint_matmul", "mint_bmm", "bmm_contraction",
              "bmm_broadcast", "bmm_2d", "BatchMatMul_1d", "BatchMatMul_transpose_a",
              "BatchMatMul_4d", "dense_1d_weight", "dense_2d_weight", "dense_2d_bias",
              "dense_1d_input", "nn_Dense_3d", "nn_Dense_2d"):
    _register(_name)
