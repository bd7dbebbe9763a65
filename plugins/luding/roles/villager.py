"""村民: no skill; the day's vote is everyone's (everyone.py)."""

from __future__ import annotations

from ..book import BOOK, LudingRole
from ..terms import VILLAGE, VILLAGER

VILLAGER_ROLE = BOOK.role(LudingRole(VILLAGER, VILLAGE, (), "没有技能。（为阵营喊666。）"))
