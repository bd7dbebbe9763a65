"""长老: survives the wolves' first attack ("长老在第一次受到狼人袭击时，并不会死亡。只有在被狼人第二次袭击时，长老才
会被杀害"); killed by the village (投票处决、猎人的子弹、女巫的毒药), he takes every power but the wolves' ("所有平民
(除狼之外的其他角色)都将失去他们的特殊能力。如果白痴的身份卡已经翻开，则他将离开游戏。"; option 长老诅咒)."""

from __future__ import annotations

from ..book import BOOK, Dawn, Departure, WerewolfRole, WerewolfUnit
from ..state import WerewolfState
from ..terms import CURSE, GOD, GOOD, VILLAGE_KILLS
from ..world import World


class Elder(WerewolfRole):
    def tells(self, state: WerewolfState, seat: int) -> list[str]:
        return ["你已经挡下过一次狼人袭击，下一次将会致命。" if state.elder_hits else "你还能挡下一次狼人袭击。"]

    def marks(self, state: WerewolfState, seat: int) -> list[str]:
        return [f"挡过狼刀 {state.elder_hits} 次"] if state.elder_hits else []


def _announced(dep: Departure, deps: list[Departure], state: WerewolfState) -> bool:
    """Told once, for the first 长老 of these departures killed by the village."""
    first = next(d for d in deps if state.role(d.seat) == "长老" and d.cause in VILLAGE_KILLS)
    return first is not dep


ELDER = BOOK.role(Elder(
    "长老", GOOD, (), "第一次被狼人袭击时不会死亡。若你被好人误杀（投票、猎人、毒药），除狼人外所有角色失去特殊能力。", GOD,
))


@BOOK.unit("elder", "挡刀", mandatory=True)
class FIRST_ATTACK(WerewolfUnit):
    """The 长老's passive, his step of the night: never typed, counted at dawn."""

    def dawn(self, w: World, dawn: Dawn) -> None:
        """An attack the guard stopped or the witch's 灵药 undid costs him nothing ("如果长老被女巫的灵药救活，则只能
        救活一条命")."""
        state = w.state
        elder = state.holder("长老")
        if elder and dawn.deaths.get(elder) == ["狼人杀害"] and state.elder_hits == 0:
            state.elder_hits = 1
            dawn.elder_hit = elder
            del dawn.deaths[elder]
            dawn.both.discard(elder)
            dawn.notes.append(f"{elder}号（长老）挡下了第一次狼人袭击")

    def morning(self, w: World, dawn: Dawn) -> None:
        if dawn.elder_hit:
            w.ctx.seat(dawn.elder_hit, "昨晚你被狼人袭击，但作为长老挡下了这一次；下一次狼人袭击将会致命。")


@BOOK.unit("curse", "诅咒", mandatory=True)
class ELDER_CURSE(WerewolfUnit):
    """The 长老's curse, asked of every departure (order.MOMENTS): killed by the village, he takes every power
    but the wolves' (option 长老诅咒); a flipped 白痴 leaves with it."""

    def chain(self, w: World, dep: Departure) -> list[Departure]:
        state = w.state
        if state.role(dep.seat) != "长老" or dep.cause not in VILLAGE_KILLS or state.cursed:
            return []
        state.cursed = True
        return [Departure(s, CURSE) for s in state.holders("白痴") if state.alive[s] and state.revealed(s)]

    def announce(self, w: World, dep: Departure, deps: list[Departure]) -> None:
        ctx, state = w.ctx, w.state
        if state.role(dep.seat) != "长老" or dep.cause not in VILLAGE_KILLS or not state.cursed:
            return
        if _announced(dep, deps, state):
            return
        who = "除狼人外的所有角色" if state.curse_scope == "除狼人外" else "好人阵营的所有角色"
        text = f"{ctx.name(dep.seat)} 是长老，被好人误杀：{who}失去了特殊能力。"
        gone = [d.seat for d in deps if d.cause == CURSE]
        if gone:
            text += f"已翻牌的白痴 {'、'.join(ctx.name(s) for s in gone)} 离开了游戏。"
        ctx.group(text, "reveal", {"out": tuple(gone)})
        ctx.judge(f"{ctx.name(dep.seat)}（长老）被好人误杀：{who}失去特殊能力")
