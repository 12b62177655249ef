"""The top-level process helpers: ``run_check`` prints MindSpore's lines (recorded from
MindSpore 2.10), ``set_recursion_limit``/``lazy_inline`` are accepted, ``manual_seed`` seeds
the op stream without changing ``get_seed()``, and the dtype aliases ``ms.float``/``ms.int``
exist without shadowing builtins on ``import *``."""
import numpy as np
import pytest

import mscompat as ms


def test_run_check_prints_mindspores_lines(capsys):
    ms.run_check()
    out = capsys.readouterr().out.splitlines()
    assert out == ["MindSpore version:  2.10.0",
                   "The result of multiplication calculation is correct, MindSpore has been "
                   "installed on platform [CPU] successfully!"]


def test_recursion_limit_and_lazy_inline():
    ms.set_recursion_limit(2000)
    with pytest.raises(TypeError):
        ms.set_recursion_limit(2.5)
    with pytest.raises(ValueError):
        ms.set_recursion_limit(0)

    class Block(ms.nn.Cell):
        @ms.lazy_inline
        def __init__(self):
            super().__init__()
            self.dense = ms.nn.Dense(2, 2, weight_init="ones", bias_init="zeros")

        def construct(self, x):
            return self.dense(x)

    class Block2(Block):
        @ms.lazy_inline(policy="front")
        def __init__(self):
            super().__init__()
    for cls in (Block, Block2):
        out = cls()(ms.Tensor(np.ones((1, 2), np.float32)))
        np.testing.assert_array_equal(out.asnumpy(), [[2.0, 2.0]])


def test_manual_seed_seeds_the_op_stream_only():
    ms.set_seed(4)
    ms.manual_seed(7)
    a = ms.ops.rand(5).asnumpy()
    ms.manual_seed(7)
    b = ms.ops.rand(5).asnumpy()
    np.testing.assert_array_equal(a, b)
    assert ms.get_seed() == 4
    with pytest.raises(TypeError):
        ms.manual_seed(1.5)


def test_dtype_aliases_and_syntax_levels():
    assert ms.float == ms.float32 and ms.int == ms.int32
    assert (ms.STRICT, ms.COMPATIBLE, ms.LAX) == (0, 1, 2)
    namespace = {}
    exec("from mscompat import *", namespace)
    assert "float" not in namespace and "int" not in namespace
    assert namespace["run_check"] is ms.run_check
