"""鹿鼎记's book: every role and skill, registered by the role modules (roles/) with what they do.

A skill is a `LudingSkill` (the engine's Skill plus `nightly`: submitted by night, kept in `state.tonight`);
a role is a `LudingRole` whose methods are its part in the game's procedures — what it knows, what happens
when it leaves, when it is the target of 预言 or 感染. The defaults do nothing, so a role writes only what the
text gives it. `BOOK` holds the effects, target and blocked checks and the night steps (engine/core/roles.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..bansha.engine import Action, Book, Ctx, Role, Skill
from .terms import seats_text

if TYPE_CHECKING:
    from .state import LudingState
    from .world import World

BOOK = Book("luding")


@dataclass(frozen=True)
class LudingSkill(Skill):
    nightly: bool = False  # a night submission, kept in state.tonight[key]: /放弃 applies, and a second one is refused
    again: bool = False  # … unless it may be submitted more than once a night (感染 with 激励: its own check)


@dataclass(frozen=True)
class LudingRole(Role):
    """One role of 003. `faction` is the camp it starts in: 感染 can change a seat's camp, never its role."""

    mate: str = ""  # the role it knows from the start (父狼 and 幼狼: "互知但不共群")

    # --- its part in the procedures ---------------------------------------------------------------
    def out(self, w: World, seat: int, cause: str, by_day: bool) -> None:
        """The seat just left the game (deaths.py), before the camps are judged."""

    def checked(self, w: World, seat: int) -> bool:
        """The seat became the target of 预言 (step V); True ends the step (the game is decided)."""
        return False

    def infected(self, w: World, seat: int, head: str) -> str:
        """A valid infection reaches the seat (step VI 一/二): GO on, VOID this one, or WAIT for a shot."""
        return GO

    def resists(self, w: World, seat: int, head: str) -> bool:
        """After 救药 (step VI 三): True if the infection does not change the seat's camp."""
        return False


GO, VOID, WAIT = "go", "void", "wait"


def submitted(ctx: Ctx, state: LudingState, seat: int, what: str) -> None:
    """The reply to a night submission: nothing resolves before the night closes."""
    ctx.reply(f"已提交：{what}。将在夜晚结束后按顺序结算。")
    ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（{state.role(seat)}）{what}")


def submit(ctx: Ctx, state: LudingState, seat: int, action: Action) -> None:
    """The effect of a one-target night skill: kept in state.tonight until the night resolves."""
    skill = BOOK.skill(action.skill)
    target = action.targets[0]
    state.tonight[skill.key] = target
    submitted(ctx, state, seat, f"{skill.name} {ctx.name(target)}")


def void(ctx: Ctx, state: LudingState, seat: int, name: str, why: str) -> None:
    """A submission that does not take effect: the seat learns only that."""
    ctx.seat(seat, f"你今晚的「{name}」没有生效。")
    ctx.judge(f"第{state.day}夜 {ctx.name(seat)} 的{name}无效：{why}")


def once_a_game(skill: LudingSkill, record: Callable[[LudingState], list[int]]) -> None:
    """"每名角色整局只能成为<技能>的目标一次" (魅惑, 神圣之盾): the target check, `record` being every seat it has
    chosen so far."""

    def refusal(state: LudingState, seat: int, target: int) -> str | None:
        if target in record(state):
            return f"{target}号 已经成为过{skill.name}的目标：每名角色整局只能成为一次。"
        return None

    BOOK.target(skill)(refusal)


def chosen_once(skill: LudingSkill, seats: list[int]) -> str:
    """The holder's /身份 line about a once-a-game skill: whom it may no longer choose."""
    return f"成为过{skill.name}目标的角色：{seats_text(seats)}（每人只能一次）。"
