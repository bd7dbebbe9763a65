"""The 未送达 page: what the bot could not deliver yet (service.undelivered), grouped by chat — the group, and
each seat's private messages — in seats and nicknames, with the QQ numbers a judge needs to reach a player."""

from __future__ import annotations

from typing import Any

from ..engine.core.phases import local_time
from ..engine.game import Game

STATE_LABEL = {
    "retrying": "重试中（暂时发不出去，机器人在自动重试）",
    "held": "已暂停（对方收不到：等他私聊机器人或发 /补发，或在这里补发）",
    "uncertain": "可能已送达（发送确认两次超时）",
}
KIND_LABEL = {"group": "群消息", "private": "私聊", "forward": "合并转发"}


def _chat(game: Game, u: Any) -> tuple[tuple[int, int, int], str, int]:
    """(sort key, title, seat) of the chat a message was for."""
    seat = u.seat or (game.seat_of(u.target) if u.kind != "group" else None) or 0
    if u.kind == "private" or seat:
        if seat:
            return (1, seat, u.target), f"{game.seat_name(seat)} 的私聊（QQ {u.target}）", seat
        return (2, 0, u.target), f"QQ {u.target} 的私聊", 0
    if u.target == game.group:
        return (0, 0, u.target), f"本群（群 {u.target}）", 0
    return (3, 0, u.target), f"群 {u.target}", 0


def grouped(game: Game, items: list[Any]) -> dict[str, Any]:
    chats: dict[tuple[int, int, int], dict[str, Any]] = {}
    for u in sorted(items, key=lambda u: (u.since, u.id)):
        key, title, seat = _chat(game, u)
        chat = chats.setdefault(key, {"title": title, "seat": seat, "target": u.target, "items": []})
        text = str(u.text)
        chat["items"].append({
            "id": u.id, "kind": KIND_LABEL.get(u.kind, u.kind), "text": text,
            "head": text.split("\n", 1)[0][:80], "long": len(text) > 80 or "\n" in text,
            "attempts": u.attempts, "error": str(u.error or "")[:200], "since": local_time(u.since, game.options),
            "state": STATE_LABEL.get(u.state, u.state), "state_key": u.state,
        })
    return {"chats": [chats[k] for k in sorted(chats)], "count": len(items)}
