"""The 导演台's forms: /法官 commands (with a confirmation step for the ones a mis-tap must not fire), notes,
and resending what the bot could not deliver. Each is a POST on a game the judge may open, with the
session's CSRF token (web.posted); the result, or why nothing happened, is shown on the next page."""

from __future__ import annotations

import time

from fastapi import APIRouter, Request
from fastapi.responses import Response
from nonebot.log import logger

from ..engine.core import Refusal
from ..models import ConsoleNote
from ..service import DatabaseUnavailable
from . import views
from .auth import revoke
from .pages import render
from .web import Console, back, base, flash, page, posted, small_int, tab_of

MAX_ROW = 2**63 - 1  # outbox ids and QQ/group numbers fit a 64-bit integer


def add(router: APIRouter, console: Console) -> None:
    p = console.prefix

    @router.post(p + "game/{gid}/judge")
    async def judge(request: Request, gid: str) -> Response:
        got = await posted(console, request, gid)
        if isinstance(got, Response):
            return got
        session, game, form = got
        tab = tab_of(form)
        if console.judge_input is None:
            flash(console, session, "法官命令表单尚未接通。")
            return back(console, game, tab)
        words = views.judge_words(form)
        sub = words[0]
        problem = views.field_problem(form)
        if problem:
            flash(console, session, f"没有生效（/法官 {sub}）：{problem}")
            return back(console, game, tab)
        if sub in views.CONFIRM:
            if form.get("confirm") != "1":
                ctx = await base(console, request, session, game, tab)
                return page(render("confirm.html", command="/法官 " + " ".join(words), why=views.CONFIRM[sub],
                                   fields=views.judge_fields(form), phase=game.phase_no, back_tab=tab, **ctx))
            if str(form.get("phase", "")) != str(game.phase_no):
                flash(console, session, f"没有执行 /法官 {' '.join(words)}：确认之后阶段已经变了，请看清现在的阶段后重新操作。")
                return back(console, game, tab)
        try:
            inp = await console.judge_input(game, session.qq, words)
            events = await console.store.service.submit(game.gid, inp)
        except Refusal as r:
            logger.info(f"bansha console: {session.qq} /法官 {' '.join(words)} refused: {r.message}")
            flash(console, session, "没有生效：" + r.message)
        except DatabaseUnavailable:
            flash(console, session, "数据库暂时不可用，这条命令没有生效，请稍后重试。")
        except (ValueError, OverflowError) as e:  # words no parser of the command could read (a 4,000-digit QQ)
            logger.warning(f"bansha console: {session.qq} /法官 {sub}: unreadable words ({type(e).__name__})")
            flash(console, session, f"没有生效：看不懂填写的内容，请检查后重试（/法官 {sub}）。")
        else:
            logger.info(f"bansha console: {session.qq} /法官 {' '.join(words)} (game {game.gid})")
            if inp.kind == "judge" and inp.arg("sub") == "移除法官":
                await revoke(int(inp.arg("qq", 0)))  # his open 导演台 sessions end now
            replies = [e.text for e in events if e.audience.kind == "reply"
                       or (e.audience.kind == "user" and e.audience.seat == session.qq)]  # e.g. 已裁定 #1
            flash(console, session, "已执行：/法官 " + " ".join(words) + ("。" + " ".join(replies) if replies else ""))
        return back(console, game, tab)

    @router.post(p + "game/{gid}/notes")
    async def notes(request: Request, gid: str) -> Response:
        got = await posted(console, request, gid)
        if isinstance(got, Response):
            return got
        session, game, form = got
        text = str(form.get("text", ""))[:20000]
        await ConsoleNote.update_or_create(defaults={"text": text, "by": session.qq, "at": time.time()},
                                           game_id=game.gid)
        flash(console, session, "笔记已保存（只保存在数据库里，不会发送给任何人）。")
        return back(console, game, "controls")

    @router.post(p + "game/{gid}/resend")
    async def resend(request: Request, gid: str) -> Response:
        """Put undelivered messages back in the queue now: one (`id`) or all of one chat (`target`)."""
        got = await posted(console, request, gid)
        if isinstance(got, Response):
            return got
        session, game, form = got
        tab = tab_of(form, "undelivered")
        service = console.store.service
        missing = await console.store.undelivered(game.gid)
        if missing is None or getattr(service, "resend", None) is None:
            flash(console, session, "这个版本的机器人还不能补发消息。")
            return back(console, game, tab)
        one, target = small_int(form.get("id"), MAX_ROW), small_int(form.get("target"), MAX_ROW)
        if one and one in {u.id for u in missing}:
            n = await service.resend(game.gid, ids=[one])
        elif not one and target and target in {u.target for u in missing}:
            n = await service.resend(game.gid, target=target)
        else:
            flash(console, session, "没有补发：这条消息已经送达，或者不属于这局游戏。")
            return back(console, game, tab)
        logger.info(f"bansha console: {session.qq} resent {n} message(s) of game {game.gid}"
                    + (f" (row {one})" if one else f" (to {target})"))
        flash(console, session, f"已重新排队补发 {n} 条消息，机器人会立刻再试。")
        return back(console, game, tab)
