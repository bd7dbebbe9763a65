"""/补发: what the bot could not deliver to me, sent again (service/outbox.py holds it until then)."""

from __future__ import annotations

from .. import table
from ..call import Call, service


@table.command("补发", who="玩家", summary="重发机器人没能送到你的私聊（身份、结果、提醒）")
async def resend(call: Call) -> str:
    svc = service()
    games = await call.games()
    # held messages of any game; those whose ack never came (they may have arrived) only of the games
    # still running: an old game's whole record must not come again
    n = await svc.outbox.delivery.release(call.user, uncertain_in=[g.gid for g in games])
    if not n:
        return "没有未送达给你的私聊。"
    where = "，请留意私聊" if call.in_group else ""
    hint = "；如果还是收不到，请先加机器人为好友" if call.in_group else ""
    return f"已重新发送 {n} 条没送到的私聊{where}{hint}。"
