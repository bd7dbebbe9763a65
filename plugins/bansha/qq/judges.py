"""Whose command is a judge's: judges are not throttled like flooders (issue 25).

A judge who types /开局, /开始 and two red cards within seconds must not lose the second card to the per-user
command budget, so his judge commands pay a budget of their own, a generous one that only stops a runaway
script (config: bansha_judge_burst / bansha_judge_interval).
"""

from __future__ import annotations

from nonebot.adapters.onebot.v11 import GroupMessageEvent
from nonebot.permission import SUPERUSER

from . import table
from .call import JUDGE_PERM, Call, current

JUDGES_ONLY = ("法官", "开局", "开始", "重开")  # the commands only a judge may use


async def judging(call: Call) -> bool:
    """A judge's own command: /法官 …, /开局, /开始 or /重开 from one of the game's judges, the group's owner or
    an admin, or a SUPERUSER. Anyone else typing them pays the ordinary budget (their refusals included)."""
    cmd = table.get(call.name) if call.name else None
    svc = current()
    if cmd is None or cmd.name not in JUDGES_ONLY or svc is None:
        return False
    event = call.event
    if isinstance(event, GroupMessageEvent):
        game = await svc.group_game(event.group_id)
        if game is not None and game.is_judge(call.user):
            return True
        return await JUDGE_PERM(call.bot, event)
    if await SUPERUSER(call.bot, event):
        return True
    return any(g.is_judge(call.user) for g in await call.games())
