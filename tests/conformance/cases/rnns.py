"""nn.RNN/GRU/LSTM and the one-step Cells: outputs, final states and gradients (w.r.t. the
input and every Parameter), from weights drawn after ``set_seed`` (MindSpore draws them
from NumPy's generator), with ``seq_length``, initial states, both layouts, stacked and
bidirectional; argument errors."""
import numpy as np

from ._registry import case

X = np.random.RandomState(0).uniform(-1, 1, (2, 5, 3)).astype(np.float32)


def _run(ms, cls, kw, seq=None, hx=None, batch_first=True):
    ms.set_seed(11)
    net = getattr(ms.nn, cls)(3, 4, batch_first=batch_first, **kw)
    x = ms.Tensor(X if batch_first else X.transpose(1, 0, 2).copy())
    sl = None if seq is None else ms.Tensor(np.array(seq, np.int32))
    h = None
    if hx is not None:
        dirs = 2 if kw.get("bidirectional") else 1
        shape = (kw.get("num_layers", 1) * dirs, 2, 4)
        h0 = ms.Tensor(np.random.RandomState(hx).uniform(-1, 1, shape).astype(np.float32))
        h = (h0, h0 * 0.5) if cls == "LSTM" else h0

    def loss(x):
        out, state = net(x, h, sl)
        states = state if isinstance(state, tuple) else (state,)
        return (out * out).sum() + sum((s * 0.5).sum() for s in states)
    out = net(x, h, sl)
    value, grads = ms.value_and_grad(loss, 0, net.trainable_params())(x)
    return out, value, grads


ROWS = {
    "lstm_stacked_bi": ("LSTM", {"num_layers": 2, "bidirectional": True}, {}),
    "lstm_seq_length": ("LSTM", {}, {"seq": [5, 3]}),
    "lstm_bi_seq_hx": ("LSTM", {"bidirectional": True}, {"seq": [2, 5], "hx": 1}),
    "lstm_no_bias_time_major": ("LSTM", {"has_bias": False}, {"batch_first": False}),
    "gru": ("GRU", {}, {}),
    "gru_stacked_bi_seq": ("GRU", {"num_layers": 2, "bidirectional": True}, {"seq": [4, 1]}),
    "gru_hx_no_bias": ("GRU", {"has_bias": False}, {"hx": 2}),
    "rnn_tanh": ("RNN", {}, {}),
    "rnn_relu_bi_seq": ("RNN", {"nonlinearity": "relu", "bidirectional": True},
                        {"seq": [3, 5]}),
    "rnn_stacked_hx_time_major": ("RNN", {"num_layers": 3}, {"hx": 3, "batch_first": False}),
}


def _register(name, cls, kw, call_kw):
    def fn(ms):
        return _run(ms, cls, kw, **call_kw)
    fn.__name__ = fn.__qualname__ = name
    fn.__module__ = __name__
    case(rtol=2e-5, atol=2e-6)(fn)


for _name, (_cls, _kw, _call) in ROWS.items():
    _register(_name, _cls, _kw, _call)


@case(rtol=2e-5, atol=2e-6)
def rnn_cells(ms):
    x = ms.Tensor(X[:, 0])
    h = ms.Tensor(np.random.RandomState(4).uniform(-1, 1, (2, 4)).astype(np.float32))
    out = []
    for cell in (ms.nn.LSTMCell(3, 4), ms.nn.GRUCell(3, 4, has_bias=False),
                 ms.nn.RNNCell(3, 4, nonlinearity="relu"), ms.nn.RNNCell(3, 4)):
        for p in cell.trainable_params():  # the Cells' initializer is not NumPy's: set them
            p.set_data(ms.Tensor(np.random.RandomState(p.shape[0] + len(p.shape)).uniform(
                -0.5, 0.5, p.shape).astype(np.float32)))
        lstm = isinstance(cell, ms.nn.LSTMCell)
        out.append(_cell_case(ms, cell, x, (h, h * 0.5) if lstm else h, lstm))
    return out


def _cell_case(ms, cell, x, hx, lstm):
    class Loss(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.cell = cell

        def construct(self, x):
            y = self.cell(x, hx)
            if lstm:
                return (y[0] * y[0]).sum() + (y[1] * y[1]).sum()
            return (y * y).sum()
    return (cell(x, hx), ms.value_and_grad(Loss(), 0, cell.trainable_params())(x),
            [p.name for p in cell.get_parameters()])


@case(modes=("PYNATIVE",))
def rnn_parameter_names_and_errors(ms):
    names = [p.name for p in ms.nn.LSTM(3, 4, 2, bidirectional=True).get_parameters()]
    out = []
    for make in (lambda: ms.nn.LSTM(3, 0), lambda: ms.nn.GRU(3, 4, dropout=1),
                 lambda: ms.nn.GRU(3, 4, dropout=1.5), lambda: ms.nn.RNN(3, 4, has_bias=1),
                 lambda: ms.nn.RNN(3, 4, nonlinearity="sigmoid"),
                 lambda: ms.nn.LSTM(3, 4, num_layers=0), lambda: ms.nn.GRUCell(0, 4),
                 lambda: ms.nn.RNNCell(3, 4, nonlinearity="gelu")):
        try:
            make()
            out.append("ok")
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            out.append(f"{type(e).__name__}: {e}")
    return names, out


@case()
def rnn_call_errors(ms):
    net = ms.nn.GRU(3, 4, batch_first=True)
    x = ms.Tensor(X)
    out = []
    for args in ((ms.Tensor(X.astype(np.int32)),), (x, None, ms.Tensor(np.array([1.0, 2.0]))),
                 (x, None, ms.Tensor(np.array([1, 2, 3], np.int32)))):
        try:
            net(*args)
            out.append("ok")
        except Exception as e:  # noqa: BLE001 - only the class is compared across modes
            out.append(type(e).__name__)
    return out


@case(modes=("PYNATIVE",))
def rnn_layers_print_and_children(ms):
    """print(net) and cells_and_names() of a net with RNN layers list MindSpore's children
    of each layer (its kernel Cell ``rnn`` and ``dropout_op``)."""
    nn = ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.lstm = nn.LSTM(4, 6, batch_first=True, num_layers=2, dropout=0.2)
            self.gru = nn.GRU(6, 3, bidirectional=True)
            self.rnn = nn.RNN(3, 2, nonlinearity="relu")
            self.fc = nn.Dense(2, 1)

    net = Net()
    return (repr(net), [(name, type(cell).__name__) for name, cell in net.cells_and_names()],
            sorted(net.parameters_dict()))


def _cos_weights(ms, net, dtype):
    for i, p in enumerate(net.get_parameters()):
        value = np.cos(np.arange(p.size) * 0.37 + i).reshape(p.shape) * 0.3
        p.set_data(ms.Tensor(value.astype(dtype)))
    return net


def _half_run(ms, cls, kw, param_dtype, input_dtype, seq=None):
    net = _cos_weights(ms, getattr(ms.nn, cls)(4, 6, dtype=getattr(ms, param_dtype), **kw),
                       getattr(np, param_dtype))
    x = ms.Tensor(np.random.RandomState(5).randn(3, 5, 4).astype(input_dtype))
    sl = None if seq is None else ms.Tensor(np.array(seq, np.int32))
    return net(x, None, sl)


HALF_ROWS = {  # MindSpore's CPU LSTM kernel (no seq_length) sums the biases in the
    # Parameters' dtype and computes Float16 in float32; the per-step layers stay in Float16
    "lstm_half": ("LSTM", {"num_layers": 2}, "float16", np.float16, None),
    "lstm_half_bi": ("LSTM", {"bidirectional": True}, "float16", np.float16, None),
    "lstm_half_params_float32_input": ("LSTM", {}, "float16", np.float32, None),
    "lstm_half_seq_length": ("LSTM", {}, "float16", np.float16, [5, 2, 3]),
    "gru_half": ("GRU", {"num_layers": 2, "bidirectional": True}, "float16", np.float16, None),
    "rnn_half": ("RNN", {"num_layers": 2}, "float16", np.float16, None),
    "rnn_relu_half_params_float32_input": ("RNN", {"nonlinearity": "relu"}, "float16",
                                           np.float32, None),
}


def _register_half(name, row):
    def fn(ms):
        return _half_run(ms, *row)
    fn.__name__ = fn.__qualname__ = name
    fn.__module__ = __name__
    case(rtol=0, atol=1e-5)(fn)


for _name, _row in HALF_ROWS.items():
    _register_half(_name, _row)


@case(rtol=2e-2, atol=2e-3)
def rnn_gru_half_gradients(ms):
    """Float16 gradients of the per-step layers (within Float16 accumulation: MindSpore sums
    the steps' weight gradients in its own order). LSTM's Float16 kernel gradient on the CPU
    is not compared: MindSpore returns zeros or garbage there (docs/divergences.md)."""
    out = []
    for cls in ("RNN", "GRU"):
        net = _cos_weights(ms, getattr(ms.nn, cls)(4, 6, dtype=ms.float16), np.float16)
        x = ms.Tensor(np.random.RandomState(6).randn(3, 5, 4).astype(np.float16))
        weight = ms.Tensor(np.cos(np.arange(90)).reshape(3, 5, 6).astype(np.float16))

        out.append(ms.grad(_weighted_output(net, weight), 0, net.trainable_params())(x))
    return out


def _weighted_output(net, weight):
    def loss(x):
        return (net(x)[0] * weight).sum()
    return loss


@case(modes=("PYNATIVE",))
def rnn_cells_draw_from_numpy(ms):
    """The one-step Cells draw placeholder weights from NumPy's generator before their
    initializer runs (the next NumPy draws are MindSpore's)."""
    out = []
    for make in (lambda: ms.nn.RNNCell(3, 4), lambda: ms.nn.GRUCell(3, 4, has_bias=False),
                 lambda: ms.nn.LSTMCell(2, 5)):
        np.random.seed(3)
        make()
        out.append(np.random.rand(3))
    return out
