"""What the 导演台 shows of a 纳塔 seat (counters, lost and borrowed skills, disguises, 野人, links) and
tonight in the one list ORDER (行动顺序总集)."""

from __future__ import annotations

from typing import Any

from ..bansha.engine.core.order import StepView, step_state
from .catalog import SKILLS
from .order import ORDER, PROCEDURES
from .state import NataState
from .terms import CYCLE, NIGHT_PHASES, PHASES

_NIGHT_CYCLE = tuple(p for p in CYCLE if p in NIGHT_PHASES)


def _name(key: str) -> str:
    skill = SKILLS.get(key)
    return skill.name if skill else PROCEDURES.get(key, key)


def ring_order(state: NataState) -> list[int]:
    return list(state.ring) or list(range(1, state.n + 1))


def seat_facts(state: NataState, seat: int) -> list[str]:
    facts = []
    mine = f"{seat}:"
    counts = [f"{_name(k[len(mine):])} {v}" for k, v in sorted(state.counts.items()) if k.startswith(mine)]
    if counts:
        facts.append("次数：" + "、".join(counts))
    spent = [_name(k[len(mine):]) for k in state.spent if k.startswith(mine)]
    if spent:
        facts.append("已用限定：" + "、".join(spent))
    if state.failed.get(seat):
        facts.append("技能失效：" + "、".join(_name(k) for k in state.failed[seat]))
    if seat in state.stripped:
        facts.append("已失去全部技能")
    if state.grants.get(seat):
        facts.append("获得：" + "、".join(f"{_name(g.key)}（{g.origin}）" for g in state.grants[seat]))
    if state.face.get(seat):
        facts.append(f"变脸：{state.face[seat]}")
    live = [d for d in state.disguises.get(seat, []) if d.active]
    if live:
        facts.append("伪装：" + "、".join(f"{d.role}/{d.faction}" for d in live))
    if seat in state.wild_mode:
        facts.append(f"野人状态：{state.wild_mode[seat]}")
    if seat in state.spirits:
        facts.append(f"被召唤（御主 {state.spirits[seat]}号）")
    for a, b in state.links:
        if seat in (a, b):
            facts.append(f"灵魂链接：{b if seat == a else a}号")
    if seat in state.heretics:
        facts.append("异端")
    return facts


def night_steps(rules: Any, state: NataState) -> list[StepView]:
    """Tonight's steps of ORDER that someone holds the skill for (the night's start is no step to wait on)."""
    done = {k.split(":", 1)[1] for k in list(state.plans) + list(state.acted)}
    holders: dict[str, list[int]] = {}
    for seat in state.living():
        for skill in rules.skills_of(state, seat):
            holders.setdefault(skill.key, []).append(seat)
    out = []
    for step in ORDER:
        if step.phase not in _NIGHT_CYCLE or step.at_start:
            continue
        if step.key in SKILLS and step.key not in holders:
            continue  # nobody holds this skill tonight
        status = step_state(_NIGHT_CYCLE, step.phase, state.phase, state.day, step.key in done)
        out.append(StepView(f"{PHASES[step.phase].label}·{_name(step.key)}", status, tuple(holders.get(step.key, ()))))
    return out
