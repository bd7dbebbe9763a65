"""A skill of 斗兽棋 is one declaration next to its behaviour.

Two kinds of skill: a level's action and abilities (abilities.py: 攻击, 感应, 杀戮, 野心, 智慧, 恐惧, 凶残) and the
24 本能 (instincts/<key>.py, one module each). Each is a small class under a decorator. The decorator's
arguments are the declaration — the engine's `Skill` and, for a 本能, the appendix's 形态 and 类型 and the text's
tags (锁定, 冷却, 次数, 不可连续对同一人, 放弃行动) as fields — and the class body is the behaviour:

- legality, pure: `blocked` (can the seat use it now), `refuse` (this target), `check` (the whole submission);
- the submission: `submit` (a 本能: recorded in the round's plan) or `use` (预知: at once);
- its part of the round: one method per point of the 結算順序 it takes part in. HOLDER_HOOKS are asked of the
  seat that holds the skill, TABLE_HOOKS once per round of every skill that has them (a lasting effect on
  anyone: 仁慈's ban, 吉+吉, a dead 外交部发言人's marks). resolve.Resolver calls each at its step of
  order.BUFF_ORDER / RESOLUTION_ORDER; SPECIAL_ORDER names the 本能 whose `special` runs there.

The decorators register the skill in the game's Book (engine/core/roles.py), so the engine finds its effect and its
checks; a class that defines a method which is not a hook is refused when the game loads, and catalog.problems
lists a declaration without behaviour, a hook nobody calls or an order step without a handler.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar

from ..bansha.engine import Action, Book, Ctx, Role, Skill
from .data import ROUND, bracket

if TYPE_CHECKING:
    from .resolve import Resolver
    from .state import BeastState, Plan

BOOK = Book("beastchess")

# What each hook is asked and when (the docstrings below say more). Names only: the methods are on Power.
DECLARATION = ("for_table",)
LEGALITY = ("blocked", "refuse", "refuse_action", "check", "forbids", "dead_ok")
SUBMISSION = ("submit", "use", "submitted", "withdraw", "owes", "by_default", "picked", "granted")
MESSAGES = ("opening", "dead_note", "status_lines", "hp_extra")
HOLDER_HOOKS = (
    "null_priority", "nullifies", "void", "guard", "extra_strike", "strike", "first_strike", "strike_amount",
    "attacked", "landed", "after_strikes", "sense_blind", "objects", "effect", "special", "after_deaths", "claim",
    "record", "count_use", "close", "stale",
)
TABLE_HOOKS = (
    "table_forbids", "table_opening", "table_nullifies", "table_guard", "table_strike", "table_effect",
    "spoils_guess", "between_groups", "aftermath",
)
HOOKS = DECLARATION + LEGALITY + SUBMISSION + MESSAGES + HOLDER_HOOKS + TABLE_HOOKS


@dataclass(frozen=True)
class Power:
    """One skill and its behaviour. The defaults do nothing: a skill writes the hooks it takes part in."""

    skill: Skill

    @property
    def key(self) -> str:
        return self.skill.key

    @property
    def name(self) -> str:
        return self.skill.name

    null_tier = 0  # 本能無效優先級 of what `nullifies` imposes (order.NULLIFY_PRIORITY); 0: it imposes none
    table_null_tier = 0  # the same for `table_nullifies`
    null_label = ""  # how the judge's record names it ("" = the skill's name)

    def for_table(self, n: int) -> Skill:
        """The declaration at a table of n players (uses and targets that depend on the head count)."""
        return self.skill

    # --- legality: pure questions, nothing changes ----------------------------------------------------------------
    def availability(self, st: BeastState, seat: int) -> str | None:
        """The game's Book asks this: the rules every skill of its kind shares, then `blocked`."""
        return self.blocked(st, seat)

    def target_refusal(self, st: BeastState, seat: int, target: int) -> str | None:
        """The game's Book asks this: the rules every skill of its kind shares, then `refuse`."""
        return self.refuse(st, seat, target)

    def blocked(self, st: BeastState, seat: int) -> str | None:
        """Why the seat cannot use it now (beyond phase, uses and what the ruleset checks for every round skill)."""
        return None

    def refuse(self, st: BeastState, seat: int, target: int) -> str | None:
        """Why this target is refused (beyond the declaration's target rule)."""
        return None

    def refuse_action(self, st: BeastState, seat: int, target: int) -> str | None:
        """Submitted this round: why the seat's 攻击/感应 may not go to this target."""
        return None

    def check(self, st: BeastState, seat: int, action: Action) -> tuple[tuple[str, ...], str]:
        """The whole submission before anything changes (raise Refusal): the words to record and a line for the
        reply (what was understood)."""
        return action.words, ""

    def forbids(self, st: BeastState, seat: int) -> str | None:
        """Held by the seat: why its (non-锁定) 本能 cannot be used this round (恐惧)."""
        return None

    def dead_ok(self, st: BeastState, seat: int) -> bool:
        """Usable by its holder after death (警惕)."""
        return False

    # --- the submission -------------------------------------------------------------------------------------------
    def submit(self, ctx: Ctx, st: BeastState, seat: int, action: Action) -> None:
        """Every check passed: record it for the round's close (the game's Book calls this)."""
        raise NotImplementedError

    def use(self, ctx: Ctx, st: BeastState, seat: int, action: Action) -> bool:
        """Resolve at once instead of waiting for the round (预知); False: record as usual."""
        return False

    def submitted(self, plan: Plan) -> bool:
        """Already in this round's plan (once per round; /放弃 <名字> withdraws it)."""
        return False

    def withdraw(self, plan: Plan) -> bool:
        """/放弃 <名字>: take it out of the plan; False when it was not in it."""
        return False

    def owes(self, st: BeastState, seat: int, plan: Plan | None) -> bool:
        """The holder still owes a submission this round (趋吉避凶 must be used every round)."""
        return False

    def by_default(self, st: BeastState, seat: int, plan: Plan) -> None:
        """At the round's close, for a holder who `owes`: what its silence submitted (趋吉避凶: 吉)."""

    def picked(self, ctx: Ctx, st: BeastState, seat: int) -> tuple[str, list[str]]:
        """Chosen in 选择本能: the 本能 the seat holds from now on and the lines telling it (笨鸟先飞)."""
        return self.name, []

    def granted(self, st: BeastState, seat: int) -> list[str]:
        """From now on held by the seat (强健's two shields)."""
        return []

    # --- what its holder is told ----------------------------------------------------------------------------------
    def opening(self, ctx: Ctx, st: BeastState, seat: int) -> list[str]:
        """Lines of the holder's PM when a round begins (幸运's draw, 恶意感知…)."""
        return []

    def dead_note(self, st: BeastState, seat: int) -> str:
        """A line for a holder who died last round and may still act (警惕)."""
        return ""

    def status_lines(self, st: BeastState, seat: int) -> list[str]:
        """Lines of the holder's /身份 (its state: 激进/颓靡, marks…)."""
        return []

    def hp_extra(self, st: BeastState, seat: int) -> str:
        """Added to the holder's HP line (稻草人)."""
        return ""

    # --- the round: asked of the holder at its step ---------------------------------------------------------------
    def null_priority(self, r: Resolver, seat: int) -> int:
        """The holder's 本能 priority this round (what nullifies it must be higher)."""
        return 0

    def nullifies(self, r: Resolver, seat: int) -> list[int]:
        """nullify: the seats it makes 本能无效 this round, at priority `null_tier`."""
        return []

    def void(self, r: Resolver, seat: int) -> None:
        """void: 攻击无效 it imposes."""

    def guard(self, r: Resolver, seat: int) -> None:
        """guards: the reductions, caps and locks it brings (锁血, 最大受到伤害, ×2…)."""

    def extra_strike(self, r: Resolver, seat: int) -> tuple[int, str] | None:
        """attacks: a second attack (or sense) this round: (target, what)."""
        return None

    def strike(self, r: Resolver, seat: int, target: int, how: str) -> None:
        """attacks: the level's action (攻击 or 感应) on one target."""

    def first_strike(self, r: Resolver, seat: int, target: int) -> None:
        """attacks: after the holder's first attack or sense of the round (狐假虎威's bonus)."""

    def strike_amount(self, r: Resolver, seat: int, target: int, amount: int) -> int:
        """attacks: the damage of the holder's attack."""
        return amount

    def attacked(self, r: Resolver, attacker: int, seat: int) -> None:
        """attacks: an attack on the holder landed."""

    def landed(self, r: Resolver, seat: int, target: int) -> None:
        """attacks: the holder's attack landed on the target (嗜杀, 仁慈)."""

    def after_strikes(self, r: Resolver, seat: int, strikes: list[tuple[int, str]]) -> None:
        """attacks: all the holder's strikes are done."""

    def sense_blind(self, r: Resolver, seat: int) -> bool:
        """attacks: the holder's sense cannot see attacks (颓靡)."""
        return False

    def objects(self, r: Resolver, seat: int) -> list[int] | None:
        """The holder's objects this round instead of its attacks and targets (我是歌姬: itself)."""
        return None

    def effect(self, r: Resolver, seat: int) -> None:
        """instincts: its damage, true damage and shields (a 本能: only when used and not nullified)."""

    def special(self, r: Resolver, seats: list[int]) -> None:
        """special (order.SPECIAL_ORDER): its step after the lock, for these seats."""

    def after_deaths(self, r: Resolver, seat: int, deaths: list[int]) -> None:
        """After the announcement's numbers: the holder is alive and these seats died."""

    def claim(self, r: Resolver, seat: int) -> int | None:
        """After the numbers: a 获胜效果 the holder tried; its precedence (lower first) when it succeeded."""
        return None

    def record(self, r: Resolver, seat: int) -> None:
        """Bookkeeping of what a seat submitted this round: an ability's use; a 本能 used, nullified or not
        (趋吉避凶's 吉/凶)."""

    def count_use(self, r: Resolver, seat: int) -> None:
        """Bookkeeping of a 本能 used and not nullified: the use it costs."""

    def close(self, r: Resolver, seat: int) -> None:
        """The round's last word on every holder that acted in it."""

    def stale(self, r: Resolver, seat: int) -> bool:
        """The holder's HP is announced as before (独立宣言)."""
        return False

    # --- the round: lasting effects on anyone, asked once per round -----------------------------------------------
    def table_forbids(self, st: BeastState, seat: int) -> str | None:
        """Why this seat's (non-锁定) 本能 cannot be used this round (仁慈's next round)."""
        return None

    def table_opening(self, st: BeastState, seat: int) -> str:
        """A line for this seat's round-start PM."""
        return ""

    def table_nullifies(self, r: Resolver) -> list[int]:
        """nullify: seats made 本能无效 at `table_null_tier`."""
        return []

    def table_guard(self, r: Resolver) -> None:
        """guards: after every holder's guard."""

    def table_strike(self, r: Resolver, seat: int, amount: int) -> int:
        """attacks: the damage of any attack by this seat."""
        return amount

    def table_effect(self, r: Resolver) -> None:
        """instincts: after every 本能's effect."""

    def spoils_guess(self, r: Resolver, seat: int) -> str | None:
        """This seat's 智慧 / 大智若愚 fails this round: why (for the judge)."""
        return None

    def between_groups(self, r: Resolver, later: list[int], earlier: list[int]) -> None:
        """Between the two groups: the levels 1–3 are settled, level 4 is next (凶残)."""

    def aftermath(self, r: Resolver, deaths: list[int]) -> None:
        """After the numbers: what this round leaves for the next."""


P = TypeVar("P", bound=Power)
REGISTRY: dict[str, Power] = {}  # every skill of the game by key: the abilities, then the 本能 in the text's order
INSTINCTS: dict[str, Instinct] = {}  # the 本能 by (Simplified) name, in the text's order once instincts/ is loaded
# Filled by catalog.py once every skill is declared (the lookups below run on every legality check).
TABLE: dict[str, tuple[Power, ...]] = {}  # table hook -> the skills answering it
LEVEL_POWERS: dict[int, tuple[Ability, ...]] = {}
EXTRA_STRIKERS: list[str] = []  # the 本能 whose target is a second attack (发怒, 垂死抗争)


def _hooks_only(cls: type) -> None:
    """A method that is no hook would never be called: refuse it when the game loads."""
    for name, value in vars(cls).items():
        if callable(value) and not name.startswith("_") and name not in HOOKS:
            raise TypeError(f"斗兽棋：{cls.__name__}.{name} 不是任何结算环节的钩子（见 power.HOOKS）")


def _register(power: P) -> P:
    if power.key in REGISTRY:
        raise ValueError(f"斗兽棋：技能 {power.key} 声明了两次")
    REGISTRY[power.key] = power
    BOOK.declare(power.skill)
    if not power.skill.mandatory:
        BOOK.effect(power.skill)(power.submit)
    BOOK.target(power.skill)(power.target_refusal)
    BOOK.blocked(power.skill)(power.availability)
    return power


# --- a level's action and abilities ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Ability(Power):
    """A level's action or ability (3): no 本能 rules (no 本能无效, no cooldown)."""


def ability(key: str, name: str, **skill_kw: Any) -> Callable[[type[Ability]], Ability]:
    """Declare a level's action or ability: every move of this game is made by PM (a ban, a pick or an attack typed
    in the group would tell the table who does what)."""

    def wrap(cls: type[Ability]) -> Ability:
        _hooks_only(cls)
        return _register(cls(Skill(key, name, pm_only=True, **skill_kw)))

    return wrap


def level(lv: int, faction: str, *skills: Ability) -> Role:
    """A level is a role: its faction and its action and abilities."""
    return BOOK.role(Role(f"{lv}级", faction, tuple(p.skill for p in skills)))


# --- a 本能 ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Instinct(Power):
    """A 本能 (5), with the appendix's 形态 (6.3) and 類型 (6.4)."""

    form: str = ""  # AT | PT ("" for 笨鸟先飞: the drawn 本能's)
    kind: str = ""  # 信息型 | 防守型 | 攻击型 | 全能型
    text: str = ""  # the rule as played, for /身份
    locked: bool = False  # 鎖定: 本能無效 never applies
    priority: int = 1  # 本能無效 priority of this 本能 (2.9)
    cooldown: int = 0  # rounds after a use in which it cannot be used
    uses: tuple[tuple[int, int, int], ...] = ()  # per game by head count; () = no limit
    gives_up_action: bool = False  # using it replaces the round's 攻击/感应
    distinct_target: bool = False  # 不可連續對同一人
    extra_strike_target: bool = False  # its target is a second attack (or sense) this round
    instant: bool = False  # used at once, any number of times a round (预知)
    unbannable: bool = False  # 特殊本能，不會受到禁用影響 (预知)
    traditional: str = ""  # the text's (Traditional) spelling, which players may type too
    variants: tuple[str, ...] = ()  # other spellings players type for it (磕cp)

    # --- legality every 本能 shares, then its own -------------------------------------------------------------------
    def availability(self, st: BeastState, seat: int) -> str | None:
        r = st.day
        if not st.alive[seat] and not self.dead_ok(st, seat):
            return "你已经出局，不能再使用本能。"
        if st.phase == ROUND and not self.locked:
            for why in (*(p.forbids(st, seat) for p in LEVEL_POWERS[st.level(seat)]),
                        *(p.table_forbids(st, seat) for p in TABLE["table_forbids"])):
                if why:
                    return why
        if self.cooldown and st.last_used.get(seat, -99) >= r - self.cooldown:
            return f"「{self.name}」冷却中：上一回合刚使用过。"
        return self.blocked(st, seat)

    def target_refusal(self, st: BeastState, seat: int, target: int) -> str | None:
        if self.distinct_target and st.last_target.get(seat) == target:
            return f"「{self.name}」不能连续对同一人发动（上次是 {target}号）。"
        return self.refuse(st, seat, target)

    # --- the submission -------------------------------------------------------------------------------------------
    def submit(self, ctx: Ctx, st: BeastState, seat: int, action: Action) -> None:
        if self.use(ctx, st, seat, action):
            return
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
        return not self.instant and plan.instinct == self.key

    def withdraw(self, plan: Plan) -> bool:
        if plan.instinct != self.key:
            return False
        plan.instinct, plan.targets, plan.words = "", (), ()
        for other in EXTRA_STRIKERS:
            plan.extra.pop(other, None)
        return True

    def extra_strike(self, r: Resolver, seat: int) -> tuple[int, str] | None:
        target = r.plan(seat).extra.get(self.key, 0)
        if self.extra_strike_target and target and r.active(seat, self.key):
            return target, self.name
        return None

    def for_table(self, n: int) -> Skill:
        return replace(self.skill, uses=bracket(n, self.uses)) if self.uses else self.skill

    def null_priority(self, r: Resolver, seat: int) -> int:
        return self.priority

    def count_use(self, r: Resolver, seat: int) -> None:
        if self.uses:
            r.st.use(seat, self.key)


def instinct(name: str, form: str, kind: str, key: str, text: str, *, help_: str | None = None,
             skill_kw: dict[str, Any] | None = None, **fields: Any) -> Callable[[type[Instinct]], Instinct]:
    """Declare a 本能: its name, 形态, 类型, key and rule text; `skill_kw` for the engine's Skill (targets, words…),
    `fields` for the text's tags (locked, priority, cooldown, uses, gives_up_action, distinct_target…)."""

    def wrap(cls: type[Instinct]) -> Instinct:
        _hooks_only(cls)
        kw = {"phases": (ROUND,), "targets": 0, **(skill_kw or {})}
        skill = Skill(key, name, pm_only=True, help=help_ or text, **kw)
        inst = _register(cls(skill, form=form, kind=kind, text=text, **fields))
        INSTINCTS[name] = inst
        return inst

    return wrap


# --- looking powers up ----------------------------------------------------------------------------------------------


def overrides(power: Power, hook: str) -> bool:
    """Does this skill write the hook (rather than inherit the default)?"""
    return any(hook in vars(cls) for cls in type(power).__mro__ if cls not in (Power, Ability, Instinct, object))
