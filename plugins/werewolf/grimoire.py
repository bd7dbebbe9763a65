"""What the 导演台 shows of a 狼人杀 seat beyond role, camp and statuses, and tonight in NIGHT_ORDER."""

from __future__ import annotations

from ..bansha.engine.ruleset import STEP_RESOLVED, STEP_SUBMITTED, STEP_WAITING, StepView
from .roles import NIGHT_ORDER, NIGHT_PHASES
from .state import WerewolfState


class GrimoireMixin:
    def seat_facts(self, state: WerewolfState, seat: int) -> list[str]:
        facts = []
        if state.dealt and state.dealt[seat] != state.roles[seat]:
            facts.append(f"发牌时是{state.dealt[seat]}")
        if seat in state.lovers:
            facts.append(f"情侣（另一位 {state.lover_of(seat)}号）")
        if seat in state.charmed:
            facts.append("已被吹笛者迷惑")
        if state.roles[seat] == "长老" and state.elder_hits:
            facts.append(f"挡过狼刀 {state.elder_hits} 次")
        if state.powerless(seat):
            facts.append("长老被放逐：失去能力")
        if state.roles[seat] == "预言家" and state.checks:
            facts.append("查验：" + "；".join(f"第{n}夜 {t}号 {r}" for n, t, r in state.checks))
        if state.roles[seat] == "守卫" and state.guards:
            facts.append("守护：" + "；".join(f"第{n}夜 {t}号" for n, t in state.guards))
        if state.roles[seat] == "女巫" and state.potions:
            facts.append("用药：" + "；".join(f"第{n}夜 {p} {t}号" for n, p, t in state.potions))
        return facts

    def night_steps(self, state: WerewolfState) -> list[StepView]:
        here = NIGHT_PHASES.index(state.phase) if state.phase in NIGHT_PHASES else None
        pending = self.pending(state) if here is not None else set()
        out = []
        for step in NIGHT_ORDER:
            if not self._step_on(state, step):
                continue
            seats = tuple(state.wolves()) if step.role == "狼人" else tuple(state.holders(step.role))
            at = NIGHT_PHASES.index(step.phase)
            if here is None:  # by day: last night is over (before the first night nothing has run)
                status = STEP_RESOLVED if state.day else STEP_WAITING
            elif at < here:
                status = STEP_RESOLVED
            elif at > here or not step.acts:
                status = STEP_WAITING
            elif step.role == "狼人":
                status = STEP_SUBMITTED if state.wolf_choice else STEP_WAITING
            else:
                status = STEP_WAITING if pending & set(seats) else STEP_SUBMITTED
            out.append(StepView(step.role, status, seats))
        return out
