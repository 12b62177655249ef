"""``mindspore.communication``: ranks and groups on ``jax.distributed`` (see
``docs/architecture.md``, "Ranks and data parallelism").

Example:
    >>> from mscompat.communication import init, get_rank, get_group_size
    >>> init()
    >>> get_rank(), get_group_size()
    (0, 1)
"""
from .._engine.parallel import HCCL_WORLD_COMM_GROUP as HCCL_WORLD_COMM_GROUP
from .._engine.parallel import MCCL_WORLD_COMM_GROUP as MCCL_WORLD_COMM_GROUP
from .._engine.parallel import NCCL_WORLD_COMM_GROUP as NCCL_WORLD_COMM_GROUP
from .._engine.parallel import GlobalComm as GlobalComm
from .._engine.parallel import create_group as create_group
from .._engine.parallel import destroy_group as destroy_group
from .._engine.parallel import get_group_size as get_group_size
from .._engine.parallel import get_local_rank as get_local_rank
from .._engine.parallel import get_local_rank_size as get_local_rank_size
from .._engine.parallel import get_rank as get_rank
from .._engine.parallel import init as init
from .._engine.parallel import release as release
from .._engine.unsupported import module_getattr as _module_getattr
from . import management as management

__all__ = ["HCCL_WORLD_COMM_GROUP", "MCCL_WORLD_COMM_GROUP", "NCCL_WORLD_COMM_GROUP",
           "GlobalComm", "create_group", "destroy_group", "get_group_size", "get_local_rank",
           "get_local_rank_size", "get_rank", "init", "management", "release"]
__getattr__ = _module_getattr("mindspore.communication")
