"""A unit of 斗兽棋 is one declaration next to its behaviour (engine/core/behaviour.py, the one protocol).

Three kinds of unit: a level's action and abilities (abilities.py: 攻击, 感应, 杀戮, 野心, 智慧, 恐惧, 凶残), the
24 本能 (instincts/<key>.py, one module each) and the three steps before the first round (draft.py: 禁用, 选择,
探查). Each is a small class under a decorator. The decorator's arguments are the declaration — the engine's
`Skill` fields and, for a 本能, the appendix's 形态 and 类型 and the text's tags (锁定, 冷却, 每局次数, 不可连续对同一人,
放弃行动) as fields of `Instinct` — and the class body is the behaviour:

- the protocol (`Power`, what every unit may write): legality, pure — `blocked` (can the seat use it now),
  `target` (this target), `check` (the whole submission), `dead_ok` (usable after death); the submission —
  PLAN units `plan` it into the round's plan (and say whether it is there: `submitted`, `withdraw`), NOW units
  `resolve` at once (预知, the draft); what /身份 says of it (`status_lines`, `hp_extra`); its declaration at a
  table of n (`for_table`);
- its moments: any other method, named after a moment of order.MOMENTS, which runs only because that table
  lists the unit there (resolve.Resolver, rounds.py, rules.py and draft.py ask the table).

The rules every 本能 shares (life, 恐惧 and 仁慈's bans, the cooldown, 不可连续对同一人) are the ruleset's, asked
before a unit's own `blocked` and `target` (rules.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from ..bansha.engine import PLAN, Action, Behaviour, Ctx, Role
from .book import BOOK, EXTRA_STRIKERS, INSTINCTS, REGISTRY
from .data import ROUND, bracket
from .order import MOMENTS
from .state import BeastState, Plan


@dataclass(frozen=True)
class Power(Behaviour):
    """The game's base: one unit and the protocol every unit of the game may write. The defaults: nothing more
    to refuse, nothing recorded, nothing to tell."""

    null_tier: int = 0  # 本能無效優先級 of what its `nullifies` moment imposes (order.NULLIFY_PRIORITY); 0: none
    table_null_tier: int = 0  # the same for its `table_nullifies` moment
    null_label: str = ""  # how the judge's record names its 本能无效 ("" = its name)

    def for_table(self, n: int) -> Power:
        """The declaration at a table of n players (uses and targets that depend on the head count)."""
        return self

    # --- legality: pure questions, nothing changes (and `blocked`, `target` of the engine's protocol) -----------
    def check(self, st: BeastState, seat: int, action: Action) -> tuple[tuple[str, ...], str]:
        """The whole submission before anything changes (raise Refusal): the words to record and a line for the
        reply (what was understood)."""
        return action.words, ""

    def dead_ok(self, st: BeastState, seat: int) -> bool:
        """Usable by its holder after death (警惕)."""
        return False

    # --- the submission -------------------------------------------------------------------------------------------
    def plan(self, ctx: Ctx, st: BeastState, seat: int, action: Action) -> None:
        """A PLAN unit, every check passed: record it in the round's plan (resolved at the round's close)."""
        raise NotImplementedError(f"{self.key} is not planned")

    def submitted(self, plan: Plan) -> bool:
        """Already in this round's plan (once per round; /放弃 <名字> withdraws it)."""
        return False

    def withdraw(self, plan: Plan) -> bool:
        """/放弃 <名字>: take it out of the plan; False when it was not in it."""
        return False

    # --- what its holder's /身份 says ------------------------------------------------------------------------------
    def status_lines(self, st: BeastState, seat: int) -> list[str]:
        """Lines of the holder's /身份 (its state: 激进/颓靡, marks…)."""
        return []

    def hp_extra(self, st: BeastState, seat: int) -> str:
        """Added to the holder's HP line (稻草人)."""
        return ""


P = TypeVar("P", bound=Power)


# order.MOMENTS as sets, for the question asked on every legality check and every step of a round
_LISTED: dict[str, frozenset[str]] = {moment: frozenset(keys) for moment, keys in MOMENTS.table.items()}


def answers(unit: Power, moment: str) -> bool:
    """The table lists the unit under this moment (order.MOMENTS): only then does it run there."""
    return unit.key in _LISTED[moment]


def _register(made: P) -> P:
    REGISTRY[made.key] = made  # BOOK.unit refused a key declared twice
    return made


# --- a level's action and abilities ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Ability(Power):
    """A level's action or ability (3): no 本能 rules (no 本能无效, no cooldown)."""


def ability(key: str, name: str, **fields: Any) -> Callable[[type[Ability]], Ability]:
    """Declare a level's action or ability, planned for the round's close: every move of this game is made by PM
    (a ban, a pick or an attack typed in the group would tell the table who does what)."""
    declare = BOOK.unit(key, name, pm_only=True, submit=PLAN, **fields)
    return lambda kind: _register(declare(kind))


def level(lv: int, faction: str, *skills: Ability) -> Role:
    """A level is a role: its faction and its action and abilities."""
    return BOOK.role(Role(f"{lv}级", faction, skills))


# --- a 本能 ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Instinct(Power):
    """A 本能 (5), with the appendix's 形态 (6.3) and 類型 (6.4) and the text's tags."""

    form: str = ""  # AT | PT ("" for 笨鸟先飞: the drawn 本能's)
    kind: str = ""  # 信息型 | 防守型 | 攻击型 | 全能型
    text: str = ""  # the rule as played, for /身份
    locked: bool = False  # 鎖定: 本能無效 never applies
    priority: int = 1  # 本能無效 priority of this 本能 (2.9)
    cooldown: int = 0  # rounds after a use in which it cannot be used
    per_game: tuple[tuple[int, int, int], ...] = ()  # uses per game by head count; () = no limit
    gives_up_action: bool = False  # using it replaces the round's 攻击/感应
    distinct_target: bool = False  # 不可連續對同一人
    extra_strike_target: bool = False  # its target is a second attack (or sense) this round
    unbannable: bool = False  # 特殊本能，不會受到禁用影響 (预知)
    traditional: str = ""  # the text's (Traditional) spelling, which players may type too
    variants: tuple[str, ...] = ()  # other spellings players type for it (磕cp)

    def for_table(self, n: int) -> Instinct:
        return replace(self, uses=bracket(n, self.per_game)) if self.per_game else self

    # --- the submission: into the round's plan ---------------------------------------------------------------------
    def plan(self, ctx: Ctx, st: BeastState, seat: int, action: Action) -> None:
        targets = action.targets
        words, extra_line = self.check(st, seat, action)
        plan = st.plan(seat)  # only now: a refusal above must leave the state untouched
        if self.extra_strike_target:
            if targets:
                plan.extra[self.key] = targets[0]
            else:
                plan.extra.pop(self.key, None)
        if self.gives_up_action and (plan.action or plan.passed):
            plan.action, plan.passed = 0, False
            extra_line += "（已取消你本回合的攻击/感应）"
        plan.instinct, plan.targets, plan.words = self.key, tuple(targets), tuple(words)
        aim = " " + "、".join(f"{s}号" for s in targets) if targets else ""
        ctx.reply(f"第{st.day}回合：你发动「{self.name}」{' '.join(words)}{aim}{extra_line}。回合结束时结算。")
        ctx.judge(f"第{st.day}回合 {ctx.name(seat)} 发动「{self.name}」{' '.join(words)}{aim}{extra_line}")

    def submitted(self, plan: Plan) -> bool:
        return self.submit == PLAN and plan.instinct == self.key

    def withdraw(self, plan: Plan) -> bool:
        if plan.instinct != self.key:
            return False
        plan.instinct, plan.targets, plan.words = "", (), ()
        for other in EXTRA_STRIKERS:
            plan.extra.pop(other, None)
        return True


def instinct(name: str, form: str, kind: str, key: str, text: str, *, help_: str | None = None,
             skill_kw: dict[str, Any] | None = None, **fields: Any) -> Callable[[type[Instinct]], Instinct]:
    """Declare a 本能: its name, 形态, 类型, key and rule text; `skill_kw` for the engine's Skill fields (targets,
    words…), `fields` for the text's tags (locked, priority, cooldown, per_game, gives_up_action…) and `submit`
    (NOW: resolved when used, 预知; by default planned for the round's close)."""
    kw = {"phases": (ROUND,), "targets": 0, "submit": PLAN, **(skill_kw or {}), **fields}
    declare = BOOK.unit(key, name, pm_only=True, help=help_ or text, form=form, kind=kind, text=text, **kw)

    def wrap(cls: type[Instinct]) -> Instinct:
        inst = _register(declare(cls))
        INSTINCTS[name] = inst
        return inst

    return wrap
