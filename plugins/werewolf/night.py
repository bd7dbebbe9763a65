"""The night: its sub-phases, every night skill, and the dawn, all driven by `roles.NIGHT_ORDER`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..bansha.engine import Action, Ctx, Refusal
from .deaths import POISON, WOLF_KILL, Departure
from .roles import (
    CHECK_ROLE,
    DAY,
    LOVERS,
    NIGHT,
    NIGHT_ORDER,
    NIGHT_PHASES,
    ROLES,
    WOLF,
    WOLF_TEAM,
    NightStep,
)

if TYPE_CHECKING:
    from .state import WerewolfState


@dataclass
class _Dawn:
    """What the night's actions add up to, folded in NIGHT_ORDER."""

    protected: set[int] = field(default_factory=set)
    deaths: dict[int, list[str]] = field(default_factory=dict)  # seat -> causes
    both: set[int] = field(default_factory=set)  # 同守同救
    charm: list[int] = field(default_factory=list)
    elder_hit: int = 0  # the 长老 who survived tonight's attack
    notes: list[str] = field(default_factory=list)  # for the judge's record


def _seats(seats) -> str:
    return "、".join(f"{s}号" for s in seats) or "无"


CAMP_WORD = {"好人阵营": "好人", "狼人阵营": "狼人", "吹笛者": "吹笛者"}


class NightMixin:
    """Night sub-phases, night skills and the dawn; mixed into WerewolfRuleset."""

    # --- which steps play tonight ---------------------------------------------------------
    @staticmethod
    def _step_on(state: WerewolfState, step: NightStep) -> bool:
        return state.has_card(step.role) and (not step.first_night or state.day == 1)

    def _start_night(self, ctx: Ctx, state: WerewolfState, first: bool = False) -> None:
        state.day = 1 if first else state.day + 1
        state.wolf_choice = {}
        state.kill = state.accused = state.peeking = state.caught = 0
        state.guarded = state.saved = state.poisoned = 0
        state.charming = []
        state.witch_told = False
        state.box.clear()
        state.candidates = []
        state.tie_declined = False
        ctx.group(f"天黑请闭眼。第{state.day}夜：有夜间技能的玩家请私聊机器人行动。")
        self._next_night_phase(ctx, state, after=None)

    def _next_night_phase(self, ctx: Ctx, state: WerewolfState, after: str | None) -> None:
        """Enter the first night sub-phase after `after` in which some role on the board acts, else dawn."""
        start = 0 if after is None else NIGHT_PHASES.index(after) + 1
        for phase in NIGHT_PHASES[start:]:
            if any(step.phase == phase and step.acts and self._step_on(state, step) for step in NIGHT_ORDER):
                ctx.enter(state, phase)
                opener = getattr(self, f"_open_{phase}", None)
                if opener is not None:
                    opener(ctx, state)
                return
        self._dawn(ctx, state)

    def _close_night_phase(self, ctx: Ctx, state: WerewolfState) -> None:
        closing = state.phase
        for step in NIGHT_ORDER:
            if step.phase == closing and self._step_on(state, step):
                settle = getattr(self, f"_settle_{step.key}", None)
                if settle is not None:
                    settle(ctx, state)
        self._next_night_phase(ctx, state, after=closing)

    def _night_keep_open(self, state: WerewolfState) -> bool:
        """A night sub-phase runs to its deadline when a role that acts in it has no living holder with powers
        (dead, its card among the thief's spares, or powerless): ending early would tell the table so. It also
        keeps the dawn out of the input that closed the wolves' sub-phase, so their team messages never reach a
        wolf who dies in that same input."""
        for step in NIGHT_ORDER:
            if step.phase == state.phase and step.acts and step.role != "狼人" and self._step_on(state, step):
                holder = state.holder(step.role)
                if step.role == "盗贼" and "盗贼" in state.dealt:  # he may have swapped his card away already
                    thief = state.dealt.index("盗贼")
                    holder = thief if state.alive[thief] else 0
                if not holder or state.powerless(holder):
                    return True
        return False

    # --- 盗贼 (first night) -----------------------------------------------------------------
    @staticmethod
    def _forced_swap(state: WerewolfState) -> bool:
        return len(state.spares) == 2 and all(ROLES[c].kind == WOLF for c in state.spares)

    def _open_thief(self, ctx: Ctx, state: WerewolfState) -> None:
        thief = state.holder("盗贼")
        if not thief:
            return
        a, b = state.spares
        if self._forced_swap(state):
            how = "两张都是狼，你必须交换其中一张：/技能 交换 1 或 /技能 交换 2（超时由机器人随机替你选一张）。"
        else:
            how = "可以 /技能 交换 1 或 /技能 交换 2 换成其中一张；不换请 /放弃（你将作为一名没有技能的平民）。"
        ctx.seat(thief, f"第1夜：两张底牌是 1.【{a}】 2.【{b}】。{how}", "role", {"spares": (a, b)})

    def do_swap(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        if not action.words:
            raise Refusal("请写明换哪一张：/技能 交换 1 或 /技能 交换 2。")
        self._swap(ctx, state, seat, int(action.words[0]) - 1)

    def _swap(self, ctx: Ctx, state: WerewolfState, seat: int, index: int, note: str = "") -> None:
        new = state.spares[index]
        state.spares[index] = state.roles[seat]
        state.roles[seat] = new
        state.done.add(seat)
        ctx.seat(seat, f"{note}你换成了底牌【{new}】。\n" + self._intro(state, seat), "role", self._intro_facts(state, seat))
        ctx.judge(f"第1夜 {ctx.name(seat)}（盗贼）{note}换成了【{new}】")
        if ROLES[new].kind == WOLF:
            mates = [w for w in state.wolves() if w != seat]
            ctx.team(WOLF_TEAM, mates, f"【{WOLF_TEAM}】盗贼 {ctx.name(seat)} 换成了{new}，成为你们的狼队友。", "team",
                     {"mate": seat})

    def _settle_thief(self, ctx: Ctx, state: WerewolfState) -> None:
        thief = state.holder("盗贼")
        if not thief or thief in state.removed:
            return
        if self._forced_swap(state):
            self._swap(ctx, state, thief, ctx.rng.below(2), note="超时：机器人替你随机选择，")
        else:
            ctx.seat(thief, "你没有交换底牌，作为一名没有技能的平民继续游戏。")
            ctx.judge(f"第1夜 {ctx.name(thief)}（盗贼）没有交换底牌")

    # --- 丘比特 (first night) ----------------------------------------------------------------
    def _open_cupid(self, ctx: Ctx, state: WerewolfState) -> None:
        cupid = state.holder("丘比特")
        if cupid and not state.powerless(cupid):
            ctx.seat(
                cupid,
                "第1夜：请指定两名玩家成为恋人（可以包括你自己）：/技能 连线 <目标1> <目标2>。不选或超时则由机器人随机连线。",
            )

    def do_link(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        self._link(ctx, state, seat, action.targets, chosen=True)

    def _link(self, ctx: Ctx, state: WerewolfState, cupid: int, pair, chosen: bool) -> None:
        state.lovers = sorted(pair)
        state.cupid = cupid
        state.done.add(cupid)
        a, b = state.lovers
        mixed = state.mixed_love
        how = "" if chosen else "（你没有选择，机器人随机连线）"
        ctx.judge(
            f"第1夜 {ctx.name(cupid)}（丘比特）让 {ctx.name(a)} 和 {ctx.name(b)} 成为恋人{how}"
            + ("，人狼恋" if mixed else "")
        )
        if mixed:
            side = (
                f"他们一狼一好人（人狼恋）：你和他们组成{LOVERS}，须消灭除你们三人外的所有玩家才能获胜；"
                "可以用 /私聊 <座位> <内容> 和他们私下交流。"
            )
        else:
            side = "你仍属于好人阵营。"
        ctx.seat(cupid, f"你让 {ctx.name(a)} 和 {ctx.name(b)} 成为了恋人{how}。{side}", "role")
        for s, mate in ((a, b), (b, a)):
            camp = CAMP_WORD.get(ROLES[state.role(mate)].faction, ROLES[state.role(mate)].faction)
            lines = [f"丘比特让你和 {ctx.name(mate)} 成为了恋人，{ctx.name(mate)} 属于【{camp}】。"]
            if mixed:
                lines.append(
                    f"你们是人狼恋：你们和丘比特 {ctx.name(cupid)} 组成{LOVERS}，不再属于原来的阵营，"
                    "须消灭除你们三人外的所有玩家才能获胜。"
                )
            else:
                lines.append("你们仍属于原来的阵营。")
            lines.append(
                "一人出局，另一人随之殉情；恋人之间不能互相投票或伤害。可以用 /私聊 <座位> <内容> 和恋人私下交流。"
            )
            facts = {"known": ((mate, ROLES[state.role(mate)].kind == WOLF),)}
            ctx.seat(s, "".join(lines), "role", {**facts, "side": "other"} if mixed else facts)

    def _settle_cupid(self, ctx: Ctx, state: WerewolfState) -> None:
        cupid = state.holder("丘比特")
        if not cupid or state.lovers or cupid in state.removed or state.powerless(cupid):
            return
        living = state.living()
        if len(living) >= 2:
            self._link(ctx, state, cupid, ctx.rng.sample(living, 2), chosen=False)

    # --- the main night sub-phase: 守卫, 狼人, 小女孩, 预言家, 吹笛者 -------------------------
    def _open_night(self, ctx: Ctx, state: WerewolfState) -> None:
        self.prompt(ctx, state)  # each night role: its skills, targets and how to type them (engine's prompt)

    def prompt_note(self, state: WerewolfState, seat: int) -> str:
        if state.kind(seat) == WOLF and state.phase == NIGHT:
            mates = [w for w in state.wolves() if w != seat]
            return f"狼人请杀人：/狼聊 <内容> 与队友（{_seats(mates)}）商量；全体 /放弃 则今晚不杀人。"
        if state.role(seat) == "小女孩" and state.phase == NIGHT:
            return "狼人正在行动：偷看可能被狼人发现。"
        return ""

    @staticmethod
    def _can_accuse(state: WerewolfState) -> bool:
        return state.girl_mode == "指认" and state.has_card("小女孩")

    def _peek_relay(self, ctx: Ctx, state: WerewolfState, text: str) -> None:
        """The peeking 小女孩 sees what the pack does, without seeing who does it."""
        girl = state.peeking
        if girl and state.alive[girl] and state.phase == NIGHT:
            ctx.seat(girl, f"【偷看】{text}", "peek")

    def on_team_chat(self, ctx: Ctx, state: WerewolfState, seat: int, team: str, text: str) -> None:
        """A 狼聊 line reaches the peeking 小女孩 with the speaker hidden (needs the engine hook, see docs)."""
        if team == WOLF_TEAM:
            self._peek_relay(ctx, state, f"某只狼：{text}")

    def do_kill(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        target = action.targets[0]
        state.stamp += 1
        state.wolf_choice[seat] = (target, state.stamp)
        state.done.add(seat)
        plan = self._wolf_plan(ctx, state)
        mates = [w for w in state.wolves() if w != seat]
        ctx.team(WOLF_TEAM, mates, f"【{WOLF_TEAM}】{ctx.name(seat)} 选择杀 {ctx.name(target)}。{plan}", "team",
                 {"seat": seat, "target": target})
        ctx.seat(seat, f"你选择杀 {ctx.name(target)}。{plan}（夜晚结束前可以改选或 /放弃）")
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（{state.role(seat)}）选择杀 {ctx.name(target)}")
        self._peek_relay(ctx, state, f"某只狼选择杀 {ctx.name(target)}。{plan}")

    def _wolf_pass(self, ctx: Ctx, state: WerewolfState, seat: int) -> None:
        if seat in state.done and seat not in state.wolf_choice:
            raise Refusal("你已经放弃了今晚的杀人选择。")
        state.wolf_choice.pop(seat, None)
        state.done.add(seat)
        plan = self._wolf_plan(ctx, state)
        mates = [w for w in state.wolves() if w != seat]
        ctx.team(WOLF_TEAM, mates, f"【{WOLF_TEAM}】{ctx.name(seat)} 放弃杀人。{plan}", "team", {"seat": seat, "target": 0})
        ctx.seat(seat, f"你放弃了今晚的杀人选择。{plan}")
        self._peek_relay(ctx, state, f"某只狼放弃了杀人。{plan}")

    def _wolf_target(self, state: WerewolfState) -> int:
        """Each living wolf's latest choice is its vote; most votes wins; a tie goes to the most recently
        chosen of the tied; no choice at all is a 平安夜."""
        votes: dict[int, int] = {}
        latest: dict[int, int] = {}
        for wolf, (target, stamp) in state.wolf_choice.items():
            if state.alive[wolf] and target and state.alive[target]:
                votes[target] = votes.get(target, 0) + 1
                latest[target] = max(latest.get(target, 0), stamp)
        if not votes:
            return 0
        best = max(votes.values())
        return max((t for t, v in votes.items() if v == best), key=lambda t: latest[t])

    def _wolf_plan(self, ctx: Ctx, state: WerewolfState) -> str:
        votes: dict[int, int] = {}
        for wolf, (target, _) in state.wolf_choice.items():
            if state.alive[wolf] and target and state.alive[target]:
                votes[target] = votes.get(target, 0) + 1
        target = self._wolf_target(state)
        if not target:
            return "目前没有人选择目标（平安夜）。"
        tally = "，".join(f"{t}号 {v}票" for t, v in sorted(votes.items(), key=lambda kv: (-kv[1], kv[0])))
        return f"目前：{tally}，将杀害 {ctx.name(target)}。"

    def do_accuse(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        target = action.targets[0]
        state.accused = target
        mates = [w for w in state.wolves() if w != seat]
        ctx.team(WOLF_TEAM, mates, f"【{WOLF_TEAM}】{ctx.name(seat)} 指认 {ctx.name(target)} 是偷看的小女孩。", "team")
        ctx.seat(seat, f"你指认 {ctx.name(target)} 是偷看的小女孩（狼队以最后一次指认为准）。")
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（{state.role(seat)}）指认 {ctx.name(target)} 是小女孩")
        self._peek_relay(ctx, state, f"某只狼怀疑 {ctx.name(target)} 是偷看的小女孩。")

    def _settle_wolves(self, ctx: Ctx, state: WerewolfState) -> None:
        state.kill = self._wolf_target(state)
        wolves = state.wolves()
        if state.kill:
            ctx.team(WOLF_TEAM, wolves, f"【{WOLF_TEAM}】今晚的决定：杀害 {ctx.name(state.kill)}。", "team")
            ctx.judge(f"第{state.day}夜 狼人决定杀害 {ctx.name(state.kill)}")
            self._peek_relay(ctx, state, f"狼队最后决定杀害 {ctx.name(state.kill)}。")
        else:
            ctx.team(WOLF_TEAM, wolves, f"【{WOLF_TEAM}】今晚没有选择目标，不杀人。", "team")
            ctx.judge(f"第{state.day}夜 狼人没有杀人")
            self._peek_relay(ctx, state, "狼队最后决定今晚不杀人。")

    # --- 小女孩 ------------------------------------------------------------------------------
    def do_peek(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        state.peeking = seat
        state.peeks.append(state.day)
        state.done.add(seat)
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（小女孩）偷看")
        ctx.seat(seat, "你偷偷睁开了眼睛：今晚狼队的选择会隐去是谁转告你。")
        self._peek_relay(ctx, state, "狼队" + self._wolf_plan(ctx, state))
        if state.accused:
            self._peek_relay(ctx, state, f"狼队怀疑 {ctx.name(state.accused)} 是偷看的小女孩。")

    def _settle_girl(self, ctx: Ctx, state: WerewolfState) -> None:
        """002: "如果狼人发现了，就可必须立刻杀掉小女孩。杀了小女孩以后，原来选定的被杀人选就无效"."""
        girl = state.peeking
        wolves = state.wolves()
        if girl and state.alive[girl]:
            if state.girl_mode == "指认":
                caught = state.accused == girl
            else:  # one roll per peek, from the game's seeded RNG
                caught = ctx.rng.below(100) < state.girl_risk
            if caught:
                state.caught = girl
                state.kill = girl
                ctx.team(
                    WOLF_TEAM,
                    wolves,
                    f"【{WOLF_TEAM}】你们发现了偷看的小女孩 {ctx.name(girl)}！今晚改为杀她，原来的目标作废。",
                    "team",
                )
                ctx.seat(girl, "你偷看时被狼人发现了！")
                ctx.judge(f"第{state.day}夜 小女孩 {ctx.name(girl)} 偷看被狼人发现，改为杀她")
                return
        if self._can_accuse(state) and state.accused:
            ctx.team(
                WOLF_TEAM, wolves, f"【{WOLF_TEAM}】你们指认的 {ctx.name(state.accused)} 今晚没有被抓到偷看。", "team"
            )
            ctx.judge(f"第{state.day}夜 狼人指认 {ctx.name(state.accused)}，没有抓到小女孩")

    # --- 预言家, 守卫, 吹笛者 ----------------------------------------------------------------
    def do_check(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        target = action.targets[0]
        if state.check_mode == CHECK_ROLE:
            result = state.role(target)
        else:
            result = "狼人" if state.kind(target) == WOLF else "好人"
        state.checks.append((state.day, target, result))
        state.done.add(seat)
        ctx.seat(seat, f"查验结果：{ctx.name(target)} 是【{result}】。", "check",
                 {"target": target, "wolf": state.kind(target) == WOLF})  # what either result form says
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（预言家）查验 {ctx.name(target)}：{result}")

    def do_guard(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        target = action.targets[0]
        state.guarded = target
        state.guards.append((state.day, target))
        state.done.add(seat)
        ctx.seat(seat, f"你今晚守护 {ctx.name(target)}。")
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（守卫）守护 {ctx.name(target)}")

    def do_charm(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        state.charming = sorted(action.targets)
        state.done.add(seat)
        ctx.seat(seat, f"你今晚迷惑 {'、'.join(ctx.name(t) for t in state.charming)}。")
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（吹笛者）迷惑 {'、'.join(ctx.name(t) for t in state.charming)}")

    # --- 女巫 --------------------------------------------------------------------------------
    def _open_witch(self, ctx: Ctx, state: WerewolfState) -> None:
        witch = state.holder("女巫")
        if not witch or state.powerless(witch):
            return
        save_left = state.used(witch, "save") < 1
        poison_left = state.used(witch, "poison") < 1
        lines = []
        if save_left:
            state.witch_told = True
            if state.kill:
                lines.append(f"今晚被狼人杀害的是 {ctx.name(state.kill)}。")
                if state.kill == witch and state.has_card("守卫"):
                    lines.append("本局有守卫，你不能自救。")
                else:
                    lines.append("可以 /技能 灵药 救他。")
            else:
                lines.append("今晚狼人没有杀人。")
        else:
            lines.append("你已经用过灵药，不再得知狼人的刀口。")
        if poison_left:
            lines.append("可以 /技能 毒药 <目标> 毒死一人。")
        if not save_left and not poison_left:
            lines.append("你的两瓶药都已用完，发送 /放弃 即可。")
        else:
            lines.append("每晚只能用一瓶药；不用药请 /放弃。")
        ctx.seat(witch, "".join(lines), data={"victim": state.kill} if state.witch_told else None)

    def do_save(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        target = action.targets[0] if action.targets else state.kill
        state.saved = target
        state.use(seat, "save")
        state.potions.append((state.day, "灵药", target))
        state.done.add(seat)
        ctx.seat(seat, f"你对 {ctx.name(target)} 使用了灵药。")
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（女巫）使用灵药救 {ctx.name(target)}")

    def do_poison(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        target = action.targets[0]
        state.poisoned = target
        state.use(seat, "poison")
        state.potions.append((state.day, "毒药", target))
        state.done.add(seat)
        ctx.seat(seat, f"你对 {ctx.name(target)} 使用了毒药。")
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（女巫）使用毒药毒 {ctx.name(target)}")

    # --- dawn --------------------------------------------------------------------------------
    def _dawn(self, ctx: Ctx, state: WerewolfState) -> None:
        tally = _Dawn()
        for step in NIGHT_ORDER:
            if self._step_on(state, step):
                resolve = getattr(self, f"_dawn_{step.key}", None)
                if resolve is not None:
                    resolve(state, tally)
        d = state.day
        first = []
        for s in sorted(tally.deaths):
            causes = tally.deaths[s]
            fate = "、".join(f"被{c}" for c in causes) + ("（同守同救）" if s in tally.both else "")
            first.append(Departure(s, POISON if "女巫毒死" in causes else WOLF_KILL, fate))
        deps = self._leave_all(ctx, state, first, night=True)
        state.last_guarded = state.guarded
        # 吹笛者: the charm lands on those who live to see the dawn
        newly = [t for t in tally.charm if state.alive[t] and t not in state.charmed]
        state.charmed.extend(newly)
        dead = sorted(dep.seat for dep in deps)
        ctx.judge(
            f"第{d}夜结算："
            + ("；".join([*(f"{ctx.name(s)} {state.fates[s]}" for s in dead), *tally.notes]) or "平安夜")
        )
        if dead:
            ctx.group(f"天亮了。昨晚死亡的是：{'、'.join(ctx.name(s) for s in dead)}。", data={"out": tuple(dead), "dawn": True})
        else:
            ctx.group("天亮了。昨晚是平安夜，没有人死亡。")
        if tally.elder_hit:
            ctx.seat(tally.elder_hit, "昨晚你被狼人袭击，但作为长老挡下了这一次；下一次狼人袭击将会致命。")
        if newly:
            charmed = [s for s in state.charmed if state.alive[s]]
            for s in charmed:
                ctx.seat(
                    s,
                    f"【迷惑】你被吹笛者迷惑了。目前被迷惑的玩家：{'、'.join(ctx.name(c) for c in charmed)}。",
                    "charm",
                )
        self._settle_departures(ctx, state, deps, night=True)
        state.resume = DAY
        self._advance(ctx, state)

    def _dawn_guard(self, state: WerewolfState, tally: _Dawn) -> None:
        if state.guarded:
            if state.role(state.guarded) == "小女孩":  # 002: 守卫不可以守护小女孩
                tally.notes.append(f"守护 {state.guarded}号（小女孩）无效")
            else:
                tally.protected.add(state.guarded)

    def _dawn_wolves(self, state: WerewolfState, tally: _Dawn) -> None:
        if state.kill and state.kill not in tally.protected:
            tally.deaths.setdefault(state.kill, []).append("狼人杀害")

    def _dawn_witch(self, state: WerewolfState, tally: _Dawn) -> None:
        if state.saved:
            if state.saved in tally.protected:  # 同守同救: the two protections cancel out
                tally.both.add(state.saved)
                tally.deaths.setdefault(state.saved, []).append("狼人杀害")
            else:
                tally.deaths.pop(state.saved, None)
        if state.poisoned:
            tally.deaths.setdefault(state.poisoned, []).append("女巫毒死")

    def _dawn_elder(self, state: WerewolfState, tally: _Dawn) -> None:
        """002: "长老在第一次受到狼人袭击时，并不会死亡。只有在被狼人第二次袭击时，长老才会被杀害。" An attack the
        guard stopped or the witch's 灵药 undid costs him nothing ("如果长老被女巫的灵药救活，则只能救活一条命")."""
        elder = state.holder("长老")
        if elder and tally.deaths.get(elder) == ["狼人杀害"] and state.elder_hits == 0:
            state.elder_hits = 1
            tally.elder_hit = elder
            del tally.deaths[elder]
            tally.both.discard(elder)
            tally.notes.append(f"{elder}号（长老）挡下了第一次狼人袭击")

    def _dawn_piper(self, state: WerewolfState, tally: _Dawn) -> None:
        tally.charm = list(state.charming)
