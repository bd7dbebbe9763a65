"""One round's resolution, in the text's 結算順序 (2.8):

    buff获取 -> 最大受到伤害 -> 护盾 -> 真实伤害 -> 锁血 -> 特殊技能 (嗜杀 -> 饮鸩止渴 -> 替身力量)

The buff stage itself runs BUFF_ORDER: 本能无效 by priority first (it decides
which effects exist at all), then 攻击无效, then the sources of reductions,
caps and locks, then the attacks and the 本能 effects as damage ("伤害"), true
damage ("真实伤害") and shields. 凶残 (四级, 锁定) depends on how many players of
the other levels lost HP, so the levels 1–3 are settled first and level 4
after them; no effect couples the two groups (磕CP shares only within a level).

Pure: the resolver reads and writes the state and collects messages; the
ruleset sends them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .data import (
    ALLIANCE_CAP,
    BUFF_ORDER,
    CRUEL_BAR,
    EXTRA_SOURCES,
    FEAR,
    INSTINCTS,
    JI,
    RESOLUTION_ORDER,
    SPECIAL_ORDER,
    bracket,
)
from .state import BeastState, Plan


@dataclass
class Hit:
    source: int  # seat; 0 = the rules (凶残)
    amount: int
    true: bool  # 真实伤害
    what: str


@dataclass
class Report:
    deaths: list[int] = field(default_factory=list)
    notes: dict[int, list[str]] = field(default_factory=dict)  # private lines per seat
    facts: dict[int, list[tuple]] = field(default_factory=dict)  # the same results, structured (event data)
    log: list[str] = field(default_factory=list)  # judge lines
    stale: list[int] = field(default_factory=list)  # 独立宣言: seats whose announced HP stays as before
    winner: int = 0
    winner_seat: int = 0
    winner_how: str = ""


def guess_level(word: str) -> int:
    return int(word[0])


def guess_form(word: str) -> str:
    return word[2:].upper()


class Resolver:
    def __init__(self, st: BeastState):
        self.st = st
        self.r = st.day
        self.n = st.n
        self.actors = st.living()  # alive when the round began
        self.start = {s: st.hp[s] for s in range(1, st.n + 1)}
        self.hp = dict(self.start)
        self.null: dict[int, int] = {s: 0 for s in range(1, st.n + 1)}
        self.null_why: dict[int, list[str]] = {}
        self.void: set[int] = set()
        self.hits: dict[int, list[Hit]] = {s: [] for s in range(1, st.n + 1)}
        self.hurt_by: dict[int, list[int]] = {}
        self.caps: dict[int, int] = {}
        self.locks: dict[int, list[tuple[int, str]]] = {}
        self.gain: dict[int, int] = {}
        self.protect: dict[int, set[int]] = {}  # seat -> levels it takes nothing from (凶)
        self.double: set[int] = set()  # 兽性
        self.pairs: list[tuple[int, int]] = []  # 磕CP
        self.only_highest: set[int] = set()  # 凶+凶
        self.bloodlust: list[tuple[int, int]] = []
        self.cups: list[int] = []
        self.fox_watch: list[tuple[int, int]] = []
        self.mercy_next: list[int] = []
        self.ambitious: list[int] = []
        self.damage: dict[int, int] = {}  # ordinary damage after cap (before shields)
        self.true: dict[int, int] = {}
        self.taken: dict[int, int] = {s: 0 for s in range(1, st.n + 1)}  # what reached HP
        self.diva = False
        self.rep = Report()

    # --- helpers --------------------------------------------------------------------------
    def note(self, seat: int, text: str) -> None:
        self.rep.notes.setdefault(seat, []).append(text)

    def log(self, text: str) -> None:
        self.rep.log.append(text)

    def plan(self, seat: int) -> Plan:
        return self.st.plans.get(seat) or Plan()

    def used(self, seat: int, key: str) -> bool:
        """The seat used its 本能 `key` this round."""
        return self.plan(seat).instinct == key and self.st.holds(seat, key)

    def priority(self, seat: int) -> int:
        inst = self.st.instinct(seat)
        if inst is None:
            return 1
        if inst.skill.key == "luck" and self.st.luck.get(seat) == "休" and self.used(seat, "luck"):
            return 3  # 幸运休
        return inst.priority

    def nullified(self, seat: int) -> bool:
        """2.9: 本能無效只能對優先級小於它且非鎖定的本能生效; the lowest tier nullifies its own
        tier too, or 卧薪尝胆's 使其本能無效 would never do anything."""
        inst = self.st.instinct(seat)
        if inst is None or inst.locked or not self.null[seat]:
            return False
        p, q = self.null[seat], self.priority(seat)
        return p > q or p == q == 1

    def works(self, seat: int) -> bool:
        return self.st.instinct(seat) is not None and not self.nullified(seat)

    def active(self, seat: int, key: str) -> bool:
        return self.used(seat, key) and self.works(seat)

    def lock(self, seat: int, value: int, why: str) -> None:
        self.locks.setdefault(seat, []).append((min(value, self.start[seat]), why))

    def shielded(self, target: int, source: int) -> bool:
        """趋吉避凶（凶）: the target takes nothing from the source's level this round."""
        return bool(source) and self.st.level(source) in self.protect.get(target, set())

    def hit(self, target: int, h: Hit) -> None:
        if target not in self.actors or h.amount <= 0:
            return
        if self.shielded(target, h.source):
            self.log(f"{target}号 受趋吉避凶（凶）保护，免除来自{self.st.level(h.source)}级的{h.what}")
            return
        self.hits[target].append(h)
        self.hurt_by.setdefault(target, []).append(h.source)

    def name(self, seat: int) -> str:
        return f"{seat}号"

    # --- the round ------------------------------------------------------------------------
    def run(self) -> Report:
        for key, _ in BUFF_ORDER:
            getattr(self, f"_buff_{key}")()
        first = [s for s in self.actors if self.st.level(s) != 4]
        fourth = [s for s in self.actors if self.st.level(s) == 4]
        self.settle(first)
        self.cruel(fourth, first)
        self.settle(fourth)
        self.after()
        return self.rep

    def settle(self, seats: list[int]) -> None:
        for key, _ in RESOLUTION_ORDER[1:]:
            getattr(self, f"_{key}")(seats)

    # --- buff stage -----------------------------------------------------------------------
    def _null(self, seat: int, priority: int, why: str) -> None:
        if seat in self.actors:
            self.null[seat] = max(self.null[seat], priority)
            self.null_why.setdefault(seat, []).append(why)

    def _buff_nullify(self) -> None:
        st, r = self.st, self.r
        for s in self.actors:  # known before the round began
            if r == 1 and st.level(s) <= 2:
                self._null(s, FEAR, "恐惧")
            if st.mercy_until.get(s) == r:
                self._null(s, FEAR, "仁慈")
        # tier by tier, highest first; a tier's sources are listed before any of them applies
        tiers = (
            (5, lambda: [(s, [self.plan(s).slaughter], "杀戮") for s in self.actors if self.plan(s).slaughter]),
            (4, self._src_balance),
            (3, self._src_luck),
            (2, self._src_stand),
            (1, self._src_endure),
        )
        for p, sources in tiers:
            for _src, targets, why in sources():
                for t in targets:
                    self._null(t, p, why)
        for s in self.actors:
            if self.nullified(s):
                whys = list(dict.fromkeys(self.null_why.get(s, [])))
                if any(w not in ("恐惧", "仁慈") for w in whys):  # those two were told before the round
                    self.note(s, "你本回合获得了本能无效，本能无法发动（计入冷却，不扣次数）。")
                self.log(f"{s}号 本能无效（{'、'.join(whys)}）")

    def _src_balance(self):
        return [(s, [t for t in self.actors if self.st.level(t) != self.st.level(s)], "制衡")
                for s in self.actors if self.active(s, "balance")]

    def _src_luck(self):
        return [(s, list(self.plan(s).targets), "幸运休") for s in self.actors
                if self.active(s, "luck") and self.st.luck.get(s) == "休"]

    def _src_stand(self):
        return [(s, list(self.plan(s).targets), "替身力量") for s in self.actors if self.active(s, "stand")]

    def _src_endure(self):
        return [(s, list(self.plan(s).targets), "卧薪尝胆") for s in self.actors if self.active(s, "endure")]

    def _buff_void(self) -> None:
        st = self.st
        for s in self.actors:
            if self.active(s, "endure"):
                t = self.plan(s).targets[0]
                if t in st.hurt_by.get(s, []):
                    self.void.add(t)
                    self.log(f"{s}号 卧薪尝胆：{t}号 上回合伤害过他，本回合攻击无效")
            if self.active(s, "ship"):
                t = self.plan(s).targets[0]
                if st.level(t) == st.level(s):
                    self.pairs.append((s, t))
                    self.log(f"{s}号 磕CP {t}号：同等级，本回合共享较少的伤害")
                else:
                    self.void.add(t)
                    self.log(f"{s}号 磕CP {t}号：等级不同，{t}号 本回合攻击无效")

    def _buff_guards(self) -> None:
        st, r = self.st, self.r
        for s in self.actors:
            plan = self.plan(s)
            if self.used(s, "omen"):  # 锁定: always works
                self._omen(s, plan)
            if self.active(s, "beast"):
                self.double.add(plan.targets[0])
                self.log(f"{s}号 兽性：{plan.targets[0]}号 本回合受到的伤害×2")
            if self.active(s, "alliance"):
                self.lock(s, self.start[s], "合纵连横")
                if plan.targets:
                    cap = bracket(self.n, ALLIANCE_CAP)
                    t = plan.targets[0]
                    self.caps[t] = min(self.caps.get(t, cap), cap)
                    self.log(f"{s}号 合纵连横：{t}号 本回合最大受到伤害为{cap}")
            if self.active(s, "sturdy"):
                self.lock(s, self.start[s] // 2, "强健")
            if plan.slaughter:
                self.lock(s, self.start[s] - 1, "杀戮")
            if self.active(s, "last_stand") or (st.holds(s, "last_stand") and st.last_stand.get(s, 0) >= r
                                                and self.works(s)):
                self.lock(s, self.start[s], "垂死抗争")
            if self.active(s, "survive"):
                self.lock(s, self.start[s], "苟且偷生")
            if self.active(s, "endure") and (st.used(s, "endure") + 1) % 2 == 0:
                self.lock(s, self.start[s], "卧薪尝胆（偶数次：最大扣除血量为0）")
            if st.holds(s, "ruins") and not st.aggressive.get(s):
                self.lock(s, self.start[s] - 2, "断井颓垣（颓靡：至多扣除2点）")
        for s in self.actors:  # after every 吉+吉 of this round is known
            if st.max_loss.get(s, 0) >= r:
                self.lock(s, self.start[s] - 1, "吉+吉（最大扣除血量为1）")

    def _omen(self, s: int, plan: Plan) -> None:
        st, r = self.st, self.r
        choice = self.omen_choice(s)
        if choice != JI and plan.targets:
            t = plan.targets[0]
            self.protect.setdefault(t, set()).add(st.level(s))
            self.log(f"{s}号 趋吉避凶（凶）：{t}号 本回合不受{st.level(s)}级的伤害")
        if r % 2:
            return
        before = st.omens.get(s, {}).get(r - 1, JI)
        if before == choice == JI:
            for x in self.actors:
                if st.level(x) == st.level(s):
                    st.max_loss[x] = max(st.max_loss.get(x, 0), r + 1)
            self.log(f"{s}号 趋吉避凶 吉+吉：{st.level(s)}级玩家本回合和下回合最大扣除血量为1")
        elif before == choice:
            self.only_highest.add(s)
            self.log(f"{s}号 趋吉避凶 凶+凶：本回合只受一次最高的伤害")
        else:
            self.gain[s] = self.gain.get(s, 0) + 1
            level = next((int(w[0]) for w in plan.words if w.endswith("级")), 0)
            if level:
                st.curses[level] = r + 1
                self.log(f"{s}号 趋吉避凶 吉凶组合：诅咒{level}级，下一回合其攻击伤害-1；自己+1护盾")
            else:
                self.log(f"{s}号 趋吉避凶 吉凶组合：没有指定诅咒等级；自己+1护盾")

    def omen_choice(self, seat: int) -> str:
        plan = self.plan(seat)
        if plan.instinct == "omen" and any(w in ("凶", "兇") for w in plan.words):
            return "凶"
        return JI

    def strikes(self, seat: int) -> list[tuple[int, str]]:
        """The seat's attacks (or senses for level 1) this round: the action first, then the extras that work."""
        st, plan = self.st, self.plan(seat)
        out = [(plan.action, "行动")] if plan.action and not st.gave_up_action(seat) else []
        for key in EXTRA_SOURCES:
            t = plan.extra.get(key, 0)
            if not t:
                continue
            if key == "ambition":
                if not self.ambition_holds(seat):
                    self.note(seat, "野心：条件不满足，本回合没有额外行动。")
                    continue
                self.ambitious.append(seat)
            elif not self.active(seat, key):
                continue
            out.append((t, {"ambition": "野心", "rage": "发怒", "last_stand": "垂死抗争"}[key]))
        return out

    def ambition_holds(self, seat: int) -> bool:
        st = self.st
        living = st.living()
        top = any(st.hp[x] > st.hp[seat] for x in living if x != seat)
        others = sum(1 for x in living if st.level(x) != st.level(seat))
        return top and others <= st.n // 2

    def _buff_attacks(self) -> None:
        st = self.st
        for a in self.actors:
            first = True
            strikes = self.strikes(a)
            for t, how in strikes:
                if t not in self.actors:
                    continue
                if st.level(a) == 1:
                    self._sense(a, t, how)
                else:
                    self._attack(a, t, how)
                if first and st.fox_bonus.get(a):
                    st.fox_bonus[a] -= 1
                    if st.level(a) == 1 or self._lands(a, t):
                        self.hit(t, Hit(a, 1, True, "狐假虎威追加"))
                        self.log(f"{a}号 狐假虎威追加：对 {t}号 造成1点真实伤害")
                first = False
            if self.active(a, "mercy") and self.plan(a).targets[0] not in [t for t, _ in strikes]:
                self.note(a, "仁慈：目标不是你本回合的攻击对象，未生效。")

    def _lands(self, a: int, t: int) -> bool:
        return self.st.level(t) < self.st.level(a) and a not in self.void

    def _attack(self, a: int, t: int, how: str) -> None:
        st, r = self.st, self.r
        if not self._lands(a, t):
            why = "攻击无效（本回合被施加）" if a in self.void else "攻击无效（目标等级不低于攻击者）"
            self.log(f"{a}号 {how}攻击 {t}号：{why}")
            return
        diff = st.level(a) - st.level(t)
        amount = 1 + (1 if diff >= 2 else 0)
        if st.curses.get(st.level(a)) == r:
            amount -= 1
        if st.holds(a, "ruins") and not st.aggressive.get(a):
            amount = 0  # 颓靡: 回合內攻擊無法造成傷害
        self.log(f"{a}号 {how}攻击 {t}号：{amount}点伤害")
        self.hit(t, Hit(a, amount, False, "攻击"))
        if st.holds(t, "stand") and self.works(t):
            st.scarecrows[t] = st.scarecrows.get(t, 0) + 1
            self.log(f"{t}号 被攻击成功，稻草人+1")
        # 兇: an attack from a level the target is protected from does nothing to it, so 嗜杀 cannot kill it either
        lethal = not self.shielded(t, a) and self.start[a] >= self.start[t] and self.start[t] <= 3
        if lethal and st.holds(a, "bloodlust") and self.works(a):
            self.bloodlust.append((a, t))
            self.log(f"{a}号 嗜杀 {t}号 发动")
        if self.active(a, "mercy") and self.plan(a).targets[0] == t:
            if self.start[t] * 2 <= st.max_hp:
                self.lock(t, 1, "仁慈")
                self.mercy_next.append(t)
                self.log(f"{a}号 仁慈：{t}号 本回合锁血为1，下回合无法使用本能、智慧必定失败")
            else:
                self.note(a, "仁慈：目标上一回合血量高于最大血量的一半，未生效。")

    def objects(self, seat: int, skip_attacks: bool = False) -> list[int]:
        """The seat's objects this round in 感应's order: attack, sense, then 本能 targets."""
        st, plan = self.st, self.plan(seat)
        if self.active(seat, "diva"):
            return [seat]  # 我是歌姬：本回合對象為自己
        acts = [plan.action] if plan.action and not st.gave_up_action(seat) else []
        acts += [plan.extra[k] for k in EXTRA_SOURCES if plan.extra.get(k)]
        attacks = acts if st.level(seat) > 1 else []
        senses = acts if st.level(seat) == 1 else []
        return [t for t in (([] if skip_attacks else attacks) + senses + list(plan.targets)) if t]

    def _sense(self, a: int, t: int, how: str) -> None:
        st = self.st
        blind = st.holds(a, "ruins") and not st.aggressive.get(a)  # 颓靡：感應無法獲取目標的攻擊信息
        objs = self.objects(t, skip_attacks=blind and st.level(t) > 1)
        self.rep.facts.setdefault(a, []).append(("sense", t, objs[0] if objs else 0))
        if objs:
            self.note(a, f"感应（{how}）：{t}号 本回合的对象是 {objs[0]}号。")
        else:
            self.note(a, f"感应（{how}）：{t}号 本回合没有对象。")
        self.log(f"{a}号 {how}感应 {t}号：{objs[0] if objs else '无'}")

    def _buff_instincts(self) -> None:
        st, r = self.st, self.r
        for s in self.actors:
            if self.plan(s).slaughter:
                t = self.plan(s).slaughter
                self.hit(t, Hit(s, self.start[t] // 2, True, "杀戮"))
                self.log(f"{s}号 杀戮 {t}号：本能无效，{self.start[t] // 2}点真实伤害；自己锁血为{self.start[s] - 1}")
        for s in sorted(st.plans):
            plan = self.plan(s)
            key = plan.instinct
            if not key or not st.holds(s, key) or not self.works(s):
                continue
            t = plan.targets[0] if plan.targets else 0
            if key == "balance":
                self.hit(s, Hit(s, 1, True, "制衡"))
                self.log(f"{s}号 制衡：其他等级本能无效，自己扣1点血量")
            elif key == "luck":
                kind = st.luck.get(s, "")
                if kind == "攻":
                    self.hit(t, Hit(s, 1, True, "幸运攻"))
                elif kind == "守":
                    self.gain[t] = self.gain.get(t, 0) + 1
                self.log(f"{s}号 幸运{kind}：{t}号")
            elif key == "ruins" and st.aggressive.get(s):
                amount = 2 if self.start[t] > self.start[s] else 1
                self.hit(t, Hit(s, amount, True, "断井颓垣"))
                self.log(f"{s}号 断井颓垣（激进）：{t}号 {amount}点真实伤害")
            elif key == "endure" and (st.used(s, "endure") + 1) % 2 == 0:
                self.hit(t, Hit(s, 1, True, "卧薪尝胆"))
                self.log(f"{s}号 卧薪尝胆第偶数次触发：{t}号 1点真实伤害")
            elif key == "vigilance":
                level = int(plan.words[0][0])
                x = min(3, st.lost_last.get(s, 0))
                if st.level(t) == level:
                    self.hit(t, Hit(s, x, True, "警惕"))
                self.log(f"{s}号 警惕 {t}号 猜{level}级：{'猜对，' + str(x) + '点真实伤害' if st.level(t) == level else '猜错'}")
            elif key == "fox":
                if self.start[t] > 2:
                    self.hit(t, Hit(s, 2, True, "狐假虎威"))
                    self.gain[t] = self.gain.get(t, 0) + 2
                    self.fox_watch.append((s, t))
                    self.log(f"{s}号 狐假虎威 {t}号：2点真实伤害，+2护盾")
                else:
                    self.note(s, "狐假虎威：目标上一回合血量不大于2，未生效。")
            elif key == "diva":
                self.diva = True
                self.gain[s] = self.gain.get(s, 0) + 1
                self.log(f"{s}号 我是歌姬：本回合所有智慧必定失败，自己+1护盾")
            elif key == "survive":
                x = st.eyes_on.get(s, 0)
                self.gain[s] = self.gain.get(s, 0) + x
                self.log(f"{s}号 苟且偷生：锁血为{self.start[s]}，+{x}护盾")
            elif key == "stand":
                st.scarecrows[s] = st.scarecrows.get(s, 0) + 2
                self.log(f"{s}号 替身力量：+2稻草人，对 {t}号 施加本能无效")
            elif key == "spokesman":
                for m in plan.targets:
                    book = st.marks.setdefault(s, {})
                    book[m] = min(3, book.get(m, 0) + 1)
                self.log(f"{s}号 外交部发言人标记：{'、'.join(f'{m}号' for m in plan.targets)}")
            elif key == "poison_cup":
                self.cups.append(s)
            elif key == "omen" and self.omen_choice(s) == JI:
                self.hit(s, Hit(s, 1, True, "趋吉避凶（吉）"))
        for h in sorted(st.marks):  # 外交部发言人：上回合死亡 -> 本能发动
            if st.died_round.get(h) != r - 1:
                continue
            for t, layers in sorted(st.marks[h].items()):
                if t not in self.actors:
                    continue
                if st.level(t) == st.level(h):
                    self.gain[t] = self.gain.get(t, 0) + layers
                    self.log(f"外交部发言人（{h}号）发动：{t}号 +{layers}护盾")
                else:
                    self.hit(t, Hit(h, layers, False, "外交部发言人"))
                    self.log(f"外交部发言人（{h}号）发动：{t}号 受到{layers}点伤害")

    # --- 凶残: four after the others ------------------------------------------------------------
    def cruel(self, fourth: list[int], others: list[int]) -> None:
        if self.r < 2 or not fourth:
            return
        lost = sum(1 for s in others if self.hp[s] < self.start[s])
        if others and lost == len(others):
            amount = 0
        elif lost <= bracket(self.n, CRUEL_BAR):
            amount = 2
        else:
            amount = 1
        self.log(f"凶残：其他等级 {len(others)} 人中 {lost} 人扣血，四级受到{amount}点伤害")
        for s in fourth:
            if amount:
                self.hits[s].append(Hit(0, amount, False, "凶残"))
                self.hurt_by.setdefault(s, []).append(0)

    # --- the later stages -------------------------------------------------------------------
    def _cap(self, seats: list[int]) -> None:
        for s in seats:
            mult = 2 if s in self.double else 1
            normal = [h.amount * mult for h in self.hits[s] if not h.true]
            true = [h.amount for h in self.hits[s] if h.true]
            if s in self.only_highest and (normal or true):
                best_n, best_t = max(normal, default=0), max(true, default=0)
                normal, true = ([best_n], []) if best_n >= best_t else ([], [best_t])
            self.damage[s] = sum(normal)
            self.true[s] = sum(true)
        for a, b in self.pairs:
            if a in seats and b in seats:
                least = min(self.damage[a], self.damage[b])
                self.damage[a] = self.damage[b] = least
        for s in seats:
            if s in self.caps and self.damage[s] > self.caps[s]:
                self.log(f"{s}号 最大受到伤害{self.caps[s]}：伤害 {self.damage[s]}→{self.caps[s]}")
                self.damage[s] = self.caps[s]

    def _shield(self, seats: list[int]) -> None:
        st = self.st
        for s in seats:
            st.shields[s] += self.gain.get(s, 0)
            blocked = min(st.shields[s], self.damage[s])
            st.shields[s] -= blocked
            left = self.damage[s] - blocked
            self.hp[s] -= left
            self.taken[s] += left
            if self.damage[s]:
                self.log(f"{s}号 受到{self.damage[s]}点伤害，护盾抵挡{blocked}")

    def _true_damage(self, seats: list[int]) -> None:
        for s in seats:
            if self.true[s]:
                self.hp[s] -= self.true[s]
                self.taken[s] += self.true[s]
                self.log(f"{s}号 受到{self.true[s]}点真实伤害")

    def lock_value(self, seat: int) -> int | None:
        locks = self.locks.get(seat)
        return max(v for v, _ in locks) if locks else None

    def _lock(self, seats: list[int]) -> None:
        for s in seats:
            value = self.lock_value(s)
            if value is not None and self.hp[s] < value:
                why = "、".join(w for v, w in self.locks[s] if v == value)
                self.log(f"{s}号 锁血（{why}）：{self.hp[s]}→{value}")
                self.hp[s] = value

    def _special(self, seats: list[int]) -> None:
        for key, _ in SPECIAL_ORDER:
            getattr(self, f"_special_{key}")(seats)

    def _special_bloodlust(self, seats: list[int]) -> None:
        for a, t in self.bloodlust:
            if t in seats and self.hp[t] > 0:
                self.hp[t] = 0
                self.log(f"{a}号 嗜杀：{t}号 被设为死亡")

    def _special_poison_cup(self, seats: list[int]) -> None:
        st = self.st
        for s in self.cups:
            if s not in seats:
                continue
            if self.taken[s] >= self.start[s] or self.hp[s] <= 0:
                self.hp[s] = self.start[s]
                st.shields[s] += 1
                self.log(f"{s}号 饮鸩止渴：锁血为{self.start[s]}，+1护盾")
            elif st.shields[s]:
                st.shields[s] -= 1
                self.hurt_by.setdefault(s, []).append(s)
                self.log(f"{s}号 饮鸩止渴：受到1点伤害，被护盾抵挡")
            else:
                self.hp[s] -= 1
                self.taken[s] += 1
                self.hurt_by.setdefault(s, []).append(s)
                value = self.lock_value(s)
                if value is not None and self.hp[s] < value:
                    self.hp[s] = value
                self.log(f"{s}号 饮鸩止渴：受到1点伤害")

    def _special_stand(self, seats: list[int]) -> None:
        st = self.st
        for s in seats:
            if self.hp[s] <= 0 and st.holds(s, "stand") and self.works(s) and st.scarecrows.get(s, 0) >= 6:
                st.scarecrows[s] -= 6
                heal = max(1, self.taken[s] // 2)
                self.hp[s] += heal
                self.log(f"{s}号 替身力量：消耗6个稻草人，回复{heal}点血量（{self.hp[s]}）")

    # --- after the announcement's numbers are known --------------------------------------------
    def after(self) -> None:
        st, r = self.st, self.r
        deaths = [s for s in self.actors if self.hp[s] <= 0]
        self.rep.deaths = deaths
        for s in self.actors:
            st.hp[s] = max(0, self.hp[s])
        for s in deaths:
            st.alive[s] = False
            st.died_round[s] = r
            st.fates[s] = f"第{r}回合死亡"
        for s in st.living():
            if st.holds(s, "stand") and deaths:
                st.scarecrows[s] = st.scarecrows.get(s, 0) + sum(1 for d in deaths if d != s)
        if len(deaths) >= 2:
            for s in self.ambitious:
                st.shields[s] += 1
                self.note(s, "野心：本回合死亡人数≥2，你获得1个护盾。")
        for s, t in self.fox_watch:
            if t in deaths:
                st.fox_bonus[s] = st.fox_bonus.get(s, 0) + 1
                self.note(s, "狐假虎威：目标本回合死亡，你的下一次攻击/感应额外造成1点真实伤害。")
        for t in self.mercy_next:
            st.mercy_until[t] = r + 1
        self._wisdom()
        self._bookkeeping()
        # what this round leaves for the next
        st.lost_last = {s: self.start[s] - st.hp[s] for s in self.actors if self.start[s] > st.hp[s]}
        st.hurt_by = {s: sorted(set(v)) for s, v in self.hurt_by.items() if v}
        counts: dict[int, int] = {}
        for p in sorted(st.plans):
            for t in sorted(set(self.objects(p))):
                if t != p:
                    counts[t] = counts.get(t, 0) + 1
        st.eyes_on = counts
        st.deaths_last = len(deaths)
        for s in self.actors:
            if self.active(s, "declaration"):
                self.rep.stale.append(s)
            else:
                st.shown[s] = st.hp[s]
        for s in deaths:
            st.shown[s] = 0

    def _wisdom(self) -> None:
        st, r = self.st, self.r
        wins: list[tuple[int, int, int, str]] = []  # (order, level, seat, how)
        for s in sorted(st.plans):
            plan = self.plan(s)
            if plan.wisdom:
                ok = self._judge_guess(s, plan.wisdom, exact=True)
                st.use(s, "wisdom")
                st.wisdom_round[s] = r
                self.note(s, f"智慧：{'成功' if ok else '失败'}。")
                self.rep.facts.setdefault(s, []).append(("wisdom", ok))
                self.log(f"{s}号 智慧：{'成功' if ok else '失败'}")
                if ok:
                    wins.append((st.level(s), st.level(s), s, "智慧"))
            if self.used(s, "feign"):
                st.wisdom_round[s] = r
                if not self.works(s):
                    continue
                pairs = tuple(zip(plan.targets, plan.words, strict=True))
                ok = self._judge_guess(s, pairs, exact=False)
                self.note(s, f"大智若愚：{'成功' if ok else '失败'}。")
                self.log(f"{s}号 大智若愚：{'成功（全部猜错）' if ok else '失败'}")
                if ok:
                    wins.append((10 + st.level(s), st.level(s), s, "大智若愚"))
        if wins:
            _, level, seat, how = min(wins)
            self.rep.winner, self.rep.winner_seat, self.rep.winner_how = level, seat, how

    def _judge_guess(self, seat: int, pairs: tuple[tuple[int, str], ...], exact: bool) -> bool:
        """exact: 智慧 (all correct wins); else 大智若愚 (all wrong wins). 我是歌姬 and 仁慈 force a failure."""
        st = self.st
        if self.diva:
            self.log(f"{seat}号 的智慧因我是歌姬必定失败")
            return False
        if st.mercy_until.get(seat) == self.r:
            self.log(f"{seat}号 的智慧因仁慈必定失败")
            return False
        for t, word in pairs:
            level_right = st.level(t) == guess_level(word)
            form = guess_form(word)
            inst = st.instinct(t)
            form_right = bool(form) and inst is not None and inst.form == form
            if exact and (not level_right or (form and not form_right)):
                return False
            if not exact and (level_right or form_right):
                return False
        return True

    def _bookkeeping(self) -> None:
        st, r = self.st, self.r
        for s in sorted(st.plans):
            plan = self.plan(s)
            if plan.slaughter:
                st.use(s, "slaughter")
            key = plan.instinct
            if not key or not st.holds(s, key):
                continue
            inst = INSTINCTS[st.instincts[s]]
            st.last_used[s] = r  # 本能無效 still counts toward the cooldown
            if inst.distinct_target and plan.targets:
                st.last_target[s] = plan.targets[0]
            if key == "omen":
                st.omens.setdefault(s, {})[r] = self.omen_choice(s)
            if not self.works(s):
                continue  # 不扣除使用次數
            if key == "last_stand":
                if st.last_stand.get(s, 0) < r:
                    st.last_stand[s] = r + 1
                    st.use(s, key)
            elif key == "ruins":
                if st.aggressive.get(s):
                    st.use(s, key)
            elif inst.uses or key == "endure":
                st.use(s, key)
        for s in self.actors:  # 趋吉避凶 must be used every round: silence is 吉
            if st.holds(s, "omen") and r not in st.omens.get(s, {}):
                st.omens.setdefault(s, {})[r] = JI
