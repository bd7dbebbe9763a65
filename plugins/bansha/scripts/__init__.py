"""The 剧本 a bot can open: the 导演's folder (BANSHA_SCRIPTS_DIR; the plugin's data directory by default) and
those shipped here, next to this file. A 导演's file shadows a shipped one of the same 名字.

Reading a file is all this does: engine/game/script.py parses and checks, the game named by `规则` compiles.
A file that is not a readable 剧本 is still listed, with its problems, so `/开局 剧本` and `bansha script list`
say why it cannot be opened instead of hiding it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.game import registry
from ..engine.game.script import MAX_TEXT, Problem, Script, ScriptError, read

SHIPPED = Path(__file__).parent
MAX_FILES = 200  # 剧本 listed from one folder


@dataclass(frozen=True)
class Found:
    name: str  # its 名字 (the file's stem when it cannot be read)
    path: Path
    source: str
    script: Script | None
    problems: tuple[Problem, ...] = ()
    shipped: bool = False

    @property
    def ok(self) -> bool:
        return self.script is not None and not self.problems


def load(source: str) -> tuple[Script, Any, dict[str, Any]]:
    """Read, check and compile a 剧本: (the 剧本, the ruleset it is played with, that ruleset's options, the 剧本's
    name among them). Raises ScriptError with every problem found."""
    script = read(source)
    rules = registry.get(script.family)
    if rules is None:
        registry.load_all()  # (a CLI without the bot has declared no game yet; imported once)
        rules = registry.get(script.family)
    family = rules.script_family() if rules is not None else None
    if rules is None or family is None:
        able = "、".join(r.title for r in registry.all_rulesets() if r.script_family() is not None)
        raise ScriptError([script.problem(f"rules（规则）要写一个能读剧本的游戏：{able}。", "rules")])
    options = family.compile(script)
    return script, rules, {**options, "剧本": script.name}


def check(source: str) -> list[Problem]:
    try:
        load(source)
    except ScriptError as e:
        return e.problems
    return []


def read_file(path: Path, shipped: bool = False) -> Found:
    try:
        if path.stat().st_size > MAX_TEXT * 4:
            raise ScriptError([Problem(None, "", f"文件太大（最多 {MAX_TEXT} 字符）。")])
        source = path.read_text(encoding="utf-8")
    except ScriptError as e:
        return Found(path.stem, path, "", None, tuple(e.problems), shipped)
    except (OSError, UnicodeDecodeError):
        return Found(path.stem, path, "", None, (Problem(None, "", "读不出这个文件（要用 UTF-8 保存）。"),), shipped)
    try:
        script, _, _ = load(source)
    except ScriptError as e:
        return Found(path.stem, path, source, None, tuple(e.problems), shipped)
    return Found(script.name, path, source, script, (), shipped)


def found(folder: str | Path | None = None) -> list[Found]:
    """Every 剧本: the folder's (sorted by file name) first, then the shipped ones it does not shadow."""
    out: list[Found] = []
    if folder:
        root = Path(folder)
        if root.is_dir():
            files = sorted(p for p in root.glob("*.toml") if p.is_file())[:MAX_FILES]
            out = [read_file(p) for p in files]
    names = {f.name for f in out}
    out += [f for f in (read_file(p, True) for p in sorted(SHIPPED.glob("*.toml"))) if f.name not in names]
    return out


def find(name: str, folder: str | Path | None = None) -> Found | None:
    """The 剧本 of this 名字 (or file name without .toml)."""
    every = found(folder)
    return next((f for f in every if f.name == name), None) or next((f for f in every if f.path.stem == name), None)
