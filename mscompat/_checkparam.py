"""``mindspore._checkparam``: MindSpore's argument checks, with its exception classes and
messages (recorded from MindSpore 2.10), for model-zoo code that imports them and for
mscompat's own constructors.

Example:
    >>> from mscompat import _checkparam as validator
    >>> validator.check_positive_int(3, "num_layers", "LSTM")
    3
    >>> try:
    ...     validator.check_positive_int(0, "num_layers", "LSTM")
    ... except ValueError as e:
    ...     print(e)
    For 'LSTM', the 'num_layers' must be int and must > 0, but got '0' with type 'int'.
"""
from __future__ import annotations

import functools
import inspect
import math
from typing import Any

EQ, NE, LT, LE, GT, GE = 1, 2, 3, 4, 5, 6
INC_NEITHER, INC_LEFT, INC_RIGHT, INC_BOTH = 7, 8, 9, 10
IN, NOT_IN = 11, 12

_REL = {EQ: ("=", lambda a, b: a == b), NE: ("!=", lambda a, b: a != b),
        LT: ("<", lambda a, b: a < b), LE: ("<=", lambda a, b: a <= b),
        GT: (">", lambda a, b: a > b), GE: (">=", lambda a, b: a >= b)}
_RANGE = {INC_NEITHER: ("(", ")", lambda lo, v, hi: lo < v < hi),
          INC_LEFT: ("[", ")", lambda lo, v, hi: lo <= v < hi),
          INC_RIGHT: ("(", "]", lambda lo, v, hi: lo < v <= hi),
          INC_BOTH: ("[", "]", lambda lo, v, hi: lo <= v <= hi)}


def _head(arg_name: str | None, prim_name: str | None) -> str:
    """``For 'Prim', the 'arg'`` / ``The 'arg'`` / ``The input value``."""
    arg = f"'{arg_name}'" if arg_name else "input value"
    return f"For '{prim_name}', the {arg}" if prim_name else f"The {arg}"


def _check_number(arg_value, value, rel, kind: type, arg_name, prim_name):
    head = _head(arg_name, prim_name)
    sign, holds = _REL[rel]
    typ = type(arg_value).__name__
    if isinstance(arg_value, bool):
        raise TypeError(f"{head} must be {kind.__name__} and must {sign} {value}, but got "
                        f"'{arg_value}' with type '{typ}'.")
    if not isinstance(arg_value, kind):
        raise TypeError(f"{head} must be {kind.__name__}, but got '{typ}'")
    if isinstance(arg_value, float) and math.isnan(arg_value):
        raise ValueError(f"{head} must be a legal value, but got '{arg_value}'.")
    if not holds(arg_value, value):
        raise ValueError(f"{head} must be {kind.__name__} and must {sign} {value}, but got "
                         f"'{arg_value}' with type '{typ}'.")
    return arg_value


def check_int(arg_value, value, rel, arg_name=None, prim_name=None):
    """``arg_value`` is an int (not a bool) with ``arg_value <rel> value``."""
    return _check_number(arg_value, value, rel, int, arg_name, prim_name)


def check_equal_int(arg_value, value, arg_name=None, prim_name=None):
    return _check_number(arg_value, value, EQ, int, arg_name, prim_name)


def check_positive_int(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, GT, int, arg_name, prim_name)


def check_negative_int(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, LT, int, arg_name, prim_name)


def check_non_positive_int(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, LE, int, arg_name, prim_name)


def check_non_negative_int(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, GE, int, arg_name, prim_name)


def check_float(arg_value, value, rel, arg_name=None, prim_name=None):
    return _check_number(arg_value, value, rel, float, arg_name, prim_name)


def check_positive_float(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, GT, float, arg_name, prim_name)


def check_negative_float(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, LT, float, arg_name, prim_name)


def check_non_positive_float(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, LE, float, arg_name, prim_name)


def check_non_negative_float(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, GE, float, arg_name, prim_name)


def _check_range(arg_value, lower_limit, upper_limit, rel, kind, arg_name, prim_name):
    head = _head(arg_name, prim_name)
    if isinstance(arg_value, bool) or not isinstance(arg_value, kind):
        raise TypeError(f"{head} must be {kind.__name__}, but got "
                        f"'{type(arg_value).__name__}'")
    left, right, holds = _RANGE[rel]
    if not holds(lower_limit, arg_value, upper_limit):
        raise ValueError(f"{head} must be in range of {left}{lower_limit}, {upper_limit}"
                         f"{right}, but got {arg_value} with type "
                         f"'{type(arg_value).__name__}'.")
    return arg_value


def check_float_range(arg_value, lower_limit, upper_limit, rel, arg_name=None,
                      prim_name=None):
    return _check_range(arg_value, lower_limit, upper_limit, rel, float, arg_name, prim_name)


def check_int_range(arg_value, lower_limit, upper_limit, rel, arg_name=None, prim_name=None):
    return _check_range(arg_value, lower_limit, upper_limit, rel, int, arg_name, prim_name)


def check_is_int(arg_value, arg_name=None, prim_name=None):
    if isinstance(arg_value, bool) or not isinstance(arg_value, int):
        head = f"For '{prim_name}', the" if prim_name else "The"
        raise TypeError(f"{head} type of '{arg_name}' must be 'int', but got "
                        f"'{type(arg_value).__name__}'.")
    return arg_value


def check_is_float(arg_value, arg_name=None, prim_name=None):
    if not isinstance(arg_value, float):
        head = f"For '{prim_name}', the" if prim_name else "The"
        raise TypeError(f"{head} type of '{arg_name}' must be 'float', but got "
                        f"'{type(arg_value).__name__}'.")
    return arg_value


def check_number(arg_name, arg_value, value, rel, prim_name):
    sign, holds = _REL[rel]
    if not holds(arg_value, value):
        raise ValueError(f"For '{prim_name}', the argument '{arg_name}' must {sign} {value}, "
                         f"but got {arg_value}.")
    return arg_value


def check_bool(arg_value, arg_name=None, prim_name=None):
    if not isinstance(arg_value, bool):
        raise TypeError(f"{_head(arg_name, prim_name)} must be a bool, but got "
                        f"{type(arg_value).__name__}.")
    return arg_value


def check_string(arg_value, valid_values, arg_name=None, prim_name=None):
    if isinstance(arg_value, str) and arg_value in valid_values:
        return arg_value
    raise ValueError(f"{_head(arg_name, prim_name)} must be str and must be in "
                     f"'{list(valid_values)}', but got '{arg_value}'.")


def check_value_type(arg_name, arg_value, valid_types, prim_name=None) -> Any:
    """``arg_value`` is an instance of one of ``valid_types`` (a bool is not an int unless
    ``bool`` is listed)."""
    valid = tuple(valid_types) if isinstance(valid_types, (list, tuple)) else (valid_types,)
    ok = isinstance(arg_value, valid) and not (isinstance(arg_value, bool)
                                               and bool not in valid)
    if ok:
        return arg_value
    names = [t.__name__ for t in valid]
    want = f"'{names[0]}'" if len(names) == 1 else f"one of '{names}'"
    head = f"For '{prim_name}', the" if prim_name else "The"
    raise TypeError(f"{head} type of '{arg_name}' should be {want}, but got type "
                    f"'{type(arg_value).__name__}'.")


def check_isinstance(arg_name, arg_value, classes):
    if not isinstance(arg_value, classes):
        raise ValueError(f"The parameter '{arg_name}' must be isinstance of {classes}, but got "
                         f"{arg_value}.")
    return arg_value


def _expand_tuple(n: int):
    def convert(m):
        """An int as an ``n``-tuple; a tuple of ``n`` ints as it is (a list is refused)."""
        if not isinstance(m, tuple):
            if isinstance(m, int) and not isinstance(m, bool):
                return (m,) * n
            raise TypeError(f"When expanding an int number to tuple, input type must be "
                            f"integer or tuple[int], but got {type(m)}")
        if len(m) != n:
            raise TypeError(f"When expanding an int number to tuple, input tuple dimension "
                            f"must be {n}, but got {m}")
        for i in m:
            if not isinstance(i, int) or isinstance(i, bool):
                raise TypeError(f"When expanding an int number to tuple, the type of element "
                                f"in input tuple must be an integer, but got {type(i)}.")
        return m
    return convert


once, twice, triple = _expand_tuple(1), _expand_tuple(2), _expand_tuple(3)


def check_3d_int_or_tuple(arg_name, arg_value, prim_name, allow_five=False, ret_five=False,
                          greater_zero=True, third_one=False, three_input=False,
                          pad_value=1) -> tuple:
    """A positive int or a tuple of three (or five, ``allow_five``) as a 3-tuple (a 5-tuple
    led by ``pad_value`` with ``ret_five``); ``third_one``: its depth must be 1.

    Example:
        >>> check_3d_int_or_tuple("stride", 2, "Conv3d")
        (2, 2, 2)
    """
    five = "or five " if allow_five else ""

    def fail(value=arg_value):
        raise ValueError(f"For '{prim_name}', the parameter '{arg_name}' must be an positive "
                         f"integer or a tuple of three {five}positive integer, but got {value}")

    check_value_type(arg_name, arg_value, (int, tuple), prim_name)
    if three_input and isinstance(arg_value, tuple) and len(arg_value) != 3:
        raise ValueError(f"For '{prim_name}', the parameter '{arg_name}' must be an positive "
                         f"integer or a tuple of three positive integer, but got {arg_value}.")
    if isinstance(arg_value, int):
        value = (arg_value,) * 3
    elif len(arg_value) == 3 or (len(arg_value) == 5 and allow_five):
        value = tuple(arg_value[-3:])
    else:
        fail()
    ret = (pad_value, pad_value) + value if ret_five else value
    if isinstance(arg_value, tuple) and len(arg_value) == 5 and ret_five:
        ret = arg_value
    for item in ret:
        if not isinstance(item, int) or isinstance(item, bool) or \
                not (item > 0 if greater_zero else item >= 0):
            fail(ret)
    if third_one and ret[-3] != 1:
        raise ValueError(f"For '{prim_name}', the depth of parameter '{arg_name}' must be 1, "
                         f"but got {ret[-3]}.")
    return ret


__all__ = ["EQ", "NE", "LT", "LE", "GT", "GE", "INC_NEITHER", "INC_LEFT", "INC_RIGHT",
           "INC_BOTH", "IN", "NOT_IN", "check_int", "check_equal_int", "check_positive_int",
           "check_negative_int", "check_non_positive_int", "check_non_negative_int",
           "check_float", "check_positive_float", "check_negative_float",
           "check_non_positive_float", "check_non_negative_float", "check_float_range",
           "check_int_range", "check_is_int", "check_is_float", "check_number", "check_bool",
           "check_string", "check_value_type", "check_isinstance", "args_type_check",
           "once", "twice", "triple", "check_3d_int_or_tuple"]


def args_type_check(*type_args, **type_kwargs):
    """Decorator: arguments bound to the given types (``None`` always passes) raise
    ``TypeError: The parameter 'x' must be <types>, but got <type>``, as MindSpore's.

    Example:
        >>> @args_type_check(n=int)
        ... def f(n=None):
        ...     return n
        >>> f(3)
        3
    """
    def type_check(func):
        sig = inspect.signature(func)
        bound_types = sig.bind_partial(*type_args, **type_kwargs).arguments

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            types_ = bound_types.get("kwargs", bound_types)
            values = sig.bind(*args, **kwargs).arguments
            values = values.get("kwargs", values) if "kwargs" in values else values
            for name, value in values.items():
                if name in types_ and value is not None and \
                        not isinstance(value, types_[name]):
                    raise TypeError(f"The parameter '{name}' must be {types_[name]}, but got "
                                    f"{type(value)}")
            return func(*args, **kwargs)
        return wrapper
    return type_check
