"""导演台, issue 28 item 2: the 剧本 page. Every 剧本 listed (the shipped 9人预女猎白 among them); the editor's check
answers each problem's line and field; 保存 writes only a clean 剧本 with a safe 名字 into the 剧本 folder, with the
session's CSRF token; a hostile body is refused before it is parsed; the balance check plays N games off the event
loop and shows faction win rates that add up to 100%."""

from __future__ import annotations

import html as htmllib
import os
import re
import time
from pathlib import Path

import pytest
from consoleutil import World, client, csrf_of, login, make, wipe
from tortoise import Tortoise

from plugins.bansha import scripts
from plugins.bansha.console import scripts as page
from plugins.bansha.console.auth import COOKIE
from plugins.bansha.engine.game.script import MAX_TEXT
from plugins.bansha.service import Service

JUDGE = 7801
SHIPPED = "9人预女猎白"
SOURCE = (scripts.SHIPPED / f"{SHIPPED}.toml").read_text(encoding="utf-8")
FORM = {"Content-Type": "application/x-www-form-urlencoded"}


@pytest.fixture(scope="module")
async def db(tmp_path_factory):
    await Service.init_db(f"sqlite://{tmp_path_factory.mktemp('scripts') / 'scripts.sqlite3'}")
    yield
    await Tortoise.close_connections()


@pytest.fixture
async def env(db, tmp_path):
    await wipe()
    app, svc, con = make(World())
    folder = tmp_path / "剧本"  # not there yet: the first save creates it
    con.config.bansha_scripts_dir = str(folder)
    async with client(app) as c:
        yield con, c, folder


async def logged_in(c) -> str:
    await login(c, JUDGE)
    r = await c.get("/bansha/scripts")
    assert r.status_code == 200
    return csrf_of(r.text)


def renamed(name: str, source: str = SOURCE) -> str:
    return source.replace(f'name = "{SHIPPED}"', f'name = "{name}"', 1)


def files(folder: Path) -> list[str]:
    return sorted(os.listdir(folder)) if folder.exists() else []


async def test_a_logged_out_request_is_refused_and_changes_nothing(env):
    con, c, folder = env
    r = await c.get("/bansha/scripts")
    assert r.status_code == 401 and "请先登录" in r.text
    r = await c.post("/bansha/scripts/check", data={"text": SOURCE})
    assert r.status_code == 401 and "请先登录" in r.json()["error"]
    for path in ("save", "balance"):
        r = await c.post(f"/bansha/scripts/{path}", data={"text": renamed("偷偷写"), "csrf": "0" * 64})
        assert r.status_code == 401
    assert files(folder) == []


async def test_the_list_shows_every_script_and_the_editor_opens_one(env):
    con, c, folder = env
    await logged_in(c)
    home = await c.get("/bansha/")
    assert 'href="/bansha/scripts"' in home.text  # in the console's navigation
    r = await c.get("/bansha/scripts")
    row = re.search(r"<tr>\s*<td>9人预女猎白</td>(.*?)</tr>", r.text, re.S)
    assert row and "9人预女猎白.toml" in row.group(1) and "自带" in row.group(1) and "可开" in row.group(1)
    assert "<script>" not in r.text and "static/scripts.js" in r.text  # no inline script: the CSP allows none
    r = await c.get("/bansha/scripts", params={"open": SHIPPED})
    shown = htmllib.unescape(re.search(r"<textarea[^>]*>(.*?)</textarea>", r.text, re.S).group(1))
    assert r.status_code == 200 and shown == SOURCE
    r = await c.get("/bansha/scripts", params={"open": "没有这个"})
    assert r.status_code == 404 and "没有名为「没有这个」的剧本" in r.text


async def test_check_answers_the_line_and_field_of_each_problem(env):
    con, c, folder = env
    csrf = await logged_in(c)
    broken = SOURCE.replace("count = 3", "count = 0", 1)
    line = broken.splitlines().index("count = 0") + 1
    r = await c.post("/bansha/scripts/check", data={"text": broken, "csrf": csrf})
    got = r.json()
    assert r.status_code == 200 and got["ok"] is False and got["file"] is None
    assert [(p["line"], p["field"]) for p in got["problems"]] == [(line, "role[1].count")]
    assert f"第 {line} 行（role[1].count）" in got["problems"][0]["message"] and "count（数量）" in got["problems"][0]["text"]
    r = await c.post("/bansha/scripts/check", data={"text": SOURCE.replace("\n", "\r\n"), "csrf": csrf})
    got = r.json()
    assert got["problems"] == [] and got["ok"] is True and got["file"] == f"{SHIPPED}.toml" and "同名" in got["note"]
    r = await c.post("/bansha/scripts/check", data={"text": renamed("../逃出去"), "csrf": csrf})
    assert r.json()["ok"] is True and r.json()["file"] is None and "不能保存" in r.json()["note"]
    r = await c.post("/bansha/scripts/check", data={"text": SOURCE})  # no CSRF token
    assert r.status_code == 400 and "表单令牌" in r.json()["error"]
    assert "no-store" in r.headers["Cache-Control"]


async def test_save_writes_a_clean_script_into_the_folder_and_refuses_the_rest(env, caplog):
    con, c, folder = env
    csrf = await logged_in(c)
    text = renamed("测试九人")
    r = await c.post("/bansha/scripts/save", data={"text": text.replace("\n", "\r\n"), "csrf": csrf})
    assert r.status_code == 303 and r.headers["location"].startswith("/bansha/scripts?open=")
    saved = folder / "测试九人.toml"
    assert saved.read_text(encoding="utf-8") == text  # the 导演's LF kept, whatever the browser sent
    r = await c.get(r.headers["location"])
    assert "已保存剧本「测试九人」" in r.text and "新文件" in r.text
    found = scripts.find("测试九人", folder)
    assert found is not None and found.ok and not found.shipped
    assert re.search(r"<td>测试九人</td><td>测试九人.toml</td><td>剧本文件夹</td>", r.text)
    # saving again replaces it; a folder file of a shipped 剧本's 名字 is allowed, and said to shadow it
    r = await c.post("/bansha/scripts/save", data={"text": text, "csrf": csrf})
    assert "替换了原来的文件" in (await c.get(r.headers["location"])).text
    r = await c.post("/bansha/scripts/save", data={"text": SOURCE, "csrf": csrf})
    assert r.status_code == 303 and "同名" in (await c.get(r.headers["location"])).text
    assert scripts.find(SHIPPED, folder).shipped is False
    before = {name: (folder / name).read_bytes() for name in files(folder)}

    dirty = renamed("坏剧本").replace("count = 3", "count = 0", 1)
    refused = {
        "dirty": (dirty, 400, "还有 1 处问题"),
        "up": (renamed("../逃出去"), 400, "不能以「.」开头"),
        "path": (renamed("子目录/逃出去"), 400, "不能有 /"),
        "backslash": (renamed("a\\\\b"), 400, "不能有 /"),
        "dot": (renamed(".隐藏"), 400, "不能以「.」开头"),
        "long": (renamed("长" * 41), 400, "名字太长"),
        "too much": (renamed("太长了") + "#" * MAX_TEXT, 413, "剧本太长"),
    }
    for why, (body, status, said) in refused.items():
        r = await c.post("/bansha/scripts/save", data={"text": body, "csrf": csrf})
        assert r.status_code == status and said in r.text, why
        if status == 400:  # the 导演's text comes back in the editor
            assert htmllib.unescape(re.search(r"<textarea[^>]*>(.*?)</textarea>", r.text, re.S).group(1)) == body
    r = await c.post("/bansha/scripts/save", data={"text": renamed("没有令牌")})
    assert r.status_code == 400 and "表单令牌" in r.text
    r = await c.post("/bansha/scripts/save", data={"text": renamed("错的令牌"), "csrf": "0" * 64})
    assert r.status_code == 400
    assert {name: (folder / name).read_bytes() for name in files(folder)} == before
    assert not (folder.parent / "逃出去.toml").exists() and not (folder / "子目录").exists()


async def test_a_hostile_body_is_refused_quickly(env):
    con, c, folder = env
    csrf = await logged_in(c)
    junk = os.urandom(1 << 20)

    async def chunks():
        for i in range(0, len(junk), 1 << 16):
            yield junk[i:i + (1 << 16)]

    for path in ("check", "save", "balance"):
        url = f"/bansha/scripts/{path}"
        started = time.monotonic()
        assert (await c.post(url, content=junk, headers=FORM)).status_code == 413
        assert (await c.post(url, content=chunks(), headers=FORM)).status_code == 413  # no Content-Length
        assert (await c.post(url, content=junk[:2000], headers=FORM)).status_code == 400  # binary
        assert (await c.post(url, content=b"csrf=" + csrf.encode() + b"&text=%FF%FE", headers=FORM)).status_code == 400
        assert (await c.post(url, files={"text": ("x.toml", junk[:1000])})).status_code == 415  # multipart
        assert (await c.post(url, content=b"&".join(b"a=%d" % i for i in range(50)), headers=FORM)).status_code == 400
        assert time.monotonic() - started < 2.0, path
    assert files(folder) == []


async def test_the_balance_check_shows_win_rates_that_add_up(env, monkeypatch):
    con, c, folder = env
    csrf = await logged_in(c)
    r = await c.post("/bansha/scripts/balance", data={"text": SOURCE, "csrf": csrf, "games": "20"})
    assert r.status_code == 200 and "平衡检查完成：9 人，20 局" in r.text, r.text[-2000:]
    rates = [float(x) for x in re.findall(r'data-rate="([0-9.]+)"', r.text)]
    assert rates and abs(sum(rates) - 1.0) < 0.01
    assert "95% 置信区间" in r.text and "好人阵营" in r.text and "狼人阵营" in r.text
    assert htmllib.unescape(re.search(r"<textarea[^>]*>(.*?)</textarea>", r.text, re.S).group(1)) == SOURCE
    assert files(folder) == []  # a balance check saves nothing

    for games, said in (("0", "局数要是 1 到 200"), ("201", "局数要是 1 到 200"), ("9" * 400, "局数要是 1 到 200")):
        r = await c.post("/bansha/scripts/balance", data={"text": SOURCE, "csrf": csrf, "games": games})
        assert r.status_code == 400 and said in r.text
    r = await c.post("/bansha/scripts/balance", data={"text": SOURCE, "csrf": csrf, "players": "12"})
    assert r.status_code == 400 and "只能 9 人玩" in r.text
    r = await c.post("/bansha/scripts/balance", data={"text": SOURCE.replace("count = 3", "count = 0"), "csrf": csrf})
    assert r.status_code == 400 and "还有 1 处问题" in r.text

    # one run per session, two in all; and a run stops at its time limit with what it finished
    sid = (await con.auth()).signed(c.cookies.get(COOKIE)).sid
    monkeypatch.setattr(page, "_running", {sid})
    r = await c.post("/bansha/scripts/balance", data={"text": SOURCE, "csrf": csrf, "games": "5"})
    assert r.status_code == 429 and "已经有一个平衡检查在运行" in r.text
    monkeypatch.setattr(page, "_running", {"a", "b"})
    r = await c.post("/bansha/scripts/balance", data={"text": SOURCE, "csrf": csrf, "games": "5"})
    assert r.status_code == 429 and "同时最多两个" in r.text
    monkeypatch.setattr(page, "_running", set())
    monkeypatch.setattr(page, "BALANCE_SECONDS", 0.0)
    r = await c.post("/bansha/scripts/balance", data={"text": SOURCE, "csrf": csrf, "games": "5"})
    assert r.status_code == 200 and "到了时间上限" in r.text and "一局也没有下完" in r.text
    assert page._running == set()  # the worker freed the session
