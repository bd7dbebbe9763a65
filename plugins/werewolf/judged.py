"""A 剧本's own roles on 狼人杀 (docs/script.md): a role 002 does not have, whose skills are `裁定` — the bot takes the
use on time (the skill's phase, its uses, its targets, PM or group), asks the judges without a seat to rule on it
(engine/parts/rulings.py: the 导演台's 待裁定, or /法官 裁定 <编号> <结果>), and delivers and records what they write
(rules.py `on_ruling`). A result that begins with 「出局」 and names seats, ruled in the day, makes them leave as a
death by the 导演's ruling (遗言, 猎人's shot and the rest as for any day death); anything else is words the seat
receives. This module reads only the book and the terms: the board (boards.py) registers the roles from here.

The roles are data: the 剧本 family (script.py) writes them into the game's options (`剧本角色`, JSON), and the board
registers them in the book from there whenever the options are read — at /开局, and again when a restarted bot
replays the game, so a changed or deleted file never changes a game already opened.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from ..bansha.engine import ALIVE, ALIVE_OTHER, Action, Ctx
from .book import BOOK, WerewolfRole, WerewolfUnit
from .order import NightStep
from .terms import DAY, GOD, GOOD, NIGHT, VILLAGER, WOLF, WOLVES

OPTION = "剧本角色"  # the game option holding the roles (JSON), hidden from the opening post
PHASE = {"night": NIGHT, "day": DAY}
KIND = {"神": GOD, "民": VILLAGER, "狼": WOLF}
FACTION = {"好人": GOOD, "好人阵营": GOOD, "狼人": WOLVES, "狼": WOLVES, "狼人阵营": WOLVES}
NO_EFFECT = "无效果"  # what stands when nobody rules
OUT = re.compile(r"^\s*出局[\s：:]*((?:\d+\s*号?[\s,，、]*)+)")  # a result that takes seats out (rules.py)


def _this_phase(state: Any, key: str) -> str:
    return f"{key}@{state.day}{state.phase}"


def spend(state: Any, seat: int, key: str) -> None:
    """One use of a 剧本 skill: counted for its `uses`, and for this phase (without `uses`: once in each phase)."""
    state.use(seat, key)
    state.use(seat, _this_phase(state, key))


@dataclass(frozen=True)
class JudgedSkill(WerewolfUnit):
    """A `裁定` skill: taken now, ruled by the 导演."""

    role: str = ""

    def blocked(self, state: Any, seat: int) -> str | None:
        if self.uses is None and state.used(seat, _this_phase(state, self.key)):
            return f"「{self.name}」这个阶段已经用过了。"
        return None

    def resolve(self, ctx: Ctx, state: Any, seat: int, action: Action) -> None:
        spend(state, seat, self.key)
        what = ("，目标 " + "、".join(ctx.name(t) for t in action.targets)) if action.targets else ""
        said = f"{ctx.name(seat)}（{self.role}）发动「{self.name}」{what}" + (
            f"，附言：{action.text}" if action.text else "")
        how = "请写出结果，机器人私聊发给他" + ("；写「出局 3」则 3号 出局" if state.phase == DAY else "")
        ruling = ctx.ask_judges(f"{said}。{how}。", f"剧本:{seat}:{self.key}", "本局结束", choices=(),
                                default=NO_EFFECT)
        if self.public:
            ctx.group(f"{ctx.name(seat)} 发动「{self.name}」{what}，等待导演裁定。", "skill",
                      {"seat": seat, "targets": tuple(action.targets)})
        ctx.seat(seat, f"已发动「{self.name}」{what}。导演裁定后会私聊告诉你结果（裁定 #{ruling.no}）。")
        ctx.judge(f"第{state.day}天 {said}，待裁定 #{ruling.no}")


def roles_option(roles: list[dict[str, Any]]) -> str:
    return json.dumps(roles, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True)
class CheckSkill(WerewolfUnit):
    """查验阵营 / 查验身份: one living seat checked, the answer by PM at once (as 002's 预言家 is answered)."""

    role: str = ""
    what: str = "查验阵营"

    blocked = JudgedSkill.blocked

    def resolve(self, ctx: Ctx, state: Any, seat: int, action: Action) -> None:
        target = action.targets[0]
        spend(state, seat, self.key)
        result = state.role(target) if self.what == "查验身份" else ("狼人" if state.kind(target) == WOLF else "好人")
        ctx.seat(seat, f"「{self.name}」结果：{ctx.name(target)} 是【{result}】。", "check",
                 {"target": target, "wolf": state.kind(target) == WOLF})
        ctx.judge(f"第{state.day}天 {ctx.name(seat)}（{self.role}）「{self.name}」{ctx.name(target)}：{result}")


@dataclass(frozen=True)
class DawnSkill(WerewolfUnit):
    """保护 / 击杀: chosen at night (once), settled at dawn at its step of the night order — the
    place the 剧本 wrote it in (`STEPS`): a 保护 before the 击杀 it is to stop, as 002's 守卫 comes before the pack."""

    role: str = ""
    what: str = "保护"

    blocked = JudgedSkill.blocked

    def resolve(self, ctx: Ctx, state: Any, seat: int, action: Action) -> None:
        target = action.targets[0]
        spend(state, seat, self.key)
        state.records[self.key] = (state.day, target)
        ctx.seat(seat, f"你今晚「{self.name}」{ctx.name(target)}，天亮时结算。")
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（{self.role}）「{self.name}」{ctx.name(target)}")

    def dawn(self, w: Any, dawn: Any) -> None:  # (its step's moment: night.py folds the steps in order)
        state = w.state
        day, target = state.records.get(self.key, (0, 0))
        if day != state.day or not target:
            return
        if self.what == "保护":
            dawn.protected.add(target)
        elif self.what == "毒杀":  # (as the witch's poison: no 保护 stops it, no shot after it: night.py)
            dawn.deaths.setdefault(target, []).append(f"{self.role}毒死")
        elif self.what == "击杀" and target not in dawn.protected:
            dawn.deaths.setdefault(target, []).append(f"{self.role}杀害")

    def morning(self, w: Any, dawn: Any) -> None:
        """禁言: told once the dawn's deaths are; the seat may not vote this day (state.can_vote reads it)."""
        state = w.state
        day, target = state.records.get(self.key, (0, 0))
        if self.what != "禁言" or day != state.day or not target or not state.alive[target]:
            return
        state.records.setdefault("muted", {}).setdefault(state.day, []).append(target)
        w.ctx.group(f"{w.ctx.name(target)} 今天被禁言，不能投票。", "muted", {"seat": target})


@dataclass(frozen=True)
class WeightSkill(WerewolfUnit):
    """票权: not typed; this role's ballot weighs `value` in the exile vote (day.py multiplies it in)."""

    role: str = ""
    value: float = 2.0


@dataclass(frozen=True)
class RevealSkill(WerewolfUnit):
    """公布身份: the seat's own role, told to the group."""

    role: str = ""

    blocked = JudgedSkill.blocked

    def resolve(self, ctx: Ctx, state: Any, seat: int, action: Action) -> None:
        spend(state, seat, self.key)
        ctx.group(f"{ctx.name(seat)} 公布身份：【{state.role(seat)}】。", "reveal", {"seat": seat})
        ctx.judge(f"第{state.day}天 {ctx.name(seat)} 公布身份（{state.role(seat)}）")


def weights(state: Any) -> dict[int, float]:
    """The exile vote's weight of each seat whose 剧本 role has 票权 (1 for everyone else)."""
    out = {}
    for seat in range(1, state.n + 1):
        role = BOOK.roles.get(state.roles[seat])
        for unit in role.skills if role is not None else ():
            if isinstance(unit, WeightSkill):
                out[seat] = out.get(seat, 1.0) * unit.value
    return out


# unit key -> (its role, the step the role follows in the 剧本's night order, its step): night.board_steps inserts
# them (a role with two such skills has two steps, in the order the 剧本 lists its skills)
STEPS: dict[str, tuple[str, str, NightStep]] = {}


def conflict(text: str) -> None:
    """ValueError (as `register` raises it) when a role of these is in the book already and is not the same."""
    for spec in json.loads(text) if text else ():
        role = _role(spec)
        known = BOOK.roles.get(role.name)
        placed = [after for who, after, _ in STEPS.values() if who == role.name]
        if (known is not None and known != role) or (placed and placed[0] != spec.get("after", "")):
            raise ValueError(f"已经有一个不同的「{role.name}」（002 的牌，或别的剧本的同名角色）：请给剧本的角色换个名字。")


def register(text: str | None) -> None:
    """The 剧本's roles of these options, in the book (idempotent). ValueError (Chinese) when a role of the same name
    is in the book already and is not this one (002's cards, or another 剧本's role of that name)."""
    if not text:
        return
    try:
        roles = json.loads(text)
    except ValueError:
        raise ValueError("剧本角色 不是剧本写出的格式。") from None
    conflict(text)
    for spec in roles:
        role = _role(spec)
        for unit in role.skills:
            if isinstance(unit, DawnSkill):
                STEPS.setdefault(unit.key, (role.name, str(spec.get("after", "")),
                                            NightStep(unit.key, role.name, NIGHT, moments=("dawn", "morning"))))
        known = BOOK.roles.get(role.name)
        if known is None:
            for unit in role.skills:
                BOOK.units.setdefault(unit.key, unit)
            BOOK.roles.setdefault(role.name, role)  # (idempotent: two games may register it at once)
            for skill in role.skills:
                BOOK.skills.setdefault(skill.key, skill)



def _role(spec: dict[str, Any]) -> WerewolfRole:
    name = str(spec["name"])
    skills = tuple(_skill(name, s) for s in spec.get("skills", ()))
    return WerewolfRole(name, FACTION[spec["faction"]], skills, str(spec.get("intro", "")), KIND[spec["kind"]])


def _skill(role: str, s: dict[str, Any]) -> WerewolfUnit:
    """One skill of a 剧本 role, by its effect (engine/game/script.py EFFECTS)."""
    effect = s.get("effect", "裁定")
    common = {"phases": (PHASE[s["phase"]],), "uses": s.get("uses"), "public": bool(s.get("public")),
              "pm_only": not s.get("public")}
    key = f"剧本.{role}.{s['name']}"
    said = str(s.get("help") or f"{s['name']}：{effect}。")
    if effect in ("保护", "击杀", "毒杀", "禁言"):
        return DawnSkill(key, str(s["name"]), targets=1, target_rule=ALIVE, role=role, what=effect,
                         harmful=effect in ("击杀", "毒杀"), help=said, **common)
    if effect == "票权":
        return WeightSkill(key, str(s["name"]), targets=0, mandatory=True, role=role, value=float(s.get("value", 2)),
                           help=said)
    if effect == "公布身份":
        return RevealSkill(key, str(s["name"]), targets=0, role=role, help=said,
                           **{**common, "public": True, "pm_only": False})
    if effect in ("查验阵营", "查验身份"):
        return CheckSkill(key, str(s["name"]), targets=1, target_rule=ALIVE_OTHER, role=role, what=effect,
                          help=str(s.get("help") or f"{s['name']}：{effect}。"), **common)
    return JudgedSkill(key, str(s["name"]), targets=int(s["targets"]), target_rule=ALIVE, free_text=50,
                       min_targets=0 if int(s["targets"]) == 0 else None, role=role,
                       help=str(s.get("help") or f"{s['name']}：由导演裁定结果。"), **common)
