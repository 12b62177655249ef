"""ms.jacfwd / ms.jacrev."""
import numpy as np

from ._registry import case


def _t(ms, v, dt=np.float32):
    return ms.Tensor(np.array(v, dt))


def _cube(a):
    return a * a * a


def _x2y(a, b):
    return a * a * b


def _multi(a):
    return a * a, a.sum()


@case()
def jacfwd_single(ms):
    return ms.jacfwd(_cube)(_t(ms, [1.0, 2.0]))


@case()
def jacrev_single(ms):
    return ms.jacrev(_cube)(_t(ms, [1.0, 2.0]))


@case()
def jacfwd_two_positions(ms):
    return ms.jacfwd(_x2y, grad_position=(0, 1))(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]))


@case()
def jacrev_two_positions(ms):
    return ms.jacrev(_x2y, grad_position=(0, 1))(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]))


@case()
def jacrev_position_1(ms):
    return ms.jacrev(_x2y, grad_position=1)(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]))


@case()
def jacfwd_position_tuple_of_one(ms):
    return ms.jacfwd(_x2y, grad_position=(0,))(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]))


@case()
def jacrev_multi_output(ms):
    return ms.jacrev(_multi)(_t(ms, [1.0, 2.0]))


@case()
def jacfwd_multi_output(ms):
    return ms.jacfwd(_multi)(_t(ms, [1.0, 2.0]))


@case()
def jacrev_has_aux(ms):
    return ms.jacrev(_multi, has_aux=True)(_t(ms, [1.0, 2.0]))


@case()
def jacfwd_has_aux(ms):
    return ms.jacfwd(_multi, has_aux=True)(_t(ms, [1.0, 2.0]))


@case()
def jacrev_matrix_input(ms):
    return ms.jacrev(_cube)(_t(ms, [[1.0, 2.0], [3.0, 4.0]]))


@case()
def jacfwd_matmul_cell(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Tensor(np.array([[1.0, 2.0, 0.0], [0.5, -1.0, 3.0]], np.float32))

        def construct(self, a):
            return ms.ops.sin(ms.ops.matmul(a, self.w))
    return ms.jacfwd(Net())(_t(ms, [[0.1, 0.2]]))


@case()
def jacrev_position_out_of_range(ms):
    return ms.jacrev(_x2y, grad_position=2)(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]))


@case()
def jacfwd_float_position(ms):
    return ms.jacfwd(_x2y, grad_position=0.5)(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]))


@case()
def jacrev_has_aux_single_output(ms):
    return ms.jacrev(_cube, has_aux=True)(_t(ms, [1.0, 2.0]))
