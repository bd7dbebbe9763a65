"""Whole random games of 纳塔: every game ends with exactly one winner, replays bit for bit, never shows a
living seat's role to the group, keeps team channels to their members, and refused inputs change nothing.

The agent plays only legal moves and fills in the words a skill needs (a status for 毒计, a card for 变脸…),
so every skill of the pool gets used. 100 games run by default; BANSHA_LONG=1 runs 200 more and then 1,000.
"""

from __future__ import annotations

import re

import pytest
from chaos import Vocabulary, play_chaos
from longrun import LONG

from plugins.bansha.engine import Game, apply
from plugins.bansha.engine.agents.play import play_game, random_action
from plugins.bansha.engine.game import ENDED
from plugins.bansha.engine.views.audit import audit as platform_audit
from plugins.bansha.engine.views.audit import private_skill_names
from plugins.nata import rules
from plugins.nata.agent import nata_agent
from plugins.nata.pool import DISGUISE_WORDS
from plugins.nata.terms import FACTIONS, WOLF_TEAM

RULES = rules.RULESET
QUICK = {"节奏": "快速"}
SILENT_TAGS = ("end", "reveal", "declare")


def audit(game: Game, events, pack_before: set[int] = frozenset()) -> None:
    state = game.state
    if state is None:
        return
    for e in events:
        if e.audience.kind == "group" and e.tag not in SILENT_TAGS:
            for m in re.findall(r"(\d+)号", e.text):
                s = int(m)
                if 1 <= s <= state.n and state.alive[s] and s not in state.revealed:
                    role = state.roles[s]
                    assert f"{s}号 P{s}（{role}" not in e.text and f"{s}号是{role}" not in e.text, (e.text, role)
                    assert not re.search(rf"{s}号[^，。；\n]{{0,12}}{role}", e.text), (e.tag, e.text, role)
        elif e.audience.kind == "team" and e.audience.team == WOLF_TEAM:
            assert all(state.faction(m) == "狼人阵营" for m in e.audience.members), e
            assert set(e.audience.members) <= pack_before | set(state.pack()), e


def _play(seed: int, options: dict, agent=nata_agent):
    return play_game(RULES, 14, seed, options=dict(options), agent=agent, record=True, max_steps=8000)


def _check(seed: int, options: dict, result) -> str:
    game = result.game
    assert game.status == ENDED and game.outcome is not None and game.outcome.winner in FACTIONS
    fresh = Game.new(1, RULES, group=1, owner=1, seed=seed, options=dict(options))
    outcomes = 0
    names: set[str] = set()
    for inp in result.inputs:
        before = set(fresh.state.pack()) if fresh.state is not None else set()
        events = apply(fresh, inp)
        audit(fresh, events, before)
        if fresh.state is not None:
            names = names or private_skill_names(RULES, fresh.state)
            # the platform's team rule looks at the state after the input; a sub-phase that closed in the same
            # input may have taken a wolf out since, so team messages are checked by `audit` above instead
            leaks = [x for x in platform_audit(RULES, fresh.state, events, names) if not x.rule.startswith("team")]
            assert not leaks, (seed, [str(x) for x in leaks[:3]])
        outcomes += sum(1 for e in events if e.tag == "end" and e.text == game.outcome.text)
    assert outcomes == 1
    assert fresh == game
    rows = RULES.cast(game.state)
    assert [r.seat for r in rows] == list(range(1, 15)) and all(r.fate for r in rows)
    return game.outcome.winner


@pytest.mark.long
def test_random_games_end_once_and_replay_exactly():
    winners = set()
    for seed in range(200 if LONG else 100):
        opts = QUICK if seed % 4 else {"节奏": "快速", "夜间提前结束": "开"}
        winners.add(_check(seed, opts, _play(seed, opts)))
    assert winners == set(FACTIONS)


@pytest.mark.slow
def test_one_thousand_random_games_end_with_exactly_one_winner():
    for seed in range(1000):
        _check(seed, QUICK, _play(seed, QUICK))


def test_forum_tempo_random_games_with_the_engines_plain_agent():
    for seed in range(20):
        result = play_game(RULES, 14, seed, record=True, agent=random_action)
        assert result.game.outcome is not None


CHAOS = Vocabulary(
    skills=("杀人", "通灵", "交换", "审讯", "回答", "毒计", "结印", "业炎", "天火", "冲撞", "英灵召唤", "变脸", "神女秘法",
            "灵狐灿世", "最后一枪", "禁言", "灵魂链接", "薪火相传", "纵火", "暴怒", "精明", "深渊", "装模作样", "继承",
            "收割", "诱食", "暴食", "恐虐", "残暴", "神风突击", "选择异端", "投票", "上警", "殉职", "嚎叫", "飞",
            *DISGUISE_WORDS[:3]),
    words=("弃权", "跟随", "沉默", "是"),
)


def test_chaos_refusals_change_nothing_and_games_still_replay():
    for seed in range(6):
        play_chaos(RULES, 14, seed, QUICK, CHAOS, agent=nata_agent, audit=audit, steps=2500)
