"""白狼王⑩（狼人，[群内]）: 神风突击[正午][指定][翻牌]——「除竞选日外的游戏日白天，可选任意1名角色。发动效果：发动者承受[致死
伤害]，若发动者因此出局，则当天[封锁投票]，本技能造成的出局若有遗言，则遗言必须强制留空。结算效果：结算目标承受[致死伤害]，若
结算目标是警长且因此出局，则下一任警长继位由白狼王选择传位给谁」."""

from __future__ import annotations

from ...bansha.engine import Action, unit
from ..declared import SKILLS
from ..skill import NataSkill, role
from ..state import NataState
from ..terms import NOON, WOLF, WOLFKIND
from ..world import World
from .pack import KILL


@unit("shenfeng", "神风突击", SKILLS, phases=(NOON,), help="翻牌（私聊使用，群里只公示翻牌与出局）：你承受致死伤害，若因此出局当天封锁"
       "投票；目标承受致死伤害。", targeted=True, flip=True, no_election=True, instant=True)
class SHENFENG(NataSkill):
    def blocked(self, state: NataState, seat: int) -> str | None:
        return "你的实际身份已经公开，不能再翻牌。" if seat in state.revealed else None

    def use(self, w: World, seat: int, action: Action) -> None:
        """翻牌; 发动效果 first (self 致死伤害, 封锁投票), then the target."""
        state, ctx = w.state, w.ctx
        w.deaths.reveal(seat)
        ctx.judge(f"{ctx.name(seat)}（白狼王）神风突击 {ctx.name(action.targets[0])}")
        w.deaths.lethal(seat, seat, "神风突击", blank=True)
        if not state.alive[seat]:
            state.blockade = True
            state.box.clear()
            ctx.group("本次正午封锁投票：放逐投票关闭，已经进行的放逐投票无效。", "reveal")
        final = w.targets.land(seat, "shenfeng", action.targets)[0]
        if final is not None:
            w.deaths.lethal(final, seat, "神风突击", blank=True, heir_by=seat)


ROLE = role("白狼王", WOLF, WOLFKIND, 10, (KILL, SHENFENG), tags=("群内",), blurb="正午翻牌神风突击，与目标同归于尽。")
