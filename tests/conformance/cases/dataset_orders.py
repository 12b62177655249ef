"""The orders MindSpore's dataset engine shuffles in, for a set seed: ``shuffle=True``
(RandomSampler, with replacement given ``num_samples``), the samplers, sharding with
shuffling, ``Dataset.shuffle(buffer_size)`` over random-access and generator sources,
``repeat`` (each pass a new order), ``split(randomize=True)``, across epochs; and the seed
that ``mindspore.set_seed`` gives the datasets."""
import numpy as np

from ._registry import case

P = ("PYNATIVE",)


class _Rows:
    def __init__(self, n):
        self.n = n

    def __getitem__(self, i):
        return (np.array(i),)

    def __len__(self):
        return self.n


def _generator(n):
    def rows():
        for i in range(n):
            yield (np.array(i),)
    return rows


def _epochs(data, epochs=1):
    it = data.create_tuple_iterator(num_epochs=epochs, output_numpy=True)
    return [[int(r[0]) for r in it] for _ in range(epochs)]


@case(modes=P)
def random_sampler_orders(ms):
    ds = ms.dataset
    ds.config.set_seed(1)
    out = [_epochs(ds.GeneratorDataset(_Rows(10), ["x"], shuffle=True), 3),
           _epochs(ds.NumpySlicesDataset(list(range(13)), column_names=["x"], shuffle=True), 2),
           _epochs(ds.GeneratorDataset(_Rows(10), ["x"], shuffle=True, num_samples=4), 3),
           _epochs(ds.GeneratorDataset(_Rows(10), ["x"],
                                       sampler=ds.RandomSampler(num_samples=4)), 2),
           _epochs(ds.GeneratorDataset(_Rows(10), ["x"], sampler=ds.RandomSampler(
               replacement=True, num_samples=6)), 2),
           _epochs(ds.GeneratorDataset(_Rows(9), ["x"], sampler=ds.SubsetRandomSampler(
               [1, 3, 5, 7, 8])), 3)]
    ds.config.set_seed(58)
    out.append(_epochs(ds.NumpySlicesDataset(list(range(70000)), column_names=["x"],
                                             shuffle=True), 2))
    out[-1] = [e[:20] + e[-5:] for e in out[-1]]
    out.append([r[0].tolist() for r in ds.GeneratorDataset(_Rows(10), ["x"], shuffle=True)
                .batch(3).create_tuple_iterator(output_numpy=True)])
    return out


@case(modes=P)
def sharded_orders(ms):
    ds = ms.dataset
    ds.config.set_seed(3)
    return [_epochs(ds.GeneratorDataset(_Rows(10), ["x"], shuffle=True, num_shards=2,
                                        shard_id=1), 3),
            _epochs(ds.GeneratorDataset(_Rows(10), ["x"], shuffle=True, num_shards=3,
                                        shard_id=0), 2),
            _epochs(ds.GeneratorDataset(_Rows(10), ["x"], shuffle=False, num_shards=3,
                                        shard_id=2), 2),
            _epochs(ds.GeneratorDataset(_Rows(11), ["x"],
                                        sampler=ds.DistributedSampler(4, 3)), 2)]


@case(modes=P)
def buffer_shuffle_orders(ms):
    ds = ms.dataset
    ds.config.set_seed(2)
    out = []
    for size in (2, 3, 4, 10, 20):
        out.append(_epochs(ds.GeneratorDataset(_Rows(10), ["x"], shuffle=False)
                           .shuffle(size), 3))
        out.append(_epochs(ds.GeneratorDataset(_generator(11), ["x"]).shuffle(size), 2))
    out.append(_epochs(ds.GeneratorDataset(_Rows(6), ["x"], shuffle=False)
                       .map(lambda x: x * 2, input_columns=["x"]).shuffle(3), 2))
    batches = ds.GeneratorDataset(_Rows(8), ["x"], shuffle=False).batch(2).shuffle(3)
    out.append([r[0].tolist() for r in batches.create_tuple_iterator(output_numpy=True)])
    return out


@case(modes=P)
def repeat_passes_reshuffle(ms):
    ds = ms.dataset
    ds.config.set_seed(4)
    return [_epochs(ds.GeneratorDataset(_Rows(10), ["x"], shuffle=False).shuffle(4)
                    .repeat(2), 2),
            _epochs(ds.GeneratorDataset(_Rows(7), ["x"], shuffle=True).repeat(3), 2),
            _epochs(ds.GeneratorDataset(_generator(6), ["x"]).shuffle(3).repeat(2), 1)]


@case(modes=P)
def randomized_split_orders(ms):
    ms.set_seed(9)
    ds = ms.dataset
    a, b = ds.GeneratorDataset(_Rows(10), ["x"], shuffle=False).split([0.6, 0.4])
    c, d = ds.GeneratorDataset(_generator(10), ["x"]).split([0.6, 0.4])
    return (ds.config.get_seed(), _epochs(a, 2), _epochs(b), _epochs(c, 2), _epochs(d))
