"""``mindspore.dataset.engine``: the dataset classes under the path older scripts import
(``import mindspore.dataset.engine as de``); the same objects as ``mindspore.dataset``'s.

Example:
    >>> import mscompat.dataset as ds
    >>> from mscompat.dataset import engine as de
    >>> de.GeneratorDataset is ds.GeneratorDataset
    True
"""
from ..._data.mind_dataset import MindDataset as MindDataset
from ..._data.operations import Batch as BatchDataset
from ..._data.operations import Concat as ConcatDataset
from ..._data.operations import Map as MapDataset
from ..._data.operations import Project as ProjectDataset
from ..._data.operations import Rename as RenameDataset
from ..._data.operations import Repeat as RepeatDataset
from ..._data.operations import Shuffle as ShuffleDataset
from ..._data.operations import Skip as SkipDataset
from ..._data.operations import Take as TakeDataset
from ..._data.operations import Zip as ZipDataset
from ..._data.pipeline import Dataset as Dataset
from ..._data.samplers import DistributedSampler as DistributedSampler
from ..._data.samplers import RandomSampler as RandomSampler
from ..._data.samplers import Sampler as Sampler
from ..._data.samplers import SequentialSampler as SequentialSampler
from ..._data.samplers import SubsetRandomSampler as SubsetRandomSampler
from ..._data.samplers import SubsetSampler as SubsetSampler
from ..._data.sources import Cifar10Dataset as Cifar10Dataset
from ..._data.sources import Cifar100Dataset as Cifar100Dataset
from ..._data.sources import DatasetCache as DatasetCache
from ..._data.sources import FashionMnistDataset as FashionMnistDataset
from ..._data.sources import GeneratorDataset as GeneratorDataset
from ..._data.sources import ImageFolderDataset as ImageFolderDataset
from ..._data.sources import MnistDataset as MnistDataset
from ..._data.sources import NumpySlicesDataset as NumpySlicesDataset
from ..._data.tfrecord import TFRecordDataset as TFRecordDataset
from ..._engine.unsupported import module_getattr as _module_getattr

__all__ = ["BatchDataset", "ConcatDataset", "MapDataset", "ProjectDataset", "RenameDataset",
           "RepeatDataset", "ShuffleDataset", "SkipDataset", "TakeDataset", "ZipDataset",
           "Cifar10Dataset", "Cifar100Dataset", "Dataset", "DistributedSampler",
           "FashionMnistDataset", "GeneratorDataset", "ImageFolderDataset", "MindDataset",
           "MnistDataset", "NumpySlicesDataset", "RandomSampler", "Sampler",
           "SequentialSampler", "SubsetRandomSampler", "SubsetSampler", "TFRecordDataset",
           "DatasetCache"]
__getattr__ = _module_getattr("mindspore.dataset.engine")

from . import datasets as datasets  # noqa: E402  (over the names above)
