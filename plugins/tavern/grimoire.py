"""What the 导演台 shows of a 酒馆 seat (HP, the grail, orders, grapples) and the night as NIGHT_ORDER runs it."""

from __future__ import annotations

from typing import Any

from ..bansha.engine.game.ruleset import STEP_RESOLVED, STEP_SUBMITTED, STEP_WAITING, StepView
from .order import DUSK, NIGHT_ORDER
from .sheet import SHEET


class GrimoireMixin:
    def seat_facts(self, st: Any, seat: int) -> list[str]:
        cls = st.classes[seat]
        facts = [f"{cls}（{st.factions[seat]}）", f"HP {st.hp[seat]}/{SHEET[cls].hp}"]
        if st.grail == seat:
            facts.append("持有本轮圣杯")
        if seat in st.numbers:
            facts.append(f"圣杯数字 {st.numbers[seat]}")
        if seat in st.wound_rolls or st.hp[seat] <= 0 and st.alive[seat]:
            facts.append(f"受伤（伤愈检定已失败 {st.wound_rolls.get(seat, 0)} 次）")
        if seat in st.grapples:
            facts.append(f"擒抱着 {st.grapples[seat]}号")
        held = [g for g, t in st.grapples.items() if t == seat]
        if held:
            facts.append(f"被 {held[0]}号 擒抱")
        orders = st.orders.get(seat)
        if orders and (orders.cmds or orders.stances or orders.claims):
            facts.append(f"已提交：指令 {len(orders.cmds)} 条、指认 {len(orders.claims)} 条")
        return facts

    def night_steps(self, st: Any) -> list[StepView]:
        if st.phase == DUSK:
            submitted = all(st.orders.get(s) and st.orders[s].cmds for s in st.living())
            status = STEP_SUBMITTED if submitted else STEP_WAITING
            return [StepView(step.key, status if step.key == "结算" else STEP_WAITING) for step in NIGHT_ORDER]
        return [StepView(step.key, STEP_RESOLVED if st.day > 1 else STEP_WAITING) for step in NIGHT_ORDER]
