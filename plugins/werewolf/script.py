"""狼人杀 as a 剧本's rules (`rules = "狼人杀"`): a 剧本 that deals 002's cards is compiled to a custom board and the
game's own options, so it is judged by exactly the code that judges the named boards (engine/game/script.py).

What a 剧本 may say here, and why (each refusal names its line):
- role: 002's cards (boards.CARDS), each with its faction and skills as 002 gives them — a 剧本 writes them
  out for its players and the bot checks them against the book, so a board never promises a skill it lacks;
- faction: 好人 and 狼人 win as 002 says (屠边: verdict.py); 吹笛者 and the lovers keep their own conditions;
- night.order: 002's order (order.NIGHT_ORDER) for the roles that wake — written only to be checked;
- day.options: any option of /开局 (options.OPTIONS: 警长, PK, 警长票权, 查验结果…), checked as /开局 checks it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..bansha.engine.core import Refusal
from ..bansha.engine.core.phases import parse_options
from ..bansha.engine.game.script import NIGHT_EFFECTS, PHASES, Problem, Script, ScriptError
from . import judged, pool
from .boards import CARDS, CUSTOM, parse_custom
from .book import BOOK
from .order import NIGHT_ORDER
from .terms import GOOD, WOLF, WOLF_TEAM, WOLVES

# How a 剧本 may name 002's factions: the book's labels, or their short forms
FACTION_NAMES = {"好人": "好人阵营", "狼人": "狼人阵营", "狼": "狼人阵营"}
# 002's win condition for each side, in the 剧本 vocabulary (engine/game/script.py WINS)
WINS = {"好人阵营": ("屠边",), "狼人阵营": ("屠边",), "吹笛者": ("全部迷惑",)}


class WerewolfFamily:
    """`Ruleset.script` of 狼人杀."""

    def __init__(self, ruleset: Any) -> None:
        self.ruleset = ruleset

    def compile(self, script: Script) -> dict[str, Any]:
        problems: list[Problem] = []
        sides = {name: FACTION_NAMES.get(name, name) for name in script.factions}
        for i, (name, win) in enumerate(script.factions.items()):
            side = sides[name]
            if side not in WINS:
                problems.append(script.problem(f"狼人杀没有「{name}」这个阵营：可用 好人、狼人（和吹笛者）。",
                                               "faction", i, "name"))
            elif win not in WINS[side]:
                problems.append(script.problem(
                    f"狼人杀里{name}的胜利条件是「{'、'.join(WINS[side])}」（002），不能改成「{win}」。",
                    "faction", i, "win"))
        own = [r for r in script.roles if r.name not in CARDS]  # the 剧本's own roles (judged.py)
        for role in script.roles:
            problems += _own(script, role, sides) if role in own else _role(script, role, sides)
        problems += _night(script, {r.name for r in own}, {r.name for r in own if _at_dawn(r)})
        options: dict[str, Any] = {}
        try:
            options = parse_options(list(script.day), self.ruleset.all_options())
        except Refusal as why:
            problems.append(script.problem(str(why), "day", "options"))
        written = {w.partition("=")[0].strip() for w in script.day}
        for key in ("板子", "角色", "种子", pool.POOL):
            if key in written:
                problems.append(script.problem(f"「{key}」由剧本的角色决定，不能写在 day.options 里。", "day", "options"))
        fixed = [r for r in script.roles if r.strength is None]
        deck = ",".join(f"{r.name}*{r.count}" for r in fixed)  # dealt every game (a 卡池's cards are drawn: pool.py)
        defined = judged.roles_option([_spec(r, script.night) for r in own]) if own else ""
        drawn = pool.Pool(tuple(script.pool()), script.pick, script.band) if script.pick else None
        for r in script.roles:
            if r.strength is not None and (r in own or r.name == "盗贼"):
                problems.append(script.problem(f"「{r.name}」不能进卡池：卡池里只放 002 的牌（盗贼除外，他的两张底牌要每局都在）。",
                                               "role", r.index, "strength"))
        cards = ",".join(f"{r.name}*{r.count}" for r in fixed if r not in own)  # (002's: a custom board checks them)
        if drawn is not None and not problems:
            with_pool = {"板子": CUSTOM, "角色": cards, pool.POOL: drawn.text()}
            if not drawn.hands():
                problems.append(script.problem(f"卡池里没有哪 {script.pick} 张牌的强度合计在这个范围里。", "deal", "strength"))
            elif why := self.ruleset.check_options(with_pool):
                problems.append(script.problem(why, "deal"))
            else:
                cards = pool.first_hand(with_pool)  # (every hand has as many cards: the first sizes the board)
        if not problems:
            try:  # 002's cards as a custom board checks them (the 剧本's own roles join the book only in a game)
                board = parse_custom(cards)
                judged.conflict(defined)
            except ValueError as why:
                named = [r.index for r in script.roles if f"「{r.name}」" in str(why)]  # the role it is about
                problems.append(script.problem(str(why), "role", *(named[:1] or [0])))
            else:
                lo, hi = script.players
                n = board.cards - board.spares + sum(r.count for r in own)  # (a 卡池's first hand counted in)
                if (lo, hi) != (n, n):
                    problems.append(script.problem(
                        f"角色一共 {board.cards} 张{'（盗贼的两张底牌不算）' if board.spares else ''}，人数就要写 {n}。",
                        "players"))
        if problems:
            raise ScriptError(problems)
        return {**{k: v for k, v in options.items() if k in written}, "板子": CUSTOM, "角色": deck,
                **({judged.OPTION: defined} if defined else {}), **({pool.POOL: drawn.text()} if drawn else {})}


def _own(script: Script, role: Any, sides: dict[str, str]) -> list[Problem]:
    """A role 002 does not have: its faction and kind, its words for /身份, and only `裁定` skills (judged.py)."""
    i, out = role.index, []
    if sides.get(role.faction) not in (GOOD, WOLVES):
        out.append(script.problem("剧本自己的角色要属于好人或狼人。", "role", i, "faction"))
    if not role.kind:
        out.append(script.problem(f"「{role.name}」不是 002 的牌：要写 kind（神、民或狼），胜负按它计（屠边）。",
                                  "role", i, "name"))
    elif (role.kind == "狼") != (sides.get(role.faction) == WOLVES):
        out.append(script.problem("狼人阵营的角色 kind 写「狼」，好人写「神」或「民」。", "role", i, "kind"))
    if not role.intro:
        out.append(script.problem(f"「{role.name}」不是 002 的牌：要写 intro（/身份 给玩家看的说明）。", "role", i, "name"))
    if role.skills:
        out.append(script.problem("剧本自己的角色不能用 002 的技能名：它的技能写在 [[role.skill]] 里（效果见 effect）。",
                                  "role", i, "skills"))
    if role.count != 1:
        out.append(script.problem("剧本自己的角色一局只能有一个。", "role", i, "count"))
    if role.channel and (role.kind != "狼" or role.channel != WOLF_TEAM):
        out.append(script.problem(f"频道：只有狼在夜里的「{WOLF_TEAM}」里说话。", "role", i, "channel"))
    if len({s.name for s in role.written}) != len(role.written):
        out.append(script.problem("同一个角色的两个技能不能同名。", "role", i, "skill"))
    return out


def _at_dawn(role: Any) -> bool:
    return any(s.effect in NIGHT_EFFECTS for s in role.written)


def _spec(role: Any, night: tuple[str, ...]) -> dict[str, Any]:
    """A 剧本 role as judged.py registers it (and the game keeps in its options); `after`: the step its 保护 or
    击杀 follows in the 剧本's night order ("" for the first)."""
    at = night.index(role.name) if role.name in night else 0
    after = night[at - 1] if at else ""
    if (card := BOOK.roles.get(after)) is not None and after in CARDS and card.kind == WOLF:
        after = "狼人"  # (the pack's one step)
    return {"name": role.name, "after": after, "faction": FACTION_NAMES.get(role.faction, role.faction), "kind": role.kind,
            "intro": role.intro, "skills": [{"name": s.name, "effect": s.effect, "phase": PHASES.get(s.phase, "day"), "value": s.value,
                                             "targets": s.targets, "uses": s.uses, "public": s.public, "help": s.help}
                                            for s in role.written]}


def _role(script: Script, role: Any, sides: dict[str, str]) -> list[Problem]:
    card = BOOK.roles.get(role.name)
    i = role.index
    if card is None or role.name not in CARDS:
        return [script.problem(f"狼人杀没有「{role.name}」这张牌。可用的牌：{'、'.join(CARDS)}。", "role", i, "name")]
    out = []
    if role.faction and sides.get(role.faction) != card.faction:
        out.append(script.problem(f"{role.name}属于{card.faction}（002）。", "role", i, "faction"))
    have = tuple(s.name for s in card.skills)
    if set(role.skills) != set(have):
        out.append(script.problem(
            f"{role.name}的技能是 {'、'.join(have) or '（无）'}（002），剧本写的是 {'、'.join(role.skills) or '（无）'}。",
            "role", i, "skills"))
    if role.channel and (card.kind != WOLF or role.channel != WOLF_TEAM):
        right = f"只有狼在夜里的「{WOLF_TEAM}」里说话" if card.kind == WOLF else f"{role.name}没有队伍频道"
        out.append(script.problem(f"频道：{right}。", "role", i, "channel"))
    if role.intro:
        out.append(script.problem(f"{role.name}的身份说明按 002 的原文，剧本不能改写（去掉 intro）。", "role", i, "intro"))
    if role.written or role.kind:
        out.append(script.problem(f"{role.name}是 002 的牌：技能和类别按 002，不能写 [[role.skill]] 或 kind。", "role", i,
                                  "skill" if role.written else "kind"))
    return out


def _night(script: Script, own: set[str], at_dawn: set[str]) -> list[Problem]:
    """A written night order must be 002's for the roles that wake on this board; a 剧本 role whose 保护 or 击杀
    is settled at dawn is written into it (where it stands is where it is settled), any other 剧本 role is not."""
    missing = [r for r in sorted(at_dawn) if r not in script.night]
    if missing:
        return [script.problem(f"{'、'.join(missing)} 的保护/击杀天亮时按夜晚顺序结算：请把它写进 night.order（例如保护写在狼人前面）。",
                               "night", "order") if script.night else
                script.problem(f"{'、'.join(missing)} 的保护/击杀天亮时按夜晚顺序结算：请写 [night] order，把它排进去。", "role")]
    if not script.night:
        return []
    if (own - at_dawn) & set(script.night):
        named = "、".join(w for w in script.night if w in own - at_dawn)
        return [script.problem(f"{named} 是剧本自己的角色：技能在夜里随时发动、立刻结算或由导演裁定，不排进夜晚顺序。",
                               "night", "order")]
    script = replace(script, night=tuple(w for w in script.night if w not in at_dawn))
    names = {r.name for r in script.roles}
    wolves = {r.name for r in script.roles if (c := BOOK.roles.get(r.name)) is not None and c.kind == WOLF}
    order = [s.label for s in NIGHT_ORDER if s.label in names or (s.label == "狼人" and wolves)]
    written = [("狼人" if w in wolves else w) for w in script.night]
    written = list(dict.fromkeys(written))
    if written != order:
        asleep = [w for w in script.night if w not in wolves and w not in order]
        why = f"{'、'.join(asleep)} 夜里不行动；" if asleep else ""
        return [script.problem(f"{why}狼人杀的夜晚顺序按 002：{' → '.join(order)}。", "night", "order")]
    return []
