"""When a game next reminds anyone (the parts' own moments and their leads before a deadline), and the reminder
input itself. `game` is an engine Game (named in words: this module sits below it)."""

from __future__ import annotations

from typing import Any

from ..core import Input, Refusal
from . import part as parts
from .lifecycle import RUNNING, SIGNUP


def set_reminder(game: Any, at: float) -> None:
    game.remind_at = next_reminder(game, at, entering=True)


def next_reminder(game: Any, at: float, *, entering: bool) -> float | None:
    """The next reminder moment after `at`: every part's own moments (in sign-up too), and its leads before
    the deadline. On entering a phase (or a moved deadline) a lead counts only if the phase is long enough for
    it to mean something (> 1.5 × the lead)."""
    if game.status not in (SIGNUP, RUNNING) or game.paused:
        return None
    moments = [m for p in parts.writing("moments") for m in p.moments(game) if m > at + 0.5]
    if game.status == RUNNING and game.deadline is not None:
        left = game.deadline - at
        leads = {lead for p in parts.installed() for lead in p.reminder_leads(game) if lead}
        moments += [game.deadline - lead for lead in leads
                    if (left > lead * 1.5 if entering else game.deadline - lead > at + 0.5)]
    return min(moments) if moments else None


def remind(game: Any, ctx: Any, inp: Input) -> None:
    """The reminder moment came (an input the scheduler sends): every part says its piece."""
    if (game.status not in (SIGNUP, RUNNING) or game.paused or inp.arg("phase_no") != game.phase_no
            or game.remind_at is None):
        raise Refusal("这个提醒已经过期了。")
    lead = game.deadline - game.remind_at if game.deadline is not None else 0
    for part in parts.installed():
        part.on_remind(game, ctx, lead)
    game.remind_at = next_reminder(game, ctx.at, entering=False)
