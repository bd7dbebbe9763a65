"""守墓人 — not a role of 002: docs/new-game.md's worked example of a role, added to 狼人杀 as any new role is, by
this one module plus its step in order.NIGHT_ORDER and its card in boards.CARDS (which
tests/guide/test_guide_role.py adds for the length of a test). Each night, as the night's main sub-phase closes,
the 守墓人 learns whether the player the vote exiled the day before was a 好人 or a 狼人.

A passive role: no skill to type, so no prompt and nobody waits for him; his unit writes one moment, `close`,
which runs because his step of the night lists it."""

from __future__ import annotations

from plugins.werewolf.book import BOOK, WerewolfRole, WerewolfUnit
from plugins.werewolf.state import WerewolfState
from plugins.werewolf.terms import FATE, GOD, GOOD, VOTE, WOLF
from plugins.werewolf.world import World


# --- guide: role ---
@BOOK.unit("grave", "守墓", mandatory=True)
class GRAVE(WerewolfUnit):
    """The 守墓人's passive, his step of the night: NightStep("grave", "守墓人", NIGHT, moments=("close",))."""

    def close(self, w: World) -> None:
        state, ctx = w.state, w.ctx
        keeper = state.holder("守墓人")
        if not keeper or state.day == 1 or state.powerless(keeper):
            return
        yesterday = f"第{state.day - 1}天{FATE[VOTE]}"
        exiled = [s for s in range(1, state.n + 1) if state.fates.get(s) == yesterday]
        for seat in exiled:
            camp = "狼人" if state.kind(seat) == WOLF else "好人"
            state.records.setdefault("grave", []).append((state.day - 1, seat, camp))
            ctx.seat(keeper, f"守墓：昨天被放逐的 {ctx.name(seat)} 是【{camp}】。", "check")
        if not exiled:
            ctx.seat(keeper, "守墓：昨天没有人被投票放逐。")


class Gravekeeper(WerewolfRole):
    def tells(self, state: WerewolfState, seat: int) -> list[str]:
        got = "；".join(f"第{d}天 {s}号：{camp}" for d, s, camp in state.records.get("grave", []))
        return [f"守墓记录：{got or '暂无'}。"]


GRAVEKEEPER = BOOK.role(Gravekeeper(
    "守墓人", GOOD, (), "每晚得知上一个白天被投票放逐的玩家是好人还是狼人。", GOD,
))
# --- end ---
