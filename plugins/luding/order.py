"""The night of 鹿鼎记 as ONE list, in the text's order (总体流程 2, I–VII).

Every step resolves in the settle phase, in this order: a step's key is its handler in the book
(`@BOOK.step(key)` in the module of the role that acts in it; tests/test_luding_structure.py checks every
step has one and every handler a step). A handler returns False to pause the night while a hunter out in it
decides his 最后一枪 (003: 立即), and runs again from where it stopped.

VI 感染结算, its four numbered steps, for each infection in the order it was submitted:
  一、target under 神圣之盾 → invalid, else valid (a valid infection of the 猎人 → 忠诚: invalid, he is out)
  二、an 长老 never validly infected before → counts as validly infected once (长寿之命: no change)
  三、target of 救药 → this valid infection does not change his camp (妖狐: 狡黠, likewise)
  四、the target changes camp to 狼人阵营 and is told so
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bansha.engine import Step
from .terms import CUB, FATHER, FOXROLE, GUARD, SEER, SETTLE, WITCH


@dataclass(frozen=True)
class NightStep(Step):
    numeral: str = ""  # the text's I–VII
    actors: tuple[str, ...] = ()  # the roles that act in it (the 导演台 names their seats)
    submits: tuple[str, ...] = ()  # the skills whose submission tonight shows it is under way (the 导演台)


NIGHT_ORDER: tuple[NightStep, ...] = (
    NightStep("fox", "妖狐行动", SETTLE, "I", (FOXROLE,), ("charm",)),
    NightStep("guard", "守卫行动", SETTLE, "II", (GUARD,), ("shield",)),
    NightStep("wolves", "父狼、幼狼行动", SETTLE, "III", (FATHER, CUB), ("infect", "sacrifice")),
    NightStep("witch", "女巫行动", SETTLE, "IV", (WITCH,), ("save", "poison")),
    NightStep("seer", "预言家行动", SETTLE, "V", (SEER,), ("check", "quarantine")),
    NightStep("infection", "感染结算", SETTLE, "VI"),
    NightStep("poisoning", "毒药结算", SETTLE, "VII"),
)
