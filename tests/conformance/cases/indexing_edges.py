# ruff: noqa: E501  (one index per row, as a table)
"""Indexing and index assignment at the edges: negative and stepped slices, masks, lists
(empty, out of range, negative), mixed advanced indices, Tensor-valued and broadcast
assignments, values of another dtype. The outcome of each: the exception class, or the
result's shape, dtype and first values."""
import numpy as np

from ._registry import case


@case(modes=("PYNATIVE",))
def getitem_and_setitem_edges(ms):
    Tensor = ms.Tensor

    def base():
        return Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))

    def setitem(idx, val):
        def f():
            t = base()
            t[idx] = val
            return t
        return f
    cases = [
        ("neg_step", lambda: base()[:, ::-1]),
        ("step2", lambda: base()[:, ::2, 1:]),
        ("ellipsis_none", lambda: base()[..., None, 1]),
        ("bool_mask", lambda: base()[base() > 10]),
        ("bool_row", lambda: base()[Tensor(np.array([True, False]))]),
        ("list_idx", lambda: base()[[1, 0, 1]]),
        ("tensor_2d_idx", lambda: base()[Tensor(np.array([[0, 1], [1, 0]], np.int32))]),
        ("mixed_adv", lambda: base()[[0, 1], :, [1, 2]]),
        ("adv_sep", lambda: base()[[0, 1], 1:, [1, 2]]),
        ("int_tensor_scalar", lambda: base()[Tensor(1)]),
        ("neg_int", lambda: base()[-1, -2]),
        ("oob_slice", lambda: base()[:, 5:10]),
        ("empty_list", lambda: base()[[]]),
        ("tuple_of_lists", lambda: base()[([0, 1], [2, 0])]),
        ("bool_py", lambda: base()[True]),
        ("none_only", lambda: base()[None]),
        ("float_idx", lambda: base()[1.0]),
        ("oob_int", lambda: base()[3]),
        ("oob_list", lambda: base()[[0, 3]]),
        ("neg_list", lambda: base()[[-1, -2]]),
        ("set_scalar", setitem((0, 1), 7.0)),
        ("set_bcast_row", setitem(0, Tensor(np.array([1.0, 2.0, 3.0, 4.0], np.float32)))),
        ("set_mask", setitem(base() > 20, -1.0)),
        ("set_mask_tensor", setitem(base() > 20, Tensor(np.array([5.0, 6.0, 7.0], np.float32)))),
        ("set_list_dup", setitem([0, 0], Tensor(np.ones((2, 3, 4), np.float32)))),
        ("set_slice_step", setitem((slice(None), slice(None, None, 2)), 0.5)),
        ("set_ellipsis", setitem((Ellipsis, 0), 9.0)),
        ("set_int_to_float", setitem(1, 3)),
        ("set_wrong_shape", setitem(0, Tensor(np.ones((2, 2), np.float32)))),
        ("set_adv_mixed", setitem(([0, 1], slice(None), [1, 2]), 0.0)),
        ("set_none", setitem(None, 1.0)),
        ("set_list_vals", setitem((0, 0), [1.0, 2.0, 3.0, 4.0])),
        ("set_tuple_vals", setitem((0, 0, slice(0, 2)), (8.0, 9.0))),
        ("set_int_tensor", lambda: (lambda t: (t.__setitem__(1, 2.7), t)[1])(Tensor(np.arange(4, dtype=np.int32)))),
        ("set_bool_tensor", lambda: (lambda t: (t.__setitem__(1, 5), t)[1])(Tensor(np.array([True, False, True])))),
    ]
    out = []
    for name, f in cases:
        try:
            res = f()
            out.append((name, "OK", list(res.shape), str(res.dtype),
                        res.asnumpy().ravel()[:8].tolist()))
        except Exception as e:  # noqa: BLE001 - the class is the result
            out.append((name, type(e).__name__))
    return out


@case(modes=("PYNATIVE",))
def index_error_messages(ms):
    """The words of MindSpore's index errors: advanced items that do not broadcast (folded
    left to right, compared from the left of the longer shape; a mask counts its True
    positions), and a bare int past the end in setitem."""
    Tensor = ms.Tensor

    def z(*shape):
        return Tensor(np.zeros(shape, np.int32))

    def x():
        return Tensor(np.zeros((2, 3, 4), np.float32))

    def setitem(idx):
        def f():
            t = x()
            t[idx] = 1.0
            return t
        return f
    cases = [
        ("lists", lambda: x()[[0, 1, 0], [0, 1]]),
        ("tensors", lambda: x()[Tensor(np.array([0, 1, 0])), Tensor(np.array([0, 1]))]),
        ("mask_count", lambda: x()[[0, 1, 0], Tensor(np.array([False, True, False]))]),
        ("mask_none_true", lambda: x()[[0, 1, 0], Tensor(np.array([False, False, False]))]),
        ("across_slice", lambda: x()[[0, 1], :, [0, 1, 2]]),
        ("rank2_then_1", lambda: x()[z(2, 3), z(4)]),
        ("rank1_then_2", lambda: x()[z(4), z(2, 3)]),
        ("three_items", lambda: x()[z(1), z(2, 3), z(4)]),
        ("folded", lambda: x()[z(2, 1), z(2, 3), z(3, 4)]),
        ("broadcasts", lambda: x()[z(3, 1), 0:2, z(1, 2)]),
        ("set_lists", setitem(([0, 1, 0], [0, 1]))),
        ("set_int_past_end", setitem(4)),
        ("set_neg_int_past_end", setitem(-3)),
        ("set_int_in_tuple", setitem((0, 3))),
        ("set_int_second_axis", setitem((slice(None), 4))),
    ]
    out = []
    for name, f in cases:
        try:
            out.append((name, "OK", list(f().shape)))
        except Exception as e:  # noqa: BLE001 - the class and words are the result
            out.append((name, type(e).__name__, str(e).split("\n")[0]))
    return out


@case(modes=("PYNATIVE",))
def setitem_later_masks(ms):
    """A Bool Tensor index after the first position in setitem: a shorter mask is read as
    padded with False; a True past the end is TensorScatterUpdate's ValueError."""
    Tensor = ms.Tensor

    def mask(*v):
        return Tensor(np.array(v, bool))

    def setitem(shape, idx, val=-2.0):
        def f():
            t = Tensor(np.arange(np.prod(shape), dtype=np.float32).reshape(shape))
            t[idx] = val
            return t.asnumpy().ravel().tolist()
        return f
    cases = [
        ("after_ellipsis_short", setitem((1, 1, 2), (Ellipsis, mask(False)))),
        ("after_int_ellipsis", setitem((4, 1, 4), (0, Ellipsis, mask(True)))),
        ("short_first_true", setitem((2, 3), (slice(None), mask(True, False)))),
        ("short_second_true", setitem((2, 3), (slice(None), mask(False, True)))),
        ("tensor_value", setitem((2, 3), (0, mask(True, True)),
                                 Tensor(np.array([5.0, 6.0], np.float32)))),
        ("past_end", setitem((2, 3), (slice(None), mask(True, True, False, True)))),
        ("past_end_rows", setitem((3, 4), (slice(None), mask(1, 0, 0, 0, 1, 1)))),
        ("past_end_sliced", setitem((3, 4), (slice(1, 3), mask(1, 0, 0, 0, 0, 1)))),
        ("past_end_ellipsis", setitem((2, 3, 4), (Ellipsis, mask(1, 0, 0, 0, 0, 1)))),
        ("past_end_middle", setitem((2, 3, 4), (1, mask(1, 0, 0, 1), 2))),
    ]
    out = []
    for name, f in cases:
        try:
            out.append((name, "OK", f()))
        except Exception as e:  # noqa: BLE001 - the class and words are the result
            out.append((name, type(e).__name__, str(e).split("\n")[0]))
    return out
