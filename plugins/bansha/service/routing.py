"""From a game's events to concrete sends: which chat each message goes to, as what.

One input says at most one group message (engine/views/posts.py composes it), plus a forward, a mute or a
reaction; private audiences (a seat, a team, the dead, a spectator) become one private message per QQ.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..engine.core import Event, Mute, own_post
from ..engine.game import Game
from ..engine.game.pictures import images_of
from ..engine.parts.aiseats import humans_only
from ..engine.views.posts import compose
from .outbox import merge_data


@dataclass(frozen=True)
class Origin:
    """Where an input came from, so replies go back there."""

    kind: str  # "group" | "private"
    user_id: int
    group_id: int = 0
    label: str = ""  # how to address the sender in a group reply
    message_id: int = 0  # the QQ message (a vote typed in the group is acknowledged on it)


def route(game: Game, events: list[Event], origin: Origin | None) -> list[tuple]:
    """Audiences → concrete sends (kind, target, temp group, text, data): one input says at most one
    group message (engine/views/posts.py composes it), plus a forward, a mute or a reaction; data carries
    the boards to draw (engine/game/pictures.py) unless the game's option 图片=关."""
    out: list[tuple] = []
    pictures = game.options.get("图片", True) is not False
    for ev in compose(game, events):
        a = ev.audience
        data = {"images": images_of(ev.data)} if pictures and images_of(ev.data) else None
        flags = {"remind": True} if ev.tag == "remind" else None  # never sent twice (service/outbox.py)
        if flags:
            data = {**(data or {}), **flags}
        if isinstance(ev.effect, Mute):
            out.append(("ban", game.group, None, f"{ev.effect.qq}:{ev.effect.seconds}", None))
        elif own_post(ev) and origin is not None and origin.kind == "group" and origin.message_id:
            progress = dict(ev.data).get("progress", "")
            out.append(("react", game.group, None, json.dumps(
                {"message_id": origin.message_id, "progress": progress}, ensure_ascii=False), None))
        elif a.kind == "group":
            kind = "forward" if dict(ev.data).get("forward") else "group"
            out.append((kind, game.group, None, ev.text, data))
        elif a.kind == "seat":
            out.append(("private", game.qq_of(a.seat), game.group, ev.text, flags))
        elif a.kind in ("team", "dead"):
            for m in a.members:
                out.append(("private", game.qq_of(m), game.group, ev.text, flags))
        elif a.kind == "user":
            out.append(("private", a.seat, game.group, ev.text, flags))
        elif a.kind == "spectator":  # members are QQ numbers (engine/parts/social.py)
            for qq in a.members:
                out.append(("private", qq, game.group, ev.text, data))
        elif a.kind == "reply" and origin is not None:
            if origin.kind == "group":
                prefix = f"{origin.label}：" if origin.label else ""
                out.append(("group", origin.group_id, None, prefix + ev.text, None))
            else:
                out.append(("private", origin.user_id, game.group, ev.text, None))
        # "judge" events are the record, published at the end
    return _one_group_message(humans_only(out))


def _one_group_message(rows: list[tuple]) -> list[tuple]:
    """An input's plain group messages (its post, a reply addressed by name) as one message, pictures kept."""
    firsts: dict[int, int] = {}
    out: list[tuple] = []
    for kind, target, group_id, text, data in rows:
        if kind == "group" and target in firsts:
            k = firsts[target]
            out[k] = (kind, target, group_id, out[k][3] + "\n" + text, merge_data(out[k][4], data))
            continue
        if kind == "group":
            firsts[target] = len(out)
        out.append((kind, target, group_id, text, data))
    return out
