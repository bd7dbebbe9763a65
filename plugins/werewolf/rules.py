"""The 狼人杀 ruleset (rule text 002): every role of the classic set, named and custom boards, 警长.

Flow (see docs/werewolf.md for every rule as played and where each choice comes from):

    [thief] ─▶ [cupid] ─▶ night ─▶ witch ─▶ dawn ─▶ [badge|words|shot] ─▶ [elect ─▶ elect_vote] ─▶ day
        ─▶ [tie] ─▶ [pk] ─▶ exile ─▶ [badge|goat|words|shot] ─▶ night …

The bracketed phases are entered only when someone is entitled to them; the after-death steps are queued
in `state.queue` and run by `_advance` (deaths.py), which then resumes with `state.resume`. The night order
is the one list `roles.NIGHT_ORDER` (night.py); the day is in day.py.

Pure: no nonebot, no clock, no global random; randomness only from ctx.rng.
"""

from __future__ import annotations

from typing import Any

from ..bansha.engine import (
    ABSTAIN,
    CastRow,
    Channel,
    Ctx,
    Outcome,
    Refusal,
    Ruleset,
    Skill,
    register,
)
from . import sheriff
from .day import DayMixin
from .deaths import DeathMixin
from .grimoire import GrimoireMixin
from .night import NightMixin
from .roles import (
    ACCUSE,
    BADGE,
    BOARD_BY_NAME,
    BOARDS,
    CHECK_FACTION,
    CUPID,
    CUSTOM,
    DAY,
    DECIDE,
    DEFAULT_BOARD,
    DESIGNATE,
    ELECT,
    ELECT_VOTE,
    GOAT,
    GOD,
    GOOD,
    HANDOVER,
    HARMFUL,
    HUNTER,
    LAST_WORDS,
    LOVER_CHANNEL,
    LOVERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NIGHT,
    NIGHT_PHASES,
    OPTIONS,
    PHASES,
    PIPER,
    PK,
    ROLES,
    STAND,
    TEAR,
    THIEF,
    TIE,
    VILLAGER,
    VOTE,
    WITCH,
    WITHDRAW,
    WOLF,
    WOLF_TEAM,
    WOLVES,
    Board,
    parse_custom,
)
from .state import REVEALED, WerewolfState

__all__ = ["REVEALED", "RULESET", "WerewolfRuleset", "WerewolfState"]


def _flag(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("开", "是", "on", "true", "1")
    return bool(value)


def _seats(seats: list[int] | tuple[int, ...]) -> str:
    return "、".join(f"{s}号" for s in seats) or "无"


def board_for(options: dict[str, Any], n: int | None = None) -> Board:
    """The board these options name (a custom one parsed from 角色=); ValueError with a Chinese reason."""
    name = options.get("板子")
    if name == CUSTOM:
        return parse_custom(options.get("角色") or "")
    if options.get("角色"):
        raise ValueError("角色=… 只在 板子=自定义 时使用。")
    if name:
        board = BOARD_BY_NAME.get(name)
        if board is None:
            raise ValueError(f"没有名为「{name}」的板子。可选：{'、'.join(b.name for b in BOARDS)}、{CUSTOM}")
        return board
    if n is None or n not in DEFAULT_BOARD:
        raise ValueError(f"狼人杀需要 {MIN_PLAYERS} 到 {MAX_PLAYERS} 人，现在报名了 {n} 人。")
    return BOARD_BY_NAME[DEFAULT_BOARD[n]]


def _range(board: Board) -> str:
    sizes = board.sizes
    return f"{sizes[0]}" if len(sizes) == 1 else f"{sizes[0]}～{sizes[-1]}"


class WerewolfRuleset(GrimoireMixin, NightMixin, DayMixin, DeathMixin, Ruleset):
    key = "werewolf"
    title = "狼人杀"
    aliases = ("狼人", "werewolf")
    options = OPTIONS
    phases = PHASES
    factions = (GOOD, WOLVES, LOVERS, PIPER)
    boards = tuple(b.name for b in BOARDS)

    # --- sign-up ----------------------------------------------------------------------------
    def check_options(self, options: dict[str, Any]) -> str | None:
        """A bad 板子/角色 is refused at /开局 already, not first at /报名."""
        if not options.get("板子") and not options.get("角色"):
            return None
        try:
            board_for(options)
        except ValueError as err:
            return str(err)
        return None

    def check_players(self, options: dict[str, Any], n: int) -> str | None:
        try:
            board = board_for(options, n)
        except ValueError as err:
            return str(err)
        if n not in board.sizes:
            cards = f"（共 {board.cards} 张牌，其中两张是盗贼的底牌）" if board.spares and not board.lo else ""
            return f"板子「{board.name}」需要 {_range(board)} 人{cards}，现在报名了 {n} 人。"
        return None

    def max_players(self, options: dict[str, Any]) -> int:
        if not options.get("板子") and not options.get("角色"):
            return MAX_PLAYERS
        try:
            return board_for(options).sizes[-1]
        except ValueError as err:  # a custom board with bad roles: nobody can sign up to it
            raise Refusal(str(err)) from None

    # --- deal -----------------------------------------------------------------------------------
    def setup(self, ctx: Ctx, n: int) -> WerewolfState:
        opts = ctx.options
        board = board_for(opts, n)
        deck = board.deck(n)
        spares: list[str] = []
        if board.has("盗贼"):
            # the thief's card is always dealt (the board announces him); the two cards left over are the spares
            rest = list(deck)
            rest.remove("盗贼")
            ctx.rng.shuffle(rest)
            seat = ctx.rng.randint(1, n)
            roles = rest[: n - 1]
            roles.insert(seat - 1, "盗贼")
            spares = rest[n - 1 :]
        else:
            roles = list(deck)
            ctx.rng.shuffle(roles)
        chief = opts.get("警长")
        state = WerewolfState(
            n=n,
            alive=[False] + [True] * n,
            board=board.name,
            deck=board.deck(n),
            roles=[""] + roles,
            dealt=[""] + roles,
            spares=spares,
            check_mode=opts.get("查验结果") or CHECK_FACTION,
            pk=_flag(opts.get("PK", False)),
            sheriff_on=board.sheriff if chief is None else _flag(chief),
            sheriff_weight=float(opts.get("警长票权") or 2),
            sheriff_voters=opts.get("警长选民") or sheriff.ALL,
            explode_rule=opts.get("竞选自爆") or "流失",
            girl_mode=opts.get("偷看风险") or "概率",
            girl_risk=max(0, min(100, int(opts.get("偷看概率") or 0) if opts.get("偷看概率") is not None else 20)),
            guard_girl=opts.get("守护小女孩") or "无效",
            curse_scope=opts.get("长老诅咒") or "除狼人外",
        )
        wolves = sum(1 for c in state.deck if ROLES[c].kind == WOLF)
        ctx.group(self._board_text(state, board, n), data={"wolves": round(wolves * n / len(state.deck))})
        for s in range(1, n + 1):
            ctx.seat(s, self._intro(state, s), "role", self._intro_facts(state, s))
        spare = f"；底牌：{'、'.join(spares)}" if spares else ""
        ctx.judge("发牌：" + "；".join(f"{ctx.name(s)}：{state.role(s)}" for s in range(1, n + 1)) + spare)
        self._start_night(ctx, state, first=True)
        return state

    @staticmethod
    def _board_text(state: WerewolfState, board: Board, n: int) -> str:
        parts = [f"板子：{board.name}（{board.summary(n)}）。"]
        if board.spares:
            parts.append(f"共 {n + 2} 张牌，发完后剩下两张底牌，盗贼第一夜查看并可以换成其中一张。")
        if state.sheriff_on:
            parts.append("第一天竞选警长。")
        wolves = "狼人全部出局"
        third = []
        if board.has("丘比特"):
            third.append("人狼恋")
        if board.has("吹笛者"):
            third.append("吹笛者")
        if third:
            wolves = f"狼人和{'、'.join(third)}全部出局"
        parts.append(f"胜负：{wolves}则好人胜；平民全部出局或神民全部出局则狼人胜（屠边）。")
        if board.has("丘比特"):
            parts.append("恋人若一狼一好人，则与丘比特组成人狼恋阵营，须消灭其他所有玩家。")
        if board.has("吹笛者"):
            parts.append("吹笛者独自一方：活着的玩家全部被迷惑时获胜。")
        return "".join(parts)

    def _intro(self, state: WerewolfState, seat: int) -> str:
        role = ROLES[state.role(seat)]
        lines = [f"你是 {seat}号，你的身份是【{role.name}】（{self._faction_label(state, seat)}）。{role.blurb}"]
        if role.kind == WOLF:
            mates = [s for s in state.wolves(living=False) if s != seat]
            lines.append(f"你的狼队友：{_seats(mates)}。私聊 /狼聊 <内容> 与队友交流。")
        for s in role.skills:
            if not s.mandatory:
                where = "群内 " if s.public else ""
                lines.append(f"· {s.name}：{s.help} 用法：{where}/技能 {s.usage()}")
        lines.append("发送 /身份 可随时查看身份和可用的技能。")
        return "\n".join(lines)

    @staticmethod
    def _intro_facts(state: WerewolfState, seat: int) -> dict[str, Any]:
        """The role PM's facts, for the information-state agents: role, side, the wolves it knows."""
        role = ROLES[state.role(seat)]
        side = "wolf" if role.kind == WOLF else "other" if role.kind == "solo" else "good"
        mates = tuple(s for s in state.wolves(living=False) if s != seat) if role.kind == WOLF else ()
        return {"role": role.name, "side": side, "mates": mates}

    @staticmethod
    def _faction_label(state: WerewolfState, seat: int) -> str:
        r = ROLES[state.role(seat)]
        camp = state.camp(seat)
        if camp == LOVERS:
            return f"{LOVERS}（原{r.faction}）"
        if r.kind == "solo":
            return "独立阵营"
        return {WOLF: r.faction, GOD: f"{r.faction}·神民", VILLAGER: f"{r.faction}·平民"}[r.kind]

    # --- declarations -------------------------------------------------------------------------
    def skills_of(self, state: WerewolfState, seat: int) -> list[Skill]:
        role = ROLES[state.role(seat)]
        skills = [] if state.powerless(seat) else list(role.skills)
        if role.kind == WOLF and self._can_accuse(state):
            skills.append(ACCUSE)
        skills.append(VOTE)
        if state.sheriff_on and not state.elect_done:  # only until the election is over
            skills += [STAND, WITHDRAW]
        if state.sheriff == seat:
            skills.append(DECIDE)
        if state.badge.pending and state.badge.chooser == seat:
            skills += [HANDOVER, TEAR]
        return skills

    def help_text(self, state: WerewolfState, seat: int) -> str:
        # 指定 takes any number of seats: show that instead of eighteen placeholders
        return super().help_text(state, seat).replace(DESIGNATE.usage(), "指定 <目标1> [目标2 …]")

    def phase_label(self, state: WerewolfState) -> str:
        spec = self.phases[state.phase]
        if state.phase == NIGHT:
            return f"第{state.day}夜"
        if spec.night:
            return f"第{state.day}夜 {spec.label}"
        return f"第{state.day}天 {spec.label}"

    def blocked(self, state: WerewolfState, seat: int, skill: Skill) -> str | None:
        key = skill.key
        if key in ("check", "guard", "peek", "charm", "link", "swap") and seat in state.done:
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
                if state.kill == seat and state.has_card("守卫"):
                    return "有守卫的板子里女巫不能自救。"
        if key == "shoot" and (state.shooter != seat or seat in state.done):
            return "你现在不能开枪。"
        if key == "vote":
            if state.phase == ELECT_VOTE:
                if state.election is None:
                    return "警长竞选已经结束。"
                return sheriff.vote_refusal(state.sheriff_voters, state.election, state.stood, seat, ABSTAIN)
            if state.revealed(seat):
                return "白痴翻牌后不能投票（仍可以发言）。"
            if seat in state.candidates and state.phase == PK:
                return "你是 PK 的候选人，这一轮不能投票。"
            if state.goat_day == state.day and seat not in state.goat_voters:
                return "替罪羊指定了今天可以投票的玩家，你不在其中，今天不能投票。"
        if key == "stand":
            if state.election is None or not state.election.open:
                return "现在不是上警的时间。"
            if seat in state.election.candidates:
                return "你已经上警了。"
            if seat in state.election.withdrawn:
                return "你已经退水，不能再次上警。"
        if key == "withdraw" and (state.election is None or seat not in state.election.candidates):
            return "你没有上警，不需要退水。"
        if key == "decide" and (state.sheriff != seat or seat in state.done):
            return "现在不需要你决断。"
        if key in ("handover", "tear") and seat in state.done:
            return "你已经决定了警徽的去向。"
        if key == "designate" and (state.goat != seat or seat in state.done):
            return "现在不能指定投票者。"
        return None

    def target_refusal(self, state: WerewolfState, seat: int, skill: Skill, target: int) -> str | None:
        key = skill.key
        harmful = key in HARMFUL and (key != "vote" or state.phase in (DAY, PK))
        if harmful and target == state.lover_of(seat):
            return "恋人之间不能互相投票或伤害。"
        if key == "kill" and state.kind(target) == WOLF:
            return "狼人每晚杀死的是好人，不能选择狼队友。"
        if key == "accuse" and state.kind(target) == WOLF:
            return "小女孩不会是你的狼队友。"
        if key == "king_explode" and state.kind(target) == WOLF:
            return "白狼王只能带走平民或神民，不能带走狼队友。"
        if key == "guard":
            if target == state.last_guarded:
                return f"不能连续两晚守护同一个人（昨晚守护的是 {target}号）。"
            if state.guard_girl == "拒绝" and state.role(target) == "小女孩":
                return "守卫不可以守护小女孩。"
        if key == "save" and target != state.kill:
            return "灵药只能救今晚被狼人杀害的人。"
        if key == "charm" and target in state.charmed:
            return f"{target}号 已经被迷惑了。"
        if key == "vote":
            if state.phase == ELECT_VOTE and state.election is not None:
                return sheriff.vote_refusal(sheriff.ALL, state.election, state.stood, seat, target)
            if state.phase == PK and target not in state.candidates:
                return f"PK 只能投给 {_seats(state.candidates)}（或弃权）。"
        if key == "decide" and target not in state.candidates:
            return f"只能从平票的 {_seats(state.candidates)} 中选择。"
        return None

    def pending(self, state: WerewolfState) -> set[int]:
        phase = state.phase
        if phase == THIEF:
            thief = state.holder("盗贼")
            return {thief} - state.done if thief else set()
        if phase == CUPID:
            cupid = state.holder("丘比特")
            if cupid and not state.lovers and not state.powerless(cupid):
                return {cupid} - state.done
            return set()
        if phase == WITCH:
            # the witch stays pending even with both potions gone, so an early
            # close does not tell the table she has nothing left
            witch = state.holder("女巫")
            return {witch} - state.done if witch and not state.powerless(witch) else set()
        if phase == LAST_WORDS:
            return {s for s in state.speakers if s not in state.done}
        if phase == HUNTER:
            return {state.shooter} - state.done if state.shooter else set()
        if phase == ELECT:
            return {s for s in state.living() if s not in state.stood and s not in state.done}
        if phase == ELECT_VOTE and state.election is not None:
            box = state.election.box
            return {
                s
                for s in state.living()
                if self._elect_eligible(state, s) and s not in box.votes and s not in state.done
            }
        if phase in (DAY, PK):
            return {s for s in state.living() if state.can_vote(s) and s not in state.box.votes and s not in state.done}
        if phase == TIE:
            chief = state.sheriff
            return {chief} - state.done if chief and state.alive[chief] else set()
        if phase == BADGE:
            return {state.badge.chooser} - state.done if state.badge.pending else set()
        if phase == GOAT:
            return {state.goat} - state.done if state.goat else set()
        out = set()
        for s in state.living():
            if s in state.done:
                continue
            if any(phase in sk.phases and self.available(state, s, sk) is None for sk in self.skills_of(state, s)):
                out.add(s)
        return out

    def keep_open(self, state: WerewolfState) -> bool:
        if state.phase in NIGHT_PHASES:
            return self._night_keep_open(state)
        if state.phase == DAY and state.goat_day == state.day:
            # nobody the 替罪羊 named is left: the day still runs its length for the talk
            return not any(state.can_vote(s) for s in state.living())
        return False

    def close_phase(self, ctx: Ctx, state: WerewolfState) -> None:
        phase = state.phase
        if phase in NIGHT_PHASES:
            self._close_night_phase(ctx, state)
        elif phase == ELECT:
            self._close_elect(ctx, state)
        elif phase == ELECT_VOTE:
            self._close_elect_vote(ctx, state)
        elif phase in (DAY, PK):
            self._close_vote(ctx, state)
        elif phase == TIE:
            self._close_tie(ctx, state)
        else:  # LAST_WORDS, HUNTER, BADGE, GOAT
            self._close_after_death_phase(ctx, state)

    def give_up(self, ctx: Ctx, state: WerewolfState, seat: int, skill: Skill | None) -> None:
        if state.phase == NIGHT and state.kind(seat) == WOLF and state.alive[seat]:
            self._wolf_pass(ctx, state, seat)
            return
        if state.phase == THIEF and seat == state.holder("盗贼") and self._forced_swap(state):
            raise Refusal("两张底牌都是狼，你必须交换其中一张：/技能 交换 1 或 /技能 交换 2。")
        if seat not in self.pending(state):
            raise Refusal("你现在没有需要放弃的行动。")
        state.done.add(seat)
        ctx.reply("已放弃本阶段的行动。")

    # --- the end ----------------------------------------------------------------------------------
    def faction_of(self, state: WerewolfState, seat: int) -> str:
        return state.camp(seat)

    def on_forfeit(self, ctx: Ctx, state: WerewolfState, faction: str) -> None:
        """Option 红牌判负: 好人 or 狼人 with two red cards lose and the other wins at once; a third side
        with two red cards can no longer win."""
        if faction in (GOOD, WOLVES):
            state.forfeited = state.forfeited or faction
        elif faction not in state.lost_sides:
            state.lost_sides.append(faction)

    def outcome(self, state: WerewolfState) -> Outcome | None:
        """Checked after every input, so after every death.

        Each side is out of the running when: 好人 — 屠边 (every 平民 or every 神民 of the camp out; 002
        "当他们全部死亡后平民阵营就输了"); 狼人 — no wolf of the camp left; 人狼恋 — the lovers are out; 吹笛者 — he
        is out. The 吹笛者 wins at once when every living player is charmed, the 人狼恋 when nobody but the three
        is left; otherwise the last side still in the running wins. When the last sides go out together (a night's
        kill and poison), the wolves win: 002 "狼人的目标：黑夜的时候杀死所有的村民"."""
        everyone = range(1, state.n + 1)
        if state.forfeited:
            winner = GOOD if state.forfeited == WOLVES else WOLVES
            seats = tuple(s for s in everyone if state.camp(s) == winner)
            return Outcome(winner, seats, f"{state.forfeited}累计两张红牌判负，{winner}获胜！")
        living = state.living()
        piper = state.piper
        piper_in = bool(piper) and state.alive[piper] and PIPER not in state.lost_sides
        if piper_in and all(s in state.charmed for s in living if s != piper):
            return Outcome(PIPER, (piper,), f"吹笛者 {piper}号 获胜！活着的玩家全部被他迷惑了，其余所有人都输了。")
        lovers_in = state.mixed_love and LOVERS not in state.lost_sides and all(state.alive[s] for s in state.lovers)
        side = {*state.lovers, state.cupid}
        if lovers_in and all(s in side for s in living):
            return Outcome(
                LOVERS,
                tuple(sorted(side)),
                f"人狼恋阵营获胜！恋人 {_seats(state.lovers)} 和丘比特 {state.cupid}号 消灭了其他所有玩家。",
            )
        # Two lovers of one camp are no side of their own: only the 人狼恋 above wins as a pair. A 吹笛者 left
        # alone with the one he loves can still charm him, unless the 长老's curse took his power: then nothing can
        # change any more (恋人之间永远不能互票互杀) and he can never win.
        frozen_piper = piper_in and set(living) == set(state.lovers) and state.powerless(piper)
        piper_in = piper_in and not frozen_piper
        good = [s for s in everyone if state.camp(s) == GOOD]
        wolves = [s for s in everyone if state.camp(s) == WOLVES]
        villagers = [s for s in good if state.kind(s) == VILLAGER]
        gods = [s for s in good if state.kind(s) == GOD]
        villagers_out = bool(villagers) and not any(state.alive[s] for s in villagers)
        gods_out = bool(gods) and not any(state.alive[s] for s in gods)
        good_in = not (villagers_out or gods_out) and any(state.alive[s] for s in good)
        wolves_in = any(state.alive[s] for s in wolves)
        running = [
            name
            for name, still in ((GOOD, good_in), (WOLVES, wolves_in), (LOVERS, lovers_in), (PIPER, piper_in))
            if still
        ]
        thirds = [name for name, there in (("人狼恋", state.mixed_love), ("吹笛者", bool(piper))) if there]
        stuck = ""
        if frozen_piper:
            thirds.remove("吹笛者")
            stuck = f"吹笛者 {piper}号 失去了能力，又不能伤害他的恋人，再也无法获胜"
        if running == [GOOD]:
            what = "狼人" + ("和" + "、".join(thirds) if thirds else "")
            return Outcome(GOOD, tuple(good), f"好人阵营获胜！{what}全部出局" + (f"，{stuck}" if stuck else "") + "。")
        if running == [WOLVES] or (not running and wolves):
            why = "平民全部出局" if villagers_out else "神民全部出局" if gods_out else "好人全部出局"
            if stuck:
                why += f"，{stuck}"
            if thirds:
                why += f"，{'、'.join(thirds)}也已出局"
            if not wolves_in:
                why += "（狼人也同时全部出局：按“狼人的目标：黑夜的时候杀死所有的村民”判狼人胜）"
            return Outcome(WOLVES, tuple(wolves), f"狼人阵营获胜（屠边）！{why}。")
        if running == [LOVERS]:
            return Outcome(
                LOVERS,
                tuple(sorted(side)),
                f"人狼恋阵营获胜！恋人 {_seats(state.lovers)} 和丘比特 {state.cupid}号 是最后的一方。",
            )
        if running == [PIPER] or (not running and piper):
            return Outcome(PIPER, (piper,), f"吹笛者 {piper}号 获胜！他是最后的一方。")
        if not running:
            return Outcome(GOOD, tuple(good), "好人阵营获胜！其他各方都已出局。")
        return None

    # --- what a seat / the table may know ------------------------------------------------------------
    def role_text(self, state: WerewolfState, seat: int) -> str:
        role = state.role(seat)
        lines = [f"你是 {seat}号，身份【{role}】（{self._faction_label(state, seat)}）。{ROLES[role].blurb}"]
        if state.dealt and state.dealt[seat] != role:
            lines.append(f"你原本是{state.dealt[seat]}，第一夜换成了{role}。")
        if not state.alive[seat]:
            lines.append("你已出局。")
        if state.powerless(seat):
            lines.append("长老被好人误杀，你已失去特殊能力。")
        if state.kind(seat) == WOLF:
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
        elif role == "长老":
            lines.append(
                "你已经挡下过一次狼人袭击，下一次将会致命。" if state.elder_hits else "你还能挡下一次狼人袭击。"
            )
        elif role == "小女孩":
            lines.append(f"偷看记录：{'、'.join(f'第{n}夜' for n in state.peeks) or '暂无'}。")
        elif role == "吹笛者":
            lines.append(f"已被你迷惑的玩家：{_seats(state.charmed)}。")
        elif role == "盗贼" and state.spares and state.day == 1 and state.phase == THIEF:
            lines.append(f"两张底牌：1.【{state.spares[0]}】 2.【{state.spares[1]}】。")
        if seat == state.cupid and state.lovers:
            lines.append(f"你让 {_seats(state.lovers)} 成为了恋人。")
        mate = state.lover_of(seat)
        if mate:
            status = "存活" if state.alive[mate] else "出局"
            lines.append(f"你的恋人：{mate}号（{status}）。/私聊 {mate} <内容> 与恋人交流。")
        if seat in state.charmed:
            lines.append(f"你被吹笛者迷惑了；被迷惑的玩家：{_seats([s for s in state.charmed if state.alive[s]])}。")
        if state.sheriff == seat:
            lines.append(f"你是警长：放逐投票时你的票算 {state.sheriff_weight:g} 票，平票时由你决断，每天最后发言。")
        return "\n".join(lines)

    def cast(self, state: WerewolfState) -> list[CastRow]:
        rows = []
        for s in range(1, state.n + 1):
            fate = state.fates.get(s) or ("存活（已翻牌）" if state.revealed(s) else "存活")
            notes = []
            if state.dealt and state.dealt[s] != state.roles[s]:
                notes.append("盗贼换得此牌")
            if s in state.lovers:
                notes.append(f"恋人（与{state.lover_of(s)}号）")
            if s in state.charmed:
                notes.append("被迷惑")
            if state.sheriff == s:
                notes.append("警长")
            if notes:
                fate += "；" + "，".join(notes)
            rows.append(CastRow(s, state.role(s), self._faction_label(state, s), fate))
        return rows

    def seat_view(self, state: WerewolfState, seat: int) -> tuple[bool, list[str]]:
        marks = ["警长"] if state.sheriff == seat else []
        if state.revealed(seat):
            marks.append(f"翻牌：{state.role(seat)}")
        return bool(state.alive[seat]), marks

    def dead_chat_wait(self, state: WerewolfState, seat: int) -> str | None:
        """Last words and post-death steps (遗言, the badge, the 替罪羊's choice, the shot) come first."""
        speaking = state.phase == LAST_WORDS and seat in state.speakers and seat not in state.done
        if speaking or any(seat in seats for _, seats in state.queue):
            return "你还有遗言或出局后的行动没有完成，完成之后才能进入亡者聊天。"
        return None

    def public_status(self, state: WerewolfState) -> str:
        living = state.living()
        lines = [f"板子：{state.board}", f"存活（{len(living)}人）：{_seats(living)}"]
        if state.sheriff:
            lines.append(f"警长：{state.sheriff}号（票算 {state.sheriff_weight:g} 票）")
        elif state.sheriff_on and state.elect_done:
            lines.append("警长：无（警徽流失）")
        if state.election is not None:
            lines.append(f"警长候选人：{_seats(state.election.candidates)}")
        flipped = [s for s in living if state.revealed(s)]
        if flipped:
            lines.append(f"已翻牌的白痴：{_seats(flipped)}（不能投票）")
        if state.cursed:
            lines.append("长老被好人误杀：好人已失去特殊能力")
        if state.goat_day >= state.day and state.goat_day:
            lines.append(f"替罪羊指定第{state.goat_day}天只有 {_seats(state.goat_voters)} 可以投票")
        if state.phase in (PK, TIE):
            lines.append(f"平票候选：{_seats(state.candidates)}")
        return "\n".join(lines)

    # --- team channel and the lovers' private line ---------------------------------------------------
    def team_of(self, state: WerewolfState, seat: int) -> str | None:
        return WOLF_TEAM if state.kind(seat) == WOLF else None

    def team_members(self, state: WerewolfState, team: str) -> list[int]:
        return state.wolves() if team == WOLF_TEAM else []

    def chat_refusal(self, state: WerewolfState, seat: int) -> str | None:
        if state.kind(seat) == WOLF and not state.alive[seat]:
            return "出局的狼人不能再狼聊。"
        return None if self.channels(state, seat) else "你没有可以聊天的队伍频道。"

    channel_names = (WOLF_TEAM, LOVER_CHANNEL)

    def channels(self, state: WerewolfState, seat: int) -> list[Channel]:
        """The 狼群, and the lovers' channel (with the 丘比特 in a 人狼恋, who is on their side): a wolf who is
        also a lover has both."""
        if not state.alive[seat]:
            return []
        out = []
        if state.kind(seat) == WOLF:
            out.append(Channel(WOLF_TEAM, WOLF_TEAM, tuple(state.wolves())))
        side = sorted({*state.lovers, *([state.cupid] if state.mixed_love else [])} - {0})
        if len(state.lovers) == 2 and seat in side:
            out.append(Channel(LOVER_CHANNEL, LOVER_CHANNEL, tuple(side)))
        return out

    def relay(self, ctx: Ctx, state: WerewolfState, seat: int, target: int, text: str) -> None:
        """/私聊: lovers may talk to each other, and in a 人狼恋 with their 丘比特."""
        side = list(state.lovers) + ([state.cupid] if state.mixed_love else [])
        if seat not in side or target not in side or target == seat:
            raise Refusal("只有恋人之间（人狼恋时还有丘比特）可以用 /私聊 转发消息。")
        if not state.alive[seat]:
            raise Refusal("你已经出局，不能再私聊。")
        if not state.alive[target]:
            raise Refusal(f"{target}号 已经出局。")
        ctx.seat(target, f"【私聊】{ctx.name(seat)}：{text}", "chat")
        ctx.reply(f"已转发给 {ctx.name(target)}。")
        ctx.judge(f"【私聊】{ctx.name(seat)} → {ctx.name(target)}：{text}")


RULESET = register(WerewolfRuleset())
