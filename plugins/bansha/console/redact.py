"""What the 导演台 keeps back until a game has ended: the deal's randomness (issue 24).

The seed (and the `entropy` the start input carries, drawn at /开始) let anyone replay the deal and every
later draw. A judge may sign up for a game after reading its pages, so until the game has ended no page
and no export shows them: not the export's `seed`, not an input argument named `entropy` or `seed`, not the
judge's record line 「法官 … 开始游戏，种子 N」. After the end the export is complete again (replayable).
"""

from __future__ import annotations

import re
from typing import Any

from ..engine.game import ENDED, Game

SECRET_ARGS = frozenset({"entropy", "seed", "种子"})
SHOWN_LATER = "（游戏结束后显示）"
NOTE = "游戏结束前导出：种子和发牌随机数已隐去（游戏结束后重新导出即可用 bansha replay 重放）。"
_SEED = re.compile(r"种子[^\n]*")  # from the word to the end of its line: whatever follows is the number


def hiding(game: Game) -> bool:
    return game.status != ENDED


def text(game: Game, s: str) -> str:
    """A text as a page may show it: a line naming the seed keeps the word, not the number."""
    if "种子" in s and hiding(game):
        return _SEED.sub("种子" + SHOWN_LATER, s)
    return s


def args(game: Game, a: dict[str, Any]) -> dict[str, Any]:
    """An input's arguments as a page may show them."""
    if not hiding(game):
        return a
    return {k: v for k, v in a.items() if k not in SECRET_ARGS}


def export(game: Game, doc: dict[str, Any]) -> dict[str, Any]:
    """The export document (engine/replay.export) as a judge may download it now."""
    if not hiding(game):
        return doc
    out = {k: v for k, v in doc.items() if k != "seed"}
    out["options"] = {k: v for k, v in (doc.get("options") or {}).items() if k not in SECRET_ARGS}
    out["inputs"] = [{**d, "args": args(game, d.get("args") or {})} for d in doc.get("inputs", ())]
    out["redacted"] = NOTE
    return out
