"""The 纳塔 ruleset (rule text 004): the hooks the engine calls, each handing one input's work to the game's
parts — the roles and their skills (roles/, one module per role), the resolution order (order.py), the
procedures (statuses.py, targets.py, deaths.py, night.py behind world.World), the day (flow.py), the verdict
(verdict.py) and what seats see (views.py, grimoire.py). docs/nata.md has every rule as played and where
each choice comes from.

Pure: no nonebot, no clock, no global random; randomness only from ctx.rng.
"""

from __future__ import annotations

from typing import Any

from ..bansha.engine import (
    Action,
    CastRow,
    Channel,
    Ctx,
    OptionSpec,
    Outcome,
    Refusal,
    Ruleset,
    Ruling,
    Skill,
    register,
)
from ..bansha.engine.core.behaviour import problems
from ..bansha.engine.game.ruleset import StepView
from . import deal, flow, grimoire, seats, verdict, views
from .catalog import PHASE_KEYS, ROLES, SKILLS, answering, moment
from .facts import Table
from .order import MOMENTS, ORDER
from .pool import PLAYERS
from .roles import chuandizhe, shenxunguan
from .roles.everyone import tear
from .skill import NataSkill
from .state import Death, NataState
from .terms import (
    DAWN,
    DUSK,
    ELECTION,
    FACTIONS,
    LINK_TEAM,
    LOVERS,
    NIGHT_PHASES,
    NOON,
    PERM,
    PHASES,
    SPIRIT_TEAM,
    START,
    WOLF,
    WOLF_TEAM,
)
from .turn import Turn

# The engine's one check: every moment a skill writes is in the tables (MOMENTS, the steps of ORDER), every key
# there is a skill that writes it; a broken declaration stops the game from loading.
_PROBLEMS = problems(SKILLS, MOMENTS, ORDER, base=NataSkill, procedures=flow.PROCEDURES)
if _PROBLEMS:
    raise ValueError("纳塔的声明有误：" + "；".join(_PROBLEMS))

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("指定身份", "text", None, (), "法官指定一定出场的身份，用顿号或逗号分隔（其余按身份池抽取）"),
    OptionSpec("强度倍率", "text", "1.3-1.4", (), "村民阵营强度和 ÷ 狼人阵营强度和 的范围"),
    OptionSpec("夜间提前结束", "bool", False, (), "快速节奏：夜晚小阶段在无人需要行动时提前结束（会泄露哪些身份不在场）"),
    OptionSpec("正午技能截止", "duration", 3600, (), "关门前多久起不能再发动正午技能和宣言（原文：开门至21:00，关门日为20:00）"),
)


def _flag(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("开", "是", "on", "true", "1")
    return bool(value)


class NataRuleset(Ruleset):
    key = "nata"
    title = "纳塔"
    aliases = ("M192", "[M192]纳塔", "【M192】纳塔")
    options = OPTIONS
    phases = PHASES
    default_tempo = "论坛"
    factions = FACTIONS
    players = PLAYERS
    players_refusal = "纳塔需要 {need} 人，现在报名了 {n} 人。"
    forfeit_public = False  # "阵营被判负后，不予公示，且属于该阵营的角色并不会出局"
    # 004's forum rules, in every tempo (the times and 潜水 only in 论坛 tempo; docs/nata.md, docs/forum.md)
    text_rules = {
        "改票次数": 1,  # "改票只允许进行一次"
        "改票截止": 3600, "代投截止": 3600,  # "关门前一小时不允许改票或代投"
        "投票理由": "必填",  # 【投票格式】
        "票数公开": False,  # "投票计数隐藏，将只宣布当天谁是最高票"
        "加速门槛": "半数", "加速截止": 3 * 3600,  # "在讨论日结束三个小时前……大于等于存活人数的一半"
        "自动加速": 5,  # "未出局角色减少到一定程度时，导演将自动执行加速" (the number is ours)
        "潜水": True, "未投票黄牌": True,  # 违规判定 5 潜水
        "红牌结算": "投票后",  # "白天红牌罚下导致的出局结算在投票结算之后执行"
        "红牌判负": True,  # "同一阵营的角色累计获得两张或以上红牌时，阵营判负"
        "替补次数": 1,  # "每名角色仅限更换一次替补"
        "场外助理上限": 3,  # "版杀游戏场次累计三场或以下的玩家允许申请场外助理"
        "关门": "21:00",  # "讨论日结束三个小时前（一般为最后一个自然日的18:00）"
    }
    channel_names = (WOLF_TEAM, SPIRIT_TEAM, LINK_TEAM, LOVERS)

    # --- sign-up and the deal -----------------------------------------------------------------------------
    def check_options(self, options: dict[str, Any]) -> str | None:
        """At /开局: a bad 指定身份 or 强度倍率 is refused before sign-up starts."""
        return self.check_players(options, PLAYERS)

    def check_players(self, options: dict[str, Any], n: int) -> str | None:
        try:
            forced = deal.parse_forced(options.get("指定身份"))
            ratio = deal.parse_ratio(options.get("强度倍率"))
        except ValueError as e:
            return str(e)
        if not deal.feasible(forced, ratio):
            return "按指定身份和强度倍率凑不出合法的发牌（狼兄⇔狼弟、养殖者/野人⇒厚皮肉猪、赤狼⇒群内过半、强度倍率）。"
        return super().check_players(options, n)

    def setup(self, ctx: Ctx, n: int) -> NataState:
        forced = deal.parse_forced(ctx.options.get("指定身份"))
        ratio = deal.parse_ratio(ctx.options.get("强度倍率"))
        d = deal.draw(ctx.rng, forced, ratio)
        roles = list(d.roles)
        ctx.rng.shuffle(roles)
        factions = [""] + [ROLES[r].faction for r in roles]
        state = NataState(n=n, alive=[False] + [True] * n, roles=[""] + roles, factions=factions,
                          facts=Table.of([""] + roles, factions), ring=list(range(1, n + 1)), start_n=n,
                          day=1, early_end=_flag(ctx.options.get("夜间提前结束", False)))
        w = Turn(ctx, state)
        notes = [line for seat in state.seats() for s in answering("dealt") if s.key in state.role(seat).skill_keys
                 for line in [s.dealt(w, seat, d.roles)] if line]
        w.status.sync()
        ctx.group(
            "本局为 [M192] 纳塔：狼10选4、验人系2选1、强神10选4、弱神10选4，外加独立的宗教老爷爷，共14人。"
            "村民阵营（验人系+强神+弱神）与狼人阵营的强度值之比在 "
            f"{ctx.options.get('强度倍率') or '1.3-1.4'} 之间。狼人群内首夜不能杀人；警长竞选后警长有0.5票。",
            data={"wolves": sum(1 for r in roles if ROLES[r].faction == WOLF)},
        )
        for seat in range(1, n + 1):
            ctx.seat(seat, views.intro(state, seat), "role", views.intro_facts(state, seat))
        ctx.judge("发牌：" + "；".join(f"{ctx.name(s)}：{state.roles[s]}" for s in range(1, n + 1))
                  + f"（村民强度 {d.village_strength}，狼人强度 {d.wolf_strength}）")
        for line in notes:
            ctx.judge(line)
        flow.enter(w, START)
        ctx.group("开局阶段：想竞选警长的请在群里发送 /上警（不上警可以 /放弃）；有开局技能的角色请私聊机器人行动。")
        self._prompt(ctx, state)
        return state

    # --- the declarations ----------------------------------------------------------------------------------
    def skills_of(self, state: NataState, seat: int) -> list[Skill]:
        return seats.skills_of(state, seat)

    def phase_label(self, state: NataState) -> str:
        spec = PHASES[state.phase]
        if state.phase == START:
            return "开局"
        if state.phase in NIGHT_PHASES:
            return f"第{state.day}夜 {spec.label}"
        extra = f"（第{state.noon_round}轮）" if state.phase == NOON and state.noon_round > 1 else ""
        return f"第{state.day}天 {spec.label}{extra}"

    def blocked(self, state: NataState, seat: int, skill: NataSkill) -> str | None:
        return skill.declaration_refusal(state, seat) if skill.declare else skill.refusal(state, seat)

    def target_refusal(self, state: NataState, seat: int, skill: NataSkill, target: int) -> str | None:
        return seats.target_refusal(state, seat, skill, target)

    def target_check(self, state: NataState, seat: int, skill: NataSkill):
        return seats.target_check(state, seat, skill)

    def may_speak(self, state: NataState, seat: int) -> bool:
        """[自由]: 任何时候都可以在……讨论贴正常发言 — a summoned 英灵 is not 诈尸."""
        return bool(state.alive[seat]) or state.has(seat, "自由")

    # --- acting -------------------------------------------------------------------------------------------
    def perform(self, ctx: Ctx, state: NataState, seat: int, skill: NataSkill, action: Action) -> None:
        if state.phase in (NOON, ELECTION) and skill.noon_cut and ctx.deadline:
            cut = ctx.options.get("正午技能截止", 3600)
            opens = ctx.opens_at
            if ctx.options.get("节奏") == "论坛" and opens is not None and ctx.at < opens:
                raise Refusal("还没开门：正午技能和宣言要在开门后发动。")
            if ctx.options.get("节奏") == "论坛" and cut and ctx.deadline - ctx.at < cut:
                raise Refusal("正午技能和宣言只能在关门前一小时之前发动。")
        why = skill.check(state, seat, action)
        if why:
            raise Refusal(why)
        w = Turn(ctx, state)
        if state.is_night() and not skill.instant:
            skill.plan(w, seat, action)
            return
        skill.use(w, seat, action)
        if not skill.settles:
            return  # a ballot or a candidacy changes no life, status or label: nothing to settle
        state.acted.append(state.key(seat, skill.key))
        w.settle()

    def give_up(self, ctx: Ctx, state: NataState, seat: int, skill: NataSkill | None) -> None:
        w = Turn(ctx, state)
        if skill is not None:
            k = state.key(seat, skill.key)
            owed = skill.forced and seats.owes(state, seat)
            usable = state.phase in skill.phases and self.available(state, seat, skill) is None
            if not skill.planned(state, seat) and not owed and (not usable or k in state.acted):
                raise Refusal(f"现在没有可以放弃的「{skill.name}」。")
            skill.cancel(w, seat)
            if k not in state.acted:
                state.acted.append(k)
            if owed:
                self._forced_choices(w, seat)
            ctx.reply(f"已放弃「{skill.name}」。")
            return
        if not seats.owes_action(self, state, seat):
            raise Refusal("你现在没有需要放弃的行动。")
        state.done.add(seat)
        owed = seats.owes(state, seat)
        self._forced_choices(w, seat)  # settles: nothing changes after it (settling again would find nothing)
        ctx.reply("已放弃本阶段的行动。" + ("强制技能已按默认结算。" if owed else ""))

    @staticmethod
    def _forced_choices(w: Turn, seat: int) -> None:
        """/放弃 on a 强制 choice: it is made for the player at once (as at the deadline)."""
        moment("give_up", w, seat)
        w.settle()

    def pending(self, state: NataState) -> set[int]:
        return seats.pending(self, state)

    def owes(self, state: NataState, seat: int) -> bool:
        return seats.owes_action(self, state, seat)

    def touches_own(self, state: NataState, seat: int, skill: NataSkill) -> bool:
        """A night plan is this seat's own until its step resolves it; a ballot or a candidacy changes no life,
        status or label (退水 may end the election's vote: not listed)."""
        return (state.is_night() and not skill.instant) or skill.key in ("vote", "stand")

    def keep_open(self, state: NataState) -> bool:
        """Quick tempo: night sub-phases, 黄昏 and 晨曦 run to their deadline, or an early end would tell the
        table that no drawn role acts in them (option 夜间提前结束 lifts this). A 正午 whose vote is blocked
        (封锁投票) runs to its close too: only the exile vote closes, 审讯 replies, 冲撞, 灵魂传递, 崩塌狙击 stay open."""
        if state.phase == NOON and state.blockade:
            return True
        return state.phase in (*NIGHT_PHASES, DUSK, DAWN) and not state.early_end

    # --- phases ------------------------------------------------------------------------------------------
    def _prompt(self, ctx: Ctx, state: NataState) -> None:
        """"每次技能可发动时，技能持有者会得到可发动技能的所有发动状态（剩余次数，可选目标等等）"."""
        if state.phase in (NOON, ELECTION):
            return
        if not ctx.texts:
            return  # the prompt is text only (Ruleset.prompt): nobody reads it
        quick = PHASE_KEYS.get(state.phase, frozenset())
        self.prompt(ctx, state, [s for s in state.seats() if any(k in quick for k in state.held(s))])

    def prompted(self, state: NataState, seat: int, skill: NataSkill) -> bool:
        return skill.key not in ("vote", "stand") and not skill.anytime and state.phase in skill.phases

    def uses_left(self, state: NataState, seat: int, skill: NataSkill) -> int | None:
        return state.count(seat, skill.key) if skill.count is not None else None

    def close_phase(self, ctx: Ctx, state: NataState) -> None:
        phase = state.phase
        w = Turn(ctx, state)
        flow.close(w)
        w.settle()
        if not state.winner and (state.phase != phase or phase == NOON):
            self._prompt(ctx, state)

    # --- the end --------------------------------------------------------------------------------------------
    def outcome(self, state: NataState) -> Outcome | None:
        if not state.winner:
            return None
        seats = tuple(s for s in state.seats() if state.faction(s) == state.winner)
        return Outcome(state.winner, seats, state.win_text)

    def on_forfeit(self, ctx: Ctx, state: NataState, faction: str) -> None:
        verdict.forfeit(Turn(ctx, state), faction)

    def faction_of(self, state: NataState, seat: int) -> str:
        return state.faction(seat)

    # --- [宣言] (审讯) ----------------------------------------------------------------------------------------
    def answer(self, ctx: Ctx, state: NataState, seat: int, no: int, text: str, via: str) -> None:
        shenxunguan.answer(Turn(ctx, state), seat, no, text, via)

    def on_ruling(self, ctx: Ctx, state: NataState, ruling: Ruling) -> None:
        shenxunguan.ruled(Turn(ctx, state), ruling)

    def declaration_for_reply(self, state: NataState, msg: int, replied_text: str) -> int | None:
        return shenxunguan.declaration_for_reply(state, msg, replied_text)

    # --- red cards, last words, chat ----------------------------------------------------------------------------
    def remove(self, ctx: Ctx, state: NataState, seat: int, reason: str) -> None:
        """红牌罚下: out at once, no 遗言, no skills ("视作被业炎处理"), no survive effect."""
        if seat in state.removed:
            return
        state.removed.append(seat)
        state.windows.pop(seat, None)
        state.owed.pop(seat, None)
        state.lastwords.pop(seat, None)
        for d in state.deaths:
            if d.seat == seat and d.words == "":
                d.words = "none"
        state.kill_choice.pop(seat, None)
        state.plans = {k: p for k, p in state.plans.items() if p.seat != seat}
        if seat in state.granny_due:
            state.granny_due.remove(seat)
        w = Turn(ctx, state)
        if state.badge.pending and state.badge.chooser == seat:
            tear(w, "警长被红牌罚下")
        if not state.alive[seat]:
            ctx.group(f"{ctx.name(seat)} {reason}，不能再留遗言或使用技能。", data={"out": (seat,)})
            w.settle()
            return
        w.deaths.leaving(seat)
        state.alive[seat] = False
        d = Death(seat, state.day, state.phase, "红牌", words="none")
        state.deaths.append(d)
        ctx.died(seat)
        w.deaths.after_out(seat, [], None)  # its own 强制 skills do not trigger: "视作被业炎处理"
        w.deaths.publish([d], f"{reason}")
        ctx.judge(f"{ctx.name(seat)}（{state.roles[seat]}）{reason}")
        w.settle()

    def last_words(self, ctx: Ctx, state: NataState, seat: int, text: str) -> None:
        d = next((d for d in reversed(state.deaths) if d.seat == seat), None)
        if d is None or state.alive[seat]:
            raise Refusal("你没有出局，不需要遗言。")
        if d.words == "empty":
            raise Refusal("神风突击造成的出局，遗言必须强制留空。")
        if d.words != "" or seat in state.removed:
            raise Refusal("你没有留遗言的权利（只有首夜出局和白天出局的角色有遗言），或已经留过了。")
        if seat in state.lastwords:
            raise Refusal("你已经留过遗言了。")
        state.lastwords[seat] = text
        ctx.judge(f"{ctx.name(seat)} 的遗言：{text}")
        if d.announced:
            Turn(ctx, state).deaths.words_out(d)
            ctx.reply("遗言已公布。")
        else:
            ctx.reply("遗言已记录，将在公布出局名单时一并公示。")

    def team_of(self, state: NataState, seat: int) -> str | None:
        return views.team_of(state, seat)

    def team_members(self, state: NataState, team: str) -> list[int]:
        return views.team_members(state, team)

    def channels(self, state: NataState, seat: int) -> list[Channel]:
        return views.channels(state, seat)

    def relay(self, ctx: Ctx, state: NataState, seat: int, target: int, text: str) -> None:
        chuandizhe.relay(Turn(ctx, state), seat, target, text)

    def speech_refusal(self, state: NataState, seat: int, text: str) -> str | None:
        return views.speech_refusal(state, seat, text)

    def on_speech_breach(self, ctx: Ctx, state: NataState, seat: int) -> None:
        """寡言: "若违反则立刻获得永久的[沉默][遗忘]状态"."""
        w = Turn(ctx, state)
        w.status.grant(seat, "沉默", PERM, 0)
        w.status.grant(seat, "遗忘", PERM, 0)
        w.settle()

    # --- what seats, the table and the 导演台 see -------------------------------------------------------------
    def role_text(self, state: NataState, seat: int) -> str:
        return views.role_text(state, seat)

    def cast(self, state: NataState) -> list[CastRow]:
        return views.cast(state)

    def seat_view(self, state: NataState, seat: int) -> tuple[bool, list[str]]:
        return views.seat_view(state, seat)

    def dead_chat_wait(self, state: NataState, seat: int) -> str | None:
        return views.dead_chat_wait(state, seat)

    def public_status(self, state: NataState) -> str:
        return views.public_status(state)

    def ring(self, state: NataState) -> list[int]:
        return views.public_ring(state)

    def ring_order(self, state: NataState) -> list[int]:
        return grimoire.ring_order(state)

    def seat_facts(self, state: NataState, seat: int) -> list[str]:
        return grimoire.seat_facts(state, seat)

    def night_steps(self, state: NataState) -> list[StepView]:
        return grimoire.night_steps(self, state)


RULESET = register(NataRuleset())
