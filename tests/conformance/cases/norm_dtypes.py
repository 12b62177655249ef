"""Normalisation layers and PReLU with parameters and inputs of different float dtypes: the
result has the input's dtype (LayerNorm, GroupNorm, BatchNorm, PReLU: the weight is cast to
the input's dtype first), and the dtypes MindSpore's kernels refuse (a BFloat16 input to
LayerNorm/GroupNorm, BFloat16 BatchNorm parameters, a Float64 PReLU weight). Float16 inputs
of LayerNorm/GroupNorm are compared within one Float16 step (docs/divergences.md)."""
import numpy as np

from ._registry import case

X = np.random.RandomState(0).randn(2, 3, 4, 4).astype(np.float32)


def _layers(ms, wt):
    nn, T = ms.nn, ms.Tensor
    g4, b4 = T(np.linspace(0.5, 1.5, 4).astype(np.float32)), T(np.linspace(-1, 1, 4)
                                                                 .astype(np.float32))
    return [("ln", lambda: nn.LayerNorm((4,), gamma_init=g4, beta_init=b4, dtype=wt)),
            ("gn", lambda: nn.GroupNorm(1, 3, dtype=wt)),
            ("bn", lambda: nn.BatchNorm2d(3, dtype=wt))]


def _run(ms, wts, xts):
    out = []
    for wname in wts:
        for xname in xts:
            for name, make in _layers(ms, getattr(ms, wname)):
                try:
                    y = make()(ms.Tensor(X).astype(getattr(ms, xname)))
                    out.append((name, wname, xname, str(y.dtype), y.astype(ms.float32)))
                except Exception as e:  # noqa: BLE001 - the class is the result
                    out.append((name, wname, xname, type(e).__name__))
    return out


@case(modes=("PYNATIVE",))
def norm_layer_result_dtypes(ms):
    return _run(ms, ("float32", "float16", "bfloat16", "float64"), ("float32", "float64"))


@case(modes=("PYNATIVE",), atol=2e-3)
def norm_layer_float16_inputs(ms):
    return _run(ms, ("float32", "float16"), ("float16",))


@case(modes=("PYNATIVE",))
def norm_layer_bfloat16_refusals(ms):
    out = []
    for name, make in _layers(ms, ms.float32) + [("bn_bf16_params", lambda: ms.nn.BatchNorm2d(
            3, dtype=ms.bfloat16))]:
        try:
            make()(ms.Tensor(X).astype(ms.bfloat16 if name != "bn_bf16_params" else
                                       ms.float32)).asnumpy()
            out.append((name, "OK"))
        except Exception as e:  # noqa: BLE001 - the class is the result
            out.append((name, type(e).__name__))
    return out


@case()
def prelu_result_takes_input_dtype(ms):
    """nn.PReLU casts its weight to the input's dtype first; ops.prelu rounds the wider
    product once (recorded: the two differ in the last Float16 bit)."""
    x = ms.Tensor(X).astype(ms.float16)
    layer = ms.nn.PReLU(3, w=ms.Tensor(np.array([0.3, 0.2123, 0.77], np.float32)))
    w16 = ms.Tensor(np.array([0.25, 0.5, 0.1], np.float16))

    def total(v):
        return layer(v).sum()
    return [layer(x), ms.ops.prelu(x, ms.Tensor(np.array([0.3, 0.2123, 0.77], np.float32))),
            ms.ops.prelu(ms.Tensor(X), w16), ms.grad(total)(x)]


@case(modes=("PYNATIVE",))
def prelu_float64_weight(ms):
    return ms.ops.prelu(ms.Tensor(X), ms.Tensor(np.array([0.3, 0.2, 0.7])))
