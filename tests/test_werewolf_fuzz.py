"""Whole random games of 狼人杀 on every board: they end with exactly one outcome, replay bit for bit,
never show a living player's role to the group, and every refused input leaves the game unchanged."""

from __future__ import annotations

import copy
import re

import pytest

from plugins.bansha.engine import ABSTAIN, Game, Input, Refusal, Rng, apply, get
from plugins.bansha.engine.agent import play_game, random_action
from plugins.bansha.engine.game import ENDED, RUNNING
from plugins.werewolf import rules  # noqa: F401  # registers the ruleset
from plugins.werewolf.roles import BOARDS, ROLES

RULES = get("werewolf")
GAMES_PER_BOARD = 300
BOARD_NAMES = [b.name for b in BOARDS]


def options_for(board: str, seed: int) -> dict:
    return {"板子": board, "PK": seed % 2 == 0, "查验结果": "身份" if seed % 3 == 0 else "阵营"}


def audit(game: Game, events) -> None:
    """Per-input audience audit: group events never carry a living seat's role; team events only reach
    living wolves; check results only reach the seer."""
    state = game.state
    if state is None:
        return
    for e in events:
        kind = e.audience.kind
        if kind == "group" and e.tag != "end":
            text = e.text.replace("狼人杀", "")
            for m in re.findall(r"(\d+)号", text):
                s = int(m)
                if 1 <= s <= state.n and state.alive[s] and not state.revealed(s):
                    assert state.roles[s] not in text, (s, state.roles[s], text)
        elif kind == "team":
            assert e.audience.team == "狼群"
            assert all(state.roles[m] == "狼人" for m in e.audience.members)
        elif kind == "seat" and e.tag == "check":
            assert state.roles[e.audience.seat] == "预言家"


@pytest.mark.parametrize("board", BOARD_NAMES)
def test_random_games_end_once_and_replay_exactly(board):
    size = next(b.size for b in BOARDS if b.name == board)
    winners = set()
    for seed in range(GAMES_PER_BOARD):
        opts = options_for(board, seed)
        result = play_game(RULES, size, seed, options=opts, record=True)
        game = result.game
        assert game.status == ENDED and game.outcome is not None
        assert result.refusals == 0, "the random agent only plays legal moves"
        winners.add(game.outcome.winner)
        # replay the log on a fresh game: the same state, bit for bit, and exactly one outcome event
        fresh = Game.new(1, RULES, group=1, owner=1, seed=seed, options=dict(opts))
        outcomes = 0
        for inp in result.inputs:
            events = apply(fresh, inp)
            audit(fresh, events)
            outcomes += sum(1 for e in events if e.tag == "end" and e.text == game.outcome.text)
        assert outcomes == 1
        assert fresh.state == game.state
        assert fresh == game
        # the cast covers every seat with a fate
        rows = RULES.cast(game.state)
        assert [r.seat for r in rows] == list(range(1, size + 1))
        assert all(r.fate for r in rows)
    assert winners == {"好人阵营", "狼人阵营"}


def _chaos_input(game: Game, rng: Rng, clock: float) -> Input:
    """A random input a careless or hostile player might send: often illegal."""
    state = game.state
    n = state.n
    pending = sorted(RULES.pending(state))
    if pending and rng.chance(0.5):  # a legal move, so that games move on
        seat = rng.choice(pending)
        act = random_action(RULES, state, seat, rng)
        if act is not None:
            skill = next(s.name for s in RULES.skills_of(state, seat) if s.key == act.skill)
            words = tuple("弃权" if t == ABSTAIN else str(t) for t in act.targets)
            return Input.make("act", game.qq_of(seat), clock, skill=skill, words=words, via="group", reason="")
    seat = rng.randint(1, n)
    qq = game.qq_of(seat)
    roll = rng.below(10)
    if roll == 0:
        return Input.make("pass", qq, clock, skill="")
    if roll == 1:
        return Input.make("lastwords", qq, clock, text=rng.choice(["我是好人", "[CQ:at,qq=all]", ""]))
    if roll == 2:
        return Input.make("chat", qq, clock, text="刀谁")
    if roll == 3:
        return Input.make("deadline", 0, clock, phase_no=game.phase_no - rng.below(2))
    words = [
        rng.choice(["杀人", "刀", "查验", "验", "守护", "灵药", "救", "毒药", "开枪", "投票", "改票", "翻牌", "飞"])
    ]
    targets = [str(rng.randint(0, n + 1)) for _ in range(rng.below(3))]
    if rng.chance(0.2):
        targets.append("弃权")
    return Input.make(
        "act", qq, clock, skill=words[0], words=tuple(targets), via=rng.choice(["pm", "group"]), reason="理由"
    )


@pytest.mark.parametrize("board", BOARD_NAMES)
def test_chaos_refusals_change_nothing_and_games_still_replay(board):
    size = next(b.size for b in BOARDS if b.name == board)
    for seed in range(12):
        opts = options_for(board, seed)
        game = Game.new(1, RULES, group=1, owner=1, seed=seed, options=dict(opts))
        rng = Rng.seeded(seed * 7919 + 1)
        clock = 1_700_000_000.0
        log: list[Input] = []
        for i in range(size):
            log.append(Input.make("join", 100 + i, clock, name=f"P{i + 1}"))
            apply(game, log[-1])
        log.append(Input.make("start", 1, clock))
        apply(game, log[-1])
        for _ in range(3000):
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
            if game.status == RUNNING and rng.chance(0.05):  # and sometimes time runs out
                clock += 1
                log.append(Input.make("deadline", 0, clock, phase_no=game.phase_no))
                audit(game, apply(game, log[-1]))
        fresh = Game.new(1, RULES, group=1, owner=1, seed=seed, options=dict(opts))
        for inp in log:
            apply(fresh, inp)
        assert fresh == game


def test_abstain_is_never_a_winner_of_the_vote():
    assert ABSTAIN == 0 and "弃权" in next(s for s in RULES.skills_of(_any_state(), 1) if s.name == "投票").words


def _any_state():
    return play_game(RULES, 6, 1).game.state


def test_every_role_on_a_board_is_declared():
    for b in BOARDS:
        for role, _ in b.roles:
            assert role in ROLES
