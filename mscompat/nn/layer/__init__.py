"""Layers (``mindspore.nn.layer``)."""
from ..._engine.unsupported import module_getattr as _module_getattr  # noqa: E402
from .activation import *  # noqa: F401,F403
from .activation import ACTIVATIONS, LogSoftmax, PReLU, Softmax, get_activation  # noqa: F401
from .basic import (  # noqa: F401
    ClipByNorm,
    Dense,
    Dropout,
    Dropout1d,
    Dropout2d,
    Dropout3d,
    Flatten,
    Identity,
    Linear,
    MatMul,
    Norm,
    OneHot,
    Pad,
    Range,
    ReduceLogSumExp,
    Tril,
    Triu,
    ZeroPad2d,
)
from .channel import LRN, ChannelShuffle, Unflatten  # noqa: F401
from .combined import Conv2dBnAct, DenseBnAct  # noqa: F401
from .container import CellDict, CellList, SequentialCell  # noqa: F401
from .conv import (  # noqa: F401
    Conv1d,
    Conv1dTranspose,
    Conv2d,
    Conv2dTranspose,
    Conv3d,
    Conv3dTranspose,
)
from .embedding import Embedding, EmbeddingLookup  # noqa: F401
from .image import PSNR, SSIM, PixelShuffle, PixelUnshuffle, Upsample  # noqa: F401
from .math_cells import (  # noqa: F401
    CentralCrop,
    DiGamma,
    IGamma,
    L1Regularizer,
    LBeta,
    LGamma,
    MatDet,
    MatInverse,
    Moments,
    Roll,
)
from .normalization import (  # noqa: F401
    BatchNorm1d,
    BatchNorm2d,
    BatchNorm3d,
    GroupNorm,
    InstanceNorm1d,
    InstanceNorm2d,
    InstanceNorm3d,
    LayerNorm,
    SyncBatchNorm,
)
from .padding import *  # noqa: F401,F403
from .padding import PADDINGS  # noqa: F401
from .patches import Unfold  # noqa: F401
from .pooling import (  # noqa: F401
    AdaptiveAvgPool1d,
    AdaptiveAvgPool2d,
    AdaptiveMaxPool1d,
    AdaptiveMaxPool2d,
    AvgPool1d,
    AvgPool2d,
    AvgPool3d,
    MaxPool1d,
    MaxPool2d,
    MaxPool3d,
)
from .pooling_extra import AdaptiveAvgPool3d, BiDense, LPPool1d, LPPool2d  # noqa: F401
from .rnns import GRU, LSTM, RNN, GRUCell, LSTMCell, RNNCell  # noqa: F401
from .transformer import (  # noqa: F401
    MultiheadAttention,
    Transformer,
    TransformerDecoder,
    TransformerDecoderLayer,
    TransformerEncoder,
    TransformerEncoderLayer,
)
from .unpool_time import (  # noqa: F401
    AdaptiveMaxPool3d,
    ImageGradients,
    MaxUnpool1d,
    MaxUnpool2d,
    MaxUnpool3d,
    SparseToDense,
    TimeDistributed,
)

__getattr__ = _module_getattr("mindspore.nn")
