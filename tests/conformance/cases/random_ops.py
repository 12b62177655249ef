"""Random ops: MindSpore's signatures, dtypes, shapes, ranges and seeding rules, for the
ops whose draws are mscompat's (docs/divergences.md) and without regard to the seed a case
runs under: dtype, shape, and facts about the values. The draws MindSpore's kernels give
after ``set_seed`` are recorded in ``random_streams``."""
import numpy as np

from ._registry import case


def _meta(t):
    return str(t.dtype), tuple(t.shape)


@case()
def dtypes_and_shapes(ms):
    ops, T = ms.ops, ms.Tensor
    return [
        _meta(ops.uniform((2, 3), T(0.0), T(1.0))),
        _meta(ops.uniform((2,), T(0, ms.int32), T(5, ms.int32), dtype=ms.int32)),
        _meta(ops.standard_normal((2, 3))),
        _meta(ops.normal((4,), T(0.0), T(1.0))),
        _meta(ops.randint(0, 5, (3,))),
        _meta(ops.randperm(5)),
        _meta(ops.shuffle(T(np.arange(4, dtype=np.float32)))),
        _meta(ops.multinomial(T([[0.2, 0.8]], ms.float32), 3)),
        _meta(ops.rand(2, 3)),
        _meta(ops.randn((2, 3))),
        _meta(ops.rand_like(T(np.zeros((2,), np.float16)))),
        _meta(ops.dropout(T(np.ones((2, 3), np.float32)), 0.5)),
        [_meta(t) for t in ops.Dropout(0.5)(T(np.ones((2, 3), np.float32)))],
        _meta(ops.UniformReal()((2, 3))),
        _meta(ops.StandardNormal()((2, 3))),
    ]


@case()
def value_ranges(ms):
    ops, T = ms.ops, ms.Tensor
    u = ops.uniform((200,), T(2.0), T(3.0)).asnumpy()
    ri = ops.randint(3, 6, (200,)).asnumpy()
    perm = np.sort(ops.randperm(6).asnumpy()).tolist()
    shuffled = np.sort(ops.shuffle(T(np.arange(5, dtype=np.float32))).asnumpy()).tolist()
    return (bool(((u >= 2) & (u < 3)).all()), sorted(set(ri.tolist())), perm, shuffled)


@case()
def dropout_values(ms):
    drop = ms.nn.Dropout(p=0.5)
    drop.set_train(True)
    y = drop(ms.Tensor(np.ones((400,), np.float32))).asnumpy()
    drop.set_train(False)
    same = drop(ms.Tensor(np.ones((3,), np.float32)))
    return sorted(set(y.tolist())), same


@case()
def seed_rules(ms):
    ms.set_seed(5)
    a = ms.ops.rand(3).asnumpy()
    b = ms.ops.rand(3).asnumpy()
    ms.set_seed(5)
    c = ms.ops.rand(3).asnumpy()
    np_draw = np.random.rand()
    ms.set_seed(5)
    return (ms.get_seed(), bool((a == c).all()), bool((a != b).any()),
            np_draw == np.random.rand())


@case(modes=("PYNATIVE",))
def bad_arguments(ms):
    try:
        ms.ops.randint_like(ms.Tensor(np.zeros((2,), np.float32)), 0, 4)
    except ValueError as e:
        return type(e).__name__
    return "no error"


@case(modes=("PYNATIVE", "GRAPH"))
def random_choice_with_mask_invariants(ms):
    """The choices are random (MindSpore's generator): what is recorded is what does not
    depend on it - shapes, dtypes, the set of chosen positions, the mask, the zero rows."""
    x = np.array([[True, False, True, False], [False, True, True, False],
                  [True, True, False, False]])
    out = []
    for count in (8, 5, 3):
        index, mask = ms.ops.RandomChoiceWithMask(count=count, seed=1)(ms.Tensor(x))
        index, mask = index.asnumpy(), mask.asnumpy()
        chosen = sorted(map(tuple, index[mask].tolist()))
        out.append((index.shape, str(index.dtype), mask.shape, int(mask.sum()), chosen
                    if count >= x.sum() else len(set(chosen)),
                    bool(all(x[r] for r in chosen)), index[~mask].tolist()))
    return tuple(out)


@case(modes=("PYNATIVE",))
def random_choice_with_mask_errors(ms):
    out = []
    for call in (lambda: ms.ops.RandomChoiceWithMask(count=0),
                 lambda: ms.ops.RandomChoiceWithMask(count=2)(
                     ms.Tensor(np.ones(3, np.float32)))):
        try:
            call()
            out.append("ok")
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            out.append(f"{type(e).__name__}: {str(e).splitlines()[0]}")
    return tuple(out)
