"""The module paths MindSpore scripts and model-zoo code import from: each one imports (or
fails as in MindSpore), and the names taken from the older paths are the same objects."""
import importlib

from ._registry import case

PATHS = (
    "ops.operations", "ops.composite", "ops.functional", "common.dtype", "common.initializer",
    "common.tensor", "common.parameter", "common.api", "common.seed", "nn.loss.loss",
    "nn.optim.optimizer", "nn.wrap.cell_wrapper", "nn.wrap.loss_scale", "nn.cell",
    "nn.metrics", "nn.learning_rate_schedule", "nn.dynamic_lr", "nn.layer.activation",
    "nn.layer.conv", "nn.layer.normalization", "train.callback", "train.serialization",
    "train.model", "train.loss_scale_manager", "train.metrics", "dataset.engine",
    "dataset.engine.datasets", "dataset.vision.transforms", "dataset.transforms",
    "communication.management", "context", "amp", "numpy", "experimental.optim",
    "mint.nn.functional", "mint.optim", "mint.special",
)


@case(modes=("PYNATIVE",))
def module_paths_import(ms):
    out = []
    for path in PATHS:
        try:
            importlib.import_module(f"{ms.__name__}.{path}")
            out.append((path, "ok"))
        except Exception as e:  # noqa: BLE001 - the class is the result
            out.append((path, type(e).__name__))
    m = importlib.import_module
    same = (m(f"{ms.__name__}.train.model").Model is ms.train.Model,
            m(f"{ms.__name__}.common.api").jit is ms.jit,
            m(f"{ms.__name__}.nn.cell").Cell is ms.nn.Cell,
            m(f"{ms.__name__}.train.serialization").export is ms.export,
            m(f"{ms.__name__}.dataset.engine.datasets").BatchDataset
            is ms.dataset.BatchDataset,
            m(f"{ms.__name__}.train.loss_scale_manager").FixedLossScaleManager
            is ms.train.FixedLossScaleManager)
    return out, same
