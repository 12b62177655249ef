"""Functional ops and Tensor methods accept MindSpore's keyword names (recorded from
MindSpore 2.10 into ``_engine/ms_keywords.py``): every recorded op spec called with its
arguments as MindSpore keywords gives exactly what the positional call gives."""
import numpy as np
import pytest

import mscompat as ms
from mscompat._engine import ms_keywords
from mscompat.testing import assert_allclose
from tests.conformance.cases import op_specs

MODES = {"PYNATIVE": ms.PYNATIVE_MODE, "GRAPH": ms.GRAPH_MODE}


@pytest.fixture(params=sorted(MODES))
def mode(request):
    ms.set_context(mode=MODES[request.param])
    yield request.param
    ms.set_context(mode=ms.PYNATIVE_MODE)


def _keyword_specs():
    out = []
    for spec in op_specs.SPECS:
        root, _, name = spec.path.partition(".")
        recorded = ms_keywords.KEYWORDS.get(spec.path)
        if root not in ("ops", "Tensor") or spec.init is not None or recorded is None:
            continue
        n_pos = len(spec.args) - (1 if root == "Tensor" else 0)
        if n_pos > len(recorded) or n_pos <= 0:
            continue
        out.append(spec)
    return out


SPECS = _keyword_specs()


def _resolve(a):
    if isinstance(a, np.ndarray):
        return ms.Tensor(a)
    return op_specs._resolve_const(ms, a)


def test_enough_specs_are_checked():
    assert len(SPECS) >= 100


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_keywords_give_what_positions_give(spec, mode):
    root, _, name = spec.path.partition(".")
    args = [_resolve(a) for a in spec.args]
    kw = {k: op_specs._resolve_const(ms, v) for k, v in spec.kw.items()}
    recorded = [n for n, _ in ms_keywords.KEYWORDS[spec.path]]
    if root == "Tensor":
        fn, args = getattr(args[0], name), args[1:]
    else:
        fn = getattr(ms.ops, name)
    try:
        positional = fn(*args, **kw)
    except (TypeError, ValueError):
        pytest.skip("the spec packs its arguments (a list or varargs)")
    except Exception as e:  # a spec recording MindSpore's error: the keyword call raises alike
        with pytest.raises(type(e)):
            fn(**dict(zip(recorded, args)), **kw)
        return
    as_keywords = fn(**dict(zip(recorded, args)), **kw)
    assert_allclose(as_keywords, positional, rtol=0, atol=0, check_dtype=True)


def test_a_parameter_mscompat_lacks_is_refused_unless_default():
    x, y = ms.Tensor([7.0, -7.0]), ms.Tensor([2.0, 2.0])
    assert_allclose(ms.ops.relu(x, inplace=False), ms.ops.relu(x))
    with pytest.raises(NotImplementedError, match=r"ops.relu\(inplace=...\)"):
        ms.ops.relu(x, inplace=True)
    assert_allclose(ms.ops.subtract(x, y, alpha=2), x.asnumpy() - 2 * y.asnumpy())
    assert_allclose(ms.ops.softmax(x, axis=-1, dtype=None), ms.ops.softmax(x))


def test_ufunc_rows_take_the_keyword_positionally():
    x = ms.Tensor([1.0, -2.0])
    assert_allclose(ms.ops.neg(input=x), -x.asnumpy())
    assert_allclose(ms.ops.add(input=x, other=x), 2 * x.asnumpy())
    with pytest.raises(TypeError):
        ms.ops.add(x, input=x)


def _primitive_specs():
    out = []
    for spec in op_specs.SPECS:
        root, _, name = spec.path.partition(".")
        call = ms_keywords.PRIMITIVE_CALLS.get(name)
        if root == "ops" and spec.init is not None and call and call[1] is not None \
                and 0 < len(spec.args) <= len(call[1]) and not spec.kw:
            out.append(spec)
    return out


PRIMITIVE_SPECS = _primitive_specs()


def test_enough_primitive_specs_are_checked():
    assert len(PRIMITIVE_SPECS) >= 40


@pytest.mark.parametrize("spec", PRIMITIVE_SPECS, ids=lambda s: s.name)
def test_primitive_keywords_give_what_positions_give(spec, mode):
    """``ops.ReduceSum()(x=..., axis=...)`` as ``ops.ReduceSum()(x, ...)``: every input of
    every Primitive spec by MindSpore's ``__call__`` name."""
    name = spec.path.partition(".")[2]
    prim = getattr(ms.ops, name)(**{k: op_specs._resolve_const(ms, v)
                                    for k, v in spec.init.items()})
    args = [_resolve(a) for a in spec.args]
    names = [n for n, _ in ms_keywords.PRIMITIVE_CALLS[name][1]]
    try:
        positional = prim(*args)
    except Exception as e:  # a spec recording MindSpore's error: the keyword call raises alike
        with pytest.raises(type(e)):
            prim(**dict(zip(names, args)))
        return
    assert_allclose(prim(**dict(zip(names, args))), positional, rtol=0, atol=0,
                    check_dtype=True)


def test_primitive_keyword_errors_name_the_class():
    x = ms.Tensor([1.0, 2.0])
    with pytest.raises(TypeError, match=r"^ReduceSum.__call__\(\) takes from 2 to 3 positional "
                                        r"arguments but 4 were given$"):
        ms.ops.ReduceSum()(x, 0, 1)
    with pytest.raises(TypeError, match=r"^Add.__call__\(\) missing 2 required positional "
                                        r"arguments: 'input' and 'other'$"):
        ms.ops.Add()()  # (no keyword: the row's own arity check)
