"""What a class skill of 酒馆圣杯 can do: its effect, a unit of behaviour (engine/core/behaviour.py) declared once
next to what it does.

The class sheet (classes.toml) gives every class skill an `effect` and that effect's parameters; each effect is a
small class in effects/<effect>.py under `@unit(key, name, …)`. The declaration is the fields — the skill kinds it
fits (【技能种类说明】), the parameters it requires and allows (sheet.py checks every skill of the sheet against
them), whether it is an order given at 黄昏 (`submit=PLAN`: resolved at the night's 指令 step) — and the class body
is the behaviour:

- an order: `resolve(night, seat, target, spec, budget)`, when the order's turn comes at night;
- the moments of order.MOMENTS, each run only for the effects the table lists under it: `validate` (what the
  sheet must also say), `refuses` (why the holder cannot switch it on now), the numbers and chances combat asks
  of a passive (`keeps_dex`, `save_bonus`, `melee_extra`…), and the night's end (`report` for the effect as a
  whole, `aftermath` for each holder).

What an effect works through at night is the Night (night.py), which sits above the effects: its methods are
annotated `night: Any` here (the Night: melee, check, hurt, afflict, note, dice…), and the state the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bansha.engine import PLAN, Behaviour

COMMAND_KINDS = ("主动", "全局", "圣杯")
PASSIVE_KINDS = ("被动", "圣杯")


@dataclass(frozen=True)
class Effect(Behaviour):
    """An effect of the class sheet: the declaration (these fields) and what it does (the methods)."""

    kinds: tuple[str, ...] = ()  # the skill kinds it fits
    required: tuple[str, ...] = ()  # parameters the sheet must give
    optional: tuple[str, ...] = ()  # parameters the sheet may give
    others_only: bool = False  # its target can only be another seat (the attacks)
    action: str = ""  # the action it always costs, whatever the sheet says ("额外": its own)
    stance: bool = False  # in force while switched on (抉择) or always (被动): its numbers add to combat's

    @property
    def command(self) -> bool:
        """Submitted at 黄昏 as an order and resolved at the night's 指令 step (else a 抉择 toggle or a passive)."""
        return self.submit == PLAN
