"""The night of 鹿鼎记 as ONE list, in the text's order (总体流程 2, I–VII), and the game's moment table.

Every step resolves in the settle phase, in this order: a step runs its moments (`Step.moments`), and
`MOMENTS` lists, for each moment, the units (book.LudingSkill, by key) that answer it, in the order they
run. A unit answering a night step returns False to pause the night while a hunter out in it decides his
最后一枪 (003: 立即); the step runs again from where it stopped (only a step with one unit may pause).
The one check (engine/core/behaviour.py `problems`, at load in rules.py) holds the units to this table.

VI 感染结算, its four numbered steps, for each infection in the order it was submitted:
  一、target under 神圣之盾 → invalid, else valid (a valid infection of the 猎人 → 忠诚: invalid, he is out)
  二、an 长老 never validly infected before → counts as validly infected once (长寿之命: no change)
  三、target of 救药 → this valid infection does not change his camp (妖狐: 狡黠, likewise)
  四、the target changes camp to 狼人阵营 and is told so
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bansha.engine import Moments, Step
from .terms import CUB, FATHER, FOXROLE, GUARD, SEER, SETTLE, WITCH


@dataclass(frozen=True)
class NightStep(Step):
    numeral: str = ""  # the text's I–VII
    actors: tuple[str, ...] = ()  # the roles that act in it (the 导演台 names their seats)
    submits: tuple[str, ...] = ()  # the skills whose submission tonight shows it is under way (the 导演台)


# Each step is a procedure of the night: it runs its moment, i.e. the units MOMENTS lists under it.
NIGHT_ORDER: tuple[NightStep, ...] = (
    NightStep("fox", "妖狐行动", SETTLE, "I", (FOXROLE,), ("charm",), moments=("fox_acts",)),
    NightStep("guard", "守卫行动", SETTLE, "II", (GUARD,), ("shield",), moments=("guard_acts",)),
    NightStep("wolves", "父狼、幼狼行动", SETTLE, "III", (FATHER, CUB), ("infect", "sacrifice"),
              moments=("wolves_act",)),
    NightStep("witch", "女巫行动", SETTLE, "IV", (WITCH,), ("save", "poison"), moments=("witch_acts",)),
    NightStep("seer", "预言家行动", SETTLE, "V", (SEER,), ("check", "quarantine"), moments=("seer_acts",)),
    NightStep("infection", "感染结算", SETTLE, "VI", moments=("infections_resolve",)),
    NightStep("poisoning", "毒药结算", SETTLE, "VII", moments=("poison_lands",)),
)

MOMENTS = Moments({
    # the night's steps (NIGHT_ORDER): (w) -> bool, False to wait for a hunter's shot
    "fox_acts": ("charm",),  # I 魅惑
    "guard_acts": ("shield",),  # II 神圣之盾
    "wolves_act": ("infect", "sacrifice"),  # III the infections queue for VI, then the 幼狼's 牺牲
    "witch_acts": ("quarantine", "save", "poison"),  # IV in the text's order
    "seer_acts": ("check",),  # V 预言
    "infections_resolve": ("infect",),  # VI 感染结算
    "poison_lands": ("poison",),  # VII 毒药结算
    # what a seat's own units answer (book.answer), with (w, seat, …)
    "out": ("rally", "longevity", "shot"),  # it left (deaths.py): 激励, 长寿之命, 最后一枪
    "checked": ("curse",),  # it is the target of 预言 (V): 咒缚; True ends the step (the game is decided)
    "infected": ("loyalty", "longevity"),  # a valid infection reaches it (VI 一/二): GO, VOID or WAIT
    "resists": ("cunning",),  # after 救药 (VI 三): True if the infection does not change its camp
})
