"""鹿鼎记 as a 剧本's rules (`rules = "鹿鼎记"`): a 剧本 that writes out 003's board is compiled to the game's own
options, so it is judged by exactly the code that judges `/开局 鹿鼎记` (engine/game/script.py).

003 deals one fixed board (terms.DECK: 14 cards, three camps), so a 鹿鼎记 剧本 is that board written out for its
players, checked line by line, plus the day's options. What it may say, and why (each refusal names its line):
- role: 003's nine roles (roles.ROLES), each with its camp and skills as 003 gives them, in the counts of the
  deal (1 of each, 6 村民) — the board is fixed, so every role is written and nothing else is;
- players: 14 ("本场版杀为14人局");
- faction: 狼人阵营, 村民阵营 and 妖狐阵营 (or 狼人/狼, 村民, 妖狐), each with 003's win condition in the words of
  script.WINS (WINS below: the closest word, as the table in docs/script.md explains);
- no channel ("父狼与幼狼互知但不共群"), no intro (/身份 says 003's text), no kind and no [[role.skill]] tables
  (the format's way to make a role of one's own: 鹿鼎记 has only 003's);
- night.order: 003's order I–V (order.NIGHT_ORDER: 妖狐 → 守卫 → 父狼、幼狼 → 女巫 → 预言家), written only to be
  checked; roles that never act in it are refused;
- day.options: any option of /开局 鹿鼎记 (节奏, 开门, 关门, 红牌判负, the forum rules, 白天/夜晚/结算…), checked as
  /开局 checks it; 种子 decides the deal, so it is not the 剧本's to write.
"""

from __future__ import annotations

from typing import Any

from ..bansha.engine import Refusal
from ..bansha.engine.core.phases import parse_options
from ..bansha.engine.game.script import Problem, Script, ScriptError
from .order import NIGHT_ORDER
from .roles import ROLES
from .terms import CAMPS, DECK, FOX, PLAYERS, VILLAGE, WOLF

# How a 剧本 may name 003's camps: the text's names, or their short forms
FACTION_NAMES = {"狼人阵营": WOLF, "狼人": WOLF, "狼": WOLF, "村民阵营": VILLAGE, "村民": VILLAGE,
                 "妖狐阵营": FOX, "妖狐": FOX}
# 003's 胜负判定 for each camp, in the 剧本 vocabulary (engine/game/script.py WINS), and the text it stands for.
# 狼人阵营 and 村民阵营 win when every character outside the camp is out: 全灭, word for word. 妖狐阵营 wins when it
# outlives the game (any camp that wins while the 妖狐 is in loses the win to it; or only the 妖狐 and one other
# camp are left unbeaten): of the vocabulary, 存活天数 — surviving — is the closest, the days being "to the end".
WINS = {WOLF: "全灭", VILLAGE: "全灭", FOX: "存活天数"}
WIN_TEXT = {
    WOLF: "除狼人阵营外的角色全部出局",
    VILLAGE: "除村民阵营外的角色全部出局",
    FOX: "活到终局：任何阵营获胜时妖狐未出局则代替它获胜，或场上只剩妖狐阵营和另一个阵营尚未判负",
}
BOARD = "、".join(f"{DECK.count(name)}{name}" for name in ROLES)  # 1父狼、1幼狼、…、6村民、1妖狐
# Who wakes in each step of the night (I–V; VI 感染结算 and VII 毒药结算 are no role's turn)
STEPS = [step.actors for step in NIGHT_ORDER if step.actors]
WAKES = [name for actors in STEPS for name in actors]
ORDER_TEXT = " → ".join("、".join(actors) for actors in STEPS)
OPTIONS_NOT_WRITTEN = ("种子",)  # decides the deal


class LudingFamily:
    """`Ruleset.script_family` of 鹿鼎记."""

    def __init__(self, ruleset: Any) -> None:
        self.ruleset = ruleset

    def compile(self, script: Script) -> dict[str, Any]:
        problems: list[Problem] = []
        sides = {name: FACTION_NAMES.get(name, "") for name in script.factions}
        problems += _factions(script, sides)
        for role in script.roles:
            problems += _role(script, role, sides)
        problems += _board(script)
        problems += _night(script)
        if script.pick:  # 003 deals one fixed board (its 版本 by the head count): no 卡池
            problems.append(script.problem("鹿鼎记按 003 的板子发牌，不能抽卡池：去掉 [deal] 和角色的 strength。", "deal"))
        options: dict[str, Any] = {}
        try:
            options = parse_options(list(script.day), self.ruleset.all_options())
        except Refusal as why:
            problems.append(script.problem(str(why), "day", "options"))
        written = {w.partition("=")[0].strip() for w in script.day}
        for key in OPTIONS_NOT_WRITTEN:
            if key in written:
                problems.append(script.problem(f"「{key}」决定发牌，不能写在剧本里（开局时由法官决定）。", "day", "options"))
        if problems:
            raise ScriptError(problems)
        return {k: v for k, v in options.items() if k in written}


def _factions(script: Script, sides: dict[str, str]) -> list[Problem]:
    out = []
    seen: dict[str, str] = {}
    for i, (name, win) in enumerate(script.factions.items()):
        camp = sides[name]
        if not camp:
            out.append(script.problem(f"鹿鼎记没有「{name}」这个阵营：只有 {'、'.join(CAMPS)}（003）。",
                                      "faction", i, "name"))
            continue
        if camp in seen:
            out.append(script.problem(f"「{name}」和「{seen[camp]}」是同一个阵营（{camp}），只写一次。",
                                      "faction", i, "name"))
        seen.setdefault(camp, name)
        if win and win != WINS[camp]:
            out.append(script.problem(
                f"鹿鼎记里{camp}的胜利条件是{WIN_TEXT[camp]}（003）；剧本里写「{WINS[camp]}」，不能写「{win}」。",
                "faction", i, "win"))
    return out


def _role(script: Script, role: Any, sides: dict[str, str]) -> list[Problem]:
    card = ROLES.get(role.name)
    i = role.index
    if card is None:
        return [script.problem(f"鹿鼎记没有「{role.name}」这个身份。鹿鼎记的身份：{'、'.join(ROLES)}。", "role", i, "name")]
    out = []
    if role.faction and sides.get(role.faction) != card.faction:
        out.append(script.problem(f"{role.name}属于{card.faction}（003）。", "role", i, "faction"))
    have = tuple(s.name for s in card.skills)
    if set(role.skills) != set(have) or len(role.skills) != len(have):
        out.append(script.problem(
            f"{role.name}的技能是 {'、'.join(have) or '（无）'}（003），剧本写的是 {'、'.join(role.skills) or '（无）'}。",
            "role", i, "skills"))
    need = DECK.count(role.name)
    if role.count != need:
        out.append(script.problem(
            f"鹿鼎记的身份配置是固定的（003：{BOARD}），{role.name}要写 count = {need}。", "role", i, "count"))
    if role.channel:
        out.append(script.problem("鹿鼎记没有队伍频道：父狼与幼狼互知但不共群（003），去掉 channel。", "role", i, "channel"))
    if role.intro:
        out.append(script.problem(f"{role.name}的身份说明按 003 的原文，剧本不能改写（去掉 intro）。", "role", i, "intro"))
    # (a 剧本 may give a role of its own a kind and skill tables: 鹿鼎记 has only 003's roles and skills)
    if getattr(role, "kind", ""):
        out.append(script.problem(f"{role.name}是 003 的身份，类别按 003，不能写 kind（去掉它）。", "role", i, "kind"))
    if getattr(role, "written", ()):
        out.append(script.problem(
            f"鹿鼎记的技能按 003，不能给{role.name}另写技能（去掉 [[role.skill]]）。", "role", i, "skill", 0))
    return out


def _board(script: Script) -> list[Problem]:
    """003 deals one board of 14: every role written, and 14 players."""
    out = []
    missing = [name for name in ROLES if name not in {r.name for r in script.roles}]
    if missing and script.roles:
        last = script.roles[-1].index
        out.append(Problem(script.line("role", last), "role",
                           f"鹿鼎记的身份配置是固定的（003：{BOARD}），剧本少了 {'、'.join(missing)}。"))
    if script.players != (PLAYERS, PLAYERS):
        out.append(script.problem(f"鹿鼎记是 {PLAYERS} 人局（003：本场版杀为14人局），人数要写 {PLAYERS}。", "players"))
    return out


def _night(script: Script) -> list[Problem]:
    """A written night order must be 003's (I–V); 父狼 and 幼狼 share step III, in either order."""
    if not script.night:
        return []
    asleep = [w for w in script.night if w not in WAKES]
    step_of = {name: n for n, actors in enumerate(STEPS) for name in actors}
    steps = [step_of[w] for w in script.night if w in step_of]
    if asleep or sorted(steps) != steps or set(script.night) != set(WAKES):
        why = f"{'、'.join(asleep)} 不在鹿鼎记的夜晚顺序里；" if asleep else ""
        return [script.problem(f"{why}鹿鼎记的夜晚顺序按 003：{ORDER_TEXT}（之后是感染结算、毒药结算）。",
                               "night", "order")]
    return []
