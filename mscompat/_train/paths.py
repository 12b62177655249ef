"""Directories the training callbacks write into, created as MindSpore creates them."""
from __future__ import annotations

import os


def make_directory(path: str, arg_name: str = "path") -> str:
    """Create ``path`` (mode 0o700) if it does not exist; returns its real path.

    Example:
        >>> import os, tempfile
        >>> d = make_directory(os.path.join(tempfile.mkdtemp(), "ckpt"))
        >>> os.path.isdir(d)
        True
    """
    if not isinstance(path, str):
        raise TypeError(f"The {arg_name} is invalid, the type should be string.")
    if not path.strip():
        raise ValueError(f"The {arg_name} is invalid, it should be non-blank.")
    real = os.path.realpath(path)
    if len(real) > 4096:
        raise ValueError(f"The {arg_name} length is too long, it should be limited in 4096.")
    if os.path.exists(real):
        if not os.path.isdir(real):
            raise NotADirectoryError(f"The path({real}) is a file path, it should be a "
                                     f"directory path.")
        return real
    try:
        os.makedirs(real, mode=0o700, exist_ok=True)
    except PermissionError as e:
        raise TypeError("No write permission on the directory.") from e
    return real
