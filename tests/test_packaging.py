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


def test_pyproject_is_in_nb_cli_current_format():
    """nb-cli warns "Legacy configuration format detected" when [tool.nonebot] adapters or plugins is a
    list (nb_cli/config/parser.py, LegacyConfigPolicy.test_format); the current format has tables."""
    import tomllib

    nonebot = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["nonebot"]
    assert isinstance(nonebot["adapters"], dict) and isinstance(nonebot["plugins"], dict)
    # the project's own bot loads the one top plugin, which is this checkout's plugins/ directory
    assert nonebot["plugins"] == {"@local": ["plugins"]} and nonebot["plugin_dirs"] == []
    assert [a["module_name"] for a in nonebot["adapters"]["nonebot-adapter-onebot"]] == ["nonebot.adapters.onebot.v11"]


def test_one_copy_of_the_code_per_process():
    """A clone can import the code as `plugins` (the checkout) and as `nonebot_plugin_bansha` (the editable
    install); both in one process would mean two registries and two sets of models, so the second refuses."""
    import subprocess
    import sys

    code = "import plugins.bansha.engine\nimport nonebot_plugin_bansha"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode != 0
    assert "ImportError: Bansha is already imported as 'plugins'" in out.stderr, out.stderr[-2000:]
    alone = subprocess.run([sys.executable, "-c", "import nonebot_plugin_bansha.bansha.engine"], cwd="/",
                           capture_output=True, text=True, timeout=120)
    assert alone.returncode == 0, alone.stderr[-2000:]
