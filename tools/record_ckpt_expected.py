"""Record what MindSpore 2.10 reads from the fixture checkpoints (oracle interpreter):

    /path/to/mindspore-venv/bin/python tools/record_ckpt_expected.py tests/fixtures/ckpt
"""
import json
import os
import sys

import mindspore as ms

root = sys.argv[1]
out = {}
for f in sorted(os.listdir(root)):
    if not f.endswith('.ckpt'):
        continue
    d = ms.load_checkpoint(os.path.join(root, f))
    entry = {}
    for k, v in d.items():
        if isinstance(v, str):
            entry[k] = {"str": v}
            continue
        if v.dtype == ms.bfloat16:
            raw, via = v.float().asnumpy().tobytes().hex(), "float32"
        else:
            raw, via = v.asnumpy().tobytes().hex(), None
        entry[k] = {"dtype": str(v.dtype), "shape": list(v.shape), "hex": raw, "via": via,
                    "requires_grad": v.requires_grad}
    out[f] = entry
d = ms.load_checkpoint(os.path.join(root, 'dtypes.ckpt'), filter_prefix='f')
filters = {"filter_prefix_f": list(d)}
filters["specify_prefix_i_u"] = list(ms.load_checkpoint(os.path.join(root, 'dtypes.ckpt'),
                                                        specify_prefix=['i', 'u']))
filters["choice_func_b"] = list(ms.load_checkpoint(os.path.join(root, 'dtypes.ckpt'),
                                                   choice_func=lambda n: n.startswith('b')))
out["_filters"] = filters
json.dump({"_meta": {"mindspore_version": ms.__version__}, "files": out},
          open(os.path.join(root, 'expected.json'), 'w'), indent=1)
print('ok', list(out))
