"""鹿鼎记's book: every role and every unit of behaviour, declared by the role modules (roles/).

A unit is a `LudingSkill` (engine/core/behaviour.py `Behaviour`, declared with `@BOOK.unit` over its class):
its declaration is the engine's Skill fields, its behaviour the methods. The game's protocol, beyond the
engine's (`blocked`, `target`):

- `submit`: PLAN for a night submission — `plan` keeps it in `state.tonight` (/放弃 applies, and a second one
  is refused unless `again`), and it resolves at its step of the night (order.NIGHT_ORDER); NOW for what
  resolves when used (the vote, 最后一枪): `resolve(ctx, state, seat, action)`, as in every game;
- named moments (order.MOMENTS, the one table): a night step's part (`fox_acts`, `infections_resolve`…)
  and what a seat's own units answer when it leaves (`out`), is the target of 预言 (`checked`), is validly
  infected (`infected`) or keeps its camp after 救药 (`resists`). A moment runs only because the table
  lists the unit under it.

A role is the engine's `Role` (its skills, what /身份 says); `LudingRole` adds the mate it knows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..bansha.engine import Action, Behaviour, Book, Ctx, Role
from .order import MOMENTS
from .terms import seats_text

if TYPE_CHECKING:
    from .state import LudingState
    from .world import World

BOOK = Book("luding")
GO, VOID, WAIT = "go", "void", "wait"  # what a seat's units answer at `infected` (step VI 一/二)


@dataclass(frozen=True)
class LudingSkill(Behaviour):
    # submit=PLAN: a night submission, kept in state.tonight[key] until its step (/放弃 applies, a second one
    # is refused) …
    again: bool = False  # … unless it may be made more than once a night (感染 with 激励: its own check)

    def plan(self, ctx: Ctx, state: LudingState, seat: int, action: Action) -> None:
        """A one-target night submission: kept in state.tonight until the night resolves."""
        target = action.targets[0]
        state.tonight[self.key] = target
        submitted(ctx, state, seat, f"{self.name} {ctx.name(target)}")


@dataclass(frozen=True)
class LudingRole(Role):
    """One role of 003. `faction` is the camp it starts in: 感染 can change a seat's camp, never its role."""

    mate: str = ""  # the role it knows from the start (父狼 and 幼狼: "互知但不共群")


def answer(moment: str, w: World, seat: int, *args: Any) -> list[Any]:
    """A seat's own units answer a moment (order.MOMENTS): the units of its role the table lists, in order."""
    held = {skill.key: skill for skill in BOOK.roles[w.state.role(seat)].skills}
    return MOMENTS.run(moment, held, w, seat, *args)


def submitted(ctx: Ctx, state: LudingState, seat: int, what: str) -> None:
    """The reply to a night submission: nothing resolves before the night closes."""
    ctx.reply(f"已提交：{what}。将在夜晚结束后按顺序结算。")
    ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（{state.role(seat)}）{what}")


def void(ctx: Ctx, state: LudingState, seat: int, name: str, why: str) -> None:
    """A submission that does not take effect: the seat learns only that."""
    ctx.seat(seat, f"你今晚的「{name}」没有生效。")
    ctx.judge(f"第{state.day}夜 {ctx.name(seat)} 的{name}无效：{why}")


def once_a_game(skill: LudingSkill, chosen: list[int], target: int) -> str | None:
    """"每名角色整局只能成为<技能>的目标一次" (魅惑, 神圣之盾): `chosen`, every seat it has chosen so far."""
    if target in chosen:
        return f"{target}号 已经成为过{skill.name}的目标：每名角色整局只能成为一次。"
    return None


def chosen_once(skill: LudingSkill, seats: list[int]) -> str:
    """The holder's /身份 line about a once-a-game skill: whom it may no longer choose."""
    return f"成为过{skill.name}目标的角色：{seats_text(seats)}（每人只能一次）。"
