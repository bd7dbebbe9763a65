"""A 纳塔 skill is one unit of behaviour (engine/core/behaviour.py): its declaration next to its behaviour.

Each role module (roles/<role>.py) writes a skill as a small class under `@unit(key, name, SKILLS, ...)`: the
decorator's arguments are the declaration (the engine's `Skill` fields plus the text's tags — [指定], [数值],
[限定], [强制], [宣言], [翻牌], 第二晚开始, 竞选日不可发动 — as fields of `NataSkill`), the class body is the
behaviour, and the name is bound to the one declared instance. The behaviour is the protocol below — legality
(pure: `blocked`, `check`, `target`), the effect (`use` when used, `resolve` for a plan at its step of
order.ORDER) — and named moments: any other method, run only because order.MOMENTS or a step of order.ORDER
names it. A [强制] skill nobody types subclasses `Forced`. `role(...)` registers the role with its skills.

rules.py runs the engine's one check (`behaviour.problems`) over the units and the tables when the game loads.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..bansha.engine import ALIVE, ANY, Action, Behaviour
from ..bansha.engine import Role as BaseRole
from .declared import ROLES
from .order import MOMENTS
from .state import NataState, Plan
from .terms import PHASES
from .world import World


@dataclass(frozen=True)
class NataSkill(Behaviour):
    target_rule: str = ANY  # targets are checked by the skill (an unannounced death may be chosen)
    targeted: bool = False  # [指定]: goes through 选择目标 → 结算目标, triggers 懦夫/饕餮, stopped by 隐身
    count: int | None = None  # [数值]: the initial count ([0], [1], [2], [3])
    limited: bool = False  # [限定]
    forced: bool = False  # [强制]
    night2: bool = False  # "第二晚开始"
    no_election: bool = False  # "竞选日不可发动"
    declare: bool = False  # [宣言]
    flip: bool = False  # [翻牌]
    instant: bool = False  # resolves as soon as it is used (day skills, 即时插入结算 phases, 凌晨's feedback)
    general: bool = False  # not a role's skill (投票, 上警, 殉职, 回复…): no 出局/遗忘/沉默 checks
    after_death: bool = False  # usable at "出局后下一个可发动技能的时点" (the first 晨曦 or 黄昏 after the death)
    living: bool = True  # usable while alive (False: after death only)
    anytime: bool = False  # usable in every phase: never owed, never prompted; at night resolved after the sub-phase
    pm_only: bool | None = True  # the engine refuses it typed in the group (it would show the role); False: allowed
    settles: bool = True  # using it may change a life, a status or a label (a ballot does not)
    picks_dead: bool = False  # its targets are the dead: an announced death is no refusal
    silenced: bool = True  # [沉默] stops it ("杀人除外")
    once_each: bool = False  # "每名角色只能被选择一次": a seat this holder ever chose is refused
    noon_cut: bool = True  # "正午类技能只能在每天的开门至21:00发动" applies (not to the vote, 退水, 回复, 殉职)
    gives: tuple[str, ...] = ()  # the skills its `adds` may add (最后一枪 by 贪欲, 杀人 by [接刀])

    # --- legality: pure questions, nothing changes ----------------------------------------------------------
    def declaration_refusal(self, state: NataState, seat: int) -> str | None:
        """Why this seat cannot post this [宣言] now (rules.py asks this instead of `refusal` for a [宣言]).

        A [宣言] is refused only for what holds for anyone (phase, 寡言, out): whether it is valid, the
        poster alone may know (「只有可以发动对应技能的情况下才会有效」)."""
        if state.winner:
            return "游戏已经结束。"
        if seat in state.removed or not state.alive[seat]:
            return "你已经出局了。"
        if state.election_day():
            return f"「{self.name}」竞选日不可发动。"
        if state.has(seat, "寡言"):
            return "你处于[寡言]状态：不能发送宣言或回复宣言。"
        return None

    def refusal(self, state: NataState, seat: int) -> str | None:
        """The text's tags, then the skill's own `blocked`."""
        if state.winner:
            return "游戏已经结束。"
        if seat in state.removed:
            return "你已被红牌罚下，不能发动任何技能。"
        spirit = seat in state.spirits and not state.alive[seat]
        if not state.alive[seat] and not self.general and not spirit:
            if self.after_death:
                if not state.window_open(seat):
                    return "出局后的技能只能在出局后的下一个可发动时点（晨曦或黄昏）使用。"
                why = self.dead_blocked(state, seat)
                if why:
                    return why
            elif not self.when_dead:
                return "你已经出局，不能再使用技能。"
        if state.alive[seat] and self.after_death and not self.living:
            return f"「{self.name}」要在出局后才能发动。"
        if self.forced and not self.general and state.has(seat, "遗忘"):
            return "你处于[遗忘]：失去了所有[强制]技能。"
        if self.silenced and not self.forced and not self.general and state.has(seat, "沉默"):
            return "你处于[沉默]：不能发动[强制]技能以外的技能（杀人除外）。"
        if self.night2 and not state.after_night1():
            return f"「{self.name}」第二晚开始才能发动。"
        if self.no_election and state.election_day():
            return f"「{self.name}」竞选日不可发动。"
        if self.count is not None:
            why = self.lacks(state, seat)
            if why:
                return why
        if self.limited and state.spent_on(seat, self.key):
            return f"「{self.name}」是[限定]技能，已经用过了。"
        return self.blocked(state, seat)

    def blocked(self, state: NataState, seat: int) -> str | None:
        """Why this seat cannot use it now, beyond the tags (checked last)."""
        return None

    def dead_blocked(self, state: NataState, seat: int) -> str | None:
        """For an after-death skill in its window: why this death gives no right to it."""
        return None

    def lacks(self, state: NataState, seat: int) -> str | None:
        """[数值]: the count is spent."""
        return f"「{self.name}」次数不足（剩余 0 次）。" if state.count(seat, self.key) < 1 else None

    def check(self, state: NataState, seat: int, action: Action) -> str | None:
        """The whole action (targets and words) before anything changes."""
        return None

    def target(self, state: NataState, seat: int, target: int) -> str | None:
        """One target, beyond "已经公示出局" and `once_each` (seats.target_refusal checks those first)."""
        return None

    def offer(self, state: NataState, seat: int) -> NataSkill:
        """The declaration as this seat sees it now (its cards as words, its count as targets…)."""
        return self

    # --- the effect ----------------------------------------------------------------------------------------
    def use(self, w: World, seat: int, action: Action) -> None:
        """Resolve at once (a day skill, or `instant`)."""
        raise NotImplementedError

    def plan(self, w: World, seat: int, action: Action) -> None:
        """A night skill is recorded when sent and resolved at its step of ORDER."""
        state, ctx = w.state, w.ctx
        state.seq += 1
        state.plans[state.key(seat, self.key)] = Plan(seat, self.key, action.targets, action.words, state.seq)
        state.acted.append(state.key(seat, self.key))
        what = "、".join(ctx.name(t) for t in action.targets) + (" " + " ".join(action.words) if action.words else "")
        ctx.reply(f"已记录「{self.name}」{what}，{PHASES[state.phase].label}结束时结算（之前可以重新发送以更改）。")
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)} 提交「{self.name}」{action.targets}{action.words}")

    def planned(self, state: NataState, seat: int) -> bool:
        return state.key(seat, self.key) in state.plans

    def cancel(self, w: World, seat: int) -> None:
        """/放弃 of a submitted plan."""
        w.state.plans.pop(w.state.key(seat, self.key), None)

    def consume(self, state: NataState, seat: int, n: int = 1) -> None:
        """Pay for one use: the count, the [限定], a one-use skill bought with 精明."""
        if self.count is not None:
            state.add_count(seat, self.key, -n)
        if self.limited and not state.spent_on(seat, self.key):
            state.spent.append(state.key(seat, self.key))
        grants = state.grants.get(seat, [])
        for g in grants:
            if g.key == self.key and g.once:
                grants.remove(g)
                break


@dataclass(frozen=True)
class Forced(NataSkill):
    """A [强制] skill nobody types: it answers moments (order.MOMENTS, order.ORDER) and resolves by itself."""

    targets: int = 0
    target_rule: str = ALIVE
    mandatory: bool = True
    passable: bool = False
    forced: bool = True


@dataclass(frozen=True)
class Role(BaseRole):
    """The engine's role (name, faction, skills, blurb, kind, and `note`: the pairing rule, for /身份) with what
    纳塔's text adds."""

    strength: int = 0  # the ⑥ … in the pool list; 0 for 宗教老爷爷, who has none
    tags: tuple[str, ...] = ()  # 群内 / 接刀
    knows: str = ""  # a role whose seats it learns at the start ("与狼弟互知", "知晓场上谁是厚皮肉猪")
    knows_note: str = ""
    no_status: bool = False  # 天命人: "不会获得任何状态"
    extra: tuple[NataSkill, ...] = ()  # skills it may come to hold (养殖者's 精明 purchases, 饕餮's [接刀] 杀人)

    @cached_property
    def may_hold(self) -> frozenset[str]:
        """What it holds and what it may come to hold."""
        return frozenset(s.key for s in (*self.skills, *self.extra))

    @cached_property
    def plain(self) -> bool:
        """No rule adds a skill to what it holds (order.MOMENTS["adds"]): a seat of it holds its role's skills, unless
        it lost or gained some (state.held's quick answer)."""
        return not self.may_hold.intersection(MOMENTS["adds"]) and len(set(self.skill_keys)) == len(self.skill_keys)


def role(name: str, faction: str, kind: str, strength: int, skills: tuple[NataSkill, ...], **fields) -> Role:
    """Register a role of the pool (pool.py lists it; catalog.py puts the roles in its order)."""
    if name in ROLES:
        raise ValueError(f"纳塔: role {name!r} declared twice")
    ROLES[name] = r = Role(name, faction, tuple(skills), kind=kind, strength=strength, **fields)
    return r
