"""The 纳塔 ruleset (rule text 004): the deal, the day and its sub-phases, votes and the 警长,
the hooks the engine calls, and what each seat and the table may see.

Flow (docs/nata.md has every rule as played and where each choice comes from):

    开局 ─▶ 竞选日 ─▶ 黄昏 ─▶ 早夜 ─▶ 午夜 ─▶ 深夜 ─▶ 凌晨 ─▶ 晨曦 ─▶ 正午 (×2 after 日不落) ─▶ 黄昏 ─▶ …

Night skills are recorded when sent and resolved when their sub-phase closes, in roles.ORDER;
day skills (and 凌晨's 神女 skills) resolve when used. Night damage waits for 凌晨's count.
Pure: no nonebot, no clock, no global random; randomness only from ctx.rng.
"""

from __future__ import annotations

import functools
import unicodedata
from dataclasses import replace
from typing import Any

from ..bansha.engine import (
    ABSTAIN,
    Action,
    CastRow,
    Channel,
    Ctx,
    Outcome,
    Refusal,
    Ruleset,
    Skill,
    VoteBox,
    forum,
    register,
)
from ..bansha.engine import mech_ring as ring
from ..bansha.engine.mech_death import VOTE as VOTE_OUT
from ..bansha.engine.mech_death import Hit
from ..bansha.engine.rulings import Ruling
from . import deal
from .actions import Actions
from .declarations import Declarations
from .effects import Effects, seats_text
from .grimoire import GrimoireMixin
from .roles import (
    AFTER_DEATH,
    ANIMAL_SOUNDS,
    ANSWER,
    BADGE,
    BOOST,
    DAWN,
    DEEP,
    DUSK,
    EARLY,
    ELDER,
    ELECTION,
    FACTIONS,
    HOWL,
    INDEPENDENT,
    LATE,
    LINK_TEAM,
    LOVERS,
    META,
    MID,
    NIGHT_PHASES,
    NIGHT_STEPS,
    NOON,
    OPTIONS,
    PHASE_KEYS,
    PHASES,
    PLAYERS,
    ROLES,
    SKILLS,
    SPIRIT_TEAM,
    STAND,
    START,
    TARGETED_NAMES,
    VILLAGE,
    VOTE,
    WITHDRAW,
    WOLF,
    WOLF_TEAM,
)
from .state import Death, Disguise, NataState, Plan

GENERAL = frozenset({"vote", "stand", "withdraw", "answer", "boost", "badge", "howl"})
ANYTIME = frozenset({"lianjie"})  # usable in every phase: never owed, never prompted
PUBLIC_OK = frozenset({"vote", "stand", "withdraw", "answer", "shenxun", "chong"})
NEXT = {EARLY: MID, MID: DEEP, DEEP: LATE}
PRIORITY = (ELDER, WOLF, VILLAGE)  # "同时判负时……三方＞狼人＞村民"


def changes_state(method):
    """Wrap a hook that changes the state: the read-only cache is off while it runs and empty afterwards."""

    @functools.wraps(method)
    def wrapper(self, ctx, state, *args, **kwargs):
        state.cache.clear()
        state.cache["busy"] = True
        try:
            return method(self, ctx, state, *args, **kwargs)
        finally:
            state.cache.clear()

    return wrapper


def _flag(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("开", "是", "on", "true", "1")
    return bool(value)


class NataRuleset(GrimoireMixin, Declarations, Actions, Effects, Ruleset):
    @property
    def random_agent(self):
        """This game's random agent, which fills in the words its skills need (simulator, fuzz, e2e)."""
        from .agent import nata_agent

        return nata_agent

    key = "nata"
    title = "纳塔"
    aliases = ("M192", "[M192]纳塔", "【M192】纳塔")
    options = OPTIONS
    phases = PHASES
    default_tempo = "论坛"
    factions = FACTIONS
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

    # --- sign-up ----------------------------------------------------------------------------------
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
        if n != PLAYERS:
            return f"纳塔需要 {PLAYERS} 人，现在报名了 {n} 人。"
        return None

    def max_players(self, options: dict[str, Any]) -> int:
        return PLAYERS

    def sizes(self, options: dict[str, Any]) -> list[int]:
        return [PLAYERS]

    # --- the deal ---------------------------------------------------------------------------------
    def setup(self, ctx: Ctx, n: int) -> NataState:
        forced = deal.parse_forced(ctx.options.get("指定身份"))
        ratio = deal.parse_ratio(ctx.options.get("强度倍率"))
        d = deal.draw(ctx.rng, forced, ratio)
        roles = list(d.roles)
        ctx.rng.shuffle(roles)
        state = NataState(n=n, alive=[False] + [True] * n, roles=[""] + roles,
                          factions=[""] + [ROLES[r].faction for r in roles], ring=list(range(1, n + 1)), start_n=n,
                          day=1, early_end=_flag(ctx.options.get("夜间提前结束", False)))
        state.cache["busy"] = True
        for seat in state.holders("变脸者"):
            state.cards[seat] = list(deal.draw_cards(ctx.rng, d.roles))
        self._sync(ctx, state)
        ctx.group(
            "本局为 [M192] 纳塔：狼10选4、验人系2选1、强神10选4、弱神10选4，外加独立的宗教老爷爷，共14人。"
            "村民阵营（验人系+强神+弱神）与狼人阵营的强度值之比在 "
            f"{ctx.options.get('强度倍率') or '1.3-1.4'} 之间。狼人群内首夜不能杀人；警长竞选后警长有0.5票。",
            data={"wolves": sum(1 for r in roles if ROLES[r].faction == WOLF)},
        )
        for seat in range(1, n + 1):
            ctx.seat(seat, self._intro(ctx, state, seat), "role", self._intro_facts(state, seat))
        ctx.judge("发牌：" + "；".join(f"{ctx.name(s)}：{state.roles[s]}" for s in range(1, n + 1))
                  + f"（村民强度 {d.village_strength}，狼人强度 {d.wolf_strength}）")
        for seat, cards in state.cards.items():
            ctx.judge(f"{ctx.name(seat)}（变脸者）底牌：{'、'.join(cards)}")
        self._enter(ctx, state, START)
        ctx.group("开局阶段：想竞选警长的请在群里发送 /上警（不上警可以 /放弃）；有开局技能的角色请私聊机器人行动。")
        self._prompt(ctx, state)
        state.cache.clear()
        return state

    def _intro(self, ctx: Ctx, state: NataState, seat: int) -> str:
        role = state.role(seat)
        lines = [f"你是 {seat}号，你的身份是【{role.name}】（{role.faction}·{role.kind}"
                 + (f"，强度{role.strength}" if role.strength else "") + f"）。{role.blurb}{role.note}"]
        lines += self._knowledge(ctx, state, seat)
        for key in state.held(seat):
            sk = SKILLS[key]
            how = "自动结算" if sk.mandatory else ("群里 " if sk.public else "私聊 ") + "/技能 " + sk.usage()
            lines.append(f"· {sk.name}：{sk.help}（{how}）")
        lines.append("发送 /身份 可随时查看身份、技能和现在能做什么。")
        return "\n".join(lines)

    @staticmethod
    def _intro_facts(state: NataState, seat: int) -> dict[str, Any]:
        """The role PM's facts, for the information-state agents: role, side, the seats it knows, 变脸 cards."""
        role = state.roles[seat]
        faction = ROLES[role].faction
        mates = [s for s in state.seats() if s != seat and "群内" in state.labels_of(s)] if "群内" in state.labels_of(
            seat) else []
        mates += state.holders({"狼兄": "狼弟", "狼弟": "狼兄"}[role]) if role in ("狼兄", "狼弟") else []
        side = {WOLF: "wolf", VILLAGE: "good"}.get(faction, "other")
        return {"role": role, "side": side, "mates": tuple(sorted(set(mates))), "cards": tuple(state.cards.get(seat, ()))}

    def _knowledge(self, ctx: Ctx, state: NataState, seat: int) -> list[str]:
        role = state.roles[seat]
        lines = []
        if "群内" in state.labels_of(seat):
            mates = [s for s in state.seats() if s != seat and "群内" in state.labels_of(s)]
            lines.append(f"狼群（群内）：{seats_text(mates)}。/狼聊 <内容> 与群内交流。")
        if role == "狼兄":
            lines.append(f"狼弟：{seats_text(state.holders('狼弟'))}（互知不共群）。")
        if role == "狼弟":
            lines.append(f"狼兄：{seats_text(state.holders('狼兄'))}（互知不共群）。")
        if role in ("养殖者", "野人"):
            lines.append(f"厚皮肉猪：{seats_text(state.holders('厚皮肉猪'))}。")
        if role == "变脸者":
            lines.append(f"你的底牌：{'、'.join(state.cards.get(seat, [])) or '无'}。")
        if role == INDEPENDENT and state.heretics:
            lines.append(f"你的异端：{seats_text(state.heretics)}（已出局 {state.heretic_outs} 名）。")
        for tyrant, known in state.fear_known.items():
            if seat == tyrant:
                lines.append("因恐虐得知的角色：" + "、".join(f"{s}号 {state.roles[s]}" for s in known) + "。")
            elif seat in known:
                lines.append(f"恐虐：{tyrant}号 是{state.roles[tyrant]}。")
        return lines

    # --- declarations ------------------------------------------------------------------------------
    def skills_of(self, state: NataState, seat: int) -> list[Skill]:
        out = [VOTE]
        if state.phase == START:
            out.append(STAND)
        if seat in state.election.candidates:
            out.append(WITHDRAW)
        if state.badge.pending and state.badge.chooser == seat:
            out.append(BADGE)
        if any(q.target == seat and not q.answer for q in state.questions):
            out.append(ANSWER)
        if state.alive[seat] and "shenxun" not in state.held(seat):
            out.append(SKILLS["shenxun"])  # "任何人均可进行宣言，但只有可以发动对应技能的情况下才会有效"
        if seat in state.wild_due:
            out.append(HOWL)
        if state.boost_due.get(seat):
            out.append(replace(BOOST, words=tuple(SKILLS[k].name for k in self._count_skills(state, seat))))
        spirit = not state.alive[seat] and seat in state.spirits
        for key in state.held(seat):
            skill = SKILLS[key]
            if skill.mandatory:
                continue  # pure triggers are listed by role_text; nobody types them
            if key == "bianlian":
                skill = replace(skill, words=tuple(state.cards.get(seat, [])))
            elif key == "canshi":
                skill = replace(skill, targets=max(1, state.count(seat, "canshi")))
            if spirit and not skill.when_dead:
                skill = replace(skill, when_dead=True)
            out.append(skill)
        return out

    def phase_label(self, state: NataState) -> str:
        spec = PHASES[state.phase]
        if state.phase == START:
            return "开局"
        if state.phase in NIGHT_PHASES:
            return f"第{state.day}夜 {spec.label}"
        extra = f"（第{state.noon_round}轮）" if state.phase == NOON and state.noon_round > 1 else ""
        return f"第{state.day}天 {spec.label}{extra}"

    def blocked(self, state: NataState, seat: int, skill: Skill) -> str | None:
        if META[skill.key].declare:
            return self._declare_refusal(state, seat, skill)
        return self._skill_blocked(state, seat, skill)

    def _declare_refusal(self, state: NataState, seat: int, skill: Skill) -> str | None:
        """A [宣言] is refused only for what holds for anyone (phase, 寡言, out): whether it is valid, the
        poster alone may know (「只有可以发动对应技能的情况下才会有效」)."""
        if state.winner:
            return "游戏已经结束。"
        if seat in state.removed or not state.alive[seat]:
            return "你已经出局了。"
        if state.election_day():
            return f"「{skill.name}」竞选日不可发动。"
        if state.has(seat, "寡言"):
            return "你处于[寡言]状态：不能发送宣言或回复宣言。"
        return None

    def _skill_blocked(self, state: NataState, seat: int, skill: Skill) -> str | None:
        key = skill.key
        meta = META[key]
        if state.winner:
            return "游戏已经结束。"
        if seat in state.removed:
            return "你已被红牌罚下，不能发动任何技能。"
        spirit = seat in state.spirits and not state.alive[seat]
        if not state.alive[seat] and key not in GENERAL and not spirit:
            if key in AFTER_DEATH:
                if not state.window_open(seat):
                    return "出局后的技能只能在出局后的下一个可发动时点（晨曦或黄昏）使用。"
                if key == "shot" and self._no_shot(state, seat):
                    return "你因连带出局或村民阵营的夜晚技能出局，不能开最后一枪。"
            elif key != "qizha":
                return "你已经出局，不能再使用技能。"
        if state.alive[seat] and key in AFTER_DEATH and key != "canshi":
            return f"「{skill.name}」要在出局后才能发动。"
        if meta.forced and key not in GENERAL and state.has(seat, "遗忘"):
            return "你处于[遗忘]：失去了所有[强制]技能。"
        if state.has(seat, "沉默") and not meta.forced and key != "kill" and key not in GENERAL:
            return "你处于[沉默]：不能发动[强制]技能以外的技能（杀人除外）。"
        if meta.night2 and not state.after_night1():
            return f"「{skill.name}」第二晚开始才能发动。"
        if meta.no_election and state.election_day():
            return f"「{skill.name}」竞选日不可发动。"
        if meta.count is not None and state.count(seat, key) < 1 and key != "jingming":
            return f"「{skill.name}」次数不足（剩余 0 次）。"
        if meta.limited and state.spent_on(seat, key):
            return f"「{skill.name}」是[限定]技能，已经用过了。"
        if (meta.declare or key == "answer") and state.has(seat, "寡言"):
            return "你处于[寡言]状态：不能发送宣言或回复宣言。"
        check = getattr(self, f"_blocked_{key}", None)
        return check(state, seat) if check else None

    def may_speak(self, state: NataState, seat: int) -> bool:
        """[自由]: 任何时候都可以在……讨论贴正常发言 — a summoned 英灵 is not 诈尸."""
        return bool(state.alive[seat]) or state.has(seat, "自由")

    # per-skill availability (beyond phase, counts and statuses)
    def _blocked_vote(self, state: NataState, seat: int) -> str | None:
        if state.phase == ELECTION:
            if not state.alive[seat]:
                return "你已经出局了。"
            if not state.election.candidates:
                return "没有人上警，本局没有警长竞选。"
            return "上警的角色不能投警长票。" if seat in state.election.candidates else None
        if state.blockade:
            return "本次正午已封锁投票，放逐投票无效。"
        if seat in state.fool_flipped:
            return "愚者大难不死后不能参与投票。"
        if not state.alive[seat]:
            late = seat in state.box.votes and state.box.changes.get(seat, 0) == 0
            return None if late else "你已经出局了。"
        return None

    def _blocked_stand(self, state: NataState, seat: int) -> str | None:
        if seat in state.election.candidates:
            return "你已经上警了。"
        return "你已经退水，不能再次上警。" if seat in state.election.withdrawn else None

    def _blocked_badge(self, state: NataState, seat: int) -> str | None:
        return None if state.badge.pending and state.badge.chooser == seat else "你现在不能处理警徽。"

    def _blocked_heresy(self, state: NataState, seat: int) -> str | None:
        return "你已经选好了异端。" if state.heretics else None

    def _blocked_yexing(self, state: NataState, seat: int) -> str | None:
        return "你已经选择了状态。" if seat in state.wild_mode else None

    def _blocked_chong(self, state: NataState, seat: int) -> str | None:
        return None if state.wild_mode.get(seat) == "骑乘" and state.holds(seat, "yexing") else "冲撞只能在骑乘状态发动。"

    def _blocked_bianlian(self, state: NataState, seat: int) -> str | None:
        left = [c for c in state.cards.get(seat, []) if c not in state.face_used.get(seat, [])]
        if not left:
            return "你的底牌都已经用过了。"
        return "你本阶段已经变过脸了。" if state.key(seat, "bianlian") in state.acted else None

    def _blocked_huoyi(self, state: NataState, seat: int) -> str | None:
        if state.key(seat, "huoyi") in state.acted:
            return "今晚已经发动过煏祸相依。"
        return None if [s for s in state.mifa_list.get(seat, []) if s != seat] else "神女秘法名单里没有可选的角色。"

    def _blocked_mifa(self, state: NataState, seat: int) -> str | None:
        return "今晚已经发动过神女秘法。" if state.key(seat, "mifa") in state.acted else None

    def _blocked_tuoxia(self, state: NataState, seat: int) -> str | None:
        return None if state.holds(seat, "yinshenyi") else "[隐身衣]已经失效，不能再脱下。"

    def _blocked_kill(self, state: NataState, seat: int) -> str | None:
        if state.catcher(seat):
            return "你处于[缴械]，不能杀人。" if state.has(seat, "缴械") else None
        if not state.inner(seat):
            return "你现在没有[群内]或[接刀]标签，不能杀人。"
        return "狼群中有角色处于[缴械]，整个群内都不能杀人。" if state.pack_disarmed() else None

    def _blocked_baonu(self, state: NataState, seat: int) -> str | None:
        brothers = state.holders("狼弟")
        return None if brothers and not any(state.alive[b] for b in brothers) else "狼弟出局后才能暴怒。"

    def _blocked_jicheng(self, state: NataState, seat: int) -> str | None:
        return None if state.inner(seat) else "有[群内]标签时才能继承。"

    def _blocked_shenfeng(self, state: NataState, seat: int) -> str | None:
        return "你的实际身份已经公开，不能再翻牌。" if seat in state.revealed else None

    def _blocked_qizha(self, state: NataState, seat: int) -> str | None:
        return None if seat in state.granny_due else "欺诈天下在狼外婆出局后才需要设定。"

    def _blocked_mouce(self, state: NataState, seat: int) -> str | None:
        return "谋策每天只能使用一次。" if state.mouce_day.get(seat) == state.day else None

    def _blocked_chuandi(self, state: NataState, seat: int) -> str | None:
        return "今天已经发动过灵魂传递。" if state.day in state.marks.get(state.key(seat, "chuandi_day"), []) else None

    def _blocked_zhaohuan(self, state: NataState, seat: int) -> str | None:
        return None if state.count(seat, "zhaohuan") >= 1 else "英灵召唤次数不足。"

    def _blocked_jingming(self, state: NataState, seat: int) -> str | None:
        return None if state.count(seat, "jingming") >= 1 else "精明次数不足。"

    def _blocked_answer(self, state: NataState, seat: int) -> str | None:
        return None if state.alive[seat] else "你已经出局了。"

    def _no_shot(self, state: NataState, seat: int) -> bool:
        """猎人: "若不是因为连带出局或村民阵营的夜晚技能出局"."""
        d = next((d for d in reversed(state.deaths) if d.seat == seat), None)
        return d is not None and (d.chain or d.night_village)

    def target_refusal(self, state: NataState, seat: int, skill: Skill, target: int) -> str | None:
        key = skill.key
        if key in ("fuhuo", "zhaohuan"):
            if state.alive[target]:
                return f"{target}号 没有出局。"
            if key == "fuhuo":
                ok = any(d.seat == target and d.announced and d.shown_day == state.day for d in state.deaths)
                return None if ok else "复活只能选择上一个白天宣布出局的角色。"
            if target in state.spirits or any(t == target for t, _ in state.spirit_due):
                return f"{target}号 已经是英灵了。"
            cost = state.role(target).strength
            if cost > state.count(seat, "zhaohuan"):
                return f"英灵召唤次数不足：召唤 {target}号 需要 {cost} 次，你有 {state.count(seat, 'zhaohuan')} 次。"
            return None
        if not state.targetable(target):
            return f"{target}号 已经公示出局，不能作为目标。"
        if key == "vote":
            if state.phase == ELECTION:
                return None if target in state.election.candidates else "警长票只能投给上警的角色（或弃权）。"
            return None if state.alive[target] else f"{target}号 已经出局。"
        if key == "heresy" and target == seat:
            return "异端不能选择自己。"
        if key == "shenxun":
            return self._declare_target_refusal(state, seat, target)
        if key == "badge":
            if target in (state.badge.leaving,) or not state.alive[target]:
                return "警长只能移交给一名未出局的其他角色。"
            return "愚者不能成为警长殉职的目标。" if target in state.fool_flipped else None
        if key in ("swap", "shenyuan", "youshi") and target in state.marks.get(state.key(seat, key), []):
            return f"{target}号 已经被你的「{skill.name}」选择过（每名角色只能被选择一次）。"
        if key == "jinyan" and target in state.last.get(state.key(seat, "jinyan"), []):
            return f"不能连续两晚禁言同一名角色（{target}号）。"
        if key == "huoyi" and (target == seat or target not in state.mifa_list.get(seat, [])):
            return "煏祸相依只能选择神女秘法名单中除你以外的角色。"
        if key == "canbao" and not state.statuses.has(target, "业炎"):
            return "残暴只能选择持有[业炎]的角色。"
        if key == "shouge" and not state.statuses.has(target, "流血"):
            return "收割只能选择持有[流血]的角色。"
        if key == "chong" and (target == seat or target == self._pig(state) or not state.alive[target]):
            return "冲撞要选择野人和肉猪以外的一名存活角色。"
        return None

    # --- acting ------------------------------------------------------------------------------------------
    @changes_state
    def perform(self, ctx: Ctx, state: NataState, seat: int, skill: Skill, action: Action) -> None:
        key = skill.key
        meta = META[key]
        if action.via == "group" and key not in PUBLIC_OK and not skill.public:
            raise Refusal(f"「{skill.name}」请私聊机器人使用，不要在群里暴露身份。")
        if state.phase in (NOON, ELECTION) and key not in ("vote", "withdraw", "answer", "badge") and ctx.deadline:
            cut = ctx.options.get("正午技能截止", 3600)
            opens = ctx.game.forum.opens_at
            if ctx.options.get("节奏") == "论坛" and opens is not None and ctx.at < opens:
                raise Refusal("还没开门：正午技能和宣言要在开门后发动。")
            if ctx.options.get("节奏") == "论坛" and cut and ctx.deadline - ctx.at < cut:
                raise Refusal("正午技能和宣言只能在关门前一小时之前发动。")
        check = getattr(self, f"_check_{key}", None)
        why = check(state, seat, action) if check else None
        if why:
            raise Refusal(why)
        if state.is_night() and not meta.instant:
            self._plan(ctx, state, seat, skill, action)
            return
        handler = getattr(self, f"do_{key}", None)
        if handler is None:
            raise Refusal(f"「{skill.name}」暂时无法使用。")
        handler(ctx, state, seat, action)
        if key in ("vote", "stand", "withdraw"):
            return  # a ballot or a candidacy changes no life, status or label: nothing to settle
        state.acted.append(state.key(seat, key))
        self._settle(ctx, state)

    def _plan(self, ctx: Ctx, state: NataState, seat: int, skill: Skill, action: Action) -> None:
        state.seq += 1
        if skill.key == "kill":
            state.kill_choice[seat] = (action.targets[0], state.seq)
            state.acted.append(state.key(seat, "kill"))
            members = state.pack() or [seat]
            mates = [m for m in members if m != seat]
            ctx.team(WOLF_TEAM, mates, f"【{WOLF_TEAM}】{ctx.name(seat)} 选择杀 {ctx.name(action.targets[0])}。", "team",
                     {"seat": seat, "target": action.targets[0]})
            ctx.reply(f"你选择杀 {ctx.name(action.targets[0])}（深夜结束前可以改选或 /放弃 杀人）。")
            ctx.judge(f"第{state.day}夜 {ctx.name(seat)} 选择杀 {action.targets[0]}号")
            return
        state.plans[state.key(seat, skill.key)] = Plan(seat, skill.key, action.targets, action.words, state.seq)
        state.acted.append(state.key(seat, skill.key))
        what = "、".join(ctx.name(t) for t in action.targets) + (" " + " ".join(action.words) if action.words else "")
        ctx.reply(f"已记录「{skill.name}」{what}，{PHASES[state.phase].label}结束时结算（之前可以重新发送以更改）。")
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)} 提交「{skill.name}」{action.targets}{action.words}")

    @changes_state
    def give_up(self, ctx: Ctx, state: NataState, seat: int, skill: Skill | None) -> None:
        if skill is not None:
            k = state.key(seat, skill.key)
            planned = k in state.plans or (skill.key == "kill" and seat in state.kill_choice)
            owed = META[skill.key].forced and self._owes(state, seat)
            usable = state.phase in skill.phases and self.available(state, seat, skill) is None
            if not planned and not owed and (not usable or k in state.acted):
                raise Refusal(f"现在没有可以放弃的「{skill.name}」。")
            if skill.key == "kill" and seat in state.kill_choice:
                del state.kill_choice[seat]
                ctx.team(WOLF_TEAM, [m for m in state.pack() if m != seat], f"【{WOLF_TEAM}】{ctx.name(seat)} 放弃杀人。",
                         "team")
            state.plans.pop(k, None)
            if k not in state.acted:
                state.acted.append(k)
            if owed:
                self._defaults_for(ctx, state, seat)
            ctx.reply(f"已放弃「{skill.name}」。")
            return
        if seat not in self.pending(state):
            raise Refusal("你现在没有需要放弃的行动。")
        state.done.add(seat)
        owed = self._owes(state, seat)
        self._defaults_for(ctx, state, seat)
        ctx.reply("已放弃本阶段的行动。" + ("强制技能已按默认结算。" if owed else ""))
        self._settle(ctx, state)

    def _defaults_for(self, ctx: Ctx, state: NataState, seat: int) -> None:
        """/放弃 on a 强制 choice: it is made for the player at once (as at the deadline)."""
        if state.phase == START and state.holds(seat, "heresy") and not state.heretics:
            others = [s for s in state.seats() if s != seat]
            ctx.rng.shuffle(others)
            state.heretics = sorted(others[:6])
            ctx.seat(seat, f"异端随机选定：{'、'.join(ctx.name(s) for s in state.heretics)}。")
        if state.phase == START and state.holds(seat, "yexing") and seat not in state.wild_mode:
            state.wild_mode[seat] = ("跟随", "骑乘")[ctx.rng.below(2)]
            if state.wild_mode[seat] == "跟随":
                state.wild_due.append(seat)
            ctx.seat(seat, f"野性伙伴：随机进入{state.wild_mode[seat]}状态。")
        if seat in state.wild_due and state.phase in (START, DAWN):
            picks = list(TARGETED_NAMES)
            ctx.rng.shuffle(picks)
            self._howl(ctx, state, seat, picks[:2])
        if state.badge.pending and state.badge.chooser == seat and not state.badge_must:
            self._tear(ctx, state, "警长放弃移交")
        if "canbao" in state.owed.get(seat, []) and state.window_open(seat):
            pool = [s for s in state.seats() if state.alive[s] and state.targetable(s) and state.statuses.has(s, "业炎")]
            if pool:
                self._canbao(ctx, state, seat, pool[ctx.rng.below(len(pool))])
            else:
                state.owed[seat] = []
        if seat in state.granny_due:
            state.granny_due.remove(seat)
        self._settle(ctx, state)

    def _owes(self, state: NataState, seat: int) -> bool:
        """A 强制 choice this seat must still make in this phase."""
        phase = state.phase
        if seat in state.wild_due and phase in (START, DAWN):
            return True
        if state.badge.leaving and state.badge.chooser == seat and state.badge.phase == phase:
            return True
        if phase == START:
            keys = state.held(seat)
            if "heresy" in keys and not state.heretics and state.holds(seat, "heresy", keys):
                return True
            if "yexing" in keys and seat not in state.wild_mode and state.holds(seat, "yexing", keys):
                return True
        elif phase in (DAWN, DUSK):
            if "canbao" in state.owed.get(seat, ()) and state.window_open(seat):
                return True
        elif phase == EARLY and state.alive[seat]:
            keys = state.held(seat)
            if ("jicheng" in keys and state.holds(seat, "jicheng", keys) and state.inner(seat)
                    and not state.spent_on(seat, "jicheng") and state.key(seat, "jicheng") not in state.plans):
                return True
        return False

    def pending(self, state: NataState) -> set[int]:
        busy = state.cache.get("busy", False)
        if not busy and "pending" in state.cache:
            return set(state.cache["pending"])
        out = self._pending(state)
        if not busy:
            state.cache["pending"] = frozenset(out)
        return out

    def _pending(self, state: NataState) -> set[int]:
        if state.winner or not state.phase:
            return set()
        out: set[int] = set()
        for seat in state.seats():
            if seat in state.done or seat in state.removed:
                continue
            if self._owes(state, seat):
                out.add(seat)
                continue
            if state.phase == START:
                if state.alive[seat] and state.key(seat, "stand") not in state.acted:
                    out.add(seat)
                continue
            if state.phase in (NOON, ELECTION):
                if seat not in self._box(state).votes and self.blocked(state, seat, VOTE) is None and (
                        state.alive[seat]):
                    out.add(seat)
                elif state.alive[seat] and any(q.target == seat and not q.answer for q in state.questions):
                    out.add(seat)  # a 宣言 waits for this seat's reply (public: it was posted in the group)
                continue
            quick = PHASE_KEYS.get(state.phase, frozenset())
            if not any(k in quick for k in state.held(seat)):
                continue
            for sk in self.skills_of(state, seat):
                if sk.key in GENERAL or sk.key in ANYTIME or sk.mandatory or state.phase not in sk.phases:
                    continue
                if state.key(seat, sk.key) in state.acted or self.available(state, seat, sk) is not None:
                    continue
                if sk.least_targets and not any(self.target_refusal(state, seat, sk, t) is None
                                                for t in state.seats()):
                    continue
                out.add(seat)
                break
        return out

    def keep_open(self, state: NataState) -> bool:
        """Quick tempo: night sub-phases, 黄昏 and 晨曦 run to their deadline, or an early end would tell the
        table that no drawn role acts in them (option 夜间提前结束 lifts this). A 正午 whose vote is blocked
        (封锁投票) runs to its close too: only the exile vote closes, 审讯 replies, 冲撞, 灵魂传递, 崩塌狙击 stay open."""
        if state.phase == NOON and state.blockade:
            return True
        return state.phase in (*NIGHT_PHASES, DUSK, DAWN) and not state.early_end

    def _box(self, state: NataState) -> VoteBox:
        return state.election.box if state.phase == ELECTION else state.box

    # --- phases ------------------------------------------------------------------------------------------
    def _enter(self, ctx: Ctx, state: NataState, phase: str) -> None:
        ctx.enter(state, phase)
        state.acted = []
        for seat, ds in state.disguises.items():
            state.disguises[seat] = [d for d in ds if d.until != phase]

    def _prompt(self, ctx: Ctx, state: NataState) -> None:
        """"每次技能可发动时，技能持有者会得到可发动技能的所有发动状态（剩余次数，可选目标等等）"."""
        if state.phase in (NOON, ELECTION):
            return
        quick = PHASE_KEYS.get(state.phase, frozenset())
        for seat in state.seats():
            lines = []
            if not any(k in quick for k in state.held(seat)):
                continue
            for choice in self.legal(state, seat):
                sk = choice.skill
                if sk.key in ("vote", "stand") or sk.key in ANYTIME or state.phase not in sk.phases:
                    continue
                left = f"（剩余 {state.count(seat, sk.key)} 次）" if META[sk.key].count is not None else ""
                cands = f"可选：{seats_text([c for c in choice.candidates if c])}" if sk.targets else ""
                lines.append(f"· {sk.name}{left} {cands} 用法：/技能 {sk.usage()}")
            if lines:
                ctx.seat(seat, f"{self.phase_label(state)}：你可以发动\n" + "\n".join(lines) + "\n（不发动可 /放弃）",
                         "prompt")

    @changes_state
    def close_phase(self, ctx: Ctx, state: NataState) -> None:
        phase = state.phase
        self._defaults(ctx, state)
        if phase == START:
            self._start_election(ctx, state)
        elif phase == ELECTION:
            self._close_election(ctx, state)
        elif phase == NOON:
            self._close_noon(ctx, state)
        elif phase == DUSK:
            self._close_dusk(ctx, state)
        elif phase in NIGHT_PHASES:
            self._close_night(ctx, state)
        elif phase == DAWN:
            self._start_noon(ctx, state)
        self._settle(ctx, state)
        if not state.winner and (state.phase != phase or phase == NOON):
            self._prompt(ctx, state)

    # 竞选日
    def _start_election(self, ctx: Ctx, state: NataState) -> None:
        state.election.open = False
        self._enter(ctx, state, ELECTION)
        cands = state.election.candidates
        if cands:
            ctx.group(f"第1天 竞选日：上警的角色：{seats_text(cands)}。未上警的角色请投警长票：/投票 <上警者> <理由>；"
                      "上警者可以 /退水。获得票数最多者当选警长，平票则没有警长。")
        else:
            ctx.group("第1天 竞选日：没有角色上警，本局没有警长。")

    def _close_election(self, ctx: Ctx, state: NataState) -> None:
        state.election.candidates = [c for c in state.election.candidates if state.alive[c]]
        weights = {v: state.weight(v) for v in state.election.box.votes}
        winner, counts, leaders = state.election.result(weights)
        if state.election.candidates:
            ballots = {v: t for v, t in state.election.box.votes.items()
                       if t == ABSTAIN or t in state.election.candidates}
            forum.announce_tally(ctx, counts, leaders, ballots)
        if winner:
            state.badge.elect(winner)
            ctx.group(f"{ctx.name(winner)} 当选警长（票权+0.5）。")
            ctx.seat(winner, "你当选了警长：票权+0.5；出局时须在该阶段内移交警长或撕掉警徽（殉职）。")
            ctx.judge(f"{ctx.name(winner)} 当选警长")
        elif state.election.candidates:
            ctx.group("警长竞选" + ("平票" if len(leaders) > 1 else "无人得票") + "，本局没有警长。")
        self._start_dusk(ctx, state)

    # 正午
    def _start_noon(self, ctx: Ctx, state: NataState, first: bool = True) -> None:
        self._enter(ctx, state, NOON)
        state.box.clear()
        state.blockade = False
        if first:
            state.noon_round = 1
            state.round_leaders = []
            state.hammer, state.questions, state.relays, state.relayed = [], [], {}, []
            lines = []
            dead = self._by_ring(state, self._unannounced(state))
            if not dead:
                lines.append("昨夜无人出局。")
            for seat in state.returned:
                lines.append(f"{ctx.name(seat)} 重新回到了游戏。")
            back, state.returned = tuple(state.returned), []
            ctx.group(f"第{state.day}天 正午（开门）。" + "".join(lines), data={"back": back} if back else None)
            for note in state.notices:
                ctx.group(note, "reveal")
            state.notices = []
            self._publish(ctx, state, dead, "昨夜至今出局（电梯楼顺序）")
        else:
            state.noon_round += 1
            ctx.group(f"日不落：第{state.day}天 额外一轮正午开始（第{state.noon_round}轮）。上一轮的最高票角色尚未出局，"
                      "仍可正常发言投票。")
        quiet = [s for s in state.living() if state.has(s, "寡言")]
        if quiet:
            ctx.group(f"[寡言]持有者：{seats_text(quiet)}（只能用动物叫加标点发言）。", data={"quiet": tuple(quiet)})
        hidden = "" if forum.opt(ctx.game, "票数公开") else "票数不公开，只公布最高票。"
        ctx.group(f"请讨论并投票：/投票 <目标|弃权> <理由>（/改票 可改一次）。{hidden}")

    def _close_noon(self, ctx: Ctx, state: NataState) -> None:
        leaders: list[int] = []
        if state.blockade:
            ctx.group("今天封锁投票，没有放逐投票的最高票。")
        else:
            ballots = {v: t for v, t in state.box.votes.items()
                       if v not in state.fool_flipped and (t == ABSTAIN or state.alive[t])}
            box = VoteBox(votes=ballots)
            weights = {v: state.weight(v) for v in ballots}
            counts = box.tally(weights)
            leaders = box.leaders(weights)
            forum.announce_tally(ctx, counts, leaders, ballots)
        state.round_leaders.append(leaders)
        if state.extra_today > 0:
            state.extra_today -= 1
            self._start_noon(ctx, state, first=False)
            return
        for d in state.deaths:
            if d.words == "" and d.seat not in state.lastwords and d.words_until <= state.day:
                d.words = "none"  # the right lapses at the close of the first 正午 after the death
        self._start_dusk(ctx, state)

    # 黄昏
    def _start_dusk(self, ctx: Ctx, state: NataState) -> None:
        self._enter(ctx, state, DUSK)
        if state.day >= 2:
            for leaders in state.round_leaders:
                if len(leaders) > 1:
                    ctx.group(f"{seats_text(leaders)} 平票，没有角色被投票出局。")
                elif leaders:
                    self._vote_out(ctx, state, leaders[0])
            state.round_leaders = []
            self._resolve_questions(ctx, state)

    def _vote_out(self, ctx: Ctx, state: NataState, seat: int) -> None:
        if not state.alive[seat]:
            return
        result = self._hit(ctx, state, Hit(seat, VOTE_OUT, 0, "投票出局"))
        if not state.alive[seat] and state.flip_vote_day == state.day:
            self._reveal(ctx, state, seat, quiet=True)  # 道士 3强神: "下一天被[投票出局]的角色[翻牌]"
        ctx.judge(f"第{state.day}天 {ctx.name(seat)} 最高票：{result}")

    def _close_dusk(self, ctx: Ctx, state: NataState) -> None:
        self._resolve_questions(ctx, state, final=True)  # a ruling still missing: the answer stands as correct
        today = self._by_ring(state, [d for d in self._unannounced(state) if d.day == state.day and d.phase == DUSK])
        votes = [d for d in today if d.kind == VOTE_OUT]
        others = [d for d in today if d.kind != VOTE_OUT]
        if state.day >= 2:
            if votes:
                self._publish(ctx, state, votes, "投票出局")
            else:
                ctx.group("平安日：今天没有角色被投票出局。")
        self._publish(ctx, state, others, "其他原因出局")
        for note in state.notices:
            ctx.group(note, "reveal")
        state.notices = []
        if state.badge.holder:  # 黄昏2: "公告出局名单和警长情况"
            ctx.group(f"警长：{ctx.name(state.badge.holder)}。")
        elif state.badge.torn:
            ctx.group("警徽已被撕掉，现在没有警长。")
        for seat, master in state.spirit_due:
            if self._grant(ctx, state, seat, "自由", "perm", master, tell=False, data={"spirit": master}):
                state.spirits[seat] = master
                ctx.seat(seat, f"你被御主 {ctx.name(master)} 召唤为英灵：获得[自由]，与御主共群（/队聊），可以使用技能，"
                               "直到御主出局。")
                ctx.seat(master, f"英灵召唤成功：{ctx.name(seat)} 成为你的英灵。")
        state.spirit_due = []
        for brother in state.holding("qiancang"):
            elders = state.holders("狼兄")
            if state.alive[brother] and elders and not any(state.alive[b] for b in elders) and not state.has(brother,
                                                                                                          "超度"):
                state.labels.setdefault(brother, []).append("群内")
                state.failed.setdefault(brother, []).append("qiancang")
                state.disguises[brother] = [d for d in state.disguises.get(brother, []) if d.until != "qiancang"]
                ctx.seat(brother, "潜藏：狼兄已出局，你获得[群内]标签，加入狼群。" + self._pack_line(ctx, state))
                ctx.team(WOLF_TEAM, [m for m in state.pack() if m != brother],
                         f"【{WOLF_TEAM}】{ctx.name(brother)}（狼弟）加入了狼群。", "team")
        for seat, until in list(state.face_until.items()):
            if until <= state.day:
                self._drop_face(state, seat)
                ctx.seat(seat, "变脸：置顶身份的技能到期了。")
        self._start_night(ctx, state)

    def _pack_line(self, ctx: Ctx, state: NataState) -> str:
        return f"狼群：{seats_text(state.pack())}。"

    # 夜晚
    def _start_night(self, ctx: Ctx, state: NataState) -> None:
        state.plans, state.kill_choice, state.hits, state.swap = {}, {}, [], []
        state.used_names, state.wolf_hurt, state.arson, state.lure, state.lure_fed = [], [], [], {}, []
        state.mifa_list = {}
        for _, words in sorted(state.granny_apply.items()):
            self._fraud(ctx, state, words)
        state.granny_apply, state.granny_due = {}, []
        if state.day % 2 == 1:  # 神女秘法: "该技能每个奇数日夜晚次数+1"
            for seat in state.holding("mifa"):
                state.add_count(seat, "mifa", 1)
        ctx.group(f"第{state.day}夜开始：有夜间技能的角色请私聊机器人行动。")
        self._enter(ctx, state, EARLY)

    def _fraud(self, ctx: Ctx, state: NataState, words: tuple[str, ...]) -> None:
        """狼外婆[欺诈天下]: next night the two disguises, and [不死] for the wolves until the night ends."""
        sides = (self._parse_disguise(words[:3]), self._parse_disguise(words[3:])) if words else (None, None)
        for seat in state.seats():
            wolf = state.faction(seat) == WOLF
            setting = sides[0] if wolf else sides[1]
            if setting:
                role, faction, knife = setting
                state.seq += 1
                state.disguises.setdefault(seat, []).append(
                    Disguise(state.seq, role, self._faction_word(faction), knife, until=DAWN))
            if wolf and state.alive[seat]:
                self._grant(ctx, state, seat, "不死", DAWN, 0, tell=False)
        ctx.judge("欺诈天下生效：" + (" ".join(words) if words else "（没有设定伪装）"))

    def _close_night(self, ctx: Ctx, state: NataState) -> None:
        phase = state.phase
        for key in NIGHT_STEPS[phase]:
            if key == "kill":
                self._resolve_kill(ctx, state)
            elif key == "count":
                state.wolf_hurt = self._count_hits(ctx, state)
            elif key == "zhuihun":
                self._zhuihun(ctx, state)
            elif key in ("mifa", "huoyi"):
                continue
            else:
                for plan in self._plans(state, key):
                    self._run(ctx, state, plan)
        for plan in sorted((p for p in state.plans.values() if p.key not in NIGHT_STEPS[phase]), key=lambda p: p.stamp):
            if plan.key in ANYTIME:
                self._run(ctx, state, plan)
        state.plans = {}
        state.counting = False
        self._settle(ctx, state)
        if state.winner:
            return
        if phase == LATE:
            self._start_dawn(ctx, state)
        else:
            self._enter(ctx, state, NEXT[phase])

    def _plans(self, state: NataState, key: str) -> list[Plan]:
        pos = {s: i for i, s in enumerate(state.ring)}
        return sorted((p for p in state.plans.values() if p.key == key), key=lambda p: (pos[p.seat], p.stamp))

    def _run(self, ctx: Ctx, state: NataState, plan: Plan) -> None:
        seat = plan.seat
        present = state.alive[seat] or seat in state.spirits
        if not present or seat in state.removed or plan.key not in state.held(seat):
            ctx.judge(f"{ctx.name(seat)} 的「{SKILLS[plan.key].name}」未能结算")
            return
        meta = META[plan.key]
        if meta.count is not None and state.count(seat, plan.key) < 1:
            return
        self._consume(state, seat, plan.key)
        getattr(self, f"_night_{plan.key}")(ctx, state, plan)

    # 晨曦
    def _start_dawn(self, ctx: Ctx, state: NataState) -> None:
        state.day += 1
        state.extra_today, state.extra_noons = state.extra_noons, 0
        state.blockade = False
        self._enter(ctx, state, DAWN)
        for seat in state.revive_due:
            self._revive(ctx, state, seat)
        state.revive_due = []
        for wild in state.holding("yexing"):  # 野性伙伴: "游戏日晨曦时……必须切换到另外一种状态"
            if not state.alive[wild] or wild not in state.wild_mode:
                continue
            mode = "骑乘" if state.wild_mode[wild] == "跟随" else "跟随"
            state.wild_mode[wild] = mode
            state.wild_howl.pop(wild, None)
            if mode == "跟随":
                state.wild_due.append(wild)
                ctx.seat(wild, "野性伙伴：你切换到跟随状态，请 /技能 嚎叫 <技能1> <技能2> 选择两个[指定]技能。")
            else:
                ctx.seat(wild, "野性伙伴：你切换到骑乘状态（不死、秩序；可以冲撞）。")
        self._sync(ctx, state)
        ctx.group(f"第{state.day}天 晨曦：出局的角色已收到通知，开门时公布出局名单。")

    # --- settling: failures, statuses, the end ---------------------------------------------------------------
    def _settle(self, ctx: Ctx, state: NataState) -> None:
        if state.winner:
            return
        half = len(state.living()) * 2 <= state.start_n  # "场上人数变为开局人数的一半及以下"
        pig_out = any(not state.alive[p] for p in state.holders("厚皮肉猪"))
        for seat in state.seats():
            fails = state.failed.setdefault(seat, [])
            for key, why in (("yinshenyi", half), ("gouhuo", half), ("yexing", pig_out)):
                if why and key in state.held(seat) and key not in fails:
                    fails.append(key)
                    if state.alive[seat]:
                        ctx.seat(seat, f"「{SKILLS[key].name}」失效了。")
                    ctx.judge(f"{ctx.name(seat)} 的「{SKILLS[key].name}」失效")
        self._sync(ctx, state)
        self._judge_end(ctx, state)

    def _judge_end(self, ctx: Ctx, state: NataState) -> None:
        if state.winner:
            return
        newly = []
        for faction in FACTIONS:
            if faction in state.lost:
                continue
            lost = {
                VILLAGE: state.village_lost,
                WOLF: state.wolves_lost,
                ELDER: lambda: not any(state.alive[s] for s in state.holders(INDEPENDENT)),
            }[faction]()
            if lost:
                newly.append(faction)
                ctx.judge(f"{faction}判负")
        for elder in state.holders(INDEPENDENT):
            if ELDER not in state.lost and ELDER not in newly and state.elder_won(elder):
                self._win(ctx, state, ELDER, "异端或其余非异端角色已全部出局。")
                return
        state.lost.extend(newly)
        left = [f for f in FACTIONS if f not in state.lost]
        if len(left) == 1:
            self._win(ctx, state, left[0], "其余阵营均已判负。")
        elif not left:
            best = next(f for f in PRIORITY if f in newly)
            self._win(ctx, state, best, "各阵营同时判负，按 三方＞狼人＞村民 的优先级获胜。")

    def _win(self, ctx: Ctx, state: NataState, faction: str, why: str) -> None:
        state.winner = faction
        state.win_text = f"{faction}获胜！{why}"

    def outcome(self, state: NataState) -> Outcome | None:
        if not state.winner:
            return None
        seats = tuple(s for s in state.seats() if state.faction(s) == state.winner)
        return Outcome(state.winner, seats, state.win_text)

    @changes_state
    def on_forfeit(self, ctx: Ctx, state: NataState, faction: str) -> None:
        """"同一阵营的角色累计获得两张或以上红牌时，阵营判负"."""
        if faction in FACTIONS and faction not in state.lost and not state.winner:
            state.lost.append(faction)
            ctx.judge(f"{faction}累计两张红牌，判负")
            self._judge_end(ctx, state)
            left = [f for f in FACTIONS if f not in state.lost]
            if not state.winner and not left:
                self._win(ctx, state, next(f for f in PRIORITY if f == faction), "其余阵营均已判负。")

    @changes_state
    def answer(self, ctx: Ctx, state: NataState, seat: int, no: int, text: str, via: str) -> None:
        self._answer_declaration(ctx, state, seat, no, text, via)

    @changes_state
    def on_ruling(self, ctx: Ctx, state: NataState, ruling: Ruling) -> None:
        self._ruled(ctx, state, ruling)

    def faction_of(self, state: NataState, seat: int) -> str:
        return state.faction(seat)

    # --- red cards, last words, chat ----------------------------------------------------------------------------
    @changes_state
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
        if state.badge.pending and state.badge.chooser == seat:
            self._tear(ctx, state, "警长被红牌罚下")
        if not state.alive[seat]:
            ctx.group(f"{ctx.name(seat)} {reason}，不能再留遗言或使用技能。", data={"out": (seat,)})
            self._settle(ctx, state)
            return
        if "gouhuo" in state.held(seat):
            self._farmer_gain(ctx, state)
        state.alive[seat] = False
        d = Death(seat, state.day, state.phase, "红牌", words="none")
        state.deaths.append(d)
        ctx.died(seat)
        self._after_out(ctx, state, seat, [], None)
        self._publish(ctx, state, [d], f"{reason}")
        ctx.judge(f"{ctx.name(seat)}（{state.roles[seat]}）{reason}")
        self._settle(ctx, state)

    @changes_state
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
            self._words_out(ctx, state, d)
            ctx.reply("遗言已公布。")
        else:
            ctx.reply("遗言已记录，将在公布出局名单时一并公示。")

    def team_of(self, state: NataState, seat: int) -> str | None:
        if state.inner(seat):
            return WOLF_TEAM
        if seat in state.spirits or (state.alive[seat] and seat in state.spirits.values()):
            return SPIRIT_TEAM
        return None

    def team_members(self, state: NataState, team: str) -> list[int]:
        if team == WOLF_TEAM:
            return state.pack()
        if team == SPIRIT_TEAM:
            masters = sorted(set(state.spirits.values()))
            return sorted(set(masters) | set(state.spirits))
        return []

    channel_names = (WOLF_TEAM, SPIRIT_TEAM, LINK_TEAM, LOVERS)

    def channels(self, state: NataState, seat: int) -> list[Channel]:
        """The 狼群; the 英灵群 of a 御主 and his spirits; each 灵魂链接 pair ("结算目标永久共群"); each pair of
        虚情情侣. A pair's channel keeps both seats, so a partner's unannounced death is not given away."""
        if seat in state.removed or not (state.alive[seat] or seat in state.spirits):
            return []
        out = []
        if state.inner(seat):
            out.append(Channel(WOLF_TEAM, WOLF_TEAM, tuple(state.pack())))
        if seat in state.spirits or (state.alive[seat] and seat in state.spirits.values()):
            out.append(Channel(SPIRIT_TEAM, SPIRIT_TEAM, tuple(self.team_members(state, SPIRIT_TEAM))))
        links = [pair for pair in state.links if seat in pair]
        lovers = list(dict.fromkeys(st.data["partner"] for st in state.statuses.of(seat)
                                    if st.name == LOVERS and st.data.get("partner")))
        for label, others in ((LINK_TEAM, [b if a == seat else a for a, b in links]), (LOVERS, lovers)):
            for other in others:
                a, b = sorted((seat, other))
                name = label if len(others) == 1 else f"{label}{other}号"
                out.append(Channel(f"{label}:{a},{b}", name, (a, b)))
        return out

    @changes_state
    def relay(self, ctx: Ctx, state: NataState, seat: int, target: int, text: str) -> None:
        """/私聊: 灵魂链接 and 虚情情侣 pairs talk through the bot; 灵魂传递's one anonymous message."""
        pair = (min(seat, target), max(seat, target))
        lovers = any(st.name == "虚情情侣" and st.data.get("partner") == target for st in state.statuses.of(seat))
        if (pair in state.links or lovers) and (state.alive[seat] or seat in state.spirits):
            team = LINK_TEAM if pair in state.links else LOVERS
            ctx.seat(target, f"【{team}】{ctx.name(seat)}：{text}", "chat")
            ctx.reply(f"已转发给 {ctx.name(target)}。")
            ctx.judge(f"【{team}】{ctx.name(seat)} → {target}号：{text}")
            return
        link = state.relays.get(seat)
        if link and link[0] == target and state.phase == NOON and seat not in state.relayed and state.alive[seat]:
            if len(text) > 50:
                raise Refusal("灵魂传递的消息要在50字以内。")
            state.relayed.append(seat)
            ctx.seat(target, f"【灵魂传递】你收到一条消息：{text}", "chat")
            ctx.seat(link[1], f"灵魂传递：{ctx.name(seat)} → {ctx.name(target)}：{text}", "chat")
            ctx.reply("消息已匿名送达。")
            ctx.judge(f"【灵魂传递】{ctx.name(seat)} → {target}号：{text}")
            return
        raise Refusal("你和对方没有共群（灵魂链接）、虚情情侣或本次正午的灵魂传递，不能私聊。")

    # --- 寡言 --------------------------------------------------------------------------------------------------
    def speech_refusal(self, state: NataState, seat: int, text: str) -> str | None:
        if not state.has(seat, "寡言"):
            return None
        return None if _animal_ok(text) else "处于[寡言]状态，只能用一种动物叫加至多一个标点发言"

    @changes_state
    def on_speech_breach(self, ctx: Ctx, state: NataState, seat: int) -> None:
        """寡言: "若违反则立刻获得永久的[沉默][遗忘]状态"."""
        self._grant(ctx, state, seat, "沉默", "perm", 0)
        self._grant(ctx, state, seat, "遗忘", "perm", 0)
        self._settle(ctx, state)

    # --- what seats and the table see ------------------------------------------------------------------------------
    def role_text(self, state: NataState, seat: int) -> str:
        role = state.role(seat)
        lines = [f"你是 {seat}号【{role.name}】（{role.faction}·{role.kind}" + (f"，强度{role.strength}" if role.strength
                                                                         else "") + f"）。{role.blurb}{role.note}"]
        if not state.alive[seat]:
            lines.append("你已出局" + ("（英灵：可以发言和使用技能）" if seat in state.spirits else "") + "。")
        forced = [SKILLS[k] for k in state.held(seat) if SKILLS[k].mandatory]
        if forced:
            lines.append("强制技能（自动结算）：" + "；".join(f"{sk.name}：{sk.help}" for sk in forced))
        lines += [line for line in self._knowledge(_NameOnly(), state, seat)]
        if state.face.get(seat):
            lines.append(f"置顶底牌：{state.face[seat]}（到第{state.face_until.get(seat)}天黄昏结束）。")
        if state.badge.holder == seat:
            lines.append("你是警长（票权+0.5）。")
        mode = state.wild_mode.get(seat)
        if mode:
            howl = state.wild_howl.get(seat)
            lines.append(f"野性伙伴：{mode}状态" + (f"，干扰：{'、'.join(howl)}" if howl else "") + "。")
        told = [st for st in state.statuses.of(seat) if st.data.get("told")]
        if told:
            lines.append("已知状态：" + "；".join(f"[{st.name}] {self._ends(st.phase if st.until == 'phase' else 'perm')}"
                                              for st in told))
        counts = [f"{SKILLS[k].name} {state.count(seat, k)}" for k in state.held(seat) if META[k].count is not None]
        if counts:
            lines.append("剩余次数：" + "，".join(counts) + "。")
        links = [b if a == seat else a for a, b in state.links if seat in (a, b)]
        if links:
            lines.append(f"灵魂链接（永久共群，/队聊）：{seats_text(links)}。")
        return "\n".join(lines)

    def cast(self, state: NataState) -> list[CastRow]:
        rows = []
        for s in state.seats():
            role = state.roles[s]
            if s in state.cards:
                role += f"（底牌：{'、'.join(state.cards[s])}）"
            if s in state.heretics:
                role += "（异端）"
            fate = "存活"
            if not state.alive[s]:
                d = next((d for d in reversed(state.deaths) if d.seat == s), None)
                if d is None:
                    rows.append(CastRow(s, role, state.faction(s), "出局"))
                    continue
                when = f"第{d.day}夜" if d.phase in NIGHT_PHASES else f"第{d.day}天{PHASES[d.phase].label[:2]}"
                if d.kind == "红牌":
                    fate = f"{when} 红牌罚下"
                elif d.kind == VOTE_OUT:
                    fate = f"{when} 被投票出局"
                else:
                    fate = f"{when} 因「{d.skill}」出局（{d.kind}）"
            rows.append(CastRow(s, role, state.faction(s), fate))
        return rows

    def seat_view(self, state: NataState, seat: int) -> tuple[bool, list[str]]:
        marks = ["警长"] if state.badge.holder == seat else []
        if seat in state.revealed:
            marks.append(f"翻牌：{state.roles[seat]}")
        if seat in state.public_out:
            d = next((d for d in reversed(state.deaths) if d.seat == seat), None)
            if d is not None and d.kind in ("投票出局", "红牌"):
                marks.insert(0, f"出局：{d.kind}")
            return False, marks
        if state.has(seat, "寡言"):
            marks.append("寡言")
        return True, marks

    def dead_chat_wait(self, state: NataState, seat: int) -> str | None:
        """遗言 first; and 阴阳使者 may revive 「任意一名上一个白天宣布出局的角色」 at the next 晨曦, so a
        seat joins the dead to talk only once that chance has passed (a revived seat would carry back
        what it heard). The wait depends only on when the exit was announced, never on whether a
        阴阳使者 is in play."""
        d = next((d for d in reversed(state.deaths) if d.seat == seat), None)
        if d is None:
            return None
        if d.words == "" and seat not in state.lastwords and seat not in state.removed and d.words_until >= state.day:
            return "你还可以留遗言：遗言公示之后才能进入亡者聊天。"
        if seat not in state.removed and (not d.announced or state.day <= d.shown_day):  # 红牌: never revived
            return "上一个白天宣布出局的角色还可能被复活（阴阳使者）：下一个晨曦之后你才能进入亡者聊天。"
        return None

    def public_status(self, state: NataState) -> str:
        alive = lambda s: state.alive[s] and s not in state.public_out  # noqa: E731
        lines = ["电梯楼：" + ring.describe(state.ring, alive, lambda s: f"{s}号")]
        if state.badge.holder:
            lines.append(f"警长：{state.badge.holder}号")
        if state.phase in (START, ELECTION) and state.election.candidates:
            lines.append(f"上警：{seats_text(state.election.candidates)}")
        flipped = [f"{s}号 {state.roles[s]}" for s in state.revealed]
        if flipped:
            lines.append("已翻牌：" + "、".join(flipped))
        quiet = [s for s in state.living() if state.has(s, "寡言") and s not in state.public_out]
        if quiet:
            lines.append(f"[寡言]：{seats_text(quiet)}")
        if state.blockade:
            lines.append("本次正午已封锁投票")
        return "\n".join(lines)


class _NameOnly:
    """For /身份 texts built outside an input: seat numbers only."""

    def name(self, seat: int) -> str:
        return f"{seat}号"


def _animal_ok(text: str) -> bool:
    """寡言: "只能从指定的10种动物叫和标点符号组成的2字进行发言（标点可省略）" — one animal sound, then at
    most one punctuation mark (a run of one mark such as …… counts as one)."""
    t = text.strip()
    if not t or t[0] not in ANIMAL_SOUNDS:
        return False
    rest = t[1:]
    if not rest:
        return True
    if len(set(rest)) != 1 or len(rest) > 2:
        return False
    return unicodedata.category(rest[0])[0] in "PS"


RULESET = register(NataRuleset())
