"""What the 导演台 shows of a 鹿鼎记 seat (its infection history above all) and tonight in NIGHT_ORDER (I–VII)."""

from __future__ import annotations

from typing import Any

from ..bansha.engine.ruleset import STEP_RESOLVED, STEP_SUBMITTED, STEP_WAITING, StepView
from .roles import CUB, ELDER, FATHER, FOXROLE, GUARD, NIGHT, NIGHT_ORDER, ROLES, SEER, SETTLE, WITCH

# Who acts in each step, and which of tonight's submissions show that they did.
_ACTORS = {"charm": (FOXROLE,), "shield": (GUARD,), "wolves": (FATHER, CUB), "witch": (WITCH,), "seer": (SEER,)}


def _submitted(state: Any, key: str) -> bool:
    return {
        "charm": bool(state.p_charm),
        "shield": bool(state.p_shield),
        "wolves": bool(state.p_infect or state.p_sacrifice),
        "witch": bool(state.p_save or state.p_poison),
        "seer": bool(state.p_check or state.p_quarantine),
    }.get(key, False)


class GrimoireMixin:
    def seat_facts(self, state: Any, seat: int) -> list[str]:
        facts = []
        if state.camps[seat] != ROLES[state.roles[seat]].faction:
            facts.append(f"第{state.turned[seat]}夜被感染转入{state.camps[seat]}" if seat in state.turned
                         else f"现属{state.camps[seat]}")
        tried = [n for n, t in state.infections if t == seat]
        if tried:
            facts.append("被感染目标：" + "、".join(f"第{n}夜" for n in tried))
        if state.roles[seat] == ELDER and state.elder_hit:
            facts.append("长寿之命已抵消一次感染")
        if seat in state.shields:
            facts.append("曾受神圣之盾")
        if seat in state.charms:
            facts.append("曾被魅惑")
        lost = [k.split(":", 1)[1] for k in state.lost_skills if k.startswith(f"{seat}:")]
        if lost:
            facts.append("失去技能：" + "、".join(lost))
        if state.roles[seat] == SEER and state.checks:
            facts.append("查验：" + "；".join(f"第{n}夜 {t}号 {r}" for n, t, r in state.checks))
        if state.roles[seat] == WITCH and state.potions:
            facts.append("用药：" + "；".join(f"第{n}夜 {p} {t}号" for n, p, t in state.potions))
        return facts

    def night_steps(self, state: Any) -> list[StepView]:
        out = []
        for i, step in enumerate(NIGHT_ORDER):
            seats = tuple(s for s in range(1, state.n + 1) if state.roles[s] in _ACTORS.get(step.key, ()))
            if state.phase == SETTLE:
                status = STEP_RESOLVED if i < state.step else STEP_WAITING
            elif state.phase == NIGHT:
                status = STEP_SUBMITTED if _submitted(state, step.key) else STEP_WAITING
            else:  # by day: last night is over; the first day has no night before it
                status = STEP_RESOLVED if state.day > 1 else STEP_WAITING
            out.append(StepView(f"{step.numeral} {step.label}", status, seats))
        return out
