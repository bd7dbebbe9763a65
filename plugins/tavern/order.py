"""酒馆圣杯's phases, its two orders and its moment table: the night as the DM runs it, one seat's turn within it,
and which effects (effects/) answer each moment — all in data.

A step's key names a procedure of the night (night.py's `PROCEDURES`); a step that runs the effects' moments
lists them (`Step.moments`). MOMENTS lists, for each moment, the effects that answer it in the order they run:
nothing runs because a method happens to exist. The one check (engine/core/behaviour.py `problems`, called by
rules.py at load and by tests/games/tavern/test_conformance.py) compares the effects with these tables.
"""

from ..bansha.engine import Book, Moments, Step

BOOK = Book("tavern")  # the general commands (圣杯, 攻击, 指认, 放开): units of behaviour, each beside its code

DAY, DUSK = "day", "dusk"

# The night as the DM runs it, in this order (close of 黄昏).
NIGHT_ORDER = (
    Step("指认反馈"),  # 入夜 mode: correct 指认 are confirmed privately; wrong ones get no answer
    Step("投先攻"),  # every living seat: d20 + 敏捷调整值; ties: higher 敏捷调整值, then a die
    Step("结算"),  # each seat's TURN_ORDER, highest initiative first
    # the grail of this round vanishes; what tonight's orders found out (追踪); 狂暴 leaves 疲惫; conditions that
    # ran out end
    Step("收尾", moments=("report", "aftermath")),
    Step("清晨公告"),  # group: who left, which faction fell; PM: grail lost / won, damage and HP left
)
# One seat's turn during 结算.
TURN_ORDER = (
    Step("伤愈检定"),  # a 受伤 seat rolls to recover (50%, then 60% or death) and does nothing else
    Step("挣脱擒抱"),  # a seat held since the orders spends a free action on an opposed fortitude check (failing
    # voids its orders); one grabbed earlier tonight just loses its orders
    Step("放开擒抱"),  # a grappler acts only if it ordered 放开 (a free action); otherwise its orders are void
    Step("指令", moments=("resolve",)),  # the seat's orders in the order it submitted them, each its effect's
    # `resolve`; a melee hit on the grail holder → 夺宝
)

# Which effects answer each moment (the effects' keys: classes.toml's `effect`).
MOMENTS = Moments({
    # the sheet, when classes.toml is read: what an effect's parameters must say together
    "validate": ("attack", "heal", "spell"),
    # 黄昏: why the holder cannot switch the skill on now
    "refuses": ("stance",),
    # the 指令 step: the orders (submit=PLAN), each resolved on its (living) target
    "resolve": ("attack", "grapple", "spell", "heal", "companion", "inspire", "track", "extra_attack"),
    # what combat asks of the holder's passive skill answering the question (a class has one of each at most)
    "keeps_dex": ("uncanny_dodge",),  # keeps its 敏捷加值 when 眩晕 or 被擒抱
    "sneak_immune": ("uncanny_dodge",),  # takes no extra damage from 偷袭
    "save_bonus": ("save_bonus",),  # added to 意志, 反射 and 强韧
    "melee_extra": ("sneak_attack",),  # extra damage of a melee hit
    "theft_chance": ("theft",),  # its 夺宝 succeeds with this chance
    "guard_chance": ("grail_guard",),  # a 夺宝 from it (carrying the grail) succeeds with this chance
    "spell_bonus": ("grail_power",),  # added to its spells' damage tonight
    # 收尾: once a night, first — what the orders found out; then for each holder with the skill in force
    "report": ("track",),
    "aftermath": ("stance",),
})
