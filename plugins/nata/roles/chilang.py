"""赤狼⑧（狼人，[群内]）. 「该身份出现时，[群内]狼人数量必定大于总狼人数量1/2。」 业炎[午夜][0][指定]——「任意一名角色，每有
一只[群内]狼死亡，该技能次数+1。结算效果：结算目标永久获得[业炎]状态」."""

from __future__ import annotations

from ...bansha.engine import unit
from ..declared import SKILLS
from ..skill import role
from ..terms import MID, WOLF, WOLFKIND
from ..world import World
from .pack import KILL
from .zhuque import Burn


@unit("yeyan_cl", "业炎", SKILLS, phases=(MID,), help="每有一只群内狼死亡次数+1：结算目标永久获得[业炎]。", targeted=True, count=0)
class YEYAN_CL(Burn):
    def after_out(self, w: World, seat: int, own: list[str], hit) -> None:
        state = w.state
        if "群内" not in state.labels_of(seat) or state.has(seat, "超度"):  # 超度 takes the label
            return
        for red in state.holding(self.key):
            state.add_count(red, self.key, 1)
            w.ctx.judge(f"{w.ctx.name(red)}（赤狼）业炎次数+1")


ROLE = role("赤狼", WOLF, WOLFKIND, 8, (KILL, YEYAN_CL), tags=("群内",), blurb="群内狼死亡后积累业炎。",
            note="该身份出现时，群内狼人数量必定大于总狼人数量的一半。")
