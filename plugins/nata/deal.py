"""The deal of 纳塔: 4 wolves, 1 验人系, 4 强神, 4 弱神 and the 宗教老爷爷, under every pairing rule
and the strength ratio.

The ratio (004: "村民与狼人强度值倍率为1.3～1.4") is read as

    (strength of the 验人系 + the 4 强神 + the 4 弱神) ÷ (strength of the 4 wolves) ∈ [1.3, 1.4]

with both bounds included and 宗教老爷爷 (who has no strength value) in neither sum.

The draw is uniform over every valid deal: a wolf set is chosen with weight equal to the
number of village sets that fit it, then a village set uniformly among those. That is what
drawing each pool at random and redrawing until every rule holds would give, without the
~100 redraws (about 1 % of raw draws pass). All randomness comes from the game's Rng.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

from ..bansha.engine import Rng
from .declared import ROLES
from .pool import INDEPENDENT, SEER_POOL, STRONG_POOL, WEAK_POOL, WOLF_POOL

PIG, FARMER, WILDMAN, FACE = "厚皮肉猪", "养殖者", "野人", "变脸者"
CARD_MIN, CARD_MAX = 16, 20  # 变脸者: "强度分总和不小于16且不大于20"
DEFAULT_RATIO = (Fraction(13, 10), Fraction(14, 10))


@dataclass(frozen=True)
class Deal:
    wolves: tuple[str, ...]
    seer: str
    strong: tuple[str, ...]
    weak: tuple[str, ...]

    @property
    def roles(self) -> tuple[str, ...]:
        return (*self.wolves, self.seer, *self.strong, *self.weak, INDEPENDENT)

    @property
    def wolf_strength(self) -> int:
        return sum(ROLES[r].strength for r in self.wolves)

    @property
    def village_strength(self) -> int:
        return sum(ROLES[r].strength for r in (self.seer, *self.strong, *self.weak))


def parse_ratio(text: str | None) -> tuple[Fraction, Fraction]:
    """'1.3-1.4' (also ～ ~ 至 到) → (lo, hi); ValueError with a Chinese message."""
    if not text:
        return DEFAULT_RATIO
    for sep in ("～", "~", "至", "到", "-", "—"):
        if sep in text:
            a, _, b = text.partition(sep)
            break
    else:
        raise ValueError("强度倍率请写成 下限-上限，如 1.3-1.4。")
    try:
        lo, hi = Fraction(a.strip()).limit_denominator(1000), Fraction(b.strip()).limit_denominator(1000)
    except (ValueError, ZeroDivisionError):
        raise ValueError("强度倍率请写成 下限-上限，如 1.3-1.4。") from None
    if not 0 < lo <= hi:
        raise ValueError("强度倍率的下限必须大于0且不大于上限。")
    return lo, hi


def parse_forced(text: str | None) -> tuple[str, ...]:
    """The 指定身份 option: role names the judge wants in the deal."""
    if not text:
        return ()
    names = [w.strip() for w in text.replace("，", ",").replace("、", ",").replace(" ", ",").split(",") if w.strip()]
    out: list[str] = []
    for name in names:
        if name not in ROLES:
            raise ValueError(f"指定身份里没有「{name[:10]}」这个身份。可选：{'、'.join(ROLES)}")
        if name in out:
            raise ValueError(f"指定身份里「{name}」重复了。")
        out.append(name)
    for pool, k in ((WOLF_POOL, 4), (SEER_POOL, 1), (STRONG_POOL, 4), (WEAK_POOL, 4)):
        if sum(1 for n in out if n in pool) > k:
            raise ValueError(f"指定身份超出了身份池的名额（{'/'.join(pool[:2])}… 这一池只抽 {k} 个）。")
    return tuple(n for n in out if n != INDEPENDENT)


def wolves_ok(wolves: tuple[str, ...]) -> bool:
    """狼兄⇔狼弟; 赤狼 ⇒ 群内 wolves more than half of all wolves."""
    if ("狼兄" in wolves) != ("狼弟" in wolves):
        return False
    if "赤狼" in wolves:
        inner = sum(1 for w in wolves if "群内" in ROLES[w].tags)
        if inner * 2 <= len(wolves):
            return False
    return True


def card_pool(in_play: tuple[str, ...] | set[str]) -> list[str]:
    """Roles 变脸者 may hold as hidden cards: 强神/弱神 not in play (never 验人系, 身份更换 rule 1);
    野人 only when 厚皮肉猪 is in play ("有野人必有厚皮肉猪")."""
    return [r for r in STRONG_POOL + WEAK_POOL if r not in in_play and (r != WILDMAN or PIG in in_play)]


def card_triples(in_play: tuple[str, ...] | set[str]) -> list[tuple[str, str, str]]:
    pool = card_pool(in_play)
    return [t for t in combinations(pool, 3) if CARD_MIN <= sum(ROLES[r].strength for r in t) <= CARD_MAX]


@lru_cache(maxsize=4096)
def _has_triple(strengths: tuple[int, ...]) -> bool:
    return any(CARD_MIN <= a + b + c <= CARD_MAX for a, b, c in combinations(strengths, 3))


def village_ok(strong: tuple[str, ...], weak: tuple[str, ...]) -> bool:
    """变脸者 needs three hidden cards with strength 16–20 among the roles not in play."""
    if FACE not in strong:
        return True
    pool = card_pool(set(strong) | set(weak))
    return _has_triple(tuple(sorted(ROLES[r].strength for r in pool)))


def valid(deal: Deal, ratio: tuple[Fraction, Fraction] = DEFAULT_RATIO) -> str | None:
    """Why a deal breaks the rules, or None."""
    roles = set(deal.roles)
    if len(deal.wolves) != 4 or len(deal.strong) != 4 or len(deal.weak) != 4 or len(roles) != 14:
        return "身份数量不对"
    if not all(w in WOLF_POOL for w in deal.wolves) or deal.seer not in SEER_POOL:
        return "身份不在对应的池里"
    if not all(s in STRONG_POOL for s in deal.strong) or not all(w in WEAK_POOL for w in deal.weak):
        return "身份不在对应的池里"
    if not wolves_ok(deal.wolves):
        return "狼兄/狼弟 或 赤狼 的出场条件不满足"
    if (FARMER in roles or WILDMAN in roles) and PIG not in roles:
        return "有养殖者或野人却没有厚皮肉猪"
    if not village_ok(deal.strong, deal.weak):
        return "变脸者凑不出强度16～20的三张底牌"
    lo, hi = ratio
    r = Fraction(deal.village_strength, deal.wolf_strength)
    if not lo <= r <= hi:
        return f"强度倍率 {float(r):.3f} 不在 {float(lo):g}～{float(hi):g} 之间"
    return None


@dataclass(frozen=True)
class _Sampler:
    wolves: tuple[tuple[str, ...], ...]
    weights: tuple[int, ...]  # per wolf set: how many village sets fit it
    # (village strength, has pig, has 野人) → village sets (seer, strong, weak)
    buckets: tuple[tuple[tuple[int, bool, bool], tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]], ...]
    ratio: tuple[Fraction, Fraction]

    @property
    def total(self) -> int:
        return sum(self.weights)

    def fits(self, wolves: tuple[str, ...]):
        ws = sum(ROLES[w].strength for w in wolves)
        lo, hi = self.ratio
        farmer = FARMER in wolves
        for (vs, pig, wild), sets in self.buckets:
            if lo * ws <= vs <= hi * ws and (pig or not (farmer or wild)):
                yield sets


@lru_cache(maxsize=32)
def _sampler(forced: tuple[str, ...], ratio: tuple[Fraction, Fraction]) -> _Sampler:
    need_w = [r for r in forced if r in WOLF_POOL]
    need_v = [r for r in forced if r not in WOLF_POOL]
    wolves = tuple(w for w in combinations(WOLF_POOL, 4) if wolves_ok(w) and all(r in w for r in need_w))
    groups: dict[tuple[int, bool, bool], list] = {}
    for strong in combinations(STRONG_POOL, 4):
        for weak in combinations(WEAK_POOL, 4):
            if not village_ok(strong, weak):
                continue
            for seer in SEER_POOL:
                if need_v and not all(r == seer or r in strong or r in weak for r in need_v):
                    continue
                vs = ROLES[seer].strength + sum(ROLES[r].strength for r in strong + weak)
                key = (vs, PIG in weak, WILDMAN in strong)
                groups.setdefault(key, []).append((seer, strong, weak))
    buckets = tuple((k, tuple(v)) for k, v in sorted(groups.items()))
    sampler = _Sampler(wolves, (), buckets, ratio)
    weights = tuple(sum(len(s) for s in sampler.fits(w)) for w in wolves)
    return _Sampler(wolves, weights, buckets, ratio)


def feasible(forced: tuple[str, ...] = (), ratio: tuple[Fraction, Fraction] = DEFAULT_RATIO) -> bool:
    return _sampler(tuple(sorted(forced)), ratio).total > 0


def draw(rng: Rng, forced: tuple[str, ...] = (), ratio: tuple[Fraction, Fraction] = DEFAULT_RATIO) -> Deal:
    """One deal, uniform over all valid deals that contain the forced roles."""
    sampler = _sampler(tuple(sorted(forced)), ratio)
    total = sampler.total
    if total == 0:
        raise ValueError("按指定身份和强度倍率凑不出合法的发牌。")
    x = rng.below(total)
    for wolves, weight in zip(sampler.wolves, sampler.weights, strict=True):
        if x < weight:
            for sets in sampler.fits(wolves):
                if x < len(sets):
                    seer, strong, weak = sets[x]
                    return Deal(wolves, seer, strong, weak)
                x -= len(sets)
        x -= weight
    raise AssertionError("unreachable: the weights add up to the total")


def draw_cards(rng: Rng, in_play: tuple[str, ...]) -> tuple[str, ...]:
    """变脸者's three hidden cards: uniform among the valid triples of roles not in play."""
    triples = card_triples(in_play)
    return triples[rng.below(len(triples))] if triples else ()
