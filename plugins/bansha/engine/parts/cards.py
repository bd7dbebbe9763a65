"""The card ledger (蓝牌 / 黄牌 / 红牌) of forum play: giving a card, taking one back.

The ledger keeps every card as it was given (`ForumState.given`: colour, reason, who); what the table sees
(`ForumState.cards`: seat -> [蓝, 黄, 红]) is those cards merged by the rule text's count — three blues make
a yellow, three yellows a red — which is a carry in base three, so the merged counts never depend on the
order the cards came in. Taking a card back removes that one card and merges again: a red made of three
yellows falls back to two yellows, a yellow made of three blues to two blues ("merged cards unmerge as the
ledger says"). A red taken back before its seat left (004's 「红牌罚下…在投票结算之后」) lets the seat stay;
a seat already sent off stays out (its death has been resolved: who it took along, what it was owed).

Pure, part of the forum part's state (engine/parts/forum.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core import Refusal

if TYPE_CHECKING:
    from ..game import Game
    from ..game.ctx import Ctx

CARD_NAMES = ("蓝牌", "黄牌", "红牌")
BLUE, YELLOW, RED = 0, 1, 2


@dataclass(frozen=True)
class Card:
    colour: int  # BLUE, YELLOW or RED
    reason: str
    by: int  # the judge's QQ; 0 = the rules (潜水, 诈尸)


def merged(cards: list[Card]) -> list[int]:
    """[蓝, 黄, 红] as the table counts them: 3 blues → 1 yellow, 3 yellows → 1 red."""
    b = sum(1 for c in cards if c.colour == BLUE)
    y = sum(1 for c in cards if c.colour == YELLOW) + b // 3
    r = sum(1 for c in cards if c.colour == RED) + y // 3
    return [b % 3, y % 3, r]


def ledger_line(counts: list[int]) -> str:
    b, y, r = counts
    return f"蓝牌{b} 黄牌{y} 红牌{r}"


def give(game: Game, ctx: Ctx, seat: int, colour: int, reason: str, by: int) -> bool:
    """Record a card and announce it with what it merged into. True when the seat now has one more red."""
    fs = game.forum
    cards = fs.given.setdefault(seat, [])
    before = merged(cards)
    cards.append(Card(colour, reason, by))
    after = fs.cards[seat] = merged(cards)
    note = f"{ctx.name(seat)} 获得{CARD_NAMES[colour]}：{reason}"
    merges = ""
    if colour == BLUE and after[YELLOW] + 3 * after[RED] > before[YELLOW] + 3 * before[RED]:
        merges += f"，三张{CARD_NAMES[BLUE]}合并为一张{CARD_NAMES[YELLOW]}"
    if colour != RED and after[RED] > before[RED]:
        merges += f"，三张{CARD_NAMES[YELLOW]}合并为一张{CARD_NAMES[RED]}"
    ctx.group(note + merges + "。", "card")
    ctx.judge(f"{f'法官 {by}' if by else '规则'}：{note}{merges}")
    return after[RED] > before[RED]


def take_back(game: Game, ctx: Ctx, seat: int, colour: int, reason: str, by: int) -> bool:
    """/法官 撤牌: remove the latest card of this colour given to the seat and merge again; one group post says
    which card, what unmerged, where the seat's ledger stands and what it means for a pending send-off.
    True when the seat has one red fewer."""
    fs = game.forum
    cards = fs.given.get(seat, [])
    name = ctx.name(seat)
    at = next((i for i in range(len(cards) - 1, -1, -1) if cards[i].colour == colour), None)
    before = merged(cards)
    if at is None:
        if before[colour]:  # the ledger shows one, but it was made of three lower cards
            lower = CARD_NAMES[colour - 1]
            raise Refusal(f"{name} 的{CARD_NAMES[colour]}是三张{lower}合并成的，不是单独发的："
                          f"请撤回其中一张{lower}（/法官 撤牌 {seat} {lower}），合并的牌会随之拆开。")
        raise Refusal(f"{name} 没有可以撤回的{CARD_NAMES[colour]}（现在：{ledger_line(before)}）。")
    card = cards.pop(at)
    after = fs.cards[seat] = merged(cards)
    lines = [f"法官撤回 {name} 的一张{CARD_NAMES[colour]}（{card.reason}）" + (f"：{reason}" if reason else "") + "。"]
    unmerged = []
    if colour == BLUE and after[YELLOW] + 3 * after[RED] < before[YELLOW] + 3 * before[RED]:
        unmerged.append(f"三张{CARD_NAMES[BLUE]}合并的{CARD_NAMES[YELLOW]}拆回两张{CARD_NAMES[BLUE]}")
    if colour != RED and after[RED] < before[RED]:
        unmerged.append(f"三张{CARD_NAMES[YELLOW]}合并的{CARD_NAMES[RED]}拆回两张{CARD_NAMES[YELLOW]}")
    if unmerged:
        lines.append("；".join(unmerged) + "。")
    lines.append(f"{name} 现在：{ledger_line(after)}。")
    fewer_red = after[RED] < before[RED]
    if fewer_red:
        if seat in fs.deferred_reds:
            fs.deferred_reds.remove(seat)
            lines.append(f"{name} 不再被红牌罚下。")
        elif not game.state.alive[seat]:
            lines.append(f"{name} 已经被红牌罚下，撤牌不能让他回到游戏。")
    ctx.group("\n".join(lines), "card")
    by_line = f"（原由 {'法官 ' + str(card.by) if card.by else '规则'} 发出：{card.reason}）"
    ctx.judge(f"法官 {by} 撤回 {name} 的一张{CARD_NAMES[colour]}{by_line}" + (f"，理由：{reason}" if reason else "")
              + f"；现在 {ledger_line(after)}")
    return fewer_red
