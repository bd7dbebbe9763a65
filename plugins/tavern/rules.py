"""The 酒馆圣杯 ruleset (rule text 001): three factions, a daily grail, 指认, initiative and d100 checks.

One round is one day of the tavern (see docs/tavern.md for every rule as played and its source):

    白天 (grail numbers by PM) ──▶ 黄昏 (指认 + orders by PM) ──▶ 夜晚 and 清晨 (resolved at the 黄昏 deadline) ──▶ 白天

The night is the one list NIGHT_ORDER, each seat's turn the one list TURN_ORDER. Every die is rolled
with ctx.rng through `_roll` and written to the judge's record, so the DM can audit any night.

Pure: no nonebot, no clock, no global random.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..bansha.engine import (
    ALIVE,
    ALIVE_OTHER,
    PERMANENT,
    Action,
    BaseState,
    CastRow,
    Ctx,
    OptionSpec,
    Outcome,
    PhaseSpec,
    Refusal,
    Ruleset,
    Skill,
    Status,
    boards,
    register,
)
from .grimoire import GrimoireMixin
from .order import DAY, DUSK, NIGHT_ORDER, TURN_ORDER  # noqa: F401  (TURN_ORDER: read with the rules)
from .sheet import CLASS_NAMES, FACTIONS, LINEUP, PLAYERS, SHEET, TRAITS, ClassSpec, Dice, SkillSpec

GOAL = 15  # 「当任意阵营获得15分时…游戏结束」
SURVIVOR_POINTS = 2  # 「游戏结束后，每有一名存活成员，其所属阵营加2分」
GRAIL_POINTS, THEFT_POINTS, KILL_POINTS, TEAMKILL_POINTS = 1, 2, 3, 2
THEFT_CHANCE = 50  # 「夺宝成功的几率为50%」
WOUND_CHANCES = (50, 60)  # 「有50%概率伤愈…第二次…60%概率伤愈，40%概率直接死亡」
STD, FREE, EXTRA = "标准", "自由", "额外"

NUMBERS = tuple(str(i) for i in range(1, 101))
FACTION_WORDS = tuple(FACTIONS) + tuple(f"{f}阵营" for f in FACTIONS)
CLAIM_WORDS = tuple(TRAITS) + tuple(CLASS_NAMES) + FACTION_WORDS
FEEDBACK_NIGHT, FEEDBACK_NOW = "入夜", "立即"


def label(faction: str) -> str:
    return f"{faction}阵营"


# --- declarations -------------------------------------------------------------------------------


@dataclass(frozen=True)
class TavernSkill(Skill):
    """A Skill with the usage line spelled out (the number and 指认 words are too many to list)
    and, for class skills, the sheet entry it comes from."""

    form: str = ""
    spec: SkillSpec | None = None
    pm_only: bool | None = True  # every order is sent by PM: in the group it would show the table one's plan

    def usage(self) -> str:
        return self.form or super().usage()


NUMBER = TavernSkill(
    "number", "圣杯", aliases=("数字", "报数"), phases=(DAY,), targets=0, words=NUMBERS, form="圣杯 <1-100的整数>",
    help="白天提交一个 1–100 的整数；最接近所有人平均数的玩家获得本轮圣杯（平手掷骰）。可以重交，以最后一次为准。",
)
ATTACK = TavernSkill(
    "attack", "攻击", aliases=("近战", "近战攻击"), phases=(DUSK,), target_rule=ALIVE_OTHER,
    help="标准动作：对一名玩家进行一次近战攻击尝试（d100 ≤ AB−AC 命中）；命中携带圣杯的人时消耗自由动作夺宝（50%）。",
)
IDENTIFY = TavernSkill(
    "identify", "指认", phases=(DUSK,), target_rule=ALIVE_OTHER, words=CLAIM_WORDS,
    form="指认 <目标> <特质/职业/阵营>",
    help="按你职业的指认规则询问一名玩家是否有某特质、是某职业或属于某阵营；正确时私聊确认，错误时不回复。",
)
RELEASE = TavernSkill(
    "release", "放开", aliases=("放弃擒抱",), phases=(DUSK,), targets=0,
    help="自由动作：放开你擒抱着的人；不放开的话，你今晚的其他指令无效。",
)
GENERIC = (NUMBER, ATTACK, IDENTIFY)


def _declare(spec: SkillSpec) -> TavernSkill:
    if spec.command:
        cost = "不占动作" if spec.action == EXTRA else f"{spec.action}动作"
        once = "，整局一次" if spec.kind == "全局" else ""
        return TavernSkill(
            spec.id, spec.name, aliases=spec.aliases, phases=(DUSK,), target_rule=ALIVE_OTHER if spec.target == "他人"
            else ALIVE, uses=spec.uses, help=f"【{spec.kind}·{cost}{once}】{spec.help}", spec=spec,
        )
    if spec.kind == "抉择":
        return TavernSkill(
            spec.id, spec.name, aliases=spec.aliases, phases=(DUSK,), targets=0, words=("开", "关"),
            form=f"{spec.name} [开|关]", help=f"【抉择】{spec.help}（黄昏决定今晚是否开启）", spec=spec,
        )
    return TavernSkill(spec.id, spec.name, aliases=spec.aliases, targets=0, mandatory=True,
                       help=f"【{spec.kind}】{spec.help}", spec=spec)


CLASS_SKILLS: dict[str, tuple[TavernSkill, ...]] = {
    name: tuple(_declare(s) for s in SHEET[name].skills) for name in CLASS_NAMES
}
# 放开 belongs to the classes that can grapple
GRAPPLER: dict[str, tuple[TavernSkill, ...]] = {
    name: (RELEASE,) for name in CLASS_NAMES if SHEET[name].skill("grapple") is not None
}

PHASES: dict[str, PhaseSpec] = {
    # 「这四个阶段不一定对应现实时间」: 白天 carries the talk (and the grail numbers); 黄昏 the orders.
    DAY: PhaseSpec(DAY, "白天（分配圣杯）", seconds=180, option="白天", forum="close", discussion=True),
    DUSK: PhaseSpec(DUSK, "黄昏（指认与行动）", seconds=180, option="黄昏", forum="+60"),
}

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("白天", "duration", None, (), "白天（交圣杯数字、讨论）时长：快速默认180秒，论坛到关门"),
    OptionSpec("黄昏", "duration", None, (), "黄昏（指认、提交指令）时长：快速默认180秒，论坛为关门后60分钟"),
    OptionSpec("指认反馈", "choice", FEEDBACK_NIGHT, (FEEDBACK_NIGHT, FEEDBACK_NOW),
               "入夜：正确的指认在黄昏结束时统一确认（原文「与指认同时…提交行动指令」）；立即：提交时就确认"),
)


# --- state --------------------------------------------------------------------------------------


@dataclass
class Order:
    skill: str  # "attack" or a class skill id
    target: int
    cost: str  # STD | FREE | EXTRA


@dataclass
class Orders:
    cmds: list[Order] = field(default_factory=list)  # in the order submitted = the order executed
    stances: list[str] = field(default_factory=list)  # 抉择 skills switched on tonight
    release: bool = False  # 放开 ordered (a grappler)
    claims: list[tuple[int, str, str]] = field(default_factory=list)  # (target, kind, value)


@dataclass
class TavernState(BaseState):
    classes: list[str] = field(default_factory=list)  # index 0 unused
    factions: list[str] = field(default_factory=list)  # 守序 / 中立 / 混乱
    hp: list[int] = field(default_factory=list)
    points: dict[str, int] = field(default_factory=dict)
    feedback: str = FEEDBACK_NIGHT
    numbers: dict[int, int] = field(default_factory=dict)  # 白天: seat -> its number
    grail: int = 0  # who carries this round's grail (0: nobody)
    orders: dict[int, Orders] = field(default_factory=dict)
    grapples: dict[int, int] = field(default_factory=dict)  # grappler -> grappled
    wound_rolls: dict[int, int] = field(default_factory=dict)  # 受伤 seat -> recovery rolls already failed
    downed_by: dict[int, int] = field(default_factory=dict)  # 受伤 seat -> who brought it to 0 HP
    fates: dict[int, str] = field(default_factory=dict)
    fallen: list[str] = field(default_factory=list)  # factions announced 灭亡
    forfeited: list[str] = field(default_factory=list)
    notes: dict[int, list[str]] = field(default_factory=dict)  # private record per seat, for /身份

    def spec(self, seat: int) -> ClassSpec:
        return SHEET[self.classes[seat]]

    def members(self, faction: str, living: bool = False) -> list[int]:
        return [s for s in range(1, self.n + 1) if self.factions[s] == faction and (self.alive[s] or not living)]

    def wounded(self, seat: int) -> bool:
        return self.alive[seat] and self.hp[seat] == 0

    def grappler_of(self, seat: int) -> int:
        return next((g for g, t in sorted(self.grapples.items()) if t == seat), 0)

    def has(self, seat: int, condition: str) -> bool:
        return self.statuses.has(seat, condition)

    def passive(self, seat: int, effect: str) -> SkillSpec | None:
        sk = self.spec(seat).skill(effect)
        return sk if sk is not None and not sk.command and sk.kind != "抉择" else None


@dataclass
class _Night:
    """What one night's resolution tracks; only lasting effects go into the state."""

    no: int
    order: list[int] = field(default_factory=list)  # initiative order
    acted: set[int] = field(default_factory=set)  # seats whose turn has come
    held_at_dusk: set[int] = field(default_factory=set)  # grappled when the orders were given
    held: set[int] = field(default_factory=set)  # held the grail at some time tonight
    buffs: dict[int, list[int]] = field(default_factory=dict)  # 鼓舞勇气: seat -> [ab, damage]
    taken: dict[int, int] = field(default_factory=dict)  # damage taken
    healed: dict[int, int] = field(default_factory=dict)
    lost: set[int] = field(default_factory=set)  # grail stolen from
    got: set[int] = field(default_factory=set)  # stole the grail
    traces: dict[int, list[int]] = field(default_factory=dict)  # seat -> targets of its executed orders
    tracks: list[tuple[int, int]] = field(default_factory=list)  # (ranger, tracked)
    notes: dict[int, list[str]] = field(default_factory=dict)  # private morning notes from skills
    dead: list[int] = field(default_factory=list)


@dataclass
class _Budget:
    """A turn's actions: 「自由动作不足而尚有标准动作的，将自动将标准动作转化为自由动作」, never the reverse."""

    std: int = 1
    free: int = 1

    def spend(self, cost: str) -> str | None:
        """Spend one action of `cost`; returns what was used, None when nothing is left."""
        if cost == EXTRA:
            return EXTRA
        if cost == FREE and self.free:
            self.free -= 1
            return FREE
        if self.std:
            self.std -= 1
            return STD if cost == STD else "标准→自由"
        return None


def _seats(seats) -> str:
    return "、".join(f"{s}号" for s in seats) or "无"


def _pct(x: int) -> str:
    return f"{x}%"


# --- numbers of the 战斗规则 and 检定规则 -----------------------------------------------------------


def dex_bonus(st: TavernState, seat: int) -> int:
    """敏捷加值 now: lost when 眩晕, 被擒抱 or 受伤 (直觉闪避 keeps it except when 受伤); 震慑 −5, not below 0."""
    if st.hp[seat] == 0:
        return 0
    d = st.spec(seat).dex
    keeps = st.passive(seat, "uncanny_dodge") is not None
    if not keeps and (st.has(seat, "眩晕") or st.grappler_of(seat)):
        return 0
    if st.has(seat, "震慑"):
        d = max(0, d - 5)
    return d


def dex_mod(st: TavernState, seat: int) -> int:
    """敏捷调整值 for initiative: 5% of 敏捷加值 is one point (reflex uses the same /5)."""
    return dex_bonus(st, seat) // 5


def _stances(st: TavernState, seat: int) -> list[SkillSpec]:
    """Passive stances always, 抉择 stances when switched on tonight."""
    spec = st.spec(seat)
    on = st.orders.get(seat, Orders()).stances
    return [s for s in spec.skills if s.effect == "stance" and (s.kind == "被动" or s.id in on)]


def armor_class(st: TavernState, seat: int) -> int:
    return st.spec(seat).armor + dex_bonus(st, seat) + sum(s.ac for s in _stances(st, seat))


def attack_bonus(st: TavernState, seat: int, night: _Night | None = None) -> int:
    ab = st.spec(seat).ab + sum(s.ab for s in _stances(st, seat))
    if night is not None:
        ab += night.buffs.get(seat, [0, 0])[0]
    if st.has(seat, "眩晕"):
        ab -= 10
    if st.has(seat, "疲惫"):
        ab -= 5
    return ab


def _save_bonus(st: TavernState, seat: int) -> int:
    sk = st.passive(seat, "save_bonus")
    return sk.value if sk else 0


def will(st: TavernState, seat: int) -> int:
    """意志 = [12 − 生命上限] × 10%."""
    return max(0, (12 - st.spec(seat).hp) * 10) + _save_bonus(st, seat)


def reflex(st: TavernState, seat: int) -> int:
    """反射 = 敏捷加值 / 5 × 20."""
    return dex_bonus(st, seat) // 5 * 20 + _save_bonus(st, seat)


def fortitude(st: TavernState, seat: int) -> int:
    """强韧 = (1 + 生命上限/2) × 10% (the text's ×100% is a slip: its own example gives 野蛮人 70%)."""
    return 10 + 5 * st.spec(seat).hp + _save_bonus(st, seat)


SAVE_OF = {"意志": will, "反射": reflex, "强韧": fortitude}


# --- the ruleset ----------------------------------------------------------------------------------


class TavernRuleset(GrimoireMixin, Ruleset):
    key = "tavern"
    title = "酒馆"  # as typed after /开局 and listed by /帮助
    aliases = ("酒馆圣杯", "tavern")
    options = OPTIONS
    phases = PHASES
    default_tempo = "快速"
    factions = tuple(label(f) for f in FACTIONS)
    # No vote in this game: a forum day never gives a card for not voting.
    text_rules = {"未投票黄牌": False}

    # --- sign-up and deal --------------------------------------------------------------------
    def check_players(self, options: dict[str, Any], n: int) -> str | None:
        if n != PLAYERS:
            return f"酒馆圣杯需要正好 {PLAYERS} 名玩家（三个阵营各 5 人），现在报名了 {n} 人。"
        return None

    def max_players(self, options: dict[str, Any]) -> int:
        return PLAYERS

    def setup(self, ctx: Ctx, n: int) -> TavernState:
        deck = [(c, f) for f in FACTIONS for c in LINEUP[f]]
        ctx.rng.shuffle(deck)
        st = TavernState(
            n=n, alive=[False] + [True] * n, classes=[""] + [c for c, _ in deck], factions=[""] + [f for _, f in deck],
            hp=[0] + [SHEET[c].hp for c, _ in deck], points={f: 0 for f in FACTIONS},
            feedback=ctx.options.get("指认反馈") or FEEDBACK_NIGHT, day=1,
        )
        lineup = "；".join(f"{label(f)}：{'、'.join(LINEUP[f])}" for f in FACTIONS)
        ctx.group(
            f"酒馆圣杯开张！三个阵营各 5 人（{lineup}）。谁是什么职业、属于哪个阵营都是秘密。\n"
            f"每一轮：白天私聊交数字分配圣杯，黄昏私聊指认并提交指令，夜里按先攻结算，清晨公告。"
            f"得分：获得圣杯 {GRAIL_POINTS}、夺得圣杯 {THEFT_POINTS}、杀死别的阵营 {KILL_POINTS}、"
            f"误杀队友则其余阵营各 {TEAMKILL_POINTS}；任一阵营 {GOAL} 分，或任一阵营存活人数多于其余阵营之和时结束，"
            f"结束时每名存活成员再加 {SURVIVOR_POINTS} 分，总分最高者获胜。",
            "rules",
        )
        for seat in range(1, n + 1):
            ctx.seat(seat, self._intro(st, seat), "role", {"class": st.classes[seat], "faction": st.factions[seat]})
        ctx.judge("发牌：" + "；".join(f"{ctx.name(s)}：{st.classes[s]}（{label(st.factions[s])}）" for s in range(1, n + 1)))
        self._start_day(ctx, st)
        return st

    def _intro(self, st: TavernState, seat: int) -> str:
        spec = st.spec(seat)
        lines = [
            f"你是 {seat}号，职业【{spec.name}】，属于{label(st.factions[seat])}。{spec.blurb}",
            self._sheet_line(st, seat),
            f"指认规则（每晚）：{spec.id_text()}。",
        ]
        for sk in CLASS_SKILLS[spec.name]:
            lines.append(f"· {sk.name}：{sk.help}" + ("" if sk.mandatory else f" 用法：{sk.usage()}"))
        lines.append("白天私聊「圣杯 <1-100>」；黄昏私聊「指认 <目标> <特质/职业/阵营>」和「攻击 <目标>」等指令。/身份 随时查看。")
        return "\n".join(lines)

    def phase_label(self, st: TavernState) -> str:
        return f"第{st.day}轮 {self.phases[st.phase].label}" if st.phase in self.phases else st.phase

    def _sheet_line(self, st: TavernState, seat: int) -> str:
        """The class's own numbers, never the current ones: a lost 敏捷加值 would tell a grappled
        seat what the text keeps from it (「被擒抱状态将不告知被擒抱者」)."""
        spec = st.spec(seat)
        bonus = _save_bonus(st, seat)
        return (
            f"特质：{'、'.join(spec.traits)}；生命 {st.hp[seat]}/{spec.hp}；AB {_pct(spec.ab)}；"
            f"AC ({spec.armor}+{spec.dex})；伤害 {spec.damage}；意志 {_pct(will(st, seat))}、"
            f"反射 {_pct(spec.dex // 5 * 20 + bonus)}、强韧 {_pct(fortitude(st, seat))}；先攻 d20+{spec.dex // 5}。"
        )

    # --- declarations ---------------------------------------------------------------------------
    def skills_of(self, st: TavernState, seat: int) -> list[Skill]:
        return [*GENERIC, *CLASS_SKILLS[st.classes[seat]], *GRAPPLER.get(st.classes[seat], ())]

    def blocked(self, st: TavernState, seat: int, skill: Skill) -> str | None:
        if st.wounded(seat):
            return "你处于受伤状态（生命值为0），不能执行任何行动。"
        key = skill.key
        if key == "identify" and not self._claims_left(st, seat):
            return "你今晚的指认次数已经用完。"
        if key == "release":
            if seat not in st.grapples:
                return "你没有在擒抱任何人。"
            if st.orders.get(seat, Orders()).release:
                return "你已经提交了放开。"
        spec = getattr(skill, "spec", None)
        if spec is not None:
            if spec.kind == "圣杯" and spec.command and st.grail != seat:
                return f"「{spec.name}」是圣杯技能：只有本轮持有圣杯的人才能使用。"
            if spec.blocked_by and st.has(seat, spec.blocked_by):
                return f"你处于{spec.blocked_by}状态，不能开启「{spec.name}」。"
        return None

    def perform(self, ctx: Ctx, st: TavernState, seat: int, skill: Skill, action: Action) -> None:
        if skill.key == "number":
            self._number(ctx, st, seat, action)
        elif skill.key == "identify":
            self._identify(ctx, st, seat, action)
        elif skill.key == "release":
            self._release_order(ctx, st, seat)
        elif skill.key == "attack":
            self._order(ctx, st, seat, Order("attack", action.targets[0], STD), "攻击")
        else:
            spec: SkillSpec = skill.spec  # type: ignore[attr-defined]
            if spec.kind == "抉择":
                self._stance(ctx, st, seat, spec, "关" not in action.words)
            else:
                self._order(ctx, st, seat, Order(spec.id, action.targets[0], spec.action), spec.name)

    def pending(self, st: TavernState) -> set[int]:
        able = [s for s in st.living() if not st.wounded(s) and s not in st.done]
        if st.phase == DAY:
            return {s for s in able if s not in st.numbers}
        if st.phase == DUSK:
            return {s for s in able if not any(o.cost == STD for o in st.orders.get(s, Orders()).cmds)}
        return set()

    # --- 白天: the grail -------------------------------------------------------------------------
    def _start_day(self, ctx: Ctx, st: TavernState) -> None:
        st.numbers = {}
        st.grail = 0
        st.orders = {}
        ctx.enter(st, DAY)
        ctx.group(
            f"第{st.day}轮 白天：请私聊机器人提交一个 1–100 的整数（「圣杯 57」）。"
            "最接近所有人平均数的玩家获得本轮圣杯，得主会被私聊告知；数字不公布。"
        )

    def _number(self, ctx: Ctx, st: TavernState, seat: int, action: Action) -> None:
        nums = [w for w in action.words if w in NUMBERS]
        if len(nums) != 1 or action.targets:
            raise Refusal("请提交一个 1 到 100 的整数，例如「圣杯 57」。")
        value = int(nums[0])
        again = seat in st.numbers
        st.numbers[seat] = value
        st.done.discard(seat)
        ctx.reply(f"已{'改为' if again else '提交'}数字 {value}（白天结束前可以重交，以最后一次为准）。")
        ctx.judge(f"第{st.day}轮 {ctx.name(seat)} 提交圣杯数字 {value}")

    def _award_grail(self, ctx: Ctx, st: TavernState) -> None:
        subs = {s: v for s, v in sorted(st.numbers.items()) if st.alive[s] and not st.wounded(s)}
        d = st.day
        if not subs:
            ctx.group(f"第{d}轮：没有人提交数字，本轮没有圣杯。")
            ctx.judge(f"第{d}轮 圣杯：无人提交数字")
            return
        mean = Fraction(sum(subs.values()), len(subs))
        gap = {s: abs(v - mean) for s, v in subs.items()}
        best = min(gap.values())
        tied = [s for s in subs if gap[s] == best]
        listing = "、".join(f"{s}号={v}" for s, v in subs.items())
        ctx.judge(f"第{d}轮 圣杯：{listing}；平均数 {float(mean):.2f}；最接近：{_seats(tied)}（相差 {float(best):.2f}）")
        if len(tied) > 1:
            roll = self._roll(ctx, len(tied))
            winner = tied[roll - 1]
            ctx.judge(f"第{d}轮 圣杯平手，掷 d{len(tied)}={roll} → {ctx.name(winner)}")
        else:
            winner = tied[0]
        st.grail = winner
        ctx.seat(winner, f"第{d}轮：你的数字最接近平均数，你获得了本轮的圣杯！今晚它在你身上，被近战命中时可能被夺走。",
                 data={"grail": d})
        st.notes.setdefault(winner, []).append(f"第{d}轮 获得圣杯")
        self._score(ctx, st, st.factions[winner], GRAIL_POINTS, f"{ctx.name(winner)} 获得圣杯")
        ctx.group(f"第{d}轮：圣杯已经分配，得主已被私聊告知。")

    # --- 黄昏: 指认 and orders ---------------------------------------------------------------------
    def _start_dusk(self, ctx: Ctx, st: TavernState) -> None:
        st.orders = {}
        ctx.enter(st, DUSK)
        ctx.group(
            f"第{st.day}轮 黄昏：请私聊机器人指认（「指认 3 神圣」）并提交今晚的指令（「攻击 5」或技能）。"
            "提交了标准动作的指令即视为提交完毕（截止前仍可更改）；不行动请 /放弃。"
        )
        for s in st.living():
            if s in st.grapples and not st.wounded(s):
                ctx.seat(s, f"你正擒抱着 {ctx.name(st.grapples[s])}：今晚除非「放开」（自由动作），否则你的其他指令无效。")

    def _claims_left(self, st: TavernState, seat: int) -> list[int]:
        """Per rule line of the seat's 指认 rule: how many IDs are left tonight."""
        rules = st.spec(seat).identify
        left = [r.count for r in rules]
        for _, kind, value in st.orders.get(seat, Orders()).claims:
            for i, r in enumerate(rules):
                if left[i] and r.allows(kind, value):
                    left[i] -= 1
                    break
        return left if any(left) else []

    def _identify(self, ctx: Ctx, st: TavernState, seat: int, action: Action) -> None:
        words = [w for w in action.words if w in CLAIM_WORDS]
        if len(words) != 1:
            raise Refusal("请写明要指认的一个特质、职业或阵营，例如「指认 3 神圣」「指认 3 法师」「指认 3 守序」。")
        target = action.targets[0]
        value = words[0].removesuffix("阵营")
        kind = "特质" if value in TRAITS else "阵营" if value in FACTIONS else "职业"
        rules = st.spec(seat).identify
        left = self._claims_left(st, seat)
        if not any(left[i] and r.allows(kind, value) for i, r in enumerate(rules)):
            raise Refusal(f"你的职业今晚不能再指认{kind}「{value}」。你的指认规则：{st.spec(seat).id_text()}。")
        st.orders.setdefault(seat, Orders()).claims.append((target, kind, value))
        right = self._claim_true(st, target, kind, value)
        ctx.judge(f"第{st.day}轮 {ctx.name(seat)} 指认 {ctx.name(target)} {kind}「{value}」：{'正确' if right else '错误'}")
        if st.feedback == FEEDBACK_NOW:
            ctx.reply(f"已提交指认：{ctx.name(target)} 的{kind}「{value}」。（指认错误不会收到回复）")
            if right:
                self._confirm(ctx, st, seat, target, kind, value)
        else:
            ctx.reply(f"已提交指认：{ctx.name(target)} 的{kind}「{value}」。正确的指认在黄昏结束时私聊确认，错误的不回复。")

    @staticmethod
    def _claim_true(st: TavernState, target: int, kind: str, value: str) -> bool:
        if kind == "特质":
            return value in st.spec(target).traits
        if kind == "职业":
            return st.classes[target] == value
        return st.factions[target] == value

    def _confirm(self, ctx: Ctx, st: TavernState, seat: int, target: int, kind: str, value: str) -> None:
        what = {"特质": f"拥有「{value}」特质", "职业": f"是「{value}」", "阵营": f"属于{label(value)}"}[kind]
        text = f"指认确认：{ctx.name(target)} {what}。"
        ctx.seat(seat, text, "check", {"target": target, "kind": kind, "value": value})
        st.notes.setdefault(seat, []).append(f"第{st.day}轮 {text}")

    def _order(self, ctx: Ctx, st: TavernState, seat: int, order: Order, name: str) -> None:
        orders = st.orders.get(seat, Orders())
        # a new order replaces one of the same skill, and a standard one replaces the standard one
        keep = [o for o in orders.cmds if o.skill != order.skill and not (order.cost == STD and o.cost == STD)]
        budget = _Budget()
        if orders.release:
            budget.spend(FREE)
        for o in [*keep, order]:
            if budget.spend(o.cost) is None:
                raise Refusal(
                    f"今晚的动作不够提交「{name}」：每晚一个标准动作和一个自由动作（自由动作不足时用标准动作代替）。"
                    f"已提交：{self._orders_text(st, seat) or '无'}。可以先 /放弃 <技能名> 撤下一条。"
                )
        orders = st.orders.setdefault(seat, Orders())
        orders.cmds = [*keep, order]
        st.done.discard(seat)
        ctx.reply(f"已记录：{name} {ctx.name(order.target)}。今晚的指令（按此顺序执行）：{self._orders_text(st, seat)}。"
                  + self._grapple_hint(ctx, st, seat))
        ctx.judge(f"第{st.day}轮 {ctx.name(seat)} 指令：{name} → {ctx.name(order.target)}（{order.cost}动作）")

    def _grapple_hint(self, ctx: Ctx, st: TavernState, seat: int) -> str:
        if seat in st.grapples and not st.orders.get(seat, Orders()).release:
            return f"注意：你正擒抱着 {ctx.name(st.grapples[seat])}，不「放开」的话这些指令无效。"
        return ""

    @staticmethod
    def _skill_name(st: TavernState, seat: int, key: str) -> str:
        if key == "attack":
            return "攻击"
        return next((s.name for s in st.spec(seat).skills if s.id == key), key)

    def _release_order(self, ctx: Ctx, st: TavernState, seat: int) -> None:
        orders = st.orders.get(seat, Orders())
        budget = _Budget()
        for cost in [FREE, *(o.cost for o in orders.cmds)]:
            if budget.spend(cost) is None:
                raise Refusal("今晚的动作不够再放开擒抱（放开需要一个自由动作）：请先 /放弃 <技能名> 撤下一条指令。")
        st.orders.setdefault(seat, Orders()).release = True
        ctx.reply(f"已记录：放开 {ctx.name(st.grapples[seat])}（自由动作，在你的其他指令之前执行）。")
        ctx.judge(f"第{st.day}轮 {ctx.name(seat)} 指令：放开擒抱")

    def _stance(self, ctx: Ctx, st: TavernState, seat: int, spec: SkillSpec, on: bool) -> None:
        orders = st.orders.get(seat, Orders())
        if on == (spec.id in orders.stances):
            raise Refusal(f"「{spec.name}」今晚已经是{'开启' if on else '关闭'}的。")
        orders = st.orders.setdefault(seat, Orders())
        if on:
            orders.stances.append(spec.id)
        else:
            orders.stances.remove(spec.id)
        ctx.reply(f"今晚{'开启' if on else '不开启'}「{spec.name}」。")
        ctx.judge(f"第{st.day}轮 {ctx.name(seat)} 抉择：{spec.name} {'开' if on else '关'}")

    def give_up(self, ctx: Ctx, st: TavernState, seat: int, skill: Skill | None) -> None:
        if not st.alive[seat] or st.wounded(seat):
            raise Refusal("你现在没有可以放弃的行动。")
        if st.phase == DAY:
            if skill is not None and skill.key != "number":
                raise Refusal("白天只有圣杯数字可以放弃。")
            if seat in st.done:
                raise Refusal("你已经放弃了本轮的圣杯。")
            st.numbers.pop(seat, None)
            st.done.add(seat)
            ctx.reply("你放弃了本轮的圣杯（不提交数字）。")
            return
        if st.phase != DUSK:
            raise Refusal("你现在没有可以放弃的行动。")
        orders = st.orders.get(seat, Orders())
        if skill is None:
            if seat in st.done:
                raise Refusal("你已经结束了本黄昏的提交。")
            st.done.add(seat)
            kept = self._orders_text(st, seat)
            ctx.reply(f"本黄昏的提交已结束。今晚的指令：{kept or '无（今晚不行动）'}。")
            return
        if skill.key == "release" and orders.release:
            orders.release = False
        elif skill.key in orders.stances:
            orders.stances.remove(skill.key)
        elif any(o.skill == skill.key for o in orders.cmds):
            orders.cmds = [o for o in orders.cmds if o.skill != skill.key]
        else:
            raise Refusal(f"你今晚没有提交「{skill.name}」。")
        st.done.discard(seat)
        ctx.reply(f"已撤下「{skill.name}」。今晚的指令：{self._orders_text(st, seat) or '无'}。")
        ctx.judge(f"第{st.day}轮 {ctx.name(seat)} 撤下「{skill.name}」")

    # --- phase ends ----------------------------------------------------------------------------------
    def close_phase(self, ctx: Ctx, st: TavernState) -> None:
        # the engine ends the game after this input when a check point is reached: no new phase then
        if st.phase == DAY:
            self._award_grail(ctx, st)
            if self.outcome(st) is None:
                self._start_dusk(ctx, st)
        else:
            self._night(ctx, st)
            if self.outcome(st) is None:
                st.day += 1
                self._start_day(ctx, st)

    # --- 夜晚 --------------------------------------------------------------------------------------------
    @staticmethod
    def _roll(ctx: Ctx, sides: int) -> int:
        return ctx.rng.randint(1, sides)

    def _dice(self, ctx: Ctx, dice: Dice) -> tuple[int, str]:
        rolls = [self._roll(ctx, dice.sides) for _ in range(dice.count)]
        total = sum(rolls) + dice.bonus
        shown = "+".join(map(str, rolls)) if rolls else ""
        tail = f"{dice.bonus:+d}" if dice.bonus and rolls else (str(dice.bonus) if not rolls else "")
        return total, f"{dice}({shown}{tail})={total}" if rolls else f"{total}"

    def _night(self, ctx: Ctx, st: TavernState) -> None:
        night = _Night(st.day)
        if st.grail:
            night.held.add(st.grail)
        night.held_at_dusk = set(st.grapples.values())
        ctx.group(f"第{st.day}轮 夜晚：投先攻，按先攻顺序结算……")
        ctx.judge(f"—— 第{st.day}夜 ——")
        for step in NIGHT_ORDER:
            getattr(self, f"_step_{_STEP_KEYS[step]}")(ctx, st, night)

    def _step_feedback(self, ctx: Ctx, st: TavernState, night: _Night) -> None:
        if st.feedback != FEEDBACK_NIGHT:
            return
        for seat in sorted(st.orders):
            for target, kind, value in st.orders[seat].claims:
                if st.alive[seat] and self._claim_true(st, target, kind, value):
                    self._confirm(ctx, st, seat, target, kind, value)

    def initiative(self, ctx: Ctx, st: TavernState) -> list[int]:
        """Every living seat rolls d20 + 敏捷调整值; higher first; ties by 敏捷调整值, then by a die."""
        totals: dict[int, tuple[int, int]] = {}
        for s in st.living():
            d20, mod = self._roll(ctx, 20), dex_mod(st, s)
            totals[s] = (d20 + mod, mod)
            ctx.judge(f"先攻：{ctx.name(s)} d20={d20} +敏捷{mod} ={d20 + mod}")
        groups: dict[tuple[int, int], list[int]] = {}
        for s, key in totals.items():
            groups.setdefault(key, []).append(s)
        order: list[int] = []
        for key in sorted(groups, reverse=True):
            tied = groups[key]
            if len(tied) > 1:
                tied = self._break_tie(ctx, tied, key)
            order += tied
        ctx.judge("先攻顺序：" + " > ".join(f"{s}号" for s in order))
        return order

    def _break_tie(self, ctx: Ctx, tied: list[int], key: tuple[int, int]) -> list[int]:
        """「由DM通过掷骰子随即决定」: each tied seat rolls d100, higher first; roll again among equal rolls."""
        rolls = {s: self._roll(ctx, 100) for s in tied}
        ctx.judge(f"先攻平局（{key[0]}，敏捷{key[1]}）：" + "，".join(f"{s}号 d100={r}" for s, r in rolls.items()))
        out: list[int] = []
        for r in sorted(set(rolls.values()), reverse=True):
            same = [s for s in tied if rolls[s] == r]
            out += self._break_tie(ctx, same, key) if len(same) > 1 else same
        return out

    def _step_initiative(self, ctx: Ctx, st: TavernState, night: _Night) -> None:
        night.order = self.initiative(ctx, st)

    def _step_resolve(self, ctx: Ctx, st: TavernState, night: _Night) -> None:
        for seat in night.order:
            if st.alive[seat]:
                self._turn(ctx, st, night, seat)
            night.acted.add(seat)

    # --- one seat's turn ------------------------------------------------------------------------------
    def _turn(self, ctx: Ctx, st: TavernState, night: _Night, seat: int) -> None:
        orders = st.orders.get(seat, Orders())
        name = ctx.name(seat)
        if st.wounded(seat):
            self._wound_roll(ctx, st, night, seat)
            return
        budget = _Budget()
        holder = st.grappler_of(seat)
        if holder and seat not in night.held_at_dusk:
            # grabbed earlier tonight: its orders are void (「其发布的任何指令均无效」); the struggle
            # belongs to a seat that was still held when orders were given
            ctx.judge(f"{name} 今晚被 {ctx.name(holder)} 擒抱，指令无效")
            return
        if holder:
            budget.spend(FREE)
            chance = fortitude(st, seat) - fortitude(st, holder)
            roll = self._roll(ctx, 100)
            ok = roll <= chance
            ctx.judge(f"挣脱擒抱：{name} 对 {ctx.name(holder)} 强韧对抗 d100={roll} {'≤' if ok else '>'} "
                      f"{fortitude(st, seat)}−{fortitude(st, holder)}={chance} → {'挣脱' if ok else '失败，指令无效'}")
            if not ok:
                return
            del st.grapples[holder]
            night.notes.setdefault(holder, []).append(f"{ctx.name(seat)} 挣脱了你的擒抱。")
        if seat in st.grapples:
            if not orders.release:
                ctx.judge(f"{name} 正擒抱着 {ctx.name(st.grapples[seat])}，没有放开，指令无效")
                return
            budget.spend(FREE)
            ctx.judge(f"{name} 放开了 {ctx.name(st.grapples.pop(seat))}（自由动作）")
        for order in orders.cmds:
            if not st.alive[seat] or st.wounded(seat):
                break
            self._execute(ctx, st, night, seat, order, budget)

    def _execute(self, ctx: Ctx, st: TavernState, night: _Night, seat: int, order: Order, budget: _Budget) -> None:
        skill = self._skill_name(st, seat, order.skill)
        used = budget.spend(order.cost)
        if used is None:
            ctx.judge(f"{ctx.name(seat)} 的「{skill}」：动作已经用完，未执行")
            return
        target = order.target
        spec = None if order.skill == "attack" else next(s for s in st.spec(seat).skills if s.id == order.skill)
        if spec is not None and spec.kind == "圣杯" and seat not in night.held:
            ctx.judge(f"{ctx.name(seat)} 的「{skill}」：本夜没有拥有过圣杯，不能使用")
            return
        if spec is not None and spec.uses is not None:
            st.use(seat, spec.id)
        if not st.alive[target]:
            ctx.judge(f"{ctx.name(seat)} 的「{skill}」：{ctx.name(target)} 已经退出游戏，落空")
            return
        night.traces.setdefault(seat, []).append(target)
        if spec is None:
            extra = sum(s.extra_attacks for s in _stances(st, seat))
            for _ in range(1 + extra):
                if st.alive[target] and st.alive[seat]:
                    self._melee(ctx, st, night, seat, target, budget, "攻击")
            return
        getattr(self, f"_effect_{spec.effect}")(ctx, st, night, seat, target, spec, budget)

    # --- effects (one per kind of sheet effect) --------------------------------------------------------------
    def _melee(self, ctx: Ctx, st: TavernState, night: _Night, seat: int, target: int, budget: _Budget, what: str,
               ab: int = 0, damage: int = 0, touch: bool = False) -> bool:
        """A melee attack check: d100 ≤ AB − AC hits. On a hit, damage; on a hit on the grail's carrier, 夺宝."""
        a = attack_bonus(st, seat, night) + ab
        ac = dex_bonus(st, target) if touch else armor_class(st, target)
        chance = a - ac
        roll = self._roll(ctx, 100)
        hit = roll <= chance
        ac_text = f"敏捷{ac}（接触）" if touch else f"AC{ac}"
        ctx.judge(f"{what}：{ctx.name(seat)}→{ctx.name(target)} d100={roll} {'≤' if hit else '>'} AB{a}−{ac_text}={chance}"
                  f" → {'命中' if hit else '未命中'}")
        if not hit:
            return False
        carrier = st.grail == target
        if not touch:
            total, text = self._damage_roll(ctx, st, night, seat, target, st.spec(seat).damage, damage, melee=True)
            self._hurt(ctx, st, night, seat, target, total, f"{what}伤害 {text}")
        if carrier and st.grail == target:
            self._theft(ctx, st, night, seat, target, budget)
        return True

    def _damage_roll(self, ctx: Ctx, st: TavernState, night: _Night, seat: int, target: int, dice: Dice, bonus: int,
                     melee: bool) -> tuple[int, str]:
        total, text = self._dice(ctx, dice)
        parts = [text]
        if melee:
            bonus += sum(s.damage for s in _stances(st, seat)) + night.buffs.get(seat, [0, 0])[1]
            sneak = st.passive(seat, "sneak_attack")
            if sneak and st.passive(target, "uncanny_dodge") is None and (
                dex_bonus(st, target) == 0 or target not in night.acted
            ):
                extra, etext = self._dice(ctx, sneak.dice)  # type: ignore[arg-type]
                bonus += extra
                parts.append(f"偷袭{etext}")
        if bonus:
            parts.append(f"{bonus:+d}")
        total += bonus
        if st.has(seat, "疲惫"):
            parts.append("疲惫-1")
            total -= 1
        total = max(1, total)  # 「但至少可以造成1点伤害」
        return total, " ".join(parts) + f" = {total}"

    def _hurt(self, ctx: Ctx, st: TavernState, night: _Night, by: int, target: int, amount: int, text: str) -> None:
        if st.hp[target] == 0:
            ctx.judge(f"{text}：{ctx.name(target)} 已在受伤状态，被杀死")
            self._die(ctx, st, night, target, by, "被杀死")
            return
        st.hp[target] = max(0, st.hp[target] - amount)
        night.taken[target] = night.taken.get(target, 0) + amount
        ctx.judge(f"{text}：{ctx.name(target)} 生命 {st.hp[target]}/{st.spec(target).hp}")
        if st.hp[target] == 0:
            st.downed_by[target] = by
            st.wound_rolls[target] = 0
            self._break_grapples(ctx, st, night, target)
            ctx.judge(f"{ctx.name(target)} 生命值归零，进入受伤状态")

    def _theft(self, ctx: Ctx, st: TavernState, night: _Night, seat: int, target: int, budget: _Budget) -> None:
        used = budget.spend(FREE)
        if used is None:
            ctx.judge(f"夺宝：{ctx.name(seat)} 没有自由动作（也没有可转化的标准动作），不能夺宝")
            return
        chance = THEFT_CHANCE
        why = "基础"
        thief = st.passive(seat, "theft")
        if thief:
            chance, why = thief.chance, thief.name
        guard = st.passive(target, "grail_guard")
        if guard:
            chance, why = guard.chance, f"{ctx.name(target)}的{guard.name}"
        roll = self._roll(ctx, 100)
        ok = roll <= chance
        ctx.judge(f"夺宝（{used}动作）：{ctx.name(seat)} 从 {ctx.name(target)} d100={roll} {'≤' if ok else '>'} "
                  f"{chance}（{why}）→ {'成功' if ok else '失败'}")
        if not ok:
            return
        st.grail = seat
        night.held.add(seat)
        night.lost.add(target)
        night.got.add(seat)
        night.lost.discard(seat)
        self._score(ctx, st, st.factions[seat], THEFT_POINTS, f"{ctx.name(seat)} 夺得圣杯")

    def _die(self, ctx: Ctx, st: TavernState, night: _Night | None, seat: int, killer: int, how: str) -> None:
        st.alive[seat] = False
        when = f"第{st.day}夜" if night is not None else f"第{st.day}轮"
        st.fates[seat] = f"{when}{how}" + (f"（{killer}号）" if killer else "")
        st.wound_rolls.pop(seat, None)
        st.downed_by.pop(seat, None)
        self._break_grapples(ctx, st, night, seat)
        ctx.died(seat)
        if night is not None:
            night.dead.append(seat)
        if st.grail == seat:
            st.grail = 0  # it stays on the body: out of play for the rest of the night
        if killer:
            mine, theirs = st.factions[killer], st.factions[seat]
            if mine != theirs:
                self._score(ctx, st, mine, KILL_POINTS, f"{ctx.name(killer)} 杀死别的阵营的 {ctx.name(seat)}")
            else:
                for f in FACTIONS:
                    if f != mine:
                        self._score(ctx, st, f, TEAMKILL_POINTS, f"{ctx.name(killer)} 误杀队友 {ctx.name(seat)}")

    def _break_grapples(self, ctx: Ctx, st: TavernState, night: _Night | None, seat: int) -> None:
        """A grapple ends when either side goes down (受伤) or leaves the game."""
        for g, t in sorted(st.grapples.items()):
            if seat in (g, t):
                del st.grapples[g]
                ctx.judge(f"{ctx.name(g)} 对 {ctx.name(t)} 的擒抱解除")
                if night is not None and st.alive[g] and g != seat:
                    night.notes.setdefault(g, []).append(f"你对 {ctx.name(t)} 的擒抱解除了。")

    def _wound_roll(self, ctx: Ctx, st: TavernState, night: _Night, seat: int) -> None:
        k = st.wound_rolls.get(seat, 0)
        chance = WOUND_CHANCES[min(k, len(WOUND_CHANCES) - 1)]
        roll = self._roll(ctx, 100)
        ok = roll <= chance
        if ok:
            st.hp[seat] = 1
            st.wound_rolls.pop(seat, None)
            st.downed_by.pop(seat, None)
            night.notes.setdefault(seat, []).append("你伤愈了，生命值回复到 1。")
            ctx.judge(f"伤愈检定（第{k + 1}次）：{ctx.name(seat)} d100={roll} ≤ {chance} → 伤愈，生命 1")
        elif k == 0:
            st.wound_rolls[seat] = 1
            ctx.judge(f"伤愈检定（第1次）：{ctx.name(seat)} d100={roll} > {chance} → 继续受伤")
        else:
            ctx.judge(f"伤愈检定（第{k + 1}次）：{ctx.name(seat)} d100={roll} > {chance} → 死亡")
            self._die(ctx, st, night, seat, st.downed_by.get(seat, 0), "伤重不治")

    def _check(self, ctx: Ctx, st: TavernState, seat: int, target: int, check: str, what: str) -> bool:
        """A spell's or effect's check: True when it takes effect on the target."""
        if check == "必中":
            ctx.judge(f"{what}：{ctx.name(seat)}→{ctx.name(target)} 必中")
            return True
        roll = self._roll(ctx, 100)
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

    def _afflict(self, ctx: Ctx, st: TavernState, night: _Night, seat: int, target: int, condition: str,
                 nights: int) -> None:
        last = night.no + nights - 1
        for s in st.statuses.of(target, condition):
            s.value = max(s.value, last)
            break
        else:
            st.statuses.add(Status(condition, target, PERMANENT, source=seat, value=last))
        ctx.judge(f"{ctx.name(target)} 陷入{condition}，持续到第{last}夜结束")

    def _effect_attack(self, ctx, st, night, seat, target, spec: SkillSpec, budget) -> None:
        bonus = not spec.vs_faction or st.factions[target] == spec.vs_faction
        hit = self._melee(ctx, st, night, seat, target, budget, spec.name,
                          ab=spec.ab if bonus else 0, damage=spec.damage if bonus else 0)
        if hit and spec.condition and st.alive[target]:
            if self._check(ctx, st, seat, target, spec.save, spec.name):
                self._afflict(ctx, st, night, seat, target, spec.condition, spec.nights)

    def _effect_grapple(self, ctx, st, night, seat, target, spec: SkillSpec, budget) -> None:
        if st.grappler_of(target) or target in st.grapples:
            ctx.judge(f"{spec.name}：{ctx.name(target)} 已在擒抱中，无法再擒抱")
            return
        if not self._melee(ctx, st, night, seat, target, budget, spec.name, touch=True):
            return
        if st.wounded(target):
            ctx.judge(f"{spec.name}：{ctx.name(target)} 处于受伤状态，擒抱没有意义")
            return
        st.grapples[seat] = target
        night.notes.setdefault(seat, []).append(f"你擒抱住了 {ctx.name(target)}（对方不会被告知）。")
        ctx.judge(f"{ctx.name(seat)} 擒抱住了 {ctx.name(target)}")

    def _effect_spell(self, ctx, st, night, seat, target, spec: SkillSpec, budget) -> None:
        if not self._check(ctx, st, seat, target, spec.check, spec.name):
            return
        if spec.dice is not None:
            surge = st.passive(seat, "grail_power")
            extra = surge.damage if surge and seat in night.held else 0
            total, text = self._damage_roll(ctx, st, night, seat, target, spec.dice, extra, melee=False)
            if extra:
                text += f"（{surge.name}）"  # type: ignore[union-attr]
            self._hurt(ctx, st, night, seat, target, total, f"{spec.name}伤害 {text}")
        if spec.condition and st.alive[target]:
            self._afflict(ctx, st, night, seat, target, spec.condition, spec.nights)

    def _effect_heal(self, ctx, st, night, seat, target, spec: SkillSpec, budget) -> None:
        cap = st.spec(target).hp
        if spec.full:
            amount, text = cap, "回满"
        else:
            amount, text = self._dice(ctx, spec.dice)  # type: ignore[arg-type]
        before = st.hp[target]
        st.hp[target] = min(cap, before + amount)
        if before == 0 and st.hp[target] > 0:
            st.wound_rolls.pop(target, None)
            st.downed_by.pop(target, None)
        night.healed[target] = st.hp[target]
        ctx.judge(f"{spec.name}：{ctx.name(seat)}→{ctx.name(target)} {text}，生命 {before}→{st.hp[target]}/{cap}")

    def _effect_companion(self, ctx, st, night, seat, target, spec: SkillSpec, budget) -> None:
        ac = armor_class(st, target)
        chance = spec.ab - ac
        roll = self._roll(ctx, 100)
        hit = roll <= chance
        ctx.judge(f"{spec.name}：{ctx.name(seat)}的伙伴→{ctx.name(target)} d100={roll} {'≤' if hit else '>'} "
                  f"AB{spec.ab}−AC{ac}={chance} → {'命中' if hit else '未命中'}")
        if hit:
            total, text = self._dice(ctx, spec.dice)  # type: ignore[arg-type]
            self._hurt(ctx, st, night, seat, target, max(1, total), f"{spec.name}伤害 {text}")

    def _effect_inspire(self, ctx, st, night, seat, target, spec: SkillSpec, budget) -> None:
        buff = night.buffs.setdefault(target, [0, 0])
        buff[0] += spec.ab
        buff[1] += spec.damage
        ctx.judge(f"{spec.name}：{ctx.name(seat)}→{ctx.name(target)} 今晚余下时间 AB{spec.ab:+d} 伤害{spec.damage:+d}")

    def _effect_track(self, ctx, st, night, seat, target, spec: SkillSpec, budget) -> None:
        night.tracks.append((seat, target))
        ctx.judge(f"{spec.name}：{ctx.name(seat)} 追踪 {ctx.name(target)}（天亮时得知结果）")

    def _effect_extra_attack(self, ctx, st, night, seat, target, spec: SkillSpec, budget) -> None:
        self._melee(ctx, st, night, seat, target, budget, spec.name)

    # --- the end of the night and the morning --------------------------------------------------------------
    def _step_wrapup(self, ctx: Ctx, st: TavernState, night: _Night) -> None:
        for ranger, tracked in night.tracks:
            if st.alive[ranger]:
                seen = night.traces.get(tracked, [])
                text = (f"追踪结果：{ctx.name(tracked)} 昨夜的指令指向了 {_seats(sorted(set(seen)))}。" if seen
                        else f"追踪结果：{ctx.name(tracked)} 昨夜没有留下行动的痕迹。")
                night.notes.setdefault(ranger, []).append(text)
                ctx.judge(f"{ctx.name(ranger)} {text}")
        if st.grail:
            ctx.judge(f"第{night.no}轮的圣杯最后在 {ctx.name(st.grail)} 身上，随着夜晚结束而消失")
        st.grail = 0
        # conditions that end with this night go; 狂暴 and the like leave theirs for the nights after
        for s in list(st.statuses.items):
            if s.value <= night.no and s.name in ("眩晕", "震慑", "疲惫"):
                st.statuses.items.remove(s)
        for seat in st.living():
            for sk in _stances(st, seat):
                if sk.after and sk.kind == "抉择":
                    self._afflict(ctx, st, night, seat, seat, sk.after, sk.after_nights + 1)

    def _step_morning(self, ctx: Ctx, st: TavernState, night: _Night) -> None:
        d = night.no
        lines = [f"{ctx.name(s)} 退出了游戏。" for s in sorted(night.dead)]
        lines += self._fallen(st)
        ctx.group(f"【第{d + 1}轮 清晨】昨夜战况：" + ("".join(lines) if lines else "没有人退出游戏。"),
                  data={"out": tuple(sorted(night.dead)), "fallen": tuple(st.fallen), "night": d})
        for seat in range(1, st.n + 1):
            if not st.alive[seat]:
                continue
            notes = []
            if seat in night.lost:
                notes.append("你的圣杯在夜里被抢夺了。")
            if seat in night.got:
                notes.append("你夺到了圣杯！")
            if seat in night.taken:
                left = f"剩余生命值 {st.hp[seat]}/{st.spec(seat).hp}"
                notes.append(f"你昨夜受到 {night.taken[seat]} 点伤害，{left}。"
                             + ("你进入了受伤状态：不能执行任何行动，轮到你结算时有机会伤愈。" if st.hp[seat] == 0 else ""))
            elif seat in night.healed:
                notes.append(f"你的生命值恢复到 {st.hp[seat]}/{st.spec(seat).hp}。")
            notes += night.notes.get(seat, [])
            if notes:
                text = f"第{d}夜：" + "".join(notes)
                ctx.seat(seat, text, data={"hp": st.hp[seat]})
                st.notes.setdefault(seat, []).append(text)

    def _fallen(self, st: TavernState) -> list[str]:
        out = []
        for f in FACTIONS:
            if f not in st.fallen and not st.members(f, living=True):
                st.fallen.append(f)
                out.append(f"{label(f)} 灭亡。")
        return out

    # --- points and the end ---------------------------------------------------------------------------------
    def _score(self, ctx: Ctx, st: TavernState, faction: str, points: int, why: str) -> None:
        st.points[faction] += points
        ctx.judge(f"得分：{label(faction)} +{points}（{why}），现在 {st.points[faction]} 分")

    def end_board(self, st: TavernState) -> dict | None:
        """The scoreboard, published at the end only (得分在游戏中不公布, docs/tavern.md)."""
        living = {f: len(st.members(f, living=True)) for f in FACTIONS}
        rows = [[label(f), str(st.points[f]), str(living[f]), str(st.points[f] + SURVIVOR_POINTS * living[f])]
                for f in FACTIONS]
        return boards.table("最终得分", ["", "得分", "存活", "="], rows)

    def outcome(self, st: TavernState) -> Outcome | None:
        living = {f: len(st.members(f, living=True)) for f in FACTIONS}
        total = sum(living.values())
        reason = ""
        reached = [f for f in FACTIONS if st.points[f] >= GOAL]
        if reached:
            reason = f"{'、'.join(label(f) for f in reached)}达到 {GOAL} 分"
        elif total == 0:
            reason = "所有人都已退出游戏"
        else:
            ahead = [f for f in FACTIONS if living[f] > total - living[f]]
            if ahead:
                reason = f"{label(ahead[0])}存活人数（{living[ahead[0]]}）多于其余阵营之和（{total - living[ahead[0]]}）"
        contenders = [f for f in FACTIONS if f not in st.forfeited]
        if not reason and st.forfeited and len(contenders) <= 1:
            reason = "其余阵营被判负"
        if not reason:
            return None
        final = {f: st.points[f] + SURVIVOR_POINTS * living[f] for f in FACTIONS}
        lines = [f"{label(f)} {st.points[f]}+{living[f]}×{SURVIVOR_POINTS}={final[f]}"
                 + ("（判负）" if f in st.forfeited else "") for f in FACTIONS]
        if not contenders:
            return Outcome("无人获胜", (), f"游戏结束：{reason}。最终得分：" + "；".join(lines) + "。所有阵营都被判负，无人获胜。")
        best = max(final[f] for f in contenders)
        winners = [f for f in contenders if final[f] == best]
        seats = tuple(s for s in range(1, st.n + 1) if st.factions[s] in winners)
        names = "、".join(label(f) for f in winners)
        verdict = f"{names} 同分，共同获胜！" if len(winners) > 1 else f"{names}获胜！"
        return Outcome(names, seats, f"游戏结束：{reason}。最终得分（阵营得分+存活成员每人{SURVIVOR_POINTS}分）："
                       + "；".join(lines) + f"。{verdict}")

    # --- what a seat / the table may know ------------------------------------------------------------------
    def role_text(self, st: TavernState, seat: int) -> str:
        spec = st.spec(seat)
        lines = [f"你是 {seat}号，职业【{spec.name}】，属于{label(st.factions[seat])}。{spec.blurb}", self._sheet_line(st, seat)]
        if not st.alive[seat]:
            lines.append(f"你已退出游戏（{st.fates.get(seat, '')}）。")
            return "\n".join(lines)
        if st.wounded(seat):
            lines.append("你处于受伤状态：不能执行任何行动，轮到你结算时有机会伤愈。")
        conds = [f"{s.name}（到第{s.value}夜结束）" for s in st.statuses.of(seat) if s.name in ("眩晕", "震慑", "疲惫")]
        if conds:
            lines.append("状态：" + "、".join(conds))  # 被擒抱 is never shown: 「将不告知被擒抱者」
        if seat in st.grapples:
            lines.append(f"你正擒抱着 {st.grapples[seat]}号（「放开」是自由动作）。")
        if st.grail == seat:
            lines.append("本轮圣杯在你身上。")
        left = self._claims_left(st, seat)
        rules = st.spec(seat).identify
        if st.phase == DUSK:
            if left:
                lines.append("今晚还可以指认：" + "；".join(f"{n}个ID指认{r.kind}" + (f"（{'、'.join(r.values)}）" if r.values else "")
                                                     for n, r in zip(left, rules, strict=True) if n))
            text = self._orders_text(st, seat)
            lines.append(f"今晚的指令：{text or '尚未提交'}。")
        elif st.phase == DAY and seat in st.numbers:
            lines.append(f"本轮已提交的圣杯数字：{st.numbers[seat]}。")
        if st.notes.get(seat):
            lines.append("记录：" + "；".join(st.notes[seat][-8:]))
        return "\n".join(lines)

    def _orders_text(self, st: TavernState, seat: int) -> str:
        orders = st.orders.get(seat, Orders())
        parts = ["放开擒抱"] if orders.release else []
        parts += [f"{self._skill_name(st, seat, o.skill)} {o.target}号" for o in orders.cmds]
        parts += [f"{self._skill_name(st, seat, k)}（开）" for k in orders.stances]
        return "；".join(parts)

    def cast(self, st: TavernState) -> list[CastRow]:
        rows = []
        for s in range(1, st.n + 1):
            fate = st.fates.get(s) or f"存活（生命 {st.hp[s]}/{st.spec(s).hp}）"
            rows.append(CastRow(s, st.classes[s], label(st.factions[s]), fate))
        return rows

    def public_status(self, st: TavernState) -> str:
        lines = [f"第{st.day}轮"]
        if st.fallen:
            lines.append("已灭亡：" + "、".join(label(f) for f in st.fallen))
        return "；".join(lines)

    def faction_of(self, st: TavernState, seat: int) -> str:
        return label(st.factions[seat])

    # --- the judge's hand ----------------------------------------------------------------------------------
    def remove(self, ctx: Ctx, st: TavernState, seat: int, reason: str) -> None:
        """红牌: out at once, no skills, no points for anyone."""
        if not st.alive[seat]:
            return
        self._die(ctx, st, None, seat, 0, "被法官罚下")
        st.orders.pop(seat, None)
        st.numbers.pop(seat, None)
        ctx.group(f"{ctx.name(seat)} {reason}，退出了游戏。" + "".join(self._fallen(st)),
                  data={"out": (seat,), "fallen": tuple(st.fallen)})
        ctx.judge(f"{ctx.name(seat)}（{st.classes[seat]}）{reason}")

    def on_forfeit(self, ctx: Ctx, st: TavernState, faction: str) -> None:
        short = faction.removesuffix("阵营")
        if short in FACTIONS and short not in st.forfeited:
            st.forfeited.append(short)
            ctx.group(f"{faction}累计两张红牌，判负：不能再获胜。")


_STEP_KEYS = {"指认反馈": "feedback", "投先攻": "initiative", "结算": "resolve", "收尾": "wrapup", "清晨公告": "morning"}

RULESET = register(TavernRuleset())
