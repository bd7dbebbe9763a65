"""The 导演台's 剧本 page (issue 28 item 2): every 剧本 found, an editor checked as the 导演 types, 保存 into the
剧本 folder, and a balance check played by the deduce agents.

- GET  scripts           the list and the editor (`?open=<名字>` loads one's text)
- POST scripts/check     the text's problems as JSON (line, field, text): the editor asks while the 导演 types
- POST scripts/save      writes <名字>.toml into the folder: only a text that checks clean, with a 名字 that is a
                         safe file name; a refusal shows the page again with the text kept
- POST scripts/balance   N ≤ 200 games off the event loop (a worker thread; one run per session, two at most in
                         all, a time limit), shown as faction win rates with 95% intervals

Every route needs a judge's session; each POST carries the session's CSRF token, as writes.py's forms do. A body is
read only as a urlencoded form and only up to MAX_BODY, so a hostile body is refused before anything parses it.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from nonebot.log import logger

from .. import scripts
from ..engine.game.script import MAX_PLAYERS, MAX_TEXT, Problem, Script, ScriptError
from .auth import Session
from .pages import SECURITY_HEADERS, render
from .web import Console, base, flash, need_login, page, refuse, session_of, small_int

MAX_NAME = 40  # characters of a 名字 saved as a file name
MAX_BODY = 12 * MAX_TEXT + 4096  # a full-length text of 4-byte characters, percent-encoded (3 × 4 bytes each)
MAX_FIELDS = 8
DEFAULT_GAMES, MAX_GAMES = 100, 200
BALANCE_SECONDS = 60.0  # a run stops here and shows the games it finished
MAX_RUNS = 2  # balance checks at once, over every session: the bot's own work comes first
SEED = 1  # the first game's seed (game i uses SEED + i, as `bansha script simulate`): a run can be repeated
UNSAFE = frozenset('/\\:*?"<>|')
SKELETON = """# 新剧本：改名字、人数、阵营和角色，下面会随时检查。每个键的意思见 docs/script.md。
name = "我的剧本"
summary = "一句话说明这个板子。"
rules = "狼人杀"
players = 6

[[faction]]
name = "好人"
win = "屠边"

[[faction]]
name = "狼人"
win = "屠边"

[[role]]
name = "狼人"
faction = "狼人"
count = 2
channel = "狼群"
skills = ["杀人", "自爆"]

[[role]]
name = "平民"
faction = "好人"
count = 2
skills = []

[[role]]
name = "预言家"
faction = "好人"
skills = ["查验"]

[[role]]
name = "女巫"
faction = "好人"
skills = ["灵药", "毒药"]
"""

_pool = ThreadPoolExecutor(max_workers=MAX_RUNS, thread_name_prefix="bansha-balance")
_running: set[str] = set()  # session ids with a balance check under way (a worker thread removes its own)


# --- what the routes share ---------------------------------------------------------------------------------


def folder(console: Console) -> Path | None:
    """BANSHA_SCRIPTS_DIR, else the bot's default (剧本/ in the plugin's data directory); None outside the bot."""
    raw = console.config.bansha_scripts_dir or console.scripts_home()
    return Path(raw) if raw else None


def file_problem(name: str) -> str:
    """Why this 名字 cannot be a file name in the 剧本 folder, or ""."""
    if not name.strip():
        return "名字是空的。"
    if len(name) > MAX_NAME:
        return f"名字太长（{len(name)} 字）：保存时用名字做文件名，最多 {MAX_NAME} 字。"
    if name != name.strip():
        return "名字前后不能有空格（保存时用名字做文件名）。"
    if name.startswith("."):
        return "名字不能以「.」开头（那样的文件是隐藏文件）。"
    if any(c in UNSAFE or ord(c) < 32 or ord(c) == 127 for c in name):
        return '名字里不能有 / \\ : * ? " < > | 或控制字符（保存时用名字做文件名）。'
    return ""


def problem_rows(problems: Any) -> list[dict[str, Any]]:
    return [{"line": p.line, "field": p.field, "text": p.text, "message": str(p)} for p in problems]


def verdict(text: str) -> tuple[Script | None, list[Problem]]:
    try:
        script, _, _ = scripts.load(text)
    except ScriptError as e:
        return None, e.problems
    return script, []


def checked(text: str) -> dict[str, Any]:
    """The check endpoint's answer: the problems, and for a clean text the file it would be saved as."""
    script, problems = verdict(text)
    out: dict[str, Any] = {"ok": script is not None, "name": None, "file": None, "note": "",
                           "problems": problem_rows(problems)}
    if script is None:
        return out
    out["name"] = script.name
    why = file_problem(script.name)
    if why:
        out["note"] = "合格，但不能保存：" + why
        return out
    lo, hi = script.players
    out["file"] = script.name + ".toml"
    out["note"] = f"合格：{script.family}，{lo if lo == hi else f'{lo}～{hi}'} 人。保存为 {out['file']}。"
    if shipped_twin(script.name):
        out["note"] += "它和机器人自带的剧本同名：保存后，开局用的是文件夹里的这个。"
    return out


def shipped_twin(name: str) -> scripts.Found | None:
    """The shipped 剧本 a folder file of this 名字 shadows (by design: the 导演's own comes first)."""
    return next((f for f in scripts.found(None) if f.name == name or f.path.stem == name), None)


def clean(text: str) -> str:
    return text.replace("\r\n", "\n")  # a browser's textarea sends CRLF; files keep the 导演's LF


async def read_form(request: Request) -> dict[str, str] | tuple[int, str, str]:
    """A small urlencoded form, or (status, why for the judge, why for the log): the body is read only up to
    MAX_BODY, and never parsed unless it is ASCII (as a urlencoded form is)."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/x-www-form-urlencoded":
        return 415, "请求格式不对：只接受导演台页面提交的表单。", f"content-type {kind[:40]!r}"
    declared = request.headers.get("content-length", "")
    too_big = (413, f"提交的内容太大（剧本最多 {MAX_TEXT} 字符）。", "body too large")
    if declared and (len(declared) > 9 or not declared.isdigit() or int(declared) > MAX_BODY):
        return too_big
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return too_big
    try:
        pairs = parse_qsl(body.decode("ascii"), keep_blank_values=True, max_num_fields=MAX_FIELDS,
                          encoding="utf-8", errors="strict")
    except ValueError:  # UnicodeDecodeError included: binary, or percent-escapes that are not UTF-8
        return 400, "提交的内容无法读取（不是导演台页面提交的表单）。", "unreadable body"
    form: dict[str, str] = {}
    for key, value in pairs:
        form.setdefault(key, value)
    return form


async def posted_form(console: Console, request: Request) -> tuple[Session, dict[str, str]] | tuple[int, str, str, int]:
    """A POST from a logged-in judge's page: (session, form), or (status, why, log line, qq) when refused."""
    session = await session_of(console, request)
    if session is None:
        return 401, "请先登录：在 QQ 里向机器人发送 /法官 控制台，打开私聊收到的链接。", "no session", 0
    form = await read_form(request)
    if isinstance(form, tuple):
        return (*form, session.qq)
    if not (await console.auth()).csrf_ok(session, form.get("csrf")):
        return 400, "请求无效：表单令牌缺失或错误（页面可能已过期，请刷新后重试）。", "csrf", session.qq
    return session, form


async def show(console: Console, request: Request, session: Session, text: str, status: int = 200,
               **extra: Any) -> Response:
    """The page: every 剧本 found, and the editor holding `text` (a refused save keeps the 导演's work)."""
    where = folder(console)
    every = await asyncio.to_thread(scripts.found, where)  # up to 200 files read and checked: off the loop
    rows = [{"name": f.name, "file": f.path.name, "shipped": f.shipped, "ok": f.ok,
             "problem": str(f.problems[0]) if f.problems else ""} for f in every]
    ctx = await base(console, request, session, None, "scripts")
    data = {"rows": rows, "folder": str(where) if where else "", "text": text, "problems": [], "message": "",
            "games": DEFAULT_GAMES, "max_games": MAX_GAMES, "players": "", "max_players": MAX_PLAYERS,
            "max_text": MAX_TEXT, "report": None, **extra}
    return page(render("scripts.html", **data, **ctx), status)


def _bad(console: Console, request: Request, got: tuple[int, str, str, int]) -> Response:
    status, message, why, qq = got
    return need_login(console, request) if status == 401 else refuse(console, request, message, why, status, qq)


# --- the balance check ---------------------------------------------------------------------------------------


def balance(text: str, players: int, games: int, stop: threading.Event, deadline: float) -> dict[str, Any]:
    """In a worker thread: `games` games of the 剧本 by the deduce agents, the report as the page shows it."""
    from ..engine.core.phases import parse_options
    from ..tools import sim  # (the agents are imported here, in the worker, on the first run)

    script, rules, options = scripts.load(text)
    base_options = parse_options(list(sim.SIM_DEFAULTS), rules.all_options())
    base_options.pop("种子", None)
    spec = sim.SimSpec(rules.key, players, tuple(sorted({**base_options, **options}.items())), "deduce", script.name)
    records = []
    for seed in range(SEED, SEED + games):
        if stop.is_set() or time.monotonic() > deadline:
            break
        records.append(sim.play_one(spec, seed))  # one game is bounded too (sim.MAX_STEPS)
    rep = sim.aggregate(spec, records, SEED)
    mine = tuple(script.factions)
    rows = [{"faction": f["faction"], "wins": f["wins"], "rate": f["rate"],
             "percent": f"{f['rate'] * 100:.1f}%", "ci": f"{f['ci95'][0] * 100:.1f}% ～ {f['ci95'][1] * 100:.1f}%"}
            for f in rep["factions"] if f["wins"] or f["faction"].startswith(mine)]  # not the game's other camps at 0
    return {"title": sim.title_of(rep), "agent": sim.AGENT_LABELS["deduce"], "wanted": games, "played": len(records),
            "completed": rep["completed"], "errors": len(rep["errors"]), "seeds": f"{SEED}…{SEED + max(0, len(records) - 1)}",
            "factions": rows, "text": sim.render_text(rep), "mean_days": rep["length"]["mean_days"],
            "timed_out": len(records) < games}


def _done(sid: str) -> Any:
    return lambda _future: _running.discard(sid)


# --- the routes ----------------------------------------------------------------------------------------------


def add(router: APIRouter, console: Console) -> None:
    p = console.prefix

    @router.get(p + "scripts")
    async def scripts_page(request: Request) -> Response:
        session = await session_of(console, request)
        if session is None:
            return need_login(console, request)
        name = request.query_params.get("open", "")[:300]
        if not name:
            return await show(console, request, session, SKELETON)
        found = await asyncio.to_thread(scripts.find, name, folder(console))
        if found is None:
            return await show(console, request, session, SKELETON, 404,
                              message=f"没有名为「{name[:40]}」的剧本：编辑器里是一个新剧本。")
        return await show(console, request, session, found.source, problems=problem_rows(found.problems),
                          message=f"已打开「{found.name}」（{'自带的剧本' if found.shipped else found.path.name}）。"
                          + ("自带的剧本改了之后保存到剧本文件夹，会遮住自带的那个。" if found.shipped else ""))

    @router.post(p + "scripts/check")
    async def check(request: Request) -> Response:
        got = await posted_form(console, request)
        if len(got) == 4:
            status, message, why, qq = got
            client = request.client.host if request.client else "?"
            logger.warning(f"bansha console: refused POST {request.url.path} from {client} qq={qq}: {why}"[:400])
            return JSONResponse({"error": message}, status, headers=SECURITY_HEADERS)
        _, form = got
        answer = await asyncio.to_thread(checked, clean(form.get("text", "")))
        return JSONResponse(answer, headers=SECURITY_HEADERS)

    @router.post(p + "scripts/save")
    async def save(request: Request) -> Response:
        got = await posted_form(console, request)
        if len(got) == 4:
            return _bad(console, request, got)
        session, form = got
        text = clean(form.get("text", ""))

        def again(message: str, status: int = 400, problems: Any = ()) -> Any:
            return show(console, request, session, text, status, message=message, problems=problem_rows(problems))

        where = folder(console)
        if where is None:
            return await again("没有保存：这个机器人没有设置剧本文件夹（BANSHA_SCRIPTS_DIR）。")
        if len(text) > MAX_TEXT:
            return await again(f"没有保存：剧本太长（{len(text)} 字符，最多 {MAX_TEXT}）。", 413)
        script, problems = await asyncio.to_thread(verdict, text)
        if script is None:
            return await again(f"没有保存：剧本还有 {len(problems)} 处问题（见下），改好后再保存。", problems=problems)
        why = file_problem(script.name)
        if why:
            return await again("没有保存：" + why)
        path = where / f"{script.name}.toml"
        try:
            existed = await asyncio.to_thread(write, where, path, text)
        except OSError as e:
            logger.warning(f"bansha console: {session.qq} could not save 剧本 {script.name!r} to {path}: {e!r}"[:400])
            return await again(f"没有保存：写不进剧本文件夹 {where}（{type(e).__name__}）。请检查这个文件夹的权限。", 503)
        logger.info(f"bansha console: {session.qq} saved 剧本 {script.name!r} to {path} ({len(text)} characters"
                    + (", replacing the file)" if existed else ")"))
        flash(console, session, f"已保存剧本「{script.name}」：{path}（{'替换了原来的文件' if existed else '新文件'}）。"
              f"在群里发 /开局 剧本 {script.name} 就能开这一局。")
        twin = await asyncio.to_thread(shipped_twin, script.name)
        if twin is not None:
            flash(console, session, f"注意：它和机器人自带的剧本「{twin.name}」同名，开局用的将是剧本文件夹里的这个"
                  "（导演的剧本优先于自带的；删掉文件夹里的文件就恢复自带的）。")
        others = [f.path.name for f in await asyncio.to_thread(scripts.found, where)
                  if not f.shipped and f.name == script.name and f.path != path]
        if others:
            flash(console, session, f"注意：剧本文件夹里的 {'、'.join(others[:3])} 也叫「{script.name}」，"
                  "开局时按文件名排在前面的那个算数。")
        return RedirectResponse(console.url("scripts?open=" + quote(script.name)), status_code=303,
                                headers=SECURITY_HEADERS)

    @router.post(p + "scripts/balance")
    async def balance_check(request: Request) -> Response:
        got = await posted_form(console, request)
        if len(got) == 4:
            return _bad(console, request, got)
        session, form = got
        text = clean(form.get("text", ""))
        raw_games, raw_players = form.get("games", "").strip(), form.get("players", "").strip()

        def again(message: str, status: int = 400, problems: Any = (), **extra: Any) -> Any:
            return show(console, request, session, text, status, message=message, problems=problem_rows(problems),
                        games=raw_games[:6] or DEFAULT_GAMES, players=raw_players[:6], **extra)

        script, problems = await asyncio.to_thread(verdict, text)
        if script is None:
            return await again(f"没有做平衡检查：剧本还有 {len(problems)} 处问题（见下），改好后再试。", problems=problems)
        games = DEFAULT_GAMES if not raw_games else small_int(raw_games, MAX_GAMES)
        if not games:
            return await again(f"没有做平衡检查：局数要是 1 到 {MAX_GAMES} 的整数。")
        lo, hi = script.players
        players = lo if not raw_players else small_int(raw_players, MAX_PLAYERS)
        if not lo <= players <= hi:
            return await again(f"没有做平衡检查：人数要在 {lo}～{hi} 之间（剧本写的人数）。" if lo != hi
                               else f"没有做平衡检查：这个剧本只能 {lo} 人玩。")
        if session.sid in _running:
            return await again("你已经有一个平衡检查在运行，请等它结束后再试。", 429)
        if len(_running) >= MAX_RUNS:
            return await again("导演台正在运行别人的平衡检查，请稍后再试（同时最多两个）。", 429)
        _running.add(session.sid)
        stop = threading.Event()
        started = time.monotonic()
        future = _pool.submit(balance, text, players, games, stop, started + BALANCE_SECONDS)
        future.add_done_callback(_done(session.sid))  # the session is free when the thread is, not the request
        try:
            report = await asyncio.wrap_future(future)
        except asyncio.CancelledError:  # the judge left the page: the thread stops after its current game
            stop.set()
            raise
        logger.info(f"bansha console: {session.qq} balance check of 剧本 {script.name!r}: {report['played']} of "
                    f"{games} games, {players} players, {time.monotonic() - started:.1f}s")
        if report["timed_out"]:
            message = (f"平衡检查到了时间上限（{BALANCE_SECONDS:.0f} 秒），只下完 {report['played']} 局；"
                       "下面是这几局的结果。想看更准的数字，请减少局数后分几次做。")
        else:
            message = f"平衡检查完成：{players} 人，{games} 局。"
        return await again(message, 200, report=report)


def write(where: Path, path: Path, text: str) -> bool:
    """Write the file whole or not at all (a temporary file renamed over it); whether one was there before."""
    where.mkdir(parents=True, exist_ok=True)
    existed = path.exists()
    fd, tmp = tempfile.mkstemp(dir=where, prefix=".", suffix=".tmp")  # hidden and not *.toml: never listed
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return existed
