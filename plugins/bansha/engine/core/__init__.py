"""Engine vocabulary shared by every ruleset: audiences, events, inputs, actions.

Pure Python: nothing here may import nonebot, tortoise or apscheduler, read the
clock or use the global random module.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

# An @ inside a group post, as a marker players cannot type (their text is sanitised of control
# characters): 「\x01at:QQ\x01」. Only for public obligations (who still owes a vote). The QQ layer turns
# it into a mention segment; everywhere else it reads as nothing. (Pictures travel as boards in an
# event's data instead: engine/game/pictures.py.)
MARKER_RE = re.compile("\x01(at):([^\x01]+)\x01")


def mention(qq: int) -> str:
    return f"\x01at:{qq}\x01"


class Refusal(Exception):
    """A refused input. The message is Chinese and goes back to the sender only."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


MAX_TEXT = 300  # cap on echoed player text (遗言, 狼聊, 理由)


def clean_text(text: str, limit: int = MAX_TEXT) -> str:
    """Player text to be echoed: control characters dropped, length capped."""
    if not text.isprintable():  # (a printable text has no control character: nothing to drop)
        text = "".join(ch for ch in text if ch == "\n" or ch >= " ")
    text = text.strip()
    if len(text) > limit:
        raise Refusal(f"内容太长了（{len(text)} 字），请控制在 {limit} 字以内。")
    return text


@dataclass(frozen=True)
class Audience:
    """Who may read an event. Only the QQ layer turns this into sends."""

    kind: str  # "group" | "seat" | "team" | "user" (a QQ account: `seat` holds the QQ) | "judge" (the record)
    #            | "reply" (whoever sent the input) | "effect" (no reader: a side effect, Event.effect)
    seat: int = 0
    team: str = ""
    members: tuple[int, ...] = ()  # team members at emission time

    def __str__(self) -> str:
        if self.kind == "seat":
            return f"seat:{self.seat}"
        if self.kind == "team":
            return f"team:{self.team}:{','.join(map(str, self.members))}"
        return self.kind


GROUP = Audience("group")
JUDGE = Audience("judge")
EFFECT = Audience("effect")  # not a message: a side effect the QQ layer carries out (Event.effect)


def to_seat(seat: int) -> Audience:
    return Audience("seat", seat=seat)


def to_team(team: str, members: tuple[int, ...] | list[int]) -> Audience:
    return Audience("team", team=team, members=tuple(sorted(members)))


def to_user(qq: int) -> Audience:
    """One QQ account by private message, seated or not (a judge: 判负 told privately, pending rulings)."""
    return Audience("user", seat=qq)


@dataclass(frozen=True)
class Event:
    """One outgoing fact.

    `tag` classifies it for the leak audit and the log: e.g. "role" (a seat's
    secret), "check" (a check result), "reveal" (a public reveal the rules
    define), "chat" (relayed player text), "end" (end-of-game publication).
    """

    audience: Audience
    text: str
    tag: str = ""
    data: tuple[tuple[str, Any], ...] = ()
    effect: Effect | None = None  # with the EFFECT audience: what to do instead of saying something


def own_post(ev: Event) -> bool:
    """A player's own group post the event stands for (a vote, a /报名): acknowledged on it, not repeated."""
    return ev.tag in ("vote", "join") and bool(dict(ev.data).get("own_post"))


class Effect:
    """A side effect of an input, typed (the QQ layer maps each kind to an API call)."""


@dataclass(frozen=True)
class Mute(Effect):
    """Ban a member from talking in the group for `seconds` (诈尸禁言; the bot must be an admin)."""

    qq: int
    seconds: int


@dataclass(frozen=True)
class Input:
    """One entry of the append-only log. `at` is wall time supplied by the service."""

    kind: str
    actor: int = 0  # QQ id of the sender (0 for the system, e.g. deadlines)
    args: tuple[tuple[str, Any], ...] = ()
    at: float = 0.0

    @classmethod
    def make(cls, kind: str, actor: int = 0, at: float = 0.0, **args: Any) -> Input:
        return cls(kind=kind, actor=actor, args=tuple(sorted(args.items())), at=at)

    def arg(self, key: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        return default

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "actor": self.actor, "args": dict(self.args), "at": self.at}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Input:
        args = {k: (tuple(v) if isinstance(v, list) else v) for k, v in d.get("args", {}).items()}
        return cls.make(d["kind"], d.get("actor", 0), d.get("at", 0.0), **args)


ABSTAIN = 0  # the target "弃权" in votes


@dataclass(frozen=True)
class Action:
    """A parsed skill use or vote by one seat."""

    skill: str  # the skill's key
    targets: tuple[int, ...] = ()
    words: tuple[str, ...] = ()  # non-seat arguments (choices)
    reason: str = ""  # vote reason, shown with the vote
    proxy: bool = False  # a 代投
    by_judge: int = 0  # QQ of the judge who cast it, for the log
    via: str = "pm"  # "pm" | "group"
    text: str = ""  # free text after the targets (a skill with `free_text`, e.g. 审讯's question)
    msg: int = 0  # the QQ message id of a group post (a 宣言 may be answered by replying to it)


@dataclass(frozen=True)
class Outcome:
    winner: str  # faction label, e.g. "好人阵营"
    seats: tuple[int, ...]  # winning seats
    text: str  # the announcement


@dataclass(frozen=True)
class CastRow:
    seat: int
    role: str
    faction: str
    fate: str  # "存活" or how and when the seat left


@dataclass
class Player:
    qq: int
    name: str
