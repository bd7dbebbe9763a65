"""Forum rules (003/004) on the test ruleset: votes, 代投, 加速/延时, 潜水, cards, 替补, 诈尸, reminders."""

from __future__ import annotations

import pytest
from forum_table import at, group_texts, new_game, qq, refused, vote

from plugins.bansha.engine import Input, apply
from plugins.bansha.engine.core import mention
from plugins.bansha.engine.game import registry


def test_forum_day_closes_at_guanmen_and_votes_need_a_reason():
    game = new_game()
    assert game.deadline == at(22)
    msg = refused(game, Input.make("act", qq(1), at(11), skill="投票", words=("2",), reason="", via="group"))
    assert "投票理由" in msg and "不计" in msg
    events = vote(game, 1, 2, at(11), reason="发言像狼")
    assert any("1号 P1 投票：2号 P2，理由：发言像狼" in t for t in group_texts(events))


def test_votes_before_kaimen_are_refused():
    game = new_game(start=at(23))  # opened after 关门: the day opens tomorrow 09:00
    msg = refused(game, Input.make("act", qq(1), at(23, 30), skill="投票", words=("2",), reason="x", via="group"))
    assert "还没开门" in msg
    vote(game, 1, 2, at(9, 5, day=2))


def test_exactly_one_change_and_none_in_the_last_hour():
    game = new_game()
    vote(game, 1, 2, at(11))
    msg = refused(game, Input.make("act", qq(1), at(11, 5), skill="投票", words=("3",), reason="x", via="group"))
    assert "改票" in msg
    vote(game, 1, 3, at(12), change=True)
    assert "改过" in refused(game, Input.make("act", qq(1), at(13), skill="改票", words=("4",), reason="x", via="group"))
    vote(game, 2, 3, at(12))
    late = Input.make("act", qq(2), at(21, 30), skill="改票", words=("4",), reason="x", via="group")
    assert "1小时" in refused(game, late)


def test_abstain_counts_as_a_vote():
    game = new_game()
    vote(game, 1, "弃权", at(11))
    assert game.state.votes.votes[1] == 0
    assert 1 in game.forum.voted


def test_proxy_vote_is_posted_as_such_and_has_a_cutoff():
    game = new_game()
    events = vote(game, 1, 2, at(20), proxy=True, via="pm")
    assert any(t.startswith("【代投】1号 P1 投票：2号 P2") for t in group_texts(events))
    assert any(e.audience.kind == "reply" for e in events)
    late = Input.make("act", qq(3), at(21, 40), skill="投票", words=("2",), reason="x", via="pm", proxy=True)
    assert "代投" in refused(game, late)  # 003: 30 minutes before 关门


def test_proxy_cutoff_follows_the_option_004_one_hour():
    game = new_game(代投截止=3600)
    late = Input.make("act", qq(3), at(21, 10), skill="投票", words=("2",), reason="x", via="pm", proxy=True)
    assert "代投" in refused(game, late)


def test_speedup_more_than_half_moves_the_close_forbids_changes_and_lifts_lurking():
    game = new_game(n=6)  # more than half of 6 = 4
    vote(game, 1, 2, at(11))
    for seat in (1, 2, 3):
        apply(game, Input.make("speed", qq(seat), at(12), which="加速"))
    assert not game.forum.accelerated
    assert "已经申请" in refused(game, Input.make("speed", qq(1), at(12), which="延时"))
    events = apply(game, Input.make("speed", qq(4), at(12, 30), which="加速"))
    assert game.forum.accelerated and game.deadline == at(13, 30)
    assert any("加速成功" in t for t in group_texts(events))
    assert "加速" in refused(game, Input.make("act", qq(1), at(12, 40), skill="改票", words=("3",), reason="x",
                                               via="group"))
    events = apply(game, Input.make("deadline", 0, at(13, 30), phase_no=game.phase_no))
    assert not [e for e in events if e.tag == "card"], "no 潜水 cards on an accelerated day"


def test_speedup_threshold_half_for_004_and_delay_cancels_it():
    game = new_game(n=6, 加速门槛="半数")
    for seat in (1, 2, 3):
        apply(game, Input.make("speed", qq(seat), at(12), which="加速"))
    assert game.forum.accelerated
    for seat in (4, 5, 6):
        apply(game, Input.make("speed", qq(seat), at(12, 10), which="延时"))
    assert not game.forum.accelerated and game.deadline == at(22)


def test_speedup_cutoff_004():
    game = new_game(加速截止=3 * 3600)
    assert "不再受理" in refused(game, Input.make("speed", qq(1), at(19, 30), which="加速"))


def test_lurking_yellow_cards_at_close():
    game = new_game(n=6)
    for seat in range(1, 7):
        for k in range(6 if seat != 2 else 2):
            apply(game, Input.make("speak", qq(seat), at(11, k), text="发言"))
        if seat != 3:
            vote(game, seat, 1 if seat != 1 else 2, at(12))
    events = apply(game, Input.make("deadline", 0, at(22), phase_no=game.phase_no))
    cards = [e.text for e in events if e.tag == "card"]
    assert any("2号" in c and "不足5帖" in c for c in cards)
    assert any("3号" in c and "未投票" in c for c in cards)
    assert not any("4号" in c for c in cards)


def test_three_days_under_ten_posts_is_a_yellow_card():
    game = new_game(n=7, 未投票黄牌=False)
    for _day in range(3):
        seat_alive = game.state.living()
        for seat in seat_alive:
            for k in range(6):
                apply(game, Input.make("speak", qq(seat), game.deadline - 3600 + k, text="话"))
        events = apply(game, Input.make("deadline", 0, game.deadline, phase_no=game.phase_no))
    cards = [e.text for e in events if e.tag == "card"]
    assert any("连续3个讨论日" in c for c in cards)


def test_cards_merge_and_a_red_card_sends_off_even_the_dead_can_be_carded():
    game = new_game()
    for _ in range(3):
        apply(game, Input.make("judge", 900, at(11), sub="蓝牌", target="2", reason="贴脸"))
    assert game.forum.cards[2] == [0, 1, 0]
    for _ in range(2):
        apply(game, Input.make("judge", 900, at(11), sub="黄牌", target="2", reason="贴证"))
    assert game.forum.cards[2] == [0, 0, 1] and not game.state.alive[2]
    events = apply(game, Input.make("judge", 900, at(12), sub="蓝牌", target="2", reason="诈尸"))
    assert any("2号 P2 获得蓝牌" in t for t in group_texts(events))


def test_red_card_after_the_vote_004_and_two_reds_lose_the_faction():
    game = new_game(红牌结算="投票后", 红牌判负=True)
    apply(game, Input.make("judge", 900, at(11), sub="红牌", target="1", reason="恶意"))
    assert game.state.alive[1] and game.forum.deferred_reds == [1]
    apply(game, Input.make("deadline", 0, at(22), phase_no=game.phase_no))
    assert not game.state.alive[1]
    apply(game, Input.make("judge", 900, game.deadline - 100, sub="红牌", target="3", reason="恶意"))
    assert game.status == "ended" and "红队判负" in game.outcome.text


def test_dead_player_speaking_is_warned_and_carded_on_repeat():
    game = new_game(诈尸处罚="蓝牌", 诈尸禁言=600)
    apply(game, Input.make("judge", 900, at(11), sub="红牌", target="2", reason="x"))
    events = apply(game, Input.make("speak", qq(2), at(11, 5), text="我还想说"))
    assert any("诈尸" in t for t in group_texts(events))
    assert any(e.tag == "mute" for e in events)
    events = apply(game, Input.make("speak", qq(2), at(11, 6), text="再说一句"))
    assert any(e.tag == "card" for e in events)


def test_speech_restriction_breach_is_reported_to_the_ruleset():
    game = new_game()
    events = apply(game, Input.make("speak", qq(1), at(11), text="这是禁语"))
    assert any("违反了发言限制" in t for t in group_texts(events))


def test_substitute_takes_the_seat_with_its_private_history_once():
    game = new_game()
    history = list(game.private[3])
    events = apply(game, Input.make("judge", 900, at(11), sub="替补", target="3", qq=4242, name="替补君"))
    assert game.qq_of(3) == 4242
    to_new = [e.text for e in events if e.audience.kind == "seat" and e.audience.seat == 3]
    assert all(h in to_new for h in history)
    assert any("替补" in t and "3号" in t for t in group_texts(events))
    assert not any("身份" in t for t in group_texts(events))
    apply(game, Input.make("act", 4242, at(12), skill="投票", words=("1",), reason="x", via="group"))
    assert game.state.votes.votes[3] == 1  # the new account acts for seat 3
    assert "不是" in refused(game, Input.make("act", 1002, at(12), skill="投票", words=("1",), reason="x",
                                                via="group"))  # the old account no longer plays
    assert "替补" in refused(game, Input.make("judge", 900, at(13), sub="替补", target="3", qq=4343, name="又一个"))


def test_reminders_a_public_countdown_then_private_ones_to_players_who_still_owe_an_action():
    game = new_game()
    assert game.remind_at == at(22) - 7200  # 公开提醒: 2 h and 30 min before 关门 (forum)
    vote(game, 1, 2, at(11))
    apply(game, Input.make("act", qq(1), at(11), skill="指认", words=("2",)))
    for k in range(5):
        apply(game, Input.make("speak", qq(3), at(12) + k, text="发言"))
    events = apply(game, Input.make("remind", 0, game.remind_at, phase_no=game.phase_no))
    (post,) = [e for e in events if e.audience.kind == "group"]
    assert post.text.startswith("【提醒】") and "截止 北京时间" in post.text and "还有 2小时" in post.text
    assert all(mention(qq(s)) + f"{s}号" in post.text for s in (2, 3, 4, 5, 6)) and mention(qq(1)) not in post.text
    warned = {e.audience.seat: e.text for e in events if e.audience.kind == "seat"}
    assert set(warned) == {1, 2, 3, 4, 5, 6}  # each at risk of a 潜水 card hears what it still needs
    assert "今天你发言 0 帖，关门前还需 5 帖" in warned[2] and "还没有投票" in warned[2]
    assert "还没有投票" not in warned[1] and "发言" not in warned[3]
    assert game.remind_at == at(22) - 1800
    events = apply(game, Input.make("remind", 0, game.remind_at, phase_no=game.phase_no))
    reminded = {e.audience.seat for e in events if e.tag == "remind" and "未提交" in e.text}
    assert reminded == {2, 3, 4, 5, 6}
    assert game.remind_at is None


def test_pause_freezes_and_resume_shifts_the_deadline_extend_adds_time():
    game = new_game(节奏="快速")
    left = game.deadline - at(10)
    apply(game, Input.make("judge", 900, at(10, 0) + 10, sub="暂停"))
    assert game.deadline is None
    refused(game, Input.make("deadline", 0, at(12), phase_no=game.phase_no))
    apply(game, Input.make("judge", 900, at(12), sub="继续"))
    assert game.deadline == pytest.approx(at(12) + left - 10)
    apply(game, Input.make("judge", 900, at(12), sub="延长", seconds=600))
    assert game.deadline == pytest.approx(at(12) + left - 10 + 600)


def test_hidden_counts_announce_only_the_leader():
    game = new_game(票数公开=False)
    vote(game, 1, 2, at(11))
    vote(game, 3, 2, at(11))
    vote(game, 2, 1, at(11))
    events = apply(game, Input.make("deadline", 0, at(22), phase_no=game.phase_no))
    texts = group_texts(events)
    assert any(t.startswith("最高票：2号") for t in texts)
    assert not any("票；" in t or "2票" in t for t in texts)


def test_a_player_out_at_noon_may_change_once_even_in_the_locked_hour():
    game = new_game()
    vote(game, 4, 2, at(11))
    game.forum.died_today.add(4)  # as a ruleset reports through ctx.died()
    vote(game, 4, 3, at(21, 30), change=True)
    assert game.state.votes.votes[4] == 3


def test_the_judge_can_rule_a_faction_lost_003():
    game = new_game()
    assert "没有" in refused(game, Input.make("judge", 900, at(11), sub="判负", faction="绿队"))
    apply(game, Input.make("judge", 900, at(11), sub="判负", faction="蓝队"))
    assert game.status == "ended" and "蓝队判负" in game.outcome.text


def test_a_red_card_on_a_seat_already_out_reaches_the_ruleset():
    game = new_game()
    apply(game, Input.make("judge", 900, at(11), sub="红牌", target="2", reason="x"))
    events = apply(game, Input.make("judge", 900, at(12), sub="红牌", target="2", reason="诈尸"))
    assert game.forum.cards[2][2] == 2 and not game.state.alive[2]
    assert any("红牌" in e.text for e in events)


def test_a_seat_barred_from_voting_is_not_carded_for_not_voting(monkeypatch):
    rules = registry.get("toy")
    monkeypatch.setattr(type(rules), "blocked", lambda self, state, seat, skill:
                        "翻牌后不能投票" if seat == 2 and skill.name == "投票" else None)
    game = new_game(n=6)
    for seat in range(1, 7):
        for k in range(6):
            apply(game, Input.make("speak", qq(seat), at(11, k), text="发言"))
    events = apply(game, Input.make("deadline", 0, at(22), phase_no=game.phase_no))
    cards = [e.text for e in events if e.tag == "card"]
    assert not any("2号" in c for c in cards)
    assert any("3号" in c and "未投票" in c for c in cards)


def test_the_ruleset_decides_who_may_speak_after_leaving(monkeypatch):
    rules = registry.get("toy")
    game = new_game()
    apply(game, Input.make("judge", 900, at(11), sub="红牌", target="2", reason="x"))
    monkeypatch.setattr(type(rules), "may_speak", lambda self, state, seat: seat == 2 or state.alive[seat])
    events = apply(game, Input.make("speak", qq(2), at(11, 5), text="英灵发言"))
    assert not any("诈尸" in e.text for e in events)


def test_outside_adviser_is_recorded_for_new_players_only_004():
    game = new_game(场外助理上限=3)
    msg = refused(game, Input.make("judge", 900, at(11), sub="场外助理", target="2", qq=5555, played=4))
    assert "4 场" in msg
    events = apply(game, Input.make("judge", 900, at(11), sub="场外助理", target="2", qq=5555, played=3))
    assert any("场外助理" in e.text for e in events if e.audience.kind == "reply")
    assert any("场外助理" in line for line in game.timeline)
    assert not [e for e in events if e.audience.kind == "group"], "record only: nothing posted in the group"
