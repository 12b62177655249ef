"""``nn.Cell``: MindSpore's module class.

Parameters and child Cells assigned as attributes are registered by attribute name, and
Parameter names follow MindSpore's rule (``auto_prefix``): assigning a Cell to attribute
``fc`` renames each of its Parameters to ``fc.<path inside the child>``.

Calling a Cell in GRAPH_MODE compiles the outermost call with ``jax.jit`` (``compile.py``);
in PYNATIVE_MODE ``construct`` runs eagerly. Parameter writes inside a call are recorded in
a scope and applied only when the call succeeds.

Example:
    >>> import mscompat as ms
    >>> class Net(ms.nn.Cell):
    ...     def __init__(self):
    ...         super().__init__()
    ...         self.w = ms.Parameter(ms.Tensor([2.0]), name='w')
    ...     def construct(self, x):
    ...         return x * self.w
    >>> print(Net()(ms.Tensor([3.0])))
    [6.]
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator

from . import construct_keywords, context, dynamic_shape, jaxconfig, mixed_precision, scope
from .parameter import Parameter, ParameterTuple, is_generated_name
from .tensor import Tensor, to_jax


class Cell:
    """Base class of every network (``mindspore.nn.Cell``)."""

    def __init__(self, auto_prefix: bool = True, flags: dict | None = None) -> None:
        d = self.__dict__
        d["_params"] = OrderedDict()
        d["_cells"] = OrderedDict()
        d["_params_list"] = OrderedDict()
        d["_registered"] = {}  # attribute name -> place: Parameters and ParameterTuples in
        # the order they were first assigned (MindSpore lists them so)
        d["_tuple_keys"] = {}  # ParameterTuple attribute -> its members' names when assigned
        d["_auto_prefix"] = auto_prefix
        d["training"] = False
        d["requires_grad"] = False
        d["_compiled"] = {}
        d["_param_cache"] = None
        d["cell_type"] = None
        d["_forward_pre_hooks"] = OrderedDict()
        d["_forward_hooks"] = OrderedDict()
        d["_backward_hooks"] = OrderedDict()
        if flags:
            d.update(flags)

    def __getattr__(self, name: str):
        # Reached only when ``name`` is neither set on the Cell nor defined by its class.
        from .unsupported import missing_attribute
        raise missing_attribute("mindspore.nn.Cell", name, f"The '{type(self).__name__}' "
                                f"object has no attribute '{name}'.", type(self))

    # -- registration --------------------------------------------------------------------
    @property
    def pipeline_stage(self) -> int:
        """The Cell's pipeline stage (read after it is set, as MindSpore's)."""
        stage = self.__dict__.get("_pipeline_stage")
        if stage is None:
            raise AttributeError(f"The '{type(self).__name__}' object has no attribute "
                                 f"'pipeline_stage'.")
        return stage

    @pipeline_stage.setter
    def pipeline_stage(self, value: int) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"For 'Cell', the property 'pipeline_stage' must be int type, but "
                            f"got type : {type(value)}")
        if value < 0:
            raise ValueError(f"For 'Cell', the property 'pipeline_stage' can not be less than "
                             f"0, but got {value}")
        self.__dict__["_pipeline_stage"] = value

    def __setattr__(self, name: str, value) -> None:
        d = self.__dict__
        if "_params" not in d:
            if isinstance(value, (Parameter, Cell)):
                raise AttributeError(f"'{type(self).__name__}' must call "
                                     f"'super().__init__()' before assigning '{name}'.")
            object.__setattr__(self, name, value)
            return
        if name in d.get("_buffers", ()) and isinstance(value, Tensor):
            raise TypeError(f"Buffer '{name}' already exists in network, can not assign this "
                            "type: '<class 'mindspore.common.tensor.Tensor'>' as a buffer.")
        param = d["_params"].get(name)
        if param is not None and isinstance(value, Tensor) and not isinstance(value, Parameter):
            # ``self.w = self.w + 1`` writes the Parameter (it stays a Parameter), as in
            # MindSpore; inside a call the write applies when the call succeeds.
            param._data = to_jax(value, param.dtype)
            return
        d["_param_cache"] = None
        registry = ("_params" if isinstance(value, Parameter) else
                    "_cells" if isinstance(value, Cell) else
                    "_params_list" if isinstance(value, ParameterTuple) else None)
        for other in ("_params", "_cells", "_params_list"):
            if other != registry:
                d[other].pop(name, None)
        if isinstance(value, Parameter) and is_generated_name(value.name):
            value.name = name
        elif isinstance(value, ParameterTuple):  # MindSpore's names for unnamed members
            for p in dict.fromkeys(value):
                if is_generated_name(p.name):
                    d["_generated_id"] = d.get("_generated_id", 1) + 1
                    p.name = f"Parameter${d['_generated_id'] - 1}"
        elif isinstance(value, Cell) and self._auto_prefix:
            value.update_parameters_name(name + ".")
        if registry is not None:
            d[registry][name] = value  # reassignment keeps the attribute's place
            if registry != "_cells":
                d["_registered"].setdefault(name, len(d["_registered"]))
            if registry == "_params_list":  # members keep the names they had when assigned
                d["_tuple_keys"][name] = tuple(p.name for p in value)
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        for reg in ("_params", "_cells", "_params_list"):
            self.__dict__[reg].pop(name, None)
        self.__dict__["_param_cache"] = None
        object.__delattr__(self, name)

    def insert_param_to_cell(self, param_name: str, param: Parameter,
                             check_name_contain_dot: bool = True) -> None:
        if check_name_contain_dot and "." in param_name:
            raise KeyError(f"The name of parameter should not contain \".\", but got "
                           f"{param_name}.")
        setattr(self, param_name, param)

    def register_buffer(self, name: str, tensor, persistent: bool = True) -> None:
        """``register_buffer(name, tensor, persistent=True)``: a non-Parameter Tensor held by
        the Cell (an attribute, listed by ``buffers``/``named_buffers``)."""
        if not isinstance(name, str):
            raise TypeError(f"buffer name should be a string. Got {type(name).__name__}")
        if "." in name:
            raise KeyError('buffer name can\'t contain "."')
        if name == "":
            raise KeyError('buffer name can\'t be empty string ""')
        buffers = self.__dict__.setdefault("_buffers", OrderedDict())
        if hasattr(self, name) and name not in buffers:
            raise KeyError(f"attribute '{name}' already exists")
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError(f"cannot assign '{type(tensor)}' object to buffer '{name}' "
                            "(mindspore Tensor or None required)")
        buffers[name] = persistent
        object.__setattr__(self, name, tensor)

    def named_buffers(self, prefix: str = "", recurse: bool = True,
                      remove_duplicate: bool = True) -> Iterator:
        cells = self.cells_and_names(name_prefix=prefix) if recurse else [(prefix, self)]
        seen = set()
        for cell_name, cell in cells:
            for name in cell.__dict__.get("_buffers", {}):
                value = getattr(cell, name)
                if value is None or (remove_duplicate and id(value) in seen):
                    continue
                seen.add(id(value))
                yield (f"{cell_name}.{name}" if cell_name else name), value

    def buffers(self, recurse: bool = True) -> Iterator:
        for _, value in self.named_buffers(recurse=recurse):
            yield value

    def insert_child_to_cell(self, child_name: str, child_cell: Cell) -> None:
        setattr(self, child_name, child_cell)

    def update_parameters_name(self, prefix: str = "", recurse: bool = True) -> None:
        for name, param in self.parameters_and_names(expand=recurse):
            param.name = prefix + name

    def check_names(self) -> None:
        """ValueError if two of this Cell's Parameters share a name."""
        names = set()
        for value, param in self.parameters_and_names():
            if param.name in names:
                raise ValueError(f"The value of {value} is {param}, its name '{param.name}' "
                                 f"already exists. Please set a unique name for the parameter.")
            names.add(param.name)

    def check_names_and_refresh_name(self) -> None:
        """Where two Parameters share a name, every Parameter takes its attribute path as its
        name (MindSpore does this on a Cell's first call)."""
        names = [p.name for p in dict(self.parameters_and_names()).values()]
        if len(set(names)) < len(names):
            self.update_parameters_name()
            self.check_names()

    # -- traversal -----------------------------------------------------------------------
    def cells_and_names(self, cells=None, name_prefix: str = "") -> Iterator:
        seen = cells if cells is not None else set()
        if id(self) in seen:
            return
        seen.add(id(self))
        yield name_prefix, self
        for name, cell in self._cells.items():
            if cell is not None:
                prefix = f"{name_prefix}.{name}" if name_prefix else name
                yield from cell.cells_and_names(seen, prefix)

    def name_cells(self) -> OrderedDict[str, Cell]:
        return OrderedDict((n, c) for n, c in self._cells.items() if c is not None)

    def cells(self):
        return self.name_cells().values()

    def parameters_and_names(self, name_prefix: str = "", expand: bool = True) -> Iterator:
        cells = self.cells_and_names(name_prefix=name_prefix) if expand else [(name_prefix,
                                                                               self)]
        seen = set()
        for cell_name, cell in cells:
            for par_name, par in cell._own_parameters():
                if par is not None and id(par) not in seen:
                    seen.add(id(par))
                    yield (f"{cell_name}.{par_name}" if cell_name else par_name), par

    def _own_parameters(self) -> list:
        """``(name, Parameter)`` of this Cell's own attributes, in the order they were first
        assigned; a ParameterTuple attribute (optimizer state, RNN weight lists) lists its
        members under the names they had when it was assigned, as MindSpore does."""
        order, keys = self.__dict__["_registered"], self.__dict__["_tuple_keys"]
        attrs = sorted([*self._params.items(), *self._params_list.items()],
                       key=lambda item: order.get(item[0], len(order)))
        return [pair for name, value in attrs
                for pair in ([(name, value)] if not isinstance(value, ParameterTuple)
                             else zip(keys.get(name, [p.name for p in value]), value))]

    def get_parameters(self, expand: bool = True) -> Iterator[Parameter]:
        """The Parameters of this Cell and, with ``expand``, of its subcells, in
        ``parameters_and_names`` order."""
        for _, p in self.parameters_and_names(expand=expand):
            yield p

    @property
    def param_prefix(self) -> str:
        """The name of this Cell within the network ``update_cell_prefix`` was called on
        ('' before)."""
        return self.__dict__.get("_param_prefix", "")

    def set_comm_fusion(self, fusion_type: int, recurse: bool = True) -> Cell:
        """``comm_fusion`` of every trainable Parameter (read only by distributed
        training); returns the Cell."""
        from .. import _checkparam
        _checkparam.check_non_negative_int(fusion_type)
        for param in self.trainable_params(recurse):
            param.comm_fusion = fusion_type
        return self

    def update_cell_prefix(self) -> None:
        """Set every subcell's ``param_prefix`` to its name in this network."""
        for name, cell in self.cells_and_names():
            cell.__dict__["_param_prefix"] = name

    def _all_params(self) -> list[Parameter]:
        """The Parameter list, cached until an attribute of this Cell is reassigned."""
        cache = self.__dict__["_param_cache"]
        if cache is None:  # get_parameters lists ParameterTuple members too
            cache = list(self.get_parameters())
            self.__dict__["_param_cache"] = cache
        return cache

    def trainable_params(self, recurse: bool = True) -> list[Parameter]:
        return [p for p in self.get_parameters(expand=recurse) if p.requires_grad]

    def untrainable_params(self, recurse: bool = True) -> list[Parameter]:
        return [p for p in self.get_parameters(expand=recurse) if not p.requires_grad]

    def parameters_dict(self, recurse: bool = True) -> OrderedDict[str, Parameter]:
        return OrderedDict((p.name, p) for p in self.get_parameters(expand=recurse))

    # -- modes ---------------------------------------------------------------------------
    def set_train(self, mode: bool = True) -> Cell:
        for _, cell in self.cells_and_names():
            cell.__dict__["training"] = mode
        return self

    def set_grad(self, requires_grad: bool = True) -> Cell:
        self.__dict__["requires_grad"] = requires_grad
        return self

    # -- flags and utilities real code touches ---------------------------------------------
    @property
    def cls_name(self) -> str:
        return type(self).__name__

    def add_flags(self, **flags) -> Cell:
        """Flags are accepted and kept as attributes (``get_flags`` returns them)."""
        self.__dict__.setdefault("_flags", {}).update(flags)
        self.__dict__.update(flags)
        dtype = mixed_precision.flag_type(flags)
        if dtype is not None:
            self.__dict__["_mp_type"] = dtype
            mixed_precision.changed()
        return self

    def add_flags_recursive(self, **flags) -> Cell:
        for _, cell in self.cells_and_names():
            cell.add_flags(**flags)
        return self

    def get_flags(self) -> dict:
        return dict(self.__dict__.get("_flags", {}))

    def init_parameters_data(self, auto_parallel_mode: bool = False) -> dict:
        """Parameters hold their data from construction: nothing to replace."""
        return {}

    def apply(self, fn) -> Cell:
        """``fn`` on every sub-Cell, then on this Cell (MindSpore's order)."""
        for cell in self.cells():
            cell.apply(fn)
        fn(self)
        return self

    def recompute(self, *, use_reentrant: bool = True, output_recompute: bool = False,
                  early_stop: bool = True, context_fn=None, **kwargs) -> None:
        """Recompute this Cell's activations in the backward pass of a compiled step
        (``jax.checkpoint``) instead of keeping them: less memory, same numbers. MindSpore's
        keyword options (``mp_comm_recompute``...) concern its parallel communication and are
        accepted."""
        for key in kwargs:
            if key not in ("mp_comm_recompute", "parallel_optimizer_comm_recompute",
                           "recompute_slice_activation"):
                raise ValueError(f"For 'recompute', keyword '{key}' is not recognized! the key "
                                 "kwargs must be 'mp_comm_recompute', "
                                 "'parallel_optimizer_comm_recompute', "
                                 "'recompute_slice_activation'")
        for _, cell in self.cells_and_names():
            cell.__dict__["_recompute"] = True
        scope.HOOKS["version"] += 1  # compiled steps traced without it are stale

    @property
    def phase(self) -> str:
        return "train" if self.training else "predict"

    def to_float(self, dst_type) -> Cell:
        """Run this Cell and its sub-Cells in ``dst_type`` (``float16``, ``bfloat16`` or
        ``float32``): see ``_engine/mixed_precision.py`` for where each mode casts."""
        from .dtypes import ALL
        if not any(dst_type is ALL[n] for n in ("float16", "float32", "bfloat16")):
            raise ValueError("For 'to_float', the argument 'dst_type' must be mstype.float32, "
                             "mstype.float16 or mstype.bfloat16, but got type: "
                             f"{type(dst_type)} and value: {dst_type}.")
        name = str(dst_type).lower()
        self.add_flags_recursive(fp16=name == "float16", fp32=name == "float32",
                                 bf16=name == "bfloat16")
        return self

    # -- calling -------------------------------------------------------------------------
    def construct(self, *args, **kwargs):
        raise NotImplementedError(f"{type(self).__name__}.construct is not defined.")

    @jaxconfig.entry
    def __call__(self, *args, **kwargs):
        if "_names_checked" not in self.__dict__:  # (a Cell's first call)
            self.check_names_and_refresh_name()
            self.__dict__["_names_checked"] = True
        if kwargs:  # ``loss_fn(logits=..., labels=...)``: MindSpore's construct names
            args, kwargs = construct_keywords.bind(type(self), args, kwargs)
        if compile.compiling():
            return compile.call_cell(self, args, kwargs)
        if _has_bprop(type(self)):
            return custom_bprop.call_with_bprop(self, args, kwargs)
        if scope.current() is None:
            # Outermost eager call: Parameter writes apply only if construct succeeds.
            with scope.bind() as s:
                out = self._run(args, kwargs)
            scope.commit(*s.written())
            return out
        return self._run(args, kwargs)

    def _run(self, args: tuple, kwargs: dict):
        if mixed_precision.active_cell(self):
            return mixed_precision.run_cell(self, args, kwargs, self._run_typed)
        return self._run_typed(*args, **kwargs)

    def _run_typed(self, *args, **kwargs):
        if self.__dict__.get("_recompute"):
            return recompute.run(self, args, kwargs, self._run_hooked)
        return self._run_hooked(*args, **kwargs)

    def _run_hooked(self, *args, **kwargs):
        if self.__dict__.get("_backward_hooks"):
            return hooks.run_with_backward_hooks(self, args, kwargs, self._forward)
        return self._forward(*args, **kwargs)

    def _forward(self, *args, **kwargs):
        d = self.__dict__
        if d.get("_forward_pre_hooks") or d.get("_forward_hooks"):
            return hooks.run_forward(self, args, kwargs, self.construct)
        return self.construct(*args, **kwargs)

    # -- dynamic-shape inputs (``dynamic_shape.py``) ----------------------------------------
    def set_inputs(self, *inputs, **kwargs) -> None:
        """Declare the inputs (Tensors, dynamic-shape placeholders, Python values) that
        GRAPH_MODE calls are checked against; ``name=placeholder`` declares some of them."""
        if kwargs and inputs:
            raise ValueError(f"For Cell, set_inputs should only set inputs or kwargs(inputs: "
                             f"{inputs}, kwargs: {kwargs})!")
        if kwargs:
            self.__dict__["_dynamic_shape_inputs"] = dynamic_shape.keyword_inputs(
                self.construct, kwargs)
            return
        if context.graph_mode():
            dynamic_shape.check_construct_args(self.construct, inputs)
        self.__dict__["_dynamic_shape_inputs"] = inputs

    def get_inputs(self):
        """What ``set_inputs`` declared (``None`` before it is called)."""
        return self.__dict__.get("_dynamic_shape_inputs")

    # -- hooks (``hooks.py``) --------------------------------------------------------------
    def register_forward_pre_hook(self, hook_fn, *, prepend: bool = False,
                                  with_kwargs: bool = False) -> hooks.HookHandle:
        """``hook_fn(cell, inputs)`` before each call; it may return new inputs
        (``with_kwargs``: ``hook_fn(cell, inputs, kwargs)`` returning ``(inputs, kwargs)``);
        ``prepend`` runs it before the hooks registered earlier."""
        return hooks.register(self.__dict__["_forward_pre_hooks"], hook_fn,
                              "register_forward_pre_hook", prepend, with_kwargs)

    def register_forward_hook(self, hook_fn, *, prepend: bool = False,
                              with_kwargs: bool = False,
                              always_call: bool = False) -> hooks.HookHandle:
        """``hook_fn(cell, inputs, output)`` after each call; it may return a new output
        (``with_kwargs``: ``hook_fn(cell, inputs, kwargs, output)``; ``always_call``: also
        when the call raises, with output None; ``prepend``: before earlier hooks)."""
        return hooks.register(self.__dict__["_forward_hooks"], hook_fn,
                              "register_forward_hook", prepend, with_kwargs, always_call)

    def register_backward_hook(self, hook_fn) -> hooks.HookHandle:
        """``hook_fn(cell, grad_input, grad_output)`` in backward; it may return new input
        gradients."""
        handle = hooks.register(self.__dict__["_backward_hooks"], hook_fn,
                                "register_backward_hook")
        scope.BACKWARD_HOOKED.add(self)
        return handle

    # -- printing ------------------------------------------------------------------------
    def extend_repr(self) -> str:
        return ""

    def __repr__(self) -> str:
        """MindSpore 2.10's format: ``Name(extra)`` on one line, else the extra lines and the
        children indented below."""
        extend = self.extend_repr()
        extra_lines = extend.split("\n") if extend else []
        child_lines = [f"({key}): " + repr(cell).replace("\n", "\n  ")
                       for key, cell in self._cells.items()]
        name = type(self).__name__ + ("Opt" if self.__dict__.get("_amp_opt") else "")
        if len(extra_lines) == 1 and not child_lines:
            return f"{name}({extra_lines[0]})"
        if not extra_lines and not child_lines:
            return f"{name}()"
        return f"{name}(\n  " + "\n  ".join(extra_lines + child_lines) + "\n)"


def _unsupported(name: str):
    def method(self, *args, **kwargs):
        raise NotImplementedError(f"Cell.{name} is not supported by mscompat yet.")
    method.__name__ = name
    return method


for _name in ("register_backward_pre_hook", "shard", "set_boost",
              "load_parameter_slice", "flatten_weights", "compile",
              "exec_checkpoint_graph"):
    setattr(Cell, _name, _unsupported(_name))

_BPROP_CACHE: dict[type, bool] = {}

# Imported last: both modules import this one.
from . import compile, custom_bprop, hooks, recompute  # noqa: E402


def _has_bprop(cls: type) -> bool:
    has = _BPROP_CACHE.get(cls)
    if has is None:
        has = any("bprop" in k.__dict__ for k in cls.__mro__ if k is not Cell)
        _BPROP_CACHE[cls] = has
    return has


from . import state_dict as _state_dict  # noqa: E402

_state_dict.install(Cell)
