"""``mindspore.numpy`` functions called positionally bind by MindSpore's signatures, which
differ from NumPy's: ``std(x, 0, 1)`` is ``ddof=1`` (NumPy's third parameter is
``dtype``), ``amax(a, 1, True)`` is ``keepdims``, ``take(a, i, 0, 'clip')`` is ``mode``,
``nanstd(a, 0, None, 1)`` is ``ddof``; integer ``var``/``std`` use the truncated integer
mean as ``Tensor.var`` does; ``maximum``/``minimum``/``clip`` beside a Python number keep
the Tensor's dtype (``clip(Int32, 0.5, 2.5)`` is Int32); ``cumsum`` with a dtype casts
the sums; ``tensordot`` takes an int ``axes``; the element-wise functions' ``dtype`` (by
position too: ``sin(x, float16)``, ``add(x1, x2, float16)``) casts the result."""
import numpy as np

from . import op_specs
from ._registry import case
from .op_specs import D, S

X = np.array([[0.5, -1.25, 2.0, 1.0], [3.5, 0.0, -0.75, 2.0], [1.0, 1.0, 2.0, -3.0]],
             np.float32)
XI = np.array([[1, -2, 3, 0], [4, 0, 6, 1], [2, 2, 2, 2]], np.int32)
XN = np.array([[1.0, np.nan, 3.0], [2.0, 5.0, np.nan]], np.float32)
IDX = np.array([0, 5, -1], np.int32)
P = ("PYNATIVE",)

SPECS = [
    S("std_ddof_positional", "numpy.std", (X, 0, 1), modes=P),
    S("std_ddof_keepdims_positional", "numpy.std", (X, None, 1, True), modes=P),
    S("var_ddof_positional", "numpy.var", (X, 1, 1), modes=P),
    S("var_int_truncated_mean", "numpy.var", (XI, 0), grad=False, modes=P),
    S("std_int_truncated_mean", "numpy.std", (XI, 1, 1), grad=False, modes=P),
    S("amax_keepdims_positional", "numpy.amax", (X, 1, True), modes=P),
    S("amin_keepdims_positional", "numpy.amin", (X, 0, True), modes=P),
    S("max_keepdims_positional", "numpy.max", (XI, 1, True), grad=False, modes=P),
    S("nanmax_dtype_keepdims_positional", "numpy.nanmax", (XN, 1, None, True), grad=False,
      modes=P),
    S("nanstd_ddof_positional", "numpy.nanstd", (XN, 1, None, 1), grad=False, modes=P),
    S("nanvar_ddof_keepdims_positional", "numpy.nanvar", (XN, 0, None, 0, True),
      grad=False, modes=P),
    S("take_mode_positional", "numpy.take", (X, IDX, 1, "clip"), grad=False, modes=P),
    S("take_wrap_positional", "numpy.take", (X, IDX, 1, "wrap"), grad=False, modes=P),
    S("sometrue_keepdims_positional", "numpy.sometrue", (XI, 0, True), grad=False,
      modes=P),
    S("mean_axis_positional", "numpy.mean", (X, 1), modes=P),
    S("clip_int_float_bounds", "numpy.clip", (XI, 0.5, 2.5), grad=False, modes=P),
    S("clip_no_bounds", "numpy.clip", (XI, None, None), grad=False, modes=P),
    S("maximum_int_python_float", "numpy.maximum", (XI, 1.5), grad=False, modes=P),
    S("minimum_python_float_int", "numpy.minimum", (2.5, XI), grad=False, modes=P),
    S("maximum_nan", "numpy.maximum", (XN, 2.0), grad=False, modes=P),
    S("cumsum_dtype_after", "numpy.cumsum", (X, 1, D("int32")), grad=False, modes=P),
    S("tensordot_int_axes", "numpy.tensordot", (X, X.T, 1), modes=P),
    S("sin_dtype_positional", "numpy.sin", (X, D("float16")), grad=False, modes=P),
    S("sqrt_dtype_positional", "numpy.sqrt", (np.abs(X), D("float16")), grad=False, modes=P),
    S("add_dtype_positional", "numpy.add", (X, X, D("float16")), grad=False, modes=P),
    S("add_dtype_keyword_int", "numpy.add", (X, X), kw={"dtype": D("int32")}, grad=False,
      modes=P),
    S("power_dtype_positional", "numpy.power", (X, 2, D("float16")), grad=False, modes=P),
    S("multiply_dtype_keyword", "numpy.multiply", (X, X), kw={"dtype": D("float16")},
      grad=False, modes=P),
]

for _spec in SPECS:
    op_specs._register(_spec, module=__name__)


@case(modes=P)
def inputs_by_keyword(ms):
    """Every argument by MindSpore's name, the input too (``sqrt(x=t)``, ``subtract(x1=,
    x2=)``, ``amax(a=, axis=)``), where the implementations name them otherwise."""
    mnp, x = ms.numpy, ms.Tensor(X)
    return [mnp.sqrt(x=ms.Tensor(np.abs(X))), mnp.subtract(x1=x, x2=x), mnp.amax(a=x, axis=0),
            mnp.std(x=x, ddof=1), mnp.tile(a=x, reps=2), mnp.nanvar(a=x),
            mnp.reshape(x=x, new_shape=(-1,))]
