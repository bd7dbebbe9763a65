"""Whole random games of [M45]『鹿鼎记』: each ends with exactly one winner that fits 胜负判定, never shows a
living seat's role to the group, sends check results only to the 预言家/女巫, replays bit for bit, and the
random agent (legal moves only) is never refused."""

from __future__ import annotations

import re

import pytest
from chaos import play_chaos
from longrun import LONG

from plugins.bansha.engine import Game, Input, Rng, apply, get
from plugins.bansha.engine.agents.play import play_game, random_action
from plugins.bansha.engine.game import ENDED, RUNNING
from plugins.bansha.engine.views.audit import audit as leak_audit
from plugins.bansha.engine.views.audit import private_skill_names
from plugins.luding import rules  # noqa: F401  # registers the ruleset
from plugins.luding.terms import CAMPS, FOX, FOXROLE, VILLAGE, WOLF

RULES = get("鹿鼎记")
T0 = 1_700_000_000.0
GAMES = 1000 if LONG else 250  # 1,000 take ~40 s: make test plays a quarter, make test-long all
REPLAY_EVERY = 10
FULL_AUDIT_EVERY = 5


def audit(game: Game, events, full: bool) -> None:
    """Our cheap checks on every input; with `full`, also the platform's leak audit (engine/views/audit.py)."""
    state = game.state
    if state is None:
        return
    if full:
        leaks = leak_audit(RULES, state, events, private_skill_names(RULES, state))
        assert not leaks, [str(x) for x in leaks]
    for e in events:
        kind = e.audience.kind
        if kind == "group" and e.tag != "end":
            for m in re.findall(r"(\d+)号", e.text):
                s = int(m)
                if 1 <= s <= state.n and state.alive[s]:
                    assert state.roles[s] not in e.text, (s, state.roles[s], e.text)
            assert "判负" not in e.text, e.text  # 阵营被判负后，不予公示
        assert kind != "team", "父狼与幼狼不共群: no team channel at all"
        if e.tag == "check":
            assert kind == "seat" and state.roles[e.audience.seat] in ("预言家", "女巫"), e
        if e.tag == "role":
            assert kind == "seat", e


def play(seed: int, options: dict) -> tuple[Game, list[Input], int]:
    """Like engine.agent.play_game, but a seat's move is skipped when an earlier move of the same step
    (a hunter's shot, the 长老's exit) took away its pending action; the judge hands out red cards now and
    then, and the voted-out sometimes leave 遗言."""
    game = Game.new(1, RULES, group=1, owner=1, seed=seed, options=dict(options))
    arng = Rng.seeded(seed ^ 0x5DEECE66D)
    inputs: list[Input] = []
    clock = T0

    def feed(inp: Input) -> None:
        events = apply(game, inp)  # any Refusal fails the test: only legal moves are made
        audit(game, events, full=seed % FULL_AUDIT_EVERY == 0)
        inputs.append(inp)

    for i in range(14):
        feed(Input.make("join", 100 + i, clock, name=f"P{i + 1}"))
    feed(Input.make("start", 1, clock))
    reds = 0
    for _ in range(5000):
        if game.status != RUNNING:
            break
        clock += 1
        if game.forum.opens_at is not None:
            clock = max(clock, game.forum.opens_at)  # 论坛: the day entered after 关门 opens at 开门
        state = game.state
        if arng.chance(0.004):
            seat = arng.choice(state.living())
            feed(Input.make("judge", 1, clock, sub="红牌", target=str(seat), reason="测试"))
            reds += 1
            continue
        acted = False
        phase = state.phase
        for seat in sorted(RULES.pending(state)):
            if game.status != RUNNING or state.phase != phase:
                break
            if seat not in RULES.pending(state):
                continue
            qq = game.qq_of(seat)
            if seat in state.words_owed and seat not in state.words and arng.chance(0.5):
                feed(Input.make("lastwords", qq, clock, text=f"{seat}号的遗言"))
                acted = True
                continue
            act = random_action(RULES, state, seat, arng)
            if act is None:
                feed(Input.make("pass", qq, clock, skill=""))
            else:
                name = next(s.name for s in RULES.skills_of(state, seat) if s.key == act.skill)
                words = tuple("弃权" if t == 0 else str(t) for t in act.targets) + act.words
                via = "group" if act.skill == "vote" else "pm"
                feed(Input.make("act", qq, clock, skill=name, words=words, via=via, reason="随机"))
            acted = True
        if not acted and game.status == RUNNING:
            clock = max(clock, game.deadline or clock)
            feed(Input.make("deadline", 0, clock, phase_no=game.phase_no))
    assert game.status == ENDED, f"seed {seed}: no end"
    return game, inputs, reds


def check_outcome(game: Game, inputs: list[Input], options: dict) -> str:
    state, out = game.state, game.outcome
    assert out is not None and out.winner in CAMPS
    assert out.winner not in state.lost  # 已经判负的阵营不会再次因达到胜利条件判胜
    fox_alive = state.alive[state.roles.index(FOXROLE)]
    assert fox_alive == (out.winner == FOX)  # 妖狐 wins while in play, and only then
    living = state.living()
    if out.winner == WOLF and VILLAGE not in state.forfeited:
        assert all(state.camps[s] == WOLF for s in living)
    if out.winner == VILLAGE and WOLF not in state.forfeited:
        assert all(state.camps[s] == VILLAGE for s in living)
    assert out.seats == tuple(s for s in range(1, 15) if state.camps[s] == out.winner)
    rows = RULES.cast(state)
    assert [r.seat for r in rows] == list(range(1, 15)) and all(r.fate for r in rows)
    return out.winner


def options_for(seed: int) -> dict:
    if seed % 5 == 4:  # 论坛: votes from 00:00, reasons given; 潜水 cards come into play
        return {"节奏": "论坛", "开门": "00:00", "红牌判负": seed % 2 == 0}
    return {"节奏": "快速", "红牌判负": seed % 3 == 0}


@pytest.mark.long
def test_random_games_end_with_exactly_one_winner_and_replay_exactly():
    winners: dict[str, int] = {}
    for seed in range(GAMES):
        opts = options_for(seed)
        game, inputs, _ = play(seed, opts)
        winner = check_outcome(game, inputs, opts)
        winners[winner] = winners.get(winner, 0) + 1
        if seed % REPLAY_EVERY == 0:
            fresh = Game.new(1, RULES, group=1, owner=1, seed=seed, options=dict(opts))
            ends = 0
            for inp in inputs:
                events = apply(fresh, inp)
                ends += sum(1 for e in events if e.tag == "end" and e.text == game.outcome.text)
            assert ends == 1 and fresh == game
    assert set(winners) == set(CAMPS), winners


@pytest.mark.parametrize("seed", range(10))
def test_stock_agent_in_the_default_forum_tempo_ends_once(seed):
    """engine.agent.play_game as the simulator runs it (论坛 by default: unreasoned votes are refused, so the
    game is decided by 感染 and the cards)."""
    result = play_game(RULES, 14, seed, record=True)
    game = result.game
    assert game.status == ENDED and game.outcome is not None
    check_outcome(game, result.inputs, {})


def test_chaos_refusals_change_nothing_and_games_still_replay():
    for seed in range(6):
        play_chaos(RULES, 14, seed, options_for(seed), audit=lambda game, events: audit(game, events, full=True))
