"""Issue 25's rules, engine level: fair 潜水 cards for a 替补, taking a card back, speaking turns, /票型, the
forum thread (开门, sign-up roster, the dead 警长's handover, reminders of what is owed, empty pictures, the public
演员表), and the 加速 replies. The same behaviour through the real bot: tests/e2e/test_e2e_table.py."""

from __future__ import annotations

import pytest
from forum_table import at, group_texts, new_game, qq, refused, vote

from plugins.bansha.engine import Input, Refusal, apply
from plugins.bansha.engine.core import mention, own_post
from plugins.bansha.engine.core.phases import parse_options
from plugins.bansha.engine.game import Game, cast_lines, registry
from plugins.bansha.engine.game.replay import replay
from plugins.bansha.engine.parts import ballots
from plugins.bansha.engine.views.posts import compose


def judge(game: Game, when: float, sub: str, **args) -> list:
    return apply(game, Input.make("judge", 900, when, sub=sub, **args))


def speak(game: Game, seat: int, when: float, n: int = 1) -> None:
    for k in range(n):
        apply(game, Input.make("speak", qq(seat), when + k, text="发言"))


def close(game: Game) -> list:
    return apply(game, Input.make("deadline", 0, game.deadline, phase_no=game.phase_no))


def cards_of(events) -> list[str]:
    return [line for e in events if e.tag == "card" for line in e.text.split("\n")]


# --- 1. fair cards ---------------------------------------------------------------------------------


def test_a_substitute_owes_only_what_the_hours_he_held_the_seat_are_worth():
    game = new_game(n=6)  # the day runs 10:00 (when it began) to 22:00: twelve hours
    for seat in (1, 2, 3, 4):
        speak(game, seat, at(11), 5)
        vote(game, seat, 1 if seat != 1 else 2, at(12))
    speak(game, 5, at(11), 4)  # the old 5号 posted four times: they are not the new player's
    events = judge(game, at(12), "替补", target="5", qq=4242, name="早替补")  # 10 of 12 hours: 4 posts
    note = [e.text for e in events if e.audience.kind == "seat" and e.tag == "sub"]
    assert "关门前发言至少 4 帖并投票" in note[-1]
    events = judge(game, at(20, 38), "替补", target="6", qq=4343, name="替补君")  # 82 minutes: not one post
    assert "今天不会因潜水" in [e.text for e in events if e.tag == "sub"][-1]
    for k in range(3):
        apply(game, Input.make("speak", 4242, at(13, k), text="接手后的发言"))
    cards = cards_of(close(game))
    assert "5号 早替补 获得黄牌：潜水：讨论日发言不足4帖（3帖）。" in cards
    assert any("5号 早替补" in c and "未投票" in c for c in cards)
    assert not [c for c in cards if "6号" in c], "seat 6 held for 82 minutes owes no post and no vote"


def test_the_lurk_warning_tells_a_substitute_his_share():
    game = new_game(n=6)
    judge(game, at(15), "替补", target="2", qq=4242, name="替补君")  # 7 of 12 hours: 5 × 7/12 → 2 posts
    assert game.remind_at == at(20)  # 公开提醒: two hours before 关门
    events = apply(game, Input.make("remind", 0, at(20), phase_no=game.phase_no))
    warned = {e.audience.seat: e.text for e in events if e.audience.kind == "seat"}
    assert "今天你发言 0 帖，关门前还需 2 帖" in warned[2] and "还需 5 帖" in warned[3]


def test_taking_cards_back_unmerges_them_as_the_ledger_merged_them():
    game = new_game(红牌结算="投票后")
    for _ in range(3):
        judge(game, at(11), "蓝牌", target="2", reason="贴脸")
    assert game.forum.cards[2] == [0, 1, 0]
    msg = refused(game, Input.make("judge", 900, at(11), sub="撤牌", target="2", colour="黄牌"))
    assert "三张蓝牌合并成的" in msg and "/法官 撤牌 2 蓝牌" in msg
    events = judge(game, at(11, 5), "撤牌", target="2", colour="蓝牌", reason="看错了")
    (post,) = group_texts(compose(game, events))
    assert post == ("法官撤回 2号 P2 的一张蓝牌（贴脸）：看错了。\n三张蓝牌合并的黄牌拆回两张蓝牌。\n"
                         "2号 P2 现在：蓝牌2 黄牌0 红牌0。")
    assert game.forum.cards[2] == [2, 0, 0]
    assert any("撤回 2号 P2 的一张蓝牌（原由 法官 900 发出：贴脸），理由：看错了" in line for line in game.timeline)
    assert "没有可以撤回的红牌" in refused(game, Input.make("judge", 900, at(12), sub="撤牌", target="2", colour="红牌"))


def test_a_red_taken_back_before_the_seat_leaves_restores_it_and_after_it_does_not():
    game = new_game(红牌结算="投票后", 潜水=False)
    for _ in range(3):
        judge(game, at(11), "黄牌", target="3", reason="刷屏")
    assert game.forum.deferred_reds == [3] and game.state.alive[3]
    events = judge(game, at(12), "撤牌", target="3", colour="黄牌")
    texts = group_texts(compose(game, events))
    assert len(texts) == 1 and "三张黄牌合并的红牌拆回两张黄牌" in texts[0] and "3号 P3 不再被红牌罚下" in texts[0]
    close(game)
    assert game.state.alive[3] and game.forum.cards[3] == [0, 2, 0]
    judge(game, game.deadline - 60, "红牌", target="4", reason="辱骂")
    close(game)  # the vote is counted: then 4号 leaves
    assert not game.state.alive[4]
    (text,) = group_texts(judge(game, game.deadline - 30, "撤牌", target="4", colour="红牌", reason="误判"))
    assert "4号 P4 已经被红牌罚下，撤牌不能让他回到游戏" in text and game.forum.cards[4] == [0, 0, 0]
    assert not game.state.alive[4]


def test_the_card_to_take_back_must_be_named():
    game = new_game()
    assert "蓝牌、黄牌 或 红牌" in refused(game, Input.make("judge", 900, at(11), sub="撤牌", target="2", colour="绿牌"))
    assert "没有可以撤回的黄牌" in refused(game, Input.make("judge", 900, at(11), sub="撤牌", target="2", colour="黄牌"))


# --- 2. speaking turns ------------------------------------------------------------------------------


def werewolf(*words: str, seed: int = 7) -> Game:
    """9 players, 种子 7: 1 4 7 狼人, 2 预言家, 5 女巫, 6 猎人; options as /开局 builds them."""
    rules = registry.get("werewolf")
    options = parse_options(list(words), rules.all_options())
    game = Game.new(1, rules, 1, 900, seed, options)
    for i in range(9):
        apply(game, Input.make("join", 1001 + i, 100.0, name=f"P{i + 1}"))
    apply(game, Input.make("start", 900, 100.0))
    return game


def to_day(game: Game, stand: int = 0) -> None:
    """Through the night (nobody acts) and, with `stand`, a one-candidate election."""
    while game.state.phase != "day":
        if stand and game.state.phase == "elect" and stand not in game.state.stood:
            apply(game, Input.make("act", 1000 + stand, game.deadline - 5, skill="上警", via="group"))
        close(game)


def turn(game: Game, seat: int) -> list:
    return apply(game, Input.make("turn", 1000 + seat, game.deadline - 5))


def test_each_living_player_speaks_in_turn_the_sheriff_last():
    game = werewolf("警长=开")
    to_day(game, stand=1)
    t = game.speaking
    assert t.order == [2, 3, 4, 5, 6, 7, 8, 9, 1] and t.index == 0
    assert game.paused_left is None and game.remind_at is None  # the turn's minute runs; no reminder during turns
    assert game.rules.phases["day"].seconds == 180 and game.deadline < game.last_close + 180  # a turn, not the day
    assert "现在轮到 2号 P2 发言，不是你" in refused(game, Input.make("turn", 1003, game.deadline - 5))
    for seat in range(1, 10):  # everyone votes during the turns: the day does not close before they end
        apply(game, Input.make("act", 1000 + seat, game.deadline - 5, skill="投票", words=("9",), via="group"))
    assert game.state.phase == "day"
    events = turn(game, 2)
    (post,) = group_texts(compose(game, events))
    assert post == f"{mention(1003)}3号 P3 轮到你发言（限时 1分钟，说完请发 /过）。下一位：4号。"
    events = close(game)  # 3号's minute runs out
    assert group_texts(events) == [f"3号 发言时间到。{mention(1004)}4号 P4 轮到你发言（限时 1分钟，说完请发 /过）。下一位：5号。"]
    for seat in (4, 5, 6, 7, 8):
        turn(game, seat)
    (post,) = group_texts(turn(game, 9))
    assert post == f"{mention(1001)}1号 P1 轮到你发言（限时 1分钟，说完请发 /过）。你是最后一位。"
    events = turn(game, 1)
    texts = group_texts(compose(game, events))
    assert len(texts) == 1 and texts[0].startswith("发言结束。大家都已投票。\n计票：9号 P9：10票")
    assert game.state.phase != "day"


def test_after_the_turns_the_vote_gets_the_day_length_and_its_reminders():
    game = werewolf()  # 基础板: no sheriff, the 电梯楼 order
    to_day(game)
    assert game.speaking.order == game.state.living()
    for seat in game.state.living()[:-1]:
        turn(game, seat)
    when = game.deadline - 5
    (post,) = group_texts(turn(game, 9))
    assert post.startswith("发言结束。还没投票的 1号、2号、3号、4号、5号、6号、7号、8号、9号 请投票，截止 ")
    assert not game.speaking.order and game.state.phase == "day"
    assert game.deadline == when + 180  # 白天 (180 s) from the end of the turns
    assert game.remind_at == game.deadline - 30  # the vote's countdown is back


def test_free_speech_and_forum_tempo_have_no_turns():
    for words in (("发言=自由",), ("节奏=论坛",)):
        game = werewolf(*words)
        to_day(game)
        assert not game.speaking.order
        assert not any("轮到你发言" in line for line in game.timeline)
        assert "现在没有轮流发言" in refused(game, Input.make("turn", 1001, game.deadline - 5))


def test_turns_replay_bit_for_bit():
    game = werewolf("警长=开")
    inputs: list[Input] = []

    def send(inp: Input) -> None:
        apply(game, inp)
        inputs.append(inp)

    for i in range(9):
        inputs.append(Input.make("join", 1001 + i, 100.0, name=f"P{i + 1}"))
    inputs.append(Input.make("start", 900, 100.0))
    while game.state.phase != "day":
        if game.state.phase == "elect" and 1 not in game.state.stood:
            send(Input.make("act", 1001, game.deadline - 5, skill="上警", via="group"))
        send(Input.make("deadline", 0, game.deadline, phase_no=game.phase_no))
    send(Input.make("turn", 1002, game.deadline - 5))
    send(Input.make("deadline", 0, game.deadline, phase_no=game.phase_no))
    send(Input.make("act", 1004, game.deadline - 5, skill="自爆", via="group"))  # 1 4 7 are wolves
    assert not game.speaking.order, "自爆 ends the day and its turns"
    again = replay({"ruleset": "werewolf", "seed": 7, "options": game.options}, inputs).game
    assert again.speaking == game.speaking and again.phase_no == game.phase_no and again.state == game.state


# --- 3. /票型 ----------------------------------------------------------------------------------------


def test_the_vote_board_so_far_with_counts_or_without():
    game = new_game(n=6)
    vote(game, 1, 2, at(11))
    vote(game, 3, 2, at(11))
    vote(game, 4, "弃权", at(11))
    assert ballots.text(game) == ("【票型】第1天 回合 投票：已投 3 人，未投 3 人\n2号 P2（2票） ← 1号、3号\n弃权（1票） ← 4号\n"
                                  "未投：2号、5号、6号")
    hidden = new_game(n=6, 票数公开=False)
    vote(hidden, 1, 2, at(11))
    text = ballots.text(hidden)
    assert "2号 P2 ← 1号" in text and "票）" not in text and "计数隐藏" in text
    night = werewolf()
    with pytest.raises(Refusal, match="现在是「第1夜」，不是投票阶段，没有票型"):
        ballots.text(night)


def test_every_days_vote_is_in_the_record():
    game = new_game(n=6)
    vote(game, 1, 2, at(11), reason="他说了，然后又改口")
    close(game)
    lines = "\n".join(game.timeline)
    assert "1号 P1 投票 2号 P2，理由：他说了，然后又改口" in lines
    assert "第1天 回合 计票：2号 P2：1票" in lines


# --- 4. the thread ---------------------------------------------------------------------------------


def test_a_forum_day_entered_at_night_is_opened_with_one_post():
    game = new_game(start=at(23))  # the day opens tomorrow 09:00
    assert game.remind_at == at(9, day=2)
    events = apply(game, Input.make("remind", 0, at(9, day=2), phase_no=game.phase_no))
    (post,) = group_texts(compose(game, events))
    assert post.startswith("【第1天 回合】开门了：现在可以发言和投票，关门 北京时间 03-02 22:00（还有 13小时）。\n【电梯楼】存活 6/6")
    assert game.remind_at == at(20, day=2)  # then the countdowns as before


def test_sign_ups_are_reactions_and_one_roster_after_the_burst():
    game = Game.new(1, registry.get("werewolf"), 1, 900, 1, {"报名名单": 30})
    for i in range(7):
        events = apply(game, Input.make("join", 1001 + i, 100.0 + i, name=f"P{i + 1}"))
        assert [own_post(e) for e in events if e.audience.kind == "group"] == [True]
    assert game.remind_at == 136.0  # 30 s after the last one
    events = apply(game, Input.make("remind", 0, 136.0, phase_no=0))
    assert group_texts(events) == ["【报名】当前 7 人：P1、P2、P3、P4、P5、P6、P7\n人数已够：法官发送 /开始 发牌。"]
    assert game.remind_at is None
    apply(game, Input.make("leave", 1007, 200.0))
    apply(game, Input.make("leave", 1006, 201.0))
    (text,) = group_texts(apply(game, Input.make("remind", 0, 231.0, phase_no=0)))
    assert text.startswith("【报名】当前 5 人") and "还不能开始" in text and "6" in text


def test_the_dead_sheriff_handing_over_the_badge_is_on_stage_not_zhashi():
    game = werewolf("警长=开")
    to_day(game, stand=1)
    for seat in range(1, 10):
        apply(game, Input.make("act", 1000 + seat, game.deadline - 5, skill="投票", words=("1",), via="group"))
    for seat in [2, 3, 4, 5, 6, 7, 8, 9, 1]:
        turn(game, seat)
    assert game.state.phase == "badge" and not game.state.alive[1]
    events = apply(game, Input.make("speak", 1001, game.deadline - 20, text="警徽给2号"))
    assert not any("诈尸" in e.text for e in events)
    apply(game, Input.make("act", 1001, game.deadline - 10, skill="移交", words=("2",), via="group"))
    assert game.state.phase == "lastwords"  # his 遗言 turn: still on stage
    assert not group_texts(apply(game, Input.make("speak", 1001, game.deadline - 5, text="我的遗言是")))
    apply(game, Input.make("lastwords", 1001, game.deadline - 4, text="好人加油"))
    assert not any("诈尸" in line for line in game.timeline)
    events = apply(game, Input.make("speak", 1001, game.deadline - 3, text="再说一句"))
    assert group_texts(events) == ["1号 P1 已出局，请勿在群内发言（诈尸）。"]  # his steps done: 诈尸 again


def test_reminders_name_what_is_owed_not_a_choice_like_zibao():
    game = werewolf()
    to_day(game)
    for seat in range(1, 10):
        turn(game, seat)
    events = judge(game, game.deadline - 5, "提醒")
    wolf = [e.text for e in events if e.audience.kind == "seat" and e.audience.seat == 1]
    assert wolf and "未提交的投票" in wolf[0] and "自爆" not in wolf[0]


def test_an_empty_vote_has_no_picture_and_the_public_cast_no_qq():
    game = werewolf("发言=自由")
    to_day(game)
    events = close(game)
    (tally,) = [e for e in events if e.tag == "tally"]
    assert tally.text == "计票：无人投票\n票型：无人投票" and dict(tally.data).get("image") is None
    events = judge(game, game.deadline - 5, "终止", reason="测试")
    end = "\n".join(e.text for e in events if e.audience.kind == "group" and not dict(e.data).get("record"))
    assert "1号 P1：狼人" in end and "（1001）" not in end
    assert cast_lines(game)[0].startswith("1号 P1（1001）：")  # the judge's 演员表 keeps them


def test_speed_up_replies_in_words():
    game = new_game(n=6)
    (reply,) = [e.text for e in apply(game, Input.make("speed", qq(1), at(12), which="加速")) if e.tag == "reply"]
    assert reply == "已收到你的加速申请：目前 1 人申请，再有 3 人申请即加速成功。"
    for seat in (2, 3, 4):
        apply(game, Input.make("speed", qq(seat), at(12), which="加速"))
    assert "今天已经执行加速了" in refused(game, Input.make("speed", qq(5), at(12), which="加速"))
    assert "/" not in reply.replace("/开始", "")


def test_the_published_record_names_people_without_their_qq_numbers():
    game = werewolf("发言=自由")
    to_day(game)
    judge(game, game.deadline - 50, "替补", target="2", qq=424242, name="替补君")
    events = judge(game, game.deadline - 5, "终止", reason="测试")
    (record,) = [e.text for e in events if dict(e.data).get("record")]
    assert "替补君" in record and "424242" not in record  # (a real QQ number has 5 digits at least)
