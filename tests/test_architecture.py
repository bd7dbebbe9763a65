"""The shape of the code: the engine and every game import in layers (no cycle, lazy imports included), a
ruleset reaches the engine only through Ctx, games are found by the registry alone, and the code version
covers the data files the rules read."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from plugins.bansha import service
from plugins.bansha.engine.core import registry

ROOT = Path(__file__).resolve().parents[1]
PLUGINS = ROOT / "plugins"


# --- the import graph -----------------------------------------------------------------------------


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node but those under `if TYPE_CHECKING:`, which never runs: an annotation may name a higher
    layer's type without loading it."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return [n for n in ast.walk(tree) if id(n) not in skipped]


def imports_of(path: Path, modules: set[str], root: Path = ROOT) -> set[str]:
    """Every module of `modules` this file loads: imports at the top and inside functions (lazy imports)."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            for alias in node.names:  # `from . import forum` names a module; `from .core import Event` does not
                found.add(f"{origin}.{alias.name}" if f"{origin}.{alias.name}" in modules else origin)
    return {m for m in found if m in modules and m != name}


def import_graph(folder: Path, root: Path = ROOT) -> dict[str, set[str]]:
    files = {module_name(p, root): p for p in folder.rglob("*.py")}
    modules = set(files)
    return {m: imports_of(p, modules, root) for m, p in files.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
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
            visit(v)
    return sorted(found)


ENGINE = "plugins.bansha.engine"
GAMES = sorted({m.split(".")[1] for m in import_graph(PLUGINS) if m.count(".") >= 1} - {"bansha"})
# What a game's rules may not import: the game loop and the engine's parts sit behind Ctx. The game's own
# players (agent, heuristic, deduce) drive whole games and may use the engine's agents.
BEHIND_THE_DOOR = {f"{ENGINE}.{m}" for m in ("game", "forum", "forum_options", "rulings", "judge", "parts", "replay")}
PLAYERS = {"agent", "heuristic", "deduce"}


def test_no_import_cycle_in_the_engine_or_any_game():
    graph = import_graph(PLUGINS)
    layered = {m for m in graph if m.startswith(ENGINE) or m.count(".") and m.split(".")[1] in GAMES}
    assert cycles({m: graph[m] & layered for m in layered}) == []


def test_the_game_loop_names_no_part_and_rules_only_ctx():
    graph = import_graph(PLUGINS)
    assert not graph[f"{ENGINE}.game"] & {f"{ENGINE}.forum", f"{ENGINE}.rulings", f"{ENGINE}.judge"}
    for door in ("ruleset", "ctx"):  # they reach the parts through their interface only
        assert not graph[f"{ENGINE}.{door}"] & (BEHIND_THE_DOOR - {f"{ENGINE}.parts"}), door
    assert {"werewolf", "luding", "nata", "beastchess", "tavern", "example"} <= set(GAMES)
    for game in GAMES:
        for module, imported in graph.items():
            if module.startswith(f"plugins.{game}.") and module.rsplit(".", 1)[1] not in PLAYERS:
                assert not imported & BEHIND_THE_DOOR, (module, sorted(imported & BEHIND_THE_DOOR))


def test_no_ruleset_reaches_past_ctx():
    """`ctx.game`, `ctx._game`: the door's inside. A ruleset uses what Ctx offers."""
    for game in GAMES:
        for path in (PLUGINS / game).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "ctx":
                    assert node.attr != "game" and not node.attr.startswith("_"), f"{path}: ctx.{node.attr}"


def test_the_cycle_finder_sees_lazy_imports_and_skips_type_only_ones(tmp_path):
    pkg = tmp_path / "plugins" / "demo"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def f():\n    from .c import x\n    return x\n")
    (pkg / "c.py").write_text("def g():\n    from .a import y\n    return y\n")
    (pkg / "d.py").write_text("from .a import z\n")
    assert cycles(import_graph(pkg, tmp_path)) == [["plugins.demo.a", "plugins.demo.b", "plugins.demo.c"]]
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import y\nx = 1\n")
    assert cycles(import_graph(pkg, tmp_path)) == []


# --- the registry ------------------------------------------------------------------------------------


def test_load_all_finds_every_game_package_and_reports_a_broken_one(monkeypatch):
    keys = {r.key for r in registry.load_all()}
    assert {"werewolf", "luding", "nata", "beastchess", "tavern"} <= keys
    packages = registry.game_packages()
    monkeypatch.setattr(registry, "game_packages", lambda: [*packages, f"{registry.TOP_PACKAGE}.no_such_game"])
    with pytest.raises(ModuleNotFoundError):
        registry.load_all()
    warnings: list[str] = []
    assert {r.key for r in registry.load_all(on_error=warnings.append)} == {r.key for r in registry.all_rulesets()}
    assert len(warnings) == 1 and "no_such_game" in warnings[0] and "无法加载游戏包" in warnings[0]


# --- the code version ------------------------------------------------------------------------------------


def test_code_version_changes_with_a_data_file_the_rules_read(monkeypatch):
    from plugins.tavern import sheet

    assert sheet.SHEET_PATH in registry.rule_files()
    before = service.code_version()
    assert service.code_version() == before
    real = Path.read_bytes

    def edited(self: Path) -> bytes:
        data = real(self)
        return data + b"\n# a DM changed the sheet\n" if self == sheet.SHEET_PATH else data

    monkeypatch.setattr(Path, "read_bytes", edited)
    assert service.code_version() != before


# --- the size of a module ------------------------------------------------------------------------------------

MAX_LINES = 500  # issue 15: a file a newcomer can read through; a larger one is split by what its parts do


def test_no_file_in_plugins_is_over_500_lines():
    sizes = {str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines()) for p in PLUGINS.rglob("*.py")}
    over = sorted(((n, path) for path, n in sizes.items() if n > MAX_LINES), reverse=True)
    assert over == [], over
