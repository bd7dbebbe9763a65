"""Leaving the game (退出游戏): killed, dead of wounds, or sent off by the judge; and the grapples a seat's fall
ends. A kill scores for the killer's faction (scoring.killed)."""

from __future__ import annotations

from typing import Any

from ..bansha.engine import Ctx
from .scoring import killed
from .state import TavernState


def die(ctx: Ctx, st: TavernState, night: Any, seat: int, killer: int, how: str) -> None:
    """The seat leaves the game (`night`: the Night (night.py, which calls this) during which it happens; None: by
    the judge's hand)."""
    st.alive[seat] = False
    when = f"第{st.day}夜" if night is not None else f"第{st.day}轮"
    st.fates[seat] = f"{when}{how}" + (f"（{killer}号）" if killer else "")
    st.wound_rolls.pop(seat, None)
    st.downed_by.pop(seat, None)
    break_grapples(ctx, st, night, seat)
    ctx.died(seat)
    if night is not None:
        night.dead.append(seat)
    if st.grail == seat:
        st.grail = 0  # it stays on the body: out of play for the rest of the night
    if killer:
        killed(ctx, st, killer, seat)


def break_grapples(ctx: Ctx, st: TavernState, night: Any, seat: int) -> None:
    """A grapple ends when either side goes down (受伤) or leaves the game (`night`: the Night, or None)."""
    for g, t in sorted(st.grapples.items()):
        if seat in (g, t):
            del st.grapples[g]
            ctx.judge(f"{ctx.name(g)} 对 {ctx.name(t)} 的擒抱解除")
            if night is not None and st.alive[g] and g != seat:
                night.note(g, f"你对 {ctx.name(t)} 的擒抱解除了。")
