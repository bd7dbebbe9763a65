"""The levels (3, 6.1): each level's action (攻击 or 感应) and abilities (杀戮, 野心, 智慧, 恐惧, 凶残), each one
unit over its behaviour: the checks on a submission, the submission into the round's plan, and its moments of
the round (named in order.MOMENTS).

The four levels are the game's roles (`LEVELS`): the faction and the skills a seat of that level holds.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ..bansha.engine import ALIVE_OTHER, ANY, Action, Ctx, Refusal
from .book import REGISTRY
from .data import B458, FACTION, GUESS_WORDS, ROUND, bracket, guess_form, guess_level, guess_text
from .order import FEAR_TIER, MOMENTS
from .power import Ability, ability, answers, level
from .resolve import Hit, Resolver
from .state import BeastState, Plan

SLAUGHTER_USES = ((4, 6, 2), (7, 8, 3), (9, 10, 2))  # 殺戮：至多2次，人數為7或8時可額外發動一次
CRUEL_BAR = B458(1, 2, 3)  # 兇殘：除自己等級外扣除血量人數小於等於 1/2/3
WISDOM2_ROUND = B458(2, 3, 4)  # 二級智慧：在 2/3/4 回合及之後


# --- 智慧 and 大智若愚 guesses: one word per named seat, "3级" or "3级AT" -----------------------------------------------


def forms_needed(st: BeastState) -> int:
    """選定 n/2 下取整個…指出他們的本能形態；在 n/2 上取整回合及以後需額外指出一名。"""
    n = st.n
    return n // 2 + (1 if st.day >= (n + 1) // 2 else 0)


def read_guesses(st: BeastState, seat: int, action: Action, need_forms: int, both: bool):
    """The (seat, guess) pairs of a 智慧 (`need_forms` of them with a 形态) or of a 大智若愚 (`both`: every one)."""
    others = [s for s in range(1, st.n + 1) if s != seat]
    if sorted(action.targets) != others:
        raise Refusal("请写出其他所有玩家各一次，每名玩家后面写他的等级，如「2 3级AT 3 1级 …」。")
    if len(action.words) != len(action.targets):
        raise Refusal("每名玩家后面都要写一个等级（如 3级 或 3级AT），数量要和玩家一一对应。")
    pairs = tuple(zip(action.targets, action.words, strict=True))
    with_form = [t for t, w in pairs if guess_form(w)]
    if both and len(with_form) != len(pairs):
        raise Refusal("大智若愚需要为每名玩家同时写等级和形态（如 3级AT）。")
    if not both and len(with_form) != need_forms:
        raise Refusal(f"本回合智慧需要恰好为 {need_forms} 名玩家写出形态（AT/PT），你写了 {len(with_form)} 名。")
    return pairs


def counts_match(st: BeastState, seat: int, pairs) -> bool:
    """大智若愚: the levels guessed, with the guesser's own, make the deal's counts."""
    guessed = Counter(guess_level(w) for _, w in pairs)
    guessed[st.level(seat)] += 1
    return tuple(guessed.get(lv, 0) for lv in (1, 2, 3, 4)) == st.counts


# --- the action: 攻击 (levels 2–4) or 感应 (level 1) --------------------------------------------------------------


class _Action(Ability):
    verb = ""

    def blocked(self, st: BeastState, seat: int) -> str | None:
        if st.gave_up_action(seat):
            used = REGISTRY[st.plans[seat].instinct].name
            return f"你本回合已经用「{used}」放弃了行动。"
        return None

    def target(self, st: BeastState, seat: int, target: int) -> str | None:
        plan = st.plans.get(seat)
        held = REGISTRY[plan.instinct] if plan and plan.instinct else None
        return held.refuse_action(st, seat, target) if held is not None and answers(held, "refuse_action") else None

    def plan(self, ctx: Ctx, st: BeastState, seat: int, action: Action) -> None:
        t = action.targets[0]
        plan = st.plan(seat)
        plan.action, plan.passed = t, False
        st.done.discard(seat)
        ctx.reply(f"第{st.day}回合：你{self.verb} {ctx.name(t)}。本回合结束时结算（截止前可重发更换目标）。")
        ctx.judge(f"第{st.day}回合 {ctx.name(seat)} {self.verb} {ctx.name(t)}")


@ability("attack", "攻击", aliases=("攻擊", "刀"), phases=(ROUND,), target_rule=ALIVE_OTHER,
         help="二三四级行动：攻击一名其他玩家。目标等级低于你时造成1点伤害，低两级或以上再+1；否则攻击无效"
         "（你不会被告知）。最后提交：提交后视为本回合行动完毕，可重发以更换目标。")
class ATTACK(_Action):
    verb = "攻击"

    def strike(self, r: Resolver, a: int, t: int, how: str) -> None:
        """「若攻擊對象等級低於攻擊者將會使被攻擊者受到一次一點傷害，否則攻擊無效……高兩級或兩級以上……額外增加一點」"""
        st = r.st
        if not r.lands(a, t):
            why = "攻击无效（本回合被施加）" if a in r.void else "攻击无效（目标等级不低于攻击者）"
            r.log(f"{a}号 {how}攻击 {t}号：{why}")
            return
        diff = st.level(a) - st.level(t)
        amount = 1 + (1 if diff >= 2 else 0)
        for key in MOMENTS["table_strike"]:
            amount = REGISTRY[key].table_strike(r, a, amount)
        held = r.instinct(a)
        if held is not None and answers(held, "strike_amount"):
            amount = held.strike_amount(r, a, t, amount)
        r.log(f"{a}号 {how}攻击 {t}号：{amount}点伤害")
        r.hit(t, Hit(a, amount, False, "攻击"))
        target = r.instinct(t)
        if target is not None and answers(target, "attacked"):
            target.attacked(r, a, t)
        if held is not None and answers(held, "landed"):
            held.landed(r, a, t)


@ability("sense", "感应", aliases=("感應",), phases=(ROUND,), target_rule=ALIVE_OTHER,
         help="一级行动：感应一名玩家，回合结算时得知他本回合的一个对象（优先攻击对象，其次感应对象，"
         "再次本能行动对象）。最后提交：提交后视为本回合行动完毕。")
class SENSE(_Action):
    verb = "感应"

    def strike(self, r: Resolver, a: int, t: int, how: str) -> None:
        """「獲得ta本回合的對象（攻擊對象/感應對象/本能行動對象），若有多個對象則優先返回攻擊對象」"""
        st = r.st
        held = r.instinct(a)
        blind = held is not None and answers(held, "sense_blind") and held.sense_blind(r, a)
        objs = r.objects(t, skip_attacks=blind and st.level(t) > 1)
        r.rep.facts.setdefault(a, []).append(("sense", t, objs[0] if objs else 0))
        if objs:
            r.note(a, f"感应（{how}）：{t}号 本回合的对象是 {objs[0]}号。")
        else:
            r.note(a, f"感应（{how}）：{t}号 本回合没有对象。")
        r.log(f"{a}号 {how}感应 {t}号：{objs[0] if objs else '无'}")


# --- the abilities --------------------------------------------------------------------------------------------------


@ability("slaughter", "杀戮", aliases=("殺戮",), phases=(ROUND,), target_rule=ALIVE_OTHER,
         help="四级能力（第一回合不可用；每局2次，7-8人局3次）：使目标本回合本能无效，并对其造成其上一回合血量"
         "一半（向下取整）的真实伤害，同时你本回合锁血为当前血量-1。", null_tier=5)  # 殺戮>制衡>…
class SLAUGHTER(Ability):
    def for_table(self, n: int) -> Ability:
        return replace(self, uses=bracket(n, SLAUGHTER_USES))

    def blocked(self, st: BeastState, seat: int) -> str | None:
        return "杀戮第一回合不能使用。" if st.day < 2 else None

    def plan(self, ctx: Ctx, st: BeastState, seat: int, action: Action) -> None:
        t = action.targets[0]
        st.plan(seat).slaughter = t
        ctx.reply(f"第{st.day}回合：你对 {ctx.name(t)} 发动杀戮。回合结束时结算。")
        ctx.judge(f"第{st.day}回合 {ctx.name(seat)} 杀戮 {ctx.name(t)}")

    def submitted(self, plan: Plan) -> bool:
        return bool(plan.slaughter)

    def withdraw(self, plan: Plan) -> bool:
        if not plan.slaughter:
            return False
        plan.slaughter = 0
        return True

    def nullifies(self, r: Resolver, seat: int) -> list[int]:
        target = r.plan(seat).slaughter
        return [target] if target else []

    def guard(self, r: Resolver, seat: int) -> None:
        if r.plan(seat).slaughter:
            r.lock(seat, r.start[seat] - 1, "杀戮")

    def effect(self, r: Resolver, seat: int) -> None:
        t = r.plan(seat).slaughter
        if t:
            r.hit(t, Hit(seat, r.start[t] // 2, True, "杀戮"))
            r.log(f"{seat}号 杀戮 {t}号：本能无效，{r.start[t] // 2}点真实伤害；自己锁血为{r.start[seat] - 1}")

    def record(self, r: Resolver, seat: int) -> None:
        if r.plan(seat).slaughter:
            r.st.use(seat, "slaughter")


@ability("ambition", "野心", phases=(ROUND,), target_rule=ALIVE_OTHER,
         help="四级能力。条件：你上一回合血量不是全场最高，且除四级外存活玩家≤总人数一半（向下取整）。"
         "本回合额外进行一次攻击（指定目标）；本回合死亡人数≥2时你获得1个护盾。")
class AMBITION(Ability):
    def blocked(self, st: BeastState, seat: int) -> str | None:
        living = st.living()
        if not any(st.known_hp(seat, x) > st.hp[seat] for x in living if x != seat):
            return "野心：你上一回合的血量是全场最高（或并列最高），不能发动。"
        others = sum(1 for x in living if st.level(x) != st.level(seat))
        if others > st.n // 2:
            return f"野心：除你的等级外存活玩家须≤{st.n // 2}人。"
        return None

    def plan(self, ctx: Ctx, st: BeastState, seat: int, action: Action) -> None:
        t = action.targets[0]
        st.plan(seat).extra["ambition"] = t
        ctx.reply(f"第{st.day}回合：野心，额外攻击 {ctx.name(t)}。回合结束时结算。")
        ctx.judge(f"第{st.day}回合 {ctx.name(seat)} 野心，额外攻击 {ctx.name(t)}")

    def submitted(self, plan: Plan) -> bool:
        return "ambition" in plan.extra

    def withdraw(self, plan: Plan) -> bool:
        return plan.extra.pop("ambition", None) is not None

    @staticmethod
    def _holds(r: Resolver, seat: int) -> bool:
        """The condition again at the close, on the real HP (the submission was checked on the announced)."""
        st = r.st
        living = st.living()
        top = any(st.hp[x] > st.hp[seat] for x in living if x != seat)
        others = sum(1 for x in living if st.level(x) != st.level(seat))
        return top and others <= st.n // 2

    def extra_strike(self, r: Resolver, seat: int) -> tuple[int, str] | None:
        t = r.plan(seat).extra.get("ambition", 0)
        if not t:
            return None
        if not self._holds(r, seat):
            r.note(seat, "野心：条件不满足，本回合没有额外行动。")
            return None
        r.memo(self.key, list).append(seat)
        return t, self.name

    def aftermath(self, r: Resolver, deaths: list[int]) -> None:
        if len(deaths) >= 2:
            for s in r.memo(self.key, list):
                r.st.shields[s] += 1
                r.note(s, "野心：本回合死亡人数≥2，你获得1个护盾。")


@ability("wisdom", "智慧", phases=(ROUND,), target_rule=ANY, words=GUESS_WORDS, uses=1,
         help="一二级能力，每人每局一次：按顺序写出其他所有玩家及其等级，其中 n/2（向下取整）个非本等级玩家写上形态，"
         "如「智慧 2 3级AT 3 1级 4 4级PT …」；第 n/2（向上取整）回合起需多写一个形态。完全正确则本等级获胜"
         "（一级优先）。二级在 4-5/6-8/9-10 人时第 2/3/4 回合起可用。结算时只反馈成功或失败。")
class WISDOM(Ability):
    def for_table(self, n: int) -> Ability:
        return replace(self, targets=n - 1)

    def blocked(self, st: BeastState, seat: int) -> str | None:
        if st.level(seat) == 2 and st.day < bracket(st.n, WISDOM2_ROUND):
            return f"二级智慧在第{bracket(st.n, WISDOM2_ROUND)}回合及以后才能发动。"
        return None

    def target(self, st: BeastState, seat: int, target: int) -> str | None:
        return "不用写自己：请写出其他所有玩家。" if target == seat else None

    def plan(self, ctx: Ctx, st: BeastState, seat: int, action: Action) -> None:
        pairs = read_guesses(st, seat, action, need_forms=forms_needed(st), both=False)
        own = st.level(seat)
        for t, word in pairs:
            if guess_form(word) and guess_level(word) == own:
                raise Refusal(f"写形态的玩家须是你认为不属于你等级的动物（{t}号 被你猜为{own}级）。")
        st.plan(seat).wisdom = pairs
        ctx.reply(f"第{st.day}回合：已提交智慧（{guess_text(pairs)}）。回合结束时反馈成功或失败。")
        ctx.judge(f"第{st.day}回合 {ctx.name(seat)} 智慧：{guess_text(pairs)}")

    def submitted(self, plan: Plan) -> bool:
        return bool(plan.wisdom)

    def withdraw(self, plan: Plan) -> bool:
        if not plan.wisdom:
            return False
        plan.wisdom = ()
        return True

    def claim(self, r: Resolver, seat: int) -> int | None:
        """All correct: the level wins; 一级 first (「若與一級同時成功則一級獲勝效果優先」)."""
        st = r.st
        pairs = r.plan(seat).wisdom
        if not pairs:
            return None
        ok = r.judge_guess(seat, pairs, exact=True)
        st.use(seat, "wisdom")
        st.wisdom_round[seat] = r.r
        r.note(seat, f"智慧：{'成功' if ok else '失败'}。")
        r.rep.facts.setdefault(seat, []).append(("wisdom", ok))
        r.log(f"{seat}号 智慧：{'成功' if ok else '失败'}")
        return st.level(seat) if ok else None


@ability("fear", "恐惧", targets=0, mandatory=True, help="一二级锁定能力：第一回合本能无效。", null_tier=FEAR_TIER)
class FEAR(Ability):
    def forbids(self, st: BeastState, seat: int) -> str | None:
        return "恐惧：一二级玩家第一回合本能无效。" if st.day == 1 else None

    def nullifies(self, r: Resolver, seat: int) -> list[int]:
        return [seat] if r.r == 1 else []

    def opening(self, ctx: Ctx, st: BeastState, seat: int) -> list[str]:
        return ["恐惧：一二级玩家第一回合本能无效。"] if st.day == 1 else []


@ability("cruel", "凶残", targets=0, mandatory=True,
         help="四级锁定能力：第二回合起，公布血量前受到伤害：其他等级全员扣血则不受伤；其他等级扣血人数≤1/2/3"
         "（4-5/6-8/9-10人）受到2点伤害；否则受到1点伤害。")
class CRUEL(Ability):
    def between_groups(self, r: Resolver, later: list[int], earlier: list[int]) -> None:
        """兇殘 depends on how many of the other levels lost HP: the levels 1–3 are settled first."""
        if r.r < 2 or not later:
            return
        lost = sum(1 for s in earlier if r.hp[s] < r.start[s])
        if earlier and lost == len(earlier):
            amount = 0
        elif lost <= bracket(r.n, CRUEL_BAR):
            amount = 2
        else:
            amount = 1
        r.log(f"凶残：其他等级 {len(earlier)} 人中 {lost} 人扣血，四级受到{amount}点伤害")
        for s in later:
            if amount:
                r.hits[s].append(Hit(0, amount, False, "凶残"))
                r.hurt_by.setdefault(s, []).append(0)


# 6.1 等級 / 3 能力: what each level holds (its animals are in data.ANIMALS).
LEVELS = {
    1: level(1, FACTION[1], SENSE, WISDOM, FEAR),
    2: level(2, FACTION[2], ATTACK, WISDOM, FEAR),
    3: level(3, FACTION[3], ATTACK),
    4: level(4, FACTION[4], ATTACK, SLAUGHTER, AMBITION, CRUEL),
}
# The declarations by their old names (a unit is its own declaration).
ATTACK_SKILL, SENSE_SKILL, SLAUGHTER_SKILL = ATTACK, SENSE, SLAUGHTER
AMBITION_SKILL, WISDOM_SKILL, FEAR_SKILL, CRUEL_SKILL = AMBITION, WISDOM, FEAR, CRUEL
