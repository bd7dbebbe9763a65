"""姿态: a 抉择 skill switched on at 黄昏 for the night (强力攻击, 狂暴, 疾风连击, 连射), or a 被动 one always in force
(武器专攻). Its numbers add to the holder's AB, AC, melee damage and number of attacks; some leave a condition when
they end (狂暴 → 疲惫) or cannot be switched on under one (疲惫)."""

from __future__ import annotations

from typing import Any

from ...bansha.engine import unit
from ..effect import Effect
from ..spec import SkillSpec


@unit("stance", "姿态", kinds=("抉择", "被动"),
      optional=("ab", "ac", "damage", "extra_attacks", "after", "after_nights", "blocked_by"), stance=True)
class STANCE(Effect):
    def refuses(self, st: Any, seat: int, spec: SkillSpec) -> str | None:
        if spec.blocked_by and st.has(seat, spec.blocked_by):
            return f"你处于{spec.blocked_by}状态，不能开启「{spec.name}」。"
        return None

    def aftermath(self, night: Any, seat: int, spec: SkillSpec) -> None:
        if spec.after and spec.kind == "抉择":  # it ends with the night: the condition covers the nights after
            night.afflict(seat, seat, spec.after, spec.after_nights + 1)
