"""``create_tuple_iterator`` / ``create_dict_iterator``: each ``for`` over the iterator is
one epoch (up to ``num_epochs``), rows as Tensors (or NumPy arrays with ``output_numpy``)."""
from __future__ import annotations

import numpy as np

from .._engine.tensor import Tensor, ms_ndarray


class _Iterator:
    def __init__(self, dataset, num_epochs: int, output_numpy: bool) -> None:
        self.dataset = dataset
        self.num_epochs = num_epochs
        self.output_numpy = output_numpy
        self._epoch = 0
        self._rows = None

    def _convert(self, v):
        v = ms_ndarray(np.asarray(v))
        # string and bytes columns stay NumPy arrays (a Tensor holds numbers), as MindSpore
        return v if self.output_numpy or v.dtype.kind in "USO" else Tensor(v)

    def __iter__(self):
        if self.num_epochs > 0 and self._epoch >= self.num_epochs:
            raise RuntimeError(f"The iterator has run {self.num_epochs} epochs, its "
                               f"'num_epochs'.")
        self._rows = iter(self.dataset._rows(self._epoch))
        self._epoch += 1
        return self

    def __next__(self):
        if self._rows is None:
            iter(self)
        return self._format(next(self._rows))

    def get_next(self):
        return next(self)

    def stop(self) -> None:
        self._rows = None


class TupleIterator(_Iterator):
    def _format(self, row):
        return [self._convert(v) for v in row]


class DictIterator(_Iterator):
    def _format(self, row):
        return {name: self._convert(v) for name, v in zip(list(self.dataset._columns), row)}
