"""``mindspore.train._utils``: the helpers model-zoo scripts import from it."""
from __future__ import annotations

import os


def _make_directory(path: str, arg_name: str = "path") -> str:
    """Create ``path`` (mode 0o700) if it does not exist; returns its real path.

    Example:
        >>> import os, tempfile
        >>> d = _make_directory(os.path.join(tempfile.mkdtemp(), "ckpt"))
        >>> os.path.isdir(d)
        True
    """
    if not isinstance(path, str) or not path.strip():
        raise ValueError(f"The {arg_name} is invalid!")
    real = os.path.realpath(path)
    if len(real) > 4096:
        raise ValueError(f"The length of {arg_name} must be less than 4096, but got "
                         f"{len(real)}.")
    os.makedirs(real, mode=0o700, exist_ok=True)
    return real
