"""mscompat: MindSpore's Python API on JAX.

``import mscompat as mindspore`` and MindSpore code runs on JAX/XLA: GRAPH_MODE compiles
with ``jax.jit``; gradients come from ``jax.vjp``/``jax.jvp``. In IPython/Jupyter,
``%load_ext mscompat`` makes ``import mindspore`` import mscompat.

Example:
    >>> import mscompat as ms
    >>> x = ms.Tensor([1.0, 2.0])
    >>> print(ms.grad(lambda x: (x * x).sum())(x))
    [2. 4.]
"""
# JAX's x64 mode and full matmul precision are scoped to mscompat's own calls
# (``_engine/jaxconfig.py``): importing mscompat changes no JAX global.
from . import amp as amp
from . import common as common
from . import communication as communication
from . import context as context
from . import device_context as device_context
from . import dtype as dtype
from . import experimental as experimental
from . import hal as hal
from . import log as log
from . import mindrecord as mindrecord
from . import mint as mint
from . import nn as nn
from . import numpy as numpy
from . import ops as ops
from . import parallel as parallel
from . import profiler as profiler
from . import runtime as runtime
from . import scipy as scipy
from . import train as train
from ._engine import ops_build as _ops_build  # noqa: F401  (installs Tensor methods)
from ._engine.compile import compile_count as compile_count
from ._engine.context import GRAPH_MODE as GRAPH_MODE
from ._engine.context import PYNATIVE_MODE as PYNATIVE_MODE
from ._engine.context import ParallelMode as ParallelMode
from ._engine.context import get_context as get_context
from ._engine.context import set_context as set_context
from ._engine.context import set_device as set_device
from ._engine.dtypes import Type as Type
from ._engine.dtypes import dtype_to_nptype as dtype_to_nptype
from ._engine.dtypes import dtype_to_pytype as dtype_to_pytype
from ._engine.dtypes import pytype_to_dtype as pytype_to_dtype
from ._engine.export_api import export as export
from ._engine.export_api import load as load
from ._engine.generator import Generator as Generator
from ._engine.generator import default_generator as default_generator
from ._engine.generator import get_rng_state as get_rng_state
from ._engine.generator import initial_seed as initial_seed
from ._engine.generator import manual_seed as manual_seed
from ._engine.generator import seed as seed
from ._engine.generator import set_rng_state as set_rng_state
from ._engine.grad_ops import GradOperation as GradOperation
from ._engine.grad_ops import get_grad as get_grad
from ._engine.grad_ops import grad as grad
from ._engine.grad_ops import value_and_grad as value_and_grad
from ._engine.jit_api import JitConfig as JitConfig
from ._engine.jit_api import jit as jit
from ._engine.jit_api import jit_class as jit_class
from ._engine.jit_api import ms_function as ms_function
from ._engine.jit_api import mutable as mutable
from ._engine.jvp_vjp import jacfwd as jacfwd
from ._engine.jvp_vjp import jacrev as jacrev
from ._engine.jvp_vjp import jvp as jvp
from ._engine.jvp_vjp import vjp as vjp
from ._engine.jvp_vjp import vmap as vmap
from ._engine.parallel import get_auto_parallel_context as get_auto_parallel_context
from ._engine.parallel import reset_auto_parallel_context as reset_auto_parallel_context
from ._engine.parallel import set_auto_parallel_context as set_auto_parallel_context
from ._engine.parameter import Parameter as Parameter
from ._engine.parameter import ParameterTuple as ParameterTuple
from ._engine.process_api import COMPATIBLE as COMPATIBLE
from ._engine.process_api import LAX as LAX
from ._engine.process_api import STRICT as STRICT
from ._engine.process_api import lazy_inline as lazy_inline
from ._engine.process_api import run_check as run_check
from ._engine.process_api import set_deterministic as set_deterministic
from ._engine.process_api import set_dump as set_dump
from ._engine.process_api import set_recursion_limit as set_recursion_limit
from ._engine.random_ops import get_seed as get_seed
from ._engine.random_ops import set_seed as set_seed
from ._engine.sparse_tensor import COOTensor as COOTensor
from ._engine.sparse_tensor import CSRTensor as CSRTensor
from ._engine.sparse_tensor import RowTensor as RowTensor
from ._engine.tensor import Tensor as Tensor
from ._engine.tensor import from_numpy as from_numpy
from ._engine.tensor import tensor as tensor
from ._engine.unsupported import install_stubs as _install_stubs
from ._engine.unsupported import module_getattr as _module_getattr
from ._train.amp_levels import build_train_network as build_train_network
from ._train.data_sink import data_sink as data_sink
from ._train.loss_scale import DynamicLossScaleManager as DynamicLossScaleManager
from ._train.loss_scale import FixedLossScaleManager as FixedLossScaleManager
from ._train.loss_scale import LossScaleManager as LossScaleManager
from ._train.summary import Profiler as Profiler
from ._train.summary import SummaryRecord as SummaryRecord
from .common.dtype import *  # noqa: F403  (the dtype names: common.dtype.__all__)
from .context import get_ps_context as get_ps_context
from .context import set_ps_context as set_ps_context
from .log import get_level as get_level
from .log import get_log_config as get_log_config
from .mindrecord import FAILED as FAILED
from .mindrecord import SUCCESS as SUCCESS
from .mindrecord import FileReader as FileReader
from .mindrecord import FileWriter as FileWriter
from .ops import constexpr as constexpr
from .ops import is_tensor as is_tensor
from .parallel import get_algo_parameters as get_algo_parameters
from .parallel import reset_algo_parameters as reset_algo_parameters
from .parallel import set_algo_parameters as set_algo_parameters
from .runtime import Event as Event
from .runtime import Stream as Stream
from .runtime import StreamCtx as StreamCtx
from .runtime import communication_stream as communication_stream
from .runtime import current_stream as current_stream
from .runtime import default_stream as default_stream
from .runtime import empty_cache as empty_cache
from .runtime import launch_blocking as launch_blocking
from .runtime import max_memory_allocated as max_memory_allocated
from .runtime import max_memory_reserved as max_memory_reserved
from .runtime import memory_allocated as memory_allocated
from .runtime import memory_reserved as memory_reserved
from .runtime import memory_stats as memory_stats
from .runtime import memory_summary as memory_summary
from .runtime import reset_max_memory_allocated as reset_max_memory_allocated
from .runtime import reset_max_memory_reserved as reset_max_memory_reserved
from .runtime import reset_peak_memory_stats as reset_peak_memory_stats
from .runtime import set_cur_stream as set_cur_stream
from .runtime import set_memory as set_memory
from .runtime import synchronize as synchronize
from .train import F1 as F1
from .train import MAE as MAE
from .train import MSE as MSE
from .train import ROC as ROC
from .train import Accuracy as Accuracy
from .train import BleuScore as BleuScore
from .train import Callback as Callback
from .train import CheckpointConfig as CheckpointConfig
from .train import ConfusionMatrix as ConfusionMatrix
from .train import ConfusionMatrixMetric as ConfusionMatrixMetric
from .train import ConvertModelUtils as ConvertModelUtils
from .train import ConvertNetUtils as ConvertNetUtils
from .train import CosineSimilarity as CosineSimilarity
from .train import DatasetHelper as DatasetHelper
from .train import Dice as Dice
from .train import EarlyStopping as EarlyStopping
from .train import Fbeta as Fbeta
from .train import HausdorffDistance as HausdorffDistance
from .train import History as History
from .train import LambdaCallback as LambdaCallback
from .train import LearningRateScheduler as LearningRateScheduler
from .train import Loss as Loss
from .train import LossMonitor as LossMonitor
from .train import MeanSurfaceDistance as MeanSurfaceDistance
from .train import Metric as Metric
from .train import Model as Model
from .train import ModelCheckpoint as ModelCheckpoint
from .train import OcclusionSensitivity as OcclusionSensitivity
from .train import Perplexity as Perplexity
from .train import Precision as Precision
from .train import Recall as Recall
from .train import ReduceLROnPlateau as ReduceLROnPlateau
from .train import RootMeanSquareDistance as RootMeanSquareDistance
from .train import RunContext as RunContext
from .train import SummaryCollector as SummaryCollector
from .train import TimeMonitor as TimeMonitor
from .train import Top1CategoricalAccuracy as Top1CategoricalAccuracy
from .train import Top5CategoricalAccuracy as Top5CategoricalAccuracy
from .train import TopKCategoricalAccuracy as TopKCategoricalAccuracy
from .train import async_ckpt_thread_status as async_ckpt_thread_status
from .train import auc as auc
from .train import ckpt_to_safetensors as ckpt_to_safetensors
from .train import connect_network_with_dataset as connect_network_with_dataset
from .train import get_metric_fn as get_metric_fn
from .train import load_checkpoint_async as load_checkpoint_async
from .train import merge_sliced_parameter as merge_sliced_parameter
from .train import names as names
from .train import safetensors_to_ckpt as safetensors_to_ckpt
from .train.serialization import load_checkpoint as load_checkpoint
from .train.serialization import load_param_into_net as load_param_into_net
from .train.serialization import save_checkpoint as save_checkpoint

__version__ = "2.10.0"
__all__ = [
    "amp", "common", "communication", "device_context", "context", "dataset", "dtype",  # noqa: F405  (dataset: __getattr__)
    "experimental", "log",
    "nn", "numpy", "ops",
    "parallel", "train", "tensor", "from_numpy", "jit_class", "data_sink",
    "DynamicLossScaleManager", "FixedLossScaleManager", "LossScaleManager", "Profiler",
    "SummaryRecord", "profiler", "scipy", "build_train_network", "runtime", "mutable", "JitConfig",
    "CheckpointConfig", "DatasetHelper", "connect_network_with_dataset",
    "ModelCheckpoint",
    "Callback", "EarlyStopping", "History", "LambdaCallback", "LossMonitor", "RunContext",
    "SummaryCollector", "TimeMonitor", "LearningRateScheduler", "ReduceLROnPlateau",
    "mindrecord", "mint",
    "compile_count", "GRAPH_MODE", "PYNATIVE_MODE", "ParallelMode", "get_context",
    "set_context", "set_device", "export", "load", "GradOperation", "get_grad", "grad",
    "value_and_grad", "jit", "ms_function", "jacfwd", "jacrev", "jvp", "vjp", "vmap",
    "Parameter", "ParameterTuple", "get_seed", "set_seed", "Tensor", "Model",
    "COOTensor", "CSRTensor", "RowTensor",
    "load_checkpoint", "load_param_into_net", "save_checkpoint",
    "get_auto_parallel_context", "reset_auto_parallel_context", "set_auto_parallel_context",
    "COMPATIBLE", "LAX", "STRICT", "lazy_inline", "manual_seed", "run_check", "Generator",
    "default_generator", "get_rng_state", "initial_seed", "seed", "set_rng_state", "hal",
    "set_deterministic", "set_dump", "is_tensor", "set_algo_parameters",
    "Accuracy", "BleuScore", "ConfusionMatrix", "ConfusionMatrixMetric", "ConvertModelUtils",
    "ConvertNetUtils", "CosineSimilarity", "Dice", "Event", "F1", "FAILED", "Fbeta",
    "FileReader", "FileWriter", "HausdorffDistance", "Loss", "MAE", "MSE",
    "MeanSurfaceDistance", "Metric", "OcclusionSensitivity", "Perplexity", "Precision", "ROC",
    "Recall", "RootMeanSquareDistance", "SUCCESS", "Stream", "StreamCtx",
    "Top1CategoricalAccuracy", "Top5CategoricalAccuracy", "TopKCategoricalAccuracy",
    "async_ckpt_thread_status", "auc", "ckpt_to_safetensors", "communication_stream",
    "constexpr", "current_stream", "default_stream", "empty_cache", "get_algo_parameters",
    "get_level", "get_log_config", "get_metric_fn", "launch_blocking", "load_checkpoint_async",
    "max_memory_allocated", "max_memory_reserved", "memory_allocated", "memory_reserved",
    "memory_stats", "memory_summary", "merge_sliced_parameter", "names",
    "reset_algo_parameters", "reset_max_memory_allocated", "reset_max_memory_reserved",
    "reset_peak_memory_stats", "safetensors_to_ckpt", "set_cur_stream", "set_memory",
    "synchronize",
    "set_recursion_limit", "get_ps_context", "set_ps_context",
    *dtype.__all__,
]
_missing = _module_getattr("mindspore")
# Submodules imported on first use: ``dataset`` loads grain (about half a second), which a
# script that never reads data should not pay for.
_LAZY_SUBMODULES = ("dataset",)


def __getattr__(name: str):
    if name in _LAZY_SUBMODULES:
        import importlib
        return importlib.import_module(f"{__name__}.{name}")
    return _missing(name)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY_SUBMODULES))


_install_stubs(__name__)


def load_ipython_extension(ipython) -> None:
    """``%load_ext mscompat``: ``import mindspore`` in the notebook imports mscompat."""
    from ._engine.import_hook import install
    install()


def unload_ipython_extension(ipython) -> None:
    """``%unload_ext mscompat``: ``import mindspore`` is MindSpore's again."""
    from ._engine.import_hook import uninstall
    uninstall()


# MindSpore's aliases that shadow builtins: attributes, not exported by ``import *``
float = dtype.float32  # noqa: A001
int = dtype.int32  # noqa: A001

# ``mindspore.nn.metrics`` (the older path of train.metrics) once ``train`` is importable
from .nn import metrics as _nn_metrics  # noqa: E402,F401
