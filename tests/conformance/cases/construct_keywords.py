"""Cells of ``nn`` and ``mint.nn`` called with their inputs by keyword:
``loss_fn(logits=out, labels=y)``, ``nn.LayerNorm(...)(input_x=x)``,
``nn.BCEWithLogitsLoss()(input=x, target=y)``. MindSpore's ``construct`` names them
(recorded in ``ms_keywords.CONSTRUCTS``); mscompat's losses took ``*inputs`` and several
layers named their input ``x``, so these calls raised TypeError. A name MindSpore's
``construct`` lacks, a missing input or an input given twice is Python's TypeError."""
import numpy as np

from ._registry import case

X = np.array([[0.2, -1.0, 3.0], [1.5, 0.5, -0.5]], np.float32)
LABELS = np.array([2, 0], np.int32)
SIGNS = np.array([1, -1], np.int32)


def _outcome(f):
    try:
        return f()
    except Exception as e:  # noqa: BLE001 - the class and first message line are the result
        return f"{type(e).__name__}: {str(e).splitlines()[0]}"


@case()
def losses_by_keyword(ms):
    nn = ms.nn
    x, lab, zero = ms.Tensor(X), ms.Tensor(LABELS), ms.Tensor(X * 0)
    return [nn.CrossEntropyLoss()(logits=x, labels=lab), nn.MSELoss()(logits=x, labels=zero),
            nn.L1Loss()(logits=x, labels=zero), nn.BCEWithLogitsLoss()(input=x, target=zero),
            nn.NLLLoss()(logits=x, labels=lab), nn.SmoothL1Loss()(logits=x, labels=zero),
            nn.SoftmaxCrossEntropyWithLogits(sparse=True)(logits=x, labels=lab),
            nn.CosineEmbeddingLoss()(logits_x1=x, logits_x2=x * 2, labels=ms.Tensor(SIGNS)),
            nn.MSELoss()(x, labels=zero)]


@case()
def layers_by_keyword(ms):
    nn = ms.nn
    x = ms.Tensor(X)
    return [nn.ReLU()(input=x), nn.LayerNorm((3,))(input_x=x), nn.Softmax()(input=x),
            nn.Flatten()(x=x), nn.Identity()(input=x), nn.HSigmoid()(input=x),
            nn.Mish()(input_x=x), ms.mint.nn.ReLU()(input=x), ms.mint.nn.Tanh()(input=x)]


@case()
def keywords_inside_construct_and_grad(ms):
    """The keyword calls in a ``construct`` (GRAPH_MODE compiles it), differentiated."""
    nn = ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.loss = nn.MSELoss()
            self.act = nn.ReLU()
            self.norm = nn.LayerNorm((3,))

        def construct(self, a, b):
            return self.loss(logits=self.norm(input_x=self.act(input=a)), labels=b)

    net = Net()
    x, y = ms.Tensor(X), ms.Tensor(X * 0.5)
    return net(x, y), ms.grad(net, grad_position=(0, 1))(x, y)


@case(modes=("PYNATIVE",))
def unexpected_keyword(ms):
    return _outcome(lambda: ms.nn.ReLU()(inp=ms.Tensor(X)))


@case(modes=("PYNATIVE",))
def missing_input(ms):
    return _outcome(lambda: ms.nn.MSELoss()(labels=ms.Tensor(X)))


@case(modes=("PYNATIVE",))
def input_given_twice(ms):
    return _outcome(lambda: ms.nn.MSELoss()(ms.Tensor(X), logits=ms.Tensor(X)))
