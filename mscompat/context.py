"""``mindspore.context``: ``set_context``, ``get_context``, ``GRAPH_MODE``, ``PYNATIVE_MODE``."""
from ._engine.context import (  # noqa: F401
    GRAPH_MODE,
    PYNATIVE_MODE,
    ParallelMode,
    get_context,
    set_context,
    set_device,
)
from ._engine.parallel import (  # noqa: F401
    get_auto_parallel_context,
    reset_auto_parallel_context,
    set_auto_parallel_context,
)
from ._engine.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("mindspore.context")
