"""Output structures as MindSpore returns them: a dict keeps the order its keys were
written in (a Cell's output, ``has_aux`` outputs of grad/value_and_grad/vjp/jvp/jacrev/
jacfwd), and a Python number in an auxiliary output stays a Python number."""
import numpy as np

from ._registry import case

X = np.array([1.0, 2.0], np.float32)


def _aux(x):
    return x ** 2, {"z": x + 1, "a": 2, "m": (x.sum(), 1.5)}


def _loss_aux(x):
    return (x * x).sum(), {"sq": x ** 2, "n": 3}


@case()
def cell_dict_output_order(ms):
    class Net(ms.nn.Cell):
        def construct(self, x):
            return {"b": x * 2, "a": x, "n": 3, "f": 1.5}
    return Net()(ms.Tensor(X))


@case()
def has_aux_structures(ms):
    x = ms.Tensor(X)
    ones = ms.ops.ones_like(x)
    out, vjp_fn, aux = ms.vjp(_aux, x, has_aux=True)
    return (ms.grad(_loss_aux, grad_position=0, has_aux=True)(x),
            ms.value_and_grad(_loss_aux, grad_position=0, has_aux=True)(x),
            (out, aux, vjp_fn(ones)),
            ms.jvp(_aux, x, ones, has_aux=True),
            ms.jacrev(_aux, has_aux=True)(x),
            ms.jacfwd(_aux, has_aux=True)(x))
