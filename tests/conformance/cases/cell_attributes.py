"""Cell and Parameter attributes a whole-program sweep of the Cell API found missing: the
Parameter attributes of distributed training and embedding caches (their single-process
values, settable where MindSpore's are, with its validation), ``Cell.set_comm_fusion``,
``Cell.param_prefix``/``update_cell_prefix``."""
import numpy as np

from ._registry import case

P = ("PYNATIVE",)


def _param(ms):
    return ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")


@case(modes=P)
def parameter_distributed_attributes(ms):
    p = _param(ms)
    names = ("sliced", "cache_enable", "cache_shape", "comm_fusion", "init_mode",
             "inited_param", "is_default_input_init", "is_in_parallel", "key",
             "requires_aggr", "parallel_optimizer_comm_recompute")
    before = [repr(getattr(p, n)) for n in names]
    p.comm_fusion, p.parallel_optimizer_comm_recompute = 3, True
    p.sliced, p.requires_aggr, p.cache_enable, p.key = True, False, True, 5
    after = [repr(getattr(p, n)) for n in names]
    refusals = []
    for attr, value in (("comm_fusion", -1), ("comm_fusion", 1.5), ("comm_fusion", True),
                        ("parallel_optimizer_comm_recompute", 1)):
        try:
            setattr(p, attr, value)
            refusals.append("accepted")
        except (TypeError, ValueError) as e:
            refusals.append([type(e).__name__, str(e).split("\n")[0]])
    return before, after, refusals


@case(modes=P)
def cell_comm_fusion_and_prefix(ms):
    net = ms.nn.SequentialCell([ms.nn.Dense(2, 3), ms.nn.ReLU(), ms.nn.Dense(3, 1)])
    net[2].weight.requires_grad = False
    same = net.set_comm_fusion(4) is net
    fusion = [p.comm_fusion for p in net.get_parameters()]
    net[0].set_comm_fusion(2, recurse=False)
    fusion2 = [p.comm_fusion for p in net.get_parameters()]
    try:
        net.set_comm_fusion(-1)
        refused = "accepted"
    except ValueError as e:
        refused = str(e).split("\n")[0]
    prefixes = [net.param_prefix, net[0].param_prefix]
    net.update_cell_prefix()
    prefixes += [net.param_prefix, net[0].param_prefix, net[2].param_prefix]
    return same, fusion, fusion2, refused, prefixes
