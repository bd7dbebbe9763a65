"""What a class skill of 酒馆圣杯 can do: its effect, one declaration next to its behaviour.

The class sheet (classes.toml) gives every class skill an `effect` and that effect's parameters; each effect is a
small class in effects/<effect>.py under `@effect(...)`. The decorator's arguments are the declaration — the skill
kinds it fits (【技能种类说明】), the parameters it requires and allows (sheet.py checks every skill of the sheet
against them), whether it is an order given at 黄昏 — and the class body is the behaviour:

- an order: `execute`, when the order's turn comes at night (night.Night is what it works through);
- a passive or a stance: the numbers and chances it answers when combat asks (PASSIVE_HOOKS);
- `blocked` (may the holder use it now), `validate` (what the sheet must also say), and the night's end
  (`report` for the effect as a whole, `aftermath` for each holder).

A class that defines a method which is no hook is refused when the game loads; catalog.problems lists an effect
that does nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .terms import Budget

if TYPE_CHECKING:
    from .night import Night
    from .sheet import SkillSpec
    from .state import TavernState

COMMAND_KINDS = ("主动", "全局", "圣杯")
PASSIVE_KINDS = ("被动", "圣杯")
ORDER_HOOKS = ("execute",)
PASSIVE_HOOKS = ("keeps_dex", "sneak_immune", "save_bonus", "melee_extra", "theft_chance", "guard_chance",
                 "spell_bonus")
NIGHT_END_HOOKS = ("report", "aftermath")
HOOKS = ("validate", "blocked", *ORDER_HOOKS, *PASSIVE_HOOKS, *NIGHT_END_HOOKS)


@dataclass(frozen=True)
class Effect:
    key: str  # the sheet's `effect`
    kinds: tuple[str, ...]  # the skill kinds it fits
    required: frozenset[str] = frozenset()  # parameters the sheet must give
    optional: frozenset[str] = frozenset()  # parameters the sheet may give
    command: bool = False  # submitted at 黄昏 as an order (else a 抉择 toggle or a passive)
    others_only: bool = False  # its target can only be another seat (the attacks)
    action: str = ""  # the action it always costs, whatever the sheet says ("额外": its own)
    stance: bool = False  # in force while switched on (抉择) or always (被动): its numbers add to combat's
    answers: frozenset[str] = field(default=frozenset(), compare=False)  # the hooks this effect writes

    # --- the sheet and legality ------------------------------------------------------------------------------
    def validate(self, where: Any, params: dict[str, Any]) -> None:
        """What the parameters must say together (raise where.fail(field, why))."""

    def blocked(self, st: TavernState, seat: int, spec: SkillSpec) -> str | None:
        """Why the holder cannot use (or switch on) this skill now."""
        return None

    # --- an order, when its turn comes -------------------------------------------------------------------------
    def execute(self, night: Night, seat: int, target: int, spec: SkillSpec, budget: Budget) -> None:
        """The order's effect on its (living) target."""

    # --- passives: what combat asks of the holder's first skill answering the question ---------------------------
    def keeps_dex(self, spec: SkillSpec) -> bool:
        """The holder keeps its 敏捷加值 when 眩晕 or 被擒抱."""
        return False

    def sneak_immune(self, spec: SkillSpec) -> bool:
        """The holder takes no extra damage from 偷袭."""
        return False

    def save_bonus(self, spec: SkillSpec) -> int:
        """Added to the holder's 意志, 反射 and 强韧."""
        return 0

    def melee_extra(self, night: Night, seat: int, target: int, spec: SkillSpec) -> tuple[int, str] | None:
        """Extra damage of the holder's melee hit on the target: (amount, how the record writes it)."""
        return None

    def theft_chance(self, spec: SkillSpec) -> int | None:
        """The holder's 夺宝 succeeds with this chance."""
        return None

    def guard_chance(self, spec: SkillSpec) -> int | None:
        """A 夺宝 from the holder (carrying the grail) succeeds with this chance."""
        return None

    def spell_bonus(self, night: Night, seat: int, spec: SkillSpec) -> int:
        """Added to the damage of the holder's spells tonight."""
        return 0

    # --- the night's end (收尾) ------------------------------------------------------------------------------------
    def report(self, night: Night) -> None:
        """Once a night, first: what the effect's orders found out (追踪)."""

    def aftermath(self, night: Night, seat: int, spec: SkillSpec) -> None:
        """For each holder with the skill in force, last: what it leaves (狂暴's 疲惫)."""


EFFECTS: dict[str, Effect] = {}


def effect(key: str, kinds: tuple[str, ...], *, required: tuple[str, ...] = (), optional: tuple[str, ...] = (),
           **fields: Any) -> Callable[[type[Effect]], Effect]:
    """Declare an effect of the class sheet: the skill kinds it fits, its required and optional parameters, and
    its flags (command, others_only, action, stance)."""

    def wrap(cls: type[Effect]) -> Effect:
        answers = {name for name, value in vars(cls).items() if callable(value) and not name.startswith("_")}
        stray = answers - set(HOOKS)
        if stray:
            raise TypeError(f"酒馆：效果 {key} 的 {', '.join(sorted(stray))} 不是任何钩子（见 effect.HOOKS）")
        if key in EFFECTS:
            raise ValueError(f"酒馆：效果 {key} 声明了两次")
        EFFECTS[key] = cls(key, kinds, frozenset(required), frozenset(optional), answers=frozenset(answers),
                           **fields)
        return EFFECTS[key]

    return wrap


def first(skills: Any, hook: str) -> tuple[Effect, SkillSpec] | None:
    """The first passive skill among `skills` whose effect answers `hook` (a class has one of each at most)."""
    for sk in skills:
        eff = EFFECTS[sk.effect]
        if hook in eff.answers and sk.passive:
            return eff, sk
    return None
