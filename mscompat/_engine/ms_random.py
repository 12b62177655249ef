"""MindSpore 2.10's CPU kernels ``UniformReal``, ``UniformInt`` and ``StandardNormal``,
reproduced bit for bit.

A kernel is seeded from its primitive's ``(seed, seed2)``: the functional ops
(``ops.rand``/``randn``/``randint``/``uniform``/``normal``/``standard_normal``, their ``_like``
forms, ``mindspore.numpy.rand``/``randn``/``randint``) build a primitive per call from
``_get_graph_seed(op_seed, name)`` (``ms_dropout.graph_seed``); a ``Primitive`` built by the
user keeps the seeds it was given. The pair is mixed into one 64-bit seed
(``ms_dropout.kernel_seed``), then

- ``UniformReal``: ``std::mt19937`` seeded with its low 32 bits,
  ``uniform_real_distribution<double>(0, 1)`` rounded to float32;
- ``UniformInt``: the same engine, ``uniform_int_distribution<int>(minval, maxval - 1)``;
- ``StandardNormal``: ``std::minstd_rand0`` seeded with it, a fresh
  ``normal_distribution<float>`` per launch (a launch's unused second value is dropped);
- ``Multinomial``, ``RandomShuffle``, ``StandardLaplace`` and ``RandomChoiceWithMask``: the
  same ``minstd_rand0`` (see their methods); ``RandomCategorical`` too, seeded from
  ``(0, seed)`` with its own ``seed`` argument (0: the system's entropy).

The engine lives as long as the kernel: for one call of a functional op; for a user's
``Primitive``, MindSpore keeps a kernel per input signature (the shape drawn), so a second
call of the same shape goes on where the first stopped and a new shape starts from the seeds.

Inside a compiled function (GRAPH_MODE, ``jit``) MindSpore builds the kernels when it
compiles: a functional op takes its seeds once, at compile time, and each compiled graph keeps
its kernels from call to call (a ``Primitive`` gets a kernel of its own in each graph, seeded
as the Primitive is). Here the trace builds them, and the compiled program asks the host for
each call's values (``host_values``: an ordered ``io_callback``), so the numbers are
MindSpore's there too.

Where MindSpore itself is not reproducible (seeds ``(0, 0)``: no global and no op seed, or a
``Primitive`` built without seeds, which MindSpore seeds from the system's entropy) the ops
draw from mscompat's own stream (``random_ops``), as they do inside the pure function of the
JAX bridge (``to_jax``), which draws from the ``rng=`` it is given.

Example:
    >>> from mscompat._engine.ms_random import Kernel
    >>> [round(float(v), 6) for v in Kernel((1, 0)).uniform_real(3)]
    [0.542962, 0.805786, 0.367501]
"""
from __future__ import annotations

import sys

import jax
import numpy as np

from . import scope
from .ms_dropout import OPS_STREAM_ONLY, graph_seed, kernel_seed
from .std_random import (
    MinStd,
    Mt19937,
    canonical_doubles,
    canonical_floats,
    expf,
    polar_normals,
    std_shuffle,
    uniform_ints,
)


class Kernel:
    """One kernel's engine, seeded as MindSpore seeds it from ``(seed, seed2)``."""

    def __init__(self, seeds: tuple[int, int]) -> None:
        self.mix = kernel_seed(*seeds)
        self._mt: Mt19937 | None = None
        self._minstd: MinStd | None = None

    def _engine(self) -> Mt19937:
        if self._mt is None:
            self._mt = Mt19937(self.mix & 0xFFFFFFFF)
        return self._mt

    def uniform_real(self, count: int) -> np.ndarray:
        """``count`` float32 values on [0, 1), as ``UniformReal``."""
        return canonical_doubles(self._engine(), count).astype(np.float32)

    def uniform_int(self, count: int, low: int, high: int) -> np.ndarray:
        """``count`` int32 values on [low, high), as ``UniformInt``."""
        return uniform_ints(self._engine(), count, low, high - 1).astype(np.int32)

    def _min_std(self) -> MinStd:
        if self._minstd is None:
            self._minstd = MinStd(self.mix)
        return self._minstd

    def standard_normal(self, count: int) -> np.ndarray:
        """``count`` float32 standard normal values, as ``StandardNormal``."""
        return polar_normals(self._min_std(), count)

    def dropout_start(self, count: int) -> int:
        """``Dropout``: the ``minstd_rand0`` state its mask of ``count`` elements starts from
        (``ms_dropout.masked`` draws it); the kernel goes on after them."""
        engine = self._min_std()
        start = engine.state
        engine.discard(count)
        return start

    def standard_laplace(self, count: int) -> np.ndarray:
        """``StandardLaplace``: ``v = 2u - float32(1 - 2**-24)`` from the float32 uniform
        ``u`` of the kernel's ``minstd_rand0``, then ``-sign(v) * log(1 - |v|)`` in double,
        rounded to float32."""
        f32 = np.float32
        u = canonical_floats(self._min_std(), count)
        v = (u + u) - np.nextafter(f32(1), f32(0))
        magnitude = np.log(1.0 - np.abs(v).astype(np.float64))
        return (-np.copysign(1.0, v).astype(np.float64) * magnitude).astype(f32)

    def shuffle_order(self, n: int) -> list:
        """``RandomShuffle``'s order of the first axis: ``std::shuffle`` of ``0..n-1`` with
        the kernel's ``minstd_rand0``."""
        return std_shuffle(list(range(n)), self._min_std())

    def choice_with_mask(self, x: np.ndarray, count: int) -> np.ndarray:
        """``RandomChoiceWithMask``: ``std::shuffle`` of the flat positions of the True
        elements with the kernel's ``minstd_rand0``, the first ``count`` as coordinate rows
        (Int32, MindSpore's layout: ``random_ops.choice_coordinates``), zero rows after them.
        Returned as one Int32 array, the mask (1 for a real choice) in the last column."""
        from .random_ops import choice_coordinates
        order = std_shuffle(np.flatnonzero(x.reshape(-1)).tolist(), self._min_std())[:count]
        out = np.zeros((count, x.ndim + 1), np.int32)
        if order:
            out[:len(order), :-1] = choice_coordinates(order, x.shape)
            out[:len(order), -1] = 1
        return out

    def random_categorical(self, logits: np.ndarray, num_sample: int) -> np.ndarray:
        """``RandomCategorical`` over the rows of float32 ``logits``: sample ``s`` draws one
        ``uniform_real_distribution<double>`` value (two ``minstd_rand0`` outputs) shared by
        every row, rounded to float32; a row's running sum of ``expf(l - max)`` (float32)
        gives the first position whose sum reaches ``total * u``. Int64 indices."""
        u = canonical_doubles(self._min_std(), num_sample).astype(np.float32)
        out = np.empty((logits.shape[0], num_sample), np.int64)
        for i, row in enumerate(logits.astype(np.float32)):
            cumulative = np.cumsum(expf(row - np.max(row)), dtype=np.float32)
            out[i] = np.argmax(cumulative[None, :] >= (cumulative[-1] * u)[:, None], axis=1)
        return out

    def multinomial(self, probs: np.ndarray, num_samples: int) -> np.ndarray:
        """``Multinomial`` (with replacement) over the rows of ``probs`` (1-D or 2-D): each
        row's running sum in its dtype, divided by its total (unless zero); each sample is
        the first position whose value exceeds ``u = float32(x - 1) * 2**-31`` (below one),
        else the last, ``x`` the next ``minstd_rand0`` output, rows in turn. Int32
        indices."""
        rows = probs.reshape(-1, probs.shape[-1])
        cumulative = np.cumsum(rows, axis=1, dtype=rows.dtype)
        total = cumulative[:, -1:]
        cumulative = np.where(total != 0, cumulative / np.where(total != 0, total, 1),
                              cumulative).astype(rows.dtype)
        u = canonical_floats(self._min_std(), rows.shape[0] * num_samples)
        u = u.reshape(rows.shape[0], num_samples).astype(np.promote_types(rows.dtype,
                                                                           np.float32))
        # the search runs over all but the last position: a row summing to zero gives it
        out = np.stack([np.searchsorted(c[:-1].astype(u.dtype), r, side="right")
                        for c, r in zip(cumulative, u)])
        return out.astype(np.int32).reshape(probs.shape[:-1] + (num_samples,))


_BROKEN_GRAPH_KERNELS: dict = {}  # (graph, kernel name, op seed, call site) -> Kernel


def functional_kernel(op_seed, name: str) -> Kernel | None:
    """The kernel a functional op builds for this call (advancing ``name``'s seed counter as
    MindSpore does, once per trace inside a compiled function), or None for seeds
    ``(0, 0)``, where mscompat draws from its own stream. A compiled function running
    through a graph break (Python control flow on values) runs eagerly, call after call: its
    kernels are kept per call site, as the one compiled graph keeps them in MindSpore."""
    if OPS_STREAM_ONLY.get():  # a pure function (the JAX bridge) draws from its rng=
        return None
    from .compile import GRAPH
    graph = None if scope.tracing() else GRAPH.get()
    if graph is not None:
        key = (graph, name, op_seed or 0, _call_site())
        if key not in _BROKEN_GRAPH_KERNELS:
            seeds = graph_seed(op_seed or 0, name)
            _BROKEN_GRAPH_KERNELS[key] = None if seeds == (0, 0) else Kernel(seeds)
        return _BROKEN_GRAPH_KERNELS[key]
    seeds = graph_seed(op_seed or 0, name)
    return None if seeds == (0, 0) else Kernel(seeds)


def _call_site() -> tuple:
    """The user's line that called the op: the first frame outside mscompat."""
    package = __name__.split(".")[0]
    frame = sys._getframe(2)
    while frame is not None and frame.f_globals.get("__name__", "").split(".")[0] == package:
        frame = frame.f_back
    return (frame.f_code.co_filename, frame.f_lineno) if frame is not None else ()


def primitive_kernel(primitive, seed: int, seed2: int, signature) -> Kernel | None:
    """A user's ``Primitive``'s kernel for inputs of this ``signature`` (the shape drawn):
    eagerly MindSpore keeps one kernel per signature on the Primitive, each going on from
    call to call, and a compiled graph one of its own (a trace builds a new one; a graph
    running through a graph break keeps its own). None for seeds ``(0, 0)``."""
    if (seed, seed2) == (0, 0) or OPS_STREAM_ONLY.get():
        return None
    if scope.tracing():
        return Kernel((seed, seed2))
    from .compile import GRAPH
    signature = (GRAPH.get(), signature)
    kernels = primitive.__dict__.setdefault("_ms_kernels", {})
    if signature not in kernels:
        kernels[signature] = Kernel((seed, seed2))
    return kernels[signature]


def host_values(draw, shape: tuple, dtype, *operands):
    """``draw(*operands)``'s array (of ``shape``, ``dtype``) inside a trace: computed on every
    run of the compiled program, in program order (the operands carry no gradient, as
    MindSpore's random kernels pass none)."""
    from jax.experimental import io_callback
    operands = tuple(jax.lax.stop_gradient(x) for x in operands)
    return io_callback(lambda *a: draw(*(np.asarray(x) for x in a)),
                       jax.ShapeDtypeStruct(shape, dtype), *operands, ordered=True)
