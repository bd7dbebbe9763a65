"""吹笛者: a side of his own — each night he 迷惑s two players not yet charmed; when every living player is
charmed he wins alone (verdict.py). The charm lands at dawn, on those who live to see it."""

from __future__ import annotations

from ...bansha.engine import ALIVE_OTHER, Action, Ctx
from ..book import BOOK, Dawn, OncePerNight, WerewolfRole
from ..state import WerewolfState
from ..terms import NIGHT, PIPER, SOLO, seats_text
from ..world import World


@BOOK.unit(
    "charm", "迷惑", pm_only=True, aliases=("魅惑", "吹笛"), phases=(NIGHT,), targets=2, min_targets=1,
    target_rule=ALIVE_OTHER,
    help="每晚迷惑两名还没被迷惑的玩家（不能迷惑自己）；活着的玩家全部被迷惑时你独自获胜。",
)
class CHARM(OncePerNight):
    def target(self, state: WerewolfState, seat: int, target: int) -> str | None:
        return f"{target}号 已经被迷惑了。" if target in state.charmed else None

    def resolve(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        state.charming = sorted(action.targets)
        state.done.add(seat)
        ctx.seat(seat, f"你今晚迷惑 {'、'.join(ctx.name(t) for t in state.charming)}。")
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（吹笛者）迷惑 {'、'.join(ctx.name(t) for t in state.charming)}")

    # --- its step of the night (order.NIGHT_ORDER) ---------------------------------------------------------
    def dawn(self, w: World, dawn: Dawn) -> None:
        dawn.charm = list(w.state.charming)

    def morning(self, w: World, dawn: Dawn) -> None:
        """The charm lands on those who live to see the dawn; every charmed player learns who else is."""
        ctx, state = w.ctx, w.state
        newly = [t for t in dawn.charm if state.alive[t] and t not in state.charmed]
        state.charmed.extend(newly)
        if newly:
            charmed = [s for s in state.charmed if state.alive[s]]
            for s in charmed:
                ctx.seat(
                    s,
                    f"【迷惑】你被吹笛者迷惑了。目前被迷惑的玩家：{'、'.join(ctx.name(c) for c in charmed)}。",
                    "charm",
                )


class Piper(WerewolfRole):
    def tells(self, state: WerewolfState, seat: int) -> list[str]:
        return [f"已被你迷惑的玩家：{seats_text(state.charmed)}。"]


PIPER_ROLE = BOOK.role(Piper(
    "吹笛者", PIPER, (CHARM,), "每晚迷惑两名玩家；活着的玩家全部被你迷惑时你独自获胜，其余所有人都输。", SOLO,
))
