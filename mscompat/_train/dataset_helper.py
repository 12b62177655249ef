"""``DatasetHelper``: a dataset iterated as tuples of Tensors, as custom training loops and
``Model`` use it."""
from __future__ import annotations


class DatasetHelper:
    """``DatasetHelper(dataset, dataset_sink_mode=True, sink_size=-1, epoch_num=1)``: each
    iteration yields one row as a tuple of Tensors; in sink mode ``sink_size`` rows per
    epoch (the data is fed from the host: mscompat has no device queue, the values are the
    same).

    Example:
        >>> import numpy as np
        >>> import mscompat as ms
        >>> from mscompat import dataset as ds
        >>> data = ds.NumpySlicesDataset({"x": np.ones((4, 2), np.float32)}, shuffle=False)
        >>> helper = ms.DatasetHelper(data.batch(2), dataset_sink_mode=False)
        >>> [x.shape for (x,) in helper]
        [(2, 2), (2, 2)]
    """

    def __init__(self, dataset, dataset_sink_mode: bool = True, sink_size: int = -1,
                 epoch_num: int = 1) -> None:
        if not isinstance(sink_size, int) or isinstance(sink_size, bool):
            raise TypeError(f"The type of 'sink_size' must be int, but got "
                            f"{type(sink_size).__name__}.")
        if sink_size < -1 or sink_size == 0:
            raise ValueError(f"The 'sink_size' must be -1 or positive, but got sink_size "
                             f"{sink_size}.")
        self.dataset = dataset
        self.dataset_sink_mode = dataset_sink_mode
        self._sink_size = dataset.get_dataset_size() if sink_size == -1 else sink_size
        self._iterator = dataset.create_tuple_iterator(num_epochs=epoch_num)

    def __iter__(self):
        if not self.dataset_sink_mode:
            yield from self._iterator
            return
        for i, row in enumerate(self._iterator):
            yield tuple(row)
            if i + 1 >= self._sink_size:
                return

    def sink_size(self) -> int:
        return self._sink_size if self.dataset_sink_mode else -1

    def types_shapes(self) -> tuple[list, list]:
        return self.dataset.output_types(), self.dataset.output_shapes()

    def stop_send(self) -> None:
        """Nothing to stop: rows are read on demand."""

    def continue_send(self) -> None:
        """Nothing to resume: rows are read on demand."""

    def release(self) -> None:
        """Nothing to release."""


def connect_network_with_dataset(network, dataset_helper: DatasetHelper):
    """``connect_network_with_dataset(network, dataset_helper)``: the network a sink-mode
    loop calls with each row of ``dataset_helper``. mscompat feeds rows from the host, so
    this is ``network`` itself; as in MindSpore, a helper not in sink mode is refused and a
    dataset serves one network.

    Example:
        >>> import numpy as np
        >>> import mscompat as ms
        >>> from mscompat import dataset as ds, nn
        >>> data = ds.NumpySlicesDataset({"x": np.ones((4, 2), np.float32)}, shuffle=False)
        >>> helper = ms.DatasetHelper(data.batch(2), dataset_sink_mode=True)
        >>> net = ms.connect_network_with_dataset(nn.Dense(2, 3), helper)
        >>> [net(*row).shape for row in helper]
        [(2, 3), (2, 3)]
    """
    if not dataset_helper.dataset_sink_mode:
        raise RuntimeError("The API 'connect_network_with_dataset' should be called in "
                           "dataset sink mode.")
    connected = getattr(dataset_helper.dataset, "_connected_network", None)
    if connected is None:
        dataset_helper.dataset._connected_network = network
    elif connected is not network:
        raise ValueError("The dataset has been connected to other network, please check the "
                         "code.")
    return network
