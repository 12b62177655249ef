"""``GeneratorDataset(batch_sampler=..., collate_fn=...)``: each list of indices makes one
row, every column's samples stacked (or merged by ``collate_fn``, called with one list per
column); the size is the number of index lists and the batch size -1; ``batch_sampler``
excludes ``shuffle``/``num_samples``/``sampler``/sharding, needs a random-accessible
source, and ``collate_fn`` needs it. Also ``RandomSampler(shuffle=Shuffle.GLOBAL)`` and
``ImageFolderDataset(decrypt=...)`` (a function of the file path returning the bytes)."""
import os
import tempfile

import numpy as np

from ._registry import case


class _Source:
    def __getitem__(self, i):
        return np.array(i * 1.5, np.float32), np.array(i * 10, np.int32)

    def __len__(self):
        return 10


def _rows(d):
    return [list(r) for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def _outcome(f):
    try:
        return f()
    except Exception as e:  # noqa: BLE001 - the class and first message line are the result
        return f"{type(e).__name__}: {str(e).splitlines()[0]}"


@case(modes=("PYNATIVE",))
def batch_sampler_stacks_columns(ms):
    d = ms.dataset.GeneratorDataset(_Source(), ["a", "b"], batch_sampler=[[0, 1, 2], [5, 3], [9]])
    return _rows(d), d.get_dataset_size(), d.get_batch_size()


@case(modes=("PYNATIVE",))
def collate_fn_gets_column_lists(ms):
    seen = []

    def collate(a, b):
        seen.append((type(a).__name__, len(a), len(b)))
        return np.stack(a) * 2, np.stack(b) + 1
    d = ms.dataset.GeneratorDataset(_Source(), ["a", "b"], batch_sampler=[[1, 0], [4, 3]],
                                    collate_fn=collate)
    return _rows(d), seen


@case(modes=("PYNATIVE",))
def batch_sampler_then_map_batch_repeat(ms):
    d = ms.dataset.GeneratorDataset(_Source(), ["a", "b"], batch_sampler=[[1, 0], [2, 3]])
    d = d.map(lambda a: a + 1, input_columns=["a"]).batch(2).repeat(2)
    return _rows(d), d.get_dataset_size(), d.get_batch_size()


@case(modes=("PYNATIVE",))
def batch_sampler_refusals(ms):
    ds = ms.dataset

    def gen():
        yield (np.array(1),)
    return [_outcome(lambda: ds.GeneratorDataset(_Source(), ["a", "b"], batch_sampler=[[0]],
                                                 shuffle=True)),
            _outcome(lambda: ds.GeneratorDataset(_Source(), ["a", "b"], batch_sampler=[[0]],
                                                 num_samples=2)),
            _outcome(lambda: ds.GeneratorDataset(_Source(), ["a", "b"],
                                                 collate_fn=lambda a, b: (a, b))),
            _outcome(lambda: ds.GeneratorDataset(gen, ["a"], batch_sampler=[[0]]))]


@case(modes=("PYNATIVE",))
def random_sampler_global_shuffle(ms):
    ds = ms.dataset
    ds.config.set_seed(5)
    d = ds.GeneratorDataset(_Source(), ["a", "b"],
                            sampler=ds.RandomSampler(shuffle=ds.Shuffle.GLOBAL))
    return [int(r[1]) for r in _rows(d)]


@case(modes=("PYNATIVE",))
def image_folder_decrypt(ms):
    root = tempfile.mkdtemp()
    for cls, payload in (("cat", b"\x01\x02\x03"), ("dog", b"\x07\x08")):
        os.makedirs(os.path.join(root, cls))
        with open(os.path.join(root, cls, "a.jpg"), "wb") as f:
            f.write(payload)

    def decrypt(path):
        with open(path, "rb") as f:
            return bytes(b ^ 0xFF for b in f.read())
    d = ms.dataset.ImageFolderDataset(root, shuffle=False, decrypt=decrypt)
    return [(r[0].tolist(), int(r[1])) for r in _rows(d)]
