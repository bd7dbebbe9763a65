"""Whole random games of 斗兽棋 at every head count: they end with one outcome, replay bit for bit, never
tell the group a living player's animal or 本能, and every refused input leaves the game unchanged."""

from __future__ import annotations

import copy
import re

import pytest

from plugins.bansha.engine import Game, Input, Refusal, Rng, apply, get
from plugins.bansha.engine.agent import play_game, random_action
from plugins.bansha.engine.game import ENDED, RUNNING
from plugins.beastchess import rules  # noqa: F401  # registers the ruleset
from plugins.beastchess.agent import beast_agent
from plugins.beastchess.data import ANIMALS, DRAW, FACTION, INSTINCT_LIST

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
    active = {i.name for i in INSTINCT_LIST if not i.skill.mandatory and i.name != "笨鸟先飞"}
    assert active <= used, sorted(active - used)


def test_the_generic_random_agent_also_finishes_every_game():
    for n in SIZES:
        for seed in range(15):
            assert play_game(RULES, n, seed).game.outcome is not None


def _chaos_input(game: Game, rng: Rng, clock: float) -> Input:
    state = game.state
    n = state.n
    pending = sorted(RULES.pending(state))
    if pending and rng.chance(0.5):
        seat = rng.choice(pending)
        agent = beast_agent if rng.chance(0.7) else random_action
        act = agent(RULES, state, seat, rng)
        if act is not None:
            skill = next(s.name for s in RULES.skills_of(state, seat) if s.key == act.skill)
            words = tuple(str(t) for t in act.targets) + act.words
            return Input.make("act", game.qq_of(seat), clock, skill=skill, words=words, via="pm", reason="")
    seat = rng.randint(1, n)
    qq = game.qq_of(seat)
    roll = rng.below(8)
    if roll == 0:
        names = [s.name for s in RULES.skills_of(state, seat)] + [""]
        return Input.make("pass", qq, clock, skill=rng.choice(names))
    if roll == 1:
        return Input.make("chat", qq, clock, text="嗨")
    if roll == 2:
        return Input.make("deadline", 0, clock, phase_no=game.phase_no - rng.below(2))
    words = [rng.choice([i.name for i in INSTINCT_LIST] + ["攻击", "感应", "杀戮", "野心", "智慧", "禁用", "选择",
                                                           "探查", "投票", "吉", "凶"])]
    extra = [rng.choice([str(rng.randint(0, n + 1)), "3级", "2级AT", "吉", "凶", "制衡", "4级PT", "预知"])
             for _ in range(rng.below(n + 2))]
    return Input.make("act", qq, clock, skill=words[0], words=tuple(extra), via=rng.choice(["pm", "group"]),
                      reason="")


@pytest.mark.parametrize("n", [4, 5, 7, 10])
def test_chaos_refusals_change_nothing_and_games_still_replay(n):
    for seed in range(6):
        game = Game.new(1, RULES, group=1, owner=1, seed=seed, options={})
        rng = Rng.seeded(seed * 7919 + n)
        clock = 1_700_000_000.0
        log: list[Input] = []
        for i in range(n):
            log.append(Input.make("join", 100 + i, clock, name=f"P{i + 1}"))
            apply(game, log[-1])
        log.append(Input.make("start", 1, clock))
        apply(game, log[-1])
        for _ in range(4000):
            if game.status != RUNNING:
                break
            clock += 1
            inp = _chaos_input(game, rng, clock)
            before = copy.deepcopy(game)
            try:
                events = apply(game, inp)
            except Refusal as err:
                assert err.message and game == before, inp
                continue
            audit(game, events)
            log.append(inp)
            if rng.chance(0.08):
                clock += 1
                log.append(Input.make("deadline", 0, clock, phase_no=game.phase_no))
                audit(game, apply(game, log[-1]))
        assert game.status == ENDED, f"n={n} seed {seed} did not end"
        fresh = Game.new(1, RULES, group=1, owner=1, seed=seed, options={})
        for inp in log:
            apply(fresh, inp)
        assert fresh == game


def test_the_simulators_heuristic_agent_plays_well_formed_games():
    from plugins.bansha.engine.heuristic import heuristic_action

    for n in SIZES:
        for seed in range(10):
            result = play_game(RULES, n, seed, agent=heuristic_action)
            assert result.game.outcome is not None and result.refusals == 0
