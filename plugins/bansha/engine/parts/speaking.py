"""Speaking turns (快速 tempo): each living player in the order the rule text gives speaks in turn.

A ruleset that has an order asks for turns when it enters its discussion phase (`ctx.speaking_turns`:
狼人杀's 发言顺序, the 警长 last). The part then runs them inside that phase on the engine's one clock:
while turns last, the phase's deadline is the end of the current turn (its own `phase_no`, so a stale timer
is ignored) and a deadline input moves to the next speaker instead of closing the phase (`on_deadline`).
`/过` ends one's own turn ("turn" input). When the last turn ends, the phase gets its ordinary length from
that moment for the vote: votes may be cast during the turns, but the phase never closes before the turns
are over (`holds_open`), and reminders wait for the vote (engine/parts/reminders.py asks `running`).

Each turn is one group post that @-mentions the speaker (a public obligation, like owing a vote). 论坛
tempo never asks for turns. Pure: every moment is an input's `at`, so a replay plays the same turns.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..core import Input, Refusal, mention
from ..core.phases import deadline_text, format_duration, phase_deadline
from ..game import RUNNING, need_seat
from ..game.part import Part

if TYPE_CHECKING:
    from ..game import Game
    from ..game.ctx import Ctx


@dataclass
class Turns:
    order: list[int] = field(default_factory=list)  # seats in speaking order
    index: int = -1  # the current speaker's place in `order`; -1: not started yet
    seconds: int = 60  # per turn
    phase: str = ""  # the phase the turns belong to
    day: int = 0


def running(game: Game) -> bool:
    t: Turns = game.speaking
    return (game.status == RUNNING and bool(t.order) and 0 <= t.index < len(t.order)
            and game.state.phase == t.phase and game.state.day == t.day)


def speaker(game: Game) -> int:
    return game.speaking.order[game.speaking.index] if running(game) else 0


def stop(game: Game) -> None:
    """No more turns in this phase (a 加速: the table wants to move on); the caller sets the phase's close."""
    game.parts["speaking"] = Turns()


def request(game: Game, ctx: Ctx, order: list[int], seconds: int) -> None:
    """The ruleset entered its discussion phase and asks for turns in this order; they begin once the engine has
    set the phase's deadline (`on_enter`)."""
    state = game.state
    game.parts["speaking"] = Turns(list(order), -1, max(1, int(seconds)), state.phase, state.day)


def _start_turn(game: Game, ctx: Ctx, lead: str) -> None:
    """Give the floor to the next living seat in the order, or end the turns."""
    t: Turns = game.speaking
    state = game.state
    t.index += 1
    while t.index < len(t.order) and not state.alive[t.order[t.index]]:
        t.index += 1
    game.phase_no += 1  # the turn's own timer; the last one is stale
    if t.index >= len(t.order):
        _finish(game, ctx, lead)
        return
    seat = t.order[t.index]
    if game.paused:
        game.paused_left = float(t.seconds)
    else:
        game.deadline = ctx.at + t.seconds
    after = t.order[t.index + 1:]
    nxt = next((s for s in after if state.alive[s]), 0)
    tail = f"下一位：{nxt}号。" if nxt else "你是最后一位。"
    ctx.group(f"{lead}{mention(game.qq_of(seat))}{ctx.name(seat)} 轮到你发言（限时 {format_duration(t.seconds)}，"
              f"说完请发 /过）。{tail}", "turn", {"speaker": seat})


def _finish(game: Game, ctx: Ctx, lead: str) -> None:
    """Every living seat has spoken: the phase runs its ordinary length from now, for the vote."""
    t: Turns = game.speaking
    t.order, t.index = [], -1
    spec = game.rules.phases[game.state.phase]
    end = phase_deadline(spec, game.options, ctx.at, game.last_close)
    if game.paused:
        game.paused_left = float(end - ctx.at)
        when = "（计时暂停中）"
    else:
        game.deadline = end
        when = f"截止 {deadline_text(end, ctx.at, game.options)}"
    owing = sorted(game.pending())
    what = f"还没投票的 {'、'.join(f'{s}号' for s in owing)} 请投票，{when}。" if owing else "大家都已投票。"
    ctx.group(f"{lead}发言结束。{what}", "turn")
    ctx.judge(f"{game.rules.phase_label(game.state)} 轮流发言结束")


def _yield(game: Game, ctx: Ctx, inp: Input) -> None:
    """/过: the speaker ends his turn; anyone else is told whose turn it is."""
    seat = need_seat(game, inp.actor)
    if not running(game):
        raise Refusal("现在没有轮流发言：/过 只在快速节奏的白天、轮到你发言时使用。")
    now = speaker(game)
    if seat != now:
        raise Refusal(f"现在轮到 {game.seat_name(now)} 发言，不是你：轮到你时机器人会 @ 你。")
    ctx.judge(f"{game.seat_name(seat)} 发言完毕（/过）")
    _start_turn(game, ctx, "")


class Speaking(Part):
    key = "speaking"
    inputs = {"turn": _yield}

    def new_state(self) -> Turns:
        return Turns()

    def request(self, game: Game, ctx: Ctx, order: list[int], seconds: int) -> None:
        request(game, ctx, order, seconds)

    def on_enter(self, game: Game, ctx: Ctx) -> None:
        t: Turns = game.speaking
        if t.order and t.index < 0 and game.state.phase == t.phase and game.state.day == t.day:
            _start_turn(game, ctx, "")
        elif t.order:
            stop(game)  # another phase began (自爆 ended the day): no more turns

    def on_deadline(self, game: Game, ctx: Ctx) -> bool:
        if not running(game):
            return False
        seat = speaker(game)
        ctx.judge(f"{game.seat_name(seat)} 发言时间到")
        _start_turn(game, ctx, f"{seat}号 发言时间到。")
        return True

    def before_close(self, game: Game, ctx: Ctx) -> None:
        if game.speaking.order:
            stop(game)  # the phase closes (推进, 自爆): the turns with it

    def holds_open(self, game: Game) -> bool:
        return running(game) or (bool(game.speaking.order) and game.speaking.index < 0)

    def phase_note(self, game: Game, at: float) -> str:
        return f"{speaker(game)}号 发言中，本轮" if running(game) else ""


PART = Speaking()
