"""The shape of the code (issue 26): no import loop anywhere in plugins/ (lazy and type-only imports counted), the
engine's sub-packages import downwards only, a ruleset reaches the engine only through Ctx, the service is composed
of parts rather than mixins, tests mirror the code (no test imports another, none names the list of games),
games are found by the registry alone, the code version covers the data files the rules read, and no file is
too long to read through."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from plugins.bansha import service
from plugins.bansha.engine.game import registry

ROOT = Path(__file__).resolve().parents[1]
PLUGINS = ROOT / "plugins"
TESTS = ROOT / "tests"


# --- the import graph -----------------------------------------------------------------------------


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, modules: set[str], root: Path = ROOT) -> set[str]:
    """Every module of `modules` this file names in an import: at the top, inside functions (lazy imports) and
    under `if TYPE_CHECKING:` (a type-only import is still a dependency a reader has to follow)."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
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
# The engine's sub-packages, lowest first: each imports only those before it (and itself). `core` is the
# vocabulary, `mechanics` the shared rule pieces, `game` the loop and the door a ruleset works through (Ruleset,
# Ctx, the registry, the parts' interface), `parts` what a game runs besides its ruleset, `views` what reads a
# game for people (posts, the leak audit), `agents` what plays whole games.
LAYERS = ("core", "mechanics", "game", "parts", "views", "agents")
GAMES = sorted(p.name for p in PLUGINS.iterdir() if (p / "__init__.py").exists() and p.name != "bansha")
# What a game's rules may not import: the loop itself and the engine's parts sit behind Ctx. The game's own
# players (agent, heuristic, deduce) drive whole games and may use the engine's agents.
BEHIND_THE_DOOR = (f"{ENGINE}.game", f"{ENGINE}.game.replay", f"{ENGINE}.parts")
PLAYERS = {"agent", "heuristic", "deduce"}


def layer(module: str) -> int:
    return LAYERS.index(module.split(".")[3])


def test_no_import_loop_anywhere_in_plugins_type_only_imports_included():
    assert cycles(import_graph(PLUGINS)) == []


def test_the_engine_imports_downwards_only():
    graph = import_graph(PLUGINS)
    inside = [m for m in graph if m.startswith(f"{ENGINE}.")]
    assert {m.split(".")[3] for m in inside} == set(LAYERS)  # a new sub-package takes its place in LAYERS
    upward = sorted((m, d) for m in inside for d in graph[m] if d.startswith(f"{ENGINE}.") and layer(d) > layer(m))
    assert upward == []
    outside = sorted((m, d) for m in inside for d in graph[m] if not d.startswith(ENGINE))
    assert outside == []  # pure: the engine uses no other module of the bot (and no game)


def test_a_ruleset_reaches_the_engine_through_ctx_only():
    graph = import_graph(PLUGINS)
    assert {"werewolf", "example"} <= set(GAMES)
    for module, imported in graph.items():
        if module.count(".") and module.split(".")[1] in GAMES and module.rsplit(".", 1)[1] not in PLAYERS:
            behind = {m for m in imported if m in BEHIND_THE_DOOR or m.startswith(f"{ENGINE}.parts.")}
            assert not behind, (module, sorted(behind))
    for game in GAMES:  # `ctx.game`, `ctx._game`: the door's inside. A ruleset uses what Ctx offers.
        for path in (PLUGINS / game).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "ctx":
                    assert node.attr != "game" and not node.attr.startswith("_"), f"{path}: ctx.{node.attr}"


def test_the_cycle_finder_sees_lazy_and_type_only_imports(tmp_path):
    pkg = tmp_path / "plugins" / "demo"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def f():\n    from .c import x\n    return x\n")
    (pkg / "c.py").write_text("x = 1\n")
    (pkg / "d.py").write_text("from .a import z\n")
    assert cycles(import_graph(pkg, tmp_path)) == []
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import y\nx = 1\n")
    assert cycles(import_graph(pkg, tmp_path)) == [["plugins.demo.a", "plugins.demo.b", "plugins.demo.c"]]


# --- the service -------------------------------------------------------------------------------------------


def test_the_service_is_composed_of_parts_not_built_from_mixins():
    assert service.Service.__bases__ == (object,)


# --- the tests -----------------------------------------------------------------------------------------------

# The folders of tests/, mirroring the code; support/ holds the harnesses (on sys.path, see conftest.py), guide/
# the worked examples of docs/new-game.md.
TEST_FOLDERS = {"engine", "service", "qq", "console", "games", "e2e", "support", "tools", "ai", "images", "guide",
                "data"}
# Tests of the repository as a whole stay at the top.
TOP_LEVEL = {"conftest.py", "test_architecture.py", "test_packaging.py", "test_install.py", "test_command_table.py"}


def all_test_files() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*.py") if "data" not in p.relative_to(TESTS).parts)


def test_the_tests_mirror_the_code():
    assert {p.name for p in TESTS.iterdir() if p.is_dir() and p.name != "__pycache__"} <= TEST_FOLDERS
    assert {p.name for p in TESTS.iterdir() if p.is_file()} <= TOP_LEVEL
    declared = {r.key for r in registry.all_rulesets()} | {"example"}
    assert {p.name for p in (TESTS / "games").iterdir() if p.is_dir() and p.name != "__pycache__"} <= declared
    for key in sorted(r.key for r in registry.all_rulesets() if r.key in GAMES):
        assert (TESTS / "games" / key / "test_conformance.py").exists(), key
    support = TESTS / "support"
    assert not [p.name for p in support.glob("test_*.py")]  # a harness is not a test


def test_no_test_imports_another_test():
    imports: list[tuple[str, str]] = []
    for path in all_test_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] + [a.name for a in node.names] if isinstance(node, ast.ImportFrom) else [])
            imports += [(path.name, n) for n in names if n.rsplit(".", 1)[-1].startswith("test_")]
    assert imports == []


def game_names() -> set[str]:
    return {name for r in registry.all_rulesets() for name in (r.key, r.title)}


def hard_coded_game_lists(tree: ast.AST, names: set[str]) -> list[int]:
    """Lines of a list, tuple or set literal (or a dict's keys) naming three games or more: such a test misses
    a game added tomorrow; it asks the registry instead (per-game exceptions may stay, keyed by game)."""
    found = []
    for node in ast.walk(tree):
        items = node.elts if isinstance(node, (ast.List, ast.Tuple, ast.Set)) else (
            node.keys if isinstance(node, ast.Dict) else [])
        named = {n.value for n in items if isinstance(n, ast.Constant) and n.value in names}
        if len(named) >= 3:
            found.append(node.lineno)
    return found


def test_no_test_hard_codes_the_list_of_games():
    """In a test module: a support module may keep a per-game table (tests/support/hidden.py), which the tests
    read for the games the registry lists (and fail on a game it misses)."""
    names = game_names()
    found = {p.name: lines for p in all_test_files() if p.name.startswith("test_")
             if (lines := hard_coded_game_lists(ast.parse(p.read_text(encoding="utf-8")), names))}
    assert found == {}


def test_the_hard_coded_list_finder_finds_one():
    names = game_names()
    assert hard_coded_game_lists(ast.parse('KEYS = ["werewolf", "luding", "tavern"]'), names) == [1]
    assert hard_coded_game_lists(ast.parse('SEEDS = {"werewolf": 1, "nata": 2, "斗兽棋": 3}'), names) == [1]
    assert hard_coded_game_lists(ast.parse('SEEDS = {"luding": 0}\nx = ("werewolf", "other")'), names) == []


# --- the registry ------------------------------------------------------------------------------------


def test_load_all_finds_every_game_package_and_reports_a_broken_one(monkeypatch):
    keys = {r.key for r in registry.load_all()}
    assert {p.rsplit(".", 1)[1] for p in registry.game_packages(examples=False)} <= keys
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
