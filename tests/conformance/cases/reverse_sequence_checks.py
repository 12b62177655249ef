"""``ops.reverse_sequence``/``Tensor.reverse_sequence``, as a keyword sweep of the Tensor
methods found them: a sequence length outside ``[0, x.shape[seq_dim]]`` is MindSpore's
RuntimeError (mscompat read outside the sequence: NaN or a wrong row, silently), equal
``seq_dim`` and ``batch_dim`` its ValueError, and the method's ``seq_dim`` defaults to 0.
Each refusal is its own case (MindSpore's PYNATIVE errors stay for the next op)."""
import numpy as np

from ._registry import case

X = np.arange(6, dtype=np.float32).reshape(2, 3)


def _outcome(f):
    try:
        return f().asnumpy()
    except Exception as e:  # noqa: BLE001 - the class and first message line are the result
        return f"{type(e).__name__}: {str(e).splitlines()[0]}"


def _reverse(ms, lengths, seq_dim, batch_dim=0):
    return _outcome(lambda: ms.ops.reverse_sequence(
        ms.Tensor(X), ms.Tensor(np.array(lengths, np.int32)), seq_dim, batch_dim))


@case(modes=("PYNATIVE",))
def length_past_the_sequence(ms):
    return _reverse(ms, [1, 4], 1)


@case(modes=("PYNATIVE",))
def negative_length(ms):
    return _reverse(ms, [-1, 3], 1)


@case(modes=("PYNATIVE",))
def batch_dim_equal_to_seq_dim(ms):
    return _reverse(ms, [1, 2], 0)


@case()
def method_defaults_and_lengths_in_range(ms):
    x = ms.Tensor(X)
    return [x.reverse_sequence(ms.Tensor(np.array([2, 1, 2], np.int32)), batch_dim=1),
            ms.ops.reverse_sequence(x, ms.Tensor(np.array([0, 3], np.int32)), 1)]
