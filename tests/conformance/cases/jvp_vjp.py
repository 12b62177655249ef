"""ms.vjp / ms.jvp / nn.Vjp / nn.Jvp structures."""
import numpy as np

from ._registry import case


def _t(ms, v, dt=np.float32):
    return ms.Tensor(np.array(v, dt))


def _xy(ms):
    return _t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0])


def _sq(a):
    return a * a


def _mul(a, b):
    return a * b


def _two(a, b):
    return a * b, a + b


@case()
def vjp_one_input_tuple_of_one(ms):
    out, fn = ms.vjp(_sq, _t(ms, [1.0, 2.0]))
    return out, fn(_t(ms, [1.0, 1.0]))


@case()
def vjp_two_inputs(ms):
    out, fn = ms.vjp(_mul, *_xy(ms))
    return out, fn(_t(ms, [1.0, 2.0]))


@case()
def vjp_multi_output_tuple_v(ms):
    out, fn = ms.vjp(_two, *_xy(ms))
    return out, fn((_t(ms, [1.0, 1.0]), _t(ms, [2.0, -1.0])))


@case()
def vjp_multi_output_single_v_error(ms):
    _out, fn = ms.vjp(_two, *_xy(ms))
    return fn(_t(ms, [1.0, 1.0]))


@case()
def vjp_has_aux(ms):
    out, fn, aux = ms.vjp(_two, *_xy(ms), has_aux=True)
    return out, fn(_t(ms, [1.0, 1.0])), aux


@case()
def vjp_weights_list(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([2.0, 3.0], np.float32)), name="w")

        def construct(self, a):
            return a * self.w
    net = Net()
    out, fn = ms.vjp(net, _t(ms, [1.0, 2.0]), weights=net.trainable_params())
    return out, fn(_t(ms, [1.0, 1.0]))


@case()
def vjp_weights_single(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([2.0, 3.0], np.float32)), name="w")

        def construct(self, a):
            return a * self.w
    net = Net()
    out, fn = ms.vjp(net, _t(ms, [1.0, 2.0]), weights=net.w)
    return out, fn(_t(ms, [1.0, 1.0]))


@case()
def vjp_wrong_v_shape(ms):
    _out, fn = ms.vjp(_sq, _t(ms, [1.0, 2.0]))
    return fn(_t(ms, [1.0, 1.0, 1.0]))


@case()
def vjp_cell_matmul(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.matmul = ms.ops.MatMul()

        def construct(self, a, b):
            return self.matmul(a, b)
    a = _t(ms, [[1.0, 2.0], [3.0, 4.0]])
    b = _t(ms, [[0.5, -1.0], [2.0, 1.0]])
    out, fn = ms.vjp(Net(), a, b)
    return out, fn(_t(ms, [[1.0, 0.0], [0.5, 2.0]]))


@case()
def jvp_single_tensor(ms):
    return ms.jvp(_sq, _t(ms, [1.0, 2.0]), _t(ms, [1.0, 1.0]))


@case()
def jvp_tuple_inputs(ms):
    x, y = _xy(ms)
    return ms.jvp(_mul, (x, y), (_t(ms, [1.0, 0.0]), _t(ms, [0.0, 1.0])))


@case()
def jvp_list_inputs(ms):
    x, y = _xy(ms)
    return ms.jvp(_mul, [x, y], [_t(ms, [1.0, 1.0]), _t(ms, [1.0, 1.0])])


@case()
def jvp_one_tuple_input_error(ms):
    x = _t(ms, [1.0, 2.0])
    return ms.jvp(_sq, (x,), (_t(ms, [1.0, 1.0]),))


@case()
def jvp_multi_output(ms):
    x, y = _xy(ms)
    v = _t(ms, [1.0, 1.0])
    return ms.jvp(_two, (x, y), (v, v))


@case()
def jvp_has_aux(ms):
    x, y = _xy(ms)
    v = _t(ms, [1.0, 1.0])
    return ms.jvp(_two, (x, y), (v, v), has_aux=True)


@case()
def jvp_mismatched_v_length(ms):
    x, y = _xy(ms)
    return ms.jvp(_mul, (x, y), (_t(ms, [1.0, 1.0]),))


@case()
def jvp_non_tensor_v(ms):
    return ms.jvp(_sq, _t(ms, [1.0, 2.0]), 1.0)


@case()
def nn_vjp_single_input_bare(ms):
    class F(ms.nn.Cell):
        def construct(self, a):
            return a * a * a
    return ms.nn.Vjp(F())(_t(ms, [1.0, 2.0]), _t(ms, [1.0, 1.0]))


@case()
def nn_vjp_two_inputs_multi_output(ms):
    class F(ms.nn.Cell):
        def construct(self, a, b):
            return a * b, a + b
    v = _t(ms, [1.0, 1.0])
    return ms.nn.Vjp(F())(*_xy(ms), (v, v))


@case()
def nn_jvp_single_input(ms):
    class F(ms.nn.Cell):
        def construct(self, a):
            return a * a * a
    return ms.nn.Jvp(F())(_t(ms, [1.0, 2.0]), _t(ms, [1.0, 1.0]))


@case()
def nn_jvp_two_inputs(ms):
    class F(ms.nn.Cell):
        def construct(self, a, b):
            return a * b, a + b
    v = _t(ms, [1.0, 1.0])
    return ms.nn.Jvp(F())(*_xy(ms), (v, v))


@case()
def vjp_in_construct(ms):
    class F(ms.nn.Cell):
        def construct(self, a):
            return ms.ops.sin(a) * a

    class G(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.f = F()

        def construct(self, a, v):
            out, fn = ms.vjp(self.f, a)
            return out, fn(v)
    return G()(_t(ms, [0.5, 1.0]), _t(ms, [1.0, 2.0]))


@case()
def jvp_in_construct(ms):
    class F(ms.nn.Cell):
        def construct(self, a):
            return ms.ops.exp(a) * 2.0

    class G(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.f = F()

        def construct(self, a, v):
            return ms.jvp(self.f, a, v)
    return G()(_t(ms, [0.5, 1.0]), _t(ms, [1.0, 2.0]))
