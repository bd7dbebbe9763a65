"""AI seats from QQ: /法官 加入AI [数量] · 移除AI <座位> at sign-up, and `/法官 替补 <座位> AI` mid-game
(the 替补 sub-command of judge.py hands that form over to `substitute`). Each builds the input of
engine/parts/aiseats.py; the 导演台 runs the same sub-commands. The bot owner's BANSHA_AI=false refuses them all."""

from __future__ import annotations

from nonebot import get_plugin_config

from ...ai.settings import AiConfig, AiSettings, configure, current
from ...config import Config
from ...engine.core import Input, Refusal
from ...engine.core.skills import decimal
from ...engine.game import SIGNUP, Game
from ...engine.parts.aiseats import ai_seats, seat_input
from .. import table
from ..call import JudgeCall

configure(AiSettings.of(get_plugin_config(AiConfig), get_plugin_config(Config).bansha_clock_scale))

OFF = "这个机器人的主人关闭了 AI 座位（BANSHA_AI=false）。"


def _enabled() -> None:
    if not current().enabled:
        raise Refusal(OFF)


@table.judge_command("加入AI", usage="[数量]", summary="报名阶段加入 AI 座位（默认 1 个）；AI 只凭自己座位的信息行动")
async def _add(j: JudgeCall, rest: list[str]) -> Input:
    _enabled()
    count = decimal(rest[0].rstrip("个")) if rest else 1
    if count is None:
        raise Refusal("用法：/法官 加入AI [数量]，例如 /法官 加入AI 3")
    return seat_input("add", j.call.user, j.call.now(), count=count)


@table.judge_command("移除AI", usage="<座位>", summary="报名阶段移除一个 AI 座位")
async def _remove(j: JudgeCall, rest: list[str]) -> Input:
    if not rest:
        raise Refusal("用法：/法官 移除AI <座位号>")
    return seat_input("remove", j.call.user, j.call.now(), target=rest[0])


def substitute(j: JudgeCall, target: str) -> Input:
    """/法官 替补 <座位> AI: an AI takes the seat (its role, statuses and pending actions)."""
    _enabled()
    return seat_input("take", j.call.user, j.call.now(), target=target)


def status_line(game: Game) -> str:
    """/状态: which seats an AI plays (their names carry 【AI】 too)."""
    seats = ai_seats(game)
    if not seats:
        return ""
    if game.status == SIGNUP:
        return f"其中 AI 座位 {len(seats)} 个（法官 /法官 移除AI <座位> 可移除）"
    return "AI 座位：" + "、".join(f"{s}号" for s in seats) + "（由机器人代为行动，只凭自己座位的信息）"
