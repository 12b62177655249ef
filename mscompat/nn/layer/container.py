"""``nn.SequentialCell``, ``nn.CellList`` and ``nn.CellDict`` with MindSpore's indexing,
errors and Parameter naming.

A container holds its Cells under keys (``'0'``, ``'1'``... or the given names). A Cell
put in is named from the container's own place in the network: ``net.seq.append(cell)``
names the new Parameters ``seq.<index>.weight``, the prefix read back from the Parameters
already there, as MindSpore reads it; inserting or deleting renumbers the Parameters
after the place.

Example:
    >>> import mscompat as ms
    >>> class Net(ms.nn.Cell):
    ...     def __init__(self):
    ...         super().__init__()
    ...         self.layers = ms.nn.CellList([ms.nn.Dense(2, 2)])
    >>> net = Net()
    >>> net.layers.append(ms.nn.Dense(2, 2))
    >>> [p.name for p in net.get_parameters()]
    ['layers.0.weight', 'layers.0.bias', 'layers.1.weight', 'layers.1.bias']
"""
from __future__ import annotations

from collections import OrderedDict, abc

from ..._engine.cell import Cell


def _valid_index(count: int, index, cls_name: str) -> int:
    if not isinstance(index, int) or isinstance(index, bool):
        raise TypeError(f"For '{cls_name}', the type of 'index' must be int, but got "
                        f"{type(index).__name__}.")
    if not -count <= index < count:
        raise IndexError(f"For '{cls_name}', the value of 'index' must be a number in range "
                         f"[{-count}, {count}), but got {index}.")
    return index % count


def _valid_insert_index(count: int, index, cls_name: str) -> int:
    if not isinstance(index, int) or isinstance(index, bool):
        raise TypeError(f"For '{cls_name}', the type of 'index' must be int, but got "
                        f"{type(index).__name__}.")
    if not -count <= index <= count:
        raise IndexError(f"For '{cls_name}', the value of 'index' must be a number in range "
                         f"[{-count}, {count}], but got {index}.")
    return index % count if count and index != count else index


def _valid_cell(cell, cls_name: str) -> None:
    if not isinstance(cell, Cell):
        raise TypeError(f"For '{cls_name}', each cell must be subclass of Cell, but got "
                        f"{type(cell).__name__}.")


def _prefix_and_depth(cells: OrderedDict) -> tuple[str, int]:
    """The container's place in the network, read from the first Parameters' names: for
    ``seq.0.weight`` under key ``'0'``, the prefix ``'seq.'`` and the key's depth 1 (a
    second Parameter settles which part is the key when names repeat one)."""
    firsts = []
    for key, cell in cells.items():
        param = next(iter(cell.get_parameters()), None)
        if param is not None:
            firsts.append((key, param.name.split(".")))
            if len(firsts) == 2:
                break
    prefix, depth = "", 0
    if not firsts:
        return prefix, depth
    key, parts = firsts[0]
    for i, part in enumerate(parts):
        if part == key:
            prefix = ".".join(parts[:i])
            prefix, depth = (prefix + "." if prefix else prefix), i
            if len(firsts) > 1 and firsts[1][1][i:i + 1] == [firsts[1][0]]:
                break
    return prefix, depth


def _rename(cell: Cell, prefix: str, index: int, depth: int) -> None:
    """Parameters of a Cell that moved to ``index``: the part after the old key kept."""
    for param in cell.get_parameters():
        param.name = f"{prefix}{index}." + ".".join(param.name.split(".")[depth + 1:])


class _CellSequence(Cell):
    """What SequentialCell and CellList share: integer indexing and renumbering."""

    def _put(self, key: str, cell: Cell) -> None:
        self._cells[key] = cell
        self.__dict__["_param_cache"] = None
        self.__dict__.pop("_rewritten_run", None)

    def _reorder(self, cells: OrderedDict) -> None:
        self._cells.clear()
        self._cells.update(cells)
        self.__dict__["_param_cache"] = None
        self.__dict__.pop("_rewritten_run", None)

    def __len__(self) -> int:
        return len(self._cells)

    def set_grad(self, flag: bool = True) -> None:
        """MindSpore's container ``set_grad``: the flag on this Cell and every child (and
        None returned, unlike ``Cell.set_grad``)."""
        self.__dict__["requires_grad"] = flag
        for cell in self._cells.values():
            cell.set_grad(flag)

    def __bool__(self) -> bool:
        return len(self._cells) != 0

    def __iter__(self):
        return iter(self._cells.values())

    def _insert(self, index: int, cell: Cell) -> None:
        name = type(self).__name__
        at = _valid_insert_index(len(self), index, name)
        _valid_cell(cell, name)
        prefix, depth = _prefix_and_depth(self._cells)
        cells = list(self._cells.values())
        for i in range(len(cells) - 1, at - 1, -1):  # the ones after move up by one
            if self._auto_prefix:
                _rename(cells[i], prefix, i + 1, depth)
            self._put(str(i + 1), cells[i])
        self._put(str(at), cell)
        if self._auto_prefix:
            cell.update_parameters_name(f"{prefix}{at}.")

    def _append(self, cell: Cell, prefix: str | None = None) -> None:
        _valid_cell(cell, type(self).__name__)
        if self._auto_prefix:
            if prefix is None:
                prefix = _prefix_and_depth(self._cells)[0]
            cell.update_parameters_name(f"{prefix}{len(self)}.")
        self._put(str(len(self)), cell)

    def _delete(self, index, numbered: list) -> list:
        """Removes ``index`` (an int or a slice); returns the ``numbered`` flags kept."""
        name = type(self).__name__
        keys = list(self._cells)
        if isinstance(index, slice):
            gone = keys[index]
        elif isinstance(index, int) and not isinstance(index, bool):
            gone = [keys[_valid_index(len(self), index, name)]]
        else:
            raise TypeError(f"For '{name}', the type of index must be int type or slice type, "
                            f"but got {type(index).__name__}")
        kept = [(k, c, n) for (k, c), n in zip(self._cells.items(), numbered) if k not in gone]
        for k in gone:
            del self._cells[k]
        prefix, depth = _prefix_and_depth(self._cells)
        cells = OrderedDict()
        for i, (key, cell, is_numbered) in enumerate(kept):
            if is_numbered:
                if self._auto_prefix:
                    _rename(cell, prefix, i, depth)
                key = str(i)
            cells[key] = cell
        self._reorder(cells)
        return [n for _, _, n in kept]


class SequentialCell(_CellSequence):
    """``nn.SequentialCell(*args)``: calls its Cells in order. Takes Cells, one Cell, a
    list of Cells, or an OrderedDict (its keys name the Cells).

    Example:
        >>> import numpy as np
        >>> import mscompat as ms
        >>> seq = ms.nn.SequentialCell(ms.nn.Dense(3, 2), ms.nn.ReLU())
        >>> seq(ms.Tensor(np.ones((1, 3), np.float32))).shape
        (1, 2)
    """

    def __init__(self, *args) -> None:
        super().__init__()
        self.__dict__["_numbered"] = []  # keys MindSpore renumbers (not OrderedDict names)
        if len(args) == 1 and not isinstance(args[0], Cell):
            cells = args[0]
            if isinstance(cells, OrderedDict):
                items = [(k, c, False) for k, c in cells.items()]
            elif isinstance(cells, list):
                items = [(str(i), c, True) for i, c in enumerate(cells)]
            else:
                raise TypeError(f"For '{type(self).__name__}', the 'args[0]' must be Cell, list "
                                f"or orderedDict, but got {type(cells).__name__}")
        else:
            items = [(str(i), c, True) for i, c in enumerate(args)]
        for key, cell, numbered in items:
            _valid_cell(cell, type(self).__name__)
            self._put(key, cell)
            cell.update_parameters_name(key + ".")
            self._numbered.append(numbered)

    @property
    def cell_list(self) -> list:
        return list(self._cells.values())

    def __getitem__(self, index):
        if isinstance(index, slice):
            return type(self)(OrderedDict(list(self._cells.items())[index]))
        return list(self._cells.values())[_valid_index(len(self), index, type(self).__name__)]

    def __setitem__(self, index, cell) -> None:
        name = type(self).__name__
        _valid_cell(cell, name)
        prefix = _prefix_and_depth(self._cells)[0]
        key = list(self._cells)[_valid_index(len(self), index, name)]
        self._put(key, cell)
        cell.update_parameters_name(prefix + key + ".")

    def __delitem__(self, index) -> None:
        self.__dict__["_numbered"] = self._delete(index, self._numbered)

    def append(self, cell: Cell) -> None:
        self._append(cell)
        self._numbered.append(True)

    def _insert(self, index: int, cell: Cell) -> None:
        super()._insert(index, cell)
        self._numbered.insert(index, True)

    def construct(self, input_data):
        for cell in self.__dict__.get("_rewritten_run") or self._cells.values():
            input_data = cell(input_data)
        return input_data


class CellList(_CellSequence):
    """``nn.CellList(args=None, auto_prefix=True)``: Cells held as a list (not called in
    order: ``construct`` is the user's loop over it).

    Example:
        >>> import mscompat as ms
        >>> cells = ms.nn.CellList([ms.nn.ReLU()])
        >>> cells.insert(0, ms.nn.Tanh())
        >>> [type(c).__name__ for c in cells]
        ['Tanh', 'ReLU']
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(auto_prefix=kwargs.get("auto_prefix", True))
        if len(args) == 1:
            self.extend(args[0])

    def __getitem__(self, index):
        name = type(self).__name__
        if isinstance(index, slice):
            return CellList(list(self._cells.values())[index])
        if isinstance(index, int) and not isinstance(index, bool):
            return self._cells[str(_valid_index(len(self), index, name))]
        raise TypeError(f"For '{name}', the type of 'index' must be int or slice, but got "
                        f"{type(index).__name__}.")

    def __setitem__(self, index, cell) -> None:
        name = type(self).__name__
        _valid_cell(cell, name)
        if not isinstance(index, int) or isinstance(index, bool):
            raise TypeError(f"For '{name}', the type of 'index' must be int, but got "
                            f"{type(index).__name__}.")
        index = _valid_index(len(self), index, name)
        if self._auto_prefix:
            cell.update_parameters_name(f"{_prefix_and_depth(self._cells)[0]}{index}.")
        self._put(str(index), cell)

    def __delitem__(self, index) -> None:
        if not isinstance(index, (int, slice)) or isinstance(index, bool):
            raise TypeError(f"For '{type(self).__name__}', the type of 'index' must be int or "
                            f"slice, but got {type(index).__name__}.")
        self._delete(index, [True] * len(self))

    def __iadd__(self, cells) -> CellList:
        return self.extend(cells)

    def insert(self, index: int, cell: Cell) -> None:
        self._insert(index, cell)

    def extend(self, cells) -> CellList:
        name = type(self).__name__
        if not isinstance(cells, list):
            raise TypeError(f"For '{name}', the new cells wanted to append should be instance "
                            f"of list, but got {type(cells).__name__}.")
        prefix = _prefix_and_depth(self._cells)[0]
        for cell in cells:
            if isinstance(cell, CellDict):
                raise TypeError(f"For '{name}', the type of cell can not be CellDict, but got "
                                f"{type(cell).__name__}.")
            self._append(cell, prefix)
        return self

    def append(self, cell: Cell) -> None:
        self._append(cell)

    def construct(self, *inputs):
        raise NotImplementedError("CellList is a container and has no construct.")


class CellDict(Cell):
    """``nn.CellDict(args=None, auto_prefix=True)``: Cells registered as children under
    string keys (a dict, or an iterable of (key, Cell) pairs), in insertion order.

    Example:
        >>> import mscompat as ms
        >>> cells = ms.nn.CellDict({"act": ms.nn.ReLU()})
        >>> list(cells.keys())
        ['act']
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(auto_prefix=kwargs.get("auto_prefix", True))
        if len(args) == 1:
            self.update(args[0])

    def _check(self, key, cell) -> None:
        name = type(self).__name__
        if not isinstance(key, str):
            raise TypeError(f"For '{name}', the type of key should be string but got "
                            f"{type(key).__name__}.")
        if hasattr(self, key) and key not in self._cells:
            raise KeyError(f"For '{name}', the key can not be same with the attributes of Cell, "
                           f"but got key {key}.")
        if "." in key:
            raise KeyError(f"For '{name}', key can not contain \".\", but got key {key}")
        if key == "":
            raise KeyError(f"For '{name}', key can not be empty string \"\", but got key {key}")
        if cell is None:
            raise TypeError(f"For '{name}', cell can not be None.")
        if not isinstance(cell, Cell):
            raise TypeError(f"For '{name}', the type of cell should be Cell, but got "
                            f"{type(cell).__name__}.")
        if isinstance(cell, (CellDict, CellList, SequentialCell)):
            raise TypeError(f"For '{name}', the type of cell can not be CellDict, CellList or "
                            f"SequentialCell, but got {type(cell).__name__}.")

    def __getitem__(self, key) -> Cell:
        return self._cells[key]

    def __setitem__(self, key, cell) -> None:
        self._check(key, cell)
        if self._auto_prefix:
            cell.update_parameters_name(_prefix_and_depth(self._cells)[0] + key + ".")
        self._cells[key] = cell
        self.__dict__["_param_cache"] = None

    def __delitem__(self, key) -> None:
        del self._cells[key]
        self.__dict__["_param_cache"] = None

    def __len__(self) -> int:
        return len(self._cells)

    def __iter__(self):
        return iter(self._cells)

    def __contains__(self, key) -> bool:
        return key in self._cells

    def keys(self):
        return self._cells.keys()

    def values(self):
        return self._cells.values()

    def items(self):
        return self._cells.items()

    def clear(self) -> None:
        self._cells.clear()
        self.__dict__["_param_cache"] = None

    def pop(self, key) -> Cell:
        cell = self[key]
        del self[key]
        return cell

    def update(self, cells) -> None:
        if not isinstance(cells, abc.Iterable):
            raise TypeError(f"CellDict.update() should be called with an iterable of key-value "
                            f"pairs, but got {type(cells).__name__}")
        if isinstance(cells, (abc.Mapping, CellDict)):
            for key, cell in cells.items():
                self[key] = cell
            return
        for i, pair in enumerate(cells):
            if not isinstance(pair, abc.Iterable):
                raise TypeError(f"CellDict update sequence element #{i} should be Iterable; "
                                f"but got {type(pair).__name__}")
            if len(pair) != 2:
                raise ValueError(f"CellDict update sequence element #{i}, length should be 2; "
                                 f"but has length {len(pair)}")
            self[pair[0]] = pair[1]

    def construct(self, *inputs):
        raise NotImplementedError
