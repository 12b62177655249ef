"""``nn.SequentialCell`` and ``nn.CellList``."""
from __future__ import annotations

from collections import OrderedDict

from ..._engine.cell import Cell


class SequentialCell(Cell):
    """Calls its cells in order: ``nn.SequentialCell([nn.Dense(2, 3), nn.ReLU()])``."""

    def __init__(self, *args) -> None:
        super().__init__()
        cells = args[0] if len(args) == 1 and isinstance(args[0], (list, OrderedDict)) else args
        items = cells.items() if isinstance(cells, OrderedDict) else \
            ((str(i), c) for i, c in enumerate(cells))
        for name, cell in items:
            if not isinstance(cell, Cell):
                raise TypeError(f"For 'SequentialCell', each cell must be a Cell, but got "
                                f"{type(cell).__name__}.")
            setattr(self, name, cell)

    def __getitem__(self, index):
        cells = list(self._cells.values())
        if isinstance(index, slice):
            return SequentialCell(cells[index])
        return cells[index]

    def __len__(self) -> int:
        return len(self._cells)

    def append(self, cell: Cell) -> None:
        setattr(self, str(len(self._cells)), cell)

    def construct(self, x):
        for cell in self._cells.values():
            x = cell(x)
        return x


class CellList(Cell):
    """A list of Cells registered as children: ``nn.CellList([...])``."""

    def __init__(self, args=None) -> None:
        super().__init__()
        for cell in args or ():
            self.append(cell)

    def append(self, cell: Cell) -> None:
        setattr(self, str(len(self._cells)), cell)

    def extend(self, cells) -> CellList:
        for c in cells:
            self.append(c)
        return self

    def __getitem__(self, index):
        return list(self._cells.values())[index]

    def __len__(self) -> int:
        return len(self._cells)

    def __iter__(self):
        return iter(self._cells.values())

    def construct(self, *inputs):
        raise NotImplementedError("CellList is a container and has no construct.")


class CellDict(Cell):
    """``nn.CellDict(args=None)``: Cells registered as children under string keys (a dict,
    or an iterable of (key, Cell) pairs), in insertion order."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__()
        if args:
            self.update(args[0])

    def _check(self, key, cell) -> None:
        if not isinstance(key, str):
            raise TypeError(f"For 'CellDict', the type of key should be string but got "
                            f"{type(key).__name__}.")
        if "." in key:
            raise KeyError(f"For 'CellDict', key can not contain \".\", but got key {key}")
        if not isinstance(cell, Cell):
            raise TypeError(f"For 'CellDict', the type of cell should be Cell, but got "
                            f"{type(cell).__name__}.")

    def __getitem__(self, key) -> Cell:
        return self._cells[key]

    def __setitem__(self, key, cell) -> None:
        self._check(key, cell)
        setattr(self, key, cell)

    def __delitem__(self, key) -> None:
        del self._cells[key]

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

    def pop(self, key) -> Cell:
        cell = self[key]
        del self[key]
        return cell

    def update(self, cells) -> None:
        pairs = cells.items() if hasattr(cells, "items") else cells
        for key, cell in pairs:
            self[key] = cell

    def construct(self, *inputs):
        raise NotImplementedError
