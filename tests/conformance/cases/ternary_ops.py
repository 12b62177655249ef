"""Ops of three operands and their dtype rules, as MindSpore 2.10's CPU kernels and Python
compositions settle them: ``addcmul``/``addcdiv`` (one dtype for the three Tensors, the value
converted to it), ``lerp`` (Float16/Float32; Float16 computed in float32), ``clamp``
(promotion of Tensor bounds, Python bounds, Bool refused), ``masked_fill`` (value groups, a
64-bit input filled in its 32-bit type), ``where`` with Python numbers, and the
``addmm``/``addmv``/``addr``/``baddbmm``/``addbmm`` compositions. Each sweep records the
result (or the exception class, counted only when it repeats: MindSpore reports some kernel
errors one call late)."""
# ruff: noqa: B023 - every lambda below is called at once, inside its loop iteration
import itertools

import numpy as np

from ._registry import case

DTYPES = ("bool", "int8", "int16", "int32", "int64", "uint8", "float16", "float32", "float64")


def _tensor(ms, dt, seed, shape=(2, 3)):
    v = np.random.RandomState(seed).uniform(-3, 3, size=shape)
    if dt == "bool":
        return ms.Tensor(v > 0)
    return ms.Tensor((np.abs(v) if dt.startswith("u") else v).astype(dt))


def _scalar(ms, dt, value):
    return ms.Tensor(True) if dt == "bool" else ms.Tensor(np.array(value).astype(dt))


def _runner(ms):
    good = ms.Tensor(np.ones(2, np.float32))

    def settle():
        ok = 0
        for _ in range(20):
            try:
                ms.ops.add(good, good).asnumpy()
                ok += 1
            except Exception:  # noqa: BLE001 - an error reported late by an earlier call
                ok = 0
            if ok == 2:
                return

    def attempt(fn):
        settle()
        try:
            out = fn()
            out.asnumpy()
            return out
        except Exception as e:  # noqa: BLE001 - the class is the result
            return type(e).__name__

    def outcome(fn):
        """``fn()``'s Tensor, or the exception class it raises twice."""
        first = attempt(fn)
        return attempt(fn) if isinstance(first, str) else first
    return outcome


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def addcmul_addcdiv_dtype_rules(ms):
    run, ops = _runner(ms), ms.ops
    out = []
    for a, b, c in itertools.product(("int8", "int32", "int64", "uint8", "float16",
                                      "float32", "float64", "bool"), repeat=3):
        if len({a, b, c}) == 3 and "float32" not in (a, b, c):
            continue
        out.append(run(lambda: ops.addcmul(_tensor(ms, a, 0), _tensor(ms, b, 1),
                                           _tensor(ms, c, 2))))
        out.append(run(lambda: ops.addcdiv(_tensor(ms, a, 0), _tensor(ms, b, 1),
                                           _tensor(ms, c, 2))))
    for a, v in itertools.product(DTYPES, DTYPES):
        t = (_tensor(ms, a, 0), _tensor(ms, a, 1), _tensor(ms, a, 2))
        out.append(run(lambda: ops.addcmul(*t, _scalar(ms, v, 2.7))))
        out.append(run(lambda: ops.addcdiv(*t, _scalar(ms, v, 2.7))))
        number = True if v == "bool" else (2.7 if v.startswith("float") else -3)
        out.append(run(lambda: ops.addcmul(*t, number)))
        out.append(run(lambda: ops.addcdiv(*t, number)))
        out.append(run(lambda: t[0].addcmul(t[1], t[2], value=number)))
    return out


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def addcdiv_int64_truncation_and_division_by_zero(ms):
    t = lambda v: ms.Tensor(np.array(v, np.int64))  # noqa: E731
    a, b = t([10, 20, 30, 40, -10, 5, 2**62]), t([7, 9, -7, 100, 7, 0, 2**62])
    c = t([2, 4, 2, 3, 0, 0, 1])
    return (ms.ops.addcdiv(a, b, c), ms.ops.addcdiv(a, b, c, value=3),
            ms.ops.addcdiv(a, b, c, value=-1), ms.ops.addcdiv(a, b, c, value=ms.Tensor(2.7)),
            ms.ops.addcmul(a, b, c, value=ms.Tensor(2.7)),
            ms.ops.addcmul(ms.Tensor(np.array([100, -100], np.int8)),
                           ms.Tensor(np.array([100, -100], np.int8)),
                           ms.Tensor(np.array([100, -100], np.int8))))


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def lerp_dtype_rules(ms):
    run, ops = _runner(ms), ms.ops
    out = []
    for a, b, c in itertools.product(DTYPES, repeat=3):
        if len({a, b, c}) == 3 and "float16" not in (a, b, c):
            continue
        out.append(run(lambda: ops.lerp(_tensor(ms, a, 0), _tensor(ms, b, 1),
                                        _tensor(ms, c, 2))))
    for a, b in itertools.product(DTYPES, DTYPES):
        out.append(run(lambda: ops.lerp(_tensor(ms, a, 0), _tensor(ms, b, 1), 0.3)))
        out.append(run(lambda: ops.lerp(_tensor(ms, a, 0), _tensor(ms, a, 1),
                                        _scalar(ms, b, 0.3))))
        out.append(run(lambda: _tensor(ms, a, 0).lerp(_tensor(ms, a, 1), _tensor(ms, b, 2))))
    out.append(run(lambda: ops.lerp(_tensor(ms, "float32", 0), _tensor(ms, "float32", 1), 1)))
    return out


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def addcmul_addcdiv_evaluation_order(ms):
    """``input + value * (t1 * t2)`` and ``input + (value * t1) / t2``: visible in the last
    bit of Float16 and Float32 results."""
    r = np.random.RandomState(0)
    out = []
    for dt in (np.float16, np.float32):
        a, b, c = (ms.Tensor(r.uniform(-3, 3, 600).astype(dt)) for _ in range(3))
        v = ms.Tensor(np.array(2.7, dt))
        out += [ms.ops.addcmul(a, b, c, v), ms.ops.addcdiv(a, b, c, v)]
    return out


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def lerp_float16_computed_in_float32(ms):
    r = np.random.RandomState(0)
    s, e = (ms.Tensor(r.uniform(-3, 3, 2000).astype(np.float16)) for _ in range(2))
    w = r.uniform(-1, 2, 2000)
    f32 = [ms.Tensor(r.uniform(-30, 30, 500).astype(np.float32)) for _ in range(3)]
    return (ms.ops.lerp(s, e, ms.Tensor(w.astype(np.float16))),
            ms.ops.lerp(s, e, ms.Tensor(w.astype(np.float32))),
            ms.ops.lerp(s, e, ms.Tensor(w)), ms.ops.lerp(s, e, 0.3),
            ms.ops.lerp(*f32), ms.ops.lerp(f32[0], f32[1], 0.7))


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def clamp_dtype_rules(ms):
    run, ops = _runner(ms), ms.ops
    out = []
    for a, b, c in itertools.product(DTYPES, repeat=3):
        if len({a, b, c}) == 3 and "int8" not in (a, b, c):
            continue
        out.append(run(lambda: ops.clamp(_tensor(ms, a, 0), _scalar(ms, b, -1),
                                         _scalar(ms, c, 2))))
    for a, b in itertools.product(DTYPES, DTYPES):
        x = _tensor(ms, a, 0)
        out.append(run(lambda: ops.clamp(x, _scalar(ms, b, -1))))
        out.append(run(lambda: ops.clamp(x, None, _scalar(ms, b, 1))))
        out.append(run(lambda: ops.clamp(x, _tensor(ms, b, 1))))
        out.append(run(lambda: x.clip(_scalar(ms, b, -1), 1.5)))
        out.append(run(lambda: ops.clip(x, _scalar(ms, b, -1), 1.5)))
        out.append(run(lambda: ms.mint.clamp(x, -1.5, _scalar(ms, b, 1))))
        out.append(run(lambda: x.clamp(_scalar(ms, b, -1), _scalar(ms, b, 1))))
    for a in DTYPES:
        x = _tensor(ms, a, 0)
        out += [run(lambda: ops.clamp(x, -1, 2)), run(lambda: ops.clamp(x, -1.5, 2.5)),
                run(lambda: ops.clamp(x, -1, 2.5)), run(lambda: ops.clip(x, True, 2)),
                run(lambda: ops.clamp(x))]
    return out


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def masked_fill_value_rules(ms):
    run, ops = _runner(ms), ms.ops
    mask = _tensor(ms, "bool", 3)
    out = []
    for a, b in itertools.product(DTYPES, DTYPES):
        x, v = _tensor(ms, a, 0), _scalar(ms, b, 7.25 if b.startswith("float") else 7)
        out.append(run(lambda: ops.masked_fill(x, mask, v)))
        out.append(run(lambda: x.masked_fill(mask, v)))
    for a in DTYPES:
        x = _tensor(ms, a, 0)
        for v in (7, 7.25, True, 2**40, -2**40 - 5, 300, 1e300, 70000.0, -3.7):
            out.append(run(lambda: ops.masked_fill(x, mask, v)))
            out.append(run(lambda: x.masked_fill(mask, v)))
    out.append(run(lambda: ops.masked_fill(_tensor(ms, "float32", 0), _tensor(ms, "int32", 3),
                                           1.0)))
    return out


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def masked_fill_64_bit_inputs_in_32_bits(ms):
    f64 = ms.Tensor(np.array([1.1, 2.2, -3.3]))
    i64 = ms.Tensor(np.array([2**40 + 1, 3, -2**35]))
    mask = ms.Tensor([False, True, False])
    return (ms.ops.masked_fill(f64, mask, 7.25),
            ms.ops.masked_fill(f64, mask, ms.Tensor(7.25, ms.float16)),
            ms.ops.masked_fill(f64, mask, ms.Tensor(7.25, ms.float64)),
            ms.ops.masked_fill(i64, mask, ms.Tensor(5, ms.int32)),
            ms.ops.masked_fill(i64, mask, 5),
            ms.ops.masked_fill(ms.Tensor(np.array([7, 3], np.int16)), ms.Tensor([True, False]),
                               ms.Tensor(70000, ms.int64)),
            f64.masked_fill(mask, 7.25))


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def where_with_python_numbers(ms):
    run, ops = _runner(ms), ms.ops
    cond = _tensor(ms, "bool", 3)
    out = []
    for a in DTYPES:
        x = _tensor(ms, a, 0)
        for v in (7, 7.25, True, 2**40):
            out.append(run(lambda: ops.where(cond, x, v)))
            out.append(run(lambda: ops.where(cond, v, x)))
    out += [run(lambda: ops.where(cond, 2.5, 1)), run(lambda: ops.where(cond, 2, 1)),
            run(lambda: ops.where(cond, True, 1))]
    return out


@case(modes=("PYNATIVE",), rtol=1e-6, atol=1e-6)
def matmul_compositions_dtype_rules(ms):
    run, ops = _runner(ms), ms.ops
    out = []
    for a, b in itertools.product(DTYPES, DTYPES):
        out.append(run(lambda: ops.addmm(_tensor(ms, a, 0, (2, 2)), _tensor(ms, b, 1, (2, 3)),
                                         _tensor(ms, b, 2, (3, 2)))))
        out.append(run(lambda: ops.addmv(_tensor(ms, a, 0, (2,)), _tensor(ms, b, 1, (2, 3)),
                                         _tensor(ms, b, 2, (3,)))))
        out.append(run(lambda: ops.addr(_tensor(ms, a, 0, (2, 3)), _tensor(ms, b, 1, (2,)),
                                        _tensor(ms, b, 2, (3,)))))
        out.append(run(lambda: ops.baddbmm(_tensor(ms, a, 0, (2, 2, 2)),
                                           _tensor(ms, b, 1, (2, 2, 3)),
                                           _tensor(ms, b, 2, (2, 3, 2)))))
        out.append(run(lambda: _tensor(ms, a, 0, (2, 2)).addbmm(
            _tensor(ms, b, 1, (2, 2, 3)), _tensor(ms, b, 2, (2, 3, 2)))))
    x = _tensor(ms, "int32", 0, (2,))
    m, v = _tensor(ms, "int32", 1, (2, 3)), _tensor(ms, "int32", 2, (3,))
    out += [run(lambda: ops.addmv(x, m, v, beta=2.7, alpha=True)),
            run(lambda: ops.addmv(x, m, v, alpha="a")),
            run(lambda: ops.addmm(x, m, m.T, alpha=None)),
            run(lambda: ops.baddbmm(_tensor(ms, "int32", 0, (1, 2, 2)),
                                    _tensor(ms, "int32", 1, (1, 2, 2)),
                                    _tensor(ms, "int32", 2, (1, 2, 2)), 0.5)),
            run(lambda: ops.mv(m.astype(ms.float32), v.astype(ms.float32)))]
    return out


@case(rtol=1e-6, atol=1e-6)
def ternary_gradients(ms):
    """Gradients through clamp (Tensor bounds; the method's Tensor-and-number bounds), lerp
    (a Tensor weight), masked_fill, addmm and addcmul with scales."""
    x = ms.Tensor(np.array([[-2.0, 0.5], [1.5, 3.0]], np.float32))
    w = ms.Tensor(np.array([[0.5, -1.0], [2.0, 0.25]], np.float32))

    def f(x, w):
        a = x.clamp(ms.Tensor(-1.0), 2.0).sum() + ms.ops.clamp(
            x, ms.Tensor(-1.0), ms.Tensor(2.0)).sum()
        b = ms.ops.lerp(x, x * 3 + 1, w).sum()
        c = ms.ops.masked_fill(x, ms.Tensor([[True, False], [False, True]]), 0.5).sum()
        d = ms.ops.addmm(x, x, x, beta=0.5, alpha=2).sum()
        e = ms.ops.addcmul(x, x, x, value=0.5).sum()
        return a + b + c + d + e
    return ms.ops.grad(f, grad_position=(0, 1))(x, w)


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def index_fill_value_rules(ms):
    """``ops.index_fill`` with a Tensor value: MaskedFill's dtype groups and its 64-bit
    narrowing (a Float64 input filled with a Float32 value keeps float32 precision)."""
    run, ops = _runner(ms), ms.ops
    index = ms.Tensor(np.array([0, 2], np.int32))
    out = []
    for a, b in itertools.product(DTYPES, DTYPES):
        out.append(run(lambda: ops.index_fill(_tensor(ms, a, 0, (3, 4)), 1, index,
                                              _scalar(ms, b, 7.25 if b.startswith("f") else 7))))
    return out
