"""笨鸟先飞：「選擇后立即發動，獲得除此本能外的任意一個隨機本能，並獲得一點護盾；類型：由隨機得到的本能決定」。
The drawn 本能 comes from those not banned (一局被禁用的本能不应出现)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...bansha.engine import Ctx
from ..book import INSTINCTS
from ..power import Instinct, instinct

if TYPE_CHECKING:
    from ..state import BeastState


@instinct("笨鸟先飞", "", "", "early_bird",
          "选择后立即发动：获得除此本能外的一个随机本能（未被禁用的），并获得1个护盾；形态和类型由得到的本能决定。", traditional="笨鳥先飛")
class EARLY_BIRD(Instinct):
    def picked(self, ctx: Ctx, st: BeastState, seat: int) -> tuple[str, list[str]]:
        pool = [name for name in INSTINCTS if name != self.name and name not in st.banned]
        held = ctx.rng.choice(pool)
        st.shields[seat] += 1
        return held, [f"笨鸟先飞立即发动：你获得了本能「{held}」和1个护盾。"]
