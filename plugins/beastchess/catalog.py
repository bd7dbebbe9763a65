"""Every unit of 斗兽棋, in the text's order.

Importing this module loads the levels' abilities and the 24 本能 and puts the registries of book.py in the text's
order: the levels' abilities as abilities.py declares them, then the 本能 as instincts.ORDER lists them (the
order /身份, the ban's draw and 笨鸟先飞's pool go by). The one check of the units against the moment table and
the resolution order is the engine's, called by rules.py when the game loads.
"""

from __future__ import annotations

from . import abilities, instincts
from .book import EXTRA_STRIKERS, INSTINCTS, LEVEL_POWERS, REGISTRY
from .data import MAX_PLAYERS, MIN_PLAYERS
from .power import Ability, Instinct, Power


def _in_text_order() -> None:
    if set(INSTINCTS) != set(instincts.ORDER):  # a 本能 outside the text's list could never be drawn or chosen
        raise ValueError(f"斗兽棋：instincts.ORDER 与声明的本能不一致：{sorted(set(INSTINCTS) ^ set(instincts.ORDER))}")
    powers = [p for p in REGISTRY.values() if isinstance(p, Ability)]
    ordered = [INSTINCTS[n] for n in instincts.ORDER]
    INSTINCTS.clear()
    INSTINCTS.update({i.name: i for i in ordered})
    REGISTRY.clear()
    REGISTRY.update({p.key: p for p in [*powers, *ordered]})
    LEVEL_POWERS.clear()
    LEVEL_POWERS.update({lv: role.skills for lv, role in abilities.LEVELS.items()})
    EXTRA_STRIKERS[:] = [i.key for i in ordered if i.extra_strike_target]


_in_text_order()

# Each unit's declaration at a table of n players (uses and targets that depend on the head count: for_table),
# for every head count the game is played at: what skills_of hands the engine.
AT_TABLE: dict[int, dict[str, Power]] = {
    n: {key: p.for_table(n) for key, p in REGISTRY.items()} for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}

INSTINCT_LIST: tuple[Instinct, ...] = tuple(INSTINCTS.values())
BY_KEY: dict[str, Instinct] = {i.key: i for i in INSTINCT_LIST}
UNBANNABLE = tuple(i.name for i in INSTINCT_LIST if i.unbannable)  # 預知屬於特殊本能，不會受到禁用影響
# Spellings players may type (the text's Traditional ones, then other variants); each maps to the Simplified name.
TRADITIONAL = {i.traditional: i.name for i in INSTINCT_LIST if i.traditional}
TRADITIONAL.update({v: i.name for i in INSTINCT_LIST for v in i.variants})
INSTINCT_WORDS = tuple(INSTINCTS) + tuple(TRADITIONAL)
