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


def load_all() -> list[Ruleset]:
    """Import every game package under plugins/ so each registers itself."""
    root = Path(__file__).resolve().parents[2]
    for mod in pkgutil.iter_modules([str(root)]):
        if mod.ispkg and mod.name != "bansha":
            importlib.import_module(f"plugins.{mod.name}.rules")
    return all_rulesets()
