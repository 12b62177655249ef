"""nn.Conv1d/2d/3d and their Transpose forms: each layer's own argument forms (MindSpore's
twice/triple expansions, Conv1d's plain ints, the 3-D tuples), the Primitive checks behind
them, the input-rank and window errors of the forward call, and the output of transposed
'same' convolutions whose stride is longer than the window."""
import numpy as np

from ._registry import case


def _outcomes(ms, calls):
    out = []
    for name, make, shape in calls:
        try:
            y = make()(ms.Tensor(np.ones(shape, np.float32)))
            out.append((name, "OK", tuple(y.shape)))
        except Exception as e:  # noqa: BLE001 - the class is the result
            out.append((name, type(e).__name__))
    return out


@case(modes=("PYNATIVE",))
def conv_constructor_forms(ms):
    nn, T = ms.nn, ms.Tensor
    x1, x2, x3 = (1, 2, 5), (1, 2, 4, 4), (1, 2, 4, 4, 4)
    return _outcomes(ms, [
        ("c1_tuple_kernel", lambda: nn.Conv1d(2, 3, (3, 3)), x1),
        ("c1_tuple_padding", lambda: nn.Conv1d(2, 3, 3, pad_mode="pad", padding=(1, 2)), x1),
        ("c1_upper_pad_mode", lambda: nn.Conv1d(2, 3, 3, pad_mode="SAME"), x1),
        ("c1_weight_3d", lambda: nn.Conv1d(2, 3, 2, weight_init=T(np.ones((3, 2, 2),
                                                                        np.float32))), x1),
        ("c1_weight_4d", lambda: nn.Conv1d(2, 3, 2, weight_init=T(np.ones((3, 2, 1, 2),
                                                                        np.float32))), x1),
        ("ct1_weight_3d", lambda: nn.Conv1dTranspose(
            2, 3, 2, weight_init=T(np.ones((2, 3, 2), np.float32))), x1),
        ("c2_three_kernel", lambda: nn.Conv2d(2, 3, (2, 2, 2)), x2),
        ("c2_list_kernel", lambda: nn.Conv2d(2, 3, [2, 2]), x2),
        ("c2_float_kernel", lambda: nn.Conv2d(2, 3, 2.0), x2),
        ("c2_three_stride", lambda: nn.Conv2d(2, 3, 2, stride=(1, 1, 1)), x2),
        ("c2_three_dilation", lambda: nn.Conv2d(2, 3, 2, dilation=(1, 1, 1)), x2),
        ("c2_pad_three", lambda: nn.Conv2d(2, 3, 2, pad_mode="pad", padding=(1, 1, 1)), x2),
        ("c2_pad_two", lambda: nn.Conv2d(2, 3, 2, pad_mode="pad", padding=(1, 1)), x2),
        ("c2_pad_list", lambda: nn.Conv2d(2, 3, 2, pad_mode="pad", padding=[1, 1, 1, 1]), x2),
        ("c2_upper_pad_mode", lambda: nn.Conv2d(2, 3, 2, pad_mode="SAME"), x2),
        ("c2_int_has_bias", lambda: nn.Conv2d(2, 3, 2, has_bias=1), x2),
        ("c2_group0", lambda: nn.Conv2d(2, 3, 2, group=0), x2),
        ("c2_in0", lambda: nn.Conv2d(0, 3, 2), x2),
        ("c2_nhwc_on_cpu", lambda: nn.Conv2d(4, 3, 2, data_format="NHWC"), x2),
        ("ct2_three_kernel", lambda: nn.Conv2dTranspose(2, 3, (2, 2, 2)), x2),
        ("ct2_pad_three", lambda: nn.Conv2dTranspose(2, 3, 2, pad_mode="pad",
                                                     padding=(1, 1, 1)), x2),
        ("ct2_output_padding_three", lambda: nn.Conv2dTranspose(
            2, 3, 2, output_padding=(1, 1, 1)), x2),
        ("ct2_upper_pad_mode", lambda: nn.Conv2dTranspose(2, 3, 2, pad_mode="SAME"), x2),
        ("c3_two_kernel", lambda: nn.Conv3d(2, 3, (2, 2)), x3),
        ("c3_two_stride", lambda: nn.Conv3d(2, 3, 2, stride=(1, 1)), x3),
        ("c3_pad_four", lambda: nn.Conv3d(2, 3, 2, pad_mode="pad", padding=(1, 1, 1, 1)), x3),
        ("c3_pad_six", lambda: nn.Conv3d(2, 3, 2, pad_mode="pad",
                                         padding=(1, 1, 1, 1, 0, 0)), x3),
        ("c3_upper_pad_mode", lambda: nn.Conv3d(2, 3, 2, pad_mode="SAME"), x3),
        ("c3_group", lambda: nn.Conv3d(2, 3, 2, group=2), x3),
        ("c3_ndhwc", lambda: nn.Conv3d(2, 3, 2, data_format="NDHWC"), x3),
        ("ct3_depth_dilation", lambda: nn.Conv3dTranspose(2, 3, 3, dilation=2), x3),
        ("ct3_hw_dilation", lambda: nn.Conv3dTranspose(2, 3, 3, dilation=(1, 2, 2)), x3),
        ("ct3_output_padding_same", lambda: nn.Conv3dTranspose(2, 3, 2, output_padding=1), x3),
        ("ct3_kernel_512", lambda: nn.Conv3dTranspose(2, 3, 8), x3),
        ("ct3_stride_hw_272", lambda: nn.Conv3dTranspose(2, 3, 2, stride=(1, 16, 17)), x3),
        ("ct3_output_padding_pad", lambda: nn.Conv3dTranspose(
            2, 3, 3, stride=2, pad_mode="pad", padding=1, output_padding=1), x3),
        ("ct3_output_padding_big", lambda: nn.Conv3dTranspose(
            2, 3, 3, stride=2, pad_mode="pad", padding=1, output_padding=2), x3),
    ])


@case(modes=("PYNATIVE",))
def conv_forward_rank_and_window(ms):
    nn = ms.nn
    calls = [
        ("c1_4d", lambda: nn.Conv1d(2, 3, 3), (1, 2, 4, 4)),
        ("c3_4d", lambda: nn.Conv3d(2, 3, 3), (1, 2, 4, 4)),
        ("c2_3d", lambda: nn.Conv2d(2, 4, 2), (2, 4, 4)),
        ("ct2_3d", lambda: nn.Conv2dTranspose(2, 3, 2), (2, 4, 4)),
        ("ct1_4d", lambda: nn.Conv1dTranspose(2, 3, 2), (1, 2, 4, 4)),
        ("ct1_2d", lambda: nn.Conv1dTranspose(2, 3, 2), (2, 4)),
        ("ct3_4d", lambda: nn.Conv3dTranspose(2, 3, 2), (1, 2, 4, 4)),
    ]
    for k, d, mode, p in [(5, 1, "valid", 0), (6, 1, "valid", 0), (3, 2, "valid", 0),
                          (3, 3, "valid", 0), (6, 1, "pad", 1), (7, 1, "pad", 1),
                          (3, 3, "pad", 1), (3, 4, "pad", 1), (6, 1, "same", 0)]:
        tag = f"k{k}d{d}{mode}{p}"
        calls += [
            ("c1_" + tag, lambda k=k, d=d, m=mode, p=p: nn.Conv1d(
                2, 3, k, dilation=d, pad_mode=m, padding=p), (1, 2, 5)),
            ("c2_" + tag, lambda k=k, d=d, m=mode, p=p: nn.Conv2d(
                2, 3, (k, 1), dilation=(d, 1), pad_mode=m, padding=p), (1, 2, 5, 5)),
            ("c3_" + tag, lambda k=k, d=d, m=mode, p=p: nn.Conv3d(
                2, 3, k - 1, dilation=d, pad_mode=m, padding=p), (1, 2, 4, 4, 4)),
        ]
    return _outcomes(ms, calls)


@case()
def conv_transpose_same_longer_stride(ms):
    """'same' transposed convolutions: output = input * stride, the window's overlap cropped
    or, where the stride is longer than the window, zeros added at the end; and the
    gradients through them."""
    nn, T = ms.nn, ms.Tensor
    x2 = T(np.arange(1, 33, dtype=np.float32).reshape(1, 2, 4, 4) / 10)
    x3 = T(np.arange(1, 55, dtype=np.float32).reshape(1, 2, 3, 3, 3) / 10)
    out = []

    def squared(cell):
        def loss(x):
            return (cell(x) * cell(x)).sum()
        return loss
    for k, s in [(2, 3), (1, 2), (3, 5), (3, 2), ((1, 3), (2, 2))]:
        c2 = nn.Conv2dTranspose(2, 1, k, stride=s, weight_init="ones", pad_mode="same")
        out.append(c2(x2))
        out.append(ms.grad(squared(c2))(x2))
        if isinstance(k, int):
            c1 = nn.Conv1dTranspose(2, 1, k, stride=s, weight_init="ones", pad_mode="same")
            out.append(c1(x2[:, :, 0]))
    c3 = nn.Conv3dTranspose(2, 1, 2, stride=(3, 1, 2), weight_init="ones", pad_mode="same")
    out.append(c3(x3))
    out.append(ms.grad(squared(c3))(x3))
    return out


@case(modes=("PYNATIVE",))
def conv_functional_padding_forms(ms):
    ops, T = ms.ops, ms.Tensor
    x4 = T(np.arange(2 * 3 * 7 * 9, dtype=np.float32).reshape(2, 3, 7, 9) / 100)
    w4 = T(np.ones((4, 3, 3, 2), np.float32))
    out = []
    for mode in ("pad", "same", "valid"):
        for pad in (0, 1, (1, 2), (1, 2, 0, 1), "same"):
            try:
                out.append(ops.conv2d(x4, w4, pad_mode=mode, padding=pad, stride=2))
            except Exception as e:  # noqa: BLE001 - the class is the result
                out.append(type(e).__name__)
    return out
