"""Every role and skill of 纳塔, in the pool's order, checked against the resolution order.

Importing this module imports every role module (roles/), puts the registry in the order of pool.py, and
checks the declarations: each role of the pool declared once, each step of order.ORDER and each trigger of
order.HOOKS answered by a skill that writes the handler, each handler listed there, each skill usable in the
phases it declares. A broken declaration stops the game from loading with the reason (`problems`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from . import roles  # noqa: F401  (registers every role module)
from .declared import ROLES, SKILLS
from .order import HOOKS, ORDER, Step
from .pool import ROLE_WORDS
from .skill import HOOK_NAMES, NataSkill, Role, overrides
from .terms import DAWN, DEEP, DUSK, EARLY, LATE, MID, NIGHT_PHASES, NOON, START


def problems(declared: Mapping[str, Role], skills: Mapping[str, NataSkill], order: Iterable[Step],
             hooks: Mapping[str, tuple[str, ...]], pool: Iterable[str], procedures: Iterable[str]) -> list[str]:
    """What is wrong with a set of declarations (empty: nothing)."""
    out: list[str] = []
    pool, procedures, order = tuple(pool), set(procedures), tuple(order)
    if set(declared) != set(pool):
        out += [f"身份 {r} 在身份池里但没有声明" for r in pool if r not in declared]
        out += [f"身份 {r} 已声明但不在身份池里" for r in declared if r not in pool]
    owned: set[str] = set()
    for r in declared.values():
        for s in (*r.skills, *r.extra):
            owned.add(s.key)
            if skills.get(s.key) is not s:
                out.append(f"{r.name} 的技能 {s.key} 没有登记")
    steps = {(s.phase, s.key) for s in order}
    for s in order:
        if s.key in procedures:
            continue
        sk = skills.get(s.key)
        if sk is None:
            out.append(f"ORDER 的一步 {s.part}·{s.key} 既不是技能也不是流程")
        elif not (overrides(sk, "step") or overrides(sk, "use" if sk.instant else "resolve")):
            out.append(f"ORDER 的一步 {s.part}·{s.key}：技能「{sk.name}」没有处理这一步的方法")
    out += [f"流程 {p} 不在 ORDER 里" for p in procedures if p not in {s.key for s in order}]
    for name in HOOK_NAMES:
        listed = hooks.get(name, ())
        out += [f"HOOKS[{name!r}] 的 {k} 没有声明" for k in listed if k not in skills]
        answering = {k for k, s in skills.items() if overrides(s, name)}
        out += [f"HOOKS[{name!r}] 列出了 {k}，但它没有写 {name}" for k in listed if k in skills and k not in answering]
        out += [f"技能 {k} 写了 {name}，但 HOOKS[{name!r}] 没有列出它" for k in sorted(answering - set(listed))]
    out += [f"HOOKS 的 {name!r} 不是已知的触发" for name in hooks if name not in HOOK_NAMES]
    for k, s in skills.items():
        if k not in owned and not overrides(s, "offered"):
            out.append(f"技能 {k} 不属于任何身份，也不会提供给任何座位")
        if s.mandatory:
            if not any(overrides(s, h) for h in (*HOOK_NAMES, "step")):
                out.append(f"强制技能 {k} 没有任何触发")
            continue
        nights = [p for p in s.phases if p in NIGHT_PHASES]
        planned = nights and not s.instant
        if planned and not (overrides(s, "resolve") or overrides(s, "step")):
            out.append(f"夜晚技能 {k} 没有 resolve（或它自己的 step）")
        if planned and not s.anytime:
            out += [f"夜晚技能 {k} 在 {p} 没有 ORDER 的一步" for p in nights if (p, k) not in steps]
        if (s.instant or not s.phases or len(nights) < len(s.phases)) and not overrides(s, "use"):
            out.append(f"技能 {k} 可以随用随结算，但没有 use")
    return out


def require(procedures: Iterable[str], order: Iterable[Step] | None = None) -> None:
    """Stop the game from loading if its declarations are broken (called by rules.py with the game's procedures)."""
    found = problems(ROLES, SKILLS, ORDER if order is None else order, HOOKS, ROLE_WORDS, procedures)
    if found:
        raise ValueError("纳塔的声明有误：" + "；".join(found))


def _in_pool_order() -> None:
    """The registry in the pool's order: skills no role holds first, then each role's own, then what it may gain."""
    ordered_roles = {name: ROLES[name] for name in ROLE_WORDS if name in ROLES}
    keys = [s.key for r in ordered_roles.values() for s in (*r.skills, *r.extra)]
    first = [k for k in SKILLS if k not in keys]
    ordered = {k: SKILLS[k] for k in dict.fromkeys(first + keys)}
    SKILLS.clear()
    SKILLS.update(ordered)
    ROLES.clear()
    ROLES.update(ordered_roles)


_in_pool_order()

# Names of the [指定] skills, for 野人[跟随]'s 嚎叫 and 饕餮's 贪欲.
TARGETED_NAMES: tuple[str, ...] = tuple(dict.fromkeys(s.name for s in SKILLS.values() if s.targeted))
# 嚎叫 names two of them: its words are known once every role is in.
SKILLS["howl"] = replace(SKILLS["howl"], words=TARGETED_NAMES)
# Skills usable in each phase (a quick first filter for "who still owes an action").
PHASE_KEYS: dict[str, frozenset[str]] = {
    p: frozenset(k for k, s in SKILLS.items() if p in s.phases) for p in (START, NOON, DUSK, EARLY, MID, DEEP, LATE, DAWN)
}
# Keys of the 强制 skills that give statuses while in force.
INNATE_KEYS = frozenset(HOOKS["innate"])


_HOOKED = {name: tuple(SKILLS[k] for k in keys) for name, keys in HOOKS.items()}


def hooked(name: str) -> tuple[NataSkill, ...]:
    """The skills answering a trigger, in the order of order.HOOKS."""
    return _HOOKED[name]

