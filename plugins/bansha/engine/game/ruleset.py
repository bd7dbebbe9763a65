"""The ruleset protocol and the context a ruleset works through.

A ruleset is a stateless object that keeps nothing (the engine keeps what it asks: engine/core/cache.py, and a
ruleset's `reuse` says what may be kept across inputs); the game state it folds is a dataclass it creates in
`setup`. The engine calls, in the terms of DESIGN.md: deal (`setup`), legal actions per seat (`legal`), act
(`act`), close a phase at its deadline (`close_phase`), what a seat knows (`view`) and the outcome (`outcome`).
Skill declarations drive `find`, `act`'s checks and `legal`."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, replace
from functools import cached_property, partial
from typing import TYPE_CHECKING, Any

from ..core import ABSTAIN, Action, CastRow, Outcome, Refusal
from ..core.basestate import BaseState
from ..core.behaviour import NOW, Behaviour
from ..core.channels import Channel, help_line
from ..core.order import STEP_RESOLVED, STEP_SUBMITTED, STEP_WAITING, StepView, step_state
from ..core.phases import COMMON_OPTIONS, FORUM, OptionSpec, PhaseSpec, format_duration
from ..core.roles import Book
from ..core.skills import Skill, check_target_rule, find_skill, rule_targets
from . import part as parts
from .ctx import Ctx

if TYPE_CHECKING:
    from ..core.ruling import Ruling

__all__ = [  # Ctx (engine/game/ctx.py) and the step views (engine/core/order.py) are named here too
    "STEP_RESOLVED", "STEP_SUBMITTED", "STEP_WAITING", "BaseState", "Ctx", "LegalChoice", "Ruleset", "StepView",
]


@dataclass(frozen=True)
class LegalChoice:
    skill: Skill
    candidates: tuple[int, ...]  # seats (and ABSTAIN) that may be targeted


# Ruleset._unusable's codes for available's refusals (the text is built only when it is read)
_DEAD, _MANDATORY, _PHASE, _USED = "\0dead", "\0mandatory", "\0phase", "\0used"


class Ruleset:
    """Base class: subclasses declare skills and phases and fill the hooks."""

    key: str = ""
    title: str = ""  # as typed after /开局
    aliases: tuple[str, ...] = ()
    listed: bool = True  # False: not offered by /开局 and /帮助 (the example game), though it opens by name
    options: tuple[OptionSpec, ...] = ()
    phases: dict[str, PhaseSpec] = {}
    default_tempo: str = "快速"
    factions: tuple[str, ...] = ()  # faction labels, for reports
    boards: tuple[str, ...] = ()  # named boards (option 板子), for the simulator and /帮助
    forfeit_public: bool = True  # False where the text says "阵营被判负后，不予公示" (003, 004)
    # Forum rules this game's own text states (vote format, 改票, hidden counts, cards, its 关门…): the defaults in
    # every tempo; a tempo changes only their times (engine/parts/forum.py: CLOCK_BOUND). The judge overrides any.
    text_rules: dict[str, Any] = {}
    book: Book | None = None  # the game's roles and what their skills do (engine/core/roles.py)
    # A game for exactly this many players (鹿鼎记, 酒馆, 纳塔): check_players and max_players need not be written,
    # and the refusal names the count ({need}, {n}). 0: the game writes both.
    players: int = 0
    players_refusal: str = "需要 {need} 人，现在报名了 {n} 人。"

    # --- to implement -----------------------------------------------------
    def check_players(self, options: dict[str, Any], n: int) -> str | None:
        """A refusal when `n` players cannot play with these options."""
        if not self.players:
            raise NotImplementedError
        return None if n == self.players else self.players_refusal.format(need=self.players, n=n)

    def max_players(self, options: dict[str, Any]) -> int:
        if not self.players:
            raise NotImplementedError
        return self.players

    def all_options(self) -> list[OptionSpec]:
        """Every key /开局 accepts for this game: common, forum, the game's own, and phase lengths."""
        common = [replace(o, default=self.text_rules.get(o.key, o.default)) for o in COMMON_OPTIONS]
        specs = common + [o for part in parts.installed() for o in part.options] + list(self.options)
        keys = {o.key for o in specs}
        for spec in self.phases.values():
            if spec.option and spec.option not in keys:
                keys.add(spec.option)
                specs.append(OptionSpec(spec.option, "duration", None, (), f"{spec.label}时长（快速节奏）"))
        return specs

    def sizes(self, options: dict[str, Any]) -> list[int]:
        """Every head count these options accept (for the simulator and tests)."""
        if self.players:
            return [self.players]
        return [n for n in range(2, 41) if self.check_players(options, n) is None]

    def setup(self, ctx: Ctx, n: int) -> BaseState:
        """Deal roles with ctx.rng, tell each seat its role, enter the first phase."""
        raise NotImplementedError

    def skills_of(self, state: Any, seat: int) -> list[Skill]:
        """Every skill the seat holds (for /身份 and parsing)."""
        raise NotImplementedError

    def close_phase(self, ctx: Ctx, state: Any) -> None:
        raise NotImplementedError

    def pending(self, state: Any) -> set[int]:
        """Seats that still owe an action in this phase (for early close and reminders)."""
        return set()

    def owes(self, state: Any, seat: int) -> bool:
        """One seat of `pending` (asked alone after a `touches_own` use)."""
        return seat in self.pending(state)

    per_seat = cached_property(lambda self: type(self).touches_own is not Ruleset.touches_own)  # declares it

    def touches_own(self, state: Any, seat: int, skill: Skill) -> bool:
        """Declared reuse (engine/core/cache.py): this use changed, of what `pending` reads, only this seat's own
        answer (a ballot, a night plan): the engine asks `owes` for it alone and keeps the others' answers."""
        return False

    def outcome(self, state: Any) -> Outcome | None:
        raise NotImplementedError

    # Answers the engine may keep across inputs (engine/core/cache.py): a name (`outcome`, `pending`) and a function
    # of the state giving a small hashable of exactly the facts that answer reads; the answer is asked anew only
    # when it changes. Declared here, in the ruleset's class, or not at all.
    reuse: dict[str, Callable[[Any], Hashable]] = {}

    def role_text(self, state: Any, seat: int) -> str:
        """The seat's role, faction and private knowledge, for /身份."""
        raise NotImplementedError

    def cast(self, state: Any) -> list[CastRow]:
        raise NotImplementedError

    # --- optional hooks ---------------------------------------------------
    def blocked(self, state: Any, seat: int, skill: Skill) -> str | None:
        """Why this seat cannot use this skill right now (beyond phase, uses, life): the unit's own check."""
        return skill.blocked(state, seat) if isinstance(skill, Behaviour) else None

    def target_refusal(self, state: Any, seat: int, skill: Skill, target: int) -> str | None:
        """Why this target is refused (beyond the declaration's target rule): `target_check`'s answer."""
        check = self.target_check(state, seat, skill)
        return check(target) if check is not None else None

    def target_check(self, state: Any, seat: int, skill: Skill) -> Callable[[int], str | None] | None:
        """`target_refusal` for this seat and skill as a function of the target, or None when no target is
        refused beyond the declaration's rule: `legal` asks it once per skill, not once per candidate. By
        default the unit's own `target`; a game that overrides `target_refusal` instead is asked per target."""
        if isinstance(skill, Behaviour):
            # the protocol's own `target` refuses nothing: asked for every candidate, it would only cost time
            return None if type(skill).target is Behaviour.target else partial(skill.target, state, seat)
        if type(self).target_refusal is not Ruleset.target_refusal:
            return partial(self.target_refusal, state, seat, skill)
        return None

    def perform(self, ctx: Ctx, state: Any, seat: int, skill: Skill, action: Action) -> None:
        """Every check passed: the unit's effect when it resolves when used (NOW). A game with PLAN units
        records them here instead (it overrides `perform`)."""
        if not (isinstance(skill, Behaviour) and skill.submit == NOW):
            raise Refusal(f"「{skill.name}」暂时无法使用。")
        skill.resolve(ctx, state, seat, action)

    def give_up(self, ctx: Ctx, state: Any, seat: int, skill: Skill | None) -> None:
        """/放弃: by default marks the seat done for this phase."""
        if seat not in self.pending(state):
            raise Refusal("你现在没有需要放弃的行动。")
        state.done.add(seat)
        ctx.reply("已放弃本阶段的行动。")

    def keep_open(self, state: Any) -> bool:
        """True keeps the phase open until its deadline even when nobody is pending.

        Early close tells everyone that nobody owes an action any more; a ruleset
        returns True where that would leak a secret (e.g. that the seat holding a
        night role is dead, so the night ends sooner).
        """
        return False

    def team_of(self, state: Any, seat: int) -> str | None:
        return None

    def team_members(self, state: Any, team: str) -> list[int]:
        return []

    def on_team_chat(self, ctx: Ctx, state: Any, seat: int, team: str, text: str) -> None:
        """After a team message was relayed (e.g. 小女孩 peeking at the 狼群 with names hidden)."""

    def on_ruling(self, ctx: Ctx, state: Any, ruling: Ruling) -> None:
        """The 法官 ruled on something this ruleset asked (engine/parts/rulings.py)."""

    def answer(self, ctx: Ctx, state: Any, seat: int, no: int, text: str, via: str) -> None:
        """/回复 <编号> <答案>: an answer to a 宣言 (no = 0: the seat's only open one)."""
        raise Refusal("本游戏没有需要回复的宣言。")

    def declaration_for_reply(self, state: Any, msg: int, replied_text: str) -> int | None:
        """The number of the 宣言 a QQ reply answers: by the replied message's id, or its text; None if none."""
        return None

    def option_applies(self, key: str, options: dict[str, Any]) -> bool:
        """Whether an option matters with these options (e.g. a role's option only on a board with the role)."""
        return True

    def options_text(self, options: dict[str, Any]) -> str:
        """The options as /开局 confirms them: those that apply, durations with units (1小时, not 3600), 开/关."""
        specs = {s.key: s for s in self.all_options()}
        forum = options.get("节奏") == FORUM
        hidden = set() if forum else {"开门", "关门", "时区"}
        if forum:  # quick-tempo phase lengths do not apply to phases on the forum clock
            hidden |= {p.option for p in self.phases.values() if p.option and p.forum and not p.forum.startswith("=")}
        shown = []
        hidden.add("种子")  # never in a post: whoever knows it can work out the deal (said on its own line)
        for key, value in options.items():
            if key in hidden or not self.option_applies(key, options):
                continue
            spec = specs.get(key)
            if isinstance(value, bool):
                value = "开" if value else "关"
            elif spec is not None and spec.kind == "duration" and isinstance(value, int | float):
                value = format_duration(value)
            shown.append(f"{key}={value}")
        return " ".join(shown) or "默认"

    def script_family(self) -> Any:
        """What this game offers a 剧本 naming it (engine/game/script.py `Family`), or None."""
        return None

    def prepare(self, options: dict[str, Any]) -> None:
        """A game with these options is about to be folded or read (opened, replayed, restored from a snapshot):
        what the ruleset must know beyond its code is learnt here (a 剧本's own roles, from its options)."""

    def check_options(self, options: dict[str, Any]) -> str | None:
        """A refusal for options that cannot make a game (checked at /开局), or None."""
        return None

    def chat_refusal(self, state: Any, seat: int) -> str | None:
        """Why the seat may not use its team chat now; None = allowed. Also the refusal for a seat with no channel."""
        return None if self.team_of(state, seat) else "你没有可以聊天的队伍频道。"

    channel_names: tuple[str, ...] = ()  # every channel name the game uses: tells 「/队聊 狼群 …」 from plain text

    def channels(self, state: Any, seat: int) -> list[Channel]:
        """The team channels the seat may talk in now. By default the one of `team_of`; rulesets with
        several (纳塔's links, a 狼人杀 wolf who is a lover) override this."""
        if self.chat_refusal(state, seat) is not None:
            return []
        team = self.team_of(state, seat)
        return [Channel(team, team, tuple(self.team_members(state, team)))] if team else []

    def channel_members(self, state: Any, key: str) -> list[int]:
        """Who is in the channel with this key now (the leak audit's reference)."""
        for seat in range(1, state.n + 1):
            for ch in self.channels(state, seat):
                if ch.key == key:
                    return list(ch.members)
        return self.team_members(state, key)

    def last_words(self, ctx: Ctx, state: Any, seat: int, text: str) -> None:
        raise Refusal("本游戏没有遗言环节。")

    def relay(self, ctx: Ctx, state: Any, seat: int, target: int, text: str) -> None:
        """/私聊 <目标> <内容>: a player-to-player message the bot forwards (where the game allows it)."""
        raise Refusal("本游戏不提供玩家之间的私聊转发。")

    def remove(self, ctx: Ctx, state: Any, seat: int, reason: str) -> None:
        """Take a seat out by the judge's hand (红牌罚下): no last words, no skills."""
        if not state.alive[seat]:
            return
        state.alive[seat] = False
        ctx.group(f"{ctx.name(seat)} {reason}，离开了游戏。")

    def public_status(self, state: Any) -> str:
        """What /状态 adds after the living 电梯楼 (which `ring` gives): sheriff, public statuses…"""
        return ""

    def end_board(self, state: Any) -> dict | None:
        """A table to draw with the end-of-game announcement (酒馆's final scores), or None."""
        return None

    def seat_view(self, state: Any, seat: int) -> tuple[bool, list[str]]:
        """The seat as the public knows it, for the 电梯楼 picture: (still in the game, public marks
        such as 警长, a 翻牌 role, or how it went out where that was announced)."""
        return bool(state.alive[seat]), []

    def dead_chat_refusal(self, state: Any, seat: int) -> str | None:
        """Why this seat may not (yet) talk in the dead chat (/亡者); None = it may.

        Only a seat that can no longer change the game may hear the dead: one still owed an
        action (a 猎人's shot, a badge to hand over, a late vote change) or last words, or one
        that may still speak in the group, would carry what the dead said back to the living."""
        alive, _ = self.seat_view(state, seat)
        if state.alive[seat] or alive:
            return "你还没有出局：亡者聊天只对出局的玩家开放。"
        if self.may_speak(state, seat):
            return "你出局后仍可以在群里发言，所以不能进入亡者聊天。"
        if seat in self.pending(state) or self.legal(state, seat):
            return "你出局后还有未完成的行动（技能或投票），完成或错过之后才能进入亡者聊天。"
        return self.dead_chat_wait(state, seat)

    def dead_chat_wait(self, state: Any, seat: int) -> str | None:
        """A ruleset's own reason to keep an out seat from the dead chat for now (遗言 still to come,
        a revival still possible), or None."""
        return None

    def ring(self, state: Any) -> list[int]:
        """The living seats in 电梯楼 order, as the group knows them (/状态 and the 进程帖 show it once)."""
        return [s for s in self.ring_order(state) if state.alive[s]]

    def faction_of(self, state: Any, seat: int) -> str:
        """The seat's current faction (for cards: two reds in one faction)."""
        return ""

    def on_forfeit(self, ctx: Ctx, state: Any, faction: str) -> None:
        """A faction was judged lost by the cards (004); the ruleset decides what follows."""

    def may_speak(self, state: Any, seat: int) -> bool:
        """May this seat post in the group without it being 诈尸 (004's 英灵 with [自由] may)."""
        return bool(state.alive[seat])

    def speech_refusal(self, state: Any, seat: int, text: str) -> str | None:
        """A speech rule the seat breaks with this group message (004's 寡言), or None."""
        return None

    def on_speech_breach(self, ctx: Ctx, state: Any, seat: int) -> None:
        """What breaking the speech rule costs (004: permanent 沉默 and 遗忘)."""

    # --- the 导演台 ------------------------------------------------------------
    def seat_facts(self, state: Any, seat: int) -> list[str]:
        """The ruleset's own per-seat facts for the judge's grimoire (HP, score, history…)."""
        return []

    def ring_order(self, state: Any) -> list[int]:
        """The seats in 电梯楼 order (a ruleset that moves seats around keeps its own ring)."""
        return list(range(1, state.n + 1))

    def night_steps(self, state: Any) -> list[StepView]:
        """The current (or next) night in order, each step's state. By default the night phases as
        declared; a ruleset with a night order list shows that list instead."""
        nights = [k for k, spec in self.phases.items() if spec.night]
        waiting = bool(self.pending(state))
        # before the first night (and by day, when no night has run) every step waits
        day = state.day if state.phase in nights else 0
        return [StepView(self.phases[key].label, step_state(nights, key, state.phase, day, not waiting))
                for key in nights]

    def phase_label(self, state: Any) -> str:
        spec = self.phases.get(state.phase)
        label = spec.label if spec else state.phase
        return f"第{state.day}天 {label}" if state.day else label

    # --- generic machinery from the declarations -----------------------------
    def available(self, state: Any, seat: int, skill: Skill) -> str | None:
        why = self._unusable(state, seat, skill)
        if why == _DEAD:
            return "你已经出局，不能再使用技能。"
        if why == _MANDATORY:
            return f"「{skill.name}」是强制技能，会自动结算。"
        if why == _PHASE:
            when = "、".join(dict.fromkeys(self.phases[p].label for p in skill.phases if p in self.phases))
            return f"现在不能使用「{skill.name}」：它只能在{when}使用，现在是「{self.phase_label(state)}」。"
        if why == _USED:
            return f"「{skill.name}」的使用次数已经用完。"
        return why

    def _unusable(self, state: Any, seat: int, skill: Skill) -> str | None:
        """Why `available` refuses, as a code (its text built only when someone reads it) or the game's
        `blocked` text; None: usable. `legal` asks this for every skill of every seat."""
        if not state.alive[seat] and not skill.when_dead:
            return _DEAD
        if skill.mandatory:
            return _MANDATORY
        if skill.phases and state.phase not in skill.phases:
            return _PHASE
        if skill.uses is not None and state.used(seat, skill.key) >= skill.uses:
            return _USED
        return self.blocked(state, seat, skill)

    def find(self, state: Any, seat: int, word: str, skills: list[Skill] | None = None) -> Skill:
        skills = self.skills_of(state, seat) if skills is None else skills  # (`skills`: kept by the engine)
        skill = find_skill(skills, word)
        if skill is None:
            raise Refusal(no_such_skill(word, [s for s in skills if not s.mandatory]))
        return skill

    def act(self, ctx: Ctx, state: Any, seat: int, action: Action, skill: Skill | None = None) -> None:
        """`skill`: the seat's skill of `action.skill` when the caller has just found it (engine/game/__init__.py)."""
        if skill is None or skill.key != action.skill:
            skill = next((s for s in self.skills_of(state, seat) if s.key == action.skill), None)
        if skill is None:
            raise Refusal("你没有这个技能。")
        why = self.available(state, seat, skill)
        if why:
            raise Refusal(why)
        if skill.timeout and ctx.options.get("节奏") == "论坛" and ctx.last_close is not None:
            if ctx.at > ctx.last_close + skill.timeout * 60:
                raise Refusal(f"「{skill.name}」已超过行动时限（关门后 {skill.timeout} 分钟），视为放弃。")
        check = self.target_check(state, seat, skill) if action.targets else None
        for t in action.targets:
            why = check_target_rule(skill, seat, t, state.alive.__getitem__, state.n)
            if why is None and t != ABSTAIN and check is not None:
                why = check(t)
            if why:
                raise Refusal(why)
        self.perform(ctx, state, seat, skill, action)

    def legal(self, state: Any, seat: int) -> list[LegalChoice]:
        """What the seat may do now, with every acceptable target."""
        out = []
        for skill in self.skills_of(state, seat):
            if self._unusable(state, seat, skill) is not None:
                continue
            cands = [ABSTAIN] if "弃权" in skill.words else []
            seats = rule_targets(skill, seat, state.alive, state.n)
            check = self.target_check(state, seat, skill) if seats else None
            cands += seats if check is None else [t for t in seats if check(t) is None]
            if skill.least_targets and len(cands) < skill.least_targets:
                continue
            out.append(LegalChoice(skill, tuple(cands)))
        return out

    def uses_left(self, state: Any, seat: int, skill: Skill) -> int | None:
        """Uses the seat has left of a limited skill (None: no limit). A game counting its own way overrides."""
        return None if skill.uses is None else max(0, skill.uses - state.used(seat, skill.key))

    # --- the prompt when a phase begins ------------------------------------------------------
    def prompted(self, state: Any, seat: int, skill: Skill) -> bool:
        """Whether the phase's prompt lists this skill: by default each private skill of this phase (the day
        vote has its own announcement in the group)."""
        return state.phase in skill.phases and not skill.public and skill.name != "投票"

    def prompt_note(self, state: Any, seat: int) -> str:
        """A line a game adds to the seat's prompt: what the declarations cannot say (teammates, a warning)."""
        return ""

    def prompt_text(self, state: Any, seat: int) -> str | None:
        """What the seat may do now, built from `legal` and each skill's usage: its targets, uses left, how to
        type it (004: "技能持有者会得到可发动技能的所有发动状态（剩余次数，可选目标等等）"). None: nothing to do."""
        lines = []
        for choice in self.legal(state, seat):
            skill = choice.skill
            if not self.prompted(state, seat, skill):
                continue
            left = self.uses_left(state, seat, skill)
            left_text = "" if left is None else f"（剩余 {left} 次）"
            cands = "、".join(f"{c}号" for c in choice.candidates if c) or "无"
            targets = f" 可选：{cands}" if skill.targets else ""
            lines.append(f"· {skill.name}{left_text}{targets} 用法：/技能 {skill.usage()}")
        if not lines:
            return None
        note = self.prompt_note(state, seat)
        return "\n".join([f"{self.phase_label(state)}：你可以发动", *lines, *([note] if note else []), "（不发动可 /放弃）"])

    def prompt(self, ctx: Ctx, state: Any, seats: Iterable[int] | None = None) -> None:
        """Tell each seat (the living by default) what it may do in the phase just entered, privately. Only
        text, so skipped when nobody reads it (`ctx.texts`)."""
        if not ctx.texts:
            return
        for seat in state.living() if seats is None else seats:
            text = self.prompt_text(state, seat)
            if text:
                ctx.seat(seat, text, "prompt")

    def help_text(self, state: Any, seat: int) -> str:
        """/身份: role text, then each skill with its usage and whether it is usable now."""
        lines = [self.role_text(state, seat)]
        chans = self.channels(state, seat)
        if chans:
            lines.append(help_line(chans, seat))
        skills = self.skills_of(state, seat)
        if skills:
            lines.append("技能：")
            for s in skills:
                n = self.uses_left(state, seat, s)
                left = "" if n is None else f"（剩余 {n} 次）"
                why = self.available(state, seat, s)
                now = "现在可用" if why is None else "现在不可用"
                usage = "自动结算" if s.mandatory else how_to_type(s)
                lines.append(f"· {s.name}{left}：{s.help} 用法：{usage}。{now}")
        pend = self.pending(state)
        if seat in pend:
            lines.append("你在本阶段还有行动未提交（也可以 /放弃）。")
        return "\n".join(lines)


def how_to_type(skill: Skill) -> str:
    if skill.name == "投票":  # the day vote has a command of its own
        reason = "" if skill.syntax else " [理由]"
        return f"群内 /{skill.usage()}{reason}（改票：/改票）"
    return ("群内 " if skill.public else "") + "/技能 " + skill.usage()


def no_such_skill(word: str, skills: list[Skill]) -> str:
    """「查险」: not a skill of yours; the closest of yours, with how to type it."""
    names = {n: s for s in skills for n in (s.name, *s.aliases)}
    close = difflib.get_close_matches(word, list(names), n=2, cutoff=0.3)
    mine = "、".join(s.name for s in skills) or "无"
    guess = "；".join(f"是不是想用「{names[n].name}」？发送 {how_to_type(names[n])}" for n in close)
    return f"你没有名为「{word[:20]}」的技能。" + (guess + "。" if guess else "") + f"你的技能：{mine}。发送 /身份 查看用法。"
