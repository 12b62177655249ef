"""The ``Checkpoint`` protobuf messages of ``checkpoint.proto``, built at run time.

The schema lives in a private descriptor pool, so no generated code is needed and a process
that also imports MindSpore (which registers its own ``checkpoint.proto``) sees no clash.

Example:
    >>> msg = Checkpoint()
    >>> v = msg.value.add(); v.tag = "w"; v.tensor.tensor_type = "Float32"
    >>> v.tensor.tensor_content = b"\\0" * 4; v.tensor.dims.append(1)
    >>> Checkpoint.FromString(msg.SerializeToString()).value[0].tag
    'w'
"""
from __future__ import annotations

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

_F = descriptor_pb2.FieldDescriptorProto


def _field(msg, name, number, label, type_, type_name=None, oneof=None):
    f = msg.field.add(name=name, number=number, label=label, type=type_)
    if type_name:
        f.type_name = type_name
    if oneof is not None:
        f.oneof_index = oneof


def _file() -> descriptor_pb2.FileDescriptorProto:
    fd = descriptor_pb2.FileDescriptorProto(name="mscompat_checkpoint.proto", syntax="proto2")
    ckpt = fd.message_type.add(name="Checkpoint")
    _field(ckpt, "value", 1, _F.LABEL_REPEATED, _F.TYPE_MESSAGE, ".Checkpoint.Value")
    value = ckpt.nested_type.add(name="Value")
    value.oneof_decl.add(name="value")
    _field(value, "tag", 1, _F.LABEL_REQUIRED, _F.TYPE_STRING)
    _field(value, "tensor", 2, _F.LABEL_OPTIONAL, _F.TYPE_MESSAGE, ".TensorProto", 0)
    _field(value, "maptensor", 3, _F.LABEL_OPTIONAL, _F.TYPE_MESSAGE, ".MapTensorProto", 0)
    tensor = fd.message_type.add(name="TensorProto")
    _field(tensor, "dims", 1, _F.LABEL_REPEATED, _F.TYPE_INT64)
    _field(tensor, "tensor_type", 2, _F.LABEL_REQUIRED, _F.TYPE_STRING)
    _field(tensor, "tensor_content", 3, _F.LABEL_REQUIRED, _F.TYPE_BYTES)
    maps = fd.message_type.add(name="MapTensorProto")
    _field(maps, "tensor", 1, _F.LABEL_REPEATED, _F.TYPE_MESSAGE, ".TensorProto")
    return fd


_POOL = descriptor_pool.DescriptorPool()
_POOL.Add(_file())
Checkpoint = message_factory.GetMessageClass(_POOL.FindMessageTypeByName("Checkpoint"))
