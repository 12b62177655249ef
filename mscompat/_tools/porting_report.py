"""The porting report: every MindSpore name a script uses, and whether mscompat has it.

The code is read, never run: imports of ``mindspore`` (any alias, ``from mindspore.nn import
Dense``, ``import mindspore.dataset as ds``) are followed through attribute chains
(``ms.nn.Dense``, ``nn.Dense``, ``ds.vision.Resize``) to fully qualified names. Each name is

- *provided*: it resolves in mscompat;
- *partial*: it resolves, but the script passes a keyword the mscompat signature does not
  accept, or mscompat's implementation raises NotImplementedError for some arguments (the
  note quotes which);
- *missing*: it does not resolve (running the script raises NotImplementedError naming it).
"""
from __future__ import annotations

import ast
import functools
import importlib
import inspect
import json
import re
import textwrap
import types
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from .._engine.unsupported import MissingAPIError

ROOT = "mindspore"
# Code already ported (``import mscompat as mindspore``) reports the same MindSpore names;
# mscompat's own modules are not MindSpore's and are left out.
_OWN_MODULES = ("testing", "jax", "porting", "hook")


def _ms_module(module: str) -> str | None:
    """``mindspore.x`` for an imported ``mindspore.x`` or ``mscompat.x``, else None."""
    head, _, rest = module.partition(".")
    if head == ROOT:
        return module
    if head == "mscompat" and rest.split(".")[0] not in _OWN_MODULES:
        return ROOT + (f".{rest}" if rest else "")
    return None
_MAGIC = re.compile(r"^\s*[%!]")


@dataclass
class NameUse:
    """One MindSpore name: its status, how often and where it is used, and why if partial."""
    name: str
    status: str = "provided"
    locations: list[str] = field(default_factory=list)
    keywords: set[str] = field(default_factory=set)
    positional: int = 0
    note: str = ""

    @property
    def uses(self) -> int:
        return len(self.locations)


_INSTANCE_ATTRIBUTE = object()  # ``Optimizer.parameters``: set on every instance


def _sets_attribute(cls: type, name: str) -> bool:
    """Whether some ``__init__`` in ``cls``'s MRO assigns ``self.<name>``."""
    n = re.escape(name)  # self.x = ..., self.x, self.y = ..., d["x"] = ... (its __dict__)
    pattern = re.compile(rf"\bself\.{n}\b[^=\n]*=[^=]|\[[\"']{n}[\"']\]\s*=[^=]")
    for klass in cls.__mro__:
        init = vars(klass).get("__init__")
        try:
            if init is not None and pattern.search(inspect.getsource(init)):
                return True
        except (OSError, TypeError):
            continue
    return False


@functools.cache
def _resolve(name: str):
    """The mscompat object for ``mindspore.a.b``, or None when mscompat lacks it (looked up
    once per name: the scanner asks for every use)."""
    import mscompat
    obj = mscompat
    for part in name.split(".")[1:]:
        try:
            obj = getattr(obj, part)
        except MissingAPIError:
            return None
        except AttributeError:
            if inspect.isclass(obj):
                return _INSTANCE_ATTRIBUTE if _sets_attribute(obj, part) else None
            if not isinstance(obj, types.ModuleType):
                return None
            try:
                obj = importlib.import_module(f"{obj.__name__}.{part}")
            except ImportError:
                return None
        if getattr(obj, "__mscompat_stub__", False):
            return None
    return obj


def provided(name: str) -> bool:
    """Whether ``mindspore.<...>`` resolves in mscompat."""
    return name == ROOT or _resolve(name) is not None


def _callables(obj) -> list:
    if inspect.isclass(obj):
        return [getattr(obj, m) for m in ("__init__", "construct", "__call__")
                if m in vars(obj)]
    return [obj] if callable(obj) else []


def _text(node: ast.AST) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(_text(v) if isinstance(v, ast.Constant) else "..." for v in node.values)
    return ""


def _unsupported_notes(obj) -> list[str]:
    """The messages of the ``raise NotImplementedError("... mscompat ...")`` in mscompat's
    implementation: the arguments it does not follow. (A bare ``raise NotImplementedError``,
    or one not naming mscompat, marks an abstract method, not a gap.)"""
    notes = []
    for fn in _callables(obj):
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
        except (OSError, TypeError, SyntaxError):
            continue
        for node in ast.walk(tree):
            exc = node.exc if isinstance(node, ast.Raise) else None
            if isinstance(exc, ast.Call) and getattr(exc.func, "id", "") == \
                    "NotImplementedError" and exc.args and "mscompat" in _text(exc.args[0]):
                notes.append(_text(exc.args[0]).strip().rstrip("."))
    return notes


def _parameters(obj) -> list[inspect.Parameter] | None:
    target = obj.__init__ if inspect.isclass(obj) else obj
    try:
        params = list(inspect.signature(target).parameters.values())
    except (TypeError, ValueError):
        return None
    if inspect.isclass(obj) and params and params[0].name == "self":
        params = params[1:]
    return params


def _classify(use: NameUse) -> None:
    """*partial* when the arguments this script passes reach what mscompat does not follow:
    a keyword the signature lacks (or one swallowed by ``**kwargs`` of an implementation that
    raises NotImplementedError), or an argument a NotImplementedError message names."""
    if use.name == ROOT:
        return
    obj = _resolve(use.name)
    if obj is None:
        use.status = "missing"
        return
    params = _parameters(obj)
    if params is None:
        return
    named = [p.name for p in params if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    passed = set(use.keywords) | set(named[:use.positional])
    has_var_kw = any(p.kind is p.VAR_KEYWORD for p in params)
    messages = _unsupported_notes(obj)
    extra = sorted(k for k in use.keywords if k not in named)
    notes = []
    if extra and not has_var_kw:
        notes += [f"keyword {k!r} is not accepted" for k in extra]
    elif extra and messages:
        notes.append(f"keywords {extra} are not supported")
    for message in messages:
        if any(re.search(rf"\b{re.escape(k)}\b", message) for k in passed):
            notes.append(message)
    # op-table rows: MindSpore parameters accepted only at their MindSpore default
    for k in sorted(passed & set(getattr(obj, "__mscompat_unsupported__", ()))):
        notes.append(f"{k}= is accepted only at its MindSpore default")
    if notes:
        use.status = "partial"
        use.note = "; ".join(dict.fromkeys(notes))


class _Scanner(ast.NodeVisitor):
    def __init__(self, filename: str, uses: dict[str, NameUse]) -> None:
        self.filename = filename
        self.uses = uses
        self.aliases: dict[str, str] = {}

    def _add(self, name: str, node: ast.AST, keywords: Iterable[str] = (),
             positional: int = 0) -> None:
        use = self.uses.setdefault(name, NameUse(name))
        use.locations.append(f"{self.filename}:{node.lineno}")
        use.keywords.update(keywords)
        use.positional = max(use.positional, positional)

    def visit_Import(self, node: ast.Import) -> None:
        for a in node.names:
            name = _ms_module(a.name)
            if name is not None:
                head = a.name.partition(".")[0]
                self.aliases[a.asname or head] = name if a.asname else _ms_module(head)
                self._add(name, node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        mod = _ms_module(node.module or "")
        if node.level or mod is None:
            return
        for a in node.names:
            if a.name == "*":
                self._add(f"{mod}.*", node)
                continue
            full = f"{mod}.{a.name}"
            self.aliases[a.asname or a.name] = full
            self._add(full, node)

    def _qualify(self, node: ast.AST) -> str | None:
        parts = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if isinstance(node, ast.Name) and node.id in self.aliases:
            return ".".join([self.aliases[node.id], *reversed(parts)])
        return None

    def visit_Call(self, node: ast.Call) -> None:
        name = self._qualify(node.func)
        if name is not None:
            n_pos = sum(1 for a in node.args if not isinstance(a, ast.Starred))
            self._add(name, node, (k.arg for k in node.keywords if k.arg), n_pos)
            for arg in [*node.args, *node.keywords]:
                self.visit(arg)
            return
        self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        name = self._qualify(node)
        if name is not None:
            self._add(name, node)
        else:
            self.generic_visit(node)

    def visit_Name(self, node: ast.Name) -> None:
        # a bare use of an imported name (``Dense``, ``nn``) after its import line
        if node.id in self.aliases and isinstance(node.ctx, ast.Load):
            full = self.aliases[node.id]
            if full != ROOT and "." in full and not _is_module(full):
                self._add(full, node)


def _is_module(name: str) -> bool:
    return isinstance(_resolve(name), types.ModuleType)


def _sources(path: Path) -> Iterable[tuple[str, str]]:
    files = sorted(p for p in path.rglob("*") if p.suffix in (".py", ".ipynb")) \
        if path.is_dir() else [path]
    for f in files:
        label = str(f.relative_to(path)) if path.is_dir() else f.name
        text = f.read_text(encoding="utf-8", errors="replace")
        if f.suffix == ".ipynb":
            cells = json.loads(text).get("cells", [])
            for i, c in enumerate(cells):
                if c.get("cell_type") == "code":
                    src = "".join(c.get("source", []))
                    yield f"{label}[cell {i}]", src
        else:
            yield label, text


class PortingReport:
    """The result of ``porting_report``: ``rows`` (NameUse, by status then uses), ``counts``,
    ``errors`` (files that do not parse); prints as a table, renders as Markdown in Jupyter."""

    ORDER = {"missing": 0, "partial": 1, "provided": 2}

    def __init__(self, uses: dict[str, NameUse], errors: list[str], target: str) -> None:
        self.rows = sorted(uses.values(), key=lambda u: (self.ORDER[u.status], -u.uses, u.name))
        self.errors = errors
        self.target = target

    @property
    def counts(self) -> dict[str, int]:
        return {s: sum(1 for r in self.rows if r.status == s) for s in self.ORDER}

    def summary(self) -> str:
        c = self.counts
        return (f"Porting report for {self.target}: {len(self.rows)} MindSpore names, "
                f"{c['provided']} provided, {c['partial']} partial, {c['missing']} missing")

    def __str__(self) -> str:
        lines = [self.summary(), ""]
        if self.rows:
            width = max(len(r.name) for r in self.rows)
            lines.append(f"{'status':<9}{'uses':>5}  {'name':<{width}}  first use / note")
            for r in self.rows:
                where = r.locations[0] if r.locations else ""
                note = f"  {r.note}" if r.note else ""
                lines.append(f"{r.status:<9}{r.uses:>5}  {r.name:<{width}}  {where}{note}")
        lines += [f"could not parse {e}" for e in self.errors]
        return "\n".join(lines)

    def _repr_markdown_(self) -> str:
        out = [f"**{self.summary()}**", "", "| status | uses | name | first use | note |",
               "| --- | --- | --- | --- | --- |"]
        out += [f"| {r.status} | {r.uses} | `{r.name}` | {r.locations[0]} | {r.note} |"
                for r in self.rows]
        return "\n".join(out)

    __repr__ = __str__


def porting_report(target: str | Path, *, source: str | None = None) -> PortingReport:
    """Scan a script, a notebook or a directory (or ``source`` text) without running it.

    Example:
        >>> from mscompat.porting import porting_report
        >>> code = "import mindspore as ms\\nfrom mindspore import nn\\n" \\
        ...        "net = nn.Dense(2, 3, has_bias=True)\\nms.mint.optim.add(1, 2)\\n" \\
        ...        "conv = nn.Conv2d(3, 4, 3, data_format='NHWC')\\n"
        >>> r = porting_report("train.py", source=code)
        >>> print(r.summary())
        Porting report for train.py: 5 MindSpore names, 3 provided, 1 partial, 1 missing
        >>> [(u.name, u.status) for u in r.rows][:2]
        [('mindspore.mint.optim.add', 'missing'), ('mindspore.nn.Conv2d', 'partial')]
        >>> print(r.rows[1].note.split(" is not")[0])
        nn.Conv2d(data_format='NHWC')
    """
    uses: dict[str, NameUse] = {}
    errors: list[str] = []
    path = Path(target)
    sources = [(path.name, source)] if source is not None else _sources(path)
    for label, text in sources:
        text = "\n".join("" if _MAGIC.match(line) else line for line in text.splitlines())
        try:
            tree = ast.parse(text, filename=label)
        except SyntaxError as e:
            errors.append(f"{label}: {e.msg} (line {e.lineno})")
            continue
        _Scanner(label, uses).visit(tree)
    for use in uses.values():
        _classify(use)
    return PortingReport(uses, errors, str(target))
