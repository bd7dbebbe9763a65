"""Issue 13 through the real bot (the fake OneBot client against `bot.py`): what a judge and the players type.

One bot process; each test plays in its own group.
"""

from __future__ import annotations

import pytest
from bot_steps import JUDGE, bot_group, fold, nata_at_noon, typed
from fakeqq import BotProcess, FakeQQ
from mirror import Mirror, norm
from paths import ROOT

from plugins.bansha.parse import normalize

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
async def bot():
    proc = BotProcess(ROOT, superusers=(JUDGE,))
    proc.start()
    try:
        await proc.wait_ready(60)
        async with FakeQQ.for_process(proc) as qq:
            yield proc, qq
    finally:
        proc.cleanup()


async def test_opening_reply_lists_what_departs_from_the_text(bot):
    """Item 2: 快速 tempo keeps 004's rules; /开局 says which options set the text aside."""
    _, qq = bot
    group = 1301
    bot_group(qq, group)
    m = qq.mark()
    await qq.group_msg(JUDGE, group, "/开局 纳塔 节奏=快速 票数公开=开")
    sent = await qq.wait_for(lambda s: s.target == group and "开局（第" in s.text, 20, m)
    assert "与原文不同的设置：票数公开=开（原文 关）" in sent.text
    assert "快速节奏按分钟计时，不执行论坛时钟的规则：" in sent.text and "潜水（原文 开）" in sent.text
    assert len([s for s in qq.sent[m:] if s.target == group]) == 1  # one post


def _seat_qq(m: Mirror, seat: int) -> int:
    return m.game.qq_of(seat)


async def test_nata_options_one_line_votes_unreadable_reply_and_a_private_forfeit(bot):
    """Item 7 through the bot: 指定身份 with 、, the one-line forum vote and change, a reply-form /改票
    whose replied message cannot be fetched, and /法官 判负 told to the judge alone."""
    _, qq = bot
    group = 1302
    m = await nata_at_noon(qq, group, seed=11, 指定身份="魔术师、通灵师")
    roles = set(m.game.state.roles[1:])
    assert {"魔术师", "通灵师"} <= roles
    a, b, c, d = m.game.state.living()[:4]
    # 004: 「投票对象与投票理由之间可以不换行」
    await m.command(_seat_qq(m, a), f"投票对象：{b} 投票理由：戏多", "group", "act", skill="投票", words=(str(b),),
                    via="group", reason="戏多")
    assert m.game.state.box.votes[a] == b
    await m.command(_seat_qq(m, a), f"改票对象：{c}改票理由：戏更多", "group", "act", skill="改票", words=(str(c),),
                    via="group", reason="戏更多")
    assert m.game.state.box.votes[a] == c
    # a 楼中楼 /改票 whose replied message QQ cannot return: refused in words, nothing changes
    await m.command(_seat_qq(m, d), f"/投票 {b} 先投", "group", "act", skill="投票", words=(str(b),), via="group",
                    reason="先投")
    own = max(i for i, ev in qq.messages.items() if ev.get("user_id") == _seat_qq(m, d) and ev.get("group_id") == group)
    qq.fail_apis.add("get_msg")
    try:
        mark = qq.mark()
        await qq.group_msg(_seat_qq(m, d), group, f"/改票 {c} 改主意", reply_to=own)
        sent = await qq.wait_for(lambda s: s.target == group and "没能读取你回复的那条消息" in s.text, 20, mark)
        assert sent.text.startswith(m.nick(_seat_qq(m, d)))
    finally:
        qq.fail_apis.discard("get_msg")
    # 「阵营被判负后，不予公示」: the judge hears it privately, the group hears nothing
    mark = qq.mark()
    await m.command(JUDGE, "/法官 判负 狼人阵营", "group", "judge", sub="判负", faction="狼人阵营")
    await qq.expect_silence(lambda s: s.target == group, 1.0, mark)
    assert not [s for s in qq.sent[mark:] if s.target == group]
    assert [s for s in qq.sent[mark:] if s.target == JUDGE and "已记录：狼人阵营判负" in s.text]


async def test_nata_declaration_reply_ruling_and_team_channels(bot):
    """Items 5 and 6 through the bot: a 宣言 with a free question, answered by a QQ reply to it, ruled by the
    法官 in private; refusals for a stranger's reply and a second ruling; a wolf in two channels."""
    _, qq = bot
    group = 1303
    m = await nata_at_noon(qq, group, seed=12, 指定身份="审讯官、传递者、白狼王", 强度倍率="0.1-10")
    st = m.game.state
    asker, wolf, messenger = st.holders("审讯官")[0], st.holders("白狼王")[0], st.holders("传递者")[0]
    q_asker, q_wolf = _seat_qq(m, asker), _seat_qq(m, wolf)
    question = "你是狼人吗，还是好人？"
    mark = qq.mark()
    seen = normalize(question)  # the bot reads full-width punctuation as ASCII (NFKC)
    await typed(m, q_asker, f"/技能 审讯 {wolf} {question}", "group", "act", skill="审讯", words=(str(wolf),),
               via="group", text=f"{wolf} {seen}")
    assert len([s for s in qq.sent[mark:] if s.target == group]) == 1  # one post: 【宣言#1】
    post = max(i for i, ev in qq.messages.items() if ev.get("user_id") == q_asker and ev.get("group_id") == group)
    # a stranger may not answer
    stranger = next(s for s in st.living() if s not in (asker, wolf, messenger))
    await typed(m, _seat_qq(m, stranger), "/回复 1 是", "group", "answer", no=1, text="是", via="group")
    # the target answers with a QQ reply to the 宣言 post
    mark = qq.mark()
    await qq.group_msg(q_wolf, group, "否", reply_to=post)
    said = await qq.wait_for(lambda s: s.target == group and s.text == f"【回复#1】{m.game.seat_name(wolf)}：否", 20, mark)
    m.expected_group.append(norm(said.text))
    assert len([s for s in qq.sent[mark:] if s.target == group]) == 1
    ask = await qq.wait_for(lambda s: s.target == JUDGE and "【待裁定 #1】" in s.text, 20, mark)
    assert seen in ask.text and "/法官 裁定 1 正确|错误" in ask.text
    fold(m, q_wolf, "answer", no=1, text="否", via="group")
    # the judge rules by PM; the answer goes to the judge alone, a second ruling is refused
    mark = qq.mark()
    await qq.private_msg(JUDGE, f"/局 {m.game.gid}")  # this judge hosts several games of the module's bot
    await qq.wait_for(lambda s: s.target == JUDGE and "之后的私聊指令将用于" in s.text, 20, mark)
    await m.command(JUDGE, "/法官 裁定 1 错误", "pm", "judge", sub="裁定", no=1, verdict="错误")
    await m.command(JUDGE, "/法官 裁定 1 正确", "pm", "judge", sub="裁定", no=1, verdict="正确")
    assert not [s for s in qq.sent[mark:] if s.target == group]
    # item 6: the 传递者 links the wolf and the asker; the wolf now has 狼群 and 共群
    await m.command(_seat_qq(m, messenger), f"/技能 灵魂链接 {wolf} {asker}", "pm", "act", skill="灵魂链接",
                    words=(str(wolf), str(asker)), via="pm")
    await typed(m, q_wolf, "/队聊 今晚怎么办", "pm", "chat", text="今晚怎么办", alias="队聊")  # refused: name one
    await typed(m, q_wolf, "/队聊 共群 我们共群了", "pm", "chat", text="共群 我们共群了", alias="队聊")
    await typed(m, q_wolf, "/狼聊 刀谁", "pm", "chat", text="刀谁", alias="狼聊")
    await typed(m, q_wolf, "/队聊 英灵群 喂", "pm", "chat", text="英灵群 喂", alias="队聊")  # refused: not in it
    await typed(m, q_asker, "/队聊 收到", "pm", "chat", text="收到", alias="队聊")  # one channel: no name needed
    # 黄昏: the wrong answer costs the wolf his life
    await m.advance()
    assert m.game.state.phase == "dusk" and not m.game.state.alive[wolf]
    assert m.unexpected_group_posts() == []
