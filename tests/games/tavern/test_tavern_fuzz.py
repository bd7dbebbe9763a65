"""Whole games of 酒馆圣杯 played by agents: 1,000 games (BANSHA_LONG=1; 100 by default) end with a winner (or the documented shared victory),
never crash, replay bit for bit, and never put a secret or a roll in the group."""

from __future__ import annotations

import copy

import pytest
from chaos import play_chaos
from longrun import LONG

from plugins.bansha.engine import Game, Input, apply, get
from plugins.bansha.engine.agents.play import play_game, random_action
from plugins.bansha.engine.game import ENDED
from plugins.bansha.engine.views.audit import audit, private_skill_names
from plugins.tavern.agent import player
from plugins.tavern.sheet import CLASS_NAMES
from plugins.tavern.state import TavernState  # noqa: F401
from plugins.tavern.terms import FACTIONS  # noqa: F401

RULES = get("tavern")
GAMES = 1000 if LONG else 100
SECRET_WORDS = (*CLASS_NAMES, "d100", "d20", "先攻：", "伤害", "AB", "夺宝", "擒抱")


def check_events(game: Game, inp: Input, events) -> None:
    st = game.state
    if st is None:
        return
    for e in events:
        if e.audience.kind == "group" and e.tag not in ("end", "rules"):
            assert not any(w in e.text for w in SECRET_WORDS), e.text
        if e.tag == "check":
            assert e.audience.kind == "seat" and st.orders.get(e.audience.seat) or st.notes.get(e.audience.seat)


@pytest.mark.long
def test_games_end_with_a_winner_and_no_crash():
    winners: dict[str, int] = {}
    names: dict[int, set[str]] = {}
    leaks: list[str] = []

    def observe(game, inp, events):
        check_events(game, inp, events)
        if game.state is not None:
            key = id(game)
            names.setdefault(key, private_skill_names(RULES, game.state))
            leaks.extend(f"seed {game.seed}: {x}" for x in audit(RULES, game.state, events, names[key]))

    for seed in range(GAMES):
        result = play_game(RULES, 15, seed, agent=player, observe=observe if seed % 10 == 0 else None)
        game = result.game
        assert game.status == ENDED and game.outcome is not None, seed
        assert result.refusals == 0, f"seed {seed}: the player only makes legal moves"
        assert game.outcome.seats, f"seed {seed}: {game.outcome.text}"
        winners[game.outcome.winner] = winners.get(game.outcome.winner, 0) + 1
    assert not leaks, "\n".join(leaks[:10])
    assert {"守序阵营", "中立阵营", "混乱阵营"} <= set(winners), winners


@pytest.mark.long
def test_games_replay_bit_for_bit_and_end_once():
    for seed in range(0, 400, 8 if LONG else 20):
        for agent in (player, random_action):
            result = play_game(RULES, 15, seed, agent=agent, record=True)
            live = result.game
            fresh = Game.new(1, RULES, group=1, owner=1, seed=seed, options={})
            ends = 0
            for inp in result.inputs:
                events = apply(fresh, Input.from_json(copy.deepcopy(inp.to_json())))
                ends += sum(1 for e in events if e.tag == "end" and e.text.startswith("游戏结束"))
            assert fresh == live and ends == 1, seed


def test_forum_tempo_games_end_too():
    for seed in range(20):
        result = play_game(RULES, 15, seed, options={"节奏": "论坛"}, agent=player)
        assert result.game.status == ENDED and result.refusals == 0


def test_chaos_refusals_change_nothing_and_games_still_replay():
    for seed in range(4):
        play_chaos(RULES, 15, seed, {}, audit=lambda game, events: check_events(game, None, events))
