"""``nn.RNN``, ``nn.GRU``, ``nn.LSTM`` and their one-step Cells ``nn.RNNCell``,
``nn.GRUCell``, ``nn.LSTMCell``, computed as MindSpore 2.10 computes them.

Gates (``W x + b_ih + W h + b_hh``, split in MindSpore's order): LSTM ``i, f, g, o``
(``c' = f*c + i*g``, ``h' = o*tanh(c')``); GRU ``r, z, n`` (``n = tanh(x_n + r*h_n)``,
``h' = n + z*(h - n)``); RNN ``tanh`` or ``relu``. The time loop is one ``lax.scan`` per layer
and direction. With ``seq_length`` a batch entry stops at its length: its state is held,
its outputs after the end are 0, and the reverse direction reads its sequence reversed
within the length (MindSpore's ``ReverseSequence``). Parameters are ``weight_ih_l{k}``,
``weight_hh_l{k}``, ``bias_ih_l{k}``, ``bias_hh_l{k}`` (``_reverse`` for the second
direction), drawn from NumPy's generator as MindSpore draws them, so after
``mindspore.set_seed`` the initial weights are MindSpore's.

Example:
    >>> import mscompat as ms
    >>> import numpy as np
    >>> lstm = ms.nn.LSTM(3, 4, num_layers=2, batch_first=True)
    >>> out, (h, c) = lstm(ms.Tensor(np.ones((2, 5, 3), np.float32)))
    >>> print(out.shape, h.shape, c.shape)
    (2, 5, 4) (2, 2, 4) (2, 2, 4)
"""
from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np

from ... import _checkparam as validator
from ..._engine import bprops, context, cpu_math, dtypes, jaxconfig
from ..._engine.cell import Cell
from ..._engine.initializers import initialize
from ..._engine.ops_build import call
from ..._engine.parameter import Parameter, ParameterTuple
from ..._engine.tensor import Tensor

_F32 = dtypes.ALL["float32"]
_GATES = {"RNN_TANH": 1, "RNN_RELU": 1, "LSTM": 4, "GRU": 3}


def _step(mode: str, x, h, w_ih, w_hh, b_ih, b_hh):
    """One time step of one layer and direction: MindSpore's ``rnn_cells`` functions, with
    their order of additions and the Tanh/Sigmoid kernels of ``ops``."""
    hx = h[0] if mode == "LSTM" else h
    precision = jaxconfig.matmul_precision()
    gi = jnp.matmul(x, w_ih.T, precision=precision)
    gh = jnp.matmul(hx, w_hh.T, precision=precision).astype(x.dtype)
    if mode == "LSTM":
        gates = gi + gh
        for b in (b_ih, b_hh):  # (the CPU kernel path passes one summed bias)
            gates = gates if b is None else gates + b
        i, f, g, o = jnp.split(gates, 4, axis=1)
        c = cpu_math.sigmoid(f) * h[1] + cpu_math.sigmoid(i) * cpu_math.tanh(g)
        return cpu_math.sigmoid(o) * cpu_math.tanh(c), c
    if b_ih is not None:
        gi, gh = gi + b_ih, gh + b_hh
    if mode == "RNN_TANH":
        if hx.dtype != x.dtype:  # a float32 state of Float16 layers (GRAPH_MODE, below)
            return cpu_math.tanh((gi + gh).astype(jnp.float32))
        return cpu_math.tanh(gi + gh)
    if mode == "RNN_RELU":
        return bprops.relu(gi + gh)
    i_r, i_z, i_n = jnp.split(gi, 3, axis=1)
    h_r, h_z, h_n = jnp.split(gh, 3, axis=1)
    r, z = cpu_math.sigmoid(i_r + h_r), cpu_math.sigmoid(i_z + h_z)
    n = cpu_math.tanh(i_n + r * h_n)
    return n + z * (hx - n)


def _reverse(xs, lengths):
    """Reverse time (axis 0); with ``lengths``, only each entry's first ``length`` steps."""
    if lengths is None:
        return xs[::-1]
    t = jnp.arange(xs.shape[0])[:, None]
    src = jnp.where(t < lengths[None, :], lengths[None, :] - 1 - t, t)
    return jnp.take_along_axis(xs, src[:, :, None], axis=0)


def _direction(mode, xs, h0, weights, lengths, graph=False):
    """Run one direction over ``xs`` (T, B, I): outputs (T, B, H) and the final state."""
    def body(state, inp):
        x, t = inp
        new = _step(mode, x, state, *weights)
        if lengths is None:
            out = new[0] if mode == "LSTM" else new
            return new, out.astype(xs.dtype)
        live = (t < lengths)[:, None]
        held = jax.tree.map(lambda n, o: jnp.where(live, n, o), new, state)
        out = jnp.where(live, held[0] if mode == "LSTM" else held, 0)
        return held, out
    if mode == "RNN_TANH" and lengths is None and xs.dtype == jnp.float16 and graph:
        # MindSpore's graph computes a Float16 Tanh in float32 and feeds the next step's
        # MatMul that float32 value (the outputs are rounded)
        h0 = h0.astype(jnp.float32)
    final, outs = jax.lax.scan(body, h0, (xs, jnp.arange(xs.shape[0])))
    return outs, final


def _rnn(x, h0, c0, lengths, *params, mode, num_layers, bidirectional, has_bias, batch_first,
         graph):
    dtype = x.dtype
    if batch_first:
        x = jnp.swapaxes(x, 0, 1)
    dirs = 2 if bidirectional else 1
    count = num_layers * dirs
    w_ih, w_hh = params[:count], params[count:2 * count]
    b_ih = params[2 * count:3 * count] if has_bias else (None,) * count
    b_hh = params[3 * count:4 * count] if has_bias else (None,) * count
    # MindSpore's CPU LSTM kernel (no seq_length) takes one bias b_ih + b_hh, summed in the
    # Parameters' dtype, and computes a Float16 input in float32, rounding each layer's
    # outputs (in GRAPH_MODE the layers between pass float32 on); the other modes are
    # per-step ops in the input's dtype
    kernel = mode == "LSTM" and lengths is None
    compute = jnp.float32 if kernel else dtype
    layer_in, hs, cs = x, [], []
    for layer in range(num_layers):
        outs = []
        for d in range(dirs):
            k = layer * dirs + d
            biases = (b_ih[k], b_hh[k])
            if kernel and b_ih[k] is not None:
                biases = (b_ih[k] + b_hh[k], None)
            weights = tuple(None if w is None else w.astype(dtype).astype(compute)
                            for w in (w_ih[k], w_hh[k], *biases))
            state = (h0[k], c0[k]) if mode == "LSTM" else h0[k]
            state = jax.tree.map(lambda s: s.astype(compute), state)
            xs = layer_in if d == 0 else _reverse(layer_in, lengths)
            out, final = _direction(mode, xs.astype(compute), state, weights, lengths, graph)
            final = jax.tree.map(lambda a: a.astype(dtype), final)
            if not (kernel and graph):  # (GRAPH_MODE passes the kernel's float32 on)
                out = out.astype(dtype)
            outs.append(out if d == 0 else _reverse(out, lengths))
            if mode == "LSTM":
                hs.append(final[0])
                cs.append(final[1])
            else:
                hs.append(final)
        layer_in = jnp.concatenate(outs, axis=2) if dirs == 2 else outs[0]
    out = jnp.swapaxes(layer_in, 0, 1) if batch_first else layer_in
    h_n = jnp.stack(hs).astype(dtype)
    if mode == "LSTM":
        return out.astype(dtype), h_n, jnp.stack(cs).astype(dtype)
    return out.astype(dtype), h_n


def _check_float_tensor(cls: str, name: str, value) -> None:
    if not isinstance(value, Tensor):
        raise TypeError(f"For '{cls}', the '{name}' must be a Tensor, but got "
                        f"{type(value).__name__}.")
    if str(value.dtype) not in ("Float32", "Float16"):
        raise TypeError(f"For '{cls}', the '{name}' must be Tensor[Float32] or "
                        f"Tensor[Float16], but got {value.dtype}.")


class _RecurrenceKernel(Cell):
    """The child Cell ``rnn`` MindSpore's RNN layers hold (its CPU kernel): no Parameters;
    it is there so that ``print(net)`` and ``cells_and_names()`` list what MindSpore's do."""

    def construct(self, *args):
        raise NotImplementedError(f"{type(self).__name__} is called through its RNN layer.")


# MindSpore's kernel Cell class per mode, on CPU and GPU
_KERNEL_CELLS = {mode: type(name, (_RecurrenceKernel,), {"__module__": __name__})
                 for mode, name in (("LSTM", "_DynamicLSTMCPUGPU"), ("GRU", "_DynamicGRUCPUGPU"),
                                    ("RNN_TANH", "_DynamicRNNTanh"),
                                    ("RNN_RELU", "_DynamicRNNRelu"))}


class _RNNBase(Cell):
    _mode = "RNN_TANH"

    def __init__(self, input_size: int, hidden_size: int, num_layers: int = 1,
                 has_bias: bool = True, batch_first: bool = False, dropout: float = 0.0,
                 bidirectional: bool = False, dtype=_F32) -> None:
        super().__init__()
        cls = type(self).__name__
        validator.check_positive_int(hidden_size, "hidden_size", cls)
        validator.check_positive_int(input_size, "input_size", cls)
        validator.check_positive_int(num_layers, "num_layers", cls)
        validator.check_is_float(dropout, "dropout", cls)
        validator.check_value_type("has_bias", has_bias, [bool], cls)
        validator.check_value_type("batch_first", batch_first, [bool], cls)
        validator.check_value_type("bidirectional", bidirectional, [bool], cls)
        if not 0 <= dropout < 1:
            raise ValueError(f"For '{cls}', the 'dropout' must be a number in range [0, 1) "
                             f"representing the probability of an element being zeroed, but "
                             f"got {dropout}.")
        if dropout > 0 and num_layers == 1:
            from ... import log as logger
            logger.warning(f"dropout option adds dropout after all but last recurrent layer, so "
                           f"non-zero dropout expects num_layers greater than 1, but got "
                           f"dropout={dropout} and num_layers={num_layers}")
        self.rnn = _KERNEL_CELLS[self._mode]()
        from .basic import Dropout
        self.dropout_op = Dropout(p=float(dropout))
        self.input_size, self.hidden_size, self.num_layers = input_size, hidden_size, num_layers
        self.has_bias, self.batch_first, self.dropout = has_bias, batch_first, dropout
        self.bidirectional = bidirectional
        self.is_lstm = self._mode == "LSTM"
        gate = _GATES[self._mode] * hidden_size
        dirs = 2 if bidirectional else 1
        np_dtype = dtypes.to_np(dtype)
        stdv = 1 / math.sqrt(hidden_size)
        lists = {"w_ih": [], "w_hh": [], "b_ih": [], "b_hh": []}
        for layer in range(num_layers):
            for d in range(dirs):  # MindSpore's draw order, from NumPy's generator
                size = input_size if layer == 0 else hidden_size * dirs
                suffix = "_reverse" if d == 1 else ""
                shapes = [("w_ih", "weight_ih", (gate, size)), ("w_hh", "weight_hh",
                                                                 (gate, hidden_size))]
                if has_bias:
                    shapes += [("b_ih", "bias_ih", (gate,)), ("b_hh", "bias_hh", (gate,))]
                for key, name, shape in shapes:
                    value = np.random.uniform(-stdv, stdv, shape).astype(np.float32)
                    lists[key].append(Parameter(Tensor(value.astype(np_dtype)),
                                                name=f"{name}_l{layer}{suffix}"))
        self.w_ih_list = ParameterTuple(lists["w_ih"])
        self.w_hh_list = ParameterTuple(lists["w_hh"])
        self.b_ih_list = ParameterTuple(lists["b_ih"])
        self.b_hh_list = ParameterTuple(lists["b_hh"])

    def construct(self, x, hx=None, seq_length=None):
        cls = type(self).__name__
        if isinstance(x, Tensor) and str(x.dtype) == "Float64":
            # MindSpore's layers run a Float64 input in float32 and return Float64 Tensors
            def to(t, dtype):
                return t if t is None else tuple(to(i, dtype) for i in t) \
                    if isinstance(t, tuple) else t.astype(dtype)
            return to(self.construct(to(x, dtypes.ALL["float32"]), to(hx, dtypes.ALL["float32"]),
                                     seq_length), dtypes.ALL["float64"])
        _check_float_tensor(cls, "x", x)
        if x.ndim != 3:  # MindSpore's kernels take (seq, batch, feature) only
            raise ValueError(f"For primitive[LSTM], the x_shape.size() must be equal to 3, "
                             f"but got {x.ndim}." if self.is_lstm else
                             "MatMul inputs should have the same dimension size and equal "
                             "to 2.")
        if self.is_lstm and x.shape[2] != self.input_size:
            raise ValueError(f"For primitive[LSTM], the x_shape[2] must be equal to "
                             f"{self.input_size}, but got {x.shape[2]}.")
        batch = x.shape[0] if self.batch_first else x.shape[1]
        dirs = 2 if self.bidirectional else 1
        shape = (self.num_layers * dirs, batch, self.hidden_size)
        if hx is None:
            h0 = c0 = jnp.zeros(shape, x._data.dtype)
        elif self.is_lstm:
            if not isinstance(hx, tuple) or len(hx) != 2:
                raise TypeError(f"For '{cls}', the 'hx' must be a tuple of 2 Tensors.")
            for i, t in enumerate(hx):
                _check_float_tensor(cls, f"hx[{i}]", t)
            h0, c0 = hx[0]._data, hx[1]._data
        else:
            _check_float_tensor(cls, "hx", hx)
            h0, c0 = hx._data, None
        lengths = None
        if seq_length is not None:
            if str(seq_length.dtype) not in ("Int32", "Int64"):
                raise TypeError(f"For '{cls}', the 'seq_length' must be Tensor[Int32] or "
                                f"Tensor[Int64], but got {seq_length.dtype}.")
            if seq_length.shape[0] != batch:
                raise ValueError(f"For '{cls}', the 'seq_length' must be equal to the batch "
                                 f"size of 'x', but got {seq_length.shape[0]} and {batch}.")
            lengths = seq_length._data
        if self.dropout > 0 and self.num_layers > 1 and self.training:
            out = self._layer_by_layer(x, h0, c0, lengths, dirs)
        else:
            out = self._layers(x._data, h0, c0, lengths, range(self.num_layers), dirs)
        return (out[0], (out[1], out[2])) if self.is_lstm else (out[0], out[1])

    def _layers(self, x, h0, c0, lengths, layers, dirs):
        """The layers ``layers`` (consecutive) in one kernel call."""
        picked = [k for layer in layers for k in range(layer * dirs, (layer + 1) * dirs)]
        params = [lst[k]._data for lst in (self.w_ih_list, self.w_hh_list) for k in picked]
        if self.has_bias:
            params += [lst[k]._data for lst in (self.b_ih_list, self.b_hh_list)
                       for k in picked]
        rows = slice(picked[0], picked[-1] + 1)
        return call(_rnn, (x, h0[rows], None if c0 is None else c0[rows], lengths, *params),
                    {"mode": self._mode, "num_layers": len(layers),
                     "bidirectional": self.bidirectional, "has_bias": self.has_bias,
                     "batch_first": self.batch_first, "graph": context.graph_mode()})

    def _layer_by_layer(self, x, h0, c0, lengths, dirs):
        """Training with dropout: ``dropout_op`` on each layer's output but the last, as
        MindSpore's stacked RNN applies it."""
        finals = []
        for layer in range(self.num_layers):
            out = self._layers(x._data, h0, c0, lengths, [layer], dirs)
            x = out[0] if layer == self.num_layers - 1 else self.dropout_op(out[0])
            finals.append(out[1:])
        states = [Tensor._wrap(jnp.concatenate([f[i]._data for f in finals]))
                  for i in range(len(finals[0]))]
        return (x, *states)


class RNN(_RNNBase):
    """``nn.RNN(input_size, hidden_size, num_layers=1, nonlinearity='tanh', has_bias=True,
    batch_first=False, dropout=0.0, bidirectional=False, dtype=mstype.float32)``;
    ``construct(x, hx=None, seq_length=None) -> (output, h_n)``."""

    def __init__(self, *args, **kwargs) -> None:
        nonlinearity = kwargs.pop("nonlinearity", "tanh")
        if nonlinearity not in ("tanh", "relu"):
            raise ValueError(f"For 'RNN', the 'nonlinearity' must be in ['tanh', 'relu'], but "
                             f"got {nonlinearity}.")
        self._mode = "RNN_TANH" if nonlinearity == "tanh" else "RNN_RELU"
        super().__init__(*args, **kwargs)


class GRU(_RNNBase):
    """``nn.GRU(input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False,
    dropout=0.0, bidirectional=False, dtype=mstype.float32)``;
    ``construct(x, hx=None, seq_length=None) -> (output, h_n)``."""

    _mode = "GRU"


class LSTM(_RNNBase):
    """``nn.LSTM(input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False,
    dropout=0.0, bidirectional=False, dtype=mstype.float32)``;
    ``construct(x, hx=None, seq_length=None) -> (output, (h_n, c_n))``."""

    _mode = "LSTM"


def _cell(x, h, c, w_ih, w_hh, b_ih, b_hh, *, mode):
    state = (h, c) if mode == "LSTM" else h
    return _step(mode, x, state, w_ih, w_hh, b_ih, b_hh)


class _RNNCellBase(Cell):
    _mode = "RNN_TANH"

    def __init__(self, input_size: int, hidden_size: int, has_bias: bool = True,
                 dtype=_F32) -> None:
        super().__init__()
        cls = type(self).__name__
        validator.check_value_type("has_bias", has_bias, [bool], cls)
        validator.check_positive_int(hidden_size, "hidden_size", cls)
        validator.check_positive_int(input_size, "input_size", cls)
        self.input_size, self.hidden_size, self.has_bias = input_size, hidden_size, has_bias
        gate = _GATES[self._mode] * hidden_size
        from ...common.initializer import Uniform
        init = Uniform(1 / math.sqrt(hidden_size))

        shapes = [(gate, input_size), (gate, hidden_size)] + [(gate,)] * 2 * has_bias
        for shape in shapes:  # MindSpore's placeholder draws, from NumPy's generator
            np.random.randn(*shape)

        def param(shape, name):
            return Parameter(Tensor._wrap(initialize(init, shape, dtype)), name=name)
        self.weight_ih = param((gate, input_size), "weight_ih")
        self.weight_hh = param((gate, hidden_size), "weight_hh")
        self.bias_ih = param((gate,), "bias_ih") if has_bias else None
        self.bias_hh = param((gate,), "bias_hh") if has_bias else None

    def construct(self, x, hx):
        cls = type(self).__name__
        _check_float_tensor(cls, "x", x)
        if self._mode == "LSTM":
            if not isinstance(hx, tuple) or len(hx) != 2:
                raise TypeError(f"For '{cls}', the 'hx' must be a tuple of 2 Tensors.")
            _check_float_tensor(cls, "hx[0]", hx[0])
            _check_float_tensor(cls, "hx[1]", hx[1])
            h, c = hx[0]._data, hx[1]._data
        else:
            _check_float_tensor(cls, "hx", hx)
            h, c = hx._data, None
        biases = (None, None) if not self.has_bias else (self.bias_ih._data,
                                                          self.bias_hh._data)
        out = call(_cell, (x._data, h, c, self.weight_ih._data, self.weight_hh._data,
                           *biases), {"mode": self._mode})
        return tuple(out) if self._mode == "LSTM" else out


class RNNCell(_RNNCellBase):
    """``nn.RNNCell(input_size, hidden_size, has_bias=True, nonlinearity='tanh',
    dtype=mstype.float32)``: ``construct(x, hx) -> h'``."""

    def __init__(self, input_size: int, hidden_size: int, has_bias: bool = True,
                 nonlinearity: str = "tanh", dtype=_F32) -> None:
        validator.check_string(nonlinearity, ["tanh", "relu"], "nonlinearity", "RNNCell")
        self._mode = "RNN_TANH" if nonlinearity == "tanh" else "RNN_RELU"
        self.nonlinearity = nonlinearity
        super().__init__(input_size, hidden_size, has_bias, dtype)


class GRUCell(_RNNCellBase):
    """``nn.GRUCell(input_size, hidden_size, has_bias=True, dtype=mstype.float32)``:
    ``construct(x, hx) -> h'``."""

    _mode = "GRU"


class LSTMCell(_RNNCellBase):
    """``nn.LSTMCell(input_size, hidden_size, has_bias=True, dtype=mstype.float32)``:
    ``construct(x, (h, c)) -> (h', c')``."""

    _mode = "LSTM"


__all__ = ["RNN", "GRU", "LSTM", "RNNCell", "GRUCell", "LSTMCell"]
