"""守卫: 守护 one player a night against the wolves (not the poison); himself allowed, never the same player two
nights running; guarding the 小女孩 is void (002: 守卫不可以守护小女孩; option 守护小女孩)."""

from __future__ import annotations

from ...bansha.engine import ALIVE, Action, Ctx
from ..book import BOOK, Dawn, OncePerNight, WerewolfRole
from ..state import WerewolfState
from ..terms import GOD, GOOD, NIGHT
from ..world import World


@BOOK.unit(
    "guard", "守护", pm_only=True, aliases=("守",), phases=(NIGHT,), target_rule=ALIVE,
    help="每晚守护一人，他今晚不会被狼人杀害（挡不住毒药）；可以守护自己，不能连续两晚守护同一个人；守护小女孩无效。",
)
class GUARD(OncePerNight):
    def target(self, state: WerewolfState, seat: int, target: int) -> str | None:
        if target == state.last_guarded:
            return f"不能连续两晚守护同一个人（昨晚守护的是 {target}号）。"
        if state.guard_girl == "拒绝" and state.role(target) == "小女孩":
            return "守卫不可以守护小女孩。"
        return None

    def resolve(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        target = action.targets[0]
        state.guarded = target
        state.guards.append((state.day, target))
        state.done.add(seat)
        ctx.seat(seat, f"你今晚守护 {ctx.name(target)}。")
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（守卫）守护 {ctx.name(target)}")

    # --- its step of the night (order.NIGHT_ORDER) ---------------------------------------------------------
    def dawn(self, w: World, dawn: Dawn) -> None:
        state = w.state
        if state.guarded:
            if state.role(state.guarded) == "小女孩":  # 002: 守卫不可以守护小女孩
                dawn.notes.append(f"守护 {state.guarded}号（小女孩）无效")
            else:
                dawn.protected.add(state.guarded)

    def morning(self, w: World, dawn: Dawn) -> None:
        w.state.last_guarded = w.state.guarded  # not the same player two nights running


class Guard(WerewolfRole):
    def tells(self, state: WerewolfState, seat: int) -> list[str]:
        got = "；".join(f"第{n}夜 {t}号" for n, t in state.guards)
        lines = [f"守护记录：{got or '暂无'}。"]
        if state.last_guarded and state.phase == NIGHT:
            lines.append(f"今晚不能守护 {state.last_guarded}号。")
        return lines

    def facts(self, state: WerewolfState, seat: int) -> list[str]:
        return ["守护：" + "；".join(f"第{n}夜 {t}号" for n, t in state.guards)] if state.guards else []


GUARD_ROLE = BOOK.role(Guard(
    "守卫", GOOD, (GUARD,), "每晚守护一人不被狼人杀害；可以守护自己，不能连续两晚守护同一个人，不能守护小女孩。", GOD,
))
