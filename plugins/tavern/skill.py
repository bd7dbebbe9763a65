"""The base of 酒馆's units a seat types (engine/core/behaviour.py): the general commands (圣杯, 攻击, 指认, 放开),
each declared with `BOOK.unit` beside its code, and the class skills built from the sheet (classes.py)."""

from __future__ import annotations

from dataclasses import dataclass

from ..bansha.engine import Behaviour


@dataclass(frozen=True)
class TavernSkill(Behaviour):
    """A unit with the usage line spelled out (the number and 指认 words are too many to list)."""

    form: str = ""
    pm_only: bool | None = True  # every order is sent by PM: in the group it would show the table one's plan

    def usage(self) -> str:
        return self.form or super().usage()
