"""Wrapper Cells (``mindspore.nn.wrap``)."""
from ..._engine.unsupported import module_getattr as _module_getattr  # noqa: E402
from .cell_wrapper import (  # noqa: F401
    ForwardValueAndGrad,
    GraphCell,
    TrainOneStepCell,
    WithEvalCell,
    WithGradCell,
    WithLossCell,
)
from .loss_scale import (  # noqa: F401
    DynamicLossScaleUpdateCell,
    FixedLossScaleUpdateCell,
    TrainOneStepWithLossScaleCell,
)
from .micro_batch import (  # noqa: F401
    GradAccumulationCell,
    MicroBatchInterleaved,
    PipelineCell,
)

__getattr__ = _module_getattr("mindspore.nn")
