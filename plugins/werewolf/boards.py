"""The boards of 狼人杀: the named ones (basic, classic, one per special role), the default per head count, and
a custom board parsed from 角色=… . A board is a list of role names; the roles are the book's (roles/)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from . import pool
from .book import BOOK
from .judged import OPTION, register
from .terms import GOOD, WOLF

# Every card a board may hold, in the order /开局 lists them (a new role: its module in roles/, its card here).
CARDS: tuple[str, ...] = (
    "狼人", "白狼王", "预言家", "女巫", "猎人", "守卫", "白痴", "长老", "丘比特", "小女孩", "替罪羊", "吹笛者", "盗贼", "平民",
)



@dataclass(frozen=True)
class Board:
    name: str
    roles: tuple[tuple[str, int], ...]  # (role, count); with 盗贼: every card, the two spares included
    lo: int = 0  # head-count range; a range board fills the extra seats with 平民
    hi: int = 0
    sheriff: bool = False  # 警长 election by default on this board

    @property
    def cards(self) -> int:
        return sum(k for _, k in self.roles)

    @property
    def spares(self) -> int:
        return 2 if self.has("盗贼") else 0  # 002: 盗贼 adds two extra cards laid aside

    @property
    def size(self) -> int:
        """The smallest head count (the only one for a fixed board)."""
        return self.lo or self.cards - self.spares

    @property
    def sizes(self) -> tuple[int, ...]:
        if self.lo:
            return tuple(range(self.lo, self.hi + 1))
        return (self.cards - self.spares,)

    def deck(self, n: int | None = None) -> list[str]:
        """Every card for `n` players (spares included), 平民 filling a range board."""
        cards = [role for role, k in self.roles for _ in range(k)]
        if n is not None and self.lo:
            cards += ["平民"] * (n + self.spares - len(cards))
        return cards

    def has(self, role: str) -> bool:
        return any(r == role for r, _ in self.roles)

    def has_wolves(self) -> bool:
        return any(BOOK.roles[r].kind == WOLF for r, _ in self.roles)

    def summary(self, n: int | None = None) -> str:
        counts: dict[str, int] = {}
        for role in self.deck(n):
            counts[role] = counts.get(role, 0) + 1
        return "、".join(f"{r}×{k}" if k > 1 else r for r, k in counts.items())


def _board(name: str, wolves: int, villagers: int, *gods: str, sheriff: bool = False) -> Board:
    return Board(name, (("狼人", wolves), ("平民", villagers), *((g, 1) for g in gods)), sheriff=sheriff)


def _ranged(name: str, lo: int, hi: int, *roles: tuple[str, int], sheriff: bool = True) -> Board:
    """A board whose fixed roles stay and whose extra seats are 平民 (at least one at `lo`)."""
    return Board(name, tuple(roles), lo=lo, hi=hi, sheriff=sheriff)


CUSTOM = "自定义"

BOARDS: tuple[Board, ...] = (
    # the basic boards (no sheriff election, as they were first played here)
    _board("6人预女", 2, 2, "预言家", "女巫"),
    _board("7人预女猎", 2, 2, "预言家", "女巫", "猎人"),
    _board("8人预女猎", 2, 3, "预言家", "女巫", "猎人"),
    _board("9人预女猎", 3, 3, "预言家", "女巫", "猎人"),
    _board("9人预女守", 3, 3, "预言家", "女巫", "守卫"),
    _board("10人预女猎白", 3, 3, "预言家", "女巫", "猎人", "白痴"),
    _board("11人预女猎白", 3, 4, "预言家", "女巫", "猎人", "白痴"),
    _board("12人预女猎白", 4, 4, "预言家", "女巫", "猎人", "白痴"),
    _board("12人预女猎守", 4, 4, "预言家", "女巫", "猎人", "守卫"),
    # the classic named boards (with a sheriff election)
    _board("9人标准", 3, 3, "预言家", "女巫", "猎人", sheriff=True),
    _board("预女猎白", 4, 4, "预言家", "女巫", "猎人", "白痴", sheriff=True),
    _board("预女猎守", 4, 4, "预言家", "女巫", "猎人", "守卫", sheriff=True),
    Board(
        "白狼王守卫",
        (("狼人", 3), ("白狼王", 1), ("平民", 4), ("预言家", 1), ("女巫", 1), ("猎人", 1), ("守卫", 1)),
        sheriff=True,
    ),
    _ranged("丘比特局", 9, 12, ("狼人", 3), ("预言家", 1), ("女巫", 1), ("猎人", 1), ("丘比特", 1), ("平民", 2)),
    _ranged(
        "长老局", 10, 12, ("狼人", 3), ("预言家", 1), ("女巫", 1), ("猎人", 1), ("白痴", 1), ("长老", 1), ("平民", 2)
    ),
    _ranged("小女孩局", 9, 12, ("狼人", 3), ("预言家", 1), ("女巫", 1), ("守卫", 1), ("小女孩", 1), ("平民", 2)),
    _ranged("替罪羊局", 9, 12, ("狼人", 3), ("预言家", 1), ("女巫", 1), ("猎人", 1), ("替罪羊", 1), ("平民", 2)),
    _ranged("吹笛者局", 9, 12, ("狼人", 3), ("吹笛者", 1), ("预言家", 1), ("女巫", 1), ("猎人", 1), ("平民", 2)),
    # 盗贼: the deck holds two more cards than players (two of its 平民 are the extra ones)
    _ranged("盗贼局", 8, 12, ("狼人", 3), ("盗贼", 1), ("预言家", 1), ("女巫", 1), ("猎人", 1), ("平民", 3)),
    _ranged(
        "经典局",
        13,
        15,
        ("狼人", 3),
        ("白狼王", 1),
        ("预言家", 1),
        ("女巫", 1),
        ("猎人", 1),
        ("守卫", 1),
        ("长老", 1),
        ("丘比特", 1),
        ("小女孩", 1),
        ("吹笛者", 1),
        ("平民", 1),
    ),
    _ranged(
        "全角色",
        16,
        18,
        ("狼人", 3),
        ("白狼王", 1),
        ("预言家", 1),
        ("女巫", 1),
        ("猎人", 1),
        ("白痴", 1),
        ("守卫", 1),
        ("长老", 1),
        ("丘比特", 1),
        ("小女孩", 1),
        ("替罪羊", 1),
        ("吹笛者", 1),
        ("盗贼", 1),
        ("平民", 3),
    ),
)
BOARD_BY_NAME: dict[str, Board] = {b.name: b for b in BOARDS}
DEFAULT_BOARD: dict[int, str] = {
    6: "6人预女",
    7: "7人预女猎",
    8: "8人预女猎",
    9: "9人预女猎",
    10: "10人预女猎白",
    11: "11人预女猎白",
    12: "12人预女猎白",
    13: "经典局",
    14: "经典局",
    15: "经典局",
    16: "全角色",
    17: "全角色",
    18: "全角色",
}
MIN_PLAYERS, MAX_PLAYERS = min(DEFAULT_BOARD), max(DEFAULT_BOARD)

_ITEM = re.compile(r"^(.+?)(?:[*×xX](\d+))?$")


def parse_custom(text: str) -> Board:
    """`狼人*3,预言家,女巫,…` → a board, or ValueError with a Chinese reason listing the valid roles."""
    roles = BOOK.roles
    valid = "、".join(CARDS)
    counts: dict[str, int] = {}
    for raw in re.split(r"[,，、;；]", text or ""):
        item = raw.strip()
        if not item:
            continue
        m = _ITEM.match(item)
        role, k = (m.group(1).strip(), int(m.group(2) or 1)) if m else (item, 1)
        if role not in roles:
            raise ValueError(f"自定义板子里有未知角色「{role[:10]}」。可用的角色：{valid}")
        if k < 1:
            raise ValueError(f"「{role}」的数量必须是正整数。")
        counts[role] = counts.get(role, 0) + k
    if not counts:
        raise ValueError(f"自定义板子需要 角色=…，例如 角色=狼人*3,预言家,女巫,猎人,平民*3。可用的角色：{valid}")
    for role, k in counts.items():
        if role in unique_roles() and k > 1:
            raise ValueError(f"「{role}」在一局里只能有一个（002 原文：{role}（1人））。")
    board = Board(CUSTOM, tuple(counts.items()), sheriff=True)
    if not board.has_wolves():
        raise ValueError("自定义板子里至少要有一只狼（狼人或白狼王）。")
    if board.has("盗贼") and counts.get("平民", 0) < 2:
        raise ValueError(
            "有盗贼的板子要额外加入两张平民（002：主持人在分发牌前须额外加入两张“普通平民”），请至少写 平民*2。"
        )
    if not any(roles[r].faction == GOOD and r != "盗贼" for r in counts):
        raise ValueError("自定义板子里至少要有一名好人角色（平民或神民）。")
    return board




def unique_roles() -> frozenset[str]:
    """002 lists every special role as （1人）: all but 狼人 and 平民."""
    return frozenset(BOOK.roles) - {"狼人", "平民"}


def board_for(options: dict[str, Any], n: int | None = None) -> Board:
    """The board these options name (a custom one parsed from 角色=); ValueError with a Chinese reason."""
    name = options.get("板子")
    if name == CUSTOM:
        register(options.get(OPTION))  # a 剧本's own roles, from the game's options (judged.py)
        return parse_custom(pool.first_hand(options))  # (with a 卡池: its first hand, which sizes them all)
    if options.get("角色") or options.get(pool.POOL):
        raise ValueError(f"{'角色' if options.get('角色') else pool.POOL}=… 只在 板子=自定义 时使用。")
    if name:
        board = BOARD_BY_NAME.get(name)
        if board is None:
            raise ValueError(f"没有名为「{name}」的板子。可选：{'、'.join(b.name for b in BOARDS)}、{CUSTOM}")
        return board
    if n is None or n not in DEFAULT_BOARD:
        raise ValueError(f"狼人杀需要 {MIN_PLAYERS} 到 {MAX_PLAYERS} 人，现在报名了 {n} 人。")
    return BOARD_BY_NAME[DEFAULT_BOARD[n]]


def size_range(board: Board) -> str:
    sizes = board.sizes
    return f"{sizes[0]}" if len(sizes) == 1 else f"{sizes[0]}～{sizes[-1]}"
