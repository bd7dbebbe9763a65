"""萬寧斗獸棋 (rule text 000) on the bansha engine: `/开局 斗兽棋`.

Flow (docs/beastchess.md has every rule as played and where each choice comes from):

    ban (禁用本能) ──▶ pick (选择本能) ──▶ probe (探查本能类型) ──▶ round 1 ──▶ round 2 ──▶ …

Every round each living player submits by PM: 攻击 (levels 2–4) or 感应 (level 1),
optional abilities (杀戮, 野心, 智慧) and their 本能; at the deadline (or when
everyone has submitted) the round is resolved in the text's 結算順序 by
resolve.Resolver, and the HP of everyone is announced in the group.

Pure: no nonebot, no clock, no global random; randomness only from ctx.rng.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import cache
from typing import Any

from ..bansha.engine import Action, CastRow, Ctx, Outcome, Refusal, Ruleset, Skill, boards, register
from ..bansha.engine.core import clean_text
from .data import (
    AMBITION,
    ANIMALS,
    AT,
    ATTACK_SKILL,
    BAN,
    BAN_RULE_SHARE,
    BAN_SKILL,
    BY_KEY,
    CRUEL_SKILL,
    DRAW,
    EARLY_BIRD,
    FACTION,
    FEAR_SKILL,
    FEIGN_AFTER,
    INSTINCT_LIST,
    INSTINCTS,
    JI,
    LUCK_KINDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    PHASES,
    PICK,
    PICK_SKILL,
    PROBE,
    PROBE_SKILL,
    PT,
    ROUND,
    SENSE_SKILL,
    SLAUGHTER,
    SLAUGHTER_USES,
    TRADITIONAL,
    UNBANNABLE,
    WISDOM,
    WISDOM2_ROUND,
    Instinct,
    bracket,
    level_counts,
)
from .grimoire import GrimoireMixin
from .resolve import Resolver, guess_form, guess_level
from .state import BeastState, Plan

SETUP_PHASES = (BAN, PICK, PROBE)
LEVEL_NAMES = {1: "一级", 2: "二级", 3: "三级", 4: "四级"}


def _flag(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("开", "是", "on", "true", "1")
    return bool(value)


def _seats(seats) -> str:
    return "、".join(f"{s}号" for s in seats) or "无"


def canon(word: str) -> str:
    """A 本能 name as typed (Simplified or Traditional) → the Simplified name."""
    return TRADITIONAL.get(word, word)


def counts_text(counts: tuple[int, ...]) -> str:
    return "、".join(f"{LEVEL_NAMES[lv]}{c}名" for lv, c in zip((1, 2, 3, 4), counts, strict=True) if c)


@cache
def level_skills(level: int, n: int) -> tuple[Skill, ...]:
    """A level's actions and abilities, with the head count's numbers filled in (cached: skills are frozen)."""
    wisdom = replace(WISDOM, targets=n - 1)
    return {
        1: (SENSE_SKILL, wisdom, FEAR_SKILL),
        2: (ATTACK_SKILL, wisdom, FEAR_SKILL),
        3: (ATTACK_SKILL,),
        4: (ATTACK_SKILL, replace(SLAUGHTER, uses=bracket(n, SLAUGHTER_USES)), AMBITION, CRUEL_SKILL),
    }[level]


@cache
def instinct_skill(name: str, n: int) -> Skill:
    inst = INSTINCTS[name]
    skill = inst.skill
    if inst.uses and skill.key not in ("last_stand", "ruins"):  # those two count their own uses
        skill = replace(skill, uses=bracket(n, inst.uses))
    if skill.key == "feign":
        skill = replace(skill, targets=n - 1)
    return skill


class BeastChess(GrimoireMixin, Ruleset):
    key = "beastchess"
    title = "斗兽棋"
    aliases = ("萬寧斗獸棋", "万宁斗兽棋", "斗獸棋", "beastchess")
    options = OPTIONS
    phases = PHASES
    default_tempo = "快速"
    factions = tuple(FACTION.values())
    # No discussion day and no votes: players talk in pairs, so 潜水 and vote cards do not apply.
    text_rules = {"潜水": False, "未投票黄牌": False}

    # --- sign-up --------------------------------------------------------------------------
    def check_players(self, options: dict[str, Any], n: int) -> str | None:
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            return f"斗兽棋需要 {MIN_PLAYERS} 到 {MAX_PLAYERS} 人，现在报名了 {n} 人。"
        return None

    def max_players(self, options: dict[str, Any]) -> int:
        return MAX_PLAYERS

    # --- deal -------------------------------------------------------------------------------
    def setup(self, ctx: Ctx, n: int) -> BeastState:
        counts = level_counts(n, ctx.options)
        deck = [lv for lv, c in zip((1, 2, 3, 4), counts, strict=True) for _ in range(c)]
        ctx.rng.shuffle(deck)
        animals = [""] * (n + 1)
        for lv in (1, 2, 3, 4):
            names = list(ANIMALS[lv])
            ctx.rng.shuffle(names)
            for i, seat in enumerate(s for s in range(1, n + 1) if deck[s - 1] == lv):
                animals[seat] = names[i % len(names)]
        hp = n - 1  # 人數為x時，初始血量（也是最大血量）為x-1
        st = BeastState(
            n=n,
            alive=[False] + [True] * n,
            counts=counts,
            levels=[0, *deck],
            animals=animals,
            max_hp=hp,
            hp=[0] + [hp] * n,
            shown=[0] + [hp] * n,
            shields=[0] * (n + 1),
            picked=[""] * (n + 1),
            instincts=[""] * (n + 1),
            ban_rule=ctx.options.get("禁用概率") or BAN_RULE_SHARE,
            quiet_start=_flag(ctx.options.get("首回合前禁言", True)),
        )
        ctx.group(
            f"本局 {n} 人：{counts_text(counts)}，初始血量（也是最大血量）{hp}。同一等级的玩家属于同一阵营，"
            "每人只知道自己的等级。获胜：智慧等获胜效果生效时发动者的等级获胜；否则只剩一个等级存活时该等级获胜"
            "（已死亡的同等级玩家同样获胜）。",
            data={"counts": counts, "max_hp": hp},
        )
        for s in range(1, n + 1):
            ctx.seat(s, self._intro(st, s), "role", {"level": st.level(s)})
        ctx.judge("发牌：" + "；".join(f"{ctx.name(s)}：{st.animals[s]}（{st.level(s)}级）" for s in range(1, n + 1)))
        ctx.enter(st, BAN)
        ctx.group("禁用本能：每人私聊机器人选择一到两个想禁用的本能，如「禁用 制衡 兽性」。被选择越多的本能越可能被禁用。")
        return st

    def _intro(self, st: BeastState, seat: int) -> str:
        lv = st.level(seat)
        lines = [
            f"你是 {seat}号，你的动物是【{st.animals[seat]}】（{lv}级，阵营：{FACTION[lv]}）。初始血量 {st.max_hp}。",
            "能力：",
        ]
        for skill in self._level_skills(st, seat):
            lines.append(f"· {skill.name}：{skill.help}")
        lines.append("接下来：禁用本能 → 选择本能 → 探查一名玩家的本能类型 → 回合开始。发送 /身份 可随时查看。")
        return "\n".join(lines)

    # --- declarations -----------------------------------------------------------------------
    def _level_skills(self, st: BeastState, seat: int) -> list[Skill]:
        return list(level_skills(st.level(seat), st.n))

    @staticmethod
    def instinct_skill(inst: Instinct, n: int) -> Skill:
        return instinct_skill(inst.name, n)

    def skills_of(self, state: BeastState, seat: int) -> list[Skill]:
        out: list[Skill] = []
        if state.phase in SETUP_PHASES:
            out += [BAN_SKILL, PICK_SKILL, PROBE_SKILL]
        out += self._level_skills(state, seat)
        inst = state.instinct(seat)
        if inst is not None:
            out.append(self.instinct_skill(inst, state.n))
        return out

    def phase_label(self, state: BeastState) -> str:
        if state.phase == ROUND:
            return f"第{state.day}回合"
        return self.phases[state.phase].label

    def known_hp(self, st: BeastState, viewer: int, seat: int) -> int:
        """What `viewer` knows of `seat`'s HP: the real value for oneself, the announced one for others
        (so a refusal never leaks an 独立宣言)."""
        return st.hp[seat] if viewer == seat else st.shown[seat]

    def blocked(self, state: BeastState, seat: int, skill: Skill) -> str | None:
        st, key, r = state, skill.key, state.day
        if key == "pick" and st.instincts[seat]:
            return f"你已经选择了本能「{st.picked[seat]}」，不能更改。"
        if key == "probe" and seat in st.probed:
            return "你已经探查过了。"
        if key in ("ban", "pick", "probe"):
            return None
        plan = st.plans.get(seat)
        if plan and self._submitted(plan, key):
            return f"本回合已经提交了「{skill.name}」；如需更改，先 /放弃 {skill.name} 撤回再重发。"
        if key in ("attack", "sense") and st.gave_up_action(seat):
            used = BY_KEY[st.plans[seat].instinct].name
            return f"你本回合已经用「{used}」放弃了行动。"
        if key == "slaughter" and r < 2:
            return "杀戮第一回合不能使用。"
        if key == "ambition":
            living = st.living()
            if not any(self.known_hp(st, seat, x) > st.hp[seat] for x in living if x != seat):
                return "野心：你上一回合的血量是全场最高（或并列最高），不能发动。"
            others = sum(1 for x in living if st.level(x) != st.level(seat))
            if others > st.n // 2:
                return f"野心：除你的等级外存活玩家须≤{st.n // 2}人。"
        if key == "wisdom" and st.level(seat) == 2 and r < bracket(st.n, WISDOM2_ROUND):
            return f"二级智慧在第{bracket(st.n, WISDOM2_ROUND)}回合及以后才能发动。"
        if key in BY_KEY:
            return self._instinct_blocked(st, seat, BY_KEY[key])
        return None

    @staticmethod
    def _submitted(plan, key: str) -> bool:
        """Round skills other than the action are submitted once; /放弃 <技能名> withdraws one to change it."""
        if key == "slaughter":
            return bool(plan.slaughter)
        if key == "ambition":
            return "ambition" in plan.extra
        if key == "wisdom":
            return bool(plan.wisdom)
        return key in BY_KEY and key != "foresight" and plan.instinct == key

    def _instinct_blocked(self, st: BeastState, seat: int, inst: Instinct) -> str | None:
        key, r = inst.skill.key, st.day
        if not st.alive[seat]:
            if key == "vigilance" and st.died_round.get(seat) == r - 1 and st.phase == ROUND:
                pass  # 警惕：死亡時可用
            else:
                return "你已经出局，不能再使用本能。"
        if st.phase == ROUND and not inst.locked:
            if r == 1 and st.level(seat) <= 2:
                return "恐惧：一二级玩家第一回合本能无效。"
            if st.mercy_until.get(seat) == r:
                return "仁慈：你本回合无法使用本能。"
        if inst.cooldown and st.last_used.get(seat, -99) >= r - inst.cooldown:
            return f"「{inst.name}」冷却中：上一回合刚使用过。"
        if key == "rage" and st.hp[seat] * 2 > st.max_hp:
            return "发怒：上一回合血量须≤最大血量的一半。"
        if key == "last_stand" and st.last_stand.get(seat, 0) < r:
            if st.used(seat, key):
                return "垂死抗争每局只能发动一次。"
            if st.hp[seat] > 3:
                return "垂死抗争：剩余血量须≤3。"
        if key == "ruins":
            if not st.aggressive.get(seat):
                return "断井颓垣：你处于颓靡状态，上回合有人死亡后才会切换为激进状态。"
            if st.used(seat, key) >= bracket(st.n, inst.uses):
                return "断井颓垣（激进）的使用次数已经用完。"
        if key == "luck" and seat not in st.luck:
            return "幸运：上回合有人死亡，本回合不能使用。"
        if key == "endure" and not st.hurt_by.get(seat):
            return "卧薪尝胆：上回合你没有受到伤害。"
        if key == "vigilance" and st.lost_last.get(seat, 0) < 1:
            return "警惕：上一回合你没有被扣除血量。"
        if key == "feign":
            after = bracket(st.n, FEIGN_AFTER)
            if r <= after:
                return f"大智若愚：第{after}回合之后才能使用。"
            if st.wisdom_round.get(seat) == r - 1:
                return "大智若愚：上一回合使用过智慧，本回合不能使用。"
        if key == "mercy" and st.level(seat) == 1:
            return "仁慈需要攻击，一级动物没有攻击。"
        return None

    def target_refusal(self, state: BeastState, seat: int, skill: Skill, target: int) -> str | None:
        st, key = state, skill.key
        plan = st.plans.get(seat)
        if key in ("wisdom", "feign") and target == seat:
            return "不用写自己：请写出其他所有玩家。"
        if key in ("attack", "sense") and plan and plan.instinct == "beast" and plan.targets == (target,):
            return "兽性标记的敌人不能同时作为你的行动目标。"
        if key == "beast" and plan and plan.action == target:
            return "兽性标记的敌人不能同时是你的攻击/感应目标。"
        inst = BY_KEY.get(key)
        if inst is not None and inst.distinct_target and st.last_target.get(seat) == target:
            return f"「{inst.name}」不能连续对同一人发动（上次是 {target}号）。"
        if key == "fox" and self.known_hp(st, seat, target) <= 2:
            return "狐假虎威：目标的血量须大于2。"
        if key == "mercy" and self.known_hp(st, seat, target) * 2 > st.max_hp:
            return "仁慈：目标上一回合的血量须≤最大血量的一半。"
        if key == "spokesman" and st.marks.get(seat, {}).get(target, 0) >= 3:
            return f"{target}号 已经被你标记了三次。"
        return None

    def perform(self, ctx: Ctx, state: BeastState, seat: int, skill: Skill, action: Action) -> None:
        if skill.key in BY_KEY:
            self._use_instinct(ctx, state, seat, BY_KEY[skill.key], action)
            return
        super().perform(ctx, state, seat, skill, action)

    # --- setup steps ------------------------------------------------------------------------
    def do_ban(self, ctx: Ctx, st: BeastState, seat: int, action: Action) -> None:
        names = [canon(w) for w in action.words]
        if not 1 <= len(names) <= 2:
            raise Refusal("请写出一到两个想禁用的本能，如「禁用 制衡 兽性」。")
        if len(set(names)) != len(names):
            raise Refusal("两个禁用的本能不能相同。")
        bad = [n for n in names if n not in INSTINCTS or n in UNBANNABLE]
        if bad:
            raise Refusal(f"「{bad[0]}」不能被禁用（预知是特殊本能，不受禁用影响）。")
        st.ban_votes[seat] = tuple(names)
        ctx.reply(f"已记录：你想禁用「{'」「'.join(names)}」（本阶段结束前可以重发覆盖）。")
        ctx.judge(f"{ctx.name(seat)} 选择禁用：{'、'.join(names)}")

    def do_pick(self, ctx: Ctx, st: BeastState, seat: int, action: Action) -> None:
        if len(action.words) != 1:
            raise Refusal("请写出一个本能的名字，如「选择 强健」。")
        name = canon(action.words[0])
        if name not in INSTINCTS:
            raise Refusal(f"没有名为「{name}」的本能。")
        if name in st.banned:
            raise Refusal(f"「{name}」已被禁用，请选择其他本能。被禁用的：{'、'.join(st.banned)}。")
        self._grant(ctx, st, seat, name)
        ctx.judge(f"{ctx.name(seat)} 选择本能「{name}」" + (f"，笨鸟先飞得到「{st.instincts[seat]}」"
                                                         if name == EARLY_BIRD else ""))

    def _grant(self, ctx: Ctx, st: BeastState, seat: int, name: str, assigned: bool = False) -> None:
        st.picked[seat] = name
        held = name
        lines = []
        if name == EARLY_BIRD:  # 選擇后立即發動：獲得除此本能外的任意一個隨機本能，並獲得一點護盾
            pool = [i.name for i in INSTINCT_LIST if i.name != EARLY_BIRD and i.name not in st.banned]
            held = ctx.rng.choice(pool)
            st.shields[seat] += 1
            lines.append(f"笨鸟先飞立即发动：你获得了本能「{held}」和1个护盾。")
        st.instincts[seat] = held
        if held == "强健":  # 游戲開始時增加兩個護盾
            st.shields[seat] += 2
            lines.append("强健：你获得了2个护盾。")
        inst = INSTINCTS[held]
        head = f"系统为你随机分配了本能「{name}」。" if assigned else f"你选择了本能「{name}」。"
        lines.insert(0, head)
        lines.append(f"你的本能「{held}」（{inst.form}·{inst.kind}）：{inst.text}")
        ctx.seat(seat, "\n".join(lines), "role", {"instinct": held})

    def do_probe(self, ctx: Ctx, st: BeastState, seat: int, action: Action) -> None:
        t = action.targets[0]
        st.probed[seat] = t
        inst = st.instinct(t)
        kind = inst.kind if inst else "无"
        ctx.seat(seat, f"探查结果：{ctx.name(t)} 的本能类型是【{kind}】。", "check", {"target": t, "kind": kind})
        ctx.judge(f"{ctx.name(seat)} 探查 {ctx.name(t)}：{kind}")

    def _settle_bans(self, ctx: Ctx, st: BeastState) -> None:
        votes = Counter(name for names in st.ban_votes.values() for name in names)
        n = st.n
        for inst in INSTINCT_LIST:  # fixed order: the RNG is consumed the same way on replay
            x = votes.get(inst.name, 0)
            if not x:
                continue
            p = x / (2 * n) if st.ban_rule == BAN_RULE_SHARE else min(1.0, 2 * x / n)
            if ctx.rng.random() < p:
                st.banned.append(inst.name)
        ctx.judge("禁用投票：" + ("；".join(f"{k}×{v}" for k, v in sorted(votes.items())) or "无")
                  + f"；按 {st.ban_rule} 抽签，禁用：{'、'.join(st.banned) or '无'}")
        ctx.group(f"禁用结果：{'、'.join(st.banned) or '没有本能被禁用'}。", data={"banned": tuple(st.banned)})

    def _settle_picks(self, ctx: Ctx, st: BeastState) -> None:
        pool = [i.name for i in INSTINCT_LIST if i.name not in st.banned]
        for s in st.living():
            if not st.instincts[s]:
                name = ctx.rng.choice(pool)
                self._grant(ctx, st, s, name, assigned=True)
                ctx.judge(f"{ctx.name(s)} 未选择本能，随机分配「{name}」（持有「{st.instincts[s]}」）")
        forms = Counter(INSTINCTS[st.instincts[s]].form for s in range(1, st.n + 1) if st.instincts[s])
        at, pt = forms.get(AT, 0), forms.get(PT, 0)
        rel = "多于" if at > pt else "少于" if at < pt else "等于"
        ctx.group(f"本能选择完毕：选择 AT 形态本能的人次{rel} PT 形态。", data={"at_vs_pt": (at > pt) - (at < pt)})
        ctx.judge(f"本能形态：AT {at} 人次，PT {pt} 人次")

    # --- rounds -----------------------------------------------------------------------------
    def do_attack(self, ctx: Ctx, st: BeastState, seat: int, action: Action) -> None:
        self._act(ctx, st, seat, action, "攻击")

    def do_sense(self, ctx: Ctx, st: BeastState, seat: int, action: Action) -> None:
        self._act(ctx, st, seat, action, "感应")

    def _act(self, ctx: Ctx, st: BeastState, seat: int, action: Action, verb: str) -> None:
        t = action.targets[0]
        plan = st.plan(seat)
        plan.action, plan.passed = t, False
        st.done.discard(seat)
        ctx.reply(f"第{st.day}回合：你{verb} {ctx.name(t)}。本回合结束时结算（截止前可重发更换目标）。")
        ctx.judge(f"第{st.day}回合 {ctx.name(seat)} {verb} {ctx.name(t)}")

    def do_slaughter(self, ctx: Ctx, st: BeastState, seat: int, action: Action) -> None:
        t = action.targets[0]
        st.plan(seat).slaughter = t
        ctx.reply(f"第{st.day}回合：你对 {ctx.name(t)} 发动杀戮。回合结束时结算。")
        ctx.judge(f"第{st.day}回合 {ctx.name(seat)} 杀戮 {ctx.name(t)}")

    def do_ambition(self, ctx: Ctx, st: BeastState, seat: int, action: Action) -> None:
        t = action.targets[0]
        st.plan(seat).extra["ambition"] = t
        ctx.reply(f"第{st.day}回合：野心，额外攻击 {ctx.name(t)}。回合结束时结算。")
        ctx.judge(f"第{st.day}回合 {ctx.name(seat)} 野心，额外攻击 {ctx.name(t)}")

    def do_wisdom(self, ctx: Ctx, st: BeastState, seat: int, action: Action) -> None:
        pairs = self._guesses(st, seat, action, need_forms=self.forms_needed(st), both=False)
        own = st.level(seat)
        for t, word in pairs:
            if guess_form(word) and guess_level(word) == own:
                raise Refusal(f"写形态的玩家须是你认为不属于你等级的动物（{t}号 被你猜为{own}级）。")
        st.plan(seat).wisdom = pairs
        ctx.reply(f"第{st.day}回合：已提交智慧（{self._guess_text(pairs)}）。回合结束时反馈成功或失败。")
        ctx.judge(f"第{st.day}回合 {ctx.name(seat)} 智慧：{self._guess_text(pairs)}")

    def forms_needed(self, st: BeastState) -> int:
        """選定 n/2 下取整個…指出他們的本能形態；在 n/2 上取整回合及以後需額外指出一名。"""
        n = st.n
        return n // 2 + (1 if st.day >= (n + 1) // 2 else 0)

    def _guesses(self, st: BeastState, seat: int, action: Action, need_forms: int, both: bool):
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

    @staticmethod
    def _guess_text(pairs) -> str:
        return " ".join(f"{t}号{w.upper()}" for t, w in pairs)

    def _use_instinct(self, ctx: Ctx, st: BeastState, seat: int, inst: Instinct, action: Action) -> None:
        key = inst.skill.key
        targets, words = action.targets, action.words
        extra_line = ""
        if key == "foresight":  # instant, at any time
            a, b = targets
            rel = "高于" if st.level(a) > st.level(b) else "低于" if st.level(a) < st.level(b) else "等于"
            st.use(seat, key)
            ctx.seat(seat, f"预知：{ctx.name(a)} 的等级{rel} {ctx.name(b)}。", "check",
                     {"compare": (a, b, (st.level(a) > st.level(b)) - (st.level(a) < st.level(b)))})
            ctx.judge(f"{ctx.name(seat)} 发动「预知」 {a}号 与 {b}号：{rel}")
            return
        if key == "omen":
            choice = [w for w in words if w in (JI, "凶", "兇")]
            if len(choice) != 1:
                raise Refusal("趋吉避凶：请写「吉」或「凶 <目标>」。")
            xiong = choice[0] != JI
            if xiong and not targets:
                raise Refusal("凶：请指定一个除自己以外的目标，如「趋吉避凶 凶 3」。")
            if not xiong and targets:
                raise Refusal("吉只作用于自己，不需要目标。")
            mine = "凶" if xiong else JI
            before = st.omens.get(seat, {}).get(st.day - 1, JI)
            levels = [w for w in words if w.endswith("级")]
            if st.day % 2 == 0 and before != mine and not levels:
                raise Refusal(f"偶数回合的吉凶组合（上回合{before}、本回合{mine}）需要诅咒一个等级，如「趋吉避凶 {mine} "
                              + ("3 " if xiong else "") + "4级」。")
            if len(levels) > 1:
                raise Refusal("只能诅咒一个等级。")
            words = (mine, *levels)
        elif key == "vigilance":
            if len(words) != 1:
                raise Refusal("警惕：请写出目标和你猜的等级，如「警惕 3 2级」。")
        elif key == "feign":
            pairs = self._guesses(st, seat, action, need_forms=0, both=True)
            guessed = Counter(guess_level(w) for _, w in pairs)
            guessed[st.level(seat)] += 1
            if tuple(guessed.get(lv, 0) for lv in (1, 2, 3, 4)) != st.counts:
                raise Refusal(f"大智若愚：等级人数须与本局配置相符（{counts_text(st.counts)}，含你自己）。")
            extra_line = f"（{self._guess_text(pairs)}）"
        elif key == "luck":
            extra_line = f"（幸运{st.luck[seat]}）"
        plan = st.plan(seat)  # only now: a refusal above must leave the state untouched
        if key in ("rage", "last_stand"):
            if targets:
                plan.extra[key] = targets[0]
            else:
                plan.extra.pop(key, None)
        if inst.gives_up_action and (plan.action or plan.passed):
            plan.action, plan.passed = 0, False
            extra_line += "（已取消你本回合的攻击/感应）"
        plan.instinct, plan.targets, plan.words = key, tuple(targets), tuple(words)
        aim = f" {_seats(targets)}" if targets else ""
        ctx.reply(f"第{st.day}回合：你发动「{inst.name}」{' '.join(words)}{aim}{extra_line}。回合结束时结算。")
        ctx.judge(f"第{st.day}回合 {ctx.name(seat)} 发动「{inst.name}」{' '.join(words)}{aim}{extra_line}")

    def give_up(self, ctx: Ctx, state: BeastState, seat: int, skill: Skill | None) -> None:
        st = state
        if st.phase != ROUND:
            if seat not in self.pending(st):
                raise Refusal("你现在没有需要放弃的行动。")
            st.done.add(seat)
            ctx.reply("已放弃本阶段的行动。")
            return
        if not st.alive[seat]:
            raise Refusal("你已经出局了。")
        if skill is None or skill.key in ("attack", "sense"):
            if st.acted(seat) and skill is None:
                raise Refusal("你本回合的行动已经提交，不需要放弃。可以用 /放弃 <技能名> 撤回某个技能。")
            plan = st.plan(seat)
            plan.action, plan.passed = 0, True
            st.done.add(seat)
            ctx.reply("已放弃本回合的攻击/感应。")
            return
        key = skill.key
        plan = st.plans.get(seat) or Plan()
        if key == "slaughter" and plan.slaughter:
            plan.slaughter = 0
        elif key == "ambition" and "ambition" in plan.extra:
            plan.extra.pop("ambition")
        elif key == "wisdom" and plan.wisdom:
            plan.wisdom = ()
        elif key in BY_KEY and plan.instinct == key:
            plan.instinct, plan.targets, plan.words = "", (), ()
            plan.extra.pop("rage", None)
            plan.extra.pop("last_stand", None)
        else:
            raise Refusal(f"你本回合没有提交「{skill.name}」。")
        ctx.reply(f"已撤回本回合的「{skill.name}」。")

    def pending(self, state: BeastState) -> set[int]:
        st = state
        living = [s for s in st.living() if s not in st.done]
        if st.phase == BAN:
            return {s for s in living if s not in st.ban_votes}
        if st.phase == PICK:
            return {s for s in living if not st.instincts[s]}
        if st.phase == PROBE:
            return {s for s in living if s not in st.probed}
        if st.phase == ROUND:
            out = set()
            for s in living:
                plan = st.plans.get(s)
                omen_owed = st.holds(s, "omen") and not (plan and plan.instinct == "omen")
                if not st.acted(s) or omen_owed:
                    out.add(s)
            return out
        return set()

    def close_phase(self, ctx: Ctx, state: BeastState) -> None:
        st = state
        if st.phase == BAN:
            self._settle_bans(ctx, st)
            ctx.enter(st, PICK)
            ctx.group("选择本能：每人私聊机器人选择一个未被禁用的本能，如「选择 强健」；只有自己知道。不选则随机分配。")
        elif st.phase == PICK:
            self._settle_picks(ctx, st)
            ctx.enter(st, PROBE)
            ctx.group("探查：每人可以私聊机器人「探查 <目标>」，得知一名玩家的本能类型（信息型/防守型/攻击型/全能型）。")
        elif st.phase == PROBE:
            self._start_round(ctx, st)
        else:
            self._close_round(ctx, st)

    def _start_round(self, ctx: Ctx, st: BeastState, carry: dict[int, list[str]] | None = None,
                     facts: dict[int, list[tuple]] | None = None) -> None:
        """Open the next round; each living seat gets one PM: last round's result (carried) and what it may do."""
        carry = dict(carry or {})
        facts = dict(facts or {})
        st.day += 1
        st.plans = {}
        st.luck = {}
        r = st.day
        ctx.enter(st, ROUND)
        for s in st.living():
            lines = carry.pop(s, [])
            lines.append(f"第{r}回合开始：你的血量 {st.hp[s]}/{st.max_hp}，护盾 {st.shields[s]}。")
            if st.holds(s, "ruins") and not st.aggressive.get(s) and st.deaths_last:
                st.aggressive[s] = True
                lines.append("断井颓垣：上回合有人死亡，你永久切换为激进状态。")
            if st.holds(s, "luck") and not st.deaths_last:
                st.luck[s] = ctx.rng.choice(LUCK_KINDS)
                lines.append(f"幸运：本回合你获得的本能行动是【{st.luck[s]}】，用法：/技能 幸运 <目标>。")
            if st.holds(s, "survive") and r > 1:
                lines.append(f"恶意感知：上一回合有 {st.eyes_on.get(s, 0)} 人的对象包含你。")
            if st.holds(s, "omen"):
                lines.append("趋吉避凶：本回合必须发动（吉 / 凶 <目标>），未提交视为吉。")
            if r == 1 and st.level(s) <= 2:
                lines.append("恐惧：一二级玩家第一回合本能无效。")
            if st.mercy_until.get(s) == r:
                lines.append("仁慈：你本回合无法使用本能，智慧必定失败。")
            names = [c.skill.name for c in self.legal(st, s) if not c.skill.mandatory]
            lines.append("现在可用：" + ("、".join(names) or "无") + "。先提交本能和能力，最后提交攻击/感应。")
            mine = facts.pop(s, None)
            ctx.seat(s, "\n".join(lines), data={"results": tuple(mine)} if mine else None)
        for s, died in sorted(st.died_round.items()):
            if died == r - 1 and st.holds(s, "vigilance") and st.lost_last.get(s, 0) >= 1 and s not in st.removed:
                carry.setdefault(s, []).append("你已死亡，但本回合仍可发动警惕：/技能 警惕 <目标> <等级>。")
        self._send(ctx, carry, facts)

    @staticmethod
    def _send(ctx: Ctx, lines: dict[int, list[str]], facts: dict[int, list[tuple]] | None = None) -> None:
        for s in sorted(lines):
            if lines[s]:
                mine = (facts or {}).get(s)
                ctx.seat(s, "\n".join(lines[s]), data={"results": tuple(mine)} if mine else None)

    def _close_round(self, ctx: Ctx, st: BeastState) -> None:
        r = st.day
        for s in st.living():  # 趨吉避兇：每回合必須發動 — silence counts as 吉
            if st.holds(s, "omen") and st.plan(s).instinct != "omen":
                plan = st.plan(s)
                plan.instinct, plan.targets, plan.words = "omen", (), (JI,)
        rep = Resolver(st).run()
        ctx.judge(f"第{r}回合结算：" + ("；".join(rep.log) or "无事发生"))
        title = f"第{r}回合 血量公布"
        lines, rows = [f"【{title}】"], []
        for s in range(1, st.n + 1):
            hp = "0（死亡）" if s in rep.deaths else (str(st.shown[s]) if st.alive[s] else "已出局")
            lines.append(f"{ctx.name(s)}：{hp}")
            rows.append([ctx.name(s), hp])
        if rep.deaths:
            lines.append(f"本回合死亡：{'、'.join(ctx.name(s) for s in rep.deaths)}。")
        shown = tuple(0 if s in rep.deaths or not st.alive[s] else st.shown[s] for s in range(1, st.n + 1))
        # the public HP board, as a picture too (the shown HP: 獨立宣言 may show a false one)
        board = boards.table(title, ["", "血量"], rows)
        ctx.group("\n".join(lines), data={"round": r, "hp": shown, "out": tuple(rep.deaths), "image": board})
        results: dict[int, list[str]] = {}
        for s in sorted(set(rep.notes) | set(st.plans) | set(rep.deaths) | set(st.living())):
            if s in st.removed:
                continue
            mine = [f"第{r}回合结算："]
            mine += rep.notes.get(s, [])
            if s in rep.stale and st.alive[s]:
                mine.append(f"独立宣言：公布的血量为 {st.shown[s]}，你的真实血量为 {st.hp[s]}。")
            if s in rep.deaths:
                mine.append("你的血量降到0及以下，你已死亡。")
            elif st.alive[s]:
                extra = f"，稻草人 {st.scarecrows.get(s, 0)}" if st.holds(s, "stand") else ""
                mine.append(f"你的血量 {st.hp[s]}/{st.max_hp}，护盾 {st.shields[s]}{extra}。")
            if len(mine) > 1:
                results[s] = mine
        if rep.winner:
            st.winner = rep.winner
            st.win_text = (f"{ctx.name(rep.winner_seat)} 的{rep.winner_how}成功，触发获胜效果：{FACTION[rep.winner]}获胜！"
                           f"获胜玩家：{_seats(st.seats_of(rep.winner))}。")
            self._send(ctx, results, rep.facts)
            return
        if r == 1 and not st.comm_open:
            st.comm_open = True
            ctx.group("第一回合血量已公布：现在任意两名玩家可以自由交流（私聊机器人 /私聊 <目标> <内容>，由机器人转发）。"
                      "交流中不允许用判断句进行欺骗。")
        if self.outcome(st) is None:
            self._start_round(ctx, st, results, rep.facts)
        else:
            self._send(ctx, results, rep.facts)

    # --- the end ----------------------------------------------------------------------------
    def outcome(self, state: BeastState) -> Outcome | None:
        st = state
        if st.winner:
            return Outcome(FACTION[st.winner], tuple(st.seats_of(st.winner)), st.win_text)
        levels = st.living_levels()
        if len(levels) == 1:
            lv = levels[0]
            seats = tuple(st.seats_of(lv))
            return Outcome(FACTION[lv], seats, f"只剩{LEVEL_NAMES[lv]}的玩家存活：{FACTION[lv]}获胜！"
                           f"获胜玩家：{_seats(seats)}（死亡的同等级玩家同样获胜）。")
        if not levels:
            return Outcome(DRAW, (), "最后的玩家在同一回合全部死亡，没有等级存活：平局。")
        return None

    # --- what a seat / the table may know -------------------------------------------------------
    def role_text(self, state: BeastState, seat: int) -> str:
        st = state
        lv = st.level(seat)
        lines = [f"你是 {seat}号，动物【{st.animals[seat]}】（{lv}级，阵营：{FACTION[lv]}）。"]
        status = "存活" if st.alive[seat] else "已出局"
        extra = f"，稻草人 {st.scarecrows.get(seat, 0)}" if st.holds(seat, "stand") else ""
        lines.append(f"{status}；血量 {st.hp[seat]}/{st.max_hp}，护盾 {st.shields[seat]}{extra}。")
        inst = st.instinct(seat)
        if inst is None:
            lines.append("本能：尚未选择。")
        else:
            via = "（由笨鸟先飞得到）" if st.picked[seat] == EARLY_BIRD else ""
            lines.append(f"本能「{inst.name}」{via}（{inst.form}·{inst.kind}）：{inst.text}")
            if inst.cooldown and st.last_used.get(seat, -99) >= st.day - inst.cooldown:
                lines.append("本能冷却中。")
            if seat in st.luck:
                lines.append(f"本回合幸运：【{st.luck[seat]}】。")
            if inst.skill.key == "ruins":
                lines.append("断井颓垣状态：" + ("激进" if st.aggressive.get(seat) else "颓靡") + "。")
            if inst.skill.key == "spokesman" and st.marks.get(seat):
                lines.append("外交部标记：" + "、".join(f"{t}号×{k}" for t, k in sorted(st.marks[seat].items())) + "。")
            if st.fox_bonus.get(seat):
                lines.append("狐假虎威：下一次攻击/感应额外造成1点真实伤害。")
        if seat in st.probed:
            t = st.probed[seat]
            lines.append(f"探查：{t}号 的本能类型是{st.instinct(t).kind if st.instinct(t) else '无'}。")
        plan = st.plans.get(seat)
        if st.phase == ROUND and plan:
            done = []
            if plan.action:
                done.append(f"{'感应' if lv == 1 else '攻击'} {plan.action}号")
            if plan.passed:
                done.append("放弃行动")
            if plan.slaughter:
                done.append(f"杀戮 {plan.slaughter}号")
            if plan.extra.get("ambition"):
                done.append(f"野心 {plan.extra['ambition']}号")
            if plan.wisdom:
                done.append("智慧")
            if plan.instinct:
                done.append(f"{BY_KEY[plan.instinct].name} {' '.join(plan.words)} {_seats(plan.targets)}".strip())
            lines.append(f"本回合已提交：{'；'.join(done) or '无'}。")
        if st.comm_open and st.alive[seat]:
            lines.append("交流：/私聊 <目标> <内容>，由机器人转发给对方。")
        return "\n".join(lines)

    def cast(self, state: BeastState) -> list[CastRow]:
        st = state
        rows = []
        for s in range(1, st.n + 1):
            held = st.instincts[s]
            instinct = st.picked[s] + (f"→{held}" if held and held != st.picked[s] else "")
            role = f"{st.animals[s]}（{st.level(s)}级）·本能「{instinct or '无'}」"
            fate = st.fates.get(s) or f"存活（血量 {st.hp[s]}）"
            rows.append(CastRow(s, role, FACTION[st.level(s)], fate))
        return rows

    def public_status(self, state: BeastState) -> str:
        st = state
        lines = [f"本局配置：{counts_text(st.counts)}；最大血量 {st.max_hp}。"]
        if st.banned:
            lines.append(f"被禁用的本能：{'、'.join(st.banned)}")
        if st.day:
            hp = "、".join(f"{s}号 {st.shown[s]}" if st.alive[s] else f"{s}号 出局" for s in range(1, st.n + 1))
            lines.append(f"公布的血量：{hp}")
        lines.append("自由交流：" + ("已开放（/私聊 <目标> <内容>）" if st.comm_open else "第一回合公布血量后开放"))
        return "\n".join(lines)

    def faction_of(self, state: BeastState, seat: int) -> str:
        return FACTION[state.level(seat)]

    # --- talking in pairs ---------------------------------------------------------------------
    def relay(self, ctx: Ctx, state: BeastState, seat: int, target: int, text: str) -> None:
        """`/私聊 <目标> <内容>`: forward a message to one player. The text forbids deceiving with
        declarative sentences; the bot cannot judge that, so every message goes into the record."""
        st = state
        if not st.comm_open:
            raise Refusal("第一回合公布血量之后才可以交流。")
        if not st.alive[seat]:
            raise Refusal("死亡的玩家不能再与其他玩家交流。")
        if not 1 <= target <= st.n or target == seat:
            raise Refusal("请指定另一名玩家。")
        if not st.alive[target]:
            raise Refusal(f"{target}号 已经死亡，不能交流。")
        text = clean_text(text)
        if not text:
            raise Refusal("内容不能为空。")
        ctx.seat(target, f"【私聊】{ctx.name(seat)}：{text}", "chat")
        ctx.reply(f"已转发给 {ctx.name(target)}。")
        ctx.judge(f"【私聊】{ctx.name(seat)} → {ctx.name(target)}：{text}")

    def speech_refusal(self, state: BeastState, seat: int, text: str) -> str | None:
        if state.quiet_start and not state.comm_open and state.alive[seat]:
            return "第一回合公布血量之前，玩家之间不能交流。"
        return None

    # --- the judge's red card -----------------------------------------------------------------
    def remove(self, ctx: Ctx, state: BeastState, seat: int, reason: str) -> None:
        st = state
        if not st.alive[seat]:
            return
        st.alive[seat] = False
        st.removed.append(seat)
        st.plans.pop(seat, None)
        when = f"第{st.day}回合" if st.day else "开局阶段"
        st.fates[seat] = f"{when}被法官罚下"
        ctx.group(f"{ctx.name(seat)} {reason}，离开了游戏。", data={"out": (seat,)})
        ctx.judge(f"{ctx.name(seat)}（{st.animals[seat]}，{st.level(seat)}级）{reason}")

    def on_forfeit(self, ctx: Ctx, state: BeastState, faction: str) -> None:
        st = state
        level = next(lv for lv, label in FACTION.items() if label == faction)
        st.forfeited.append(level)
        for s in st.seats_of(level):
            self.remove(ctx, st, s, f"所在的{faction}被判负")


RULESET = register(BeastChess())
