"""Whole random games of 狼人杀 on every board: they end with exactly one outcome, replay bit for bit,
never show a living player's role to the group, and every refused input leaves the game unchanged.

The games are played by the engine's `play_game` (which types public skills such as 自爆, 上警, 退水 in the
group) with a random agent that is a little less reckless (`agent`: a wolf does not self-destruct every
other day, not everybody stands for sheriff)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from chaos import Vocabulary, play_chaos
from conftest import LONG

from plugins.bansha.engine import ABSTAIN, Action, Game, Input, Rng, apply, get
from plugins.bansha.engine.agents.play import play_game
from plugins.bansha.engine.game import ENDED
from plugins.bansha.engine.views.audit import audit as engine_audit
from plugins.bansha.engine.views.audit import private_skill_names
from plugins.werewolf import rules  # noqa: F401  # registers the ruleset
from plugins.werewolf.boards import BOARDS
from plugins.werewolf.roles import ROLES
from plugins.werewolf.terms import WOLF

RULES = get("werewolf")
GAMES_PER_BOARD = 300 if LONG else 40  # per board, with replay and audit; 1,000 plain games: test_werewolf_classic
BOARD_NAMES = [b.name for b in BOARDS]
SIZES = {b.name: b.sizes for b in BOARDS}
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


@pytest.mark.long
@pytest.mark.parametrize("board", BOARD_NAMES)
def test_random_games_end_once_and_replay_exactly(board):
    sizes = SIZES[board]
    winners = set()
    for seed in range(GAMES_PER_BOARD):
        n = sizes[seed % len(sizes)]
        game, inputs, refusals = play(board, n, seed)
        assert game.status == ENDED and game.outcome is not None
        assert refusals == 0, "the agent only plays legal moves"
        winners.add(game.outcome.winner)
        # replay the log on a fresh game: the same state, bit for bit, and exactly one outcome event
        fresh = Game.new(1, RULES, group=1, owner=1, seed=seed, options=options_for(board, seed))
        outcomes = 0
        names: set[str] | None = None
        for inp in inputs:
            events = apply(fresh, inp)
            if fresh.state is not None and names is None:
                names = private_skill_names(RULES, fresh.state)
            audit(fresh, events, names)
            outcomes += sum(1 for e in events if e.tag == "end" and e.text == game.outcome.text)
        assert outcomes == 1
        assert fresh.state == game.state
        assert fresh == game
        # the cast covers every seat with a fate; the winners are seats of the winning camp
        rows = RULES.cast(game.state)
        assert [r.seat for r in rows] == list(range(1, n + 1))
        assert all(r.fate for r in rows)
        assert game.outcome.seats and all(1 <= s <= n for s in game.outcome.seats)
    assert {"好人阵营", "狼人阵营"} <= winners


CHAOS = Vocabulary(
    skills=("杀人", "刀", "查验", "验", "守护", "灵药", "救", "毒药", "开枪", "投票", "改票", "翻牌", "飞", "自爆", "上警",
            "退水", "决断", "移交", "撕警徽", "指定", "连线", "偷看", "指认", "迷惑", "交换"),
    words=("弃权", "1", "2", "3"),
    max_targets=2,
)


@pytest.mark.parametrize("board", BOARD_NAMES)
def test_chaos_refusals_change_nothing_and_games_still_replay(board):
    sizes = SIZES[board]
    for seed in range(6):
        n = sizes[seed % len(sizes)]
        play_chaos(RULES, n, seed, options_for(board, seed), CHAOS, agent=agent, audit=audit, deadline_chance=0.05)


def test_abstain_is_never_a_winner_of_the_vote():
    state = play("6人预女", 6, 1)[0].state
    assert ABSTAIN == 0 and "弃权" in next(s for s in RULES.skills_of(state, 1) if s.name == "投票").words


def test_every_role_on_a_board_is_declared():
    for b in BOARDS:
        for role, _ in b.roles:
            assert role in ROLES
