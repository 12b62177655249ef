"""``mindspore.context``: ``set_context``, ``get_context``, ``GRAPH_MODE``, ``PYNATIVE_MODE``."""
from ._engine.context import (  # noqa: F401
    GRAPH_MODE,
    PYNATIVE_MODE,
    ParallelMode,
    get_context,
    set_context,
    set_device,
)
