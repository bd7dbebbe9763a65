"""Every declaration of 酒馆圣杯 checked against its orders and its sheet.

The general commands and the steps of both orders are in the game's book (order.BOOK): each step of NIGHT_ORDER and
TURN_ORDER needs its handler and each handler its step. Each effect a class skill may name (effects/) must do
something: an order executes, a stance is in force, a passive answers combat. Every class skill of the sheet names
a declared effect (sheet.py refuses the sheet otherwise). A broken declaration stops the game from loading.
"""

from __future__ import annotations

from . import grail, identify, night, orders  # noqa: F401  (each registers its commands and steps in the book)
from .effect import EFFECTS, ORDER_HOOKS, PASSIVE_HOOKS
from .effects import ORDER as EFFECT_ORDER
from .order import BOOK, NIGHT_ORDER, TURN_ORDER
from .sheet import SHEET


def problems() -> list[str]:
    """What is wrong with the declarations (empty: nothing)."""
    out = BOOK.problems([*NIGHT_ORDER, *TURN_ORDER])
    out += [f"效果 {k} 已声明但不在 effects.ORDER 里" for k in EFFECTS if k not in EFFECT_ORDER]
    for eff in EFFECTS.values():
        if eff.command and not eff.answers & set(ORDER_HOOKS):
            out.append(f"效果 {eff.key} 是指令，却没有 execute")
        if not eff.command and not eff.stance and not eff.answers & set(PASSIVE_HOOKS):
            out.append(f"效果 {eff.key} 是被动技能，却不回答任何战斗数值（{'、'.join(PASSIVE_HOOKS)}）")
    for cls in SHEET.values():
        out += [f"职业 {cls.name} 的技能 {sk.name} 的效果 {sk.effect} 没有声明" for sk in cls.skills if sk.effect not in EFFECTS]
    return out


_found = problems()
if _found:
    raise ValueError("酒馆的声明有误：" + "；".join(_found))
