"""A cautious beginner for 纳塔, for the simulator (engine/agents/heuristic.py finds it by name).

The platform's generic beginner plays every skill from its declaration; 纳塔 has skills that need a
word as well as (or instead of) a target — a status for 毒计, a card for 变脸, a disguise — which the
generic one cannot fill. Those are chosen here, the rest is left to the generic beginner.
"""

from __future__ import annotations

from typing import Any

from ..bansha.engine import Action, Rng, Ruleset
from ..bansha.engine.agents.heuristic import generic_action
from .catalog import TARGETED_NAMES
from .pool import ROLE_WORDS
from .roles.yangzhizhe import SHOP

WORDY = frozenset({"duji", "pingyi", "yexing", "howl", "zhuangmo", "qiancang", "qizha", "bianlian", "jingming",
                   "shenxun", "answer", "boost"})


def _words(key: str, state: Any, seat: int, words: tuple[str, ...], rng: Rng) -> tuple[str, ...]:
    if key == "duji":
        return (rng.choice(["沉默", "遗忘", "迷魂", "流血"]),)
    if key == "pingyi":
        return (rng.choice(["链接", "不链接"]),)
    if key == "yexing":
        return (rng.choice(["跟随", "骑乘"]),)
    if key == "howl":
        return tuple(rng.sample(list(TARGETED_NAMES), 2))
    if key in ("zhuangmo", "qiancang"):
        return (rng.choice(ROLE_WORDS[:22]), "村民阵营", "不带刀")  # pass for a village role
    if key == "qizha":
        return ("通灵师", "村民阵营", "不带刀", "白狼王", "狼人阵营", "带刀")
    if key == "jingming":
        left = state.count(seat, "jingming")
        affordable = [w for w, (_, cost) in SHOP.items() if cost <= left]
        return (rng.choice(affordable),) if affordable else ()
    if key == "shenxun":
        return (f"{rng.choice(list(state.seats()))}号是狼人吗",)
    if key == "answer":
        return ("是",)
    if key == "bianlian":
        left = [c for c in state.cards.get(seat, []) if c not in state.face_used.get(seat, [])]
        return (rng.choice(left),) if left else ()
    return (rng.choice(words),) if words else ()


def heuristic(ruleset: Ruleset, state: Any, seat: int, rng: Rng) -> Action | None:
    action = generic_action(ruleset, state, seat, rng, skip=WORDY)
    if action is not None:
        return action
    for choice in ruleset.legal(state, seat):
        skill = choice.skill
        if skill.key not in WORDY or state.key(seat, skill.key) in state.acted:
            continue  # at most once per phase, so the game moves on
        if skill.key == "shenxun" and not state.holds(seat, "shenxun"):
            continue  # a cautious beginner does not bluff a 宣言
        cands = [c for c in choice.candidates if c and c != seat] or [c for c in choice.candidates if c]
        if len(cands) < skill.targets:
            continue
        words = _words(skill.key, state, seat, skill.words, rng)
        if not words:
            continue
        return Action(skill=skill.key, targets=tuple(rng.sample(cands, skill.targets)), words=words)
    return None
