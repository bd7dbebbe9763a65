"""Issue 24: QQ on a bad day, through the real bot (`bot.py`) and the fake OneBot client.

Sends refused with NapCat's retcode 1200 and its words (no temp session, 风控, a muted group), acks that
come after the bot's API timeout, a restart in the middle of the night. What must hold: every message the
rules produced is delivered after recovery (each once, except the one documented resend after a timed-out
ack; a reminder never twice), the judges are told once, another group's answers are not held up, and a
command that comes in while its game is still being rebuilt is taken as if nothing had happened.
"""

from __future__ import annotations

import asyncio
import time

import pytest
from fakeqq import FakeQQ
from secutil import WAIT, Table, db_query, drained, start_bot, stop_bot, unsafe_sends

pytestmark = pytest.mark.e2e

API_TIMEOUT = 1.5  # seconds the bot waits for an ack here (NoneBot's API_TIMEOUT; 30 s in production)
ENV = {"API_TIMEOUT": str(API_TIMEOUT), "BANSHA_ALERT_PRIVATE": "60", "BANSHA_ALERT_GROUP": "4"}


@pytest.fixture(scope="module")
async def bot():
    proc, qq = await start_bot(env=ENV)
    yield proc, qq
    assert unsafe_sends(qq) == []
    await stop_bot(proc, qq)


def to(qq: FakeQQ, who: int, contains: str, after: int = 0) -> list[str]:
    return [s.text for s in qq.sent[after:] if s.kind == "private" and s.target == who and contains in s.text]


def outbox(proc, where: str, *args) -> int:
    return db_query(proc, f"SELECT count(*) FROM bansha_outbox WHERE {where}", *args)[0][0]


async def until(check, timeout: float = WAIT, what: str = "") -> None:
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise TimeoutError(f"not within {timeout}s: {what}")
        await asyncio.sleep(0.05)


async def test_a_player_the_bot_cannot_reach_gets_everything_once_he_writes(bot):
    """Temp sessions that NapCat no longer opens: the role PM is not lost, the judge is told once, the
    player gets what he missed when he next writes."""
    proc, qq = bot
    t = Table(qq, proc, 510, n=7, seed=1)  # 1女巫 2猎人 3预言家 4平民 5狼人 6狼人 7平民
    await t.open()
    await t.join_all()
    lost = t.player(3)
    qq.refuse_private(lost)  # 「发送失败,请添加对方为好友」: permanent
    mark = qq.mark()
    await t.command(t.opener, "/开始", "游戏开始")
    for seat in (1, 2, 4, 5, 6, 7):
        await t.pm_says(t.player(seat), "你的身份是【", mark)
    notice = await t.pm_says(t.opener, "收不到私聊", mark)
    assert "3号 玩家3 收不到私聊" in notice.text and "/补发" in notice.text
    assert to(qq, lost, "", mark) == []
    assert outbox(proc, "held=1 AND target=?", lost) >= 1
    await t.command(t.opener, "/法官 暂停", "游戏已暂停")
    # the night goes on: more for him is held, the judge is not told twice
    await t.advance("女巫行动")
    await t.settle()
    assert len(to(qq, t.opener, "收不到私聊", mark)) == 1
    await drained(proc)  # the rest goes out; his wait, held (not retried in vain)
    assert outbox(proc, "held=1 AND target=?", lost) >= 2
    # he added the bot and writes to it: everything he missed, in order, each once
    qq.allow("private", lost)
    before = qq.mark()
    await qq.private_msg(lost, "在吗")
    wrote = time.monotonic()
    role = await t.pm_says(lost, "你的身份是【", before)
    print(f"\nmeasured: {outbox(proc, 'target=? AND failed_at IS NOT NULL', lost)} held PMs; the role PM arrived "
          f"{time.monotonic() - wrote:.2f} s after he wrote")
    assert "你是 3号" in role.text
    await drained(proc)
    await t.settle()
    got = to(qq, lost, "", before)
    assert len([x for x in got if "你的身份是【" in x]) == 1
    assert outbox(proc, "held=1") == 0 and outbox(proc, "sent=0") == 0
    # /补发 now: nothing waits for him
    s = await t.command(lost, "/补发", "没有未送达给你的私聊", pm=True)
    assert s.target == lost


async def test_a_refusal_for_a_few_seconds_is_retried_and_delivered_once(bot):
    """风控 on the seer's private chat for a few seconds: the check result arrives after it, once, and
    nobody is bothered (it was back within ALERT_PRIVATE)."""
    proc, qq = bot
    t = await Table(qq, proc, 520, n=7, seed=1).ready()
    seer = t.player(t.seats_of("预言家")[0])
    qq.refuse_private(seer, FakeQQ.RISK_CONTROL)
    mark = qq.mark()
    await t.say(seer, "/技能 查验 5", pm=True)
    await until(lambda: any(r[1] == seer for r in qq.refused), what="the refused send")
    assert to(qq, seer, "查验", mark) == []
    await asyncio.sleep(1.0)  # a little while of 风控 (what is tested is after it)
    qq.allow("private", seer)
    back = time.monotonic()
    result = await t.pm_says(seer, "5号", mark, timeout=15)
    print(f"\nmeasured: check result delivered {time.monotonic() - back:.1f} s after the 风控 ended")
    await drained(proc)
    await t.settle()
    assert len(to(qq, seer, result.text, mark)) == 1
    assert to(qq, t.opener, "收不到", mark) == []


async def test_a_muted_group_gets_every_post_in_order_and_the_judge_is_told(bot):
    """The bot muted in the group (禁言): the phase posts wait, the judges hear of it after
    BANSHA_ALERT_GROUP (4 s here, 10 minutes by default), and after the unmute every post arrives, in order."""
    proc, qq = bot
    t = await Table(qq, proc, 530, n=7, seed=1).ready()
    qq.mute_bot(t.group)
    mark = qq.mark()
    await t.say(t.opener, "/法官 推进")
    await until(lambda: any(r[:2] == ("group", t.group) for r in qq.refused), what="a refused group post")
    await t.say(t.opener, "/法官 推进")
    notice = await t.pm_says(t.opener, "发不出消息", mark, timeout=15)
    assert f"群 {t.group}" in notice.text
    queued = outbox(proc, "sent=0 AND kind='group' AND target=?", t.group)
    assert queued >= 2
    await qq.unmute_bot(t.group, operator=t.owner)  # NapCat's notice: the posts go at once, not at the next try
    back = time.monotonic()
    await drained(proc, timeout=30)
    print(f"\nmeasured: {queued} queued posts delivered {time.monotonic() - back:.1f} s after the unmute")
    assert time.monotonic() - back < 5
    await t.settle()
    posts = [s.text for s in qq.sent[mark:] if s.kind == "group" and s.target == t.group]
    text = "\n".join(posts)
    assert "女巫" in text and text.index("女巫") < text.index("天亮了")  # the witch's turn before the day
    assert len(to(qq, t.opener, "发不出消息", mark)) == 1


async def test_a_slow_chat_holds_up_no_other_chat_and_is_resent_at_most_once(bot):
    """Acks that never come in time for one player: his messages are resent once at most (a reminder
    never), and another group's /状态 is answered at once meanwhile."""
    proc, qq = bot
    t = await Table(qq, proc, 540, n=7, seed=1).ready()
    other = await Table(qq, proc, 541, n=7, seed=1).ready()
    slow = t.player(t.seats_of("女巫")[0])
    qq.ack_delays[("private", slow)] = API_TIMEOUT + 2
    mark = qq.mark()
    await t.say(t.opener, "/法官 推进")  # the witch's turn: her prompt goes to the slow chat
    await until(lambda: to(qq, slow, "", mark), what="the witch's prompt")
    start = time.monotonic()
    await other.command(other.opener, "/状态", f"第 {other.gid} 局")
    print(f"\nmeasured: another group's /状态 answered in {time.monotonic() - start:.2f} s during the slow acks")
    assert time.monotonic() - start < 5
    await t.say(t.opener, "/法官 提醒")  # a reminder into the slow chat
    await until(lambda: outbox(proc, "uncertain=1 AND target=?", slow) >= 2, timeout=20,
                what="both sends counted as sent after their timeouts")
    qq.ack_delays.clear()
    await drained(proc)
    got = to(qq, slow, "", mark)
    reminders = [x for x in got if x.startswith("提醒") or "还没" in x]
    rows = db_query(proc, "SELECT id, substr(text,1,12), data, timeouts, uncertain, sent, attempts FROM bansha_outbox WHERE target=?", slow)
    assert reminders and all(got.count(x) == 1 for x in reminders), (got, rows)  # a reminder never twice
    assert max(got.count(x) for x in got) <= 2  # resent once at most
    assert outbox(proc, "sent=0") == 0


async def test_commands_right_after_a_restart_wait_for_their_game(bot):
    """The bare skill 「查验 5」 in the first second after a restart is the seer's skill, not 「不是你的技能」;
    /报名 right behind /开局 finds the game /开局 is still opening."""
    proc, qq = bot
    t = await Table(qq, proc, 550, n=7, seed=1).ready()
    seer = t.player(t.seats_of("预言家")[0])
    for _ in range(3):
        proc.stop()
        await qq.close()
        proc.start()
        await proc.wait_ready(60)
        await qq.connect()
        mark = qq.mark()
        sent = time.monotonic()
        await qq.private_msg(seer, "查验 5")  # at once: the restore may not have reached the game
        answer = await t.pm_says(seer, "", mark)  # the result, then 「你今晚已经行动过」: taken as her skill
        print(f"\nmeasured: bare skill right after a restart answered in {time.monotonic() - sent:.2f} s")
        assert "查验结果" in answer.text or "已经行动过" in answer.text, answer.text
        assert to(qq, seer, "不是你的技能", mark) == []
    # a fresh group: /开局 and /报名 back to back, on a freshly started bot
    proc.stop()
    await qq.close()
    proc.start()
    await proc.wait_ready(60)
    await qq.connect()
    u = Table(qq, proc, 551, n=7, seed=1)
    u.setup_group()
    mark = qq.mark()
    await u.say(u.opener, "/开局 狼人杀")
    signup = await u.say(u.player(1), "/报名")
    await qq.wait_reaction(signup, WAIT)  # taken (a sign-up is acknowledged on the post)
    assert [s.text for s in qq.sent[mark:] if "没有进行中的游戏" in s.text] == []


async def test_a_pm_the_bot_cannot_answer_raises_nothing(bot):
    proc, qq = bot
    stranger = 5_550_001
    qq.friends.add(stranger)  # he can write to the bot; every answer is refused
    qq.refuse_private(stranger)
    mark = qq.mark()
    await qq.private_msg(stranger, "你好")
    await qq.private_msg(stranger, "/帮助")
    await until(lambda: len([r for r in qq.refused if r[1] == stranger]) >= 2, what="two refused replies")
    assert to(qq, stranger, "", mark) == []
    assert "Traceback" not in proc.log_text() and "ERROR" not in proc.log_text()


async def test_the_deal_is_drawn_at_start_and_a_fixed_seed_seats_nobody_who_knows_it(bot):
    """A judge who exports the game during sign-up and then plays cannot replay the deal; whoever fixes
    the seed may not sign up, and the game says it has a fixed seed."""
    from plugins.bansha.engine.core import Input
    from plugins.bansha.engine.game import Game, apply, registry

    proc, qq = bot
    deals = []
    for group in (560, 561):
        t = Table(qq, proc, group, n=7, seed=1)
        t.setup_group()
        s = await t.command(t.opener, "/开局 狼人杀", "开局（第")
        assert "种子" not in s.text
        t.gid = int(s.text.split("第 ")[1].split(" 局")[0])
        await t.join_all()
        seed = db_query(proc, "SELECT seed FROM bansha_game WHERE id=?", t.gid)[0][0]  # what an export showed
        await t.start()
        # the same seed and the same public sign-up order, without what /开始 drew
        game = Game.new(0, registry.get("狼人杀"), t.group, t.opener, seed, {})
        for p in t.players:
            apply(game, Input.make("join", p, 0, name=t.nick(p)))
        apply(game, Input.make("start", t.opener, 0))
        guess = {row.seat: row.role for row in game.rules.cast(game.state)}
        deals.append(guess == t.roles)
    assert deals != [True, True]  # (each matches by chance 1 in 1,260; both, 1 in 1.6 million)

    t = Table(qq, proc, 562, n=7, seed=7)
    await t.open()
    opening = [x.text for x in qq.sent if x.kind == "group" and x.target == t.group and "开局（第" in x.text][-1]
    assert "法官指定的种子" in opening and "种子=7" not in opening
    await t.command(t.opener, "/报名", "你开局时指定了种子")
    await t.join_all()
    await t.start()
    await t.command(t.opener, f"/法官 替补 1 @{t.opener}", "不能在这一局里有座位")
