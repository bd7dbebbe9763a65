"""平民 (普通平民): no skill; the day's vote is everyone's (everyone.py)."""

from __future__ import annotations

from ..book import BOOK, WerewolfRole
from ..terms import GOOD, VILLAGER

VILLAGER_ROLE = BOOK.role(WerewolfRole("平民", GOOD, (), "没有特殊技能，用发言和投票找出狼人。", VILLAGER))
