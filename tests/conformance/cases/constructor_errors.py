"""Constructor arguments MindSpore refuses (and a few it accepts), one call each: the
exception class (and, for MindSpore's own validators, the message) of layers, losses,
optimizers and learning-rate helpers."""
import numpy as np

from ._registry import case


@case(modes=("PYNATIVE",))
def constructor_argument_errors(ms):
    nn, T = ms.nn, ms.Tensor
    params = [ms.Parameter(T(np.ones(2, np.float32)), name="w")]
    cases = [
        ("Dense0", lambda: nn.Dense(0, 3)),
        ("Dense_float", lambda: nn.Dense(3.0, 2)),
        ("Dense_act", lambda: nn.Dense(3, 2, activation="foo")),
        ("Dense_wshape", lambda: nn.Dense(3, 2, weight_init=T(np.ones((3, 3), np.float32)))),
        ("Dense_bshape", lambda: nn.Dense(3, 2, bias_init=T(np.ones((3,), np.float32)))),
        ("Conv_k0", lambda: nn.Conv2d(3, 4, 0)),
        ("Conv_padmode", lambda: nn.Conv2d(3, 4, 3, pad_mode="xx")),
        ("Conv_same_pad", lambda: nn.Conv2d(3, 4, 3, padding=1)),
        ("Conv_group", lambda: nn.Conv2d(3, 4, 3, group=2)),
        ("Conv_group2", lambda: nn.Conv2d(4, 6, 3, group=4)),
        ("Conv_stride0", lambda: nn.Conv2d(3, 4, 3, stride=0)),
        ("Conv_fmt", lambda: nn.Conv2d(3, 4, 3, data_format="NHCW")),
        ("BN0", lambda: nn.BatchNorm2d(0)),
        ("BN_mom", lambda: nn.BatchNorm2d(3, momentum=1.5)),
        ("BN_eps", lambda: nn.BatchNorm2d(3, eps=0)),
        ("BN1d_fmt", lambda: nn.BatchNorm2d(3, data_format="NWC")),
        ("Drop_kp0", lambda: nn.Dropout(keep_prob=0)),
        ("Drop_p1", lambda: nn.Dropout(p=1.0)),
        ("Drop_pneg", lambda: nn.Dropout(p=-0.1)),
        ("Drop_pint", lambda: nn.Dropout(p=1)),
        ("LN_int", lambda: nn.LayerNorm(3)),
        ("LN_axis", lambda: nn.LayerNorm((3,), begin_norm_axis=5)),
        ("Emb0", lambda: nn.Embedding(10, 0)),
        ("Emb_pad", lambda: nn.Embedding(10, 3, padding_idx=20)),
        ("Emb_pad_neg", lambda: nn.Embedding(10, 3, padding_idx=-1)),
        ("Emb_pad_bool", lambda: nn.Embedding(10, 3, padding_idx=True)),
        ("Emb_pad_float", lambda: nn.Embedding(10, 3, padding_idx=1.0)),
        ("LSTM_layers0", lambda: nn.LSTM(3, 4, num_layers=0)),
        ("LSTM_drop", lambda: nn.LSTM(3, 4, dropout=1.5)),
        ("GRU_hidden0", lambda: nn.GRU(3, 0)),
        ("MaxPool_k0", lambda: nn.MaxPool2d(0)),
        ("MaxPool_pm", lambda: nn.MaxPool2d(2, pad_mode="x")),
        ("AvgPool_s0", lambda: nn.AvgPool2d(2, stride=0)),
        ("AvgPool_pad", lambda: nn.AvgPool2d(2, padding=1)),
        ("Flatten_a", lambda: nn.Flatten(start_dim="a")),
        ("Seq_int", lambda: nn.SequentialCell(3)),
        ("CellList_int", lambda: nn.CellList([1])),
        ("Softmax_axis", lambda: nn.Softmax(axis=1.5)),
        ("Adam_lr", lambda: nn.Adam(params, learning_rate=-1.0)),
        ("Adam_beta", lambda: nn.Adam(params, beta1=1.0)),
        ("Adam_eps", lambda: nn.Adam(params, eps=0.0)),
        ("SGD_mom", lambda: nn.SGD(params, momentum=-0.1)),
        ("SGD_nest", lambda: nn.SGD(params, nesterov=True)),
        ("Mom_neg", lambda: nn.Momentum(params, 0.1, -1.0)),
        ("Mom_wd", lambda: nn.Momentum(params, 0.1, 0.9, weight_decay=-1.0)),
        ("Opt_empty", lambda: nn.Adam([], 0.1)),
        ("Opt_lrlist", lambda: nn.SGD(params, learning_rate=[0.1, -0.2])),
        ("Opt_lrstr", lambda: nn.SGD(params, learning_rate="0.1")),
        ("CE_red", lambda: nn.CrossEntropyLoss(reduction="x")),
        ("MSE_red", lambda: nn.MSELoss(reduction="avg")),
        ("L1_red", lambda: nn.L1Loss(reduction=None)),
        ("CE_smooth", lambda: nn.CrossEntropyLoss(label_smoothing=1.5)),
        ("GN_div", lambda: nn.GroupNorm(3, 4)),
        ("GN_0", lambda: nn.GroupNorm(0, 4)),
        ("PReLU_ch", lambda: nn.PReLU(channel=0)),
        ("LeakyReLU_alpha", lambda: nn.LeakyReLU(alpha="a")),
        ("ELU_alpha", lambda: nn.ELU(alpha=-1.0)),
        ("GELU_approx", lambda: nn.GELU(approximate="x")),
        ("SmoothL1_beta", lambda: nn.SmoothL1Loss(beta=0.0)),
        ("Huber_delta", lambda: nn.HuberLoss(delta=0.0)),
        ("Focal_gamma", lambda: nn.FocalLoss(gamma="a")),
        ("ExpDecay", lambda: nn.ExponentialDecayLR(-0.1, 0.9, 4)),
        ("CosDecay", lambda: nn.CosineDecayLR(0.1, 0.01, 4)),
        ("WarmUp", lambda: nn.WarmUpLR(0.1, 0)),
        ("PolyDecay", lambda: nn.PolynomialDecayLR(0.1, 0.01, 0, 1.0)),
        ("piecewise", lambda: nn.piecewise_constant_lr([2, 1], [0.1, 0.2])),
        ("cosine_lr", lambda: nn.cosine_decay_lr(0.1, 0.01, 10, 2, 0)),
        ("warmup_lr", lambda: nn.warmup_lr(0.1, 0, 2, 2)),
        ("Identity_arg", lambda: nn.Identity(3)),
        ("Upsample_mode", lambda: nn.Upsample(scale_factor=2.0, mode="xx")),
        ("Pad_mode", lambda: nn.Pad(((1, 1), (1, 1)), mode="XX")),
        ("Unfold_k", lambda: nn.Unfold([1, 2, 2], [1, 1, 1, 1], [1, 1, 1, 1], "valid")),
        ("PixelShuffle0", lambda: nn.PixelShuffle(0)),
        ("ClipByNorm_axis", lambda: nn.ClipByNorm(axis="a")),
        ("TrainOneStep_sens", lambda: nn.TrainOneStepCell(
            nn.Dense(2, 2), nn.SGD(nn.Dense(2, 2).trainable_params()), sens="a")),
        ("WithLoss_none", lambda: nn.WithLossCell(nn.Dense(2, 2), None)),
        ("MHA_heads", lambda: nn.MultiheadAttention(10, 3)),
        ("TEL_heads", lambda: nn.TransformerEncoderLayer(10, 3)),
    ]
    out = []
    for name, make in cases:
        try:
            out.append((name, "OK", type(make()).__name__))
        except Exception as e:  # noqa: BLE001 - the class is the result
            out.append((name, type(e).__name__))
    return out
