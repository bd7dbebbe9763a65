"""A target as people type it → a seat: 3, 3号, 三号, 第三, @QQ, a QQ number, a player's name."""

from __future__ import annotations

import re

from . import Player
from .skills import decimal, seat_number


def resolve_seat(players: list[Player], token: str) -> int | None:
    """A target token → seat: 3, 3号, @QQ, QQ number, exact name; then 三, 三号, 第三 (seats only), the name
    in any letter case, and a prefix of exactly one name. The forms first accepted keep their meaning (a
    player named 三号 is still who 「三号」 names), so a replayed log reads as it did."""
    t = token.strip()
    if t.isascii() and t.isdigit():  # the common case (the agents, a typed seat number): no pattern needed
        num = decimal(t)
        return None if num is None else _seat_or_qq(players, num)
    m = re.fullmatch(r"(\d+)\s*号?", t)
    if m:
        num = decimal(m.group(1))
        return None if num is None else _seat_or_qq(players, num)
    if t.startswith("@"):
        qq = decimal(t[1:])
        return None if qq is None else _seat_of(players, qq)
    for i, p in enumerate(players):
        if p.name == t:
            return i + 1
    return _loosely(players, t)


def _loosely(players: list[Player], t: str) -> int | None:
    """The forgiving forms, tried only when no exact one matched."""
    num = seat_number(t)
    if num is not None:
        return num[0] if 1 <= num[0] <= len(players) else None
    if not t:
        return None
    folded = t.casefold()
    same = [i + 1 for i, p in enumerate(players) if p.name.casefold() == folded]
    if len(same) == 1:
        return same[0]
    starts = [i + 1 for i, p in enumerate(players) if p.name.casefold().startswith(folded)]
    return starts[0] if len(starts) == 1 and len(t) >= 2 else None


def _seat_of(players: list[Player], qq: int) -> int | None:
    for i, p in enumerate(players):
        if p.qq == qq:
            return i + 1
    return None


def _seat_or_qq(players: list[Player], num: int) -> int | None:
    return num if 1 <= num <= len(players) else _seat_of(players, num)
