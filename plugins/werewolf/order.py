"""The two orders of 狼人杀, each ONE visible list: the night, and what follows a death.

A step's key names its handler in the book (`@BOOK.step(key)` in the module of the role it belongs to, or
a skill's effect: 查验 answers at once); rules.py refuses to load when a step has no handler or a handler
no step (tests/test_werewolf_structure.py shows how).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bansha.engine import Step
from .terms import BADGE, CUPID, GOAT, HUNTER, LAST_WORDS, NIGHT, THIEF, WITCH


@dataclass(frozen=True)
class NightStep(Step):
    """`label`: the role that is woken ("狼人" stands for the whole pack, 狼人 and 白狼王); `phase`: its
    sub-phase. Its handler (book.NightWork) acts when the sub-phase opens or closes, and at dawn."""

    first_night: bool = False  # acts on the first night only
    acts: bool = True  # False: a passive effect resolved at dawn (长老)

    @property
    def role(self) -> str:
        return self.label


# The order in which the judge "wakes" the roles and resolves their effects at
# dawn. Roles sharing a sub-phase act at the same time; a role that needs
# something decided earlier gets a later sub-phase (盗贼 may become any role, so
# he goes first; 丘比特 names lovers before anyone can harm them; 女巫 needs the
# wolves' target). 002: "在第一个夜晚，盗贼将最先被唤醒"; "吹笛者将在女巫之后被唤醒".
NIGHT_ORDER: tuple[NightStep, ...] = (
    NightStep("thief", "盗贼", THIEF, first_night=True),
    NightStep("cupid", "丘比特", CUPID, first_night=True),
    NightStep("guardian", "守卫", NIGHT),
    NightStep("wolves", "狼人", NIGHT),
    NightStep("girl", "小女孩", NIGHT),
    NightStep("check", "预言家", NIGHT),  # 查验: the skill's effect answers at once
    NightStep("witch", "女巫", WITCH),
    NightStep("elder", "长老", NIGHT, acts=False),
    NightStep("piper", "吹笛者", NIGHT),
)
NIGHT_PHASES: tuple[str, ...] = tuple(dict.fromkeys(step.phase for step in NIGHT_ORDER))

# What follows a death, in this order (book.AfterDeath each; the seats that earned a step queue for it, and
# the game resumes when the queue is empty): the sheriff's badge first ("如果警长死了，他临死前可以指定继任者"),
# then the 替罪羊's choice, the 遗言, and the 猎人's shot last.
AFTER_DEATH: tuple[Step, ...] = (
    Step("badge", "移交警徽", BADGE),
    Step("goat", "替罪羊指定", GOAT),
    Step("words", "遗言", LAST_WORDS),
    Step("shot", "猎人开枪", HUNTER),
)
AFTER_RANK = {step.key: i for i, step in enumerate(AFTER_DEATH)}
