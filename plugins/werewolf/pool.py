"""卡池: a board whose fixed cards (角色=) are dealt every game and whose other cards are drawn from a pool, as
forum boards write 「神牌从 守卫、猎人、白痴、长老 中抽两张」. Written by a 剧本 (`strength` on a role, `[deal]`:
docs/script.md) or typed at /开局 as `卡池=守卫:3,猎人:3,白痴:2,长老:1;抽2;强度5-6`.

The draw is the game's: at 游戏开始 the game's seeded RNG picks one of the pool's distinct hands whose total
strength falls in the band, each hand equally likely, and the picked cards join the fixed ones (rules.py `setup`).
The board is open (明板): the 开局帖 names the pool and 游戏开始 the cards drawn, as 002's boards are named.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ..bansha.engine.game.script import MAX_POOL as MAX_CARDS
from ..bansha.engine.game.script import MAX_STRENGTH

POOL = "卡池"  # the game option
_CARD = re.compile(r"^(.+?)[:：](\d+)$")
_PICK = re.compile(r"^抽(\d+)张?$")
_BAND = re.compile(r"^强度(\d+)[-~～](\d+)$")


@dataclass(frozen=True)
class Pool:
    cards: tuple[tuple[str, int], ...]  # each card with its strength, a role's copies one by one
    pick: int
    band: tuple[int, int] | None = None

    def text(self) -> str:
        """The option's value (what /开局 takes and the 开局帖 shows)."""
        counted: dict[tuple[str, int], int] = {}
        for card in self.cards:
            counted[card] = counted.get(card, 0) + 1
        cards = ",".join(f"{r}:{s}" + (f"*{k}" if k > 1 else "") for (r, s), k in counted.items())
        band = f";强度{self.band[0]}-{self.band[1]}" if self.band else ""
        return f"{cards};抽{self.pick}{band}"

    def hands(self) -> list[tuple[str, ...]]:
        """The distinct hands the draw may deal (sorted role names), in a fixed order: those in the band."""
        out: set[tuple[str, ...]] = set()
        for picked in combinations(range(len(self.cards)), self.pick):
            if self.band is None or self.band[0] <= sum(self.cards[i][1] for i in picked) <= self.band[1]:
                out.add(tuple(sorted(self.cards[i][0] for i in picked)))
        return sorted(out)

    def strength(self, hand: tuple[str, ...]) -> int:
        of = dict(self.cards)
        return sum(of[r] for r in hand)


def parse(text: str) -> Pool:
    """`守卫:3,猎人:3,白痴:2;抽2;强度4-6` → a Pool, or ValueError with a Chinese reason."""
    parts = [p.strip() for p in re.split(r"[;；]", text or "") if p.strip()]
    how = "卡池的写法：角色:强度 用逗号隔开，再写 ;抽N，可加 ;强度A-B，如 卡池=守卫:3,猎人:3,白痴:2;抽2;强度5-6。"
    if len(parts) not in (2, 3):
        raise ValueError(how)
    cards: list[tuple[str, int]] = []
    for item in re.split(r"[,，、]", parts[0]):
        name, _, copies = item.strip().partition("*")
        m = _CARD.match(name.strip())
        if not m or not (copies or "1").isdigit():
            raise ValueError(how)
        strength, k = int(m.group(2)), int(copies or 1)
        if not 1 <= strength <= MAX_STRENGTH or k < 1:
            raise ValueError(f"「{m.group(1)[:10]}」的强度要是 1 到 {MAX_STRENGTH} 的整数。")
        cards += [(m.group(1).strip(), strength)] * k
    if len(cards) > MAX_CARDS:
        raise ValueError(f"卡池最多 {MAX_CARDS} 张牌（现在 {len(cards)} 张）。")
    m = _PICK.match(parts[1])
    if not m or not 1 <= int(m.group(1)) < len(cards):
        raise ValueError(f"卡池有 {len(cards)} 张牌：抽的张数要是 1 到 {len(cards) - 1}。" if m else how)
    band = None
    if len(parts) == 3:
        b = _BAND.match(parts[2])
        if not b or int(b.group(1)) > int(b.group(2)):
            raise ValueError(how)
        band = (int(b.group(1)), int(b.group(2)))
    pool = Pool(tuple(cards), int(m.group(1)), band)
    if not pool.hands():
        raise ValueError(f"卡池里没有哪 {pool.pick} 张牌的强度合计在 {band[0]}～{band[1]} 之间。")  # (band set)
    return pool


def of(options: dict[str, Any]) -> Pool | None:
    text = options.get(POOL)
    return parse(text) if text else None


def first_hand(options: dict[str, Any]) -> str:
    """角色= with the pool's first hand: the board /开局 checks and sizes (every hand has the same number of cards)."""
    pool = of(options)
    return ",".join([options.get("角色") or "", *(pool.hands()[0] if pool else ())])
