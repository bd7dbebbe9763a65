"""Whole random games of 狼人杀 for the game's tests: every rule option across the seeds (`options_for`), a
random agent a little less reckless than chance (`agent`), one whole game through the engine's driver (`play`)
and the per-input audience audit (`audit`)."""

from __future__ import annotations

import re
from collections.abc import Callable

from plugins.bansha.engine import Action, Game, Input, Rng, get
from plugins.bansha.engine.agents.play import play_game
from plugins.bansha.engine.views.audit import audit as engine_audit
from plugins.bansha.engine.views.audit import private_skill_names
from plugins.werewolf import rules  # noqa: F401  # registers the ruleset
from plugins.werewolf.terms import WOLF

RULES = get("werewolf")
RARE = {"explode": 0.05, "king_explode": 0.05, "stand": 0.4, "withdraw": 0.15}


def agent(ruleset, state, seat: int, rng: Rng) -> Action | None:
    """A random legal move (None = pass), with the table-wrecking ones made rare."""
    choices = [c for c in ruleset.legal(state, seat) if c.skill.key not in RARE or rng.chance(RARE[c.skill.key])]
    if not choices:
        return None
    pick = rng.choice(choices)
    skill = pick.skill
    if skill.key == "swap":
        return Action(skill="swap", words=(rng.choice(skill.words),))
    k = skill.targets
    if skill.min_targets is not None and skill.min_targets < k:
        k = rng.randint(skill.min_targets, min(k, len(pick.candidates)))
    cands = list(pick.candidates)
    if len(cands) < k:
        return None
    return Action(skill=skill.key, targets=tuple(rng.sample(cands, k)))


def options_for(board: str, seed: int) -> dict:
    """Every rule option takes each of its values across the seeds."""
    return {
        "板子": board,
        "PK": seed % 2 == 0,
        "查验结果": "身份" if seed % 3 == 0 else "阵营",
        "警长选民": "警下" if seed % 4 == 1 else "全体",
        "警长票权": "1.5" if seed % 5 == 2 else "2",
        "竞选自爆": "顺延" if seed % 2 else "流失",
        "偷看风险": "指认" if seed % 3 == 1 else "概率",
        "偷看概率": (0, 20, 50, 100)[seed % 4],
        "守护小女孩": "拒绝" if seed % 5 == 0 else "无效",
        "长老诅咒": "仅好人" if seed % 6 == 5 else "除狼人外",
    }


def play(
    board: str,
    n: int,
    seed: int,
    options: dict | None = None,
    observe: Callable[[Game, Input, list], None] | None = None,
    max_steps: int = 5000,
) -> tuple[Game, list[Input], int]:
    """One whole game: (the ended game, the accepted inputs, refusals met), through the engine's driver."""
    opts = dict(options if options is not None else options_for(board, seed))
    try:
        result = play_game(RULES, n, seed, opts, agent=agent, max_steps=max_steps, record=True, observe=observe)
    except RuntimeError as err:
        raise RuntimeError(f"{board} seed {seed}: {err}") from None
    return result.game, result.inputs, result.refusals


def audit(game: Game, events, names: set[str] | None = None) -> None:
    """Per-input audience audit: group events never carry a living seat's role; team events only reach
    living wolves; check results only reach the seer, peeks the 小女孩, charm news the charmed."""
    state = game.state
    if state is None:
        return
    leaks = engine_audit(RULES, state, list(events), names if names is not None else private_skill_names(RULES, state))
    assert not leaks, leaks
    for e in events:
        kind = e.audience.kind
        if kind == "group" and e.tag not in ("end", "reveal"):
            text = e.text.replace("狼人杀", "")
            for m in re.findall(r"(\d+)号", text):
                s = int(m)
                if 1 <= s <= state.n and state.alive[s] and not state.revealed(s):
                    assert state.roles[s] not in text, (s, state.roles[s], text)
        elif kind == "team" and e.audience.team == "恋人":  # the lovers' channel (with 丘比特 in a 人狼恋)
            side = {*state.lovers, *([state.cupid] if state.mixed_love else [])}
            assert set(e.audience.members) <= side, (e.audience, side)
        elif kind == "team":
            assert e.audience.team == "狼群"
            assert all(state.kind(m) == WOLF for m in e.audience.members)
        elif kind == "seat" and e.tag == "check":
            assert state.roles[e.audience.seat] == "预言家"
        elif kind == "seat" and e.tag == "peek":
            assert state.roles[e.audience.seat] == "小女孩"
            named = {int(m) for m in re.findall(r"(?<!\d)(\d+)号", e.text)}
            assert not named & set(state.wolves(living=False)), e.text  # the pack stays faceless
        elif kind == "seat" and e.tag == "charm":
            assert e.audience.seat in state.charmed
