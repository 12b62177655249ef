"""``mindspore.ops.function``: the functional ops, and MindSpore's submodules of them
(``nn_func``, ``math_func``, ``array_func`` ...) as importable views of the same functions.

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> from mscompat.ops.function import math_func
    >>> print(math_func.exp(ms.Tensor(np.zeros(2, np.float32))))
    [1. 1.]
"""
from .._engine.ops_build import FUNCTIONALS
from .._engine.unsupported import module_getattr, new_module
from . import composite

_TRANSFORMS = {name: getattr(composite, name) for name in (
    "GradOperation", "get_grad", "grad", "jacfwd", "jacrev", "jvp", "value_and_grad", "vjp",
    "vmap")}
globals().update(FUNCTIONALS)
globals().update(_TRANSFORMS)
__getattr__ = module_getattr("mindspore.ops.function")
__path__: list[str] = []  # MindSpore's ops.function is a package of the submodules below
__all__ = sorted({*FUNCTIONALS, *_TRANSFORMS})

_SUBMODULES = ("array_func", "clip_func", "comm_func", "debug_func", "fft_func", "grad",
               "image_func", "linalg_func", "math_func", "nn_func", "other_func",
               "parameter_func", "random_func", "reshard_func", "sparse_func",
               "sparse_unary_func", "spectral_func", "vmap_func")
for _sub in _SUBMODULES:
    new_module(f"{__name__}.{_sub}", f"``mindspore.ops.function.{_sub}``: functional ops.",
               {**FUNCTIONALS, **_TRANSFORMS})
del _sub


def _nn_func_getattr(name: str):
    if name == "multi_head_attention_forward":  # built on nn's attention (imported late)
        from ..nn.layer.transformer import multi_head_attention_forward
        return multi_head_attention_forward
    return module_getattr("mindspore.ops.function.nn_func")(name)


nn_func.__getattr__ = _nn_func_getattr  # type: ignore[name-defined]  # noqa: F821
