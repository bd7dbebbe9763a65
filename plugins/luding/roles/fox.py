"""妖狐: a camp of his own. 魅惑 (step I), 狡黠 (never turned by 感染) and 咒缚 (out when 预言 names him)."""

from __future__ import annotations

from ...bansha.engine import ALIVE_OTHER, PLAN
from ..book import BOOK, LudingRole, LudingSkill, chosen_once, once_a_game
from ..state import LudingState
from ..terms import CURSED, FOX, FOXROLE, NIGHT
from ..world import World


@BOOK.unit("cunning", "狡黠", targets=0, mandatory=True, help="被有效感染时不会转变阵营。")
class CUNNING(LudingSkill):
    def resists(self, w: World, seat: int, head: str) -> bool:
        w.ctx.judge(head + "妖狐<狡黠>，不转变阵营")
        return True


@BOOK.unit("curse", "咒缚", targets=0, mandatory=True, help="成为预言的目标时立即出局。")
class CURSE(LudingSkill):
    def checked(self, w: World, seat: int) -> bool:
        """咒缚: "成为预言的目标时立即出局"; the 预言 goes on unless that decided the game."""
        ctx, state = w.ctx, w.state
        ctx.judge(f"第{state.day}夜 V 妖狐 {ctx.name(seat)} 成为预言的目标，咒缚：立即出局")
        ctx.seat(seat, "你成为了预言的目标，<咒缚>：你出局了。")
        w.deaths.out(seat, CURSED)
        return state.result is not None


@BOOK.unit("charm", "魅惑", phases=(NIGHT,), target_rule=ALIVE_OTHER, submit=PLAN, pm_only=True,
           help="被魅惑的角色当晚不能发动任何非强制技能。每名角色整局只能成为魅惑的目标一次。")
class CHARM(LudingSkill):
    def target(self, state: LudingState, seat: int, target: int) -> str | None:
        return once_a_game(self, state.charms, target)

    def fox_acts(self, w: World) -> bool:
        """I 妖狐行动: the charmed character can use no non-强制 skill tonight."""
        ctx, state = w.ctx, w.state
        fox, target = state.holder(FOXROLE), state.tonight.get(self.key, 0)
        if target and state.alive[fox] and state.alive[target]:
            state.charms.append(target)
            state.charmed = target
            ctx.judge(f"第{state.day}夜 I 妖狐魅惑 {ctx.name(target)}")
        return True


class Fox(LudingRole):
    def tells(self, state: LudingState, seat: int) -> list[str]:
        return [chosen_once(CHARM, state.charms)]


FOX_ROLE = BOOK.role(Fox(
    FOXROLE, FOX, (CUNNING, CURSE, CHARM), "独自一个阵营：不会被感染转变，被预言查验时立即出局；每晚可以魅惑一人。",
))
