"""Functional ops found by calling every ``mindspore.ops`` function on one Tensor of
several dtypes (each refusal checked alone in a fresh MindSpore process): NaN norms in
``clip_by_global_norm``, result dtypes (``vector_norm`` of integers, ``cov``/``histc``/FFTs
of Float16, ``qr`` of Float16), ``cartesian_prod`` of one input, and MindSpore's refusals of
a Tensor where a sequence is required, of unbatched pool inputs, of a non-square ``cond``."""
import numpy as np

from ._registry import case

F = np.array([[0.5, -1.25, 2.0], [3.5, 0.0, -0.75]], np.float32)


def _outcome(f):
    try:
        return f()
    except Exception as e:  # noqa: BLE001 - the class and first message line are the result
        return f"{type(e).__name__}: {str(e).splitlines()[0]}"


@case()
def clip_by_global_norm_nonfinite(ms):
    clip = ms.ops.clip_by_global_norm
    nan = ms.Tensor(np.array([3.0, np.nan], np.float32))
    inf = ms.Tensor(np.array([0.25, -3.0, 1.5, np.inf], np.float32))
    return [clip((nan,)), clip((inf,)), clip((ms.Tensor(F), nan), 2.0),
            clip((ms.Tensor(np.array([0.3, 0.4], np.float32)),), 2.0)]


@case(modes=("PYNATIVE",))
def clip_by_global_norm_one_tensor(ms):
    # (MindSpore's GRAPH_MODE refuses a Tensor here: its HyperMap needs a sequence)
    clip = ms.ops.clip_by_global_norm
    return [clip(ms.Tensor(np.array([0.25, -3.0, 1.5, np.inf], np.float32))),
            clip(ms.Tensor(np.array([0.3, 0.4], np.float32)), 2.0)]


@case()
def result_dtypes(ms):
    ops = ms.ops
    half = ms.Tensor(F.astype(np.float16))
    ints = [ms.Tensor(np.array([3, 4], dt)) for dt in (np.int32, np.int64, np.int8)]
    spectra = [ops.rfft(half), ops.fft(half), ops.rfft2(half)]
    return [ops.cartesian_prod(ms.Tensor(F[0])), ops.cov(half), ops.histc(half, 4),
            *[ops.vector_norm(t) for t in ints], [str(c.dtype) for c in spectra],
            [(ops.real(c), ops.imag(c)) for c in spectra], ops.qr(half)]


@case(modes=("PYNATIVE",))
def sequence_required(ms):
    ops, t = ms.ops, ms.Tensor(F)
    names = ("concat", "cat", "vstack", "row_stack", "hstack", "dstack", "column_stack",
             "addn")
    return [(n, _outcome(lambda n=n: getattr(ops, n)(t))) for n in names]


@case(modes=("PYNATIVE",))
def refused_inputs(ms):
    ops, t = ms.ops, ms.Tensor(F)
    return [_outcome(lambda: ops.clip_by_value(t)), _outcome(lambda: ops.combinations(t)),
            _outcome(lambda: ops.cond(t)), _outcome(lambda: ops.lrn(t)),
            _outcome(lambda: ops.view_as_real(t)), _outcome(lambda: ops.scalar_to_tensor(t)),
            _outcome(lambda: ops.vector_norm(ms.Tensor(np.array([True, False])))).split(":")[0],
            _outcome(lambda: ops.histc(ms.Tensor(np.ones(3, np.float64)), 4)).split(":")[0]]


@case(modes=("PYNATIVE",))
def pools_need_batches(ms):
    ops = ms.ops
    shapes = ((ops.avg_pool1d, (2, 4)), (ops.avg_pool2d, (2, 4, 4)),
              (ops.avg_pool3d, (2, 4, 4, 4)), (ops.max_pool2d, (2, 4, 4)),
              (ops.max_pool3d, (2, 4, 4, 4)))
    return [_outcome(lambda f=f, s=s: f(ms.Tensor(np.ones(s, np.float32)), 2))
            for f, s in shapes]


@case()
def second_operand_dtypes(ms):
    """Found by calling every ops function with a second operand (2, 2.5, the Tensor)."""
    ops = ms.ops
    ints = ms.Tensor(np.array([-3, -1, 3, 7, 0], np.int32))
    matrix = ms.Tensor(np.array([[1, -2], [3, 4]], np.int32))
    return [ops.tensor_div(ints, 2), ops.tensor_div(ints, 0), ops.tensor_div(ints, 2.5),
            ops.tensor_div(7, ints), ops.tensor_div(ms.Tensor(np.array([True, False])), 2),
            ops.clip_by_norm(matrix, 2), ops.clip_by_norm(matrix, 100),
            ops.clip_by_norm(ms.Tensor(F), 2),
            ops.huber_loss(ms.Tensor(np.array([1, 2], np.int32)),
                           ms.Tensor(np.array([1, 5], np.int32))),
            [ops.trapz(ms.Tensor(np.array([1, 2, 4], dt))) for dt in
             (np.float16, np.int32, np.float64)]]


@case()
def spectral_norms_of_float16(ms):
    x = ms.Tensor(F.astype(np.float16))
    return [ms.ops.norm(x, 2), ms.ops.matrix_norm(x, 2), ms.ops.norm(x, "nuc"), ms.ops.norm(x),
            ms.ops.norm(x, 1)]
