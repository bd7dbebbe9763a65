"""What the 导演台 shows of a 狼人杀 seat beyond role, camp and statuses, and tonight in NIGHT_ORDER."""

from __future__ import annotations

from ..bansha.engine.order import StepView, step_state
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
        pending = self.pending(state) if state.phase in NIGHT_PHASES else set()
        out = []
        for step in NIGHT_ORDER:
            if not self._step_on(state, step):
                continue
            seats = tuple(state.wolves()) if step.role == "狼人" else tuple(state.holders(step.role))
            submitted = step.acts and (bool(state.wolf_choice) if step.role == "狼人" else not pending & set(seats))
            out.append(StepView(step.role, step_state(NIGHT_PHASES, step.phase, state.phase, state.day, submitted),
                                seats))
        return out
