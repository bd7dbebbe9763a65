"""Skill declarations.

A skill is declared once, with the rule text's Chinese name. The declaration
drives command parsing (name, aliases, how many targets, which words), the
legality check (phase, uses, target rule), `/身份` help and the random agent.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from . import ABSTAIN, Action, Refusal

# Target rules a declaration may use; rulesets add finer checks in their hooks.
ALIVE = "alive"  # any living seat, self included
ALIVE_OTHER = "alive_other"  # a living seat other than oneself
DEAD = "dead"
ANY = "any"


@dataclass(frozen=True)
class Skill:
    key: str  # identifier used in code and logs
    name: str  # the rule text's name (查验, 毒药, …)
    aliases: tuple[str, ...] = ()
    phases: tuple[str, ...] = ()  # phase keys in which it may be used
    targets: int = 1  # number of seat targets
    target_rule: str = ALIVE
    min_targets: int | None = None  # fewer targets allowed (e.g. 撕警徽 takes none)
    distinct: bool = True  # targets must differ from each other
    uses: int | None = None  # per game; None = no limit
    public: bool = False  # used in the group (自爆, 翻牌…), not by PM
    # Refused when typed in the group, where it would give the role away: True in the phases it is used in,
    # False never, None (the default) in night phases. The engine's one guard (game.py) reads it first.
    pm_only: bool | None = None
    team: str | None = None  # the team chooses; the last word of any member counts
    words: tuple[str, ...] = ()  # accepted non-seat words (e.g. 弃权)
    mandatory: bool = False  # 强制: not a choice, resolved automatically
    passable: bool = True  # may be given up with /放弃
    optional: bool = False  # a choice one may make at any moment, never owed (自爆): no reminder names it
    when_dead: bool = False  # usable by a seat that has left (猎人's shot, 移交警徽)
    syntax: str = ""  # a hand-written usage line where the generated one would be unwieldy
    timeout: int = 0  # 论坛: minutes after 关门 after which it counts as given up (003's 行动时限); 0 = phase deadline
    free_text: int = 0  # free text after the targets, at most this many characters (004's 审讯 question: 20)
    help: str = ""

    @property
    def least_targets(self) -> int:
        return self.targets if self.min_targets is None else self.min_targets

    def matches(self, word: str) -> bool:
        return word == self.name or word in self.aliases or word == self.key

    def usage(self) -> str:
        """How to type it, as a person would read it: 「查验 <目标>」, 「投票 <目标或弃权>」, 「嚎叫 <跟随|骑乘>」."""
        if self.syntax:
            return self.syntax
        parts = [self.name]
        target = "<目标或弃权>" if "弃权" in self.words else "<目标>"
        if self.targets == 1:
            parts.append(target if self.least_targets else f"[{target[1:-1]}]")
        elif self.targets > 1:
            parts.append(" ".join(f"<目标{i + 1}>" for i in range(self.targets)))
        # choice words; 弃权 is shown with the target, and an alias such as 改票 is a command of its own
        choices = [w for w in self.words if w != "弃权" and w not in self.aliases]
        if choices:
            parts.append(f"<{'|'.join(choices)}>" if self.targets == 0 else f"[{'|'.join(choices)}]")
        return " ".join(parts)


def find_skill(skills: Iterable[Skill], word: str) -> Skill | None:
    for s in skills:
        if s.matches(word):
            return s
    return None


# --- how people write a seat ----------------------------------------------------------------

MAX_DIGITS = 12  # a QQ number has at most 11: a longer number is nobody (and int() of 4,301 digits raises)
_CN_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
              "九": 9}
_CN_NUMBER = re.compile(r"[零〇一二两三四五六七八九十百]{1,6}")
_SEAT = re.compile(r"第?(?:(?P<digits>\d+)|(?P<cn>[零〇一二两三四五六七八九十百]{1,6}))\s*号?")


def decimal(text: str, max_digits: int = MAX_DIGITS) -> int | None:
    """An unsigned decimal number of at most `max_digits` digits, else None (never int()'s ValueError)."""
    return int(text) if text.isdecimal() and len(text) <= max_digits else None


def cn_number(text: str) -> int | None:
    """A Chinese numeral up to 999: 三, 十, 十一, 二十, 二十三, 一百零五, 两百; else None."""
    if not _CN_NUMBER.fullmatch(text):
        return None
    total, seen = 0, False
    for unit, mult in (("百", 100), ("十", 10)):
        head, sep, text = text.partition(unit)
        if not sep:
            text = head
            continue
        head = head.lstrip("零〇")
        if len(head) > 1 or (head and head not in _CN_DIGITS) or (not head and unit == "百"):
            return None
        total += (_CN_DIGITS[head] if head else 1) * mult
        seen = True
    text = text.lstrip("零〇") if seen else text
    if len(text) > 1 or any(ch not in _CN_DIGITS for ch in text):
        return None
    digit = _CN_DIGITS[text] if text else None
    if digit is None and not seen:
        return None
    return total + (digit or 0)


def seat_number(token: str) -> tuple[int, bool] | None:
    """A seat as people write it: 3, 3号, 三, 三号, 第三, 第3号 → (number, written in digits); else None.
    A number too long to be a seat or a QQ number is no seat either."""
    m = _SEAT.fullmatch(token.strip())
    if m is None:
        return None
    if m.group("digits") is not None:
        num = decimal(m.group("digits"))
        return None if num is None else (num, True)
    num = cn_number(m.group("cn"))
    return None if num is None else (num, False)


def target_like(token: str) -> bool:
    """Could this token be a target on its own: a seat number in any form, an @mention or 弃权."""
    return token == "弃权" or seat_number(token) is not None or bool(re.fullmatch(r"@\d{1,12}", token))


def split_skill_word(skills: Iterable[Skill], word: str) -> tuple[str, str] | None:
    """「查验3」, 「刀三号」, 「圣杯7」: a skill name run together with its first target → (name as typed, target).
    Only when the rest is a target on its own or one of the skill's words, so a word that merely starts with
    a skill's name stays what it is."""
    names = sorted(((n, s) for s in skills for n in (s.name, *s.aliases)), key=lambda ns: len(ns[0]), reverse=True)
    for name, skill in names:
        rest = word[len(name):]
        if rest and word.startswith(name) and (target_like(rest) or rest in skill.words):
            return name, rest
    return None


def parse_action(
    skill: Skill,
    words: list[str],
    resolve: Callable[[str], int | None],
    *,
    reason: str = "",
    via: str = "pm",
    **more: object,
) -> Action:
    """Turn the words after a skill name into an Action, or refuse.

    `resolve` maps a token (seat number, 3号, QQ, @QQ, exact name) to a seat.
    Tokens listed in `skill.words` are kept as words; 弃权 means ABSTAIN where
    the skill accepts it.
    """
    targets: list[int] = []
    kept: list[str] = []
    for w in words:
        if w in skill.words:
            if w == "弃权":
                targets.append(ABSTAIN)
            else:
                kept.append(w)
            continue
        seat = resolve(w)
        if seat is None:
            raise Refusal(f"找不到「{w[:20]}」这名玩家：请用座位号（如 3、3号 或 三号）、@、QQ号或游戏内昵称。")
        targets.append(seat)
    if len(targets) > skill.targets:
        raise Refusal(f"「{skill.name}」最多指定 {skill.targets} 个目标。用法：{skill.usage()}")
    if len(targets) < skill.least_targets:
        raise Refusal(f"「{skill.name}」需要指定 {skill.least_targets} 个目标。用法：{skill.usage()}")
    if skill.distinct and len(set(targets)) != len(targets):
        raise Refusal(f"「{skill.name}」的目标不能重复。")
    return Action(skill=skill.key, targets=tuple(targets), words=tuple(kept), reason=reason, via=via, **more)  # type: ignore[arg-type]


def check_target_rule(skill: Skill, actor: int, target: int, alive: Callable[[int], bool], n: int) -> str | None:
    """The declaration's own target rule; returns a refusal text or None."""
    if target == ABSTAIN:
        return None if "弃权" in skill.words else f"「{skill.name}」不能弃权。"
    if not 1 <= target <= n:
        return f"没有 {target} 号座位。"
    rule = skill.target_rule
    if rule in (ALIVE, ALIVE_OTHER) and not alive(target):
        return f"{target}号 已经出局，不能作为「{skill.name}」的目标。"
    if rule == ALIVE_OTHER and target == actor:
        return f"「{skill.name}」不能以自己为目标。"
    if rule == DEAD and alive(target):
        return f"{target}号 仍然在场，「{skill.name}」只能指定出局的玩家。"
    return None


def rule_targets(skill: Skill, actor: int, alive: list[bool], n: int) -> list[int]:
    """The seats 1..n the declaration's own target rule accepts: exactly those for which `check_target_rule`
    is None (tests/engine/test_engine.py checks every rule), without building a refusal for each of the others
    (`legal` asks this for every seat, skill and phase)."""
    rule = skill.target_rule
    if rule == ALIVE:
        return [t for t in range(1, n + 1) if alive[t]]
    if rule == ALIVE_OTHER:
        return [t for t in range(1, n + 1) if alive[t] and t != actor]
    if rule == DEAD:
        return [t for t in range(1, n + 1) if not alive[t]]
    return list(range(1, n + 1))
