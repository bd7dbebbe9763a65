"""纳塔's random agent: a random legal move with the words its skill needs (a status for 毒计, a card for
变脸, a disguise…), so simulations, fuzz tests and the end-to-end mirror exercise every skill."""

from __future__ import annotations

from typing import Any

from ..bansha.engine import ABSTAIN, Action, Rng, Ruleset
from ..bansha.engine.agents.play import VOTE_REASON
from .catalog import TARGETED_NAMES
from .pool import ROLE_WORDS
from .roles.yangzhizhe import SHOP


def nata_agent(ruleset: Ruleset, state: Any, seat: int, rng: Rng) -> Action | None:
    """A random legal move with the words its skill needs; sometimes a pass."""
    choices = ruleset.legal(state, seat)
    if not choices or rng.chance(0.15):
        return None
    pick = rng.choice(choices)
    skill = pick.skill
    cands = [c for c in pick.candidates if c != ABSTAIN] if skill.key != "vote" else list(pick.candidates)
    k = skill.targets
    if skill.key == "canshi":
        k = rng.randint(1, max(1, skill.targets))
    if skill.key == "badge":
        k = rng.randint(0, 1)
    if len(cands) < k:
        return None
    targets = tuple(rng.sample(cands, k)) if skill.distinct else tuple(rng.choice(cands) for _ in range(k))
    words: tuple[str, ...] = ()
    key = skill.key
    if key == "duji":
        words = (rng.choice(["流血", "沉默", "遗忘", "迷魂", "超度", "漏洞"]),)
    elif key == "pingyi":
        words = (rng.choice(["链接", "不链接"]),)
    elif key == "yexing":
        words = (rng.choice(["跟随", "骑乘"]),)
    elif key == "howl":
        words = tuple(rng.sample(list(TARGETED_NAMES), 2))
    elif key in ("zhuangmo", "qiancang"):
        words = (rng.choice(ROLE_WORDS), rng.choice(["村民阵营", "狼人阵营", "独立阵营"]), rng.choice(["带刀", "不带刀"]))
    elif key == "qizha":
        words = tuple(w for _ in range(2) for w in (rng.choice(ROLE_WORDS), rng.choice(["村民阵营", "狼人阵营"]),
                                                    rng.choice(["带刀", "不带刀"])))
    elif key == "bianlian":
        left = [c for c in state.cards.get(seat, []) if c not in state.face_used.get(seat, [])]
        if not left:
            return None
        words = (rng.choice(left),)
    elif key in ("answer", "boost") and skill.words:
        words = (rng.choice(skill.words),)
    elif key == "jingming":
        affordable = [w for w, (_, cost) in SHOP.items() if cost <= state.count(seat, "jingming")]
        if not affordable:
            return None
        words = (rng.choice(affordable),)
    elif key == "shenxun":
        if not state.holds(seat, "shenxun") and not rng.chance(0.05):
            return None  # anyone may post a 宣言; a random player rarely bluffs one
        words = (f"{rng.choice(list(state.seats()))}号是{rng.choice(ROLE_WORDS)}吗",)
    elif key == "vote" and not targets:
        return None
    reason = VOTE_REASON if key == "vote" and not state.has(seat, "寡言") else ""  # 寡言: "若投票，不能写投票理由"
    return Action(skill=key, targets=targets, words=words, reason=reason)


random_agent = nata_agent  # the engine's hook (engine/agents/play.py: agent_for)
