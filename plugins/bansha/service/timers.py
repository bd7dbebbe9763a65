"""A game's deadline and reminder, set through the scheduler the QQ layer injects (qq/clock.py).

What each job is set to is kept, so an input that changes no timer (most votes and night actions) costs no
scheduler call, and a job never set in this process is not taken back.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.game import Game

Arm = Callable[[str, int, float, int], None]  # (job kind, game id, when, phase_no)
Disarm = Callable[[str, int], None]  # (job kind, game id)


class Timers:
    def __init__(self, arm: Arm, disarm: Disarm):
        self.arm = arm  # the scheduler itself: a job set here is not remembered (a retry, the AI seats' job)
        self.disarm = disarm
        self._armed: dict[int, dict[str, tuple]] = {}  # game -> job -> (when, phase_no) it is set to

    def rearm(self, game: Game) -> None:
        """Set the game's deadline and reminder as its state says (taken back when paused, over or ended)."""
        live = game.status in ("running", "signup") and not game.paused  # (sign-up: the roster's moment)
        armed = self._armed.setdefault(game.gid, {})
        for job, when in (("deadline", game.deadline), ("remind", game.remind_at)):
            want = (when, game.phase_no) if live and when is not None else None
            if armed.get(job, False) == want:
                continue  # most inputs (votes, night actions) change no timer
            if want is not None:
                self.arm(job, game.gid, when, game.phase_no)
            elif job in armed:  # never armed in this process: nothing to take back
                self.disarm(job, game.gid)
            armed[job] = want

    def arm_deadline(self, gid: int, when: float, phase_no: int) -> None:
        """A deadline from a game's row, before the game is rebuilt (service/restore.py)."""
        self.arm("deadline", gid, when, phase_no)
        self._armed.setdefault(gid, {})["deadline"] = (when, phase_no)

    def forget(self, gid: int) -> None:
        """The game is gone from here: none of its jobs fires in this process."""
        for job in ("deadline", "remind", "ai"):
            self.disarm(job, gid)
        self._armed.pop(gid, None)
