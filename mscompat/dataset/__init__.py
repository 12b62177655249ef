"""``mindspore.dataset``: datasets on grain.

Example:
    >>> import numpy as np
    >>> import mscompat.dataset as ds
    >>> data = ds.NumpySlicesDataset({"x": np.arange(6)}, shuffle=False).batch(4)
    >>> [b["x"].shape for b in data.create_dict_iterator()]
    [(4,), (2,)]
"""
from .. import context as context
from .._data.celeba import CelebADataset as CelebADataset
from .._data.mind_dataset import MindDataset as MindDataset
from .._data.operations import Batch as BatchDataset
from .._data.operations import Concat as ConcatDataset
from .._data.operations import Map as MapDataset
from .._data.operations import Project as ProjectDataset
from .._data.operations import Rename as RenameDataset
from .._data.operations import Repeat as RepeatDataset
from .._data.operations import Shuffle as ShuffleDataset
from .._data.operations import Skip as SkipDataset
from .._data.operations import Take as TakeDataset
from .._data.operations import Zip as ZipDataset
from .._data.pipeline import Dataset as Dataset
from .._data.pipeline import MappableDataset as MappableDataset
from .._data.pipeline import Shuffle as Shuffle
from .._data.pipeline import SourceDataset as SourceDataset
from .._data.samplers import DistributedSampler as DistributedSampler
from .._data.samplers import RandomSampler as RandomSampler
from .._data.samplers import Sampler as Sampler
from .._data.samplers import SequentialSampler as SequentialSampler
from .._data.samplers import SubsetRandomSampler as SubsetRandomSampler
from .._data.samplers import SubsetSampler as SubsetSampler
from .._data.schema import Schema as Schema
from .._data.sources import Cifar10Dataset as Cifar10Dataset
from .._data.sources import Cifar100Dataset as Cifar100Dataset
from .._data.sources import DatasetCache as DatasetCache
from .._data.sources import FashionMnistDataset as FashionMnistDataset
from .._data.sources import GeneratorDataset as GeneratorDataset
from .._data.sources import ImageFolderDataset as ImageFolderDataset
from .._data.sources import MnistDataset as MnistDataset
from .._data.sources import NumpySlicesDataset as NumpySlicesDataset
from .._data.sources import PaddedDataset as PaddedDataset
from .._data.tfrecord import TFRecordDataset as TFRecordDataset
from .._engine.unsupported import install_stubs as _install_stubs
from .._engine.unsupported import module_getattr as _module_getattr
from . import config as config
from . import engine as engine
from . import text as text
from . import transforms as transforms
from . import vision as vision
from .config import set_seed as set_seed


def zip(datasets):  # noqa: A001 (MindSpore's name)
    """``dataset.zip(datasets)``: the columns of a tuple of datasets side by side (the
    datasets' column names must differ), as ``datasets[0].zip(datasets[1:])``."""
    from .._data.operations import Zip
    if not isinstance(datasets, tuple):
        raise TypeError(f"Argument datasets with value {datasets} is not of type [<class "
                        f"'tuple'>], but got {type(datasets)}.")
    if len(datasets) < 2:
        raise ValueError("Can't zip empty or just one dataset!")
    return Zip(list(datasets))

__all__ = ["BatchDataset", "ConcatDataset", "MapDataset", "ProjectDataset", "RenameDataset",
           "RepeatDataset", "ShuffleDataset", "SkipDataset", "TakeDataset", "ZipDataset",
           "Dataset", "MappableDataset", "SourceDataset", "GeneratorDataset", "MindDataset",
           "NumpySlicesDataset", "MnistDataset",
           "Cifar10Dataset", "Cifar100Dataset", "FashionMnistDataset", "ImageFolderDataset",
           "CelebADataset",
           "vision", "text", "transforms", "config", "engine",
           "DistributedSampler", "RandomSampler", "Sampler", "SequentialSampler",
           "SubsetRandomSampler", "SubsetSampler", "TFRecordDataset", "DatasetCache", "zip",
           "set_seed", "Shuffle", "PaddedDataset", "Schema"]
__getattr__ = _module_getattr("mindspore.dataset")
# ``mindspore.dataset`` is imported on first use (``mscompat.__getattr__``): its stand-in
# submodules (``dataset.audio``) are put in place now that it exists.
_install_stubs("mscompat")
