"""The night of 纳塔: skills submitted in a sub-phase are plans, resolved when it closes, step by step in
order.ORDER (早夜1 … 凌晨); 凌晨 counts the night's damage in 电梯楼 order. world.Night is its interface.

"夜晚阶段，则需要等待当前行动时间段结束之后再通知": a plan's feedback goes out as the sub-phase closes.
"""

from __future__ import annotations

import copy

from ..bansha.engine.mechanics import death as death
from .catalog import SKILLS
from .order import NIGHT_STEPS, Step, steps
from .state import Plan
from .world import World


class Night:
    def __init__(self, w: World):
        self.w = w

    def close(self, phase: str) -> None:
        """The steps of this sub-phase, then plans of skills usable in every phase (灵魂链接), by time."""
        state = self.w.state
        for step in steps(phase, at_start=False):
            if step.key == "count":
                self.count()
            else:
                self.step(step)
        for plan in sorted((p for p in state.plans.values() if p.key not in NIGHT_STEPS[phase]), key=lambda p: p.stamp):
            if SKILLS[plan.key].anytime:
                self.run(plan)
        state.plans = {}
        state.counting = False

    def step(self, step: Step) -> None:
        """A skill's step of order.ORDER: the moments it lists — "resolve", its plans; any other, the skill's method
        of that name (the table names it: behaviour.problems checks the skill writes it)."""
        for moment in step.moments:
            if moment == "resolve":
                self.run_plans(step.key)
            else:
                getattr(SKILLS[step.key], moment)(self.w)

    def run_plans(self, key: str) -> None:
        """The plans of one skill: "同一步里有几个人时按电梯楼顺序"."""
        state = self.w.state
        plans = [p for p in state.plans.values() if p.key == key]
        if not plans:
            return
        pos = {s: i for i, s in enumerate(state.ring)}
        for plan in sorted(plans, key=lambda p: (pos[p.seat], p.stamp)):
            self.run(plan)

    def run(self, plan: Plan) -> None:
        """One plan, if its seat is still there and still holds the skill (a 致死伤害 earlier tonight stops it)."""
        state, ctx, seat = self.w.state, self.w.ctx, plan.seat
        skill = SKILLS[plan.key]
        present = state.alive[seat] or seat in state.spirits
        if not present or seat in state.removed or plan.key not in state.held(seat):
            ctx.judge(f"{ctx.name(seat)} 的「{skill.name}」未能结算")
            return
        if skill.count is not None and state.count(seat, plan.key) < 1:
            return
        skill.consume(state, seat)
        skill.resolve(self.w, plan)

    def count(self) -> None:
        """凌晨: every pending hit through the 出局结算, in the order they were dealt; the seats 狼人阵营 damage
        hit tonight that stayed in are kept for 死神[追魂]."""
        state = self.w.state
        state.counting = True  # from here on this night, new damage resolves at once
        hits, state.hits = list(state.hits), []
        for hit in hits:
            result = death.resolve(self.w.deaths, hit)
            if self.w.deaths.wolf_hurt(hit, result):
                state.wolf_hurt.append(hit.target)

    def doomed(self) -> list[int]:
        """Who would go out tonight if the count were made now (神女秘法: on a copy, nothing changes)."""
        probe = self.w.fork(_Quiet(self.w.ctx), copy.deepcopy(self.w.state))
        before = [s for s in probe.state.seats() if probe.state.alive[s]]
        probe.night.count()
        return [s for s in before if not probe.state.alive[s]]


class _Quiet:
    """A context that records nothing, for 神女秘法's look at "当晚将要出局" on a copy of the state."""

    def __init__(self, ctx):
        self.rng = copy.deepcopy(ctx.rng)
        self.options = ctx.options
        self.at = ctx.at
        self._ctx = ctx
        self.events: list = []

    def name(self, seat: int) -> str:
        return self._ctx.name(seat)

    def group(self, *a, **k) -> None: ...

    def seat(self, *a, **k) -> None: ...

    def team(self, *a, **k) -> None: ...

    def judge(self, *a, **k) -> None: ...

    def reply(self, *a, **k) -> None: ...

    def died(self, *a, **k) -> None: ...
