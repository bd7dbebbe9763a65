"""偷袭（被动）: a melee hit on a target without its 敏捷加值, or one whose turn has not come yet tonight (措手不及),
deals the skill's dice more — not on a target immune to it (直觉闪避)."""

from __future__ import annotations

from typing import Any

from ...bansha.engine import unit
from ..effect import PASSIVE_KINDS, Effect
from ..spec import SkillSpec


@unit("sneak_attack", "偷袭", kinds=PASSIVE_KINDS, required=("dice",))
class SNEAK_ATTACK(Effect):
    def melee_extra(self, night: Any, seat: int, target: int, spec: SkillSpec) -> tuple[int, str] | None:
        surprised = night.dex_bonus(target) == 0 or target not in night.acted
        if night.passive(target, "sneak_immune") is None and surprised:
            extra, text = night.dice(spec.dice)  # type: ignore[arg-type]
            return extra, f"偷袭{text}"
        return None
