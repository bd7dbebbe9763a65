"""The class sheet (职业详述) of 酒馆圣杯 as data: a class and its skills, as sheet.py reads them from classes.toml.
Below the effects (effects/) and the state, which read them; nothing here runs."""

from __future__ import annotations

from dataclasses import dataclass

from .terms import Dice, IdRule


@dataclass(frozen=True)
class SkillSpec:
    id: str
    name: str
    kind: str
    effect: str
    action: str = "标准"
    target: str = "他人"
    uses: int | None = None
    help: str = ""
    aliases: tuple[str, ...] = ()
    # effect parameters (see classes.toml's header)
    ab: int = 0
    ac: int = 0
    damage: int = 0
    extra_attacks: int = 0
    after: str = ""
    after_nights: int = 1
    blocked_by: str = ""
    vs_faction: str = ""
    condition: str = ""
    save: str = ""
    nights: int = 1
    check: str = ""
    dice: Dice | None = None
    full: bool = False
    chance: int = 0
    value: int = 0

    command: bool = False  # an order given at 黄昏 (its effect submits PLAN), else a 抉择 toggle or a passive

    @property
    def passive(self) -> bool:
        return not self.command and self.kind != "抉择"


@dataclass(frozen=True)
class ClassSpec:
    name: str
    traits: tuple[str, ...]
    hp: int
    ab: int
    armor: int
    dex: int
    damage: Dice
    identify: tuple[IdRule, ...]
    skills: tuple[SkillSpec, ...]
    blurb: str = ""

    def skill(self, effect: str) -> SkillSpec | None:
        return next((s for s in self.skills if s.effect == effect), None)

    def id_text(self) -> str:
        return "；".join(r.text() for r in self.identify) or "无"
