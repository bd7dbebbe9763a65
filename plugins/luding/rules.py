"""The [M45]『鹿鼎记』 ruleset (rule text 003): wolves win by 感染 (converting camps), not by killing.

Flow (docs/luding.md has every rule as played and the source of each choice):

    day 1 (vote) ──▶ night (submit) ──▶ settle (resolve I–VII) ──▶ day 2 (vote) ──▶ night ──▶ …

- The first day opens with a vote; there is no night before it.
- At night every role submits by private message; nothing resolves until the
  night closes. The settle phase then runs `roles.NIGHT_ORDER` step by step; a
  hunter who leaves in it decides his 最后一枪 at once (the resolution waits for
  him), then it carries on. The settle phase exists every night, so its
  presence says nothing about the hunter.
- A hunter voted out shoots during the following night phase (论坛: within 30
  minutes of 关门); the shot and its victim are published at once.
- Win and loss (胜负判定) are judged after every single change (an exit, a
  camp change, a forfeit): losses first, then wins; a decided winner stops all
  resolution at once.

Pure: no nonebot, no clock, no global random; randomness only from ctx.rng.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..bansha.engine import (
    ABSTAIN,
    Action,
    BaseState,
    CastRow,
    Ctx,
    Outcome,
    Refusal,
    Ruleset,
    Skill,
    VoteBox,
    register,
)
from .grimoire import GrimoireMixin
from .roles import (
    CAMPS,
    CUB,
    DAY,
    DECK,
    ELDER,
    ELDER_BOUND,
    FATHER,
    FATHER_TIMEOUT,
    FOX,
    FOXROLE,
    GUARD,
    HUNTER,
    NIGHT,
    NIGHT_ORDER,
    NIGHT_TIMEOUT,
    OPTIONS,
    PHASES,
    PLAYERS,
    ROLES,
    SEER,
    SETTLE,
    SHOT,
    SHOT_AFTER_VOTE,
    VILLAGE,
    VOTE,
    WITCH,
    WOLF,
)

# Ways to leave the game (出局), as the text lists them.
BY_VOTE, SHOT_BY_DAY, SHOT_BY_NIGHT, SACRIFICED, LOYAL, CURSED, POISONED, RED = (
    "vote", "shot_day", "shot_night", "sacrifice", "loyalty", "curse", "poison", "red",
)
FATE = {
    BY_VOTE: "被投票出局",
    SHOT_BY_DAY: "被猎人最后一枪带走（投票后）",
    SHOT_BY_NIGHT: "被猎人最后一枪带走",
    SACRIFICED: "牺牲出局",
    LOYAL: "因猎人忠诚出局",
    CURSED: "因妖狐咒缚出局",
    POISONED: "被女巫毒药毒死",
    RED: "被红牌罚下",
}
DAY_CAUSES = (BY_VOTE, SHOT_BY_DAY)
ELDER_CAUSES = (BY_VOTE, SHOT_BY_DAY, SHOT_BY_NIGHT, POISONED)  # 长寿之命: 投票、毒药、最后一枪
ALL = "*"  # in `passed`: the seat gave up everything tonight


@dataclass
class LudingState(BaseState):
    roles: list[str] = field(default_factory=list)  # index 0 unused
    camps: list[str] = field(default_factory=list)  # current camp; 感染 changes it, never the role
    turned: dict[int, int] = field(default_factory=dict)  # seat -> night on which it was converted
    elder_hit: bool = False  # 长寿之命: the first valid infection has been spent
    lost_skills: list[str] = field(default_factory=list)  # "seat:key" skills taken away (预言, 长寿之命…)
    lost: list[str] = field(default_factory=list)  # camps judged lost (不予公示), in order
    forfeited: list[str] = field(default_factory=list)  # camps lost by the judge's red cards
    result: Outcome | None = None
    fates: dict[int, str] = field(default_factory=dict)  # private: how each seat left
    public_dead: list[int] = field(default_factory=list)  # seats whose exit has been published
    public_fates: dict[int, str] = field(default_factory=dict)
    removed: list[int] = field(default_factory=list)  # red-carded seats
    rally_night: int = 0  # 激励: the night on which the 父狼 infects twice
    # private histories, for /身份
    checks: list[tuple[int, int, str]] = field(default_factory=list)  # (night, target, result)
    quarantines: list[tuple[int, int, str]] = field(default_factory=list)
    infections: list[tuple[int, int]] = field(default_factory=list)  # (night, target) as submitted
    shields: list[int] = field(default_factory=list)  # every seat that became a 神圣之盾 target
    charms: list[int] = field(default_factory=list)  # every seat that became a 魅惑 target
    potions: list[tuple[int, str, int]] = field(default_factory=list)  # (night, potion, target)
    # tonight's submissions (night phase)
    p_charm: int = 0
    p_shield: int = 0
    p_infect: list[int] = field(default_factory=list)
    p_sacrifice: bool = False
    p_quarantine: int = 0
    p_save: int = 0
    p_poison: int = 0
    p_check: int = 0
    passed: list[str] = field(default_factory=list)  # "seat:key" or "seat:*" given up tonight
    # tonight's resolution (settle phase)
    step: int = 0  # index into NIGHT_ORDER
    infect_queue: list[int] = field(default_factory=list)
    infect_at: int = 0
    charmed: int = 0
    shielded: int = 0
    saved: int = 0
    poisoned: int = 0
    shooter: int = 0  # a hunter out tonight, deciding his shot
    night_out: list[int] = field(default_factory=list)
    # the day
    box: VoteBox = field(default_factory=VoteBox)
    vote_shooter: int = 0  # a hunter voted out today, who may shoot during the night phase
    voted_out: list[int] = field(default_factory=list)  # today's exits by the vote and its shot
    words_owed: list[int] = field(default_factory=list)  # entitled to 遗言 until the next day starts
    words: dict[int, str] = field(default_factory=dict)

    def role(self, seat: int) -> str:
        return self.roles[seat]

    def holder(self, role: str) -> int:
        return self.roles.index(role)

    def has(self, seat: int, key: str) -> bool:
        return f"{seat}:{key}" not in self.lost_skills


def _seats(seats: list[int] | tuple[int, ...]) -> str:
    return "、".join(f"{s}号" for s in seats) or "无"


def _span(seconds: int) -> str:
    return f"{seconds // 3600}小时" if seconds % 3600 == 0 else f"{seconds // 60}分钟"


class LudingRuleset(GrimoireMixin, Ruleset):
    key = "luding"
    title = "鹿鼎记"
    aliases = ("M45", "[M45]鹿鼎记", "『鹿鼎记』")
    options = OPTIONS
    phases = PHASES
    default_tempo = "论坛"
    factions = CAMPS
    forfeit_public = False  # "阵营被判负后，不予公示，且属于该阵营的角色并不会出局"
    # 003's forum rules, in every tempo (the times and 潜水 only in 论坛 tempo; docs/luding.md, docs/forum.md)
    text_rules: dict[str, Any] = {
        "改票次数": 1,  # "投票后，只有一次改票机会"
        "改票截止": 3600,  # "白天结束前一个小时不得改票"
        "代投截止": 1800,  # "法官代投时限为关门前半小时"
        "投票理由": "必填",  # "明确说明投票对象和投票理由"
        "票数公开": True,  # "统计投票结果并公布"
        "加速门槛": "过半",  # "若过半数的玩家通过QQ私聊法官申请加速"
        "潜水": True, "未投票黄牌": True,  # 违规判定 5 潜水
        "红牌结算": "立即",  # "白天红牌罚下在被投票出局之前"
        "红牌判负": False,  # "判罚红牌时，导演视情况决定是否判负该玩家所在阵营"
    }

    # --- sign-up and deal ------------------------------------------------------------
    def check_players(self, options: dict[str, Any], n: int) -> str | None:
        if n != PLAYERS:
            return f"鹿鼎记是 {PLAYERS} 人局（1父狼、1幼狼、1预言家、1女巫、1守卫、1猎人、1长老、6村民、1妖狐），现在报名了 {n} 人。"
        return None

    def max_players(self, options: dict[str, Any]) -> int:
        return PLAYERS

    def setup(self, ctx: Ctx, n: int) -> LudingState:
        deck = list(DECK)
        ctx.rng.shuffle(deck)
        roles = [""] + deck
        state = LudingState(
            n=n, alive=[False] + [True] * n, day=1, roles=roles, camps=[""] + [ROLES[r].faction for r in deck]
        )
        ctx.group(
            "身份配置：1父狼、1幼狼、1预言家、1女巫、1守卫、1猎人、1长老、6村民、1妖狐；三个阵营：狼人、村民、妖狐。"
            "狼人阵营靠感染（转变阵营）而不是杀人取胜。出局的角色不公示身份。",
            data={"wolves": sum(1 for r in deck if ROLES[r].faction == WOLF)},
        )
        for seat in range(1, n + 1):
            ctx.seat(seat, self._intro(state, seat), "role", self._intro_facts(state, seat))
        ctx.judge("发牌：" + "；".join(f"{ctx.name(s)}：{state.role(s)}" for s in range(1, n + 1)))
        self._start_day(ctx, state)
        return state

    def _intro(self, state: LudingState, seat: int) -> str:
        role = ROLES[state.role(seat)]
        lines = [f"你是 {seat}号，你的身份是【{role.name}】，属于{role.faction}。{role.blurb}"]
        lines.extend(self._knowledge(state, seat))
        for s in role.skills:
            tag = "<强制>" if s.mandatory else ""
            lines.append(f"· {s.name}{tag}：{s.help}" + ("" if s.mandatory else f" 用法：/技能 {s.usage()}"))
        lines.append("发送 /身份 可随时查看身份、技能和记录。")
        return "\n".join(lines)

    @staticmethod
    def _intro_facts(state: LudingState, seat: int) -> dict[str, Any]:
        """The role PM's facts, for the information-state agents: role, side, the wolf it knows."""
        role = state.role(seat)
        side = {WOLF: "wolf", VILLAGE: "good"}.get(ROLES[role].faction, "other")
        mate = {FATHER: CUB, CUB: FATHER}.get(role)
        return {"role": role, "side": side, "mates": (state.holder(mate),) if mate else ()}

    def _knowledge(self, state: LudingState, seat: int) -> list[str]:
        role = state.role(seat)
        if role == FATHER:
            cub = state.holder(CUB)
            return [f"幼狼是 {cub}号（{'存活' if state.alive[cub] else '已出局'}）。你们互知但不共群：没有狼聊。"]
        if role == CUB:
            father = state.holder(FATHER)
            return [f"父狼是 {father}号（{'存活' if state.alive[father] else '已出局'}）。你们互知但不共群：没有狼聊。"]
        return []

    # --- declarations ---------------------------------------------------------------
    def skills_of(self, state: LudingState, seat: int) -> list[Skill]:
        skills = list(ROLES[state.role(seat)].skills)
        if state.role(seat) == HUNTER:
            shot = SHOT if state.phase == SETTLE else SHOT_AFTER_VOTE
            skills = [shot if s.key == SHOT.key else s for s in skills]
        return [*skills, VOTE]

    def phase_label(self, state: LudingState) -> str:
        if state.phase == DAY:
            return f"第{state.day}天"
        if state.phase == NIGHT:
            return f"第{state.day}夜"
        return f"第{state.day}夜 {self.phases[state.phase].label}"

    def blocked(self, state: LudingState, seat: int, skill: Skill) -> str | None:
        key = skill.key
        if not state.has(seat, key):
            return f"你已经失去了技能「{skill.name}」。"
        if key == "vote":
            return None
        if key == "shot":
            who = state.shooter if state.phase == SETTLE else state.vote_shooter
            return None if who == seat else "你现在不能开枪。"
        if self._passed(state, seat, key):
            return "你已经放弃了今晚的这个行动。"
        if key == "infect" and len(state.p_infect) >= self._infections_allowed(state):
            return "今晚的感染已经提交了。"
        submitted = {
            "charm": state.p_charm, "shield": state.p_shield, "sacrifice": state.p_sacrifice,
            "check": state.p_check, "quarantine": state.p_quarantine, "save": state.p_save, "poison": state.p_poison,
        }
        if submitted.get(key):
            return f"今晚的「{skill.name}」已经提交了。"
        if key == "quarantine" and state.p_save:
            return "救药发动后，你失去了检疫。"
        if key == "save" and state.p_poison:
            return "今晚已经使用了毒药，不能再用救药。"
        if key == "poison" and state.p_save:
            return "今晚已经使用了救药，不能再用毒药。"
        return None

    def target_refusal(self, state: LudingState, seat: int, skill: Skill, target: int) -> str | None:
        key = skill.key
        if key == "shield" and target in state.shields:
            return f"{target}号 已经成为过神圣之盾的目标：每名角色整局只能成为一次。"
        if key == "charm" and target in state.charms:
            return f"{target}号 已经成为过魅惑的目标：每名角色整局只能成为一次。"
        if key == "shot":
            if target == seat:
                return "最后一枪只能对其他角色开。"
            if target in state.public_dead:
                return f"{target}号 已经出局，不能作为目标。"
        return None

    def _passed(self, state: LudingState, seat: int, key: str) -> bool:
        return f"{seat}:{key}" in state.passed or f"{seat}:{ALL}" in state.passed

    def _infections_allowed(self, state: LudingState) -> int:
        return 2 if state.rally_night == state.day else 1

    def pending(self, state: LudingState) -> set[int]:
        if state.result is not None:
            return set()
        if state.phase == DAY:
            return {s for s in state.living() if s not in state.box.votes and s not in state.done}
        if state.phase == SETTLE:
            return {state.shooter} if state.shooter else set()
        out = set()
        for s in state.living():
            for sk in self.skills_of(state, s):
                if NIGHT in sk.phases and not sk.mandatory and self.available(state, s, sk) is None:
                    out.add(s)
                    break
        if state.vote_shooter and self.available(state, state.vote_shooter, SHOT_AFTER_VOTE) is None:
            out.add(state.vote_shooter)
        for s in state.words_owed:
            if s not in state.words and not self._passed(state, s, "words"):
                out.add(s)
        return out

    def keep_open(self, state: LudingState) -> bool:
        return state.phase != DAY  # see PHASES: night phases never close early

    # --- the day ----------------------------------------------------------------------
    def _start_day(self, ctx: Ctx, state: LudingState) -> None:
        state.box.clear()
        state.voted_out = []
        ctx.enter(state, DAY)
        changes, lock, proxy = (ctx.rule(k) for k in ("改票次数", "改票截止", "代投截止"))
        rules = ["可以随时 /改票" if changes < 0 else f"投票后只有 {changes} 次改票机会（/改票，回复自己的投票）"]
        if lock:
            rules.append(f"关门前{_span(lock)}内不得改票")
        if proxy:
            rules.append(f"代投截止为关门前{_span(proxy)}")
        reason = "<理由>" if ctx.rule("投票理由") == "必填" else "[理由]"
        ctx.group(
            f"第{state.day}天：请讨论，并投票：/投票 <目标或弃权> {reason}（或两行「投票对象：X」「投票理由：Y」）。"
            + "；".join(rules) + "。得票最多者出局，平票则无人出局。"
        )

    def do_vote(self, ctx: Ctx, state: LudingState, seat: int, action: Action) -> None:
        ctx.vote(state.box, seat, action)

    def _close_day(self, ctx: Ctx, state: LudingState) -> None:
        # Ballots of seats out since (红牌) do not count; votes for them are void.
        valid = {
            v: t for v, t in state.box.votes.items() if state.alive[v] and (t == ABSTAIN or state.alive[t])
        }
        counts: dict[int, float] = {}
        for t in valid.values():
            counts[t] = counts.get(t, 0.0) + 1.0
        named = {t: c for t, c in counts.items() if t != ABSTAIN}
        best = max(named.values()) if named else 0
        leaders = sorted(t for t, c in named.items() if c == best)
        ctx.tally(counts, leaders, valid)
        if len(leaders) != 1:
            ctx.group(f"{_seats(leaders)} 平票，今天无人出局。" if leaders else "今天无人出局。")
            ctx.judge(f"第{state.day}天 无人被投票出局")
            self._start_night(ctx, state)
            return
        seat = leaders[0]
        ctx.group(f"{ctx.name(seat)} 被投票出局。", "out", {"out": (seat,)})
        ctx.judge(f"第{state.day}天 {ctx.name(seat)}（{state.role(seat)}）被投票出局")
        state.voted_out.append(seat)
        state.words_owed.append(seat)
        self._out(ctx, state, seat, BY_VOTE)
        if state.result is not None:
            return
        note = "你被投票出局。可以在下一个白天开始前私聊 /遗言 <内容>，遗言将在下一个白天开始时公示。"
        if state.vote_shooter == seat:
            note += "你是猎人：可以 /技能 最后一枪 <目标>（论坛：关门后 30 分钟内），不开枪请 /放弃 最后一枪。"
        ctx.seat(seat, note)
        self._start_night(ctx, state)

    def last_words(self, ctx: Ctx, state: LudingState, seat: int, text: str) -> None:
        if seat not in state.words_owed:
            raise Refusal("只有白天被投票出局的角色可以留遗言（被最后一枪带走、夜里出局或被罚下的没有遗言）。")
        if seat in state.removed:
            raise Refusal("你已被红牌罚下，没有遗言。")
        again = seat in state.words
        state.words[seat] = text
        ctx.reply("遗言已更新。" if again else "遗言已记录，将在下一个白天开始时公示（开始前可以重新发送覆盖）。")
        ctx.judge(f"{ctx.name(seat)} 提交遗言：{text}")

    # --- the night: submissions ---------------------------------------------------------
    def _start_night(self, ctx: Ctx, state: LudingState) -> None:
        state.p_charm = state.p_shield = state.p_quarantine = state.p_save = state.p_poison = state.p_check = 0
        state.p_infect = []
        state.p_sacrifice = False
        state.passed = []
        state.charmed = state.shielded = state.saved = state.poisoned = state.shooter = 0
        state.infect_queue = []
        state.infect_at = state.step = 0
        state.night_out = []
        ctx.enter(state, NIGHT)
        when = (
            f"父狼在关门后{FATHER_TIMEOUT}分钟内、其余在关门后{NIGHT_TIMEOUT}分钟内，逾时视为放弃"
            if ctx.options.get("节奏") == "论坛" else "在夜晚结束前提交，逾时视为放弃"
        )
        ctx.group(
            f"天黑了。第{state.day}夜：有夜间技能的角色请私聊机器人提交行动（{when}）。"
            "所有行动在夜晚结束后按规则顺序结算。"
        )
        self.prompt(ctx, state)  # each night role: its skills, targets and how to type them (engine's prompt)

    def prompt_note(self, state: LudingState, seat: int) -> str:
        if state.role(seat) == FATHER and self._infections_allowed(state) == 2:
            return "激励：幼狼已出局，今晚你可以感染两次（各发一次 /技能 感染 <目标>）。"
        return ""

    def _submitted(self, ctx: Ctx, state: LudingState, seat: int, what: str) -> None:
        ctx.reply(f"已提交：{what}。将在夜晚结束后按顺序结算。")
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（{state.role(seat)}）{what}")

    def do_charm(self, ctx: Ctx, state: LudingState, seat: int, action: Action) -> None:
        state.p_charm = action.targets[0]
        self._submitted(ctx, state, seat, f"魅惑 {ctx.name(state.p_charm)}")

    def do_shield(self, ctx: Ctx, state: LudingState, seat: int, action: Action) -> None:
        state.p_shield = action.targets[0]
        self._submitted(ctx, state, seat, f"神圣之盾 {ctx.name(state.p_shield)}")

    def do_infect(self, ctx: Ctx, state: LudingState, seat: int, action: Action) -> None:
        target = action.targets[0]
        state.p_infect.append(target)
        state.infections.append((state.day, target))
        left = self._infections_allowed(state) - len(state.p_infect)
        more = f"（激励：还可以再感染 {left} 次）" if left else ""
        self._submitted(ctx, state, seat, f"感染 {ctx.name(target)}{more}")

    def do_sacrifice(self, ctx: Ctx, state: LudingState, seat: int, action: Action) -> None:
        state.p_sacrifice = True
        self._submitted(ctx, state, seat, "牺牲（主动出局）")

    def do_check(self, ctx: Ctx, state: LudingState, seat: int, action: Action) -> None:
        state.p_check = action.targets[0]
        self._submitted(ctx, state, seat, f"预言 {ctx.name(state.p_check)}")

    def do_quarantine(self, ctx: Ctx, state: LudingState, seat: int, action: Action) -> None:
        state.p_quarantine = action.targets[0]
        self._submitted(ctx, state, seat, f"检疫 {ctx.name(state.p_quarantine)}")

    def do_save(self, ctx: Ctx, state: LudingState, seat: int, action: Action) -> None:
        state.p_save = action.targets[0]
        self._submitted(ctx, state, seat, f"救药 {ctx.name(state.p_save)}")

    def do_poison(self, ctx: Ctx, state: LudingState, seat: int, action: Action) -> None:
        state.p_poison = action.targets[0]
        self._submitted(ctx, state, seat, f"毒药 {ctx.name(state.p_poison)}")

    def do_shot(self, ctx: Ctx, state: LudingState, seat: int, action: Action) -> None:
        target = action.targets[0]
        state.use(seat, "shot")
        if state.phase == NIGHT:
            # The shot that follows the vote: published at once (投票结束后…立即公示).
            state.vote_shooter = 0
            ctx.group(f"{ctx.name(seat)} 发动猎人的<最后一枪>，{ctx.name(target)} 出局。", "reveal", {"out": (target,)})
            ctx.judge(f"第{state.day}天 {ctx.name(seat)}（猎人）最后一枪带走 {ctx.name(target)}（{state.role(target)}）")
            ctx.reply(f"你对 {ctx.name(target)} 开了枪。")
            state.voted_out.append(target)
            self._out(ctx, state, target, SHOT_BY_DAY)
            return
        # Out tonight: the shot lands at once, inside the resolution, then it carries on.
        state.shooter = 0
        ctx.reply(f"你对 {ctx.name(target)} 开了枪。")
        if not state.alive[target]:
            ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（猎人）最后一枪指向 {ctx.name(target)}，他已出局，落空")
        elif target == state.shielded:
            ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（猎人）最后一枪指向 {ctx.name(target)}，神圣之盾使其无效")
        else:
            ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（猎人）最后一枪带走 {ctx.name(target)}（{state.role(target)}）")
            self._out(ctx, state, target, SHOT_BY_NIGHT)
        self._resolve(ctx, state)

    def give_up(self, ctx: Ctx, state: LudingState, seat: int, skill: Skill | None) -> None:
        if seat not in self.pending(state):
            raise Refusal("你现在没有需要放弃的行动。")
        if state.phase == DAY:
            state.done.add(seat)
            ctx.reply("已放弃本阶段的行动。")
            return
        if state.phase == SETTLE:
            if skill is not None and skill.key != "shot":
                raise Refusal("现在只能放弃最后一枪。")
            state.shooter = 0
            ctx.reply("你放弃了最后一枪。")
            ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（猎人）放弃最后一枪")
            self._resolve(ctx, state)
            return
        if skill is not None:
            if skill.key == "shot" and state.vote_shooter == seat:
                state.vote_shooter = 0
            else:
                state.passed.append(f"{seat}:{skill.key}")
            ctx.reply(f"已放弃今晚的「{skill.name}」。")
            return
        state.passed.append(f"{seat}:{ALL}")
        if state.vote_shooter == seat:
            state.vote_shooter = 0
        ctx.reply("已放弃今晚的全部行动" + ("（包括遗言）。" if seat in state.words_owed else "。"))

    # --- the night: resolution in NIGHT_ORDER ----------------------------------------------
    def close_phase(self, ctx: Ctx, state: LudingState) -> None:
        if state.result is not None:
            return  # the game is decided; the engine ends it after this input
        if state.phase == DAY:
            self._close_day(ctx, state)
        elif state.phase == NIGHT:
            if state.vote_shooter:
                ctx.judge(f"{ctx.name(state.vote_shooter)}（猎人）逾时未开枪，视为放弃")
                state.vote_shooter = 0
            ctx.enter(state, SETTLE)
            state.step = state.infect_at = 0
            self._resolve(ctx, state)
        else:
            if state.shooter:
                ctx.judge(f"{ctx.name(state.shooter)}（猎人）逾时未开枪，视为放弃")
                state.shooter = 0
                self._resolve(ctx, state)
            if state.result is None:
                self._dawn(ctx, state)

    def _resolve(self, ctx: Ctx, state: LudingState) -> None:
        """Run the night's steps from the cursor; stop when a hunter must decide or the game is won.

        Each step can be entered again after a pause without repeating what it did."""
        while state.step < len(NIGHT_ORDER) and state.result is None:
            if not getattr(self, f"_step_{NIGHT_ORDER[state.step].key}")(ctx, state):
                return  # waiting for a hunter's shot
            state.step += 1

    def _acts(self, state: LudingState, seat: int, key: str) -> bool:
        """Whether the seat can 发动 the skill now: in play, not charmed, not stripped of it."""
        return state.alive[seat] and state.charmed != seat and state.has(seat, key)

    def _void(self, ctx: Ctx, state: LudingState, seat: int, name: str, why: str) -> None:
        ctx.seat(seat, f"你今晚的「{name}」没有生效。")
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)} 的{name}无效：{why}")

    def _step_charm(self, ctx: Ctx, state: LudingState) -> bool:
        fox, target = state.holder(FOXROLE), state.p_charm
        if target and state.alive[fox] and state.alive[target]:
            state.charms.append(target)
            state.charmed = target
            ctx.judge(f"第{state.day}夜 I 妖狐魅惑 {ctx.name(target)}")
        return True

    def _step_shield(self, ctx: Ctx, state: LudingState) -> bool:
        guard, target = state.holder(GUARD), state.p_shield
        if not target or not state.alive[target]:
            return True
        if not self._acts(state, guard, "shield"):
            if state.alive[guard]:
                self._void(ctx, state, guard, "神圣之盾", "被魅惑或已失去技能")
            return True
        state.shields.append(target)
        state.shielded = target
        ctx.judge(f"第{state.day}夜 II 守卫神圣之盾 {ctx.name(target)}")
        if state.charmed == target:
            state.charmed = 0  # 当晚对该角色的任何技能无效: the charm on him too
            ctx.judge(f"第{state.day}夜 {ctx.name(target)} 的魅惑被神圣之盾抵消")
        return True

    def _step_wolves(self, ctx: Ctx, state: LudingState) -> bool:
        father, cub = state.holder(FATHER), state.holder(CUB)
        if state.p_infect:
            if self._acts(state, father, "infect"):
                state.infect_queue = list(state.p_infect)
                ctx.judge(f"第{state.day}夜 III 父狼感染 {_seats(state.infect_queue)}")
            elif state.alive[father]:
                self._void(ctx, state, father, "感染", "被魅惑")
        if state.p_sacrifice and state.alive[cub]:
            if self._acts(state, cub, "sacrifice"):
                ctx.judge(f"第{state.day}夜 III 幼狼 {ctx.name(cub)} 牺牲")
                ctx.seat(cub, "你牺牲了，已出局。")
                self._out(ctx, state, cub, SACRIFICED)
            else:
                self._void(ctx, state, cub, "牺牲", "被魅惑")
        return True

    def _step_witch(self, ctx: Ctx, state: LudingState) -> bool:
        witch = state.holder(WITCH)
        wanted = [(k, t) for k, t in (("quarantine", state.p_quarantine), ("save", state.p_save),
                                      ("poison", state.p_poison)) if t]
        if not wanted or not state.alive[witch]:
            return True
        names = {"quarantine": "检疫", "save": "救药", "poison": "毒药"}
        for key, target in wanted:
            if not self._acts(state, witch, key):
                self._void(ctx, state, witch, names[key], "被魅惑或已失去技能")
                continue
            if key == "save":
                state.use(witch, "save")
                state.lost_skills.extend(f"{witch}:{k}" for k in ("quarantine", "save"))
                state.potions.append((state.day, "救药", target))
            elif key == "poison":
                state.use(witch, "poison")
                state.potions.append((state.day, "毒药", target))
            if target == state.shielded:
                self._void(ctx, state, witch, names[key], f"{target}号 受神圣之盾保护")
                if key == "quarantine":
                    state.quarantines.append((state.day, target, "无效"))
                continue
            if key == "quarantine":
                turned = "被转变过阵营" if target in state.turned else "未被转变过阵营"
                state.quarantines.append((state.day, target, turned))
                ctx.seat(witch, f"检疫结果：{ctx.name(target)} {turned}。", "check",
                         {"target": target, "turned": target in state.turned})
                ctx.judge(f"第{state.day}夜 IV 女巫检疫 {ctx.name(target)}：{turned}")
            elif key == "save":
                state.saved = target
                ctx.judge(f"第{state.day}夜 IV 女巫救药 {ctx.name(target)}")
            else:
                state.poisoned = target
                ctx.judge(f"第{state.day}夜 IV 女巫毒药 {ctx.name(target)}")
        return True

    def _step_seer(self, ctx: Ctx, state: LudingState) -> bool:
        seer, target = state.holder(SEER), state.p_check
        if not target or not state.alive[seer]:
            return True
        if not self._acts(state, seer, "check"):
            self._void(ctx, state, seer, "预言", "被魅惑或已失去技能")
            return True
        if target == state.shielded:
            state.checks.append((state.day, target, "无效"))
            self._void(ctx, state, seer, "预言", f"{target}号 受神圣之盾保护")
            return True
        if state.role(target) == FOXROLE and state.alive[target]:
            ctx.judge(f"第{state.day}夜 V 妖狐 {ctx.name(target)} 成为预言的目标，咒缚：立即出局")
            ctx.seat(target, "你成为了预言的目标，<咒缚>：你出局了。")
            self._out(ctx, state, target, CURSED)
            if state.result is not None:
                return True
        result = "村民阵营" if state.camps[target] == VILLAGE else "非村民阵营"
        state.checks.append((state.day, target, result))
        text = f"预言结果：{ctx.name(target)} 属于<{result}>。"
        if result != VILLAGE:
            state.lost_skills.append(f"{seer}:check")
            text += "你失去了技能<预言>。"
        ctx.seat(seer, text, "check", {"target": target, "wolf": result != VILLAGE})
        ctx.judge(f"第{state.day}夜 V 预言家预言 {ctx.name(target)}：{result}")
        return True

    def _step_infection(self, ctx: Ctx, state: LudingState) -> bool:
        while state.infect_at < len(state.infect_queue):
            target = state.infect_queue[state.infect_at]
            state.infect_at += 1
            head = f"第{state.day}夜 VI 感染 {ctx.name(target)}："
            if not state.alive[target]:
                ctx.judge(head + "目标已出局")
                continue
            if target == state.shielded:  # 一
                ctx.judge(head + "神圣之盾，感染无效")
                continue
            role = state.role(target)
            if role == HUNTER:  # 忠诚: the valid infection of the hunter is void, and he is out
                ctx.judge(head + "猎人<忠诚>，感染无效，猎人出局")
                ctx.seat(target, "你即将被有效感染：<忠诚>，这次感染无效，你立即出局。")
                self._out(ctx, state, target, LOYAL)
                if state.shooter and state.result is None:
                    return False  # he decides his shot at once; the next infection waits
                continue
            if role == ELDER and not state.elder_hit:  # 二
                state.elder_hit = True
                ctx.judge(head + "长老第一次被有效感染，<长寿之命>：不转变阵营")
                continue
            if target == state.saved:  # 三
                ctx.judge(head + "救药，不转变阵营")
                continue
            if role == FOXROLE:
                ctx.judge(head + "妖狐<狡黠>，不转变阵营")
                continue
            if state.camps[target] == WOLF:
                ctx.judge(head + "已属于狼人阵营")
                continue
            state.camps[target] = WOLF  # 四
            state.turned[target] = state.day
            ctx.judge(head + f"{role}转变为狼人阵营")
            ctx.seat(
                target,
                "你被感染了：你转变为【狼人阵营】。你的身份和技能不变，但胜利条件变为狼人阵营的胜利条件。",
                "role",
                {"side": "wolf"},
            )
            if self._judge(ctx, state):
                return True
        return True

    def _step_poison(self, ctx: Ctx, state: LudingState) -> bool:
        target, state.poisoned = state.poisoned, 0
        if target and state.alive[target]:
            ctx.judge(f"第{state.day}夜 VII 毒药生效：{ctx.name(target)} 出局")
            self._out(ctx, state, target, POISONED)
            return state.result is not None or not state.shooter
        return True

    def _dawn(self, ctx: Ctx, state: LudingState) -> None:
        night = state.day
        for s in state.night_out:
            if s not in state.public_dead:
                state.public_dead.append(s)
                state.public_fates[s] = f"第{night}夜出局"
        state.day += 1
        lines = [f"天亮了，第{state.day}天开始。"]
        if state.voted_out:
            lines.append("昨天出局：" + "、".join(ctx.name(s) for s in state.voted_out) + "。")
        out = sorted(state.night_out)
        lines.append(("昨晚出局：" + "、".join(ctx.name(s) for s in out) + "。") if out else "昨晚无人出局。")
        ctx.group("".join(lines), "out", {"out": tuple(out)})
        ctx.judge(f"第{night}夜结算完毕，出局：{_seats(out)}")
        self._publish_words(ctx, state)
        self._start_day(ctx, state)

    def _publish_words(self, ctx: Ctx, state: LudingState, final: bool = False) -> None:
        """遗言 of the voted-out, at the next day's start (or with the result, if the game ends first)."""
        for s in state.words_owed:
            if s in state.removed:
                continue
            if s in state.words:
                ctx.group(f"【遗言】{ctx.name(s)}：{state.words[s]}", "chat")
            elif not final:
                ctx.group(f"{ctx.name(s)} 没有留下遗言。")
        state.words_owed = []
        state.words = {}

    # --- leaving the game ----------------------------------------------------------------
    def _out(self, ctx: Ctx, state: LudingState, seat: int, cause: str) -> None:
        """One character leaves; apply what the text ties to leaving, then judge the camps."""
        if not state.alive[seat]:
            return
        state.alive[seat] = False
        by_day = cause in DAY_CAUSES or (cause == RED and state.phase == DAY)
        when = f"第{state.day}天" if by_day else f"第{state.day}夜"
        state.fates[seat] = when + FATE[cause]
        if by_day or cause == RED:
            state.public_dead.append(seat)
            state.public_fates[seat] = when + (FATE[cause] if cause != SHOT_BY_DAY else "被最后一枪带走")
            if by_day:
                ctx.died(seat)
        else:
            state.night_out.append(seat)
        role = state.role(seat)
        if role == ELDER and cause in ELDER_CAUSES:
            self._elder_gone(ctx, state)
        if role == CUB and cause != RED:
            self._rally(ctx, state, by_day)
        if role == HUNTER and cause != RED and state.has(seat, "shot") and not state.used(seat, "shot"):
            if cause == BY_VOTE:
                state.vote_shooter = seat
            elif state.charmed == seat:
                ctx.seat(seat, "你出局了；你今晚被魅惑，不能发动最后一枪。")
                ctx.judge(f"{ctx.name(seat)}（猎人）被魅惑，不能开枪")
            else:
                state.shooter = seat
                ctx.seat(seat, "你出局了。请立即决定<最后一枪>：/技能 最后一枪 <目标>，不开枪请 /放弃。")
        self._judge(ctx, state)

    def _elder_gone(self, ctx: Ctx, state: LudingState) -> None:
        """长寿之命: 女巫、预言家、守卫、猎人 lose their non-强制 skills."""
        for role in ELDER_BOUND:
            seat = state.holder(role)
            for sk in ROLES[role].skills:
                if not sk.mandatory and state.has(seat, sk.key):
                    state.lost_skills.append(f"{seat}:{sk.key}")
            if state.alive[seat]:
                ctx.seat(seat, "长老出局了（<长寿之命>）：你失去了所有非强制技能。")
        ctx.judge("长老出局：女巫、预言家、守卫、猎人失去非强制技能")

    def _rally(self, ctx: Ctx, state: LudingState, by_day: bool) -> None:
        """激励: the next night (the same night if the 幼狼 left by day) the 父狼 infects twice."""
        state.rally_night = state.day if by_day else state.day + 1
        father = state.holder(FATHER)
        ctx.judge(f"激励：第{state.rally_night}夜父狼可以再感染一次")
        if state.alive[father]:
            when = "今晚" if by_day else "下一个夜晚"
            ctx.seat(father, f"幼狼出局了。<激励>：{when}你可以再使用一次感染（共两次）。")

    def remove(self, ctx: Ctx, state: LudingState, seat: int, reason: str) -> None:
        """红牌罚下: out at once, no 遗言, no skills, no 激励 and no 最后一枪 (also for a seat already out)."""
        if state.result is not None or seat in state.removed:
            return
        state.removed.append(seat)
        if seat == state.vote_shooter:
            state.vote_shooter = 0
        if not state.alive[seat]:
            if seat == state.shooter:
                state.shooter = 0
                if state.phase == SETTLE:
                    self._resolve(ctx, state)
            ctx.group(f"{ctx.name(seat)} {reason}，失去遗言和技能。")
            return
        ctx.group(f"{ctx.name(seat)} {reason}，离开了游戏。", "out", {"out": (seat,)})
        ctx.judge(f"{ctx.name(seat)}（{state.role(seat)}）{reason}")
        self._out(ctx, state, seat, RED)

    # --- 胜负判定 -----------------------------------------------------------------------
    def _judge(self, ctx: Ctx, state: LudingState) -> bool:
        """Losses first (优先判负), then wins; fix the one winner. True once the game is decided."""
        if state.result is not None:
            return True
        living = state.living()
        for camp in CAMPS:
            if camp in state.lost:
                continue
            if camp == FOX:
                why = "妖狐出局" if not state.alive[state.holder(FOXROLE)] else ""
            else:
                why = f"{camp}的角色全部出局" if not any(state.camps[s] == camp for s in living) else ""
            if why:
                state.lost.append(camp)
                ctx.judge(f"{camp}判负（{why}），不公示")
        standing = [c for c in CAMPS if c not in state.lost]
        winner, why = "", ""
        for camp in standing:
            if camp == FOX:
                if len(standing) == 2:
                    other = next(c for c in standing if c != FOX)
                    winner, why = FOX, f"场上只剩下妖狐阵营和{other}尚未判负"
            elif all(state.camps[s] == camp for s in living):
                winner, why = camp, f"除{camp}外的角色全部出局"
            if winner:
                break
        if not winner and len(standing) == 1:
            winner, why = standing[0], f"场上仅有{standing[0]}尚未被判负"
        if not winner and not standing:
            # Unreachable when judging after every single change (each one empties at most
            # one camp); kept so that a game always ends with exactly one winner.
            winner, why = state.lost[-1], "所有阵营同时判负，按最后判负的阵营计"
        if not winner:
            return False
        fox = state.holder(FOXROLE)
        if winner != FOX and FOX not in state.lost and state.alive[fox]:
            why = f"{winner}获胜时妖狐未出局（{why}），妖狐代替该阵营胜利"
            winner = FOX
        seats = tuple(s for s in range(1, state.n + 1) if state.camps[s] == winner)
        state.result = Outcome(winner, seats, f"游戏结束：{winner}获胜！{why}。")
        ctx.judge(f"胜负判定：{winner}获胜（{why}）")
        self._publish_words(ctx, state, final=True)
        return True

    def outcome(self, state: LudingState) -> Outcome | None:
        return state.result

    def faction_of(self, state: LudingState, seat: int) -> str:
        return state.camps[seat]

    def on_forfeit(self, ctx: Ctx, state: LudingState, faction: str) -> None:
        """红牌判负 (when the option is on): the camp is lost, unannounced; its members play on."""
        if faction in state.lost or state.result is not None:
            return
        state.lost.append(faction)
        state.forfeited.append(faction)
        ctx.judge(f"{faction}因红牌判负，不公示")
        self._judge(ctx, state)

    # --- what a seat / the table may know -------------------------------------------------
    def role_text(self, state: LudingState, seat: int) -> str:
        role = state.role(seat)
        camp = state.camps[seat]
        lines = [f"你是 {seat}号，身份【{role}】，当前属于{camp}。{ROLES[role].blurb}"]
        if seat in state.turned:
            lines.append(f"你在第{state.turned[seat]}夜被感染，转变为狼人阵营；身份和技能不变。")
        if not state.alive[seat]:
            lines.append("你已出局。")
        lines.extend(self._knowledge(state, seat))
        if role == FATHER:
            got = "；".join(f"第{n}夜 {t}号" for n, t in state.infections)
            lines.append(f"感染记录（只知道提交了什么，不知道结果）：{got or '暂无'}。")
            if state.phase == NIGHT and self._infections_allowed(state) == 2:
                lines.append("激励：今晚你可以感染两次。")
        elif role == SEER:
            got = "；".join(f"第{n}夜 {t}号：{r}" for n, t, r in state.checks)
            lines.append(f"预言记录：{got or '暂无'}。")
        elif role == WITCH:
            got = "；".join(f"第{n}夜 {t}号：{r}" for n, t, r in state.quarantines)
            lines.append(f"检疫记录：{got or '暂无'}。")
            for name in ("救药", "毒药"):
                use = next(((n, t) for n, p, t in state.potions if p == name), None)
                lines.append(f"{name}：" + (f"已在第{use[0]}夜对 {use[1]}号 使用" if use else "未使用") + "。")
        elif role == GUARD:
            lines.append(f"成为过神圣之盾目标的角色：{_seats(state.shields)}（每人只能一次）。")
        elif role == FOXROLE:
            lines.append(f"成为过魅惑目标的角色：{_seats(state.charms)}（每人只能一次）。")
        elif role == HUNTER and (state.vote_shooter == seat or state.shooter == seat):
            lines.append("你现在可以开枪：/技能 最后一枪 <目标>。")
        gone = [sk.name for sk in ROLES[role].skills if not sk.mandatory and not state.has(seat, sk.key)]
        if gone:
            lines.append(f"已失去的技能：{'、'.join(gone)}。")
        if seat in state.words_owed:
            lines.append("你有遗言权：下一个白天开始前私聊 /遗言 <内容>。")
        return "\n".join(lines)

    def cast(self, state: LudingState) -> list[CastRow]:
        rows = []
        for s in range(1, state.n + 1):
            camp = state.camps[s]
            if s in state.turned:
                camp += f"（第{state.turned[s]}夜被感染，原{ROLES[state.role(s)].faction}）"
            rows.append(CastRow(s, state.role(s), camp, state.fates.get(s, "存活")))
        return rows

    def seat_view(self, state: LudingState, seat: int) -> tuple[bool, list[str]]:
        if seat in state.public_dead:
            return False, [f"出局：{state.public_fates[seat]}"] if state.public_fates.get(seat) else []
        return True, []

    def dead_chat_wait(self, state: LudingState, seat: int) -> str | None:
        if seat in state.words_owed:
            return "你的遗言在下一个白天开始时才公示，在那之前不能进入亡者聊天。"
        return None

    def public_status(self, state: LudingState) -> str:
        dead = [f"{s}号（{state.public_fates[s]}）" for s in state.public_dead]
        return "已出局：" + ("、".join(dead) if dead else "无") + "。出局角色不公示身份。"

    # --- no team channel ------------------------------------------------------------------
    def chat_refusal(self, state: LudingState, seat: int) -> str | None:
        return "本局没有队伍频道：父狼与幼狼互知但不共群。"


RULESET = register(LudingRuleset())
