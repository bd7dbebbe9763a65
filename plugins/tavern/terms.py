"""The framework the rule text (001) fixes for 酒馆圣杯: traits, factions and their line-up, the kinds of skill,
the conditions, the checks, a turn's actions, and the dice everything is rolled with.

The class sheet that fills this framework in (职业详述) is data: classes.toml, read by sheet.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

TRAITS = ("战斗", "施法", "神圣", "敏捷")
FACTIONS = ("守序", "中立", "混乱")  # short forms; the faction label is f"{short}阵营"
# 「守序阵营：战士，武僧，牧师，法师，圣武士 / 中立阵营：野蛮人，法师，战士，游荡者，德鲁伊 /
#  混乱阵营：野蛮人，术士，游侠，游荡者，吟游诗人」
LINEUP: dict[str, tuple[str, ...]] = {
    "守序": ("战士", "武僧", "牧师", "法师", "圣武士"),
    "中立": ("野蛮人", "法师", "战士", "游荡者", "德鲁伊"),
    "混乱": ("野蛮人", "术士", "游侠", "游荡者", "吟游诗人"),
}
CLASS_NAMES = tuple(dict.fromkeys(c for f in FACTIONS for c in LINEUP[f]))
# The two HP caps the text itself fixes (its will and fortitude examples are worked on them):
# 「对于法师，其职业生命上限为4」「对于野蛮人，其生命上限为12」
TEXT_HP = {"法师": 4, "野蛮人": 12}
PLAYERS = sum(len(v) for v in LINEUP.values())  # 15

KINDS = ("主动", "被动", "圣杯", "抉择", "全局")  # 【技能种类说明】
CONDITIONS = ("眩晕", "震慑", "疲惫")  # the ones a skill may inflict (被擒抱: grapple; 受伤: 0 HP)
CHECKS = ("意志对抗", "意志", "反射", "强韧", "必中")
SAVES = ("意志", "反射", "强韧")
CLAIM_KINDS = ("特质", "职业", "阵营")
ACTIONS = ("标准", "自由")
TARGETS = ("他人", "任意")
STD, FREE, EXTRA = "标准", "自由", "额外"


def label(faction: str) -> str:
    return f"{faction}阵营"


def seats_text(seats) -> str:
    return "、".join(f"{s}号" for s in seats) or "无"


def pct(x: int) -> str:
    return f"{x}%"


@dataclass
class Budget:
    """A turn's actions: 「自由动作不足而尚有标准动作的，将自动将标准动作转化为自由动作」, never the reverse."""

    std: int = 1
    free: int = 1

    def spend(self, cost: str) -> str | None:
        """Spend one action of `cost`; returns what was used, None when nothing is left."""
        if cost == EXTRA:
            return EXTRA
        if cost == FREE and self.free:
            self.free -= 1
            return FREE
        if self.std:
            self.std -= 1
            return STD if cost == STD else "标准→自由"
        return None


class SheetError(ValueError):
    """A mistake in classes.toml; the message names the class, skill and field."""


# --- dice ---------------------------------------------------------------------------------

_DICE = re.compile(r"^\s*(?:(\d+)\s*[dD]\s*(\d+))?\s*(?:([+-])\s*(\d+))?\s*$")


@dataclass(frozen=True)
class Dice:
    count: int
    sides: int
    bonus: int

    def __str__(self) -> str:
        if not self.count:
            return str(self.bonus)
        tail = f"{self.bonus:+d}" if self.bonus else ""
        return f"{self.count}d{self.sides}{tail}"

    @property
    def most(self) -> int:
        return self.count * self.sides + self.bonus


def parse_dice(text: Any) -> Dice | None:
    """'1d8', '2d4+1', '3' → Dice; None when malformed."""
    if isinstance(text, int) and not isinstance(text, bool):
        return Dice(0, 0, text) if text >= 0 else None
    if not isinstance(text, str):
        return None
    m = _DICE.match(text)
    if not m or not (m.group(1) or m.group(4)):
        return None
    count, sides = int(m.group(1) or 0), int(m.group(2) or 0)
    bonus = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
    if m.group(1) and (count < 1 or count > 10 or sides < 2 or sides > 100):
        return None
    if not m.group(1) and bonus < 0:
        return None
    return Dice(count, sides, bonus)


# --- 指认 ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class IdRule:
    """One line of a class's 指认 rule: `count` IDs a night, each asking about one value of `kind`."""

    count: int
    kind: str  # 特质 | 职业 | 阵营
    values: tuple[str, ...] = ()  # () = any value of that kind

    def allows(self, kind: str, value: str) -> bool:
        return kind == self.kind and (not self.values or value in self.values)

    def text(self) -> str:
        what = "、".join(f"「{v}」" for v in self.values) if self.values else "任意"
        return f"{self.count}个ID指认{self.kind}（{what}）"
