"""nn.Cell: registration, MindSpore's parameter naming, traversal, modes."""
import numpy as np
import pytest

import mscompat as ms
from mscompat import Parameter, Tensor, nn


def _p(v=1.0, name=None):
    return Parameter(Tensor(np.array([v], np.float32)), name=name)


class Inner(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = _p(name="weight")
        self.b = _p()

    def construct(self, x):
        return x * self.w + self.b


class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = Inner()
        self.scale = _p(2.0, "scale")

    def construct(self, x):
        return self.fc(x) * self.scale


def test_auto_prefix_names_by_attribute_path():
    net = Outer()
    # MindSpore renames a child's parameters to "<attribute>.<path in the child>".
    assert [p.name for p in net.get_parameters()] == ["scale", "fc.w", "fc.b"]
    assert [n for n, _ in net.parameters_and_names()] == ["scale", "fc.w", "fc.b"]


def test_unnamed_parameter_takes_attribute_name():
    assert Inner().b.name == "b"
    assert Inner().w.name == "weight"


def test_trainable_params_skip_frozen():
    net = Outer()
    net.scale.requires_grad = False
    assert [p.name for p in net.trainable_params()] == ["fc.w", "fc.b"]
    assert [p.name for p in net.untrainable_params()] == ["scale"]


def test_cells_and_names_and_set_train():
    net = Outer()
    assert [n for n, _ in net.cells_and_names()] == ["", "fc"]
    net.set_train()
    assert net.training and net.fc.training
    net.set_train(False)
    assert not net.fc.training


def test_reassigning_a_parameter_updates_the_registry():
    net = Inner()
    net.w = _p(5.0, "w2")
    assert [p.name for p in net.get_parameters()] == ["w2", "b"]


def test_call_runs_construct_in_both_modes():
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        out = Outer()(Tensor(np.array([3.0], np.float32)))
        assert out.asnumpy().tolist() == [8.0]  # (3*1 + 1) * 2
    ms.set_context(mode=ms.PYNATIVE_MODE)


def test_parameter_before_super_init_is_an_error():
    class Bad(nn.Cell):
        def __init__(self):
            self.w = _p()

    with pytest.raises(AttributeError, match="super"):
        Bad()


def test_unsupported_cell_features_name_themselves():
    with pytest.raises(NotImplementedError, match="register_backward_pre_hook"):
        Outer().register_backward_pre_hook(lambda *a: None)
