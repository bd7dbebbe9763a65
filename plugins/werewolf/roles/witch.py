"""女巫: 灵药 and 毒药, one bottle each a game, at most one a night; she acts after the wolves (her own sub-phase)
and learns their target while she still has the 灵药. 002: 有守卫的板子里女巫不能自救 (docs/werewolf.md)."""

from __future__ import annotations

from ...bansha.engine import ALIVE_OTHER, Action, Ctx
from ..book import BOOK, Dawn, WerewolfRole, WerewolfUnit
from ..state import WerewolfState
from ..terms import GOD, GOOD, WITCH
from ..world import World


def _one_bottle(state: WerewolfState, seat: int) -> str | None:
    if state.saved or state.poisoned:
        return "每晚只能用一瓶药，你今晚已经用过药了。"
    return "你已经放弃了今晚的行动。" if seat in state.done else None


def _potion(ctx: Ctx, state: WerewolfState, seat: int, bottle: WerewolfUnit, target: int, what: str) -> None:
    name = bottle.name
    state.use(seat, bottle.key)
    state.potions.append((state.day, name, target))
    state.done.add(seat)
    ctx.seat(seat, f"你对 {ctx.name(target)} 使用了{name}。")
    ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（女巫）使用{name}{what} {ctx.name(target)}")


@BOOK.unit(
    "save", "灵药", pm_only=True, aliases=("救药", "解药", "救"), phases=(WITCH,), min_targets=0, uses=1,
    help="救活今晚被狼人杀害的人（目标可省略）。整局一瓶，每晚最多用一瓶药。",
)
class SAVE(WerewolfUnit):
    def blocked(self, state: WerewolfState, seat: int) -> str | None:
        why = _one_bottle(state, seat)
        if why:
            return why
        if not state.witch_told:
            return "你今晚没有得知狼人的刀口，不能使用灵药。"
        if not state.kill:
            return "今晚狼人没有杀人，不需要灵药。"
        if state.kill == seat and state.has_card("守卫"):
            return "有守卫的板子里女巫不能自救。"
        return None

    def target(self, state: WerewolfState, seat: int, target: int) -> str | None:
        return "灵药只能救今晚被狼人杀害的人。" if target != state.kill else None

    def resolve(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        state.saved = action.targets[0] if action.targets else state.kill
        _potion(ctx, state, seat, self, state.saved, "救")


@BOOK.unit(
    "poison", "毒药", pm_only=True, aliases=("毒",), phases=(WITCH,), target_rule=ALIVE_OTHER, uses=1, harmful=True,
    help="毒死任意一名存活玩家。整局一瓶，每晚最多用一瓶药。",
)
class POISON(WerewolfUnit):
    def blocked(self, state: WerewolfState, seat: int) -> str | None:
        return _one_bottle(state, seat)

    def resolve(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        state.poisoned = action.targets[0]
        _potion(ctx, state, seat, self, state.poisoned, "毒")


@BOOK.unit("witch", "女巫用药", mandatory=True)
class WITCH_NIGHT(WerewolfUnit):
    """The 女巫's step of the night, her two bottles together: what she learns as her sub-phase opens, that she
    owes an answer, and the dawn's count of both bottles. Never typed (`mandatory`): her skills are the bottles."""

    def wake(self, w: World) -> None:
        """She learns the wolves' target while she still has the 灵药, and what she may do."""
        ctx, state = w.ctx, w.state
        witch = state.holder("女巫")
        if not witch or state.powerless(witch):
            return
        save_left = state.used(witch, "save") < 1
        poison_left = state.used(witch, "poison") < 1
        lines = []
        if save_left:
            state.witch_told = True
            if state.kill:
                lines.append(f"今晚被狼人杀害的是 {ctx.name(state.kill)}。")
                if state.kill == witch and state.has_card("守卫"):
                    lines.append("本局有守卫，你不能自救。")
                else:
                    lines.append("可以 /技能 灵药 救他。")
            else:
                lines.append("今晚狼人没有杀人。")
        else:
            lines.append("你已经用过灵药，不再得知狼人的刀口。")
        if poison_left:
            lines.append("可以 /技能 毒药 <目标> 毒死一人。")
        if not save_left and not poison_left:
            lines.append("你的两瓶药都已用完，发送 /放弃 即可。")
        else:
            lines.append("每晚只能用一瓶药；不用药请 /放弃。")
        ctx.seat(witch, "".join(lines), data={"victim": state.kill} if state.witch_told else None)

    def owes(self, state: WerewolfState) -> set[int]:
        # she stays pending even with both potions gone, so an early close does not tell the table she has
        # nothing left
        witch = state.holder("女巫")
        return {witch} - state.done if witch and not state.powerless(witch) else set()

    def dawn(self, w: World, dawn: Dawn) -> None:
        state = w.state
        if state.saved:
            if state.saved in dawn.protected:  # 同守同救: the two protections cancel out
                dawn.both.add(state.saved)
                dawn.deaths.setdefault(state.saved, []).append("狼人杀害")
            else:
                dawn.deaths.pop(state.saved, None)
        if state.poisoned:
            dawn.deaths.setdefault(state.poisoned, []).append("女巫毒死")


class Witch(WerewolfRole):
    def tells(self, state: WerewolfState, seat: int) -> list[str]:
        lines = []
        for name in ("灵药", "毒药"):
            use = next(((n, t) for n, p, t in state.potions if p == name), None)
            lines.append(f"{name}：" + (f"已在第{use[0]}夜对 {use[1]}号 使用" if use else "未使用") + "。")
        if state.phase == WITCH and state.witch_told:
            lines.append(f"今晚狼人杀害的是 {state.kill}号。" if state.kill else "今晚狼人没有杀人。")
        return lines

    def facts(self, state: WerewolfState, seat: int) -> list[str]:
        return ["用药：" + "；".join(f"第{n}夜 {p} {t}号" for n, p, t in state.potions)] if state.potions else []


WITCH_ROLE = BOOK.role(Witch(
    "女巫", GOOD, (SAVE, POISON), "有一瓶灵药和一瓶毒药，每瓶整局只能用一次，每晚只能用一瓶。", GOD,
))
