"""Spectators and the dead chat in the engine (engine/parts/social.py): who may, who hears, what is kept."""

from __future__ import annotations

import pytest

from plugins.bansha.engine import Input, Refusal, apply
from plugins.bansha.engine.agents.play import play_game
from plugins.bansha.engine.game import Game, registry
from plugins.bansha.engine.parts.social import dead_seats

T = 1_700_000_000.0


def _game_with_a_dead_seat(key: str = "werewolf", n: int = 9) -> tuple[Game, int]:
    """A finished-length replay cut at the first moment a seat is in the dead chat."""
    rules = registry.get(key)
    for seed in range(40):
        inputs = play_game(rules, n, seed, record=True).inputs
        game = Game.new(1, rules, 1, 1, seed, {})
        for inp in inputs:
            apply(game, inp)
            if game.status == "running" and dead_seats(game) and game.state.living():
                return game, dead_seats(game)[0]
    raise AssertionError("no game reached the dead chat")


def test_the_dead_talk_among_themselves_and_the_living_are_refused():
    game, dead = _game_with_a_dead_seat()
    living = game.state.living()[0]
    before = (game.seq, dict(game.spectators))
    with pytest.raises(Refusal, match="亡者聊天只对出局的玩家开放"):
        apply(game, Input.make("deadchat", game.qq_of(living), T, text="我还活着"))
    with pytest.raises(Refusal, match="不是这局游戏的玩家"):
        apply(game, Input.make("deadchat", 424242, T, text="路人"))
    assert (game.seq, dict(game.spectators)) == before  # refusals change nothing
    apply(game, Input.make("watch", 900, T, name="观众"))
    events = apply(game, Input.make("deadchat", game.qq_of(dead), T, text="我是好人"))
    dead_ev = [e for e in events if e.audience.kind == "dead"]
    watch_ev = [e for e in events if e.audience.kind == "spectator" and "我是好人" in e.text]
    assert all(m not in game.state.living() for e in dead_ev for m in e.audience.members)
    assert watch_ev and watch_ev[0].audience.members == (900,)
    assert not any(e.audience.kind in ("group", "seat", "team") and "我是好人" in e.text for e in events)


def test_a_seat_brought_back_leaves_the_dead_chat_and_keeps_nothing_it_heard():
    game, dead = _game_with_a_dead_seat()
    apply(game, Input.make("watch", 900, T, name="观众"))
    events = apply(game, Input.make("deadchat", 900, T, text="亡者们好"))
    assert any(e.audience.kind == "dead" and dead in e.audience.members for e in events)
    assert not any("亡者们好" in text for text in game.private.get(dead, []))  # not the seat's own record
    game.state.alive[dead] = True  # what a revival does (纳塔's 阴阳使者: 「若被复活将重新回到游戏」)
    assert dead not in dead_seats(game)
    with pytest.raises(Refusal):
        apply(game, Input.make("deadchat", game.qq_of(dead), T, text="我回来了"))
    events = apply(game, Input.make("deadchat", 900, T, text="第二句"))
    assert not any(e.audience.kind == "dead" and dead in e.audience.members for e in events)


def test_nata_seats_wait_out_the_revival_window():
    """阴阳使者 may revive 「任意一名上一个白天宣布出局的角色」 at the next 晨曦: until that 晨曦 has passed,
    an announced seat stays out of the dead chat (whether or not a 阴阳使者 is in play), so a revived
    seat was never in it. A seat sent off by a red card is never revived and joins at once."""
    rules = registry.get("nata")
    admitted: set[int] = set()
    seen = {"wait": 0, "revived": 0, "red": 0}

    def observe(game, inp, events):
        st = game.state
        if st is None or game.status != "running":
            return
        for d in st.deaths:
            if st.alive[d.seat]:
                if d.seat in seen_dead:
                    assert d.seat not in admitted, "a revived seat had been in the dead chat"
                    seen["revived"] += 1
                continue
            seen_dead.add(d.seat)
            why = rules.dead_chat_refusal(st, d.seat)
            if why is None:
                admitted.add(d.seat)
            elif d.announced and st.day <= d.shown_day and d.seat not in st.removed:
                seen["wait"] += "复活" in why

    for seed in range(6):
        seen_dead: set[int] = set()
        admitted.clear()
        play_game(rules, 14, seed, observe=observe)
    assert seen["wait"] and seen["revived"], seen
    # a red card: out for good, no 遗言, no revival: the dead chat at once
    inputs = play_game(rules, 14, 0, record=True).inputs
    game = Game.new(1, rules, 1, 1, 0, {})
    for inp in inputs:
        apply(game, inp)
        if game.status == "running" and game.state.day >= 2 and len(game.state.living()) > 8:
            break
    seat = game.state.living()[0]
    apply(game, Input.make("judge", 1, T, sub="红牌", target=str(seat), reason="测试"))
    assert game.status == "running" and not game.state.alive[seat]
    assert rules.dead_chat_refusal(game.state, seat) is None


def test_spectators_feeds_and_the_all_seeing():
    rules = registry.get("werewolf")
    game = Game.new(1, rules, 1, 1, 3, {})
    for i in range(9):
        apply(game, Input.make("join", 100 + i, T, name=f"P{i + 1}"))
    apply(game, Input.make("watch", 900, T, name="观众"))
    with pytest.raises(Refusal, match="玩家，不能观战"):
        apply(game, Input.make("watch", 100, T, name="P1"))
    apply(game, Input.make("judge", 1, T, sub="观战", qq=901, name="全知"))
    with pytest.raises(Refusal, match="全知观战者，不能参加"):
        apply(game, Input.make("join", 901, T, name="全知"))
    with pytest.raises(Refusal, match="玩家，不能全知观战"):
        apply(game, Input.make("judge", 1, T, sub="观战", qq=100, name="P1"))
    events = apply(game, Input.make("start", 1, T))
    group = [e.text for e in events if e.audience.kind == "group"]
    plain = [e for e in events if e.audience.kind == "spectator" and not e.audience.team]
    seeing = [e for e in events if e.audience.kind == "spectator" and e.audience.team]
    assert len(plain) == 1  # one PM per input: exactly the public posts
    assert plain[0].text.split("\n", 1)[1] == "\n".join(group)
    assert len(seeing) == 1 and "【全知】身份：" in seeing[0].text
    assert all(f"{r.seat}号 P{r.seat}：{r.role}" in seeing[0].text for r in rules.cast(game.state))
    # a spectator who signs up stops watching (here: sign-up is over, so a new game)
    g2 = Game.new(2, rules, 1, 1, 3, {})
    apply(g2, Input.make("watch", 900, T, name="观众"))
    apply(g2, Input.make("join", 900, T, name="观众"))
    assert 900 not in g2.spectators


def test_spectators_and_the_dead_chat_are_in_the_log_and_replay_alike():
    rules = registry.get("werewolf")
    played = play_game(rules, 9, 8, record=True, social=True)
    assert any(i.kind == "deadchat" for i in played.inputs) and any(i.kind == "watch" for i in played.inputs)
    again = Game.new(1, rules, 1, 1, 8, {})
    for inp in played.inputs:
        apply(again, inp)
    assert again.spectators == played.game.spectators
    assert again.timeline == played.game.timeline and again.outcome == played.game.outcome
