"""Rulesets register here by import; the simulator, fuzzers and the QQ layer find
them all without extra code.

A game package may also *declare* its ruleset (key, title, aliases) in its `__init__.py` without importing
its rules: the bot then starts without paying for five games' rules (issue 17: the WebSocket is accepted
before they load), and the rules are imported the first time anything asks for that game (`get`,
`all_rulesets`) or by the bot's warm-up right after startup. When the rules register, the declaration must
say what the ruleset says (a drifted title or alias fails at import)."""

from __future__ import annotations

import hashlib
import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from .ruleset import Ruleset

_RULESETS: dict[str, Ruleset] = {}


@dataclass(frozen=True)
class Declared:
    """A game known by name before its rules are imported: what /开局 matches and the plugin metadata shows."""

    key: str
    title: str
    aliases: tuple[str, ...]
    package: str  # plugins/<game>: its rules are `<package>.rules`
    listed: bool = True

    def names(self) -> tuple[str, ...]:
        return (self.key, self.title, *self.aliases)


_DECLARED: dict[str, Declared] = {}


def declare(key: str, title: str, aliases: tuple[str, ...], package: str, listed: bool = True) -> Declared:
    """Called by a game package's `__init__.py` (with its `__name__`): the game answers to these names; its
    rules are imported when first needed."""
    declared = Declared(key, title, tuple(aliases), package, listed)
    _DECLARED.setdefault(key, declared)
    return declared


def load(key: str) -> Ruleset | None:
    """The declared game's rules, imported now if they are not yet (idempotent)."""
    if key not in _RULESETS and key in _DECLARED:
        importlib.import_module(f"{_DECLARED[key].package}.rules")
    return _RULESETS.get(key)


def unloaded() -> list[str]:
    """Keys of the games declared but whose rules are not imported yet, in declaration order."""
    return [k for k in _DECLARED if k not in _RULESETS]


def _check_declaration(ruleset: Ruleset) -> None:
    declared = _DECLARED.get(ruleset.key)
    if declared is None:
        return
    said = (ruleset.title, tuple(ruleset.aliases), ruleset.listed)
    if (declared.title, declared.aliases, declared.listed) != said:
        raise ValueError(f"{declared.package}/__init__.py declares {ruleset.key!r} as "
                         f"{(declared.title, declared.aliases, declared.listed)}, its rules say {said}")


def register(ruleset: Ruleset) -> Ruleset:
    _check_declaration(ruleset)
    _RULESETS[ruleset.key] = ruleset
    return ruleset


def get(name: str) -> Ruleset | None:
    """By key, title or alias (a declared game's rules are imported on the spot)."""
    if name in _RULESETS:
        return _RULESETS[name]
    for r in _RULESETS.values():
        if name == r.title or name in r.aliases:
            return r
    for d in list(_DECLARED.values()):
        if name in d.names():
            return load(d.key)
    return None


def all_rulesets() -> list[Ruleset]:
    """Every game's ruleset (the declared ones' rules imported now), the declared games in declaration order."""
    for key in unloaded():
        load(key)
    order = {k: i for i, k in enumerate(_DECLARED)}
    return sorted(_RULESETS.values(), key=lambda r: order.get(r.key, len(order)))


def offered() -> list[Ruleset]:
    """The games a group is offered (/开局, /帮助, `bansha simulate --game all`): all but the example."""
    return [r for r in all_rulesets() if r.listed]


# The package that holds bansha and every game: `plugins` in a clone of the repository,
# `nonebot_plugin_bansha` once installed. Nothing may spell either name out.
TOP_PACKAGE = __package__.rsplit(".", 3)[0]


EXAMPLES = frozenset({"example"})  # game packages that teach (docs/new-game.md) rather than play


def game_packages(examples: bool = True) -> list[str]:
    """Module names of the game packages beside bansha (plugins/<game>/); `examples=False` leaves out the
    example game (the NoneBot plugin list shows only the real games)."""
    root = Path(__file__).resolve().parents[3]
    return [
        f"{TOP_PACKAGE}.{mod.name}"
        for mod in pkgutil.iter_modules([str(root)])
        if mod.ispkg and mod.name != "bansha" and not mod.name.startswith("_") and (examples or mod.name not in EXAMPLES)
    ]


def rule_files() -> list[Path]:
    """What the rules are made of: every Python file of the top package, and every data file a game package
    keeps beside its rules (classes.toml…), in a stable order. A change to any of them is a new version."""
    root = Path(__file__).resolve().parents[3]
    files = set(root.rglob("*.py"))
    for package in game_packages():
        folder = root / package.rsplit(".", 1)[1]
        files.update(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    return sorted(files)


def code_version() -> str:
    """Hash of the rules' source and the data they read: a snapshot is reused only under the same code and
    the same sheets (a changed classes.toml must not restore a game dealt under the old one)."""
    root = Path(__file__).resolve().parents[3]
    h = hashlib.sha1()
    for p in rule_files():
        h.update(str(p.relative_to(root)).encode())
        h.update(p.read_bytes())
    return h.hexdigest()


def game_module(ruleset: Ruleset, name: str) -> ModuleType | None:
    """A module beside the ruleset's rules (plugins/<game>/<name>.py: its `agent`, `heuristic`…), or None when
    the game has none. A module that exists but fails to import raises: better than silently playing without it."""
    package = type(ruleset).__module__.rpartition(".")[0]
    if not package:
        return None
    try:
        return importlib.import_module(f"{package}.{name}")
    except ModuleNotFoundError as e:
        if e.name != f"{package}.{name}":
            raise
        return None


def declare_all() -> list[str]:
    """Import every game package (its `__init__.py` declares the game, cheaply) without its rules; a package
    that declares nothing has its rules imported, so it registers as before. The keys declared, not loaded."""
    for package in game_packages():
        importlib.import_module(package)
        if not any(d.package == package for d in _DECLARED.values()):
            importlib.import_module(f"{package}.rules")
    return unloaded()


def load_all(on_error: Callable[[str], None] | None = None) -> list[Ruleset]:
    """Import every game package's rules so each registers itself. A package that fails to import raises,
    or, with `on_error` (the command-line tools), is reported through it and the other games still load."""
    for package in game_packages():
        try:
            importlib.import_module(f"{package}.rules")
        except Exception as e:
            if on_error is None:
                raise
            on_error(f"警告：无法加载游戏包 {package}：{type(e).__name__}: {e}")
    return all_rulesets()
