"""Team channels: a seat may sit in several, each with a name it types (`/队聊 <频道> <内容>`).

纳塔 has the 狼群, the 御主's 英灵群 ("与御主共群"), 灵魂链接 pairs ("结算目标永久共群") and 虚情情侣; a 狼人杀
wolf may also be a lover. The ruleset says which channels a seat is in now (`Ruleset.channels`); this module
picks the one a message is for. Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from . import Refusal

Ruleset = Any  # the ruleset (game/ruleset.py), a layer above: named, typed Any (no import back up)

WOLF_ALIAS = "狼聊"  # /狼聊: with several channels, the one whose name has 狼 in it


@dataclass(frozen=True)
class Channel:
    key: str  # unique in the game: the audience's team, what the leak audit checks (e.g. "共群:3,5")
    name: str  # what the seat types, unique among its own channels (e.g. "共群", or "共群5号" with two links)
    members: tuple[int, ...]  # who reads it, the sender included


def listing(channels: list[Channel]) -> str:
    return "、".join(ch.name for ch in channels)


def pick(rules: Ruleset, state: Any, seat: int, text: str, alias: str = "") -> tuple[Channel, str]:
    """The channel a message is for, and the message without the channel's name.

    The first word names a channel when it is one of the seat's; a name of the game's other channels
    (or one of its numbered forms) is refused; otherwise the seat must have exactly one channel, or
    have typed /狼聊 and be in exactly one wolf channel."""
    channels = rules.channels(state, seat)
    if not channels:
        raise Refusal(rules.chat_refusal(state, seat) or "你没有可以聊天的队伍频道。")
    parts = re.split(r"\s+", text.strip(), maxsplit=1)
    first, rest = parts[0], (parts[1] if len(parts) > 1 else "")
    for ch in channels:
        if first == ch.name:
            return ch, rest
    if first and any(first.startswith(name) for name in rules.channel_names):
        raise Refusal(f"你不在「{first[:12]}」频道中。你的队伍频道：{listing(channels)}。")
    if len(channels) == 1:
        return channels[0], text
    if alias == WOLF_ALIAS:
        wolves = [ch for ch in channels if "狼" in ch.name]
        if len(wolves) == 1:
            return wolves[0], text
    raise Refusal(f"你有 {len(channels)} 个队伍频道：{listing(channels)}。请写明发到哪一个：/队聊 <频道> <内容>。")


def help_line(channels: list[Channel], seat: int) -> str:
    """/身份's line: each channel with the others in it."""
    parts = []
    for ch in channels:
        others = "、".join(f"{m}号" for m in ch.members if m != seat) or "暂无其他人"
        parts.append(f"{ch.name}（{others}）")
    how = "/队聊 <内容>" if len(channels) == 1 else "/队聊 <频道> <内容>"
    return f"队伍频道：{'；'.join(parts)}。发送 {how}。"
