# ruff: noqa: E501  (one call per row, as a table)
"""Layer and op calls with inputs MindSpore refuses (or accepts): wrong ranks, channel
counts, windows larger than the input, integer inputs to float-only activations, pools and
losses, mismatched loss shapes. The outcome of each: the exception class, or the output's
shape, dtype and first values."""
import numpy as np

from ._registry import case


@case(modes=("PYNATIVE",))
def layer_and_op_input_errors(ms):
    nn, ops, Tensor = ms.nn, ms.ops, ms.Tensor
    ms.set_seed(0)  # (the layers' default initial weights)
    r = np.random.RandomState(0)

    def T(*s, dt=np.float32):
        return Tensor(r.randn(*s).astype(dt))
    cases = [
        ("Dense_1d", lambda: nn.Dense(3, 2)(T(3))),
        ("Dense_wrong_in", lambda: nn.Dense(3, 2)(T(4, 5))),
        ("Dense_3d", lambda: nn.Dense(3, 2)(T(2, 4, 3))),
        ("Dense_int", lambda: nn.Dense(3, 2)(Tensor(np.ones((2, 3), np.int32)))),
        ("Dense_f16", lambda: nn.Dense(3, 2)(T(2, 3, dt=np.float16))),
        ("Dense_f64", lambda: nn.Dense(3, 2)(T(2, 3, dt=np.float64))),
        ("Conv_3d_in", lambda: nn.Conv2d(3, 4, 3)(T(3, 8, 8))),
        ("Conv_chan", lambda: nn.Conv2d(3, 4, 3)(T(1, 2, 8, 8))),
        ("Conv_small", lambda: nn.Conv2d(3, 4, 5, pad_mode="valid")(T(1, 3, 3, 3))),
        ("Conv_int", lambda: nn.Conv2d(3, 4, 3)(Tensor(np.ones((1, 3, 5, 5), np.int32)))),
        ("BN_chan", lambda: nn.BatchNorm2d(3)(T(2, 4, 5, 5))),
        ("BN_rank", lambda: nn.BatchNorm2d(3)(T(2, 3, 5))),
        ("BN1d_rank", lambda: nn.BatchNorm1d(3)(T(2, 3, 5, 5))),
        ("LN_shape", lambda: nn.LayerNorm((4,))(T(2, 3))),
        ("Emb_float", lambda: nn.Embedding(10, 3)(T(2, 3))),
        ("Emb_oob", lambda: nn.Embedding(10, 3)(Tensor(np.array([1, 12], np.int32))).asnumpy()),
        ("Emb_neg", lambda: nn.Embedding(10, 3)(Tensor(np.array([1, -1], np.int32))).asnumpy()),
        ("LSTM_in", lambda: nn.LSTM(3, 4, batch_first=True)(T(2, 5, 6))),
        ("LSTM_2d", lambda: nn.LSTM(3, 4, batch_first=True)(T(5, 3))),
        ("GRU_h0", lambda: nn.GRU(3, 4, batch_first=True)(T(2, 5, 3), T(1, 3, 4))),
        ("MaxPool_3d", lambda: nn.MaxPool2d(2)(T(3, 8, 8))),
        ("MaxPool_small", lambda: nn.MaxPool2d(4)(T(1, 1, 2, 2))),
        ("AvgPool_int", lambda: nn.AvgPool2d(2)(Tensor(np.ones((1, 1, 4, 4), np.int32)))),
        ("Flatten_0d", lambda: nn.Flatten()(Tensor(1.0))),
        ("Softmax_int", lambda: nn.Softmax()(Tensor(np.array([1, 2], np.int32)))),
        ("ReLU_bool", lambda: nn.ReLU()(Tensor(np.array([True, False])))),
        ("Sigmoid_int", lambda: nn.Sigmoid()(Tensor(np.array([1, 2], np.int32)))),
        ("Tanh_int", lambda: nn.Tanh()(Tensor(np.array([1, 2], np.int32)))),
        ("GELU_int", lambda: nn.GELU()(Tensor(np.array([1, 2], np.int32)))),
        ("Dropout_int", lambda: nn.Dropout(p=0.5)(Tensor(np.array([1, 2], np.int32)))),
        ("CE_shape", lambda: nn.CrossEntropyLoss()(T(4, 3), Tensor(np.array([1, 2, 0], np.int32)))),
        ("CE_float_lab", lambda: nn.CrossEntropyLoss()(T(4, 3), T(4))),
        ("CE_oob", lambda: nn.CrossEntropyLoss()(T(2, 3), Tensor(np.array([1, 5], np.int32))).asnumpy()),
        ("SCE_shape", lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=True)(T(4, 3), Tensor(np.array([1, 2], np.int32)))),
        ("SCE_dense_shape", lambda: nn.SoftmaxCrossEntropyWithLogits()(T(4, 3), T(4, 2))),
        ("MSE_shape", lambda: nn.MSELoss()(T(4, 3), T(4, 2))),
        ("MSE_bcast", lambda: nn.MSELoss()(T(4, 3), T(4, 1))),
        ("MSE_int", lambda: nn.MSELoss()(Tensor(np.ones((2,), np.int32)), Tensor(np.ones((2,), np.int32)))),
        ("L1_f16_f32", lambda: nn.L1Loss()(T(3, dt=np.float16), T(3))),
        ("BCE_range", lambda: nn.BCELoss()(Tensor(np.array([1.5, 0.2], np.float32)), Tensor(np.array([1.0, 0.0], np.float32))).asnumpy()),
        ("BCEL_shape", lambda: nn.BCEWithLogitsLoss()(T(3, 2), T(3))),
        ("NLL_shape", lambda: nn.NLLLoss()(T(4, 3), Tensor(np.array([1, 2], np.int32)))),
        ("Matmul_shape", lambda: ops.matmul(T(2, 3), T(4, 5))),
        ("Concat_dtype", lambda: ops.cat((T(2, 3), Tensor(np.ones((2, 3), np.int32))))),
        ("Reshape_bad", lambda: T(2, 3).reshape(4, 2)),
        ("Transpose_bad", lambda: ops.transpose(T(2, 3), (0, 2))),
        ("Gather_oob", lambda: ops.gather(T(3, 2), Tensor(np.array([5], np.int32)), 0).asnumpy()),
        ("Index_oob", lambda: T(3, 2)[5]),
        ("Squeeze_bad", lambda: ops.squeeze(T(2, 3), 0)),
        ("Expand_bad", lambda: ops.broadcast_to(T(2, 3), (4, 3))),
        ("Split_bad", lambda: ops.split(T(5, 2), 2, axis=1)[0].shape),
        ("Stack_shape", lambda: ops.stack([T(2), T(3)])),
        ("Argmax_axis", lambda: ops.argmax(T(2, 3), 3)),
        ("Sum_axis", lambda: T(2, 3).sum(axis=2)),
        ("OneHot_neg", lambda: ops.one_hot(Tensor(np.array([-1, 1], np.int32)), 3).asnumpy()),
        ("TopK_k", lambda: ops.topk(T(2, 3), 5)),
        ("Sqrt_int", lambda: ops.sqrt(Tensor(np.array([4, 9], np.int32)))),
        ("Log_neg", lambda: ops.log(Tensor(np.array([-1.0], np.float32))).asnumpy()),
        ("Div_zero_int", lambda: (Tensor(np.array([1, 2], np.int32)) / Tensor(np.array([0, 1], np.int32))).asnumpy()),
        ("FloorDiv_zero", lambda: (Tensor(np.array([1, 2], np.int32)) // Tensor(np.array([0, 1], np.int32))).asnumpy()),
    ]
    out = []
    for name, f in cases:
        try:
            res = f()
            if isinstance(res, Tensor):
                res = res.asnumpy()
            if isinstance(res, np.ndarray):
                res = (list(res.shape), str(res.dtype),
                       np.round(res.astype(np.float64).ravel()[:4], 4).tolist())
            elif isinstance(res, tuple) and res and isinstance(res[0], Tensor):
                res = [list(o.shape) for o in res]
            out.append((name, "OK", res))
        except Exception as e:  # noqa: BLE001 - the class is the result
            out.append((name, type(e).__name__))
    return out


@case(modes=("PYNATIVE",))
def bidense_float16_input(ms):
    """``nn.BiDense`` multiplies its first input by its Float32 weight: a Float16 input is
    MindSpore's MatMul TypeError (mscompat promoted it)."""
    x = ms.Tensor(np.ones((2, 4), np.float16))
    try:
        ms.nn.BiDense(4, 4, 3)(x, x).asnumpy()
    except TypeError as e:
        return str(e).splitlines()[0]
