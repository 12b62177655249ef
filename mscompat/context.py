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

_PS_CONTEXT: dict = {"enable_ps": False}


def set_ps_context(**kwargs) -> None:
    """``set_ps_context(enable_ps=..., ...)``: the parameter-server settings, kept for
    ``get_ps_context``. Training with ``enable_ps=True`` (a parameter-server cluster) is not
    followed: it raises NotImplementedError."""
    if kwargs.get("enable_ps"):
        raise NotImplementedError("mindspore.context.set_ps_context(enable_ps=True) "
                                  "(parameter-server training) is not supported by mscompat.")
    _PS_CONTEXT.update(kwargs)


def get_ps_context(attr_key: str):
    """The value ``set_ps_context`` set for ``attr_key``."""
    if attr_key not in _PS_CONTEXT:
        raise ValueError(f"Get PS context keyword {attr_key} is not recognized!")
    return _PS_CONTEXT[attr_key]

__getattr__ = _module_getattr("mindspore.context")
