"""盗贼: the deck holds two more cards than players; on the first night, woken first ("在第一个夜晚，盗贼将最先被
唤醒"), he sees the two spares and may take one — he must when both are wolves; not swapping, he is a 平民."""

from __future__ import annotations

from ...bansha.engine import Action, Ctx, Refusal
from ..book import BOOK, OncePerNight, WerewolfRole
from ..state import WerewolfState
from ..terms import GOOD, THIEF, VILLAGER, WOLF, WOLF_TEAM
from ..views import intro, intro_facts
from ..world import World


@BOOK.unit(
    "swap", "交换", pm_only=True, aliases=("换牌",), phases=(THIEF,), targets=0, words=("1", "2"),
    help="第一夜看两张底牌，可以换成其中一张：/技能 交换 1 或 2；不换请 /放弃。两张都是狼时必须换一张。",
)
class SWAP(OncePerNight):
    def resolve(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        if not action.words:
            raise Refusal("请写明换哪一张：/技能 交换 1 或 /技能 交换 2。")
        _swap(ctx, state, seat, int(action.words[0]) - 1)

    # --- its step of the first night (order.NIGHT_ORDER) -----------------------------------------------------
    def wake(self, w: World) -> None:
        ctx, state = w.ctx, w.state
        thief = state.holder("盗贼")
        if not thief:
            return
        a, b = state.spares
        if forced_swap(state):
            how = "两张都是狼，你必须交换其中一张：/技能 交换 1 或 /技能 交换 2（超时由机器人随机替你选一张）。"
        else:
            how = "可以 /技能 交换 1 或 /技能 交换 2 换成其中一张；不换请 /放弃（你将作为一名没有技能的平民）。"
        ctx.seat(thief, f"第1夜：两张底牌是 1.【{a}】 2.【{b}】。{how}", "role", {"spares": (a, b)})

    def close(self, w: World) -> None:
        """Nobody chose: two wolves are swapped at random, else he stays a 平民."""
        ctx, state = w.ctx, w.state
        thief = state.holder("盗贼")
        if not thief or thief in state.removed:
            return
        if forced_swap(state):
            _swap(ctx, state, thief, ctx.rng.below(2), note="超时：机器人替你随机选择，")
        else:
            ctx.seat(thief, "你没有交换底牌，作为一名没有技能的平民继续游戏。")
            ctx.judge(f"第1夜 {ctx.name(thief)}（盗贼）没有交换底牌")

    def owes(self, state: WerewolfState) -> set[int]:
        thief = state.holder("盗贼")
        return {thief} - state.done if thief else set()

    def holder(self, state: WerewolfState) -> int | None:
        """He may have swapped his card away already: the seat dealt the 盗贼 still acts in this sub-phase."""
        if "盗贼" not in state.dealt:
            return None
        thief = state.dealt.index("盗贼")
        return thief if state.alive[thief] else 0


class Thief(WerewolfRole):
    def tells(self, state: WerewolfState, seat: int) -> list[str]:
        if state.spares and state.day == 1 and state.phase == THIEF:
            return [f"两张底牌：1.【{state.spares[0]}】 2.【{state.spares[1]}】。"]
        return []


THIEF_ROLE = BOOK.role(Thief(
    "盗贼", GOOD, (SWAP,), "第一夜看两张底牌，可以换成其中一张（两张都是狼时必须换）；不换则是一名平民。", VILLAGER,
))


def forced_swap(state: WerewolfState) -> bool:
    return len(state.spares) == 2 and all(BOOK.roles[c].kind == WOLF for c in state.spares)


def refuse_pass(state: WerewolfState, seat: int) -> None:
    """/放弃 with two wolves among the spares: he must take one."""
    if state.phase == THIEF and seat == state.holder("盗贼") and forced_swap(state):
        raise Refusal("两张底牌都是狼，你必须交换其中一张：/技能 交换 1 或 /技能 交换 2。")


def _swap(ctx: Ctx, state: WerewolfState, seat: int, index: int, note: str = "") -> None:
    new = state.spares[index]
    state.spares[index] = state.roles[seat]
    state.roles[seat] = new
    state.done.add(seat)
    ctx.seat(seat, f"{note}你换成了底牌【{new}】。\n" + intro(state, seat), "role", intro_facts(state, seat))
    ctx.judge(f"第1夜 {ctx.name(seat)}（盗贼）{note}换成了【{new}】")
    if BOOK.roles[new].kind == WOLF:
        mates = [w for w in state.wolves() if w != seat]
        ctx.team(WOLF_TEAM, mates, f"【{WOLF_TEAM}】盗贼 {ctx.name(seat)} 换成了{new}，成为你们的狼队友。", "team",
                 {"mate": seat})
