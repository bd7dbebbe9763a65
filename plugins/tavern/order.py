"""酒馆圣杯's phases and its two orders: the night as the DM runs it, and one seat's turn within it.

Each step is registered in the game's book next to its code (`@BOOK.step`: night.py, and 指认反馈 beside 指认 in
identify.py); catalog.problems fails when a step here has no handler or a handler is in neither list.
"""

from ..bansha.engine import Book

BOOK = Book("tavern")  # the general commands' effects and checks, and the steps of both orders

DAY, DUSK = "day", "dusk"

# The night as the DM runs it, in this order (close of 黄昏).
NIGHT_ORDER = (
    "指认反馈",  # 入夜 mode: correct 指认 are confirmed privately; wrong ones get no answer
    "投先攻",  # every living seat: d20 + 敏捷调整值; ties: higher 敏捷调整值, then a die
    "结算",  # each seat's TURN_ORDER, highest initiative first
    "收尾",  # the grail of this round vanishes; 狂暴 leaves 疲惫; conditions that ran out end
    "清晨公告",  # group: who left, which faction fell; PM: grail lost / won, damage and HP left
)
# One seat's turn during 结算.
TURN_ORDER = (
    "伤愈检定",  # a 受伤 seat rolls to recover (50%, then 60% or death) and does nothing else
    "挣脱擒抱",  # a seat held since the orders spends a free action on an opposed fortitude check (failing voids
    # its orders); one grabbed earlier tonight just loses its orders
    "放开擒抱",  # a grappler acts only if it ordered 放开 (a free action); otherwise its orders are void
    "指令",  # the seat's orders in the order it submitted them; a melee hit on the grail holder → 夺宝
)
