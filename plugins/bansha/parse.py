"""Parsing of command text into words, independent of NoneBot.

The QQ layer (qq/) turns a QQ message into plain text first (text segments as they are,
@mentions as "@QQ"), then these helpers split it.
"""

from __future__ import annotations

import re
import unicodedata

from .engine.core import Refusal
from .engine.core.phases import parse_duration
from .engine.core.skills import Skill, decimal, find_skill, split_skill_word, target_like

# 投票对象：X / 投票理由：Y (and 改票…), the forum vote form of 003/004, on two lines or one
# (004: "投票对象与投票理由之间可以不换行").
FORUM_VOTE = re.compile(
    r"^\s*(投票|改票)对象\s*[:：]\s*(?P<target>[^\n]+?)\s*(?:(?:投票|改票)?理由\s*[:：]\s*(?P<reason>.*))?\s*$",
    re.S,
)
# 「投3」, 「投 3号」, 「投三号」, 「投弃权」, 「投 @某人」: the group's shortest vote, only while a vote is open
SHORT_VOTE = re.compile(r"^\s*投\s*(?P<target>\S+)\s*$")
_LIST_SEP = ",，、"


def normalize(text: str) -> str:
    """NFKC: full-width ／，：３ and U+3000 read like their ASCII forms."""
    return unicodedata.normalize("NFKC", text)


def split_words(text: str) -> list[str]:
    return [w for w in re.split(r"[\s,，、]+", text.strip()) if w]


def split_options(text: str) -> list[str]:
    """`/开局`'s words: split at spaces only, so a value may list names (指定身份=魔术师、通灵师); a space
    next to a list separator (「魔术师、 通灵师」) does not split the value either."""
    out: list[str] = []
    for w in text.split():
        if out and (w[0] in _LIST_SEP or out[-1][-1] in _LIST_SEP):
            out[-1] += w
        else:
            out.append(w)
    return out


def split_vote(text: str) -> tuple[str, str]:
    """`<目标或弃权> [理由…]` → (target token, reason)."""
    text = text.strip()
    if not text:
        raise Refusal("请写明投票对象，例如 /投票 3 理由，或 /投票 弃权。")
    parts = text.split(None, 1)
    return parts[0], (parts[1].strip() if len(parts) > 1 else "")


def parse_forum_vote(text: str) -> tuple[str, str, str] | None:
    """`投票对象：X\\n投票理由：Y` → ("投票"|"改票", target, reason), or None."""
    m = FORUM_VOTE.match(text)
    if not m:
        short = parse_short_vote(text)  # the group's 「投3」: the dispatcher takes it only while its sender may vote
        return None if short is None else ("投票", short, "")
    return m.group(1), m.group("target").strip(), (m.group("reason") or "").strip()


def parse_short_vote(text: str) -> str | None:
    """「投3」 → "3" (the target as typed); None for anything else, ordinary chat included."""
    m = SHORT_VOTE.match(text)
    return m.group("target") if m and target_like(m.group("target")) else None


def skill_words(skills: list[Skill], word: str, words: list[str]) -> tuple[str, list[str]]:
    """(skill word, its targets…): 「查验3」 → ("查验", ["3", …]) when 「查验3」 is no skill of its own."""
    if find_skill(skills, word) is None:
        split = split_skill_word(skills, word)
        if split is not None:
            return split[0], [split[1], *words]
    return word, list(words)


def number(text: str, what: str, max_digits: int = 9) -> int:
    """A count or an id typed by a person: refused in words when it is no number or far too long."""
    text = text.strip().lstrip("#")
    num = decimal(text, max_digits)
    if num is None:
        if text.isdecimal():
            raise Refusal(f"{what}「{text[:12]}…」太长了，不可能存在。")
        raise Refusal(f"{what}需要是一个数字，例如 1。")
    return num


def parse_seconds(text: str) -> int:
    seconds = parse_duration(text) if text else None
    if seconds is None:
        raise Refusal("请给出时长，例如 10m、90s 或 1h。")
    return seconds
