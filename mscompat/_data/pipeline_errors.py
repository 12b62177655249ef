"""The RuntimeError a dataset pipeline raises when one of its operations fails, in
MindSpore's layout: a transform's failure names it (``map operation: [Resize] failed.``),
a Python function's (or a Pillow-path transform's) carries the Python traceback under
``Python Call Stack``. The original exception stays attached as ``__cause__``.

Example:
    >>> from mscompat._data.pipeline_errors import pipeline_error
    >>> error = pipeline_error("map operation: [Resize] failed. bad size")
    >>> print(str(error).splitlines()[0].rstrip())
    Exception thrown from dataset pipeline. Refer to 'Dataset Pipeline Error Message'.
"""
from __future__ import annotations

import os
import traceback

_RULE = "-" * 66
_HERE = os.path.dirname(os.path.abspath(__file__))


def _section(title: str, body: str) -> str:
    return f"\n{_RULE}\n- {title}: \n{_RULE}\n{body}\n"


def pipeline_error(message: str) -> RuntimeError:
    """A transform's failure: ``[ERROR] message`` under ``Dataset Pipeline Error Message``
    (kept as ``transform_message``: inside ``map`` it becomes ``map operation: [Op] failed.
    message``)."""
    error = RuntimeError("Exception thrown from dataset pipeline. Refer to 'Dataset Pipeline "
                         "Error Message'. \n" +
                         _section("Dataset Pipeline Error Message", f"[ERROR] {message}"))
    error.transform_message = message
    return error


def source_width_error(names: int, returned: int) -> RuntimeError:
    """A GeneratorDataset source returning another number of arrays than its columns."""
    return RuntimeError(
        "Exception thrown from user defined Python function in dataset. \n" +
        _section("Python Call Stack",
                 f"Invalid Python function, the 'source' of 'GeneratorDataset' should return "
                 f"same number of NumPy arrays as specified in column_names, the size of "
                 f"column_names is:{names} and number of returned NumPy array is:{returned}") +
        _section("Dataset Pipeline Error Message", ""))


def type_error(name: str, value, types: tuple) -> TypeError:
    """MindSpore's ``type_check`` refusal of an argument (a bool shows the types as a tuple,
    as MindSpore's message does)."""
    shown = tuple(types) if isinstance(value, bool) else list(types)
    return TypeError(f"Argument {name} with value {value} is not of type {shown}, but got "
                     f"{type(value)}.")


def python_error(operation: str | None, error: BaseException) -> RuntimeError:
    """A Python function's failure inside ``operation`` (``map``, ``batch``...; None: the
    source, a generator or ``__getitem__``)."""
    tb = error.__traceback__
    while tb is not None and tb.tb_next is not None and \
            os.path.dirname(tb.tb_frame.f_code.co_filename) == _HERE:
        tb = tb.tb_next  # from the user's own code on
    stack = "".join(traceback.format_exception(type(error), error, tb)).rstrip()
    return RuntimeError(
        "Exception thrown from user defined Python function in dataset. \n" +
        _section("Python Call Stack", stack if operation is None else
                 f"{operation} operation: [PyFunc] failed. Error description:\n"
                 f"{type(error).__name__}: {stack}") +
        _section("Dataset Pipeline Error Message",
                 "[ERROR] Execute user Python code failed, check 'Python Call Stack' above."))


def call_user(operation: str | None, fn, *args):
    """``fn(*args)``, a user's Python function: its failure becomes ``python_error``
    (MindSpore's RuntimeError), as every user function of a pipeline does there."""
    try:
        return fn(*args)
    except Exception as e:
        if is_pipeline_error(e):
            raise
        raise python_error(operation, e) from e


def is_pipeline_error(error: BaseException) -> bool:
    return isinstance(error, RuntimeError) and str(error).startswith("Exception thrown from")
