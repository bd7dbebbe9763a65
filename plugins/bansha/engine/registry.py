"""Rulesets register here by import; the simulator, fuzzers and the QQ layer find
them all without extra code."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from .ruleset import Ruleset

_RULESETS: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    _RULESETS[ruleset.key] = ruleset
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


# The package that holds bansha and every game: `plugins` in a clone of the repository,
# `nonebot_plugin_bansha` once installed. Nothing may spell either name out.
TOP_PACKAGE = __package__.rsplit(".", 2)[0]


def game_packages() -> list[str]:
    """Module names of the game packages beside bansha (plugins/<game>/)."""
    root = Path(__file__).resolve().parents[2]
    return [
        f"{TOP_PACKAGE}.{mod.name}"
        for mod in pkgutil.iter_modules([str(root)])
        if mod.ispkg and mod.name != "bansha" and not mod.name.startswith("_")
    ]


def load_all() -> list[Ruleset]:
    """Import every game package's rules so each registers itself."""
    for package in game_packages():
        importlib.import_module(f"{package}.rules")
    return all_rulesets()
