"""What a 纳塔 skill may call while it resolves: the declared interfaces of the game's procedures.

A skill's behaviour (roles/) gets a `World` — one input's context and state plus four procedures, each an
object of its own (turn.py puts them together):

- `Statuses` (statuses.py): a status lands under the text's rules, and the 强制 skills' statuses follow them;
- `Targets` (targets.py): the [指定] chain from 选择目标 to 结算目标 (engine/mechanics/redirect.py);
- `Deaths` (deaths.py): the three-step 出局结算 (engine/mechanics/death.py's World), revival, 翻牌, the death lists;
- `Night` (night.py): the plans of a sub-phase resolved in order.ORDER, and 凌晨's count.

Skills never reach the ruleset or the engine's game: only these, `ctx` and `state`.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..bansha.engine import Ctx
from ..bansha.engine.mechanics.death import Hit
from .state import Death, NataState, Plan
from .terms import PERM


class Statuses(Protocol):
    def grant(self, seat: int, name: str, until: str = PERM, source: int = 0, *, tell: bool | None = None,
              data: dict | None = None, skill: str = "") -> bool:
        """Put a status on a seat under the text's rules; True if it took."""

    def sync(self) -> None:
        """Keep the statuses of 强制 skills in step with the skills in force."""

    @staticmethod
    def ends(until: str) -> str:
        """The text's words for a duration (永久, 持续至下一个夜晚开始…)."""


class Targets(Protocol):
    def land(self, user: int, key: str, chosen: tuple[int, ...] | list[int]) -> list[int | None]:
        """Each 选择目标 of a [指定] skill → its 结算目标, or None where [隐身] stops it."""

    def note_used(self, name: str) -> None:
        """A skill name used tonight (守夜 lists them)."""


class Deaths(Protocol):
    def hit(self, hit: Hit) -> str:
        """Damage through the 出局结算 (at night 指杀/穿透 wait for 凌晨's count)."""

    def lethal(self, target: int, source: int, skill: str, **data: Any) -> str:
        """[致死伤害] from a skill."""

    def reveal(self, seat: int, quiet: bool = False) -> None:
        """翻牌: the actual role becomes public."""

    def revive(self, seat: int) -> None: ...

    def publish(self, deaths: list[Death], title: str) -> None:
        """Announce deaths (and 遗言 already given); they stop being valid targets."""

    def after_out(self, seat: int, own: list[str], hit: Hit | None) -> None:
        """Step 3's 连带效果 (order.MOMENTS['after_out'])."""

    def leaving(self, seat: int) -> None:
        """A seat leaves outside the 出局结算 (红牌罚下)."""

    def wolf_hurt(self, hit: Hit, result: str) -> bool: ...

    def unannounced(self) -> list[Death]: ...

    def by_ring(self, deaths: list[Death]) -> list[Death]: ...


class Night(Protocol):
    def step(self, step: Any) -> None:
        """A skill's step of order.ORDER (an order.Step): the moments it lists."""

    def run_plans(self, key: str) -> None:
        """The submitted plans of one skill, in 电梯楼 order."""

    def run(self, plan: Plan) -> None: ...

    def doomed(self) -> list[int]:
        """Who would go out tonight if 凌晨's count were made now (神女秘法)."""

    def count(self) -> None:
        """凌晨: 电梯楼顺序统计出局名单."""


class World(Protocol):
    ctx: Ctx
    state: NataState
    status: Statuses
    targets: Targets
    deaths: Deaths
    night: Night

    def settle(self) -> None:
        """After a change: skills that fail, statuses that follow, factions that lose."""

    def fork(self, ctx: Any, state: NataState) -> World:
        """The same procedures over another context and state (a look ahead on a copy)."""

    def answering(self, name: str) -> tuple[Any, ...]:
        """The skills answering a moment of order.MOMENTS, in order (skill.NataSkill)."""

    def random_living(self, exclude: tuple[int, ...] = ()) -> int:
        """A living, targetable seat at random (a 强制 choice nobody made), or 0."""
