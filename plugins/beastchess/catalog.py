"""Every skill of 斗兽棋, in the text's order, checked against the resolution order.

Importing this module loads the levels' abilities and the 24 本能, puts the registries in the text's order,
fills the lookups the resolver uses, and checks the declarations (`problems`): each step of order.py with its
handler and each handler in a list, each 本能 of instincts.ORDER declared once and doing something, each
SPECIAL_ORDER step answered by its 本能. A broken declaration stops the game from loading with the reason.
"""

from __future__ import annotations

from . import abilities, instincts
from .order import BUFF_ORDER, RESOLUTION_ORDER, SPECIAL_ORDER
from .power import (
    BOOK,
    EXTRA_STRIKERS,
    HOLDER_HOOKS,
    INSTINCTS,
    LEVEL_POWERS,
    REGISTRY,
    SUBMISSION,
    TABLE,
    TABLE_HOOKS,
    Ability,
    Instinct,
    overrides,
)


def problems() -> list[str]:
    """What is wrong with the declarations (empty: nothing)."""
    out = BOOK.problems([key for key, _ in RESOLUTION_ORDER + BUFF_ORDER])
    names = set(instincts.ORDER)
    out += [f"本能 {n} 在 ORDER 里但没有声明" for n in instincts.ORDER if n not in INSTINCTS]
    out += [f"本能 {n} 已声明但不在 ORDER 里" for n in INSTINCTS if n not in names]
    special = {key for key, _ in SPECIAL_ORDER}
    for p in REGISTRY.values():
        writes = {h for h in (*HOLDER_HOOKS, *TABLE_HOOKS, *SUBMISSION) if overrides(p, h)}
        if isinstance(p, Instinct) and not writes - {"submitted", "withdraw"} and not p.extra_strike_target:
            out.append(f"本能 {p.name} 在结算的任何一步都没有效果")
        if "special" in writes and p.key not in special:
            out.append(f"{p.name} 写了 special，但 SPECIAL_ORDER 没有它")
    out += [f"SPECIAL_ORDER 的 {k} 没有写 special 的本能" for k in special
            if k not in REGISTRY or not overrides(REGISTRY[k], "special")]
    for lv, role in BOOK.roles.items():
        out += [f"{lv} 的 {s.name} 不是能力" for s in role.skills if not isinstance(REGISTRY.get(s.key), Ability)]
    return out


def _in_text_order() -> None:
    """The registries in the text's order: the levels' abilities as abilities.py declares them, then the 本能 as
    instincts.ORDER lists them; and the lookups the resolver uses."""
    powers = [p for p in REGISTRY.values() if isinstance(p, Ability)]
    ordered = [INSTINCTS[n] for n in instincts.ORDER if n in INSTINCTS]
    INSTINCTS.clear()
    INSTINCTS.update({i.name: i for i in ordered})
    REGISTRY.clear()
    REGISTRY.update({p.key: p for p in [*powers, *ordered]})
    TABLE.clear()
    TABLE.update({hook: tuple(p for p in REGISTRY.values() if overrides(p, hook)) for hook in TABLE_HOOKS})
    LEVEL_POWERS.clear()
    LEVEL_POWERS.update({lv: tuple(REGISTRY[s.key] for s in role.skills) for lv, role in abilities.LEVELS.items()})
    EXTRA_STRIKERS[:] = [i.key for i in ordered if i.extra_strike_target]


_in_text_order()
_found = problems()
if _found:
    raise ValueError("斗兽棋的声明有误：" + "；".join(_found))

INSTINCT_LIST: tuple[Instinct, ...] = tuple(INSTINCTS.values())
BY_KEY: dict[str, Instinct] = {i.key: i for i in INSTINCT_LIST}
UNBANNABLE = tuple(i.name for i in INSTINCT_LIST if i.unbannable)  # 預知屬於特殊本能，不會受到禁用影響
# Spellings players may type (the text's Traditional ones, then other variants); each maps to the Simplified name.
TRADITIONAL = {i.traditional: i.name for i in INSTINCT_LIST if i.traditional}
TRADITIONAL.update({v: i.name for i in INSTINCT_LIST for v in i.variants})
INSTINCT_WORDS = tuple(INSTINCTS) + tuple(TRADITIONAL)
