"""Whole random games of 狼人杀 on every board: they end with exactly one outcome, replay bit for bit,
never show a living player's role to the group, and every refused input leaves the game unchanged.

The games are played by the engine's `play_game` (which types public skills such as 自爆, 上警, 退水 in the
group) with a random agent that is a little less reckless (`agent`: a wolf does not self-destruct every
other day, not everybody stands for sheriff)."""

from __future__ import annotations

import pytest
from chaos import Vocabulary, play_chaos
from longrun import LONG
from werewolf_play import RULES, agent, audit, options_for, play

from plugins.bansha.engine import ABSTAIN, Game, apply
from plugins.bansha.engine.game import ENDED
from plugins.bansha.engine.views.audit import private_skill_names
from plugins.werewolf import rules  # noqa: F401  # registers the ruleset
from plugins.werewolf.boards import BOARDS
from plugins.werewolf.roles import ROLES

GAMES_PER_BOARD = 300 if LONG else 40  # per board, with replay and audit; 1,000 plain games: test_werewolf_classic
BOARD_NAMES = [b.name for b in BOARDS]
SIZES = {b.name: b.sizes for b in BOARDS}


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
