"""Micro-batch wrappers on one device: ``nn.PipelineCell``, ``nn.MicroBatchInterleaved``,
``nn.GradAccumulationCell`` and ``mindspore.parallel.nn``'s ``Pipeline``, ``PipelineCell``,
``MicroBatchInterleaved``, ``GradAccumulation``: outputs of the micro-batches added, the
gradients through them, several inputs, and the argument and shape errors."""
import numpy as np

from ._registry import case

_WRAPPERS = {
    "nn_pipeline_cell": lambda ms: ms.nn.PipelineCell,
    "nn_micro_batch_interleaved": lambda ms: ms.nn.MicroBatchInterleaved,
    "nn_grad_accumulation_cell": lambda ms: ms.nn.GradAccumulationCell,
    "parallel_pipeline": lambda ms: ms.parallel.nn.Pipeline,
    "parallel_pipeline_cell": lambda ms: ms.parallel.nn.PipelineCell,
    "parallel_micro_batch_interleaved": lambda ms: ms.parallel.nn.MicroBatchInterleaved,
    "parallel_grad_accumulation": lambda ms: ms.parallel.nn.GradAccumulation,
}


def _net(ms):
    net = ms.nn.Dense(3, 2, weight_init=ms.Tensor(np.array(
        [[0.5, -1.0, 0.25], [1.5, 0.0, -0.5]], np.float32)), bias_init=ms.Tensor(np.array(
            [0.1, -0.2], np.float32)))
    return net


def _x(n=6):
    return np.linspace(-2, 3, n * 3).astype(np.float32).reshape(n, 3)


def _values(key):
    def fn(ms):
        wrap = _WRAPPERS[key](ms)
        net = _net(ms)
        x = ms.Tensor(_x())
        outs = [wrap(net, k)(x) for k in (1, 2, 3, 6)]
        cell = wrap(net, 2)
        names = [n for n, _ in cell.parameters_and_names()]
        count = getattr(cell, "interleave_num", getattr(cell, "micro_size", None))
        grads = ms.value_and_grad(wrap(ms.nn.WithLossCell(net, ms.nn.MSELoss()), 3), None,
                                  net.trainable_params())(x, ms.Tensor(_x()[:, :2]))
        return outs, names, count, grads
    fn.__name__ = f"{key}_values_and_gradients"
    return fn


def _errors(key, what, build):
    def fn(ms):
        out = build(ms, _WRAPPERS[key](ms), _net(ms))
        return out.asnumpy() if hasattr(out, "asnumpy") else out
    fn.__name__ = f"{key}_error_{what}"
    return fn


_ERRORS = {
    "zero": lambda ms, w, net: w(net, 0),
    "negative": lambda ms, w, net: w(net, -2),
    "float": lambda ms, w, net: w(net, 2.0),
    "indivisible": lambda ms, w, net: w(net, 4)(ms.Tensor(_x())),
}

for _key in _WRAPPERS:
    case()(_values(_key))
    for _what, _build in _ERRORS.items():
        case(modes=("PYNATIVE",))(_errors(_key, _what, _build))


@case()
def two_inputs_sliced_alike(ms):
    class Scale(ms.nn.Cell):
        def construct(self, a, b):
            return a * b[:, None]
    x, s = ms.Tensor(_x()), ms.Tensor(np.arange(6, dtype=np.float32))
    return ms.nn.PipelineCell(Scale(), 2)(x, s), ms.nn.MicroBatchInterleaved(Scale(), 3)(x, s)


@case()
def scalar_loss_summed(ms):
    class Loss(ms.nn.Cell):
        def construct(self, a):
            return (a * a).mean()
    x = ms.Tensor(_x())
    cell = ms.nn.PipelineCell(Loss(), 3)
    return cell(x), ms.grad(cell)(x)


@case(modes=("PYNATIVE",))
def tuple_output_refused(ms):
    class Two(ms.nn.Cell):
        def construct(self, a):
            return a * 2, a.sum()
    return ms.nn.PipelineCell(Two(), 2)(ms.Tensor(_x()))


@case(modes=("PYNATIVE",))
def tuple_output_with_one_micro_batch(ms):
    class Two(ms.nn.Cell):
        def construct(self, a):
            return a * 2, a.sum()
    return ms.nn.PipelineCell(Two(), 1)(ms.Tensor(_x()))


@case(modes=("PYNATIVE",))
def python_number_input_refused(ms):
    class Scale(ms.nn.Cell):
        def construct(self, a, s):
            return a * s
    return ms.nn.PipelineCell(Scale(), 2)(ms.Tensor(_x()), 3.0)


@case(modes=("PYNATIVE",))
def scalar_tensor_input_refused(ms):
    class Scale(ms.nn.Cell):
        def construct(self, a, s):
            return a * s
    return ms.nn.PipelineCell(Scale(), 2)(ms.Tensor(_x()), ms.Tensor(3.0)).asnumpy()
