"""Rulesets register here by import; the simulator, fuzzers and the QQ layer find
them all without extra code."""

from __future__ import annotations

import hashlib
import importlib
import pkgutil
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from .ruleset import Ruleset

_RULESETS: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    _RULESETS[ruleset.key] = ruleset
    # plugins/<game>/kept.py names the facts its pending()/outcome() read (engine/incremental.py)
    kept = game_module(ruleset, "kept")
    for name in ("pending_key", "outcome_key"):
        fn = getattr(kept, name, None)
        if fn is not None:
            setattr(ruleset, name, fn)
    return ruleset


def get(name: str) -> Ruleset | None:
    """By key, title or alias."""
    if name in _RULESETS:
        return _RULESETS[name]
    for r in _RULESETS.values():
        if name == r.title or name in r.aliases:
            return r
    return None


def all_rulesets() -> list[Ruleset]:
    return list(_RULESETS.values())


def offered() -> list[Ruleset]:
    """The games a group is offered (/开局, /帮助, `bansha simulate --game all`): all but the example."""
    return [r for r in _RULESETS.values() if r.listed]


# The package that holds bansha and every game: `plugins` in a clone of the repository,
# `nonebot_plugin_bansha` once installed. Nothing may spell either name out.
TOP_PACKAGE = __package__.rsplit(".", 2)[0]


EXAMPLES = frozenset({"example"})  # game packages that teach (docs/new-game.md) rather than play


def game_packages(examples: bool = True) -> list[str]:
    """Module names of the game packages beside bansha (plugins/<game>/); `examples=False` leaves out the
    example game (the NoneBot plugin list shows only the real games)."""
    root = Path(__file__).resolve().parents[2]
    return [
        f"{TOP_PACKAGE}.{mod.name}"
        for mod in pkgutil.iter_modules([str(root)])
        if mod.ispkg and mod.name != "bansha" and not mod.name.startswith("_") and (examples or mod.name not in EXAMPLES)
    ]


def rule_files() -> list[Path]:
    """What the rules are made of: every Python file of the top package, and every data file a game package
    keeps beside its rules (classes.toml…), in a stable order. A change to any of them is a new version."""
    root = Path(__file__).resolve().parents[2]
    files = set(root.rglob("*.py"))
    for package in game_packages():
        folder = root / package.rsplit(".", 1)[1]
        files.update(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    return sorted(files)


def code_version() -> str:
    """Hash of the rules' source and the data they read: a snapshot is reused only under the same code and
    the same sheets (a changed classes.toml must not restore a game dealt under the old one)."""
    root = Path(__file__).resolve().parents[2]
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
