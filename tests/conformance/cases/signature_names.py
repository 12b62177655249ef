"""Keyword names and options found by comparing every public signature of MindSpore 2.10
with mscompat's: ``Parameter(device=...)``, ``Parameter.register_hook(hook_fn=...)``,
``dtype_to_nptype(type_=...)``, ``nn.get_activation(None)`` and its ``prim_name``, the
containers' ``set_grad(flag=...)`` (on every child, returning None),
``GradAccumulationCell(network=..., micro_size=...)``, ``ops.Assign()(variable=...,
value=...)``, ``ops.Depend()(value=..., expr=...)``, ``set_prim_instance_name(
instance_name=...)``; a scatter Primitive (``*args`` in MindSpore) takes no keyword."""
import numpy as np

from ._registry import case


def _outcome(f):
    try:
        return f()
    except Exception as e:  # noqa: BLE001 - the class and first message line are the result
        return f"{type(e).__name__}: {str(e).splitlines()[0]}"


def _f32(v):
    return np.array(v, np.float32)


@case(modes=("PYNATIVE",))
def parameter_device(ms):
    p = ms.Parameter(ms.Tensor(_f32([1.0, 2.0])), name="p", device="CPU")
    return p.value(), _outcome(lambda: ms.Parameter(ms.Tensor(_f32([1.0])), device="GPU"))


@case(modes=("PYNATIVE",))
def dtype_conversions_by_keyword(ms):
    return [str(ms.dtype_to_nptype(type_=ms.float16)), str(ms.dtype_to_pytype(type_=ms.int8))]


@case(modes=("PYNATIVE",))
def get_activation_none_and_prim_name(ms):
    return (ms.nn.get_activation(None),
            _outcome(lambda: ms.nn.get_activation("nope", prim_name="Dense"))[:40])


@case(modes=("PYNATIVE",))
def container_set_grad_flag(ms):
    seq = ms.nn.SequentialCell([ms.nn.ReLU(), ms.nn.Dense(2, 2)])
    cells = ms.nn.CellList([ms.nn.ReLU()])
    return (seq.set_grad(flag=True), seq.requires_grad, seq[1].requires_grad,
            cells.set_grad(flag=False), cells[0].requires_grad)


@case(modes=("PYNATIVE",))
def grad_accumulation_cell_by_keyword(ms):
    cell = ms.nn.GradAccumulationCell(network=ms.nn.ReLU(), micro_size=2)
    return cell.micro_size, cell(ms.Tensor(_f32([[1.0], [-2.0], [3.0], [-4.0]])))


@case()
def assign_and_depend_by_keyword(ms):
    p = ms.Parameter(ms.Tensor(_f32([1.0, 2.0])), name="p")

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = p
            self.assign = ms.ops.Assign()
            self.depend = ms.ops.Depend()

        def construct(self, x):
            out = self.assign(variable=self.p, value=x)
            return self.depend(value=x * 2, expr=out)

    out = Net()(ms.Tensor(_f32([5.0, 6.0])))
    return out, p.value()


@case(modes=("PYNATIVE",))
def scatter_primitive_takes_no_keyword(ms):
    p = ms.Parameter(ms.Tensor(_f32([1.0, 1.0, 1.0])), name="p")
    return _outcome(lambda: ms.ops.ScatterAdd()(
        input_x=p, indices=ms.Tensor(np.array([0], np.int32)), updates=ms.Tensor(_f32([1.0]))))


@case(modes=("PYNATIVE",))
def prim_instance_name_by_keyword(ms):
    return ms.ops.ReLU().set_prim_instance_name(instance_name="relu1").instance_name
