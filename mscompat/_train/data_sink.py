"""``mindspore.data_sink(fn, dataset, sink_size=1, jit_config=None, input_signature=None)``.

The returned function takes the next ``sink_size`` batches of ``dataset`` (looping over it
without end, as a device queue does), calls ``fn(*batch)`` on each and returns the last
result. MindSpore runs data sinking on Ascend and GPU only and raises ValueError for
``device_target='CPU'``; so does this. With ``jit_config`` the function is compiled
(``mindspore.jit``).

Example:
    >>> import mscompat as ms
    >>> import numpy as np
    >>> ms.set_context(device_target="CPU")
    >>> data = ms.dataset.NumpySlicesDataset(np.ones((4, 2), np.float32), shuffle=False)
    >>> try:
    ...     ms.data_sink(lambda x: x.sum(), data)
    ... except ValueError as e:
    ...     print(e)
    Data sinking supports ascend or gpu device target, but device target is CPU.
"""
from __future__ import annotations

import functools
from collections.abc import Callable

from .. import _checkparam as validator
from .._engine.context import get_context


def data_sink(fn: Callable, dataset, sink_size: int = 1, jit_config=None,
              input_signature=None) -> Callable:
    validator.check_value_type("sink_size", sink_size, int, "Data sink")
    if sink_size <= 0:
        raise ValueError(f"The 'sink_size' must be positive, but got sink_size {sink_size}.")
    target = get_context("device_target")
    if target not in ("Ascend", "GPU"):
        raise ValueError(f"Data sinking supports ascend or gpu device target, but device "
                         f"target is {target}.")
    if jit_config is not None:
        from .._engine.jit_api import jit
        fn = jit(fn, input_signature=input_signature) if input_signature is not None \
            else jit(fn)
    batches = dataset.create_tuple_iterator(num_epochs=-1)
    state = {"it": iter(batches)}

    def next_batch():
        try:
            return next(state["it"])
        except StopIteration:  # the queue loops over the dataset
            state["it"] = iter(dataset.create_tuple_iterator(num_epochs=-1))
            return next(state["it"])

    @functools.wraps(fn)
    def sink_process(*args, **kwargs):
        out = None
        for _ in range(sink_size):
            out = fn(*next_batch())
        return out
    return sink_process


__all__ = ["data_sink"]
