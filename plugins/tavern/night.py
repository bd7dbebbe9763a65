"""夜晚 and 清晨: one night resolved at the close of 黄昏, as order.NIGHT_ORDER lists it, each seat's turn as
order.TURN_ORDER lists it. Every die is rolled with ctx.rng through `roll` and written to the judge's record, so the
DM can audit any night.

The Night is the interface a skill's effect works through (effects/: melee, damage, checks, conditions, notes).
Each step of both orders is a procedure here (NIGHT_PROCEDURES, TURN_PROCEDURES: the step's key → its code); the
moments a step runs are the ones the order lists for it, asked of the effects order.MOMENTS lists. Only lasting
effects go into the state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..bansha.engine import PERMANENT, Ctx, Status
from .combat import SAVE_OF, armor_class, attack_bonus, dex_bonus, dex_mod, fortitude, will
from .deaths import break_grapples, die
from .effect import Effect
from .effects import EFFECTS
from .identify import feedback
from .order import MOMENTS, NIGHT_ORDER, TURN_ORDER
from .scoring import THEFT_POINTS, fallen, score
from .spec import SkillSpec
from .state import Order, Orders, TavernState
from .terms import FREE, Budget, Dice

THEFT_CHANCE = 50  # 「夺宝成功的几率为50%」
WOUND_CHANCES = (50, 60)  # 「有50%概率伤愈…第二次…60%概率伤愈，40%概率直接死亡」
TIMED = ("眩晕", "震慑", "疲惫")  # the conditions that end with their last night


@dataclass
class Turn:
    """One seat's turn during 结算: its orders and what is left of its actions."""

    seat: int
    orders: Orders
    budget: Budget = field(default_factory=Budget)


class Night:
    def __init__(self, ctx: Ctx, st: TavernState):
        self.ctx, self.st = ctx, st
        self.no = st.day
        self.order: list[int] = []  # initiative order
        self.acted: set[int] = set()  # seats whose turn has come
        self.held_at_dusk: set[int] = set(st.grapples.values())  # grappled when the orders were given
        self.held: set[int] = {st.grail} if st.grail else set()  # held the grail at some time tonight
        self.buffs: dict[int, list[int]] = {}  # 鼓舞勇气: seat -> [ab, damage]
        self.taken: dict[int, int] = {}  # damage taken
        self.healed: dict[int, int] = {}
        self.lost: set[int] = set()  # grail stolen from
        self.got: set[int] = set()  # stole the grail
        self.traces: dict[int, list[int]] = {}  # seat -> targets of its executed orders
        self.tracks: list[tuple[int, int]] = []  # (ranger, tracked)
        self.notes: dict[int, list[str]] = {}  # private morning notes from skills
        self.dead: list[int] = []

    def run(self) -> None:
        st, ctx = self.st, self.ctx
        ctx.group(f"第{st.day}轮 夜晚：投先攻，按先攻顺序结算……")
        ctx.judge(f"—— 第{st.day}夜 ——")
        for step in NIGHT_ORDER:
            NIGHT_PROCEDURES[step.key](self)

    # --- what an effect works through ------------------------------------------------------------------------
    def roll(self, sides: int) -> int:
        return self.ctx.rng.randint(1, sides)

    def dice(self, dice: Dice) -> tuple[int, str]:
        rolls = [self.roll(dice.sides) for _ in range(dice.count)]
        total = sum(rolls) + dice.bonus
        shown = "+".join(map(str, rolls)) if rolls else ""
        tail = f"{dice.bonus:+d}" if dice.bonus and rolls else (str(dice.bonus) if not rolls else "")
        return total, f"{dice}({shown}{tail})={total}" if rolls else f"{total}"

    def note(self, seat: int, text: str) -> None:
        self.notes.setdefault(seat, []).append(text)

    def passive(self, seat: int, moment: str) -> tuple[Effect, SkillSpec] | None:
        return self.st.passive(seat, moment)

    def dex_bonus(self, seat: int) -> int:
        return dex_bonus(self.st, seat)

    def armor_class(self, seat: int) -> int:
        return armor_class(self.st, seat)

    def melee(self, seat: int, target: int, budget: Budget, what: str, ab: int = 0, damage: int = 0,
              touch: bool = False) -> bool:
        """A melee attack check: d100 ≤ AB − AC hits. On a hit, damage; on a hit on the grail's carrier, 夺宝."""
        st, ctx = self.st, self.ctx
        a = attack_bonus(st, seat, self.buffs) + ab
        ac = dex_bonus(st, target) if touch else armor_class(st, target)
        chance = a - ac
        roll = self.roll(100)
        hit = roll <= chance
        ac_text = f"敏捷{ac}（接触）" if touch else f"AC{ac}"
        ctx.judge(f"{what}：{ctx.name(seat)}→{ctx.name(target)} d100={roll} {'≤' if hit else '>'} "
                  f"AB{a}−{ac_text}={chance} → {'命中' if hit else '未命中'}")
        if not hit:
            return False
        carrier = st.grail == target
        if not touch:
            total, text = self.damage_roll(seat, target, st.spec(seat).damage, damage, melee=True)
            self.hurt(seat, target, total, f"{what}伤害 {text}")
        if carrier and st.grail == target:
            self.theft(seat, target, budget)
        return True

    def damage_roll(self, seat: int, target: int, dice: Dice, bonus: int, melee: bool) -> tuple[int, str]:
        st = self.st
        total, text = self.dice(dice)
        parts = [text]
        if melee:
            bonus += sum(s.damage for s in st.in_force(seat)) + self.buffs.get(seat, [0, 0])[1]
            found = self.passive(seat, "melee_extra")
            extra = found[0].melee_extra(self, seat, target, found[1]) if found else None
            if extra:
                bonus += extra[0]
                parts.append(extra[1])
        if bonus:
            parts.append(f"{bonus:+d}")
        total += bonus
        if st.has(seat, "疲惫"):
            parts.append("疲惫-1")
            total -= 1
        total = max(1, total)  # 「但至少可以造成1点伤害」
        return total, " ".join(parts) + f" = {total}"

    def hurt(self, by: int, target: int, amount: int, text: str) -> None:
        st, ctx = self.st, self.ctx
        if st.hp[target] == 0:
            ctx.judge(f"{text}：{ctx.name(target)} 已在受伤状态，被杀死")
            die(ctx, st, self, target, by, "被杀死")
            return
        st.hp[target] = max(0, st.hp[target] - amount)
        self.taken[target] = self.taken.get(target, 0) + amount
        ctx.judge(f"{text}：{ctx.name(target)} 生命 {st.hp[target]}/{st.spec(target).hp}")
        if st.hp[target] == 0:
            st.downed_by[target] = by
            st.wound_rolls[target] = 0
            break_grapples(ctx, st, self, target)
            ctx.judge(f"{ctx.name(target)} 生命值归零，进入受伤状态")

    def theft(self, seat: int, target: int, budget: Budget) -> None:
        """夺宝: 「须消耗掉一个自由动作，进行一次夺宝尝试。夺宝成功的几率为50%」 (or a skill's chance)."""
        st, ctx = self.st, self.ctx
        used = budget.spend(FREE)
        if used is None:
            ctx.judge(f"夺宝：{ctx.name(seat)} 没有自由动作（也没有可转化的标准动作），不能夺宝")
            return
        chance = THEFT_CHANCE
        why = "基础"
        thief = self.passive(seat, "theft_chance")
        if thief:
            chance, why = thief[0].theft_chance(thief[1]) or 0, thief[1].name
        guard = self.passive(target, "guard_chance")
        if guard:
            chance, why = guard[0].guard_chance(guard[1]) or 0, f"{ctx.name(target)}的{guard[1].name}"
        roll = self.roll(100)
        ok = roll <= chance
        ctx.judge(f"夺宝（{used}动作）：{ctx.name(seat)} 从 {ctx.name(target)} d100={roll} {'≤' if ok else '>'} "
                  f"{chance}（{why}）→ {'成功' if ok else '失败'}")
        if not ok:
            return
        st.grail = seat
        self.held.add(seat)
        self.lost.add(target)
        self.got.add(seat)
        self.lost.discard(seat)
        score(ctx, st, st.factions[seat], THEFT_POINTS, f"{ctx.name(seat)} 夺得圣杯")

    def check(self, seat: int, target: int, check: str, what: str) -> bool:
        """A spell's or effect's check: True when it takes effect on the target."""
        st, ctx = self.st, self.ctx
        if check == "必中":
            ctx.judge(f"{what}：{ctx.name(seat)}→{ctx.name(target)} 必中")
            return True
        roll = self.roll(100)
        if check == "意志对抗":
            chance = will(st, seat) - will(st, target)
            ok = roll <= chance
            ctx.judge(f"{what}：{ctx.name(seat)}→{ctx.name(target)} 意志对抗 d100={roll} {'≤' if ok else '>'} "
                      f"{will(st, seat)}−{will(st, target)}={chance} → {'成功' if ok else '失败'}")
            return ok
        save = SAVE_OF[check](st, target)
        passed = roll <= save
        ctx.judge(f"{what}：{ctx.name(seat)}→{ctx.name(target)} {check}检定 d100={roll} {'≤' if passed else '>'} {save} → "
                  f"{'通过，不受影响' if passed else '未通过'}")
        return not passed

    def afflict(self, seat: int, target: int, condition: str, nights: int) -> None:
        st = self.st
        last = self.no + nights - 1
        for s in st.statuses.of(target, condition):
            s.value = max(s.value, last)
            break
        else:
            st.statuses.add(Status(condition, target, PERMANENT, source=seat, value=last))
        self.ctx.judge(f"{self.ctx.name(target)} 陷入{condition}，持续到第{last}夜结束")

    # --- NIGHT_ORDER (指认反馈 is beside 指认, identify.py) ---------------------------------------------------------
    def initiative(self) -> None:
        """Every living seat rolls d20 + 敏捷调整值; higher first; ties by 敏捷调整值, then by a die."""
        st, ctx = self.st, self.ctx
        totals: dict[int, tuple[int, int]] = {}
        for s in st.living():
            d20, mod = self.roll(20), dex_mod(st, s)
            totals[s] = (d20 + mod, mod)
            ctx.judge(f"先攻：{ctx.name(s)} d20={d20} +敏捷{mod} ={d20 + mod}")
        groups: dict[tuple[int, int], list[int]] = {}
        for s, key in totals.items():
            groups.setdefault(key, []).append(s)
        order: list[int] = []
        for key in sorted(groups, reverse=True):
            tied = groups[key]
            if len(tied) > 1:
                tied = self._break_tie(tied, key)
            order += tied
        ctx.judge("先攻顺序：" + " > ".join(f"{s}号" for s in order))
        self.order = order

    def _break_tie(self, tied: list[int], key: tuple[int, int]) -> list[int]:
        """「由DM通过掷骰子随即决定」: each tied seat rolls d100, higher first; roll again among equal rolls."""
        rolls = {s: self.roll(100) for s in tied}
        self.ctx.judge(f"先攻平局（{key[0]}，敏捷{key[1]}）：" + "，".join(f"{s}号 d100={r}" for s, r in rolls.items()))
        out: list[int] = []
        for r in sorted(set(rolls.values()), reverse=True):
            same = [s for s in tied if rolls[s] == r]
            out += self._break_tie(same, key) if len(same) > 1 else same
        return out

    def settle(self) -> None:
        """「按照投出的先攻值，由大到小依次结算玩家的指令」: each seat's turn, in TURN_ORDER."""
        st = self.st
        for seat in self.order:
            if st.alive[seat]:
                turn = Turn(seat, st.orders.get(seat, Orders()))
                for step in TURN_ORDER:
                    if not TURN_PROCEDURES[step.key](self, turn):
                        break
            self.acted.add(seat)

    def wrapup(self) -> None:
        st, ctx = self.st, self.ctx
        MOMENTS.run("report", EFFECTS, self)  # what tonight's orders found out (追踪)
        if st.grail:
            ctx.judge(f"第{self.no}轮的圣杯最后在 {ctx.name(st.grail)} 身上，随着夜晚结束而消失")
        st.grail = 0
        # conditions that end with this night go; 狂暴 and the like leave theirs for the nights after
        for s in list(st.statuses.items):
            if s.value <= self.no and s.name in TIMED:
                st.statuses.items.remove(s)
        for seat in st.living():  # what a skill in force leaves (狂暴's 疲惫)
            for sk in st.in_force(seat):
                if sk.effect in MOMENTS["aftermath"]:
                    EFFECTS[sk.effect].aftermath(self, seat, sk)

    def morning(self) -> None:
        """「公告仅限于…某玩家退出游戏，某阵营灭亡」; by PM: the grail lost or won, damage taken and HP left."""
        st, ctx = self.st, self.ctx
        d = self.no
        lines = [f"{ctx.name(s)} 退出了游戏。" for s in sorted(self.dead)]
        lines += fallen(st)
        ctx.group(f"【第{d + 1}轮 清晨】昨夜战况：" + ("".join(lines) if lines else "没有人退出游戏。"),
                  data={"out": tuple(sorted(self.dead)), "fallen": tuple(st.fallen), "night": d})
        for seat in range(1, st.n + 1):
            if not st.alive[seat]:
                continue
            notes = []
            if seat in self.lost:
                notes.append("你的圣杯在夜里被抢夺了。")
            if seat in self.got:
                notes.append("你夺到了圣杯！")
            if seat in self.taken:
                left = f"剩余生命值 {st.hp[seat]}/{st.spec(seat).hp}"
                notes.append(f"你昨夜受到 {self.taken[seat]} 点伤害，{left}。"
                             + ("你进入了受伤状态：不能执行任何行动，轮到你结算时有机会伤愈。" if st.hp[seat] == 0 else ""))
            elif seat in self.healed:
                notes.append(f"你的生命值恢复到 {st.hp[seat]}/{st.spec(seat).hp}。")
            notes += self.notes.get(seat, [])
            if notes:
                text = f"第{d}夜：" + "".join(notes)
                ctx.seat(seat, text, data={"hp": st.hp[seat]})
                st.notes.setdefault(seat, []).append(text)

    # --- TURN_ORDER: each step says whether the turn goes on ---------------------------------------------------------
    def wound_check(self, turn: Turn) -> bool:
        """A 受伤 seat rolls to recover and does nothing else: 50%, then 60% or death."""
        st, ctx, seat = self.st, self.ctx, turn.seat
        if not st.wounded(seat):
            return True
        k = st.wound_rolls.get(seat, 0)
        chance = WOUND_CHANCES[min(k, len(WOUND_CHANCES) - 1)]
        roll = self.roll(100)
        ok = roll <= chance
        if ok:
            st.hp[seat] = 1
            st.wound_rolls.pop(seat, None)
            st.downed_by.pop(seat, None)
            self.note(seat, "你伤愈了，生命值回复到 1。")
            ctx.judge(f"伤愈检定（第{k + 1}次）：{ctx.name(seat)} d100={roll} ≤ {chance} → 伤愈，生命 1")
        elif k == 0:
            st.wound_rolls[seat] = 1
            ctx.judge(f"伤愈检定（第1次）：{ctx.name(seat)} d100={roll} > {chance} → 继续受伤")
        else:
            ctx.judge(f"伤愈检定（第{k + 1}次）：{ctx.name(seat)} d100={roll} > {chance} → 死亡")
            die(ctx, st, self, seat, st.downed_by.get(seat, 0), "伤重不治")
        return False

    def break_free(self, turn: Turn) -> bool:
        st, ctx, seat = self.st, self.ctx, turn.seat
        holder = st.grappler_of(seat)
        if not holder:
            return True
        name = ctx.name(seat)
        if seat not in self.held_at_dusk:
            # grabbed earlier tonight: its orders are void (「其发布的任何指令均无效」); the struggle
            # belongs to a seat that was still held when orders were given
            ctx.judge(f"{name} 今晚被 {ctx.name(holder)} 擒抱，指令无效")
            return False
        turn.budget.spend(FREE)
        chance = fortitude(st, seat) - fortitude(st, holder)
        roll = self.roll(100)
        ok = roll <= chance
        ctx.judge(f"挣脱擒抱：{name} 对 {ctx.name(holder)} 强韧对抗 d100={roll} {'≤' if ok else '>'} "
                  f"{fortitude(st, seat)}−{fortitude(st, holder)}={chance} → {'挣脱' if ok else '失败，指令无效'}")
        if not ok:
            return False
        del st.grapples[holder]
        self.note(holder, f"{ctx.name(seat)} 挣脱了你的擒抱。")
        return True

    def let_go(self, turn: Turn) -> bool:
        st, ctx, seat = self.st, self.ctx, turn.seat
        if seat not in st.grapples:
            return True
        if not turn.orders.release:
            ctx.judge(f"{ctx.name(seat)} 正擒抱着 {ctx.name(st.grapples[seat])}，没有放开，指令无效")
            return False
        turn.budget.spend(FREE)
        ctx.judge(f"{ctx.name(seat)} 放开了 {ctx.name(st.grapples.pop(seat))}（自由动作）")
        return True

    def orders(self, turn: Turn) -> bool:
        """The seat's orders in the order it submitted them, while it can still act."""
        st = self.st
        for order in turn.orders.cmds:
            if not st.alive[turn.seat] or st.wounded(turn.seat):
                break
            self.execute(turn, order)
        return True

    def execute(self, turn: Turn, order: Order) -> None:
        st, ctx, seat = self.st, self.ctx, turn.seat
        spec = None if order.skill == "attack" else next(s for s in st.spec(seat).skills if s.id == order.skill)
        what = "攻击" if spec is None else spec.name
        used = turn.budget.spend(order.cost)
        if used is None:
            ctx.judge(f"{ctx.name(seat)} 的「{what}」：动作已经用完，未执行")
            return
        target = order.target
        if spec is not None and spec.kind == "圣杯" and seat not in self.held:  # 「本夜中拥有过圣杯的角色才能使用」
            ctx.judge(f"{ctx.name(seat)} 的「{what}」：本夜没有拥有过圣杯，不能使用")
            return
        if spec is not None and spec.uses is not None:
            st.use(seat, spec.id)
        if not st.alive[target]:
            ctx.judge(f"{ctx.name(seat)} 的「{what}」：{ctx.name(target)} 已经退出游戏，落空")
            return
        self.traces.setdefault(seat, []).append(target)
        if spec is None:  # 攻击: once, and once more for each extra attack a stance in force gives
            extra = sum(s.extra_attacks for s in st.in_force(seat))
            for _ in range(1 + extra):
                if st.alive[target] and st.alive[seat]:
                    self.melee(seat, target, turn.budget, "攻击")
            return
        EFFECTS[spec.effect].resolve(self, seat, target, spec, turn.budget)  # an order's effect submits PLAN


# Each step's key (order.py) → its procedure: the night's steps take the Night, a turn's steps also the Turn and
# say whether the turn goes on.
NIGHT_PROCEDURES: dict[str, Callable[[Night], None]] = {
    "指认反馈": lambda night: feedback(night.ctx, night.st),
    "投先攻": Night.initiative,
    "结算": Night.settle,
    "收尾": Night.wrapup,
    "清晨公告": Night.morning,
}
TURN_PROCEDURES: dict[str, Callable[[Night, Turn], bool]] = {
    "伤愈检定": Night.wound_check,
    "挣脱擒抱": Night.break_free,
    "放开擒抱": Night.let_go,
    "指令": Night.orders,
}
