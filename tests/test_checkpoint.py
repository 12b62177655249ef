"""Checkpoints against files written and read by real MindSpore 2.10.

``tests/fixtures/ckpt/*.ckpt`` were written by MindSpore (``tools/write_ckpt_fixtures.py``);
``expected.json`` is what MindSpore reads from them (``tools/record_ckpt_expected.py``).
mscompat must read the same values, and writing them back must give the same bytes (so a
file written by mscompat is a file MindSpore wrote).
"""
import json
import os

import numpy as np
import pytest

import mscompat as ms

FIX = os.path.join(os.path.dirname(__file__), "fixtures", "ckpt")
EXPECTED = json.load(open(os.path.join(FIX, "expected.json")))["files"]
FILES = sorted(f for f in EXPECTED if f.endswith(".ckpt"))


@pytest.mark.parametrize("fname", FILES)
def test_reads_what_mindspore_reads(fname):
    loaded = ms.load_checkpoint(os.path.join(FIX, fname))
    expected = EXPECTED[fname]
    assert list(loaded) == list(expected)
    for name, exp in expected.items():
        value = loaded[name]
        if "str" in exp:
            assert value == exp["str"]
            continue
        assert isinstance(value, ms.Parameter) and value.name == name
        assert str(value.dtype) == exp["dtype"] and list(value.shape) == exp["shape"]
        arr = value.float().asnumpy() if exp["via"] == "float32" else value.asnumpy()
        assert arr.tobytes().hex() == exp["hex"], name


@pytest.mark.parametrize("fname", FILES)
def test_writes_the_bytes_mindspore_writes(fname, tmp_path):
    src = os.path.join(FIX, fname)
    loaded = ms.load_checkpoint(src)
    out = str(tmp_path / fname)
    ms.save_checkpoint([{"name": k, "data": v} for k, v in loaded.items()], out)
    assert open(out, "rb").read() == open(src, "rb").read()


def test_filters_select_what_mindspore_selects():
    path = os.path.join(FIX, "dtypes.ckpt")
    want = EXPECTED["_filters"]
    assert list(ms.load_checkpoint(path, filter_prefix="f")) == want["filter_prefix_f"]
    assert list(ms.load_checkpoint(path, specify_prefix=["i", "u"])) == \
        want["specify_prefix_i_u"]
    assert list(ms.load_checkpoint(path, choice_func=lambda n: n.startswith("b"))) == \
        want["choice_func_b"]


def _net():
    return ms.nn.Dense(3, 2, weight_init="ones", bias_init="zeros")


def test_cell_round_trip_and_load_param_into_net(tmp_path):
    src = ms.nn.Dense(3, 2)
    path = str(tmp_path / "dense")  # the suffix is added, as MindSpore does
    ms.save_checkpoint(src, path, append_dict={"epoch_num": 2})
    assert os.path.exists(path + ".ckpt")
    dst = _net()
    params = ms.load_checkpoint(path + ".ckpt")
    assert ms.load_param_into_net(dst, params) == ([], ["epoch_num"])
    np.testing.assert_array_equal(dst.weight.asnumpy(), src.weight.asnumpy())
    np.testing.assert_array_equal(dst.bias.asnumpy(), src.bias.asnumpy())


def test_load_param_into_net_reports_missing_and_checks_before_writing():
    net = _net()
    weight = ms.Parameter(ms.Tensor(np.full((2, 3), 5.0, np.float32)), name="weight")
    assert ms.load_param_into_net(net, {"weight": weight, "other": weight}) == \
        (["bias"], ["other"])
    np.testing.assert_array_equal(net.weight.asnumpy(), np.full((2, 3), 5.0))
    net = _net()
    bad_bias = ms.Parameter(ms.Tensor(np.zeros((7,), np.float32)), name="bias")
    with pytest.raises(RuntimeError, match="same shape"):
        ms.load_param_into_net(net, {"weight": weight, "bias": bad_bias})
    np.testing.assert_array_equal(net.weight.asnumpy(), np.ones((2, 3)))  # untouched
    bad_type = ms.Parameter(ms.Tensor(np.zeros((2,), np.int32)), name="bias")
    with pytest.raises(RuntimeError, match="same type"):
        ms.load_param_into_net(net, {"bias": bad_type})


@pytest.mark.parametrize("damage", ["truncate", "garbage", "flip_length"])
def test_corrupt_files_raise_value_error_and_change_nothing(damage, tmp_path):
    raw = open(os.path.join(FIX, "lenet.ckpt"), "rb").read()
    if damage == "truncate":
        raw = raw[: len(raw) // 2]
    elif damage == "garbage":
        raw = b"not a checkpoint at all" * 3
    else:  # a tensor whose byte count no longer matches its dims
        raw = open(os.path.join(FIX, "dtypes.ckpt"), "rb").read().replace(b"Float32", b"Float64")
    path = tmp_path / "bad.ckpt"
    path.write_bytes(raw)
    net = _net()
    with pytest.raises(ValueError, match="corrupted"):
        ms.load_checkpoint(str(path), net=net)
    np.testing.assert_array_equal(net.weight.asnumpy(), np.ones((2, 3)))


def test_missing_file_and_unsupported_options(tmp_path):
    with pytest.raises(ValueError, match="does not exist"):
        ms.load_checkpoint(str(tmp_path / "missing.ckpt"))
    with pytest.raises(NotImplementedError, match="enc_key"):
        ms.save_checkpoint(_net(), str(tmp_path / "x.ckpt"), enc_key=b"k" * 16)
    with pytest.raises(TypeError, match="save_obj"):
        ms.save_checkpoint(3, str(tmp_path / "x.ckpt"))


def test_overwrite_read_only_file_and_safetensors(tmp_path):
    path = str(tmp_path / "net.ckpt")
    ms.save_checkpoint(_net(), path)
    assert oct(os.stat(path).st_mode & 0o777) == "0o400"
    ms.save_checkpoint(_net(), path)  # MindSpore overwrites its own read-only files
    st = str(tmp_path / "net.safetensors")
    ms.save_checkpoint(_net(), st, format="safetensors")
    loaded = ms.load_checkpoint(st, format="safetensors")  # (the name alone is refused)
    np.testing.assert_array_equal(loaded["weight"].asnumpy(), np.ones((2, 3)))


def test_training_step_checkpoint_uses_mindspore_names(tmp_path):
    """A TrainOneStepCell checkpoint names optimizer state as MindSpore does, so MindSpore's
    own training checkpoints load back into it."""
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc1 = ms.nn.Dense(2, 2)

        def construct(self, x):
            return self.fc1(x)
    net = Net()
    step = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()),
                                  ms.nn.Momentum(net.trainable_params(), 0.1, 0.9))
    names = [p.name for p in step.get_parameters()]
    network = ["fc1.weight", "fc1.bias"]
    assert names == network + ["global_step", "learning_rate", "momentum"] + \
        [f"moments.{n}" for n in network]
    # the same layout as MindSpore's own training checkpoint of a LeNet
    ms_names = list(EXPECTED["lenet_momentum.ckpt"])
    ms_network = list(EXPECTED["lenet.ckpt"])
    assert ms_names == ms_network + ["global_step", "learning_rate", "momentum"] + \
        [f"moments.{n}" for n in ms_network]
    for name in ("global_step", "learning_rate", "momentum"):
        ours = next(p for p in step.get_parameters() if p.name == name)
        assert str(ours.dtype) == EXPECTED["lenet_momentum.ckpt"][name]["dtype"]
        assert list(ours.shape) == EXPECTED["lenet_momentum.ckpt"][name]["shape"]


@pytest.mark.parametrize("mode", ["PYNATIVE_MODE", "GRAPH_MODE"])
@pytest.mark.parametrize("kind", ["adam_groups", "momentum_schedule", "sgd_list_groups"])
def test_resumes_a_mindspore_training_checkpoint(kind, mode):
    """A training checkpoint MindSpore wrote with group learning rates, a schedule and a
    per-step list: every key loads (none left over on either side) and the next steps'
    losses and weights are the ones MindSpore reached resuming from the same file."""
    with open(os.path.join(FIX, "resume_expected.json")) as f:
        data = json.load(f)
    run = data["runs"][kind]
    nn = ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Dense(4, 6, weight_init=ms.Tensor(np.array(data["W1"], np.float32)),
                                bias_init="zeros")
            self.fc2 = nn.Dense(6, 2, weight_init=ms.Tensor(np.array(data["W2"], np.float32)),
                                bias_init="zeros")

        def construct(self, x):
            return self.fc2(ms.ops.tanh(self.fc1(x)))
    net = Net()
    ps = net.trainable_params()
    groups = [{"params": ps[:2], "lr": 0.02}, {"params": ps[2:], "weight_decay": 0.01}]
    opt = {"adam_groups": lambda: nn.Adam(groups, learning_rate=0.01),
           "momentum_schedule": lambda: nn.Momentum(ps, nn.CosineDecayLR(0.001, 0.1, 10), 0.9),
           "sgd_list_groups": lambda: nn.SGD(groups, learning_rate=[
               0.1, 0.09, 0.08, 0.07, 0.06, 0.05, 0.04], momentum=0.5)}[kind]()
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    saved = ms.load_checkpoint(os.path.join(FIX, f"resume_{kind}.ckpt"))
    assert sorted(saved) == run["keys"]
    assert ms.load_param_into_net(step, saved) == ([], [])
    x, y = ms.Tensor(np.array(data["X"], np.float32)), ms.Tensor(np.array(data["Y"], np.float32))
    ms.set_context(mode=getattr(ms, mode))
    try:
        losses = [float(step(x, y).asnumpy()) for _ in range(3)]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(losses, run["losses"], rtol=1e-5)
    np.testing.assert_allclose(net.fc1.weight.asnumpy(), run["fc1_weight"], rtol=1e-5, atol=1e-6)
