"""No import cycles in `compiler`, `runtime` or `paleo_ai`: every module's direct imports (top level or inside
functions, as grimp reads them) form a graph without strongly connected components of two or more modules.

A package's `__init__` importing its own submodules counts only when one of them imports the package back:
an import names the module it reads (`from . import types` in a package is `package.types`), so the edge
to `package` exists only where code reads the package's own names.
"""

from __future__ import annotations

from pathlib import Path

import grimp
import networkx as nx
import pytest

REPO = Path(__file__).resolve().parents[2]
PACKAGES = ("compiler", "runtime", "paleo_ai")


def import_cycles(graph: grimp.ImportGraph, package: str) -> list[list[str]]:
    """The import cycles inside `package`: each strongly connected component of two or more of its modules
    (sorted), largest first."""
    inside = {m for m in graph.modules if m == package or m.startswith(package + ".")}
    g = nx.DiGraph()
    g.add_nodes_from(inside)
    for m in inside:
        g.add_edges_from((m, i) for i in graph.find_modules_directly_imported_by(m) if i in inside)
    cycles = [sorted(c) for c in nx.strongly_connected_components(g) if len(c) > 1]
    return sorted(cycles, key=lambda c: (-len(c), c))


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph(*PACKAGES, cache_dir=None)


def test_the_graph_is_this_checkouts(graph):
    import compiler

    assert Path(compiler.__file__).resolve().parent == REPO / "compiler", "run with PYTHONPATH set to the checkout"
    assert "compiler.pipeline" in graph.modules and "runtime.engine" in graph.modules


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycles(graph, package):
    cycles = import_cycles(graph, package)
    shown = "\n".join(f"  {len(c)} modules: " + ", ".join(c) for c in cycles)
    assert not cycles, f"import cycles in `{package}` (each a set of modules that import each other):\n{shown}"


def test_the_finder_sees_a_cycle_and_a_package_importing_its_own_submodules():
    g = grimp.ImportGraph()
    for m in ("p", "p.a", "p.b", "p.c", "p.d", "p.e", "q"):
        g.add_module(m)
    g.add_import(importer="p.a", imported="p.b")
    g.add_import(importer="p.b", imported="p.c")
    g.add_import(importer="p.c", imported="p.a")  # a three-module circle
    g.add_import(importer="p", imported="p.d")  # the package's __init__ names a submodule: no cycle by itself
    g.add_import(importer="p", imported="p.e")
    g.add_import(importer="p.e", imported="p")  # ... but this submodule reads the package back: a cycle
    g.add_import(importer="q", imported="p.a")
    g.add_import(importer="p.a", imported="q")  # outside the package: not its cycle
    assert import_cycles(g, "p") == [["p.a", "p.b", "p.c"], ["p", "p.e"]]
    assert import_cycles(g, "q") == []
