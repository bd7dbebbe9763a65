"""The classes (职业详述) as the engine sees them: each class skill of the sheet declared as a skill a seat may
type — an order (主动, 全局, 圣杯), a 抉择 toggle, or a passive the engine resolves itself — and 放开 for the
classes that can grapple. The numbers are classes.toml's; what each skill does is its effect's (effects/)."""

from __future__ import annotations

from ..bansha.engine import ALIVE, ALIVE_OTHER
from .order import DUSK
from .orders import RELEASE
from .sheet import SHEET, SkillSpec
from .skill import TavernSkill
from .terms import CLASS_NAMES, EXTRA


def declare(spec: SkillSpec) -> TavernSkill:
    if spec.command:
        cost = "不占动作" if spec.action == EXTRA else f"{spec.action}动作"
        once = "，整局一次" if spec.kind == "全局" else ""
        return TavernSkill(
            spec.id, spec.name, aliases=spec.aliases, phases=(DUSK,), target_rule=ALIVE_OTHER if spec.target == "他人"
            else ALIVE, uses=spec.uses, help=f"【{spec.kind}·{cost}{once}】{spec.help}", spec=spec,
        )
    if spec.kind == "抉择":
        return TavernSkill(
            spec.id, spec.name, aliases=spec.aliases, phases=(DUSK,), targets=0, words=("开", "关"),
            form=f"{spec.name} [开|关]", help=f"【抉择】{spec.help}（黄昏决定今晚是否开启）", spec=spec,
        )
    return TavernSkill(spec.id, spec.name, aliases=spec.aliases, targets=0, mandatory=True,
                       help=f"【{spec.kind}】{spec.help}", spec=spec)


CLASS_SKILLS: dict[str, tuple[TavernSkill, ...]] = {
    name: tuple(declare(s) for s in SHEET[name].skills) for name in CLASS_NAMES
}
# 放开 belongs to the classes that can grapple
GRAPPLER: dict[str, tuple[TavernSkill, ...]] = {
    name: (RELEASE,) for name in CLASS_NAMES if SHEET[name].skill("grapple") is not None
}
