"""Test-run setup: one XLA compilation cache shared by the whole run.

Most of the suite's time is XLA compiling small programs, and many tests compile the same
program under different Python functions (a fresh Cell, another worker, a subprocess running
an example). JAX's persistent compilation cache is keyed by the compiled program itself, so a
cache directory shared by the pytest workers and the subprocesses they start compiles each
program once per run. It lives in a fresh temporary directory removed at the end, so every run
starts cold and nothing carries over between runs; ``JAX_COMPILATION_CACHE_DIR`` set by the
caller is left alone.

The run also asks XLA's CPU backend for its lowest optimisation level
(``--xla_backend_optimization_level=0``): the suite runs thousands of tiny programs once each,
so compile time, not run time, is what it spends (about a fifth less wall time measured on the
conformance suite). Values are unchanged within the cases' tolerances; an ``XLA_FLAGS`` set by
the caller that already names the level is left alone. Both settings configure the test run
only: mscompat itself never sets either. (XLA's older elemental code generator,
``--xla_cpu_use_fusion_emitters=false``, compiles a third faster still but computes
differently from the default one users run: a compiled ``1 - 7 / 7`` came out negative and a
recorded learning-rate schedule NaN, so the suite keeps the default.)
"""
from __future__ import annotations

import os
import shutil
import tempfile

_CACHE_ENV = {
    "JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS": "0",  # cache every program, small ones too
    "JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES": "0",
}
_FAST_COMPILE = ("--xla_backend_optimization_level=0",)  # compile fast: each program runs once
_OWNED: list[str] = []


def pytest_configure(config) -> None:
    if hasattr(config, "workerinput"):
        return  # a pytest-xdist worker: inherits the controller's environment
    flags = os.environ.get("XLA_FLAGS", "")
    for flag in _FAST_COMPILE:  # read when this run's JAX makes its CPU backend
        if flag.split("=")[0] not in flags:
            flags = f"{flags} {flag}".strip()
    os.environ["XLA_FLAGS"] = flags
    if os.environ.get("JAX_COMPILATION_CACHE_DIR"):
        return  # the caller's cache
    path = tempfile.mkdtemp(prefix="mscompat-test-xla-cache-")
    _OWNED.append(path)
    # read by the workers and subprocesses at their ``import jax``
    os.environ.update(_CACHE_ENV, JAX_COMPILATION_CACHE_DIR=path)
    import sys
    if "jax" in sys.modules:  # this process imported JAX already (a plugin did)
        import jax
        jax.config.update("jax_compilation_cache_dir", path)
        jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)
        jax.config.update("jax_persistent_cache_min_entry_size_bytes", 0)


def pytest_unconfigure(config) -> None:
    while _OWNED:
        shutil.rmtree(_OWNED.pop(), ignore_errors=True)
