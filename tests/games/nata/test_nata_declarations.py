"""Issue 13, item 5: 纳塔's [宣言] and 审讯 as the text describes them, and the engine's pending rulings.

- 「任何人均可进行宣言，但只有可以发动对应技能的情况下才会有效」: anyone may post one; the bot accepts it the
  same way whether or not it is valid;
- 审讯: 「一个20字以内可以用是，否，无法回答三种答案来回复的问题」; the target replies (/回复 <编号> <答案>, or a QQ
  reply to the 宣言);
- 「判断是否回答正确的标准是基于演员表的客观事实」: the 法官 rules (/法官 裁定 <编号> <正确|错误>), reminded privately;
  no ruling by the end of 黄昏 (「游戏日黄昏开始后」 the result is due) and the answer stands as correct.
"""

from __future__ import annotations

import re

import pytest
from nata_roles import deal
from nata_table import DUSK, EARLY, NOON, Table

from plugins.bansha.engine.parts import rulings

JUDGE = 1  # the Table's owner: no seat


def posts(events) -> list[str]:
    return [e.text for e in events if e.audience.kind == "group"]


def to_judge(events) -> list[str]:
    return [e.text for e in events if e.audience.kind == "user" and e.audience.seat == JUDGE]


def setup(**options) -> tuple[Table, int, int, int]:
    t = Table(deal(), **options)
    asker, wolf, hunter = t.who("审讯官"), t.who("白狼王"), t.who("猎人")
    t.to(NOON, 2)
    return t, asker, wolf, hunter


def declare(t: Table, seat: int, target: int, question: str):
    return t.send("act", t.qq(seat), skill="审讯", words=(str(target), question), via="group")


def answer(t: Table, seat: int, no: int, word: str, via: str = "group"):
    return t.send("answer", t.qq(seat), no=no, text=word, via=via)


def rule(t: Table, no: int, verdict: str, actor: int = JUDGE):
    return t.send("judge", actor, sub="裁定", no=no, verdict=verdict)


def test_a_free_question_is_answered_ruled_wrong_and_the_target_dies_at_dusk():
    t, asker, wolf, hunter = setup()
    events = declare(t, asker, wolf, f"{hunter}号是猎人吗？")
    assert posts(events) == [f"【宣言#1】{asker}号 P{asker} 审讯 {wolf}号 P{wolf}：{hunter}号是猎人吗？\n"
                             f"（{wolf}号 P{wolf} 请回复这条消息，或发送 /回复 1 是|否|无法回答）"]
    assert t.state.count(asker, "shenxun") == 0
    events = answer(t, wolf, 1, "否")
    assert posts(events) == [f"【回复#1】{wolf}号 P{wolf}：否"]
    ask = to_judge(events)
    assert len(ask) == 1 and "待裁定 #1" in ask[0] and "/法官 裁定 1 正确|错误" in ask[0] and "否" in ask[0]
    assert [r.no for r in rulings.pending(t.game)] == [1]
    events = rule(t, 1, "错误")
    assert posts(events) == [] and "已裁定 #1：错误" in "\n".join(to_judge(events))
    assert t.alive(wolf)  # the result is due once 黄昏 begins
    t.deadline()
    assert t.state.phase == DUSK and not t.alive(wolf)
    t.deadline()
    assert f"{wolf}号" in t.all_group().split("其他原因出局")[-1]


def test_a_right_answer_refreshes_the_interrogator():
    t, asker, wolf, hunter = setup()
    declare(t, asker, hunter, "你是好人吗")
    answer(t, hunter, 1, "是", via="pm")
    rule(t, 1, "正确")
    t.deadline()
    assert t.alive(hunter) and t.state.count(asker, "shenxun") == 1
    assert "回答正确" in t.seat_text(asker)


def test_anyone_may_declare_and_a_bluff_is_accepted_alike_but_has_no_effect():
    t, asker, wolf, hunter = setup()
    bluffer = next(s for s in t.others(asker, wolf, hunter) if t.state.faction(s) == "村民阵营")
    real = declare(t, asker, wolf, "你是狼吗")
    fake = declare(t, bluffer, hunter, "你是狼吗")
    shape = lambda text: re.sub(r"\d+号 P\d+|#\d+|/回复 \d+", "_", text)  # noqa: E731
    assert [shape(x) for x in posts(real)] == [shape(x) for x in posts(fake)]
    assert [e.audience.kind for e in real] == [e.audience.kind for e in fake]  # same audiences, no private hint
    events = answer(t, hunter, 2, "否")
    assert to_judge(events) == []  # no ruling: the bluff can have no effect
    answer(t, wolf, 1, "否")
    rule(t, 1, "错误")
    t.deadline()
    assert t.alive(hunter) and not t.alive(wolf)
    assert "无效" in t.timeline()


def test_an_interrogator_without_uses_left_is_accepted_too_and_nothing_follows():
    t, asker, wolf, hunter = setup()
    declare(t, asker, wolf, "你是狼吗")
    answer(t, wolf, 1, "否")
    rule(t, 1, "错误")
    t.deadline()
    t.to(NOON, 3)
    events = declare(t, asker, hunter, "你是狼吗")  # no use left: accepted, not valid
    assert len(posts(events)) == 1
    answer(t, hunter, 2, "是")
    assert rulings.pending(t.game) == []


def test_no_ruling_by_the_end_of_dusk_the_answer_stands_as_correct():
    t, asker, wolf, hunter = setup()
    declare(t, asker, wolf, "你是狼吗")
    answer(t, wolf, 1, "否")
    closing = t.deadline()  # 正午 closes: 黄昏 begins, the ruling is now needed
    assert t.state.phase == DUSK and t.alive(wolf)
    assert any("现在需要裁定 #1" in x for x in to_judge(closing))
    end = t.deadline()  # 黄昏 ends with no ruling
    assert t.alive(wolf) and t.state.count(asker, "shenxun") == 1
    assert any("#1" in x and "按「正确」" in x for x in to_judge(end))
    assert "已经结算" in t.refused("judge", 0, sub="裁定", no=1, verdict="错误")


def test_a_ruling_during_dusk_resolves_at_once():
    t, asker, wolf, hunter = setup()
    declare(t, asker, wolf, "你是狼吗")
    answer(t, wolf, 1, "否")
    t.deadline()
    assert t.state.phase == DUSK and t.alive(wolf)
    rule(t, 1, "错误")
    assert not t.alive(wolf) and t.state.phase == DUSK


def test_judges_are_reminded_of_pending_rulings_before_the_close():
    t, asker, wolf, hunter = setup(正午=3600)
    declare(t, asker, wolf, "你是狼吗")
    answer(t, wolf, 1, "否")
    assert t.game.remind_at is not None
    events = t.send("remind", 0, phase_no=t.game.phase_no)
    assert any("待裁定 #1" in x for x in to_judge(events))


# --- bad input: a clear refusal to the sender, nothing changed -------------------------------------------------


def test_bad_declarations_replies_and_rulings_are_refused():
    t, asker, wolf, hunter = setup()
    long = "这个问题非常非常非常非常非常非常非常长吗？"
    assert len(long) > 20
    assert "20字" in t.refused("act", asker, skill="审讯", words=(str(wolf), long), via="group")
    assert "群里" in t.refused("act", asker, skill="审讯", words=(str(wolf), "你是狼吗"), via="pm")
    assert "问题" in t.refused("act", asker, skill="审讯", words=(str(wolf),), via="group")
    declare(t, asker, wolf, "你是狼吗")
    other = next(s for s in t.others(asker, wolf))
    assert f"{wolf}号" in t.refused("answer", other, no=1, text="是", via="group")  # not the target
    assert "是、否 或 无法回答" in t.refused("answer", wolf, no=1, text="也许", via="group")
    assert "没有编号为 9 的宣言" in t.refused("answer", wolf, no=9, text="是", via="group")
    assert "没有编号为 3 的待裁定" in t.refused("judge", 0, sub="裁定", no=3, verdict="正确")
    answer(t, wolf, 1, "否")
    assert "已经回复" in t.refused("answer", wolf, no=1, text="是", via="group")
    assert "正确 或 错误" in t.refused("judge", 0, sub="裁定", no=1, verdict="对")
    assert "座位" in t.refused("judge", wolf, sub="裁定", no=1, verdict="正确")  # a seated judge cannot rule
    rule(t, 1, "正确")
    assert "已经裁定" in t.refused("judge", 0, sub="裁定", no=1, verdict="错误")


@pytest.mark.parametrize("when", [EARLY])
def test_declarations_are_for_the_noon_of_a_game_day(when):
    t = Table(deal())
    asker, wolf = t.who("审讯官"), t.who("白狼王")
    t.to(when, 1)
    assert t.refused("act", asker, skill="审讯", words=(str(wolf), "你是狼吗"), via="group")


async def test_the_console_lists_open_rulings_and_its_form_is_the_same_command():
    """The 导演台 lists `rulings.pending` and its form is 「/法官 裁定 <编号> <结果>」: the same sub-command, the
    same input as typed in QQ."""
    from plugins.bansha.console import views
    from plugins.bansha.engine.core import Input
    from plugins.bansha.qq import table
    from plugins.bansha.qq.call import JudgeCall

    t, asker, wolf, hunter = setup()
    declare(t, asker, wolf, "你是狼吗")
    assert views.rulings(t.game) == []
    answer(t, wolf, 1, "否")
    listed = views.rulings(t.game)
    assert [(r["id"], r["choices"]) for r in listed] == [(1, ("正确", "错误"))] and "你是狼吗" in listed[0]["text"]
    words = views.judge_words({"sub": "裁定", "ruling": "1", "result": "错误"})
    assert words == ["裁定", "1", "错误"]

    class Typed:  # what the sub-command reads of whoever typed it
        user = JUDGE

        def now(self) -> float:
            return t.clock + 1

    inp = await table.judge_sub(words[0]).run(JudgeCall(Typed(), t.game, words[0]), words[1:])
    assert inp == Input.make("judge", JUDGE, t.clock + 1, sub="裁定", no=1, verdict="错误")
    t.send("judge", JUDGE, sub="裁定", no=1, verdict="错误")
    assert views.rulings(t.game) == []
