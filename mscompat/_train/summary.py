"""``mindspore.train.SummaryRecord`` and ``mindspore.Profiler``.

``SummaryRecord`` is accepted and writes no MindInsight summary file (a warning says so),
like ``SummaryCollector``. ``Profiler`` records a JAX profiler trace (TensorBoard/Perfetto
format, under ``output_path``) between ``start`` and ``stop`` instead of MindSpore's
profiling data; ``analyse`` has nothing to convert.

Example:
    >>> import warnings
    >>> import mscompat as ms
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     with ms.train.SummaryRecord("/tmp/summary") as record:
    ...         record.add_value("scalar", "loss", ms.Tensor(1.0))
    ...         ok = record.record(1)
"""
from __future__ import annotations

import os
import warnings


class SummaryRecord:
    """``SummaryRecord(log_dir, file_prefix='events', file_suffix='_MS', ...)``."""

    def __init__(self, log_dir, file_prefix: str = "events", file_suffix: str = "_MS",
                 num_process: int = 32, network=None, max_file_size=None,
                 raise_exception: bool = False, export_options=None) -> None:
        warnings.warn("mscompat: SummaryRecord writes no MindInsight summary files.",
                      stacklevel=2)
        self.log_dir = log_dir
        self._mode = "train"

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def set_mode(self, mode: str) -> None:
        if mode not in ("train", "eval"):
            raise ValueError(f"For 'set_mode', the argument 'mode' should be 'train' or "
                             f"'eval', but got {mode}.")
        self._mode = mode

    def add_value(self, plugin: str, name: str, value) -> None:
        """Accepted; nothing is written."""

    def record(self, step: int, train_network=None, plugin_filter=None) -> bool:
        if isinstance(step, bool) or not isinstance(step, int):
            raise TypeError(f"For 'record', the argument 'step' should be int, but got "
                            f"{type(step).__name__}.")
        return True

    def flush(self) -> None:
        """Nothing to flush."""

    def close(self) -> None:
        """Nothing to close."""


class Profiler:
    """``Profiler(output_path='./data', start_profile=True, ...)``: a JAX trace of the work
    between ``start()`` (or construction) and ``stop()``."""

    def __init__(self, **kwargs) -> None:
        self.output_path = os.path.abspath(kwargs.get("output_path", "./data"))
        self._running = False
        if kwargs.get("start_profile", True):
            self.start()

    def start(self) -> None:
        import jax
        if not self._running:
            os.makedirs(self.output_path, exist_ok=True)
            jax.profiler.start_trace(self.output_path)
            self._running = True

    def stop(self) -> None:
        import jax
        if self._running:
            jax.profiler.stop_trace()
            self._running = False

    def step(self) -> None:
        """Step boundaries are not marked in the JAX trace."""

    def analyse(self, offline_path=None, pretty: bool = False, step_list=None,
                mode: str = "sync") -> None:
        """Stops the trace; the JAX trace needs no conversion."""
        self.stop()

    def add_metadata(self, key: str, value: str) -> None:
        """Accepted; not written into the JAX trace."""

    def add_metadata_json(self, key: str, value: str) -> None:
        """Accepted; not written into the JAX trace."""
