"""The ``__init__`` of a Cell generated from a table row: MindSpore's parameters with their
defaults, bound as Python binds them (an unknown keyword, an extra positional argument or a
missing required one is Python's TypeError naming the class, as MindSpore's own
``__init__`` raises it).

Example:
    >>> str(signature((("alpha", 1.0),)))
    '(self, /, alpha=1.0)'
    >>> values("CELU", (("alpha", 1.0),), (), {"alpha": 2.0})
    {'alpha': 2.0}
    >>> values("CELU", (("alpha", 1.0),), (), {"alpah": 2.0})
    Traceback (most recent call last):
    ...
    TypeError: CELU.__init__() got an unexpected keyword argument 'alpah'
"""
from __future__ import annotations

import inspect

_EMPTY = inspect.Parameter.empty


def signature(init_args) -> inspect.Signature:
    """``(self, <name>=<default>, ...)`` for ``init_args`` (pairs; ``_EMPTY``: required)."""
    return inspect.Signature(
        [inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY)]
        + [inspect.Parameter(a, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=d)
           for a, d in init_args])


def values(cls_name: str, init_args, args: tuple, kwargs: dict,
           checks: dict | None = None) -> dict:
    """The argument values of ``cls_name(*args, **kwargs)`` by ``init_args``' order and
    defaults; ``checks`` ({argument: validator}) are MindSpore's checks of some of them."""
    names = [a for a, _ in init_args]
    where = f"{cls_name}.__init__()"
    if len(args) > len(names):
        raise TypeError(f"{where} takes {len(names) + 1} positional argument"
                        f"{'s' if names else ''} but {len(args) + 1} were given")
    for k in kwargs:
        if k not in names:
            raise TypeError(f"{where} got an unexpected keyword argument '{k}'")
        if names.index(k) < len(args):
            raise TypeError(f"{where} got multiple values for argument '{k}'")
    out = dict(init_args)
    out.update(zip(names, args))
    out.update(kwargs)
    unset = [k for k, v in out.items() if v is _EMPTY]
    if unset:
        listed = " and ".join(f"'{k}'" for k in unset)
        raise TypeError(f"{where} missing {len(unset)} required positional "
                        f"argument{'s' if len(unset) > 1 else ''}: {listed}")
    for k, check in (checks or {}).items():
        check(out[k])
    return out
