"""Registry for conformance cases.

A case is a plain function ``fn(ms)`` taking the framework module (real ``mindspore`` when
recording, ``mscompat`` when replaying) and returning a result (Tensors, tuples, lists, python
scalars, strings).  Exceptions propagate; the recorder stores them as error goldens.
"""
import os
from collections.abc import Callable
from dataclasses import dataclass

ALL_MODES = ("PYNATIVE", "GRAPH")


@dataclass
class Case:
    module: str        # case module name, e.g. "grad_fn" (also the golden file stem)
    name: str          # function name, unique inside the module
    fn: Callable
    modes: tuple[str, ...]
    rtol: float
    atol: float

    @property
    def id(self):
        return f"{self.module}::{self.name}"


CASES = []


def case(modes=ALL_MODES, rtol=1e-5, atol=1e-6):
    """Register ``fn`` as a conformance case run in each of ``modes``."""
    if isinstance(modes, str):
        modes = (modes,)
    for m in modes:
        if m not in ALL_MODES:
            raise ValueError(f"unknown mode {m!r}")

    def deco(fn):
        module = fn.__module__.rsplit(".", 1)[-1]
        for c in CASES:
            if c.module == module and c.name == fn.__name__:
                raise ValueError(f"duplicate case {module}::{fn.__name__}")
        CASES.append(Case(module, fn.__name__, fn, tuple(modes), rtol, atol))
        return fn

    return deco


# Long sweeps (hundreds of op calls, each compiled on first use) replay one item in
# ``CI_SHARE`` in CI (the ``CI`` variable set: 2 cores, a 20-minute budget); the recorder and
# local runs take every item. An item left out reads ``NOT_RUN``, which the replay skips.
NOT_RUN = "<not run in CI>"
CI_SHARE = 2


def sampled(items: list, run: Callable) -> list:
    """``[run(item) for item in items]``, or in CI ``NOT_RUN`` for all but every
    ``CI_SHARE``-th item."""
    ci = bool(os.environ.get("CI"))
    return [run(item) if not ci or k % CI_SHARE == 0 else NOT_RUN
            for k, item in enumerate(items)]
