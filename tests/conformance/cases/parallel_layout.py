"""``mindspore.parallel.Layout`` (tensor maps, ``to_dict``, argument errors) and
``mindspore.parallel.shard`` outside the (semi-)auto parallel modes (the Cell or function
itself)."""
import numpy as np

from ._registry import case


@case(modes=("PYNATIVE",))
def layout_tensor_maps(ms):
    Layout = ms.parallel.Layout
    layout = Layout((2, 2, 2), ("dp", "sp", "mp"))
    return (layout("dp", "mp").to_dict(), layout("None", ("dp", "sp")).to_dict(),
            Layout((2, 2, 2), ("dp", "sp", "interleaved_parallel"))(
                ("dp", "interleaved_parallel"), "sp").to_dict(),
            Layout((4,), ("dp",), rank_list=[3, 2, 1, 0])("dp").to_dict())


@case(modes=("PYNATIVE",))
def layout_argument_errors(ms):
    Layout = ms.parallel.Layout
    layout = Layout((2, 2, 2), ("dp", "sp", "mp"))
    out = []
    for bad in (lambda: Layout([2, 2], ("a", "b")), lambda: Layout((2, 2), ("a",)),
                lambda: Layout((2, 2), ("a", "a")), lambda: Layout((2, 2), ("a", "")),
                lambda: Layout((2, 2.0), ("a", "b")), lambda: layout("dp", "dp"),
                lambda: layout("xx")):
        try:
            bad()
            out.append("ok")
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            out.append(f"{type(e).__name__}: {str(e).splitlines()[0]}")
    return out


@case(modes=("PYNATIVE",))
def shard_standalone(ms):
    net = ms.nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    sharded = ms.parallel.shard(net, in_strategy=((1, 1),))

    def double(x):
        return x * 2
    return (sharded is net, sharded(ms.Tensor(np.ones((2, 3), np.float32))),
            ms.parallel.shard(double, in_strategy=((1,),))(ms.Tensor(np.ones(3, np.float32))))
