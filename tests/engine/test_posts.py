"""One post per moment (engine/views/posts.py), as the service routes it: a 14-player 鹿鼎记 forum day.

Before this, every card, the tally, the out-list, the night's intro and the phase line each went to
the group as its own message (one 关门 with 13 lurkers: 30 messages and more). Now one input says at
most one group message: the 进程帖.
"""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

from plugins.bansha.engine import Game, Input, apply
from plugins.bansha.engine.game import registry
from plugins.bansha.engine.game.pictures import RING_HEAD, images_of
from plugins.bansha.engine.views.posts import CARDS_HEAD, compose
from plugins.bansha.service import Origin
from plugins.bansha.service.routing import route

SH = ZoneInfo("Asia/Shanghai")
T = datetime(2027, 3, 1, 10, 0, tzinfo=SH).timestamp()  # 开门 already
N = 14


def luding_forum(seed: int = 3) -> Game:
    game = Game.new(1, registry.get("luding"), group=500, owner=900, seed=seed, options={"节奏": "论坛"})
    for i in range(N):
        apply(game, Input.make("join", 1000 + i, T, name=f"P{i + 1}"))
    apply(game, Input.make("start", 900, T))
    return game


def group_rows(game: Game, events) -> list[tuple]:
    return [r for r in route(game, events, None) if r[0] in ("group", "forward")]


def close_day(game: Game, at: float) -> list:
    return apply(game, Input.make("deadline", 0, at, phase_no=game.phase_no))


def test_a_forum_close_with_lurkers_is_one_post():
    game = luding_forum()
    assert "第1天" in game.rules.phase_label(game.state)
    active = [1, 2, 3]  # three seats post five times and vote; eleven lurk
    for seat in active:
        for k in range(5):
            apply(game, Input.make("speak", 1000 + seat - 1, T + k, text=f"发言{k}"))
        apply(game, Input.make("act", 1000 + seat - 1, T + 10, skill="投票", words=("4",), via="group", reason="理由"))
    events = close_day(game, game.deadline)
    raw = [e for e in events if e.audience.kind == "group"]
    assert len(raw) >= 25  # what used to be one message each
    rows = group_rows(game, events)
    assert len(rows) == 1 and rows[0][0] == "group"
    post = rows[0][3]
    lines = post.split("\n")
    # what happened (the vote result in its form), the cards as one block, then what is next and until when
    assert lines[0].startswith("计票：4号 P4：3票") and "票型：4号 P4（3票） ← 1号 P1、2号 P2、3号 P3" in lines
    block = lines.index(CARDS_HEAD)
    cards = lines[block + 1:-1]
    lurkers = [s for s in range(1, N + 1) if s not in active and s != 4]
    assert all(any(line.startswith(f"{s}号 P{s} 获得黄牌：潜水") for line in cards) for s in lurkers)
    assert not any(line.startswith(f"{s}号 P{s} 获得") for s in active for line in cards)
    assert lines[-1].startswith("【第1夜") and "截止 北京时间 03-01 23:00（还有 1小时）" in lines[-1]
    assert lines.index("4号 P4 被投票出局。") < block if "4号 P4 被投票出局。" in lines else True


def test_a_day_begins_with_the_living_ring_and_its_close():
    game = luding_forum()
    events = close_day(game, game.deadline)  # day 1 → night 1 (and its steps) → day 2
    while "第2天" not in game.rules.phase_label(game.state):
        events = close_day(game, game.deadline)
    rows = group_rows(game, events)
    assert len(rows) == 1
    lines = rows[0][3].split("\n")
    ring = next(line for line in lines if line.startswith(RING_HEAD))  # the 电梯楼 (engine/game/pictures.py)
    assert ring.startswith(f"{RING_HEAD}存活 {len(game.state.living())}/{N}：1号 P1")
    assert lines.index(ring) == len(lines) - 2  # just before what is next
    (post,) = [e for e in compose(game, events) if e.audience.kind == "group"]
    assert [b["kind"] for b in images_of(post.data)] == ["ring"]  # its picture travels with the post
    assert lines[-1].startswith("【第2天") and "北京时间 03-02 22:00" in lines[-1]


def test_a_vote_typed_in_the_group_is_acknowledged_on_it_and_a_proxy_vote_is_posted():
    game = luding_forum()
    vote = apply(game, Input.make("act", 1000, T + 1, skill="投票", words=("5",), via="group", reason="理由"))
    here = Origin("group", 1000, 500, "1号 P1", message_id=77)
    rows = route(game, vote, here)
    assert [r[0] for r in rows] == ["react"] and '"message_id": 77' in rows[0][3]
    assert "投票进度（1 人已投）：5号←1号" in rows[0][3]
    proxy = apply(game, Input.make("act", 1001, T + 2, skill="投票", words=("5",), via="pm", reason="托人", proxy=True))
    rows = route(game, proxy, Origin("private", 1001))
    assert ("group", 500, None, "【代投】2号 P2 投票：5号 P5，理由：托人", None) in rows


def test_after_the_outcome_nothing_else_happens():
    """Everyone lurks: on day 2 the 潜水 cards turn into reds one seat after another until a camp has
    won; the seats after that get no card, and the record has no doubled 「游戏结束：」."""
    game = luding_forum()
    ending = None
    for _ in range(10):
        events = close_day(game, game.deadline)
        if game.status == "ended":
            ending = events
            break
    assert ending is not None
    group = [e for e in ending if e.audience.kind == "group"]
    first_end = next(i for i, e in enumerate(group) if e.tag == "end")
    before = group[:first_end]
    assert before[-1].tag == "out"  # the send-off that decided it is the last thing that happened
    carded = {int(e.text.split("号")[0]) for e in before if e.tag == "card"}
    fates = {row.seat: row.fate for row in game.rules.cast(game.state)}
    assert [s for s in fates if s not in carded and "红牌" in fates[s]] == []
    assert any(fates[s] == "存活" for s in fates)  # some seats were never carded that day
    record = next(e.text for e in ending if e.tag == "end" and dict(e.data).get("forward") and "完整记录" in e.text)
    assert "游戏结束：游戏结束" not in record
    rows = group_rows(game, ending)
    assert [r[0] for r in rows] == ["group", "forward"]  # the last post with the 演员表, then the record
    assert "演员表：" in rows[0][3] and rows[1][3].startswith("完整记录：")


def test_compose_leaves_a_single_message_alone():
    game = luding_forum()
    events = apply(game, Input.make("judge", 900, T + 5, sub="黄牌", target="3", reason="刷屏"))
    assert compose(game, events) == events


def test_status_shows_the_close_with_its_zone_and_the_living_ring_once():
    from plugins.bansha.qq.commands.info import status_text

    game = luding_forum()
    text = status_text(game, T)
    assert "截止：北京时间 03-01 22:00（还有 12小时）" in text  # every time shown carries its zone
    assert len(re.findall(r"(?<!\d)1号 P1(?!\d)", text)) == 1  # the living 电梯楼 once


def test_a_close_handled_late_still_counts_the_night_from_the_stated_close():
    """关门 is 22:00 even when the deadline input is handled seconds later: the night's steps count from it."""
    game = luding_forum()
    rows = group_rows(game, close_day(game, game.deadline + 7))
    assert len(rows) == 1
    assert rows[0][3].split("\n")[-1].startswith("【第1夜】截止 北京时间 03-01 23:00（还有 1小时）")  # not 23:00:07
