"""The error contract (errors.py), missing names, bounded caches, no transfers per call."""
import jax
import numpy as np
import pytest

import mscompat as ms
from mscompat._engine import compile as compile_mod
from mscompat._engine.unsupported import MissingAPIError


@pytest.fixture(params=["PYNATIVE", "GRAPH"])
def mode(request):
    ms.set_context(mode=getattr(ms, request.param + "_MODE"))
    yield request.param
    ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("make", [
    lambda: ms.ops.zeros((2**33, 2**33)),
    lambda: ms.ops.ones((2**31, 2**31), ms.float32),
    lambda: ms.ops.tile(ms.Tensor([1.0]), (2**31, 2**31)),
    lambda: ms.Tensor(shape=(2**40, 2**40), dtype=ms.float32),
    lambda: ms.ops.zeros((-1, 3)),
], ids=["zeros_2^66", "ones_2^64_bytes", "tile", "tensor_shape", "negative_dim"])
def test_impossible_shapes_raise_value_error(mode, make):
    # MindSpore raises ValueError; XLA alone would abort the whole process.
    with pytest.raises(ValueError):
        make()


def test_missing_names_raise_not_implemented_and_attribute_error():
    # names MindSpore 2.10 has (recorded in ms_names) and mscompat lacks
    for get in (lambda: ms.nn.AdaFactor, lambda: ms.ops.AccumulateNV2,
                lambda: ms.Tensor([1.0]).geqrf, lambda: ms.dataset.AGNewsDataset,
                lambda: ms.nn.Dense(1, 1).compile_and_run, lambda: ms.BackupAndRestore):
        with pytest.raises(NotImplementedError, match="mindspore") as info:
            get()
        assert isinstance(info.value, AttributeError)  # hasattr() keeps working
    assert not hasattr(ms.Tensor([1.0]), "geqrf")
    assert issubclass(MissingAPIError, NotImplementedError)
    import mscompat.dataset.vision as vision  # the import itself works, as in MindSpore
    with pytest.raises(NotImplementedError, match="mindspore.dataset.vision.AutoAugment"):
        vision.AutoAugment  # noqa: B018


def test_names_mindspore_lacks_raise_its_attribute_error():
    cases = [(lambda: ms.nn.NotALayer, "module 'mindspore.nn' has no attribute 'NotALayer'"),
             (lambda: ms.numpy.allclose, "module 'mindspore.numpy' has no attribute 'allclose'"),
             (lambda: ms.Tensor([1.0]).not_a_method,
              "'Tensor' object has no attribute 'not_a_method'"),
             (lambda: ms.Parameter(ms.Tensor([1.0]), name="p").nope,
              "'Parameter' object has no attribute 'nope'"),
             (lambda: ms.nn.Dense(1, 1).nope, "The 'Dense' object has no attribute 'nope'."),
             (lambda: ms.nn.Dense(1, 1).pipeline_stage,  # a property, read before it is set
              "The 'Dense' object has no attribute 'pipeline_stage'.")]
    for get, message in cases:
        with pytest.raises(AttributeError) as info:
            get()
        assert str(info.value) == message
        assert not isinstance(info.value, NotImplementedError)


def test_compiled_programs_per_cell_are_bounded(monkeypatch):
    monkeypatch.setattr(compile_mod, "_MAX_PROGRAMS", 4)  # the rule, at a tenth of the compiles
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = ms.nn.Dense(3, 2)
        for n in range(1, 3 * compile_mod._MAX_PROGRAMS):
            net(ms.Tensor(np.ones((n, 3), np.float32)))
        assert 1 <= net._compiled_fn._traced <= compile_mod._MAX_PROGRAMS
        before = ms.compile_count()
        net(ms.Tensor(np.ones((1, 3), np.float32)))  # the first program was dropped
        assert ms.compile_count() == before + 1
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_steady_graph_call_makes_no_host_device_transfer():
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = ms.nn.Dense(4, 3)
        loss = ms.nn.WithLossCell(net, ms.nn.MSELoss())
        step = ms.nn.TrainOneStepCell(loss, ms.nn.SGD(net.trainable_params(), 0.1))
        x = ms.Tensor(np.ones((2, 4), np.float32))
        y = ms.Tensor(np.zeros((2, 3), np.float32))
        grad = ms.grad(net, grad_position=0, weights=net.trainable_params())
        step(x, y)
        grad(x)
        with jax.transfer_guard("disallow"):
            for _ in range(3):
                step(x, y)
                grad(x)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_recorder_programs_count_as_compiles():
    def f(x):
        y = x * 2
        if y.sum() > 0:  # a value Python asks for: a recorder program computes it
            return (y * y).sum()
        return y.sum()
    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    before = ms.compile_count()
    ms.grad(f)(x)
    first = ms.compile_count()
    assert first > before
    ms.grad(f)(x)
    assert ms.compile_count() == first  # nothing recompiles on a call it has seen


class _Interrupting(ms.nn.Cell):
    """Writes its Parameter, then is interrupted (Ctrl-C) in the middle of the step."""

    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="w")

    def construct(self, x):
        self.w = self.w * 3
        _ = (x * self.w).sum()
        raise KeyboardInterrupt


def test_keyboard_interrupt_mid_step_leaves_parameters_and_optimizer_state(mode):
    net = _Interrupting()
    opt = ms.nn.Momentum(net.trainable_params(), 0.1, 0.9)
    step = ms.nn.TrainOneStepCell(net, opt)
    before = [p.asnumpy().copy() for p in list(net.get_parameters()) + list(opt.state)]
    for call in (lambda x: net(x), lambda x: step(x), lambda x: ms.grad(net)(x)):
        with pytest.raises(KeyboardInterrupt):
            call(ms.Tensor(np.array([1.0, 1.0], np.float32)))
        after = [p.asnumpy() for p in list(net.get_parameters()) + list(opt.state)]
        for a, b in zip(after, before):
            np.testing.assert_array_equal(a, b)
