"""导演台 against the real bot process: the link by PM, the forms reach the group through the same
inputs as /法官, refusals change nothing (the real-browser test is tests/test_console_browser.py)."""

from __future__ import annotations

import re

import httpx
import pytest
from secutil import Table, start_bot, stop_bot

pytestmark = pytest.mark.e2e
LINK = re.compile(r"(http://\S+/bansha/login\?t=\S+)")


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
