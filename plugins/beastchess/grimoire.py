"""What the 导演台 shows of a 斗兽棋 seat (level, HP and shields, 本能, this round's plan) and the round's
結算順序."""

from __future__ import annotations

from ..bansha.engine.game.ruleset import STEP_RESOLVED, STEP_SUBMITTED, STEP_WAITING, StepView
from .book import INSTINCTS
from .data import ROUND
from .order import RESOLUTION_ORDER
from .state import BeastState


class GrimoireMixin:
    def seat_facts(self, state: BeastState, seat: int) -> list[str]:
        if not state.levels:
            return []
        facts = [f"{state.level(seat)}级 {state.animals[seat]}", f"HP {state.hp[seat]}/{state.max_hp}"]
        if state.shown and state.shown[seat] != state.hp[seat]:
            facts.append(f"公示 HP {state.shown[seat]}")
        if state.shields and state.shields[seat]:
            facts.append(f"护盾 {state.shields[seat]}")
        if state.instincts and state.instincts[seat]:
            inst = INSTINCTS.get(state.instincts[seat])
            facts.append(f"本能：{inst.name if inst else state.instincts[seat]}")
        plan = state.plans.get(seat)
        if plan and (plan.action or plan.passed or plan.instinct):
            what = "放弃行动" if plan.passed else (f"目标 {plan.action}号" if plan.action else "")
            facts.append("本回合：" + "，".join(x for x in (what, "用本能" if plan.instinct else "") if x))
        return facts

    def night_steps(self, state: BeastState) -> list[StepView]:
        if state.phase != ROUND:
            return [StepView(step.label, STEP_RESOLVED if state.day > 1 else STEP_WAITING) for step in RESOLUTION_ORDER]
        submitted = not self.pending(state)
        return [StepView(step.label, STEP_SUBMITTED if submitted else STEP_WAITING) for step in RESOLUTION_ORDER]
