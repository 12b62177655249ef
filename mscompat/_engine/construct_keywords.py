"""Cells of ``nn`` and ``mint.nn`` called with MindSpore's ``construct`` keyword names.

``loss_fn(logits=out, labels=y)``, ``nn.ReLU()(input=x)``: MindSpore's ``construct`` names
its inputs (recorded in ``ms_keywords.CONSTRUCTS``); mscompat's may name them differently or
take ``*inputs`` (the table-made losses). A keyword the mscompat ``construct`` does not take
is moved to its MindSpore position. A user's own ``construct`` is never touched.

Example:
    >>> import numpy as np, mscompat as ms
    >>> loss = ms.nn.MSELoss()
    >>> x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    >>> float(loss(logits=x, labels=x * 0))
    2.5
"""
from __future__ import annotations

import functools
import inspect

from . import ms_keywords


@functools.cache
def _names(cls: type):
    """(MindSpore's parameter lists for the mscompat class defining ``cls.construct``, the
    names that ``construct`` takes by keyword), or None for a user's ``construct``."""
    owner = next((c for c in cls.__mro__ if "construct" in vars(c)), None)
    if owner is None or not owner.__module__.startswith("mscompat."):
        return None
    from .. import mint, nn
    recorded = [ms_keywords.CONSTRUCTS[f"{prefix}.{owner.__name__}"]
                for prefix, module in (("nn", nn), ("mint.nn", mint.nn))
                if getattr(module, owner.__name__, None) is owner
                and f"{prefix}.{owner.__name__}" in ms_keywords.CONSTRUCTS]
    if not recorded:
        return None
    params = inspect.signature(owner.construct).parameters.values()
    own = {p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    return recorded, own, owner.__name__


def bind(cls: type, args: tuple, kwargs: dict) -> tuple[tuple, dict]:
    """``(args, kwargs)`` for the mscompat ``construct``, MindSpore's names moved to their
    positions (a gap before one takes MindSpore's default)."""
    found = _names(cls)
    if found is None or all(k in found[1] for k in kwargs):
        return args, kwargs
    recorded, own, owner = found
    foreign = [k for k in kwargs if k not in own]
    params = next((p for p in recorded if all(k in {n for n, _ in p} for k in foreign)), None)
    if params is None:
        unknown = next(k for k in foreign if all(k not in {n for n, _ in p} for p in recorded))
        raise TypeError(f"{owner}.construct() got an unexpected keyword argument '{unknown}'")
    names = [n for n, _ in params]
    moved = {k for k in kwargs if k in names}
    for key in moved:
        if names.index(key) < len(args):
            raise TypeError(f"{owner}.construct() got multiple values for argument '{key}'")
    last = max(names.index(k) for k in moved)
    out = list(args)
    for name, default in params[len(args):last + 1]:
        if name in kwargs:
            out.append(kwargs[name])
        elif default == ms_keywords.REQUIRED:
            raise TypeError(f"{owner}.construct() missing 1 required positional argument: "
                            f"'{name}'")
        elif default == ms_keywords.UNRECORDED:
            raise NotImplementedError(f"{owner}.construct: '{name}' left to its "
                                      "default while a later input is given by keyword")
        else:
            out.append(default)
    return tuple(out), {k: v for k, v in kwargs.items() if k not in moved}
