"""``mscompat.hook``: run unchanged MindSpore code (``import mindspore``) on mscompat."""
from ._engine.import_hook import install, mindspore_alias, uninstall  # noqa: F401
