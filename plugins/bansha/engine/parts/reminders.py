"""Reminders before a deadline: private ones for owed private actions, public countdowns for public acts.

- `提醒` (one lead): each seat that still owes an action gets a private reminder (night actions stay private);
- `公开提醒` (leads such as 2h and 30m in forum play, 30s in quick play): a countdown in the group naming
  with @ the living players who still owe a public act (a vote, a 警长 vote), never anything that shows a
  role; at the same moment, every seat at risk of a 潜水 card is warned privately in time to avoid it.

One "remind" input per reminder moment; the game arms the next moment after each (engine/game/__init__.py, from
every part's `reminder_leads`). An engine part (engine/parts/__init__.py) over forum play. Pure: time is the input's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import mention
from ..core.phases import deadline_text
from ..game.part import Part
from . import forum, lurk, speaking

if TYPE_CHECKING:
    from ..game import Game
    from ..game.ctx import Ctx


def leads(game: Game) -> tuple[set[int], set[int]]:
    """(private leads, public leads) in seconds before the deadline."""
    private = {int(forum.opt(game, "提醒"))} - {0}
    public = {int(x) for x in (forum.opt(game, "公开提醒") or ()) if x}
    return private, public


def remind(game: Game, ctx: Ctx, lead: float) -> None:
    """The reminders due `lead` seconds before the deadline: private, public, or both."""
    private, public = leads(game)
    if any(abs(lead - p) < 1 for p in private):
        for seat in sorted(game.pending()):
            ctx.seat(seat, forum.pending_text(game, seat), "remind")
    if any(abs(lead - p) < 1 for p in public):
        countdown(game, ctx)
        lurk_warnings(game, ctx)


def owing(game: Game) -> list[int]:
    """Living seats that still owe a public act: today's vote, or a vote phase's ballot (警长投票)."""
    state = game.state
    if forum.in_discussion(game):
        return [s for s in state.living() if forum.may_vote(game, s) and s not in game.forum.voted]
    out = []
    for seat in sorted(game.pending()):
        legal = game.legal(seat)
        if legal and all(c.skill.name == "投票" for c in legal):  # a vote phase: owing it is public
            out.append(seat)
    return out


def countdown(game: Game, ctx: Ctx) -> None:
    seats = owing(game)
    if not seats:
        return  # nobody to remind: no post
    label = game.rules.phase_label(game.state)
    names = "、".join(f"{mention(game.qq_of(s))}{s}号" for s in seats)
    ctx.group(f"【提醒】{label}：截止 {deadline_text(game.deadline, ctx.at, game.options)}。还没投票：{names}", "remind")


def lurk_warnings(game: Game, ctx: Ctx) -> None:
    """Before an automatic 潜水 card: each seat at risk hears, privately, what it still needs."""
    fs = game.forum
    if not forum.in_discussion(game) or not forum.opt(game, "潜水") or fs.accelerated:
        return
    close = deadline_text(game.deadline, ctx.at, game.options)
    for seat in game.state.living():
        needs = []
        posts = fs.posts.get(seat, 0)
        bar, _, owes_vote = lurk.lurk_quota(game, seat, game.deadline)  # a 替补's share of the day
        if posts < bar:
            needs.append(f"今天你发言 {posts} 帖，关门前还需 {bar - posts} 帖")
        if forum.opt(game, "未投票黄牌") and owes_vote and seat not in fs.voted and forum.may_vote(game, seat):
            needs.append("你今天还没有投票")
        if needs:
            ctx.seat(seat, f"提醒：{'；'.join(needs)}。请在关门（{close}）前补上，否则会因潜水被判黄牌。", "remind")


class Reminders(Part):
    key = "reminders"

    def reminder_leads(self, game: Game) -> set[float]:
        if speaking.running(game):
            return set()  # a turn's end is no deadline of anyone's: the vote is reminded once the turns are over
        private, public = leads(game)
        return set(private | public)

    def on_remind(self, game: Game, ctx: Ctx, lead: float) -> None:
        remind(game, ctx, lead)


PART = Reminders()
