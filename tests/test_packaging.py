"""Bansha as an installable NoneBot plugin: the code never names its own top package.

Installed, plugins/ is the package `nonebot_plugin_bansha` (a top-level `plugins` in someone's
site-packages would clash with their own plugins directory); in a clone it is `plugins`.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PLUGINS = ROOT / "plugins"


def _absolute_self_imports(path: Path, root: Path = ROOT) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        found += [f"{path.relative_to(root)}:{node.lineno}: {n}" for n in names if n.split(".")[0] == "plugins"]
    return found


def test_plugins_import_themselves_relatively():
    bad = [hit for path in sorted(PLUGINS.rglob("*.py")) for hit in _absolute_self_imports(path)]
    assert bad == [], "inside plugins/ import relatively (from ..bansha.engine import …):\n" + "\n".join(bad)


def test_the_checker_sees_an_absolute_import(tmp_path):
    sample = tmp_path / "x.py"
    sample.write_text("from plugins.bansha.engine import Rng\nimport plugins.nata\nfrom ..bansha import engine\n")
    assert [h.split(": ")[1] for h in _absolute_self_imports(sample, tmp_path)] == ["plugins.bansha.engine", "plugins.nata"]
