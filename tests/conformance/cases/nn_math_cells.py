"""The small math Cells of ``mindspore.nn`` (Moments, L1Regularizer, CentralCrop, LGamma,
DiGamma, IGamma, LBeta), ``nn.Dropout1d`` and the ``nn.<Name>Ext`` classes that are
``mint.nn``'s. (``nn.Roll``, ``nn.MatDet``/``MatInverse`` and ``LayerNormExt``/
``LogSoftmaxExt`` have no kernel in MindSpore's CPU build: ``tests/test_nn_math_cells.py``
checks them against their definitions.)"""
import numpy as np

from ._registry import case

X = np.random.RandomState(3).uniform(-2, 2, (2, 3, 4)).astype(np.float32)
POSITIVE = np.array([0.3, 1.0, 1.5, 2.5, 7.0, 12.0], np.float32)


def _with_grad(ms, cell, *arrays):
    tensors = [ms.Tensor(a) for a in arrays]

    def total(*args):
        out = cell(*args)
        return (out[0] + out[1]).sum() if isinstance(out, tuple) else out.sum()
    return cell(*tensors), ms.grad(total, grad_position=0)(*tensors)


@case()
def moments_cell(ms):
    nn = ms.nn
    return (_with_grad(ms, nn.Moments(), X), _with_grad(ms, nn.Moments(axis=1), X),
            nn.Moments(axis=(0, 2), keep_dims=True)(ms.Tensor(X)),
            nn.Moments(axis=2)(ms.Tensor(X.astype(np.float16))))


@case()
def l1_regularizer_cell(ms):
    return _with_grad(ms, ms.nn.L1Regularizer(0.3), X), ms.nn.L1Regularizer(2)(ms.Tensor(X))


@case()
def central_crop_cell(ms):
    image = np.arange(2 * 3 * 7 * 9, dtype=np.float32).reshape(2, 3, 7, 9)
    return [ms.nn.CentralCrop(f)(ms.Tensor(image)) for f in (0.5, 0.3, 0.9, 1.0)] + \
        [ms.nn.CentralCrop(0.6)(ms.Tensor(image[0]))]


@case(rtol=2e-5, atol=1e-5)
def gamma_function_cells(ms):
    nn = ms.nn
    return (nn.LGamma()(ms.Tensor(POSITIVE)), nn.DiGamma()(ms.Tensor(POSITIVE)),
            nn.IGamma()(ms.Tensor(POSITIVE), ms.Tensor(POSITIVE[::-1].copy())),
            nn.LBeta()(ms.Tensor(POSITIVE), ms.Tensor(POSITIVE[::-1].copy())))


@case()
def dropout1d_cell(ms):
    x = ms.Tensor(np.ones((4, 6, 5), np.float32))
    cell = ms.nn.Dropout1d(0.5)
    cell.set_train(False)
    kept = cell(x)
    cell.set_train(True)
    out = cell(x).asnumpy()
    channels = out.reshape(4 * 6, 5)
    whole = bool(np.all((channels == 0).all(1) | (channels == 2).all(1)))
    return kept, whole, cell(ms.Tensor(np.ones((6, 5), np.float32))).shape, \
        ms.nn.Dropout1d(0.0)(x)


@case()
def ext_classes_are_mint_classes(ms):
    nn, mint = ms.nn, ms.mint.nn
    names = ("DropoutExt", "L1LossExt", "LayerNormExt", "LogSoftmaxExt", "PReLUExt",
             "EmbeddingExt", "AvgPool2dExt", "MaxPool2dExt")
    same = [getattr(nn, n) is getattr(mint, n[:-3]) for n in names]
    cell = nn.DropoutExt(0.3)
    cell.set_train(False)
    return same, cell(ms.Tensor(X))
