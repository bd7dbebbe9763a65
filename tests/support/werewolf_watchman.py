"""守夜人 — not a role of 002: the worked example of docs/new-game.md, added to 狼人杀 as any new role is, by
this one module (plus its step in order.NIGHT_ORDER and its card in boards.CARDS, which
tests/games/werewolf/test_werewolf_new_role.py adds for the length of a test). It 巡视s one other player a
night by PM; at dawn it learns whether the wolves attacked that player (saved or not).

It shows each part a role writes: its unit (the declaration as fields, a check — once a night —, the effect,
kept in `state.tonight`, so no new state field, and its step's moment `morning`: after the dawn's deaths are
announced) and its line in /身份 (`records`, kept all game)."""

from __future__ import annotations

from plugins.bansha.engine import ALIVE_OTHER, Action, Ctx
from plugins.werewolf.book import BOOK, Dawn, OncePerNight, WerewolfRole
from plugins.werewolf.state import WerewolfState
from plugins.werewolf.terms import GOD, GOOD, NIGHT
from plugins.werewolf.world import World


@BOOK.unit(
    "patrol", "巡视", pm_only=True, phases=(NIGHT,), target_rule=ALIVE_OTHER,
    help="每晚私聊巡视一名其他玩家；天亮时得知他昨晚是否遭到狼人袭击。",
)
class PATROL(OncePerNight):
    def resolve(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        state.tonight["patrol"] = (seat, action.targets[0])
        state.done.add(seat)
        ctx.seat(seat, f"你今晚巡视 {ctx.name(action.targets[0])}。")
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（守夜人）巡视 {ctx.name(action.targets[0])}")

    # --- its step of the night: NightStep("patrol", "守夜人", NIGHT, moments=("morning",)) ----------------------
    def morning(self, w: World, dawn: Dawn) -> None:
        state, ctx = w.state, w.ctx
        if "patrol" not in state.tonight:
            return
        seat, target = state.tonight["patrol"]
        result = "遭到了狼人袭击" if state.kill == target else "没有遭到狼人袭击"
        state.records.setdefault("patrol", []).append((state.day, target, result))
        if state.alive[seat]:
            ctx.seat(seat, f"巡视结果：{ctx.name(target)} 昨晚{result}。", "check")


class Watchman(WerewolfRole):
    def tells(self, state: WerewolfState, seat: int) -> list[str]:
        got = "；".join(f"第{n}夜 {t}号：{r}" for n, t, r in state.records.get("patrol", []))
        return [f"巡视记录：{got or '暂无'}。"]


WATCHMAN = BOOK.role(Watchman("守夜人", GOOD, (PATROL,), "每晚巡视一名玩家，天亮时得知他是否遭到狼人袭击。", GOD))
