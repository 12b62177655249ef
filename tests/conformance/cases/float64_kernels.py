"""Float64 on MindSpore 2.10's CPU: the ops without a float64 kernel run in float32 (kernel
selection converts the inputs and the results back), so a Float64 ``sort`` of 1 + 1e-10
and 1 gives [1, 1] and a tie in ``argsort``; ``Tensor.std`` has a float64 kernel where
``ops.std`` has none."""
import numpy as np

from ._registry import case


def _values(ms):
    r = np.random.RandomState(1)
    return ms.Tensor(np.concatenate([r.uniform(-3, 3, (4, 50)), np.full((4, 1), 1.0000000001),
                                     np.full((4, 1), 1.0)], axis=1))


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def float64_sort_std_pool_in_float32(ms):
    x, ops = _values(ms), ms.ops
    return (ops.sort(x), ops.argsort(x), ops.msort(x), ops.std(x), ops.std_mean(x)[0],
            x.sort(), x.argsort(), ops.topk(x, 5), ops.avg_pool2d(x.reshape(1, 4, 2, 26), 2),
            ops.sort(ms.Tensor(np.array([1.0000000001, 1.0, 2.5e-10, 1 / 3]))))


@case(modes=("PYNATIVE",))
def float64_activations_hold_float32_values(ms):
    """celu, mish, digamma, log_softmax and softplus of Float64: Float64 Tensors holding
    float32 values (their float32 kernels' last bits are MindSpore's own)."""
    x, ops = _values(ms), ms.ops
    outs = (ops.celu(x), ops.mish(x), ops.digamma(x.abs() + 0.5), ops.log_softmax(x),
            ops.softplus(x), x.std())
    return tuple((str(o.dtype), bool((o.asnumpy() == o.asnumpy().astype(np.float32)).all()))
                 for o in outs)


@case(rtol=1e-6, atol=1e-6)
def loss_base_reduces_in_float32(ms):
    """``LossBase.get_loss`` (and ``nn.MSELoss``, built on it) casts to float32, reduces and
    casts back: a Float64 loss holds a float32 value, a Float16 one is reduced in float32;
    ``nn.AvgPool2d`` of Float64 averages in float32."""
    x = _values(ms)

    class Custom(ms.nn.LossBase):
        def construct(self, logits, labels):
            return self.get_loss(ms.ops.abs(logits - labels), ms.Tensor(0.5, ms.float64))

    half = ms.Tensor(np.random.RandomState(2).uniform(-30, 30, (8, 64)).astype(np.float16))
    zeros = ms.ops.zeros_like(x)
    outs = (ms.nn.MSELoss()(x, zeros), ms.nn.MSELoss(reduction="none")(x, zeros),
            ms.nn.MSELoss(reduction="sum")(half, half * 0.5), Custom()(x, zeros),
            Custom(reduction="sum")(half, half * 0.25),
            ms.nn.AvgPool2d(2, 2)(x.reshape(1, 4, 2, 26)))
    held = tuple(bool((o.asnumpy() == o.asnumpy().astype(np.float32)).all()) for o in outs)
    return outs, held
