"""Helpers shared by 纳塔's scenario tests (a support module, no tests of its own): a 13-role deal around
the roles a test needs, an exile by everyone's vote, the pack's kill."""

from __future__ import annotations

from nata_table import DEEP, NOON, Table

from plugins.bansha.engine import Refusal

VILLAGERS = ("通灵师", "魔术师", "审讯官", "毒士", "道士", "懦夫", "猎人", "禁言长老", "太阳")
WOLVES = ("狼兄", "狼弟", "渊狼", "白狼王")


def deal(*extra: str, wolves=WOLVES, seer="通灵师") -> tuple[str, ...]:
    """13 roles: the given ones first, the rest filled from a neutral set, respecting the slot counts."""
    from plugins.nata.pool import SEER_POOL, STRONG_POOL, WEAK_POOL, WOLF_POOL

    picked = list(extra)
    w = [r for r in picked if r in WOLF_POOL]
    for r in wolves:
        if len(w) < 4 and r not in w:
            w.append(r)
    if ("狼兄" in w) != ("狼弟" in w):
        w = [r for r in w if r not in ("狼兄", "狼弟")]
        for r in ("渊狼", "白狼王", "死神", "梼杌", "饕餮"):
            if len(w) < 4 and r not in w:
                w.append(r)
    s = [r for r in picked if r in STRONG_POOL]
    for r in ("魔术师", "审讯官", "毒士", "道士", "阴阳使者"):
        if len(s) < 4 and r not in s:
            s.append(r)
    k = [r for r in picked if r in WEAK_POOL]
    for r in ("懦夫", "猎人", "禁言长老", "太阳", "愚者"):
        if len(k) < 4 and r not in k:
            k.append(r)
    if ("养殖者" in w or "野人" in s) and "厚皮肉猪" not in k:
        k[-1] = "厚皮肉猪"
    seers = [r for r in picked if r in SEER_POOL] or [seer]
    return (*w[:4], seers[0], *s[:4], *k[:4])


def exile(t: Table, target: int) -> None:
    """Every living seat that may vote votes `target`; the 正午 closes."""
    t.to(NOON)
    for s in t.state.living():
        try:
            t.vote(s, target)
        except Refusal:
            pass
    if t.state.phase == NOON:
        t.deadline()


def wolves_kill(t: Table, target: int, day: int = 2) -> None:
    t.to(DEEP, day)
    for w in t.state.pack():
        t.act(w, "杀人", target)


def linked_wolf() -> tuple[Table, int, int, int]:
    """A 群内 wolf linked (灵魂链接) to a villager; returns (table, wolf, mate, villager)."""
    t = Table(deal("传递者"))
    messenger = t.who("传递者")
    pack = t.state.pack()
    wolf, mate = pack[0], pack[1]
    villager = t.who("审讯官")
    t.to(NOON, 2)
    t.act(messenger, "灵魂链接", wolf, villager)
    assert (min(wolf, villager), max(wolf, villager)) in t.state.links
    return t, wolf, mate, villager
