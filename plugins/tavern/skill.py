"""How a 酒馆 skill is declared for the engine: the general commands (圣杯, 攻击, 指认, 放开) and the class skills
built from the sheet (classes.py) alike."""

from __future__ import annotations

from dataclasses import dataclass

from ..bansha.engine import Skill
from .sheet import SkillSpec


@dataclass(frozen=True)
class TavernSkill(Skill):
    """A Skill with the usage line spelled out (the number and 指认 words are too many to list)
    and, for class skills, the sheet entry it comes from."""

    form: str = ""
    spec: SkillSpec | None = None
    pm_only: bool | None = True  # every order is sent by PM: in the group it would show the table one's plan

    def usage(self) -> str:
        return self.form or super().usage()
