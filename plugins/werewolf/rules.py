"""The 狼人杀 ruleset (rule text 002): the basic board 预言家、女巫、猎人、守卫、白痴、平民 and 狼人.

Flow (see docs/werewolf.md for every rule as played and where each choice comes from):

    night ──▶ witch ──▶ dawn ──▶ [lastwords] ──▶ [hunter] ──▶ day ──▶ [pk] ──▶ exile ──▶ [lastwords] ──▶ [hunter] ──▶ night

The bracketed phases are entered only when someone is entitled to them; they
are queued in `state.queue` and run by `_advance`, which then resumes with
`state.resume` (day after dawn, night after the day's vote). The night order is
the one list `roles.NIGHT_ORDER`.

Pure: no nonebot, no clock, no global random; randomness only from ctx.rng.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from plugins.bansha.engine import (
    ABSTAIN,
    FORUM,
    PERMANENT,
    Action,
    BaseState,
    CastRow,
    Ctx,
    Outcome,
    Refusal,
    Ruleset,
    Skill,
    Status,
    VoteBox,
    forum,
    register,
)

from .roles import (
    BOARD_BY_NAME,
    BOARDS,
    CHECK_FACTION,
    CHECK_ROLE,
    DAY,
    DEFAULT_BOARD,
    GOD,
    GOOD,
    HUNTER,
    LAST_WORDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NIGHT,
    NIGHT_ORDER,
    NIGHT_PHASES,
    OPTIONS,
    PHASES,
    PK,
    PRIVATE_SKILLS,
    ROLES,
    VILLAGER,
    VOTE,
    WITCH,
    WOLF,
    WOLF_TEAM,
    WOLVES,
    Board,
)

REVEALED = "已翻牌"  # public status of an 白痴 who flipped


@dataclass
class WerewolfState(BaseState):
    board: str = ""
    roles: list[str] = field(default_factory=list)  # index 0 unused
    check_mode: str = CHECK_FACTION
    pk: bool = False
    fates: dict[int, str] = field(default_factory=dict)  # seat -> how it left the game
    forfeited: str = ""  # a faction judged lost by the cards (option 红牌判负)
    removed: list[int] = field(default_factory=list)  # red-carded seats
    # tonight
    stamp: int = 0  # orders the wolves' choices (a tie goes to the most recent)
    wolf_choice: dict[int, tuple[int, int]] = field(default_factory=dict)  # wolf -> (target, stamp)
    kill: int = 0  # the wolves' target, fixed when the wolves' sub-phase closes
    guarded: int = 0
    saved: int = 0
    poisoned: int = 0
    witch_told: bool = False  # the witch was told tonight's target
    last_guarded: int = 0  # the seat guarded last night (not again tonight)
    # private histories, for /身份
    checks: list[tuple[int, int, str]] = field(default_factory=list)  # (night, target, result)
    guards: list[tuple[int, int]] = field(default_factory=list)  # (night, target)
    potions: list[tuple[int, str, int]] = field(default_factory=list)  # (night, potion name, target)
    # day
    box: VoteBox = field(default_factory=VoteBox)
    candidates: list[int] = field(default_factory=list)  # PK
    # after a death: queued ("words", seats) / ("shot", (seat,)) steps, then `resume`
    queue: list[tuple[str, tuple[int, ...]]] = field(default_factory=list)
    resume: str = ""
    speakers: list[int] = field(default_factory=list)  # entitled to 遗言 in this lastwords phase
    shooter: int = 0  # the hunter who may shoot in this hunter phase

    def role(self, seat: int) -> str:
        return self.roles[seat]

    def kind(self, seat: int) -> str:
        return ROLES[self.roles[seat]].kind

    def holders(self, role: str) -> list[int]:
        return [s for s in range(1, self.n + 1) if self.roles[s] == role]

    def wolves(self, living: bool = True) -> list[int]:
        return [s for s in range(1, self.n + 1) if self.kind(s) == WOLF and (self.alive[s] or not living)]

    def revealed(self, seat: int) -> bool:
        return self.statuses.has(seat, REVEALED)

    def can_vote(self, seat: int) -> bool:
        return self.alive[seat] and not self.revealed(seat) and seat not in self.candidates

    @property
    def board_spec(self) -> Board:
        return BOARD_BY_NAME[self.board]


@dataclass
class _Dawn:
    """What the night's actions add up to, folded in NIGHT_ORDER."""

    protected: set[int] = field(default_factory=set)
    deaths: dict[int, list[str]] = field(default_factory=dict)  # seat -> causes
    both: set[int] = field(default_factory=set)  # 同守同救


def _flag(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("开", "是", "on", "true", "1")
    return bool(value)


def _seats(seats: list[int] | tuple[int, ...]) -> str:
    return "、".join(f"{s}号" for s in seats) or "无"


class WerewolfRuleset(Ruleset):
    key = "werewolf"
    title = "狼人杀"
    aliases = ("狼人", "werewolf")
    options = OPTIONS
    phases = PHASES
    factions = (GOOD, WOLVES)
    boards = tuple(b.name for b in BOARDS)

    # --- sign-up ----------------------------------------------------------------
    def check_players(self, options: dict[str, Any], n: int) -> str | None:
        name = options.get("板子")
        if name:
            board = BOARD_BY_NAME.get(name)
            if board is None:
                return f"没有名为「{name}」的板子。可选：{'、'.join(b.name for b in BOARDS)}"
            if n != board.size:
                return f"板子「{board.name}」需要 {board.size} 人，现在报名了 {n} 人。"
            return None
        if n not in DEFAULT_BOARD:
            return f"狼人杀需要 {MIN_PLAYERS} 到 {MAX_PLAYERS} 人，现在报名了 {n} 人。"
        return None

    def max_players(self, options: dict[str, Any]) -> int:
        board = BOARD_BY_NAME.get(options.get("板子") or "")
        return board.size if board else MAX_PLAYERS

    # --- deal -----------------------------------------------------------------------
    def setup(self, ctx: Ctx, n: int) -> WerewolfState:
        board = BOARD_BY_NAME[ctx.options.get("板子") or DEFAULT_BOARD[n]]
        deck = board.deck()
        ctx.rng.shuffle(deck)
        state = WerewolfState(
            n=n,
            alive=[False] + [True] * n,
            board=board.name,
            roles=[""] + deck,
            check_mode=ctx.options.get("查验结果") or CHECK_FACTION,
            pk=_flag(ctx.options.get("PK", False)),
        )
        ctx.group(
            f"板子：{board.name}（{board.summary()}）。屠边规则：狼人全部出局则好人胜；平民全部出局或神民全部出局则狼人胜。"
        )
        for seat in range(1, n + 1):
            ctx.seat(seat, self._intro(state, seat), "role")
        ctx.judge("发牌：" + "；".join(f"{ctx.name(s)}：{state.role(s)}" for s in range(1, n + 1)))
        self._start_night(ctx, state, first=True)
        return state

    def _intro(self, state: WerewolfState, seat: int) -> str:
        role = ROLES[state.role(seat)]
        lines = [f"你是 {seat}号，你的身份是【{role.name}】（{self._faction_label(role.name)}）。{role.blurb}"]
        if role.kind == WOLF:
            mates = [s for s in state.wolves(living=False) if s != seat]
            lines.append(f"你的狼队友：{_seats(mates)}。私聊 /狼聊 <内容> 与队友交流。")
        for s in role.skills:
            if not s.mandatory:
                lines.append(f"· {s.name}：{s.help} 用法：/技能 {s.usage()}")
        lines.append("发送 /身份 可随时查看身份和可用的技能。")
        return "\n".join(lines)

    @staticmethod
    def _faction_label(role: str) -> str:
        r = ROLES[role]
        return {WOLF: r.faction, GOD: f"{r.faction}·神民", VILLAGER: f"{r.faction}·平民"}[r.kind]

    # --- declarations -----------------------------------------------------------------
    def skills_of(self, state: WerewolfState, seat: int) -> list[Skill]:
        return [*ROLES[state.role(seat)].skills, VOTE]

    def phase_label(self, state: WerewolfState) -> str:
        spec = self.phases[state.phase]
        if state.phase == NIGHT:
            return f"第{state.day}夜"
        if spec.night:
            return f"第{state.day}夜 {spec.label}"
        return f"第{state.day}天 {spec.label}"

    def blocked(self, state: WerewolfState, seat: int, skill: Skill) -> str | None:
        key = skill.key
        if key in ("check", "guard") and seat in state.done:
            return "你今晚已经行动过（或已放弃）了。"
        if key in ("save", "poison"):
            if state.saved or state.poisoned:
                return "每晚只能用一瓶药，你今晚已经用过药了。"
            if seat in state.done:
                return "你已经放弃了今晚的行动。"
            if key == "save":
                if not state.witch_told:
                    return "你今晚没有得知狼人的刀口，不能使用灵药。"
                if not state.kill:
                    return "今晚狼人没有杀人，不需要灵药。"
                if state.kill == seat and state.board_spec.has("守卫"):
                    return "有守卫的板子里女巫不能自救。"
        if key == "shoot" and (state.shooter != seat or seat in state.done):
            return "你现在不能开枪。"
        if key == "vote":
            if state.revealed(seat):
                return "白痴翻牌后不能投票（仍可以发言）。"
            if seat in state.candidates:
                return "你是 PK 的候选人，这一轮不能投票。"
        return None

    def target_refusal(self, state: WerewolfState, seat: int, skill: Skill, target: int) -> str | None:
        key = skill.key
        if key == "kill" and state.kind(target) == WOLF:
            return "狼人每晚杀死的是好人，不能选择狼队友。"
        if key == "guard" and target == state.last_guarded:
            return f"不能连续两晚守护同一个人（昨晚守护的是 {target}号）。"
        if key == "save" and target != state.kill:
            return "灵药只能救今晚被狼人杀害的人。"
        if key == "vote" and state.phase == PK and target not in state.candidates:
            return f"PK 只能投给 {_seats(state.candidates)}（或弃权）。"
        return None

    def perform(self, ctx: Ctx, state: WerewolfState, seat: int, skill: Skill, action: Action) -> None:
        if skill.key in PRIVATE_SKILLS and action.via == "group":
            raise Refusal(f"「{skill.name}」请私聊机器人使用，不要在群里暴露身份。")
        super().perform(ctx, state, seat, skill, action)

    def pending(self, state: WerewolfState) -> set[int]:
        phase = state.phase
        if phase == WITCH:
            # the witch stays pending even with both potions gone, so an early
            # close does not tell the table she has nothing left
            return {s for s in state.holders("女巫") if state.alive[s] and s not in state.done}
        if phase == LAST_WORDS:
            return {s for s in state.speakers if s not in state.done}
        if phase == HUNTER:
            return {state.shooter} - state.done if state.shooter else set()
        if phase in (DAY, PK):
            return {s for s in state.living() if state.can_vote(s) and s not in state.box.votes and s not in state.done}
        out = set()
        for s in state.living():
            if s in state.done:
                continue
            if any(phase in sk.phases and self.available(state, s, sk) is None for sk in self.skills_of(state, s)):
                out.add(s)
        return out

    def keep_open(self, state: WerewolfState) -> bool:
        """A night sub-phase runs to its deadline when a seat that acts in it is dead:
        ending early would tell the table which role the dead held."""
        if state.phase not in NIGHT_PHASES:
            return False
        for step in NIGHT_ORDER:
            if step.phase == state.phase and step.role != "狼人":
                if any(not state.alive[s] for s in state.holders(step.role)):
                    return True
        return False

    # --- night ------------------------------------------------------------------------
    def _start_night(self, ctx: Ctx, state: WerewolfState, first: bool = False) -> None:
        if not first:
            state.day += 1
        else:
            state.day = 1
        state.wolf_choice = {}
        state.kill = state.guarded = state.saved = state.poisoned = 0
        state.witch_told = False
        state.box.clear()
        state.candidates = []
        ctx.enter(state, NIGHT)
        ctx.group(f"天黑请闭眼。第{state.day}夜：有夜间技能的玩家请私聊机器人行动。")
        d = state.day
        for s in state.living():
            role = state.role(s)
            if role == "狼人":
                mates = [w for w in state.wolves() if w != s]
                ctx.seat(
                    s,
                    f"第{d}夜：狼人请杀人：/技能 杀人 <目标>；/狼聊 <内容> 与队友（{_seats(mates)}）商量；"
                    "全体 /放弃 则今晚不杀人。",
                )
            elif role == "预言家":
                ctx.seat(s, f"第{d}夜：请查验一名玩家：/技能 查验 <目标>（或 /放弃）。")
            elif role == "守卫":
                extra = f"今晚不能守护 {state.last_guarded}号。" if state.last_guarded else ""
                ctx.seat(s, f"第{d}夜：请守护一名玩家：/技能 守护 <目标>（或 /放弃）。{extra}")

    def do_kill(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        target = action.targets[0]
        state.stamp += 1
        state.wolf_choice[seat] = (target, state.stamp)
        state.done.add(seat)
        plan = self._wolf_plan(ctx, state)
        mates = [w for w in state.wolves() if w != seat]
        ctx.team(WOLF_TEAM, mates, f"【{WOLF_TEAM}】{ctx.name(seat)} 选择杀 {ctx.name(target)}。{plan}", "team")
        ctx.seat(seat, f"你选择杀 {ctx.name(target)}。{plan}（夜晚结束前可以改选或 /放弃）")
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（狼人）选择杀 {ctx.name(target)}")

    def _wolf_target(self, state: WerewolfState) -> int:
        """Each living wolf's latest choice is its vote; most votes wins; a tie goes to
        the most recently chosen of the tied; no choice at all is a 平安夜."""
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

    def do_check(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        target = action.targets[0]
        if state.check_mode == CHECK_ROLE:
            result = state.role(target)
        else:
            result = "狼人" if state.kind(target) == WOLF else "好人"
        state.checks.append((state.day, target, result))
        state.done.add(seat)
        ctx.seat(seat, f"查验结果：{ctx.name(target)} 是【{result}】。", "check")
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（预言家）查验 {ctx.name(target)}：{result}")

    def do_guard(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        target = action.targets[0]
        state.guarded = target
        state.guards.append((state.day, target))
        state.done.add(seat)
        ctx.seat(seat, f"你今晚守护 {ctx.name(target)}。")
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（守卫）守护 {ctx.name(target)}")

    def _open_witch(self, ctx: Ctx, state: WerewolfState) -> None:
        for witch in state.holders("女巫"):
            if not state.alive[witch]:
                continue
            save_left = state.used(witch, "save") < 1
            poison_left = state.used(witch, "poison") < 1
            lines = []
            if save_left:
                state.witch_told = True
                if state.kill:
                    lines.append(f"今晚被狼人杀害的是 {ctx.name(state.kill)}。")
                    if state.kill == witch and state.board_spec.has("守卫"):
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
            ctx.seat(witch, "".join(lines))

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

    def _close_night_phase(self, ctx: Ctx, state: WerewolfState) -> None:
        board = state.board_spec
        closing = state.phase
        for step in NIGHT_ORDER:
            if step.phase == closing and board.has(step.role):
                settle = getattr(self, f"_settle_{step.key}", None)
                if settle is not None:
                    settle(ctx, state)
        later = NIGHT_PHASES[NIGHT_PHASES.index(closing) + 1 :]
        for phase in later:
            if any(step.phase == phase and board.has(step.role) for step in NIGHT_ORDER):
                ctx.enter(state, phase)
                opener = getattr(self, f"_open_{phase}", None)
                if opener is not None:
                    opener(ctx, state)
                return
        self._dawn(ctx, state)

    def _settle_wolves(self, ctx: Ctx, state: WerewolfState) -> None:
        state.kill = self._wolf_target(state)
        wolves = state.wolves()
        if state.kill:
            ctx.team(WOLF_TEAM, wolves, f"【{WOLF_TEAM}】今晚的决定：杀害 {ctx.name(state.kill)}。", "team")
            ctx.judge(f"第{state.day}夜 狼人决定杀害 {ctx.name(state.kill)}")
        else:
            ctx.team(WOLF_TEAM, wolves, f"【{WOLF_TEAM}】今晚没有选择目标，不杀人。", "team")
            ctx.judge(f"第{state.day}夜 狼人没有杀人")

    # --- dawn -------------------------------------------------------------------------
    def _dawn(self, ctx: Ctx, state: WerewolfState) -> None:
        tally = _Dawn()
        board = state.board_spec
        for step in NIGHT_ORDER:
            if board.has(step.role):
                resolve = getattr(self, f"_dawn_{step.key}", None)
                if resolve is not None:
                    resolve(state, tally)
        d = state.day
        dead = sorted(s for s in tally.deaths if state.alive[s])
        for s in dead:
            causes = tally.deaths[s]
            state.alive[s] = False
            ctx.died(s)
            fate = "、".join(f"被{c}" for c in causes)
            state.fates[s] = f"第{d}夜{fate}" + ("（同守同救）" if s in tally.both else "")
        state.last_guarded = state.guarded
        notes = []
        if tally.both:
            notes.append(f"{_seats(sorted(tally.both))} 同守同救，依旧死亡")
        ctx.judge(
            f"第{d}夜结算：" + ("；".join([*(f"{ctx.name(s)} {state.fates[s]}" for s in dead), *notes]) or "平安夜")
        )
        if dead:
            ctx.group(f"天亮了。昨晚死亡的是：{'、'.join(ctx.name(s) for s in dead)}。")
        else:
            ctx.group("天亮了。昨晚是平安夜，没有人死亡。")
        if dead and d == 1:
            state.queue.append(("words", tuple(dead)))
        for s in dead:
            if state.role(s) == "猎人":
                if tally.deaths[s] == ["狼人杀害"]:
                    state.queue.append(("shot", (s,)))
                else:
                    ctx.seat(s, "你被女巫毒死，不能开枪。")
        state.resume = DAY
        self._advance(ctx, state)

    def _dawn_guard(self, state: WerewolfState, tally: _Dawn) -> None:
        if state.guarded:
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

    # --- after deaths: 遗言 and the hunter's shot ---------------------------------------
    def _advance(self, ctx: Ctx, state: WerewolfState) -> None:
        """Run the next queued step, or resume with the day or the night."""
        state.speakers = []
        state.shooter = 0
        if self.outcome(state) is not None:
            return  # the engine ends the game after this input
        while state.queue:
            kind, seats = state.queue.pop(0)
            seats = tuple(s for s in seats if s not in state.removed)
            if not seats:
                continue
            if kind == "words":
                state.speakers = list(seats)
                ctx.enter(state, LAST_WORDS)
                ctx.group(
                    f"请 {'、'.join(ctx.name(s) for s in seats)} 发表遗言：私聊机器人 /遗言 <内容>（不说请 /放弃）。"
                )
                return
            if kind == "shot":
                state.shooter = seats[0]
                ctx.enter(state, HUNTER)
                ctx.seat(seats[0], "你可以开枪带走一名存活玩家：/技能 开枪 <目标>；不开枪请 /放弃。")
                return
        if state.resume == DAY:
            self._start_day(ctx, state)
        else:
            self._start_night(ctx, state)

    def last_words(self, ctx: Ctx, state: WerewolfState, seat: int, text: str) -> None:
        if state.phase != LAST_WORDS or seat not in state.speakers:
            raise Refusal("现在不是你发表遗言的时间。")
        if seat in state.done:
            raise Refusal("你已经发表过遗言了。")
        state.done.add(seat)
        ctx.group(f"【遗言】{ctx.name(seat)}：{text}", "chat")
        ctx.reply("遗言已发布。")
        ctx.judge(f"第{state.day}天 {ctx.name(seat)} 的遗言：{text}")

    def do_shoot(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        target = action.targets[0]
        state.use(seat, "shoot")
        state.done.add(seat)
        state.alive[target] = False
        ctx.died(target)
        state.fates[target] = f"第{state.day}天被猎人枪杀"
        state.queue.insert(0, ("words", (target,)))
        ctx.group(f"{ctx.name(seat)} 发动猎人技能，开枪带走了 {ctx.name(target)}。", "reveal")
        ctx.judge(f"第{state.day}天 {ctx.name(seat)}（猎人）开枪带走 {ctx.name(target)}")

    # --- day --------------------------------------------------------------------------
    def _start_day(self, ctx: Ctx, state: WerewolfState) -> None:
        state.box.clear()
        state.candidates = []
        ctx.enter(state, DAY)
        changes = forum.opt(ctx.game, "改票次数")
        change = "/改票 可以改票" if changes is None or changes < 0 else f"/改票 可改 {changes} 次"
        early = "" if ctx.options.get("节奏") == FORUM else "所有人投完票后提前结束；"
        ctx.group(
            f"第{state.day}天：请发言并投票放逐一人：/投票 <目标或弃权> [理由]（{change}）。"
            f"{early}得票最多者被放逐，平票" + ("进入 PK。" if state.pk else "无人出局。")
        )

    def do_vote(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        # the platform's vote: public announcement, 改票 and 代投 rules per tempo, the log line
        forum.cast_vote(ctx, state.box, seat, action, label="PK投票" if state.phase == PK else "投票")

    def _count(self, ctx: Ctx, state: WerewolfState) -> list[int]:
        """Announce the tally of valid ballots and return the seats with the most votes.

        A ballot counts if its voter may still vote and its target is still in
        the game (a red card in between voids both ways)."""
        counts: dict[int, float] = {}
        for voter, target in state.box.votes.items():
            if state.can_vote(voter) and (target == ABSTAIN or state.alive[target]):
                counts[target] = counts.get(target, 0.0) + 1.0
        seats = {t: c for t, c in counts.items() if t != ABSTAIN}
        best = max(seats.values(), default=0.0)
        leaders = sorted(t for t, c in seats.items() if c == best)
        forum.announce_tally(ctx, counts, leaders)
        idle = [s for s in state.living() if state.can_vote(s) and s not in state.box.votes]
        ctx.judge(f"第{state.day}天 计票：最高票 {_seats(leaders)}；未投票 {_seats(idle)}")
        return leaders

    def _close_vote(self, ctx: Ctx, state: WerewolfState) -> None:
        in_pk = state.phase == PK
        leaders = self._count(ctx, state)
        state.resume = NIGHT
        if len(leaders) == 1:
            self._exile(ctx, state, leaders[0])
            return
        if len(leaders) > 1 and state.pk and not in_pk:
            state.candidates = leaders
            state.box.clear()
            ctx.enter(state, PK)
            ctx.group(
                f"{_seats(leaders)} 平票，进入 PK：除他们以外的存活玩家在其中再投一次（/投票 <目标或弃权>），再次平票则无人出局。"
            )
            ctx.judge(f"第{state.day}天 平票，PK：{_seats(leaders)}")
            return
        if leaders:
            ctx.group(f"{_seats(leaders)} 平票，今天无人被放逐。")
        else:
            ctx.group("今天无人被放逐。")
        ctx.judge(f"第{state.day}天 无人被放逐")
        state.candidates = []
        self._advance(ctx, state)

    def _exile(self, ctx: Ctx, state: WerewolfState, seat: int) -> None:
        state.candidates = []
        if state.role(seat) == "白痴" and not state.revealed(seat):
            state.statuses.add(Status(REVEALED, seat, PERMANENT, public=True))
            ctx.group(
                f"{ctx.name(seat)} 被投票放逐，翻牌亮出身份：白痴！免于出局。此后他不能投票，但仍可以发言。", "reveal"
            )
            ctx.judge(f"第{state.day}天 {ctx.name(seat)}（白痴）被放逐，翻牌免死")
        else:
            state.alive[seat] = False
            ctx.died(seat)
            state.fates[seat] = f"第{state.day}天被投票放逐"
            ctx.group(f"{ctx.name(seat)} 被投票放逐。")
            ctx.judge(f"第{state.day}天 {ctx.name(seat)}（{state.role(seat)}）被投票放逐")
            state.queue.append(("words", (seat,)))
            if state.role(seat) == "猎人":
                state.queue.append(("shot", (seat,)))
        self._advance(ctx, state)

    # --- closing phases -----------------------------------------------------------------
    def close_phase(self, ctx: Ctx, state: WerewolfState) -> None:
        if state.phase in NIGHT_PHASES:
            self._close_night_phase(ctx, state)
        elif state.phase in (DAY, PK):
            self._close_vote(ctx, state)
        else:  # LAST_WORDS, HUNTER
            self._advance(ctx, state)

    def give_up(self, ctx: Ctx, state: WerewolfState, seat: int, skill: Skill | None) -> None:
        if state.phase == NIGHT and state.kind(seat) == WOLF and state.alive[seat]:
            if seat in state.done and seat not in state.wolf_choice:
                raise Refusal("你已经放弃了今晚的杀人选择。")
            state.wolf_choice.pop(seat, None)
            state.done.add(seat)
            plan = self._wolf_plan(ctx, state)
            mates = [w for w in state.wolves() if w != seat]
            ctx.team(WOLF_TEAM, mates, f"【{WOLF_TEAM}】{ctx.name(seat)} 放弃杀人。{plan}", "team")
            ctx.seat(seat, f"你放弃了今晚的杀人选择。{plan}")
            return
        if seat not in self.pending(state):
            raise Refusal("你现在没有需要放弃的行动。")
        state.done.add(seat)
        ctx.reply("已放弃本阶段的行动。")

    # --- the end ------------------------------------------------------------------------
    def faction_of(self, state: WerewolfState, seat: int) -> str:
        return ROLES[state.role(seat)].faction

    def on_forfeit(self, ctx: Ctx, state: WerewolfState, faction: str) -> None:
        """Option 红牌判负: a faction with two red cards loses; the other wins at once."""
        state.forfeited = state.forfeited or faction

    def outcome(self, state: WerewolfState) -> Outcome | None:
        if state.forfeited:
            winner = GOOD if state.forfeited == WOLVES else WOLVES
            seats = tuple(s for s in range(1, state.n + 1) if self.faction_of(state, s) == winner)
            return Outcome(winner, seats, f"{state.forfeited}累计两张红牌判负，{winner}获胜！")
        living = state.living()
        kinds = {state.kind(s) for s in range(1, state.n + 1)}
        wolves_out = not any(state.kind(s) == WOLF for s in living)
        villagers_out = VILLAGER in kinds and not any(state.kind(s) == VILLAGER for s in living)
        gods_out = GOD in kinds and not any(state.kind(s) == GOD for s in living)
        if villagers_out or gods_out:
            why = "平民全部出局" if villagers_out else "神民全部出局"
            if wolves_out:
                # Only the night can clear both sides at once (the kill and the poison);
                # 002: 狼人的目标：黑夜的时候杀死所有的村民。
                why += "（狼人也同时全部出局，但发生在夜里：按“狼人的目标：黑夜的时候杀死所有的村民”判狼人胜）"
            seats = tuple(s for s in range(1, state.n + 1) if state.kind(s) == WOLF)
            return Outcome(WOLVES, seats, f"狼人阵营获胜（屠边）！{why}。")
        if wolves_out:
            seats = tuple(s for s in range(1, state.n + 1) if state.kind(s) != WOLF)
            return Outcome(GOOD, seats, "好人阵营获胜！狼人全部出局。")
        return None

    # --- what a seat / the table may know ------------------------------------------------
    def role_text(self, state: WerewolfState, seat: int) -> str:
        role = state.role(seat)
        lines = [f"你是 {seat}号，身份【{role}】（{self._faction_label(role)}）。{ROLES[role].blurb}"]
        if not state.alive[seat]:
            lines.append("你已出局。")
        if role == "狼人":
            mates = [
                f"{w}号（{'存活' if state.alive[w] else '出局'}）" for w in state.wolves(living=False) if w != seat
            ]
            lines.append(f"狼队友：{'、'.join(mates) or '无'}。/狼聊 <内容> 与存活的队友交流。")
            if state.phase == NIGHT and state.wolf_choice:
                picks = "；".join(f"{w}号→{t}号" for w, (t, _) in sorted(state.wolf_choice.items()) if t)
                lines.append(f"今晚狼队的选择：{picks or '无'}。")
        elif role == "预言家":
            got = "；".join(f"第{n}夜 {t}号：{r}" for n, t, r in state.checks)
            lines.append(f"查验记录：{got or '暂无'}。")
        elif role == "女巫":
            for name in ("灵药", "毒药"):
                use = next(((n, t) for n, p, t in state.potions if p == name), None)
                lines.append(f"{name}：" + (f"已在第{use[0]}夜对 {use[1]}号 使用" if use else "未使用") + "。")
            if state.phase == WITCH and state.witch_told:
                lines.append(f"今晚狼人杀害的是 {state.kill}号。" if state.kill else "今晚狼人没有杀人。")
        elif role == "守卫":
            got = "；".join(f"第{n}夜 {t}号" for n, t in state.guards)
            lines.append(f"守护记录：{got or '暂无'}。")
            if state.last_guarded and state.phase == NIGHT:
                lines.append(f"今晚不能守护 {state.last_guarded}号。")
        elif role == "猎人":
            if state.shooter == seat and state.phase == HUNTER:
                lines.append("你现在可以开枪：/技能 开枪 <目标>。")
            elif state.used(seat, "shoot"):
                lines.append("你已经开过枪了。")
        elif role == "白痴" and state.revealed(seat):
            lines.append("你已翻牌，不能再投票，但仍可以发言。")
        return "\n".join(lines)

    def cast(self, state: WerewolfState) -> list[CastRow]:
        rows = []
        for s in range(1, state.n + 1):
            fate = state.fates.get(s) or ("存活（已翻牌）" if state.revealed(s) else "存活")
            rows.append(CastRow(s, state.role(s), self._faction_label(state.role(s)), fate))
        return rows

    def public_status(self, state: WerewolfState) -> str:
        living = state.living()
        lines = [f"板子：{state.board}", f"存活（{len(living)}人）：{_seats(living)}"]
        flipped = [s for s in living if state.revealed(s)]
        if flipped:
            lines.append(f"已翻牌的白痴：{_seats(flipped)}（不能投票）")
        if state.phase == PK:
            lines.append(f"PK 候选：{_seats(state.candidates)}")
        return "\n".join(lines)

    # --- team channel -----------------------------------------------------------------
    def team_of(self, state: WerewolfState, seat: int) -> str | None:
        return WOLF_TEAM if state.kind(seat) == WOLF else None

    def team_members(self, state: WerewolfState, team: str) -> list[int]:
        return state.wolves() if team == WOLF_TEAM else []

    def chat_refusal(self, state: WerewolfState, seat: int) -> str | None:
        if state.kind(seat) != WOLF:
            return "你没有可以聊天的队伍频道。"
        if not state.alive[seat]:
            return "出局的狼人不能再狼聊。"
        return None

    # --- the judge's red card -----------------------------------------------------------
    def remove(self, ctx: Ctx, state: WerewolfState, seat: int, reason: str) -> None:
        """红牌: out at once, no 遗言, no skills (a dead hunter loses his shot too)."""
        if seat in state.removed:
            return
        entitled = seat in state.speakers or state.shooter == seat or any(seat in s for _, s in state.queue)
        if not state.alive[seat] and not entitled:
            return
        state.removed.append(seat)
        if seat in state.speakers:
            state.speakers.remove(seat)
        if state.shooter == seat:
            state.shooter = 0
        if not state.alive[seat]:
            ctx.group(f"{ctx.name(seat)} {reason}，不能再发表遗言或使用技能。")
            ctx.judge(f"{ctx.name(seat)}（{state.role(seat)}）{reason}，失去遗言和技能")
            return
        state.alive[seat] = False
        ctx.died(seat)
        when = f"第{state.day}夜" if self.phases[state.phase].night else f"第{state.day}天"
        state.fates[seat] = f"{when}被法官罚下"
        state.wolf_choice.pop(seat, None)
        state.box.votes.pop(seat, None)
        state.box.reasons.pop(seat, None)
        ctx.group(f"{ctx.name(seat)} {reason}，离开了游戏。")
        ctx.judge(f"{ctx.name(seat)}（{state.role(seat)}）{reason}，离场")


RULESET = register(WerewolfRuleset())
