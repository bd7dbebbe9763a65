"""萬寧斗獸棋 (rule text 000) on the bansha engine: `/开局 斗兽棋`.

Flow (docs/beastchess.md has every rule as played and where each choice comes from):

    ban (禁用本能) ──▶ pick (选择本能) ──▶ probe (探查本能类型) ──▶ round 1 ──▶ round 2 ──▶ …

Every round each living player submits by PM: 攻击 (levels 2–4) or 感应 (level 1), optional abilities (杀戮,
野心, 智慧) and their 本能; at the deadline (or when everyone has submitted) the round is resolved in the text's
結算順序 (order.py, resolve.Resolver) and the HP of everyone is announced in the group (rounds.py).

Where things are: abilities.py (the levels' action and abilities), instincts/ (one module per 本能), draft.py
(禁用, 选择, 探查), power.py (how a unit is declared next to its behaviour), catalog.py (all of them, in the text's
order), order.py (the resolution order and the moment table). This module is the game's flow, its end, what a
seat may see and the rules every 本能 shares; loading it checks the units against the table (the engine's one
check) and refuses to load a game whose declarations are broken.

Pure: no nonebot, no clock, no global random; randomness only from ctx.rng.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..bansha.engine import PLAN, Action, CastRow, Ctx, Outcome, Refusal, Ruleset, Skill, register
from ..bansha.engine.core import clean_text
from ..bansha.engine.core.behaviour import problems
from .book import BOOK, LEVEL_POWERS, REGISTRY
from .catalog import AT_TABLE, BY_KEY
from .data import (
    ANIMALS,
    BAN,
    BAN_RULE_SHARE,
    DRAW,
    FACTION,
    LEVEL_NAMES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    PHASES,
    PICK,
    PROBE,
    ROUND,
    counts_text,
    level_counts,
    seats_text,
)
from .draft import DRAFT_SKILLS, settle_bans, settle_picks
from .grimoire import GrimoireMixin
from .order import BUFF_ORDER, MOMENTS, RESOLUTION_ORDER
from .power import Instinct, Power, answers
from .resolve import STEPS
from .rounds import close_round, hp_extra, open_round
from .state import BeastState

SETUP_PHASES = (BAN, PICK, PROBE)

# The one check (engine/core/behaviour.py): every unit against the moment table and the resolution order.
_found = problems(BOOK.units, MOMENTS, (*RESOLUTION_ORDER, *BUFF_ORDER), base=Power, procedures=STEPS)
if _found:
    raise ValueError("斗兽棋的声明有误：" + "；".join(_found))


def _flag(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("开", "是", "on", "true", "1")
    return bool(value)


def level_skills(level: int, n: int) -> list[Power]:
    """A level's action and abilities, with the head count's numbers filled in."""
    declared = AT_TABLE[n]
    return [declared[p.key] for p in LEVEL_POWERS[level]]


class BeastChess(GrimoireMixin, Ruleset):
    key = "beastchess"
    # No `reuse`: the verdict reads only who is alive and a declared winner, and keeping it across inputs saved
    # nothing measurable (docs/beastchess.md); the engine keeps it while the game stands still.
    title = "斗兽棋"
    aliases = ("萬寧斗獸棋", "万宁斗兽棋", "斗獸棋", "beastchess")
    options = OPTIONS
    phases = PHASES
    default_tempo = "快速"
    factions = tuple(FACTION.values())
    # No discussion day and no votes: players talk in pairs, so 潜水 and vote cards do not apply.
    text_rules = {"潜水": False, "未投票黄牌": False}
    book = BOOK

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
        for skill in level_skills(lv, st.n):
            lines.append(f"· {skill.name}：{skill.help}")
        lines.append("接下来：禁用本能 → 选择本能 → 探查一名玩家的本能类型 → 回合开始。发送 /身份 可随时查看。")
        return "\n".join(lines)

    # --- declarations: the skills a seat holds; what they do is in the book -----------------------------
    def skills_of(self, state: BeastState, seat: int) -> list[Skill]:
        out: list[Skill] = list(DRAFT_SKILLS) if state.phase in SETUP_PHASES else []
        out += level_skills(state.level(seat), state.n)
        inst = state.instinct(seat)
        if inst is not None:
            out.append(AT_TABLE[state.n][inst.key])
        return out

    def phase_label(self, state: BeastState) -> str:
        if state.phase == ROUND:
            return f"第{state.day}回合"
        return self.phases[state.phase].label

    def blocked(self, state: BeastState, seat: int, skill: Skill) -> str | None:
        """Every round skill is submitted once (/放弃 <技能名> withdraws it to change it); a 本能, the rules every
        本能 shares; then the unit's own check."""
        plan = state.plans.get(seat)
        if plan and isinstance(skill, Power) and skill.submitted(plan):
            return f"本回合已经提交了「{skill.name}」；如需更改，先 /放弃 {skill.name} 撤回再重发。"
        if isinstance(skill, Instinct):
            why = self.instinct_refusal(state, seat, skill)
            if why:
                return why
        return super().blocked(state, seat, skill)

    @staticmethod
    def instinct_refusal(st: BeastState, seat: int, inst: Instinct) -> str | None:
        """What every 本能 shares: its holder alive (or `dead_ok`), not banned this round (恐惧, 仁慈) unless 锁定,
        not cooling down."""
        if not st.alive[seat] and not inst.dead_ok(st, seat):
            return "你已经出局，不能再使用本能。"
        if st.phase == ROUND and not inst.locked:
            for p in LEVEL_POWERS[st.level(seat)]:
                why = p.forbids(st, seat) if answers(p, "forbids") else None
                if why:
                    return why
            for why in MOMENTS.run("table_forbids", REGISTRY, st, seat):
                if why:
                    return why
        if inst.cooldown and st.last_used.get(seat, -99) >= st.day - inst.cooldown:
            return f"「{inst.name}」冷却中：上一回合刚使用过。"
        return None

    def target_check(self, state: BeastState, seat: int, skill: Skill) -> Callable[[int], str | None] | None:
        """A 本能 不可連續對同一人 refuses last time's target; then the unit's own check."""
        own = super().target_check(state, seat, skill)
        if not (isinstance(skill, Instinct) and skill.distinct_target):
            return own
        last = state.last_target.get(seat)

        def check(target: int) -> str | None:
            if target == last:
                return f"「{skill.name}」不能连续对同一人发动（上次是 {target}号）。"
            return own(target) if own is not None else None

        return check

    def perform(self, ctx: Ctx, state: BeastState, seat: int, skill: Skill, action: Action) -> None:
        """A PLAN unit goes into the round's plan (resolved at the round's close); a NOW unit resolves at once."""
        if isinstance(skill, Power) and skill.submit == PLAN:
            skill.plan(ctx, state, seat, action)
        else:
            super().perform(ctx, state, seat, skill, action)

    # --- giving up ------------------------------------------------------------------------------
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
        plan = st.plans.get(seat)
        power = REGISTRY.get(skill.key)
        if plan is None or power is None or not power.withdraw(plan):
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
                held = st.instinct(s)
                owes = held is not None and answers(held, "owes") and held.owes(st, s, st.plans.get(s))
                if not st.acted(s) or owes:
                    out.add(s)
            return out
        return set()

    # --- the phases ----------------------------------------------------------------------------
    def close_phase(self, ctx: Ctx, state: BeastState) -> None:
        st = state
        if st.phase == BAN:
            settle_bans(ctx, st)
            ctx.enter(st, PICK)
            ctx.group("选择本能：每人私聊机器人选择一个未被禁用的本能，如「选择 强健」；只有自己知道。不选则随机分配。")
        elif st.phase == PICK:
            settle_picks(ctx, st)
            ctx.enter(st, PROBE)
            ctx.group("探查：每人可以私聊机器人「探查 <目标>」，得知一名玩家的本能类型（信息型/防守型/攻击型/全能型）。")
        elif st.phase == PROBE:
            open_round(ctx, st, self._available)
        else:
            close_round(ctx, st, self._available, lambda s: self.outcome(s) is not None)

    def _available(self, st: BeastState, seat: int) -> list[str]:
        return [c.skill.name for c in self.legal(st, seat) if not c.skill.mandatory]

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
                           f"获胜玩家：{seats_text(seats)}（死亡的同等级玩家同样获胜）。")
        if not levels:
            return Outcome(DRAW, (), "最后的玩家在同一回合全部死亡，没有等级存活：平局。")
        return None

    # --- what a seat / the table may know -------------------------------------------------------
    def role_text(self, state: BeastState, seat: int) -> str:
        st = state
        lv = st.level(seat)
        lines = [f"你是 {seat}号，动物【{st.animals[seat]}】（{lv}级，阵营：{FACTION[lv]}）。"]
        status = "存活" if st.alive[seat] else "已出局"
        lines.append(f"{status}；血量 {st.hp[seat]}/{st.max_hp}，护盾 {st.shields[seat]}{hp_extra(st, seat)}。")
        inst = st.instinct(seat)
        if inst is None:
            lines.append("本能：尚未选择。")
        else:
            via = f"（由{st.picked[seat]}得到）" if st.picked[seat] != inst.name else ""
            lines.append(f"本能「{inst.name}」{via}（{inst.form}·{inst.kind}）：{inst.text}")
            if inst.cooldown and st.last_used.get(seat, -99) >= st.day - inst.cooldown:
                lines.append("本能冷却中。")
            lines += inst.status_lines(st, seat)
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
                done.append(f"{BY_KEY[plan.instinct].name} {' '.join(plan.words)} {seats_text(plan.targets)}".strip())
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
