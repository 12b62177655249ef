"""JAX configuration scoped to mscompat's own work: importing mscompat changes no JAX global.

MindSpore's Float64/Int64 must be real 64-bit types, which JAX only creates with x64 on, and
MindSpore's matmuls and convolutions are full float32 (TF32 on a GPU would change results)
unless ``mindspore.device_context.gpu.op_precision`` allows TF32. Instead of
switching those on for the whole process, every mscompat entry point (Tensor and Parameter
methods, op calls, Cell calls, transforms, compiled calls) runs inside ``scoped()``, which
sets them thread-locally for the duration of the call and restores them afterwards. A plain
JAX user in the same process keeps JAX's defaults (``jnp.array(1.0)`` stays float32).

The cost is two thread-local swaps on the *outermost* entry of a call (about 0.5 us);
nested entries see the flag and skip it.

Example:
    >>> import jax.numpy as jnp
    >>> import mscompat as ms
    >>> print(ms.Tensor([1, 2]).dtype, jnp.array(1.0).dtype)
    Int64 float32
"""
from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any

from jax._src import config as _cfg

_local = threading.local()
# set by context.set_context(device_target=..., device_id=...): "pending" is resolved to a
# JAX device at the first mscompat call, so that choosing a target starts no backend
# (``communication.init()`` must still be able to call ``jax.distributed.initialize``).
_state: dict[str, Any] = {"device": None, "pending": None}


def set_device(device) -> None:
    """The JAX device mscompat's work runs on (None: JAX's default)."""
    _state["device"], _state["pending"] = device, None


def set_pending_device(resolve: Callable[[], Any]) -> None:
    """``resolve()`` gives the device, called at the first mscompat call that needs it."""
    _state["pending"] = resolve


def _resolve() -> None:
    resolve = _state["pending"]
    if resolve is not None:
        _state["pending"] = None
        _state["device"] = resolve()


def platform() -> str:
    """The platform (``"cpu"``, ``"gpu"``...) of the device mscompat's work runs on."""
    _resolve()
    dev = _state["device"]
    if dev is not None:
        return dev.platform
    import jax
    return jax.default_backend()


# MindSpore's GPU precision knobs (``device_context.gpu.op_precision``): full float32 unless
# TF32 is allowed. The two booleans are encoded in the one JAX setting every compile cache is
# keyed on (``default_matmul_precision`` inside mscompat's scope), so changing a knob retraces:
# the four names below are two precisions (float32 / tf32) spelt differently per state.
_PRECISION_NAMES = {(False, False): "highest", (False, True): "float32",
                    (True, False): "tensorfloat32", (True, True): "high"}
_precision = {"matmul": False, "conv": False}


def allow_tf32(kind: str, value: bool) -> None:
    """Allow TF32 for ``kind`` ('matmul' or 'conv') in mscompat's programs."""
    _precision[kind] = bool(value)


def matmul_precision():
    """``precision=`` for matmul-like ops: None defers to the scoped setting (float32, or
    TF32 when ``matmul_allow_tf32``)."""
    return None


def conv_precision():
    """``precision=`` for convolutions, from the scoped setting's name (see above)."""
    import jax
    name = _cfg.default_matmul_precision.value
    allowed = name in ("float32", "high")
    return jax.lax.Precision.HIGH if allowed else jax.lax.Precision.HIGHEST


class scoped:
    """``with scoped():`` runs JAX calls with mscompat's configuration (re-entrant)."""

    __slots__ = ("prev",)

    def __enter__(self) -> None:
        if getattr(_local, "on", False):
            self.prev = None
            return
        _local.on = True
        if _state["pending"] is not None:
            _resolve()
        dev = _state["device"]
        self.prev = (_cfg.enable_x64.swap_local(True),
                     _cfg.default_matmul_precision.swap_local(
                         _PRECISION_NAMES[_precision["matmul"], _precision["conv"]]),
                     _cfg.default_device.swap_local(dev) if dev is not None else _UNSET)

    def __exit__(self, *exc) -> None:
        prev = self.prev
        if prev is None:
            return
        _cfg.enable_x64.set_local(prev[0])
        _cfg.default_matmul_precision.set_local(prev[1])
        if prev[2] is not _UNSET:
            _cfg.default_device.set_local(prev[2])
        _local.on = False


_UNSET = object()


def entry(fn: Callable) -> Callable:
    """Decorate an mscompat entry point: it runs under ``scoped()``."""
    if getattr(fn, "_mscompat_scoped", False):
        return fn

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if getattr(_local, "on", False):
            return fn(*args, **kwargs)
        with scoped():
            return fn(*args, **kwargs)

    wrapper._mscompat_scoped = True
    return wrapper


_SKIP = {"__init_subclass__", "__class_getitem__", "__new__", "__getattribute__",
         "__setattr__", "__delattr__", "__hash__", "__reduce__", "__reduce_ex__",
         "__sizeof__", "__dir__",
         "__subclasshook__", "__getstate__", "__weakref__", "__dict__", "__class__",
         "__slots__", "__module__", "__doc__", "__array_priority__"}


def scope_class(cls: type) -> type:
    """Run every method that ``cls`` defines under ``scoped()`` (properties only read
    metadata or go through an op, which is scoped itself)."""
    for name, value in list(vars(cls).items()):
        if name in _SKIP or isinstance(value, property):
            continue
        if isinstance(value, staticmethod):
            setattr(cls, name, staticmethod(entry(value.__func__)))
        elif isinstance(value, classmethod):
            setattr(cls, name, classmethod(entry(value.__func__)))
        elif callable(value) and not isinstance(value, type):
            setattr(cls, name, entry(value))
    return cls
