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
