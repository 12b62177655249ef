"""``load_checkpoint``'s file checks as MindSpore 2.10 makes them: the name must end with
its ``format`` (a ``.safetensors`` file needs ``format='safetensors'``), an unknown
format, a non-string name and a missing file (its real path in the message) are refused;
a ``BytesIO`` is read for safetensors and refused for ckpt."""
import io
import os
import tempfile

import numpy as np

from ._registry import case


def _refusal(fn, folder):
    try:
        fn()
        return "accepted"
    except (TypeError, ValueError) as e:
        message = str(e).split("\n")[0].replace(folder, "DIR")
        return [type(e).__name__, message.replace(os.getcwd(), "CWD")]


@case(modes=("PYNATIVE",))
def load_checkpoint_file_checks(ms):
    folder = tempfile.mkdtemp()
    net = ms.nn.Dense(2, 3)
    ckpt, st = os.path.join(folder, "n.ckpt"), os.path.join(folder, "n.safetensors")
    ms.save_checkpoint(net, ckpt)
    ms.save_checkpoint(net, st, format="safetensors")
    with open(st, "rb") as f:
        buffer = f.read()
    loaded = ms.load_checkpoint(io.BytesIO(buffer), format="safetensors")
    return [sorted(loaded), np.array_equal(loaded["weight"].asnumpy(), net.weight.asnumpy()),
            _refusal(lambda: ms.load_checkpoint(st), folder),
            _refusal(lambda: ms.load_checkpoint(ckpt, format="safetensors"), folder),
            _refusal(lambda: ms.load_checkpoint(ckpt, format="pt"), folder),
            _refusal(lambda: ms.load_checkpoint(io.BytesIO(buffer)), folder),
            _refusal(lambda: ms.load_checkpoint(3), folder),
            _refusal(lambda: ms.load_checkpoint("missing_file.ckpt"), folder),
            sorted(ms.load_checkpoint(st, format="safetensors"))]
