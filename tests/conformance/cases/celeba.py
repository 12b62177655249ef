"""``dataset.CelebADataset`` on a small CelebA folder written by the case: every usage,
raw and decoded images, attributes (-1 read as 0), sharding, and the argument errors; and
``Dataset.num_classes``."""
import os
import tempfile

import numpy as np

from ._registry import case


def _folder():
    from PIL import Image
    root = tempfile.mkdtemp()
    names = ["5_o_Clock_Shadow", "Arched_Eyebrows", "Attractive"]
    rows = []
    for i in range(5):
        fn = f"{i + 1:06d}.png"
        Image.fromarray(np.full((4, 3, 3), i * 40, np.uint8)).save(os.path.join(root, fn))
        attrs = [1 if (i + k) % 2 else -1 for k in range(3)]
        rows.append(fn + "  " + " ".join(f"{a:2d}" for a in attrs))
    with open(os.path.join(root, "list_attr_celeba.txt"), "w") as f:
        f.write(f"{len(rows)}\n" + " ".join(names) + "\n" + "\n".join(rows) + "\n")
    with open(os.path.join(root, "list_eval_partition.txt"), "w") as f:
        f.write("\n".join(f"{i + 1:06d}.png {p}" for i, p in enumerate([0, 0, 1, 2, 0])))
    return root


@case(modes=("PYNATIVE",))
def celeba_reading(ms):
    ds = ms.dataset
    root = _folder()
    out = []
    for usage in ("all", "train", "valid", "test"):
        d = ds.CelebADataset(root, usage=usage, shuffle=False)
        out.append((d.get_dataset_size(), d.get_col_names(),
                    [ms.Tensor(r["attr"]) for r in d.create_dict_iterator(output_numpy=True)]))
    d = ds.CelebADataset(root, decode=True, shuffle=False, num_samples=3)
    out.append([ms.Tensor(r["image"]) for r in d.create_dict_iterator(output_numpy=True)])
    d = ds.CelebADataset(root, shuffle=False, num_shards=2, shard_id=1)
    out.append([ms.Tensor(r["attr"]) for r in d.create_dict_iterator(output_numpy=True)])
    raw = next(iter(ds.CelebADataset(root, shuffle=False).create_dict_iterator(
        output_numpy=True)))["image"]
    out.append((str(raw.dtype), raw.ndim))
    for make in (lambda: ds.CelebADataset(root, usage="foo"),
                 lambda: ds.CelebADataset(os.path.join(root, "missing"))):
        try:
            make()
            out.append("no error")
        except Exception as e:  # noqa: BLE001 - the class is what is recorded
            out.append(type(e).__name__)
    return out


@case(modes=("PYNATIVE",))
def num_classes(ms):
    from PIL import Image
    ds = ms.dataset
    root = tempfile.mkdtemp()
    for cls in ("cat", "dog", "eel"):
        os.makedirs(os.path.join(root, cls))
        Image.fromarray(np.zeros((2, 2, 3), np.uint8)).save(os.path.join(root, cls, "a.png"))
    folder = ds.ImageFolderDataset(root)
    return (folder.num_classes(), ds.ImageFolderDataset(root).batch(2).num_classes(),
            ds.ImageFolderDataset(root, class_indexing={"cat": 0, "dog": 7, "eel": 1})
            .num_classes(),
            ds.GeneratorDataset([(np.int32(1),)], ["a"]).num_classes(),
            ds.NumpySlicesDataset([1, 2], ["a"]).num_classes())
