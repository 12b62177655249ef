"""``mindspore.parallel.auto_parallel.AutoParallel``: the network wrapper of MindSpore's
parallel API. On one device the wrapped network runs as it is (sharding strategies change
where operators run, not their values); across several devices semi-automatic sharding is
not followed, and calling the wrapper raises NotImplementedError rather than compute
something else.

Example:
    >>> import mscompat as ms
    >>> from mscompat.parallel.auto_parallel import AutoParallel
    >>> net = AutoParallel(ms.nn.Dense(2, 1, weight_init="ones"), parallel_mode="semi_auto")
    >>> net.hsdp()
    >>> print(net(ms.Tensor([[1.0, 2.0]])).shape)
    (1, 1)
"""
from __future__ import annotations

from .._engine import parallel as _parallel
from .._engine.cell import Cell
from .._engine.unsupported import module_getattr as _module_getattr

_MODES = ["semi_auto", "sharding_propagation", "recursive_programming"]


def _world() -> tuple[int, int]:
    if not _parallel.GlobalComm.INITED:
        return 0, 1
    return _parallel.get_rank(), _parallel.get_group_size()


class AutoParallel(Cell):
    """``AutoParallel(network, parallel_mode="semi_auto")``: the network with parallel
    settings (strategy files, dataset strategy, HSDP, pipeline, communication options), which
    are recorded and readable; parameters keep the network's names."""

    def __init__(self, network: Cell, parallel_mode: str = "semi_auto") -> None:
        super().__init__(auto_prefix=False)
        self.network = network
        if parallel_mode not in _MODES:
            raise ValueError("the argument 'parallel_mode' must be one of ['semi_auto', "
                             "'sharding_propagation', 'recursive_programming'], but got the "
                             f"value : {parallel_mode} .")
        self._parallel_mode = parallel_mode
        self._global_rank, self._device_num = _world()
        self._init_param_in_compile = True
        self._load_strategy_file_path = self._save_strategy_file_path = ""
        self._only_trainable_params = True
        self._load_operator_strategy_file = self._save_operator_strategy_file = ""
        self._dataset_strategy_config = "data_parallel"
        self._full_batch = False
        self._enable_parallel_optimizer = False
        self._optimizer_weight_shard_size, self._parallel_optimizer_threshold = -1, 64
        self._pipeline_stages, self._pipeline_result_broadcast = 1, False
        self._pipeline_interleave, self._pipeline_scheduler = False, "1f1b"
        self._comm_fusion_config: dict = {}
        self._force_fp32_communication = False
        self._group_ckpt_save_file = ""
        self._dump_local_norm, self._dump_local_norm_path = False, ""
        self._dump_device_local_norm = False
        self._gradients_mean, self._gradient_fp32_sync = False, True
        self._loss_repeated_mean = True
        self._transformer_opt_config = None

    def no_init_parameters_in_compile(self) -> None:
        self._init_param_in_compile = False

    def load_param_strategy_file(self, file_path: str) -> None:
        self._load_strategy_file_path = file_path

    def save_param_strategy_file(self, file_path: str) -> None:
        self._save_strategy_file_path = file_path

    def disable_strategy_file_only_for_trainable_params(self) -> None:
        self._only_trainable_params = False

    def save_operator_strategy_file(self, file_path: str) -> None:
        self._save_operator_strategy_file = file_path

    def load_operator_strategy_file(self, file_path: str) -> None:
        self._load_operator_strategy_file = file_path

    def dataset_strategy(self, config) -> None:
        if isinstance(config, str):
            if config not in ("full_batch", "data_parallel"):
                raise ValueError("For 'AutoParallel.dataset_strategy', the argument 'config' "
                                 "must be 'full_batch' or 'data_parallel', but got the value "
                                 f": {config}.")
            self._full_batch = config == "full_batch"
        self._dataset_strategy_config = config

    def hsdp(self, shard_size: int = -1, threshold: int = 64,
             optimizer_level: str = "level1") -> None:
        self._enable_parallel_optimizer = True
        self._optimizer_weight_shard_size, self._parallel_optimizer_threshold = \
            shard_size, threshold

    def pipeline(self, stages: int = 1, output_broadcast: bool = False,
                 interleave: bool = False, scheduler: str = "1f1b") -> None:
        self._pipeline_stages, self._pipeline_result_broadcast = stages, output_broadcast
        self._pipeline_interleave, self._pipeline_scheduler = interleave, scheduler

    def comm_fusion(self, config: dict) -> None:
        self._comm_fusion_config = dict(config)

    def enable_fp32_communication(self) -> None:
        self._force_fp32_communication = True

    def set_group_ckpt_save_file(self, file_path: str) -> None:
        self._group_ckpt_save_file = file_path

    def print_local_norm(self) -> None:
        self._dump_local_norm = True

    def dump_local_norm(self, file_path: str) -> None:
        self._dump_local_norm, self._dump_local_norm_path = True, file_path

    def enable_device_local_norm(self) -> None:
        self._dump_device_local_norm = True

    def enable_gradients_mean(self) -> None:
        self._gradients_mean = True

    def disable_gradient_fp32_sync(self) -> None:
        self._gradient_fp32_sync = False

    def disable_loss_repeated_mean(self) -> None:
        self._loss_repeated_mean = False

    def get_pipeline_stages(self) -> int:
        return self._pipeline_stages

    def transformer_opt(self, file_path) -> None:
        self._transformer_opt_config = file_path

    def construct(self, *args, **kwargs):
        if self._device_num > 1:
            raise NotImplementedError("mindspore.parallel.auto_parallel.AutoParallel across "
                                      f"{self._device_num} devices ({self._parallel_mode} "
                                      "sharding) is not supported by mscompat yet; use "
                                      "DATA_PARALLEL.")
        return self.network(*args, **kwargs)


__all__ = ["AutoParallel"]
__getattr__ = _module_getattr("mindspore.parallel.auto_parallel")
