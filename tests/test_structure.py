"""The shape of the package: no import cycle among the modules of src/grundy, and the
layers import one way only, from the surfaces down to the engine.

Imports are read from the source with :mod:`ast`: those inside functions too (a cycle
through a function-level import still ties the two modules together) and those under
``if TYPE_CHECKING:`` (a type-only import is a dependency of the code's meaning too).
``from .pkg import name`` counts as an import of the submodule ``pkg.name`` when there
is one, else of ``pkg``.  Every module is checked: a new cycle fails the suite.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "grundy"

#: modules that must be on no import cycle
STRICT = ("grundy.nimber", "grundy.formats", "grundy.catalog",
          "grundy.native.compiled", "grundy.native.parallel", "grundy.rules.corners")


def module_names() -> dict[str, Path]:
    names = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST, type_only: bool = True) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement; with ``type_only=False``, not those under ``if TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        if not type_only and isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def import_graph(type_only: bool = True) -> dict[str, set[str]]:
    """module -> the modules of src/grundy it imports (``type_only=False``: at run time)."""
    modules = module_names()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        for node in _imports(ast.parse(path.read_text(), str(path)), type_only):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                if node.level:
                    base_parts = name.split(".")
                    if not is_package:
                        base_parts = base_parts[:-1]
                    base_parts = base_parts[: len(base_parts) - (node.level - 1)]
                    base = ".".join(base_parts + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                           for alias in node.names]
            for target in targets:
                while target and target not in modules:  # import a.b.c of a package a.b
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph[name].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return sorted(found)


def test_the_cycle_finder_finds_cycles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_reads_relative_function_level_and_type_checking_imports() -> None:
    graph = import_graph()
    assert "grundy.nimber.tables" in graph["grundy.nimber.scalar"]  # from .tables import ...
    assert "grundy.nimber.arrays" in graph["grundy.nimber.scalar"]  # inside nim_mul
    assert "grundy.errors" in graph["grundy.formats.registry"]  # from ..errors import ...
    # formats.registry imports formats.base only under TYPE_CHECKING: counted, unless asked not to
    assert "grundy.formats.base" in graph["grundy.formats.registry"]
    assert "grundy.formats.base" not in import_graph(type_only=False)["grundy.formats.registry"]
    assert "grundy.native.compiled" in graph["grundy.cli.common"]  # ..native.compiled, in a function


def test_the_base_class_of_formats_does_not_know_its_registry() -> None:
    assert "grundy.formats.registry" not in import_graph()["grundy.formats.base"]


def test_no_import_cycles_anywhere() -> None:
    """Every module of src/grundy, type-only imports included."""
    found = cycles(import_graph())
    assert not found, f"import cycles in src/grundy: {found}"


#: the concrete rule classes: only rules/, the catalog and the package's lazy table may
#: name them (everyone else asks a game what it can do, or the catalog for a game)
RULE_CLASSES = ("Nim", "TakeAndBreak", "Subtraction", "AllBut", "GrundysGame",
                "TurningTurtles", "Twins", "MockTurtles", "Ruler", "CoinTurning", "Product",
                "TurningCorners", "Squares", "SquaresBoard", "Split", "Cutting", "Beans",
                "BeanBottles", "Cram", "Chomp", "NodeKayles", "ArcKayles", "GreenHackenbush",
                "FramedGraphs")


def test_no_rule_class_is_named_outside_rules() -> None:
    import re

    allowed = {"grundy.catalog", "grundy"}
    pattern = re.compile(r"\b(" + "|".join(RULE_CLASSES) + r")\b")
    offenders = []
    for name, path in module_names().items():
        if name in allowed or name.startswith("grundy.rules"):
            continue
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and pattern.fullmatch(node.id):
                offenders.append(f"{name}:{node.lineno} {node.id}")
            elif isinstance(node, ast.ImportFrom):
                offenders += [f"{name}:{node.lineno} import {a.name}" for a in node.names
                              if pattern.fullmatch(a.name)]
    assert not offenders, offenders


@pytest.mark.parametrize("module", ["grundy.nimber", "grundy.nimber.scalar", "grundy.nimber.arrays",
                                    "grundy.formats", "grundy.formats.nim", "grundy.native.compiled"])
def test_strict_modules_exist(module: str) -> None:
    assert module in module_names()


#: the layers of src/grundy, from the bottom up: a module may import from its own part
#: (folder or top-level module) and from the parts of lower layers, never from a part of
#: its own layer or of a layer above (the public face and ``python -m grundy`` included)
LAYERS = (
    ("grundy.errors", "grundy.native"),  # what everything may use; they import nothing of grundy
    ("grundy.nimber", "grundy.engine"),  # nimber arithmetic; the one engine
    ("grundy.rules",),  # the rule families, each saying what it can do
    ("grundy.misere",),  # the misère algebra, apart from any game's rules (it asks their hooks)
    ("grundy.catalog",),  # names -> games, and a position's text with its games named
    ("grundy.play",),  # a position played
    ("grundy.research", "grundy.formats"),  # long computations; contest input and output
    ("grundy.web",),  # the playground
    ("grundy",),  # the public face
    ("grundy.cli",),  # the command line
    ("grundy.__main__",),
)


def part(module: str) -> str:
    """The part (a folder of src/grundy, or a top-level module) a module belongs to."""
    return ".".join(module.split(".")[:2])


def test_every_part_has_a_layer() -> None:
    layered = {p for layer in LAYERS for p in layer}
    assert {part(m) for m in module_names()} == layered


def upward(graph: dict[str, set[str]]) -> list[str]:
    """The imports of ``graph`` from one part to another of its own layer or of a higher one."""
    rank = {p: i for i, layer in enumerate(LAYERS) for p in layer}
    return [f"{m} -> {t}" for m, targets in sorted(graph.items()) for t in sorted(targets)
            if part(m) != part(t) and rank[part(t)] >= rank[part(m)]]


def test_imports_run_down_the_layers_only() -> None:
    found = upward(import_graph())
    assert not found, f"imports that do not run down the layers: {found}"


def test_the_layer_check_finds_arrows_back_up_and_sideways() -> None:
    graph = {"grundy.engine": {"grundy.cli.main", "grundy.errors"},
             "grundy.research.survey": {"grundy.formats.base", "grundy.research.stats"},
             "grundy.cli.main": {"grundy.engine"},
             "grundy.misere.solver": {"grundy.rules.base", "grundy.play.misere.search"},
             "grundy.play.analysis": {"grundy.misere.quotient"}}
    assert upward(graph) == ["grundy.engine -> grundy.cli.main",
                             "grundy.misere.solver -> grundy.play.misere.search",
                             "grundy.research.survey -> grundy.formats.base"]


def test_the_top_of_the_package_is_its_architecture() -> None:
    """At most 15 entries at the top of src/grundy besides caches and built extensions."""
    entries = sorted(p.name for p in PACKAGE.iterdir()
                     if p.name != "__pycache__" and not p.name.endswith((".so", ".pyd")))
    assert len(entries) <= 15, entries
    assert all((PACKAGE / name).is_dir() or name in ("__init__.py", "__main__.py", "engine.py",
                                                     "errors.py", "py.typed")
               for name in entries), entries
