"""``tf.train.Example`` (TensorFlow's ``feature.proto``/``example.proto``) as protobuf
classes built at run time in a private descriptor pool: no TensorFlow and no generated code.
Standalone (no package imports), so tools can load it by path.

Example:
    >>> e = Example()
    >>> e.features.feature["label"].int64_list.value.append(3)
    >>> Example.FromString(e.SerializeToString()).features.feature["label"].int64_list.value[0]
    3
"""
from __future__ import annotations

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

_F = descriptor_pb2.FieldDescriptorProto


def _example_class():
    fd = descriptor_pb2.FileDescriptorProto(name="mscompat_example.proto",
                                            package="mscompat_tf", syntax="proto3")

    def field(m, name, num, typ, type_name=None, label=_F.LABEL_OPTIONAL, oneof=None):
        f = m.field.add(name=name, number=num, label=label, type=typ)
        if type_name:
            f.type_name = f".mscompat_tf.{type_name}"
        if oneof is not None:
            f.oneof_index = oneof
        return f

    for name, typ in (("BytesList", _F.TYPE_BYTES), ("FloatList", _F.TYPE_FLOAT),
                      ("Int64List", _F.TYPE_INT64)):
        f = field(fd.message_type.add(name=name), "value", 1, typ, label=_F.LABEL_REPEATED)
        if typ != _F.TYPE_BYTES:
            f.options.packed = True
    feature = fd.message_type.add(name="Feature")
    feature.oneof_decl.add(name="kind")
    for num, (name, typ) in enumerate((("bytes_list", "BytesList"),
                                        ("float_list", "FloatList"),
                                        ("int64_list", "Int64List")), 1):
        field(feature, name, num, _F.TYPE_MESSAGE, typ, oneof=0)
    features = fd.message_type.add(name="Features")
    entry = features.nested_type.add(name="FeatureEntry")
    entry.options.map_entry = True
    field(entry, "key", 1, _F.TYPE_STRING)
    field(entry, "value", 2, _F.TYPE_MESSAGE, "Feature")
    field(features, "feature", 1, _F.TYPE_MESSAGE, "Features.FeatureEntry",
          label=_F.LABEL_REPEATED)
    field(fd.message_type.add(name="Example"), "features", 1, _F.TYPE_MESSAGE, "Features")
    pool = descriptor_pool.DescriptorPool()
    pool.Add(fd)
    return message_factory.GetMessageClass(pool.FindMessageTypeByName("mscompat_tf.Example"))


Example = _example_class()
