"""Text in and out of QQ: what players typed, and what the bot echoes back.

Echoed text is always sent as plain text segments (`plain`), so it can never
become an @, an image or a forward. What is left is layout: a player must not be
able to forge a line that reads like the bot's own (「【第2天 白天】…」, 「【狼群】今晚的决定…」),
or reorder the rest of a line with bidi controls.
"""

from __future__ import annotations

import re
import unicodedata

from nonebot.adapters import Message as BaseMessage
from nonebot.adapters.onebot.v11 import Message, MessageEvent, MessageSegment

from ..engine.core import MARKER_RE, MAX_TEXT
from ..engine.game import clean_name

_NEWLINES = re.compile(r"\r\n|[\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
_KEEP_FORMAT = {"\u200c", "\u200d"}  # ZWNJ/ZWJ: emoji sequences and scripts need them
MAX_MARKS = 3  # combining marks on one character ("zalgo" text spills over other lines)
QUOTE = "｜"  # continuation lines of multi-line echoed text start with this


def plain(text: str) -> Message:
    """Everything the bot says is plain text segments: player text can never become CQ codes. The only
    other segment is the @ the rules asked for (a public reminder of who owes a vote), written as a
    marker players cannot type (engine/core/__init__.py: MARKER_RE); pictures are added by sending.py."""
    msg = Message()
    pos = 0
    for m in MARKER_RE.finditer(text):
        if m.start() > pos:
            msg.append(MessageSegment.text(text[pos:m.start()]))
        msg.append(MessageSegment.at(int(m.group(2))))
        pos = m.end()
    if pos < len(text) or not msg:
        msg.append(MessageSegment.text(text[pos:]))
    return msg


def sanitize(text: str) -> str:
    """Every line break becomes \\n; control and invisible format characters (bidi overrides,
    zero-width spaces) are dropped, tabs become spaces; runs of combining marks are capped."""
    text = _NEWLINES.sub("\n", text)
    out: list[str] = []
    marks = 0
    for ch in text:
        cat = unicodedata.category(ch)
        if ch == "\t":
            ch, cat = " ", "Zs"
        if ch != "\n" and (cat == "Cc" or (cat == "Cf" and ch not in _KEEP_FORMAT)):
            continue
        marks = marks + 1 if cat in ("Mn", "Me") else 0
        if marks > MAX_MARKS:
            continue
        out.append(ch)
    return "".join(out)


def one_line(text: str) -> str:
    """A single-line field (name, vote reason): line breaks become one space."""
    return re.sub(r"\s*\n\s*", " ", sanitize(text)).strip()


def quoted(text: str) -> str:
    """A multi-line field (遗言, team chat, relayed PM): lines after the first start with 「｜」,
    so none of them can pass for a line of the bot's own. When the marks would push the text
    over the engine's cap, it is joined into one line instead (same length, same refusal)."""
    lines = [ln.strip() for ln in sanitize(text).strip().split("\n")]
    lines = [ln for ln in lines if ln]
    joined = f"\n{QUOTE}".join(lines)
    return joined if len(joined) <= MAX_TEXT else " ".join(lines)


def player_name(raw: str) -> str:
    return clean_name(one_line(raw))


def words_of(msg: BaseMessage) -> str:
    """Plain text of a message; @mentions become "@QQ" tokens."""
    parts = []
    for seg in msg:
        if seg.type == "text":
            parts.append(seg.data.get("text", ""))
        elif seg.type == "at":
            parts.append(f" @{seg.data.get('qq')} ")
    return "".join(parts).strip()


def unread_reply(event: MessageEvent) -> bool:
    """A QQ reply whose replied message could not be fetched: the adapter's get_msg failed, so it set no
    `event.reply` and left the reply segment in the message."""
    return getattr(event, "reply", None) is None and any(seg.type == "reply" for seg in event.message)


def after_reply(msg: Message) -> Message:
    """The message without a leading reply segment and the @ that QQ puts after it (what was typed)."""
    segs = list(msg)
    if not segs or segs[0].type != "reply":
        return msg
    segs = segs[1:]
    while segs and (segs[0].type == "at" or (segs[0].type == "text" and not segs[0].data.get("text", "").strip())):
        segs = segs[1:]
    return Message(segs)


def name_of(event: MessageEvent) -> str:
    """The sender's group card or nickname, cleaned like a player's name (one line, at most 16 chars)."""
    s = event.sender
    return player_name(getattr(s, "card", None) or s.nickname or "") or str(event.user_id)


def source_of(event: MessageEvent) -> str:
    """The key of a QQ message in the input log (a redelivered message has the same one)."""
    return f"{event.self_id}:{event.message_type}:{event.message_id}"
