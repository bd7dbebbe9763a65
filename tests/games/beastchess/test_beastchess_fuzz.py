"""Whole random games of 斗兽棋 at every head count: they end with one outcome, replay bit for bit, never
tell the group a living player's animal or 本能, and every refused input leaves the game unchanged."""

from __future__ import annotations

import copy
import re

import pytest
from chaos import Vocabulary, play_chaos

from plugins.bansha.engine import Game, Input, apply, get
from plugins.bansha.engine.agents.play import play_game
from plugins.bansha.engine.game import ENDED
from plugins.beastchess import rules  # noqa: F401  # registers the ruleset
from plugins.beastchess.agent import beast_agent
from plugins.beastchess.catalog import INSTINCT_LIST
from plugins.beastchess.data import ANIMALS, DRAW, FACTION

RULES = get("斗兽棋")
SIZES = list(range(4, 11))
ANIMAL_NAMES = sorted({a for names in ANIMALS.values() for a in names}, key=len, reverse=True)
OUTCOMES = set(FACTION.values()) | {DRAW}


def options_for(n: int, seed: int) -> dict:
    opts: dict = {"禁用概率": "2x/n" if seed % 3 == 0 else "x/2n"}
    if n == 6:
        opts["六人配置"] = ("2211", "2121", "1221")[seed % 3]
    if n == 8:
        opts["八人配置"] = ("3221", "2222", "2321")[seed % 3]
    return opts


def audit(game: Game, events) -> None:
    """Group events (before the end) never name an animal; roles and check results only go to their seat."""
    for e in events:
        if e.audience.kind == "group" and e.tag != "end":
            for name in ANIMAL_NAMES:
                assert name not in e.text.replace("熊猫", ""), e.text
        if e.tag in ("role", "check"):
            assert e.audience.kind == "seat", e


def run_games(n: int, count: int, replay_every: int = 1) -> dict:
    winners: dict[str, int] = {}
    used: set[str] = set()
    for seed in range(count):
        opts = options_for(n, seed)
        result = play_game(RULES, n, seed, options=opts, agent=beast_agent, record=True)
        game = result.game
        assert game.status == ENDED and game.outcome is not None, f"n={n} seed={seed}"
        assert game.outcome.winner in OUTCOMES
        assert result.refusals == 0, f"n={n} seed={seed}: the agent only plays legal, well-formed moves"
        winners[game.outcome.winner] = winners.get(game.outcome.winner, 0) + 1
        used |= set(re.findall(r"发动「(.+?)」", "\n".join(game.timeline)))
        if seed % replay_every == 0:
            fresh = Game.new(1, RULES, group=1, owner=1, seed=seed, options=dict(opts))
            ends = 0
            for inp in result.inputs:
                events = apply(fresh, Input.from_json(copy.deepcopy(inp.to_json())))
                audit(fresh, events)
                ends += sum(1 for e in events if e.tag == "end" and e.text == game.outcome.text)
            assert ends == 1 and fresh == game, f"n={n} seed={seed}: replay differs"
    return {"winners": winners, "used": used}


@pytest.mark.parametrize("n", SIZES)
def test_random_games_end_with_a_winner_and_replay(n):
    report = run_games(n, 200, replay_every=2)
    assert sum(report["winners"].values()) == 200
    assert len(report["winners"]) >= 2, report["winners"]  # more than one level can win


@pytest.mark.slow
@pytest.mark.parametrize("n", SIZES)
def test_a_thousand_random_games_per_head_count(n):
    report = run_games(n, 1000, replay_every=10)
    assert sum(report["winners"].values()) == 1000


def test_every_instinct_gets_played():
    used: set[str] = set()
    for n in (4, 6, 9):
        used |= run_games(n, 60, replay_every=1000)["used"]
    active = {i.name for i in INSTINCT_LIST if not i.mandatory and i.name != "笨鸟先飞"}
    assert active <= used, sorted(active - used)


def test_the_generic_random_agent_also_finishes_every_game():
    for n in SIZES:
        for seed in range(15):
            assert play_game(RULES, n, seed).game.outcome is not None


CHAOS = Vocabulary(
    skills=(*(i.name for i in INSTINCT_LIST), "攻击", "感应", "杀戮", "野心", "智慧", "禁用", "选择", "探查", "投票", "吉",
            "凶"),
    words=("3级", "2级AT", "吉", "凶", "制衡", "4级PT", "预知"),
    max_targets=6,
)


@pytest.mark.parametrize("n", [4, 5, 7, 10])
def test_chaos_refusals_change_nothing_and_games_still_replay(n):
    for seed in range(6):
        game = play_chaos(RULES, n, seed, {}, CHAOS, agent=beast_agent, audit=audit, steps=4000)
        assert game.status == ENDED, f"n={n} seed {seed} did not end"


def test_the_simulators_heuristic_agent_plays_well_formed_games():
    from plugins.bansha.engine.agents.heuristic import heuristic_action

    for n in SIZES:
        for seed in range(10):
            result = play_game(RULES, n, seed, agent=heuristic_action)
            assert result.game.outcome is not None and result.refusals == 0
