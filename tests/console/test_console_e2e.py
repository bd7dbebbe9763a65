"""导演台 against the real bot process: the link by PM, the forms reach the group through the same
inputs as /法官, refusals change nothing (the real-browser test is tests/console/test_console_browser.py)."""

from __future__ import annotations

import re

import httpx
import pytest
from consoleutil import LINK, check_against_the_group, told_in_group
from secutil import Table, start_bot, stop_bot

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
async def bot():
    proc, qq = await start_bot()
    yield proc, qq
    await stop_bot(proc, qq)


async def link_for(t: Table, who: int, *, pm: bool = True) -> str:
    s = await t.command(who, "/法官 控制台", "导演台登录链接", pm=pm, to=who)
    m = LINK.search(s.text)
    assert m, s.text
    return m.group(1)


async def logged_in(proc, link: str) -> httpx.AsyncClient:
    c = httpx.AsyncClient(base_url=f"http://127.0.0.1:{proc.port}", timeout=10)
    path = link.split(f":{proc.port}", 1)[1]
    r = await c.get(path)
    assert r.status_code == 200 and "进入导演台" in r.text, r.text
    r = await c.post("/bansha/login", data={"t": path.split("t=", 1)[1]},
                     headers={"Origin": f"http://127.0.0.1:{proc.port}"})  # as a browser posts it
    assert r.status_code == 303
    return c


def csrf(html: str) -> str:
    return re.search(r'name="csrf" value="([0-9a-f]+)"', html).group(1)  # type: ignore[union-attr]


async def test_link_by_pm_forms_reach_the_group_and_refusals_change_nothing(bot):
    proc, qq = bot
    t = await Table(qq, proc, group=8801, n=9, seed=3).ready()
    # the link goes by PM only; in the group the judge is told so, and a player is refused
    mark = qq.mark()
    await t.say(t.opener, "/法官 控制台")
    await t.group_says("导演台登录链接已私聊发送", mark)
    pm = await t.pm_says(t.opener, "导演台登录链接", mark)
    assert not [s for s in qq.sent[mark:] if s.kind == "group" and "login" in s.text]
    await t.command(t.player(1), "/法官 控制台", "只有法官")
    link = LINK.search(pm.text).group(1)  # type: ignore[union-attr]

    c = await logged_in(proc, link)
    base = f"/bansha/game/{t.gid}"
    try:
        r = await c.get(base)
        assert all(role in r.text for role in t.roles.values())
        page = await c.get(base + "/controls")
        token = csrf(page.text)
        # a 黄牌 from the form: the same group post as `/法官 黄牌 3 发言违规`
        mark = qq.mark()
        r = await c.post(base + "/judge", data={"csrf": token, "sub": "黄牌", "target": "3", "reason": "发言违规"})
        assert r.status_code == 303
        await t.group_says(f"{t.seat_name(3)} 获得黄牌：发言违规", mark)
        page = await c.get(base + "/controls")
        assert "已执行：/法官 黄牌 3 发言违规" in page.text
        args = proc_inputs(proc, t.gid)[-1]
        assert args == ("judge", t.opener, {"sub": "黄牌", "target": "3", "reason": "发言违规"})
        # a refused one is told on the page and changes nothing
        before = t.db()
        await c.post(base + "/judge", data={"csrf": token, "sub": "黄牌", "target": "42", "reason": "x"})
        assert "没有生效：找不到这名玩家" in (await c.get(base + "/controls")).text
        # no CSRF token: refused, nothing changed
        r = await c.post(base + "/judge", data={"sub": "红牌", "target": "3"})
        assert r.status_code == 400
        assert t.db() == before
        # 提醒 from the pending page reaches only the seat that owes an action
        owes = re.findall(r'id="owe-(\d+)"', (await c.get(base + "/pending")).text)
        assert owes, "somebody owes a night action"
        seat = int(owes[0])
        mark = qq.mark()
        await c.post(base + "/judge", data={"csrf": token, "sub": "提醒", "target": str(seat), "back": "pending"})
        await t.pm_says(t.player(seat), "提醒：本阶段你还有未提交的", mark)
        await t.settle()
        assert not [s for s in qq.sent[mark:] if s.kind == "group"]
    finally:
        await c.aclose()

    # a judge who also plays: the link works, the game does not open
    await t.command(t.opener, f"/法官 添加法官 {t.player(2)}", "已添加法官")
    c = await logged_in(proc, await link_for(t, t.player(2)))
    try:
        r = await c.get(base)
        assert r.status_code == 403 and "参加了这局游戏" in r.text
        assert not any(role in r.text for role in set(t.roles.values()))
        assert f"第 {t.gid} 局" not in (await c.get("/bansha/")).text
    finally:
        await c.aclose()
    assert "bansha console: refused GET" in proc.log_text()


def proc_inputs(proc, gid: int) -> list[tuple]:
    import json

    from secutil import input_rows

    return [(kind, actor, json.loads(args)) for _seq, kind, actor, args, _src in input_rows(proc, gid)]


async def console_for(t_or_qq, proc, who: int, group: int) -> httpx.AsyncClient:
    """A logged-in 导演台 client for `who` (a judge), through the link /法官 控制台 sends by PM."""
    qq = t_or_qq
    mark = qq.mark()
    await qq.private_msg(who, "/法官 控制台")
    said = await qq.wait_for(lambda s: s.target == who and "导演台登录链接" in s.text, 20, mark)
    return await logged_in(proc, LINK.search(said.text).group(1))  # type: ignore[union-attr]


async def test_the_vote_record_matches_every_count_the_group_was_told(bot):
    """A 9-player 狼人杀 with a 警长 election played to its end through the bot; then every count posted in the
    group, and every ballot its 票型 counted, is on the 导演台's votes page (tests/console/test_console_votes.py)."""
    from consoleutil import calm
    from mirror import Mirror
    from secutil import SUPERUSER

    from plugins.bansha.engine.game import registry

    proc, qq = bot
    group = 8831
    players = [group * 100 + i for i in range(1, 10)]
    qq.add_group(group, {SUPERUSER: "法官"} | {p: f"玩家{p % 100}" for p in players}, owner=SUPERUSER)
    qq.friends.update(players)
    m = Mirror(qq, registry.get("werewolf"), group, SUPERUSER, players, 23, {"节奏": "快速", "警长": "开"})
    await m.open()
    await m.join_all()
    await m.start()
    await m.play(agent=calm)
    assert m.unexpected_group_posts() == []
    posts = qq.group_texts(group)
    assert len(told_in_group(posts)) >= 4
    c = await console_for(qq, proc, SUPERUSER, group)
    try:
        page = (await c.get(f"/bansha/game/{m.game.gid}/votes")).text
    finally:
        await c.aclose()
    heads = [r["head"] for r in check_against_the_group(page, posts)]
    assert "第 1 天 · 警长投票" in heads and "第 1 天 · 警长投票（第 2 轮）" in heads, heads


async def test_removing_a_judge_in_qq_ends_his_console_session(bot):
    proc, qq = bot
    t = await Table(qq, proc, group=8832, n=9, seed=3).ready()
    await t.command(t.opener, f"/法官 添加法官 {t.added}", "已添加法官")
    c = await logged_in(proc, await link_for(t, t.added))
    try:
        assert (await c.get(f"/bansha/game/{t.gid}")).status_code == 200
        await t.command(t.opener, f"/法官 移除法官 {t.added}", "移除")
        r = await c.get("/bansha/")
        assert r.status_code == 401 and "请先登录" in r.text  # every page, at once
    finally:
        await c.aclose()


async def test_confirmed_controls_and_hostile_form_words_through_the_real_parser(bot):
    """推进 acts only when confirmed for the phase shown; words no command can take (a 4,000-digit target, a
    QQ of Unicode digits) are refused on the page, never an error in the bot's log."""
    proc, qq = bot
    t = await Table(qq, proc, group=8833, n=9, seed=3).ready()
    c = await logged_in(proc, await link_for(t, t.opener))
    base = f"/bansha/game/{t.gid}"
    try:
        token = csrf((await c.get(base + "/controls")).text)
        before = t.db()
        r = await c.post(base + "/judge", data={"csrf": token, "sub": "推进", "back": "controls"})
        assert r.status_code == 200 and "<code>/法官 推进</code>" in r.text
        phase = re.search(r'name="phase" value="(\d+)"', r.text).group(1)  # type: ignore[union-attr]
        assert t.db() == before  # one tap did nothing
        mark = qq.mark()
        r = await c.post(base + "/judge", data={"csrf": token, "sub": "推进", "confirm": "1", "phase": phase})
        assert r.status_code == 303
        await t.group_says("【", mark)
        assert t.db().phase_no != before.phase_no
        # hostile words: each refused on the page, nothing logged as an error
        before = t.db()
        for data in ({"sub": "黄牌", "target": "9" * 4000, "reason": "x"}, {"sub": "黄牌", "target": "1" * 25},
                     {"sub": "替补", "target": "3", "qq": "²³⁴⁵⁶"}, {"sub": "替补", "target": "3", "qq": "9" * 4000},
                     {"sub": "代投", "target": "-1", "vote": "9" * 300}, {"sub": "延长", "duration": "9" * 500},
                     {"sub": "提醒", "target": "\x00"}, {"sub": "裁定", "ruling": "9" * 40, "result": "正确"}):
            r = await c.post(base + "/judge", data={"csrf": token, **data})
            assert r.status_code == 303, data
            page = (await c.get(base + "/controls")).text
            assert "没有生效" in page, (str(data)[:30], re.findall(r"class=\"flash\">([^<]*)", page))
        assert t.db() == before
    finally:
        await c.aclose()
    log = proc.log_text()
    assert "Traceback" not in log and "[ERROR]" not in log, proc.log_tail()


async def test_the_uncard_control_runs_the_real_command(bot):
    """撤牌 from the 导演台 (issue 25 item 1): confirmed, it is the same command as typed in QQ."""
    proc, qq = bot
    t = await Table(qq, proc, group=8834, n=9, seed=3).ready()
    await t.command(t.opener, "/法官 黄牌 3 发言违规", "获得黄牌")
    c = await logged_in(proc, await link_for(t, t.opener))
    base = f"/bansha/game/{t.gid}"
    try:
        token = csrf((await c.get(base + "/controls")).text)
        r = await c.post(base + "/judge", data={"csrf": token, "sub": "撤牌", "target": "3", "card": "黄牌",
                                                "reason": "误判"})
        phase = re.search(r'name="phase" value="(\d+)"', r.text).group(1)  # type: ignore[union-attr]
        mark = qq.mark()
        r = await c.post(base + "/judge", data={"csrf": token, "sub": "撤牌", "target": "3", "card": "黄牌",
                                                "reason": "误判", "confirm": "1", "phase": phase})
        assert r.status_code == 303
        post = await t.group_says(t.seat_name(3), mark)
        assert "撤" in post.text
        assert "已执行：/法官 撤牌 3 黄牌 误判" in (await c.get(base + "/controls")).text
    finally:
        await c.aclose()
