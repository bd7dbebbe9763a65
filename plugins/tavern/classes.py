"""The classes (职业详述) as the engine sees them: each class skill of the sheet a unit a seat may type — an order
(主动, 全局, 圣杯), a 抉择 toggle, or a passive the engine resolves itself — and 放开 for the classes that can
grapple. The numbers are classes.toml's; what each skill does at night is its effect's (effects/)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..bansha.engine import ALIVE, ALIVE_OTHER, Action, Ctx
from .order import DUSK
from .orders import RELEASE, class_blocked, class_skill
from .sheet import SHEET
from .skill import TavernSkill
from .spec import SkillSpec
from .terms import CLASS_NAMES, EXTRA


@dataclass(frozen=True)
class ClassSkill(TavernSkill):
    """A class skill of the sheet as a seat types it at 黄昏: an order recorded for the night (its effect resolves
    at the 指令 step), or a 抉择 switched on or off. One per row of classes.toml, so declared from the sheet
    (`declare`), not one by one."""

    spec: SkillSpec | None = None  # the sheet's row (always given: a field after the engine's defaults needs one)

    def blocked(self, state: Any, seat: int) -> str | None:
        assert self.spec is not None
        return class_blocked(state, seat, self.spec)

    def resolve(self, ctx: Ctx, state: Any, seat: int, action: Action) -> None:
        assert self.spec is not None
        class_skill(ctx, state, seat, self.spec, action)


def declare(spec: SkillSpec) -> ClassSkill:
    if spec.command:
        cost = "不占动作" if spec.action == EXTRA else f"{spec.action}动作"
        once = "，整局一次" if spec.kind == "全局" else ""
        return ClassSkill(
            spec.id, spec.name, aliases=spec.aliases, phases=(DUSK,), target_rule=ALIVE_OTHER if spec.target == "他人"
            else ALIVE, uses=spec.uses, help=f"【{spec.kind}·{cost}{once}】{spec.help}", spec=spec,
        )
    if spec.kind == "抉择":
        return ClassSkill(
            spec.id, spec.name, aliases=spec.aliases, phases=(DUSK,), targets=0, words=("开", "关"),
            form=f"{spec.name} [开|关]", help=f"【抉择】{spec.help}（黄昏决定今晚是否开启）", spec=spec,
        )
    return ClassSkill(spec.id, spec.name, aliases=spec.aliases, targets=0, mandatory=True,
                      help=f"【{spec.kind}】{spec.help}", spec=spec)


CLASS_SKILLS: dict[str, tuple[ClassSkill, ...]] = {
    name: tuple(declare(s) for s in SHEET[name].skills) for name in CLASS_NAMES
}
# 放开 belongs to the classes that can grapple
GRAPPLER: dict[str, tuple[TavernSkill, ...]] = {
    name: (RELEASE,) for name in CLASS_NAMES if SHEET[name].skill("grapple") is not None
}
