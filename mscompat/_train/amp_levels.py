"""``amp.auto_mixed_precision``, ``custom_mixed_precision`` and ``build_train_network``:
MindSpore 2.10's mixed-precision levels over ``Cell.to_float`` (``_engine/mixed_precision.py``).

* ``O0``: the network unchanged.
* ``O1``: each listed Cell type (``get_white_list``: convolutions, ``Dense``, the RNN cells)
  and each call of a listed Primitive (``ops.MatMul``, ``ops.ReLU``...) computes in float16
  with float32 outputs; everything else stays float32. The network itself is returned, marked.
* ``O2``: the network in float16 but for ``get_black_list`` (BatchNorm, LayerNorm), which
  run in float32 inside ``_OutputTo16``; the whole wrapped in ``_OutputTo32``.
* ``O3``: the network in float16, wrapped in ``_OutputTo32``.

``build_train_network(..., level='O2')`` adds MindSpore's ``DynamicLossScaleManager``, which
MindSpore refuses on CPU (ValueError) as mscompat does when ``device_target`` is ``"CPU"``.

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> net = ms.amp.auto_mixed_precision(ms.nn.Dense(2, 2, weight_init='ones'), 'O3')
    >>> print(net(ms.Tensor(np.ones((1, 2), np.float32))).dtype)
    Float32
"""
from __future__ import annotations

import ast
import copy
import inspect
import textwrap

from .. import _checkparam as validator
from .. import nn
from .._engine import dtypes, mixed_precision
from .._engine.cell import Cell
from .._engine.composite_ops import mixed_precision_cast
from .._engine.context import get_context
from .._engine.ops_build import FUNCTIONALS, PRIMITIVES, Primitive
from .loss_scale import DynamicLossScaleManager, LossScaleManager

_F16, _F32, _BF16 = dtypes.ALL["float16"], dtypes.ALL["float32"], dtypes.ALL["bfloat16"]

_WHITE_CELLS = ("Conv1d", "Conv2d", "Conv3d", "Conv1dTranspose", "Conv2dTranspose",
                "Conv3dTranspose", "Dense", "LSTMCell", "RNNCell", "GRUCell")
_WHITE_PRIMS = ("Conv2D", "Conv3D", "Conv2DTranspose", "Conv3DTranspose", "Conv2DBackpropInput",
                "MatMul", "BatchMatMul", "PReLU", "ReLU", "Ger")
AMP_WHITE_LIST = [getattr(nn, n) for n in _WHITE_CELLS] + \
    [PRIMITIVES[n] for n in _WHITE_PRIMS if n in PRIMITIVES]
AMP_BLACK_LIST = [nn.BatchNorm1d, nn.BatchNorm2d, nn.BatchNorm3d, nn.LayerNorm]


def get_white_list() -> list:
    """A copy of the list ``O1`` computes in float16 (Cell and Primitive classes)."""
    return AMP_WHITE_LIST.copy()


def get_black_list() -> list:
    """A copy of the list ``O2`` keeps in float32 (Cell classes)."""
    return AMP_BLACK_LIST.copy()


class _OutputTo16(Cell):
    """Wraps a float32 Cell inside a float16 network: its output cast back to ``dtype``."""

    def __init__(self, backbone: Cell, dtype=_F16) -> None:
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self.dtype = dtype
        self._get_attr_from_cell(backbone)

    def construct(self, *args, **kwargs):
        return FUNCTIONALS["cast"](self._backbone(*args, **kwargs), self.dtype)

    def _get_attr_from_cell(self, network) -> None:
        level = getattr(network, "_amp_level", None)
        if level is not None:
            self._amp_level = level


class _OutputTo32(_OutputTo16):
    """Wraps a float16 network: its floating-point outputs cast to float32."""

    def __init__(self, backbone: Cell) -> None:
        Cell.__init__(self, auto_prefix=False)
        self._backbone = backbone
        self._get_attr_from_cell(backbone)

    def construct(self, *args, **kwargs):
        return mixed_precision_cast(_F32, self._backbone(*args, **kwargs))


def _check_dtype(dtype) -> None:
    if dtype is not _F16 and dtype is not _BF16:
        raise ValueError(f"The dtype should be one of (mstype.float16, mstype.bfloat16), but "
                         f"got {dtype}.")


def _auto_black_list(network: Cell, black_list, dtype) -> Cell:
    """``network`` to ``dtype``; Cells of ``black_list`` back to float32 inside
    ``_OutputTo16`` (MindSpore's O2)."""
    network.to_float(dtype)
    _keep_float32(network, black_list, dtype)
    return network


def _keep_float32(network: Cell, black_list, dtype=_F16) -> None:
    """Each Cell of ``black_list`` below ``network`` back to float32, inside ``_OutputTo16``."""
    change = False
    for name, sub in list(network.name_cells().items()):
        if sub is network:
            continue
        if isinstance(sub, tuple(black_list)):
            network._cells[name] = _OutputTo16(sub.to_float(_F32), dtype)
            object.__setattr__(network, name, network._cells[name])
            change = True
        else:
            _keep_float32(sub, black_list, dtype)
    if change:
        network.__dict__["_param_cache"] = None


def _mark_policy(network: Cell, white_list, dtype) -> Cell:
    cells = tuple(c for c in white_list if issubclass(c, Cell))
    prims = frozenset(c.__name__ for c in white_list if issubclass(c, Primitive))
    network.__dict__["_amp_policy"] = mixed_precision.Policy(dtypes.to_np(dtype), cells, prims)
    _mark_rewritten(network)
    if isinstance(network, nn.SequentialCell):
        _freeze_run_copies(network)
    mixed_precision.changed()
    return network


def _freeze_run_copies(network) -> None:
    """MindSpore's rewrite of a SequentialCell *given as the network* runs copies of its
    children (sharing their Parameters and sub-Cells) made when the level was applied, while
    ``set_train`` still reaches the originals: each child's own ``training`` flag stays what it
    was then (a BatchNorm or Dropout directly in the sequence keeps its mode; Cells below it
    follow ``set_train``). A SequentialCell inside another Cell is rewritten without this.
    Changing the sequence (``append``, ``insert``, ``del``) runs its children again."""
    network.__dict__["_rewritten_run"] = [copy.copy(c) for c in network._cells.values()]


def _mark_rewritten(cell: Cell) -> None:
    """MindSpore's rewrite gives each Cell it parses a new class printed ``NameOpt``: the
    network and, below it, the children its ``construct`` calls as ``self.name(...)``."""
    cell.__dict__["_amp_opt"] = True
    called = _called_attributes(type(cell))
    for name, child in cell.name_cells().items():
        if called is None or name in called:
            _mark_rewritten(child)


def _called_attributes(cls: type) -> set | None:
    """Names ``n`` of the ``self.n(...)`` calls in a user ``construct`` (None: every child, for
    mscompat's own Cells and source that cannot be read)."""
    if cls.__module__.startswith("mscompat."):
        return None
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls.construct)))
    except (OSError, TypeError, SyntaxError):
        return None
    return {node.func.attr for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name) and node.func.value.id == "self"}


def auto_mixed_precision(network, amp_level: str = "O0", dtype=_F16):
    """``amp.auto_mixed_precision(network, amp_level='O0', dtype=mstype.float16)``: the
    network at a mixed-precision level (see the module docstring)."""
    if not isinstance(network, Cell):
        if amp_level == "auto":
            raise NotImplementedError("mindspore.amp.auto_mixed_precision(amp_level='auto') "
                                      "(per-op precision lists) is not supported by mscompat.")
        raise TypeError(f"For amp_level '{amp_level}', the network type should be Cell.")
    _check_dtype(dtype)
    if amp_level == "O0":
        return network
    if amp_level == "O1":
        network = _mark_policy(network, AMP_WHITE_LIST, dtype)
    elif amp_level == "O2":
        network = _OutputTo32(_auto_black_list(network, AMP_BLACK_LIST, dtype))
    elif amp_level == "O3":
        network = _OutputTo32(network.to_float(dtype))
    elif amp_level == "auto":
        raise NotImplementedError("mindspore.amp.auto_mixed_precision(amp_level='auto') "
                                  "(per-op precision lists) is not supported by mscompat.")
    else:
        raise ValueError(f"The amp level {amp_level} is not supported")
    network._amp_level = amp_level
    return network


def _list_check(custom_list, list_name: str) -> None:
    if not isinstance(custom_list, list):
        raise TypeError(f"The type of {list_name} should be list, but got {type(custom_list)}")
    for elem in custom_list:
        if not isinstance(elem, type):
            raise TypeError(f"The element in {list_name} should be a class, but got {elem}")
        if list_name == "white_list" and not issubclass(elem, (Cell, Primitive)):
            raise TypeError(f"The subclass of element in {list_name} should be one of 'Cell' "
                            f"and 'Primitive', but got {elem}")
        if list_name == "black_list" and not issubclass(elem, Cell):
            raise TypeError(f"The subclass of element in {list_name} should be one of 'Cell', "
                            f"but got {elem}")


def custom_mixed_precision(network, *, white_list=None, black_list=None, dtype=_F16):
    """``amp.custom_mixed_precision(network, *, white_list=None, black_list=None,
    dtype=mstype.float16)``: O1 with your list of Cell and Primitive classes
    (``white_list``), or O2 with your list of Cells kept in float32 (``black_list``)."""
    if not isinstance(network, Cell):
        raise TypeError("The network type should be Cell.")
    if white_list is None and black_list is None:
        raise ValueError("For custom_mixed_precision, one of white_list and black_list must be "
                         "provided.")
    if white_list is not None and black_list is not None:
        raise ValueError("For custom_mixed_precision, the white_list or black_list cannot be "
                         "provided at the same time, please provide one or the other.")
    _check_dtype(dtype)
    if white_list is not None:
        _list_check(white_list, "white_list")
        return _mark_policy(network, white_list, dtype)
    _list_check(black_list, "black_list")
    return _OutputTo32(_auto_black_list(network, black_list, dtype))


_CONFIG_LEVEL = {
    "O0": {"keep_batchnorm_fp32": False, "cast_model_type": _F32, "loss_scale_manager": None},
    "O1": {"keep_batchnorm_fp32": False, "cast_model_type": _F32, "loss_scale_manager": None},
    "O2": {"keep_batchnorm_fp32": True, "cast_model_type": _F16,
           "loss_scale_manager": "dynamic"},
    "O3": {"keep_batchnorm_fp32": False, "cast_model_type": _F16, "loss_scale_manager": None},
    "auto": {"keep_batchnorm_fp32": False, "cast_model_type": _F32,
             "loss_scale_manager": None},
}


def _check_kwargs(kwargs: dict) -> None:
    for arg in kwargs:
        if arg not in ("cast_model_type", "keep_batchnorm_fp32", "loss_scale_manager"):
            raise ValueError(f"Unsupported arg '{arg}'")
    if "cast_model_type" in kwargs and kwargs["cast_model_type"] not in (_F16, _F32):
        raise TypeError(f"The type of 'cast_model_type' should be in [{_F16}, {_F32}], but "
                        f"got {kwargs['cast_model_type']}.")
    if "keep_batchnorm_fp32" in kwargs:
        validator.check_value_type("keep_batchnorm_fp32", kwargs["keep_batchnorm_fp32"], bool)
    manager = kwargs.get("loss_scale_manager")
    if manager:
        validator.check_value_type("loss_scale_manager", manager, [LossScaleManager])


def _check_level(level, boost_level) -> None:
    if not isinstance(level, str):
        raise TypeError(f"The argument `level` must be a string in ['O0', 'O1', 'O2', 'O3', "
                        f"'auto'],but got type {type(level)}.")
    if level not in _CONFIG_LEVEL:
        raise ValueError(f"The 'level' should be in : ['O0', 'O1', 'O2', 'O3', 'auto'], but "
                         f"got {level}.")
    if boost_level not in ("O0", "O1", "O2"):
        raise ValueError(f"The 'boost_level' should be in : ['O0', 'O1', 'O2'], but got "
                         f"{boost_level}.")


def _process(network: Cell, config: dict, level: str) -> Cell:
    """MindSpore's ``_auto_mixed_precision_process``."""
    if config["cast_model_type"] is _F16:
        network.to_float(_F16)
        if config["keep_batchnorm_fp32"]:
            _keep_float32(network, AMP_BLACK_LIST)  # keep_batchnorm_fp32
        return network
    if not config["keep_batchnorm_fp32"] and level == "O2":
        return network.to_float(_F16)
    if level in ("O2", "O3"):  # cast_model_type=float32 given
        return network
    return auto_mixed_precision(network, level)


class _WithLossCellFP32(Cell):
    """MindSpore's loss wrapper for float16 networks: output and label cast to float32."""

    def __init__(self, backbone: Cell, loss_fn: Cell) -> None:
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self._loss_fn = loss_fn

    def construct(self, data, label):
        out = self._backbone(data)
        label = mixed_precision_cast(_F32, label)
        return self._loss_fn(mixed_precision_cast(_F32, out), label)

    @property
    def backbone_network(self) -> Cell:
        return self._backbone


def build_train_network(network, optimizer, loss_fn=None, level: str = "O0",
                        boost_level: str = "O0", **kwargs) -> Cell:
    """``amp.build_train_network(network, optimizer, loss_fn=None, level='O0',
    boost_level='O0', **kwargs)``: the network at ``level`` (``cast_model_type``,
    ``keep_batchnorm_fp32`` and ``loss_scale_manager`` override the level's settings),
    wrapped with the loss and a train step Cell."""
    validator.check_value_type("optimizer", optimizer, nn.Optimizer)
    _check_level(level, boost_level)
    if boost_level != "O0":
        raise NotImplementedError(f"mindspore.amp.build_train_network(boost_level="
                                  f"{boost_level!r}) (mindspore.boost) is not supported by "
                                  "mscompat.")
    _check_kwargs(kwargs)
    config = dict(_CONFIG_LEVEL[level], **kwargs)
    if config["loss_scale_manager"] == "dynamic":
        config["loss_scale_manager"] = DynamicLossScaleManager()
    network = _process(network, config, level)
    if loss_fn:
        validator.check_value_type("loss_fn", loss_fn, Cell)
        if config["cast_model_type"] in (_F16, _BF16) or \
                getattr(network, "_amp_level", None) in ("O2", "O3", "auto"):
            network = _WithLossCellFP32(network, loss_fn)
        else:
            network = nn.WithLossCell(network, loss_fn)
    loss_scale = None
    manager = config["loss_scale_manager"]
    if manager is not None:
        loss_scale = manager.get_loss_scale()
        update_cell = manager.get_update_cell()
        if update_cell is not None:
            if get_context("device_target") == "CPU":
                raise ValueError("Only `loss_scale_manager=None` or `loss_scale_manager="
                                 "FixedLossScaleManager(drop_overflow_update=False)`are "
                                 "supported on device `CPU`. ")
            return nn.TrainOneStepWithLossScaleCell(network, optimizer,
                                                    scale_sense=update_cell).set_train()
    return nn.TrainOneStepCell(network, optimizer, loss_scale).set_train()
