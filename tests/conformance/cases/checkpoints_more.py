"""Checkpoint helpers: ``load_checkpoint_async``, ``ckpt_to_safetensors``/
``safetensors_to_ckpt`` (single files and ``rank*`` folders, ``name_map``) and
``merge_sliced_parameter``."""
import os
import re
import tempfile

import numpy as np

from ._registry import case


def _outcome(f, folder=""):
    """The result, or the class and first message line (without the run's temporary folder
    and the module path of a class)."""
    try:
        return f()
    except Exception as e:  # noqa: BLE001 - the class and first message line are the result
        msg = str(e).splitlines()[0].replace(folder or "\0", "<dir>")
        msg = re.sub(r"<class '[\w.]*[.](\w+)'>", r"<class '\1'>", msg)
        return f"{type(e).__name__}: {msg}"


@case(modes=("PYNATIVE",))
def checkpoint_conversion_and_async_load(ms):
    folder = tempfile.mkdtemp()
    params = {"fc.weight": np.arange(6, dtype=np.float32).reshape(2, 3),
              "fc.bias": ms.Parameter(ms.Tensor(np.array([1, 2], np.int32)), name="fc.bias")}
    path = os.path.join(folder, "net.ckpt")
    ms.save_checkpoint(params, path)
    out = []
    future = ms.load_checkpoint_async(path)
    loaded = future.result()
    out.append(sorted((k, v.asnumpy().tolist(), str(v.dtype)) for k, v in loaded.items()))
    ms.ckpt_to_safetensors(path)
    st = ms.load_checkpoint(os.path.join(folder, "net.safetensors"), format="safetensors")
    out.append(sorted((k, v.asnumpy().tolist(), str(v.dtype)) for k, v in st.items()))
    renamed = os.path.join(folder, "renamed")
    ms.safetensors_to_ckpt(os.path.join(folder, "net.safetensors"), save_path=renamed,
                           name_map={"fc.bias": "head.bias"})
    out.append(sorted(os.listdir(renamed)))
    out.append(sorted(ms.load_checkpoint(os.path.join(renamed, "net.ckpt"))))
    os.makedirs(os.path.join(folder, "tree", "rank_0"))
    ms.save_checkpoint(params, os.path.join(folder, "tree", "rank_0", "a.ckpt"))
    ms.ckpt_to_safetensors(os.path.join(folder, "tree"), save_path=os.path.join(folder, "st"))
    out.append(sorted(os.listdir(os.path.join(folder, "st", "rank_0"))))
    out.append(_outcome(lambda: ms.ckpt_to_safetensors(os.path.join(folder, "nope.ckpt")), folder))
    out.append(_outcome(lambda: ms.ckpt_to_safetensors(path, save_path=path), folder))
    renamed_dir = os.path.join(folder, "renamed")
    out.append(_outcome(lambda: ms.ckpt_to_safetensors(renamed_dir), folder))
    st_file = os.path.join(folder, "net.safetensors")
    out.append(_outcome(lambda: ms.ckpt_to_safetensors(st_file), folder))
    out.append(_outcome(lambda: ms.async_ckpt_thread_status()))
    return out


@case(modes=("PYNATIVE",))
def merge_sliced_parameter_along_axis_0(ms):
    def p(values, name="w"):
        return ms.Parameter(ms.Tensor(np.array(values, np.float32)), name=name)
    merged = ms.merge_sliced_parameter([p([[1, 2]]), p([[3, 4], [5, 6]])])
    out = [merged.name, merged.shape, merged.asnumpy().tolist(), str(merged.dtype),
           merged.requires_grad]
    out.append(_outcome(lambda: ms.merge_sliced_parameter([])))
    out.append(_outcome(lambda: ms.merge_sliced_parameter((p([1]),))))
    out.append(_outcome(lambda: ms.merge_sliced_parameter([p([[1, 2]]), p([[1, 2, 3]])])))
    out.append(_outcome(lambda: ms.merge_sliced_parameter([p([1]), p([2], name="v")])))
    out.append(_outcome(lambda: ms.merge_sliced_parameter([p([1]), ms.Tensor([2.0])])))
    return out


@case(modes=("PYNATIVE",))
def parameter_layouts_outside_auto_parallel(ms):
    """``Model.infer_predict_layout``/``infer_train_layout`` need SEMI_AUTO/AUTO_PARALLEL."""
    model = ms.train.Model(ms.nn.Dense(2, 2))
    x = ms.Tensor(np.ones((1, 2), np.float32))
    return [_outcome(lambda: model.infer_predict_layout(x)),
            _outcome(lambda: model.infer_train_layout(None))]
