"""The numbers of 【战斗规则】 and 【检定规则】, as they stand for a seat tonight: 敏捷加值 and 敏捷调整值, AC, AB, and
the three saves. What a seat's skills add (a stance in force, a passive) its skills answer (effect.py)."""

from __future__ import annotations

from .state import TavernState


def dex_bonus(st: TavernState, seat: int) -> int:
    """敏捷加值 now: lost when 眩晕, 被擒抱 or 受伤 (直觉闪避 keeps it except when 受伤); 震慑 −5, not below 0."""
    if st.hp[seat] == 0:
        return 0
    d = st.spec(seat).dex
    keeps = st.passive(seat, "keeps_dex") is not None
    if not keeps and (st.has(seat, "眩晕") or st.grappler_of(seat)):
        return 0
    if st.has(seat, "震慑"):
        d = max(0, d - 5)
    return d


def dex_mod(st: TavernState, seat: int) -> int:
    """敏捷调整值 for initiative: 5% of 敏捷加值 is one point (reflex uses the same /5)."""
    return dex_bonus(st, seat) // 5


def armor_class(st: TavernState, seat: int) -> int:
    return st.spec(seat).armor + dex_bonus(st, seat) + sum(s.ac for s in st.in_force(seat))


def attack_bonus(st: TavernState, seat: int, buffs: dict[int, list[int]] | None = None) -> int:
    """AB; `buffs` are tonight's (鼓舞): seat -> [ab, damage]."""
    ab = st.spec(seat).ab + sum(s.ab for s in st.in_force(seat))
    if buffs is not None:
        ab += buffs.get(seat, [0, 0])[0]
    if st.has(seat, "眩晕"):
        ab -= 10
    if st.has(seat, "疲惫"):
        ab -= 5
    return ab


def save_bonus(st: TavernState, seat: int) -> int:
    found = st.passive(seat, "save_bonus")
    return found[0].save_bonus(found[1]) if found else 0


def will(st: TavernState, seat: int) -> int:
    """意志 = [12 − 生命上限] × 10%."""
    return max(0, (12 - st.spec(seat).hp) * 10) + save_bonus(st, seat)


def reflex(st: TavernState, seat: int) -> int:
    """反射 = 敏捷加值 / 5 × 20."""
    return dex_bonus(st, seat) // 5 * 20 + save_bonus(st, seat)


def fortitude(st: TavernState, seat: int) -> int:
    """强韧 = (1 + 生命上限/2) × 10% (the text's ×100% is a slip: its own example gives 野蛮人 70%)."""
    return 10 + 5 * st.spec(seat).hp + save_bonus(st, seat)


SAVE_OF = {"意志": will, "反射": reflex, "强韧": fortitude}
