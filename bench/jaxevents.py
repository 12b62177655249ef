"""JAX compile-time accounting via ``jax.monitoring`` duration events.

Splits a first call into tracing (jaxpr), lowering (MLIR) and XLA backend compilation,
and counts compilations in any phase (a steady-state count above 0 means retracing).
Inert under the MindSpore interpreter (no jax there).
"""

from __future__ import annotations

from typing import Any

EVENTS = {
    "/jax/core/compile/jaxpr_trace_duration": "trace_s",
    "/jax/core/compile/jaxpr_to_mlir_module_duration": "lower_s",
    "/jax/core/compile/backend_compile_duration": "compile_s",
}


class Recorder:
    """Accumulates JAX compile events into the currently open bucket."""

    def __init__(self) -> None:
        self.bucket: dict[str, Any] | None = None
        self.active = False
        try:
            from jax import monitoring
        except ImportError:
            return
        monitoring.register_event_duration_secs_listener(self._on_event)
        self.active = True

    def _on_event(self, name: str, duration: float, **_: Any) -> None:
        key = EVENTS.get(name)
        if key is None or self.bucket is None:
            return
        self.bucket[key] = self.bucket.get(key, 0.0) + duration
        if key == "compile_s":
            self.bucket["compiles"] = self.bucket.get("compiles", 0) + 1

    def open(self) -> dict[str, Any]:
        """Start a new bucket (returned; filled until the next ``open``/``close``)."""
        self.bucket = {"trace_s": 0.0, "lower_s": 0.0, "compile_s": 0.0, "compiles": 0}
        return self.bucket

    def close(self) -> None:
        """Stop recording."""
        self.bucket = None
