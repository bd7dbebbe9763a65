"""The 狼人杀 ruleset (rule text 002): every role of the classic set, named and custom boards, 警长.

Flow (see docs/werewolf.md for every rule as played and where each choice comes from):

    [thief] ─▶ [cupid] ─▶ night ─▶ witch ─▶ dawn ─▶ [badge|words|shot] ─▶ [elect ─▶ elect_vote] ─▶ day
        ─▶ [tie] ─▶ [pk] ─▶ exile ─▶ [badge|goat|words|shot] ─▶ night …

The bracketed phases are entered only when someone is entitled to them. The parts: terms.py (the text's
words), roles/ (one module per role: its skills, their checks and effects, its steps of the two orders and its
part in the procedures), order.py (the night and what follows a death, one list each), boards.py and
options.py, the procedures behind world.World — night.py, day.py, deaths.py — and verdict.py and views.py.
This class is the engine's hooks, each handing the input to those parts.

Pure: no nonebot, no clock, no global random; randomness only from ctx.rng.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..bansha.engine import FORUM, CastRow, Channel, Ctx, Outcome, Refusal, Ruleset, Skill, register
from ..bansha.engine.core.behaviour import problems
from ..bansha.engine.core.order import StepView
from ..bansha.engine.core.ruling import Ruling
from . import judged, night, pool, roles, sheriff, verdict, views
from .boards import BOARDS, CUSTOM, MAX_PLAYERS, Board, board_for, parse_custom, size_range
from .book import BOOK, WerewolfUnit
from .options import OPTIONS, PHASES, ROLE_OPTIONS, SHERIFF_OPTIONS, TURN_OPTIONS
from .order import AFTER_DEATH, MOMENTS, NIGHT_ORDER, NIGHT_PHASES
from .roles import everyone, pack, scapegoat, thief
from .roles import sheriff as chief
from .ruled import ruled
from .script import WerewolfFamily
from .state import REVEALED, WerewolfState, board_cards
from .terms import (
    CHECK_FACTION,
    DAY,
    ELECT,
    ELECT_VOTE,
    GOOD,
    LAST_WORDS,
    LOVER_CHANNEL,
    LOVERS,
    NIGHT,
    PIPER,
    PK,
    TIE,
    WOLF,
    WOLF_TEAM,
    WOLVES,
)
from .turn import Turn

__all__ = ["REVEALED", "RULESET", "WerewolfRuleset", "WerewolfState"]

# The one protocol check (engine/core/behaviour.py): every step of both orders is a unit that writes the moments
# the step lists, every unit order.MOMENTS lists writes its moment, and no unit writes a moment nobody lists.
_PROBLEMS = problems(BOOK.units, MOMENTS, (*NIGHT_ORDER, *AFTER_DEATH), base=WerewolfUnit)
if _PROBLEMS:
    raise ValueError("狼人杀的声明有误：" + "；".join(_PROBLEMS))
_ = roles  # imported for its declarations


LOVER_REFUSAL = "恋人之间不能互相投票或伤害。"


def _flag(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("开", "是", "on", "true", "1")
    return bool(value)


class WerewolfRuleset(Ruleset):
    key = "werewolf"
    reuse = {"outcome": verdict.outcome_key}  # the verdict is asked anew only when these facts change
    title = "狼人杀"
    aliases = ("狼人", "werewolf")
    options = OPTIONS
    phases = PHASES
    factions = (GOOD, WOLVES, LOVERS, PIPER)
    boards = tuple(b.name for b in BOARDS)
    book = BOOK

    # --- sign-up ----------------------------------------------------------------------------
    def prepare(self, options: dict[str, Any]) -> None:
        judged.register(options.get(judged.OPTION))  # a 剧本's own roles, in the book before any is looked up

    def script_family(self) -> WerewolfFamily:
        return WerewolfFamily(self)  # a 剧本 of 002's cards (script.py)

    def check_options(self, options: dict[str, Any]) -> str | None:
        """A bad 板子/角色/卡池 is refused at /开局 already, not first at /报名."""
        if not options.get("板子") and not options.get("角色") and not options.get(pool.POOL):
            return None
        try:
            drawn = pool.of(options) if options.get("板子") == CUSTOM else None
            for hand in drawn.hands() if drawn else ():  # every hand the draw may deal must make a board
                try:
                    parse_custom(",".join([options.get("角色") or "", *hand]))
                except ValueError as err:
                    raise ValueError(f"卡池抽出 {'、'.join(hand)} 时：{err}") from None
            board_for(options)
        except ValueError as err:
            return str(err)
        return None

    def option_applies(self, key: str, options: dict[str, Any]) -> bool:
        """/开局 confirms only the options the chosen board uses (without a board it follows the head count)."""
        if key == "偷看概率" and options.get("偷看风险", "概率") != "概率":
            return False
        if key == judged.OPTION:
            return False  # a 剧本's roles (JSON): the post names the 剧本 and its 角色 instead
        if key in TURN_OPTIONS:
            return options.get("节奏") != FORUM and (key == "发言" or options.get("发言", "顺序") == "顺序")
        if not options.get("板子") and not options.get("角色"):
            return True
        try:
            board = board_for(options)
        except ValueError:
            return True
        if key in ROLE_OPTIONS:
            drawn = pool.of(options)
            return board.has(ROLE_OPTIONS[key]) or (drawn is not None and ROLE_OPTIONS[key] in dict(drawn.cards))
        if key in SHERIFF_OPTIONS:
            return bool(board.sheriff if options.get("警长") is None else options["警长"])
        return True

    def check_players(self, options: dict[str, Any], n: int) -> str | None:
        try:
            board = board_for(options, n)
        except ValueError as err:
            return str(err)
        if n not in board.sizes:
            cards = f"（共 {board.cards} 张牌，其中两张是盗贼的底牌）" if board.spares and not board.lo else ""
            return f"板子「{board.name}」需要 {size_range(board)} 人{cards}，现在报名了 {n} 人。"
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
        drawn = pool.of(opts)
        if drawn:  # the 卡池's hand, drawn with the game's RNG before the deal (a board without one draws nothing)
            hand = ctx.rng.choice(drawn.hands())
            board = parse_custom(",".join([opts.get("角色") or "", *hand]))
            ctx.judge(f"卡池抽出：{'、'.join(hand)}（强度合计 {drawn.strength(hand)}）")
        roles, spares = _deal(ctx, board, n)
        chief_on = opts.get("警长")
        state = WerewolfState(
            n=n,
            alive=[False] + [True] * n,
            board=board.name,
            deck=board.deck(n),
            cards=(cards := board_cards(board.deck(n))),
            board_steps=night.board_steps(cards),
            roles=[""] + roles,
            dealt=[""] + roles,
            spares=spares,
            check_mode=opts.get("查验结果") or CHECK_FACTION,
            pk=_flag(opts.get("PK", False)),
            sheriff_on=board.sheriff if chief_on is None else _flag(chief_on),
            sheriff_weight=float(opts.get("警长票权") or 2),
            sheriff_voters=opts.get("警长选民") or sheriff.ALL,
            explode_rule=opts.get("竞选自爆") or "流失",
            girl_mode=opts.get("偷看风险") or "概率",
            girl_risk=max(0, min(100, int(opts.get("偷看概率") or 0) if opts.get("偷看概率") is not None else 20)),
            guard_girl=opts.get("守护小女孩") or "无效",
            curse_scope=opts.get("长老诅咒") or "除狼人外",
        )
        wolves = sum(1 for c in state.deck if BOOK.roles[c].kind == WOLF)
        drew = f"卡池抽出：{'、'.join(hand)}。" if drawn else ""
        ctx.group(drew + views.board_text(state, board, n), data={"wolves": round(wolves * n / len(state.deck))})
        for s in range(1, n + 1):
            ctx.seat(s, views.intro(state, s), "role", views.intro_facts(state, s))
        spare = f"；底牌：{'、'.join(spares)}" if spares else ""
        ctx.judge("发牌：" + "；".join(f"{ctx.name(s)}：{state.role(s)}" for s in range(1, n + 1)) + spare)
        Turn(ctx, state).night.start(first=True)
        return state

    # --- declarations -------------------------------------------------------------------------
    def skills_of(self, state: WerewolfState, seat: int) -> list[Skill]:
        role = BOOK.roles[state.roles[seat]]
        skills = () if state.cursed and state.powerless(seat) else role.skills_now(state, seat)
        return [*skills, everyone.VOTE, *chief.skills(state, seat)]

    def help_text(self, state: WerewolfState, seat: int) -> str:
        # 指定 takes any number of seats: show that instead of eighteen placeholders
        return super().help_text(state, seat).replace(scapegoat.DESIGNATE.usage(), scapegoat.USAGE)

    def phase_label(self, state: WerewolfState) -> str:
        spec = self.phases[state.phase]
        if state.phase == NIGHT:
            return f"第{state.day}夜"
        if spec.night:
            return f"第{state.day}夜 {spec.label}"
        return f"第{state.day}天 {spec.label}"

    def target_check(self, state: WerewolfState, seat: int, skill: Skill) -> Callable[[int], str | None] | None:
        """002 恋人之间永远不能互票互杀, before the skill's own check."""
        own = super().target_check(state, seat, skill)
        harmful = isinstance(skill, WerewolfUnit) and skill.harmful and state.phase not in skill.harmless_in
        lover = state.lover_of(seat) if harmful else 0
        if not lover:
            return own
        return lambda target: LOVER_REFUSAL if target == lover else own(target) if own is not None else None

    def prompt_note(self, state: WerewolfState, seat: int) -> str:
        return views.role_of(state, seat).prompt_line(state, seat)

    def pending(self, state: WerewolfState) -> set[int]:
        phase = state.phase
        owed = night.owes(state) if phase in NIGHT_PHASES else None
        for step in AFTER_DEATH:
            if step.phase == phase and "owes" in step.moments:
                owed = BOOK.units[step.key].owes(state)
        if owed is not None:
            return owed
        if phase == ELECT:
            return {s for s in state.living() if s not in state.stood and s not in state.done}
        if phase == ELECT_VOTE and state.election is not None:
            box = state.election.box
            return {
                s for s in state.living()
                if sheriff.may_vote(state.sheriff_voters, state.stood, s) and s not in box.votes and s not in state.done
            }
        if phase in (DAY, PK):
            votes, done = state.box.votes, state.done
            return {s for s in state.living() if s not in votes and s not in done and state.can_vote(s)}
        if phase == TIE:
            return {state.sheriff} - state.done if state.sheriff and state.alive[state.sheriff] else set()
        out = set()
        done = state.done
        for s in state.living():
            if s not in done:
                for sk in self.skills_of(state, s):
                    if phase in sk.phases and self._unusable(state, s, sk) is None:
                        out.add(s)
                        break
        return out

    def keep_open(self, state: WerewolfState) -> bool:
        if state.phase in NIGHT_PHASES:
            return night.keep_open(state)
        if state.phase == DAY and state.goat_day == state.day:
            # nobody the 替罪羊 named is left: the day still runs its length for the talk
            return not any(state.can_vote(s) for s in state.living())
        return False

    def close_phase(self, ctx: Ctx, state: WerewolfState) -> None:
        w = Turn(ctx, state)
        phase = state.phase
        if phase in NIGHT_PHASES:
            w.night.close()
        elif phase == ELECT:
            w.day.close_elect()
        elif phase == ELECT_VOTE:
            w.day.close_elect_vote()
        elif phase in (DAY, PK):
            w.day.close_vote()
        elif phase == TIE:
            w.day.close_tie()
        else:  # the phases of order.AFTER_DEATH
            w.deaths.deadline()

    def give_up(self, ctx: Ctx, state: WerewolfState, seat: int, skill: Skill | None) -> None:
        if state.phase == NIGHT and state.kind(seat) == WOLF and state.alive[seat]:
            pack.wolf_pass(ctx, state, seat)
            return
        thief.refuse_pass(state, seat)
        if seat not in self.pending(state):
            raise Refusal("你现在没有需要放弃的行动。")
        state.done.add(seat)
        ctx.reply("已放弃本阶段的行动。")

    def last_words(self, ctx: Ctx, state: WerewolfState, seat: int, text: str) -> None:
        everyone.last_words(ctx, state, seat, text)

    def remove(self, ctx: Ctx, state: WerewolfState, seat: int, reason: str) -> None:
        Turn(ctx, state).deaths.remove(seat, reason)

    # --- the end (verdict.py) ----------------------------------------------------------------------
    def on_ruling(self, ctx: Ctx, state: WerewolfState, ruling: Ruling) -> None:
        if ruling.ref.startswith("剧本:"):
            ruled(ctx, state, ruling)  # a 剧本 role's 裁定 skill

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
        return verdict.outcome(state)

    # --- what a seat, the table and the 导演台 may know (views.py) --------------------------------------
    def role_text(self, state: WerewolfState, seat: int) -> str:
        return views.role_text(state, seat)

    def cast(self, state: WerewolfState) -> list[CastRow]:
        return views.cast(state)

    def seat_view(self, state: WerewolfState, seat: int) -> tuple[bool, list[str]]:
        return views.seat_view(state, seat)

    def dead_chat_wait(self, state: WerewolfState, seat: int) -> str | None:
        """Last words and post-death steps (遗言, the badge, the 替罪羊's choice, the shot) come first."""
        speaking = state.phase == LAST_WORDS and seat in state.speakers and seat not in state.done
        if speaking or any(seat in seats for _, seats in state.queue):
            return "你还有遗言或出局后的行动没有完成，完成之后才能进入亡者聊天。"
        return None

    def public_status(self, state: WerewolfState) -> str:
        return views.public_status(state)

    def seat_facts(self, state: WerewolfState, seat: int) -> list[str]:
        return views.seat_facts(state, seat)

    def night_steps(self, state: WerewolfState) -> list[StepView]:
        pending = self.pending(state) if state.phase in NIGHT_PHASES else set()
        return views.night_steps(state, pending, lambda step: night.on(state, step))

    def on_team_chat(self, ctx: Ctx, state: WerewolfState, seat: int, team: str, text: str) -> None:
        """A 狼聊 line reaches the peeking 小女孩 with the speaker hidden."""
        if team == WOLF_TEAM:
            pack.peek_relay(ctx, state, f"某只狼：{text}")

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




def _deal(ctx: Ctx, board: Board, n: int) -> tuple[list[str], list[str]]:
    """The seats' roles and the spares: with a 盗贼 the board announces him, so his card is always dealt and the
    two cards left over are the spares (002: 主持人在分发牌前须额外加入两张“普通平民”)."""
    deck = board.deck(n)
    if not board.has("盗贼"):
        ctx.rng.shuffle(deck)
        return deck, []
    rest = list(deck)
    rest.remove("盗贼")
    ctx.rng.shuffle(rest)
    seat = ctx.rng.randint(1, n)
    roles = rest[: n - 1]
    roles.insert(seat - 1, "盗贼")
    return roles, rest[n - 1 :]


RULESET = register(WerewolfRuleset())
