"""The two orders of 狼人杀, each ONE visible list: the night, and what follows a death — and, in data, the
moments each step runs (`Step.moments`).

A step's key is the key of its unit (book.WerewolfUnit, declared in the module of the role it belongs to):
the role's night skill (守护, 杀人…; 查验 answers when used and lists no moment), or a unit of its own where
the step is more than one skill (女巫's night, the 长老's passive, each step after a death). Its moments are
the unit's methods the game calls:

- a night step: `wake` (its role's own prompt as its sub-phase opens, instead of the engine's), `close` (as
  the sub-phase closes), `dawn` (the dawn's count, folded in this order), `morning` (after the dawn's deaths
  are announced), `owes` (who still owes an action in its sub-phase: listed by any step of a sub-phase, the
  steps say instead of the skills), `holder` (the seat that acts in it, when not the holder of its role);
- a step after a death: `enter` (its phase, for the seats that earned it), `deadline`, `owes`.

What a role's units do within the day's and the deaths' procedures is the table `MOMENTS`: for each moment,
the units asked, in order (each answers only for a seat whose role it belongs to).

rules.py refuses to load when a unit writes a moment neither its step nor `MOMENTS` lists, or a step or the
table lists one its unit does not write (engine/core/behaviour.py `problems`; tests/games/werewolf/test_conformance.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bansha.engine import Moments, Step
from .terms import BADGE, CUPID, GOAT, HUNTER, LAST_WORDS, NIGHT, THIEF, WITCH


@dataclass(frozen=True)
class NightStep(Step):
    """`label`: the step's role ("狼人" stands for the whole pack, 狼人 and 白狼王); `phase`: its sub-phase.
    The role is woken in it when it declares a skill of that sub-phase (the 长老's step is a passive, counted
    at dawn: night.wakes)."""

    first_night: bool = False  # on the first night only

    @property
    def role(self) -> str:
        return self.label


# The order in which the judge "wakes" the roles and resolves their effects at
# dawn. Roles sharing a sub-phase act at the same time; a role that needs
# something decided earlier gets a later sub-phase (盗贼 may become any role, so
# he goes first; 丘比特 names lovers before anyone can harm them; 女巫 needs the
# wolves' target). 002: "在第一个夜晚，盗贼将最先被唤醒"; "吹笛者将在女巫之后被唤醒".
NIGHT_ORDER: tuple[NightStep, ...] = (
    NightStep("swap", "盗贼", THIEF, first_night=True, moments=("wake", "close", "owes", "holder")),
    NightStep("link", "丘比特", CUPID, first_night=True, moments=("wake", "close", "owes")),
    NightStep("guard", "守卫", NIGHT, moments=("dawn", "morning")),
    NightStep("kill", "狼人", NIGHT, moments=("close", "dawn")),
    NightStep("peek", "小女孩", NIGHT, moments=("close",)),
    NightStep("check", "预言家", NIGHT),  # 查验: the skill's effect answers at once
    NightStep("witch", "女巫", WITCH, moments=("wake", "owes", "dawn")),
    NightStep("elder", "长老", NIGHT, moments=("dawn", "morning")),
    NightStep("charm", "吹笛者", NIGHT, moments=("dawn", "morning")),
)
NIGHT_PHASES: tuple[str, ...] = tuple(dict.fromkeys(step.phase for step in NIGHT_ORDER))

# What follows a death, in this order (each step's unit enters its phase; the seats that earned a step queue
# for it, and the game resumes when the queue is empty): the sheriff's badge first ("如果警长死了，他临死前可以指定继任者"),
# then the 替罪羊's choice, the 遗言, and the 猎人's shot last.
AFTER_DEATH: tuple[Step, ...] = (
    Step("badge", "移交警徽", BADGE, moments=("enter", "deadline", "owes")),
    Step("designate", "替罪羊指定", GOAT, moments=("enter", "deadline", "owes")),
    Step("words", "遗言", LAST_WORDS, moments=("enter", "owes")),
    Step("shoot", "猎人开枪", HUNTER, moments=("enter", "owes")),
)
AFTER_RANK = {step.key: i for i, step in enumerate(AFTER_DEATH)}

# A role's part in the procedures (deaths.py, day.py), asked of the units listed, in this order.
MOMENTS = Moments({
    "chain": ("curse",),  # a seat left: who else leaves with it (after the lover's grief) — the 长老's curse
    "announce": ("curse",),  # what the table is told of a departure, before the after-death steps queue
    "after": ("shoot", "designate"),  # the after-death steps a departure earns (AFTER_DEATH keys)
    "exiled": ("flip",),  # the vote exiles a seat: True if it stays in the game (the 白痴 flips)
    "ties": ("designate",),  # the vote tied: True if this living seat settles it (the 替罪羊 dies)
})
