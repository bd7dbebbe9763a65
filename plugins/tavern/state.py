"""The game state of 酒馆圣杯: plain dataclasses, rebuilt bit for bit by replaying the log."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..bansha.engine import BaseState
from .effect import Effect
from .effects import EFFECTS
from .order import MOMENTS
from .sheet import SHEET
from .spec import ClassSpec, SkillSpec

FEEDBACK_NIGHT, FEEDBACK_NOW = "入夜", "立即"


@dataclass
class Order:
    skill: str  # "attack" or a class skill id
    target: int
    cost: str  # STD | FREE | EXTRA


@dataclass
class Orders:
    cmds: list[Order] = field(default_factory=list)  # in the order submitted = the order executed
    stances: list[str] = field(default_factory=list)  # 抉择 skills switched on tonight
    release: bool = False  # 放开 ordered (a grappler)
    claims: list[tuple[int, str, str]] = field(default_factory=list)  # (target, kind, value)


@dataclass
class TavernState(BaseState):
    classes: list[str] = field(default_factory=list)  # index 0 unused
    factions: list[str] = field(default_factory=list)  # 守序 / 中立 / 混乱
    hp: list[int] = field(default_factory=list)
    points: dict[str, int] = field(default_factory=dict)
    feedback: str = FEEDBACK_NIGHT
    numbers: dict[int, int] = field(default_factory=dict)  # 白天: seat -> its number
    grail: int = 0  # who carries this round's grail (0: nobody)
    orders: dict[int, Orders] = field(default_factory=dict)
    grapples: dict[int, int] = field(default_factory=dict)  # grappler -> grappled
    wound_rolls: dict[int, int] = field(default_factory=dict)  # 受伤 seat -> recovery rolls already failed
    downed_by: dict[int, int] = field(default_factory=dict)  # 受伤 seat -> who brought it to 0 HP
    fates: dict[int, str] = field(default_factory=dict)
    fallen: list[str] = field(default_factory=list)  # factions announced 灭亡
    forfeited: list[str] = field(default_factory=list)
    notes: dict[int, list[str]] = field(default_factory=dict)  # private record per seat, for /身份

    def spec(self, seat: int) -> ClassSpec:
        return SHEET[self.classes[seat]]

    def members(self, faction: str, living: bool = False) -> list[int]:
        return [s for s in range(1, self.n + 1) if self.factions[s] == faction and (self.alive[s] or not living)]

    def wounded(self, seat: int) -> bool:
        return self.alive[seat] and self.hp[seat] == 0

    def grappler_of(self, seat: int) -> int:
        return next((g for g, t in sorted(self.grapples.items()) if t == seat), 0)

    def has(self, seat: int, condition: str) -> bool:
        return self.statuses.has(seat, condition)

    def passive(self, seat: int, moment: str) -> tuple[Effect, SkillSpec] | None:
        """The seat's first passive skill whose effect answers this question of combat (the effects order.MOMENTS
        lists under `moment`), with its effect: a class has one of each at most."""
        answering = MOMENTS[moment]
        for sk in self.spec(seat).skills:
            if sk.passive and sk.effect in answering:
                return EFFECTS[sk.effect], sk
        return None

    def in_force(self, seat: int) -> list[SkillSpec]:
        """Its stances in force tonight: the passive ones always, a 抉择 one when switched on."""
        on = self.orders.get(seat, Orders()).stances
        return [s for s in self.spec(seat).skills if EFFECTS[s.effect].stance and (s.kind == "被动" or s.id in on)]
