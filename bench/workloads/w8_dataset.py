"""W8: input pipeline - GeneratorDataset (1,024 samples of 3x32x32 float32) -> map
(normalise) -> batch(32), one epoch per call. The JAX side is the same pipeline written by
hand in Python/NumPy (what a JAX user writes without a data library)."""

from __future__ import annotations

from typing import Any

import numpy as np

from .base import Arrays, Budget, Runner

NAME = "W8"
TITLE = "dataset: GeneratorDataset -> map -> batch(32), 1,024 samples per epoch"
VARIANTS: tuple[str, ...] = ("epoch",)
JIT_VARIANTS: tuple[str, ...] = ()
N, BATCH = 1024, 32


def budget(quick: bool) -> Budget:
    return Budget(2, 2, 30.0) if quick else Budget(5, 3, 60.0)


def make_inputs(seed: int) -> Arrays:
    rng = np.random.default_rng(seed)
    return {"images": rng.standard_normal((N, 3, 32, 32)).astype(np.float32),
            "labels": rng.integers(0, 10, N).astype(np.int32)}


def _normalise(img):
    return (img - 0.5) / 0.25


def build_ms(ms: Any, arrays: Arrays, variant: str, use_jit: bool) -> Runner:
    images, labels = arrays["images"], arrays["labels"]

    def source():
        for i in range(N):
            yield images[i], labels[i]

    data = ms.dataset.GeneratorDataset(source, ["image", "label"])
    data = data.map(operations=_normalise, input_columns="image").batch(BATCH)

    def step():
        last = None
        for batch in data.create_tuple_iterator(output_numpy=True, num_epochs=1):
            last = batch
        return last

    return Runner(step=step, sync=lambda out: out,
                  results=lambda out: {"image": np.asarray(out[0]),
                                       "label": np.asarray(out[1])})


def build_jax(arrays: Arrays, variant: str) -> Runner:
    images, labels = arrays["images"], arrays["labels"]

    def step():
        last, buf = None, []
        for i in range(N):
            buf.append((_normalise(images[i]), labels[i]))
            if len(buf) == BATCH:
                last = (np.stack([b[0] for b in buf]), np.stack([b[1] for b in buf]))
                buf = []
        return last

    return Runner(step=step, sync=lambda out: out,
                  results=lambda out: {"image": out[0], "label": out[1]})
