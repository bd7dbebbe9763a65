"""/战绩 [@某人] · /排行 [游戏]: records from the stored games (plugins/bansha/records.py)."""

from __future__ import annotations

from ... import records
from ...engine.core import Refusal
from ...engine.core.skills import decimal
from ...engine.game import registry
from .. import table
from ..call import RETRY, Call

ROLES_SHOWN = 8


def _pct(x: float) -> str:
    return f"{x * 100:.0f}%"


def _who(call: Call) -> int:
    for word in call.words:
        qq = decimal(word.lstrip("@"))
        if qq is not None:
            return qq
        raise Refusal("用法：/战绩 [@某人]（或QQ号）")
    return call.user


@table.command("战绩", usage="[@某人]", summary="对局数、胜场、按阵营和身份的胜率、最近五局")
async def record(call: Call) -> str:
    qq = _who(call)
    try:
        s = await records.player_summary(qq)
    except Exception:
        raise Refusal(RETRY) from None
    if s is None:
        who = "你" if qq == call.user else f"{qq}"
        raise Refusal(f"没有找到{who}的战绩：还没有打完过一局（战绩只统计已经结束的游戏）。")
    lines = [f"【战绩】{s.name}（{s.qq}）",
             f"有胜负的对局 {s.games} 场，胜 {s.wins} 场，胜率 {_pct(s.wins / s.games if s.games else 0)}"
             + (f"；另有 {s.unfinished} 场被法官终止" if s.unfinished else "")]
    if s.by_faction:
        lines.append("按阵营：" + "；".join(f"{x.label} {x.wins}/{x.games}（{_pct(x.rate)}）" for x in s.by_faction))
    if s.by_role:
        shown = s.by_role[:ROLES_SHOWN]
        more = f"；另有 {len(s.by_role) - len(shown)} 种身份" if len(s.by_role) > len(shown) else ""
        lines.append("按身份：" + "；".join(f"{x.label} {x.wins}/{x.games}" for x in shown) + more)
    lines.append("最近五局：")
    for r in s.recent:
        rules = registry.get(r.ruleset)
        result = "终止" if r.won is None else ("胜" if r.won else "负")
        lines.append(f"· 第{r.game_id}局 {rules.title if rules else r.ruleset} {r.seat}号 {r.role}（{r.faction}）{result}")
    return "\n".join(lines)


@table.command("排行", usage="[游戏]", where="group", summary="本群的胜场排行（可只看一种游戏）",
               wrong_place="排行是按群统计的：请在群里发送 /排行 [游戏]。")
async def ranking(call: Call) -> str:
    words = call.words
    rules = registry.get(words[0]) if words else None
    if words and rules is None:
        games = "、".join(r.title for r in registry.all_rulesets())
        raise Refusal(f"没有名为「{words[0][:20]}」的游戏。可选：{games}")
    try:
        ranks = await records.leaderboard(call.event.group_id, rules.key if rules else None)  # type: ignore[attr-defined]
    except Exception:
        raise Refusal(RETRY) from None
    title = f"【排行】本群{rules.title if rules else '全部游戏'}（按胜场）"
    if not ranks:
        return title + "\n还没有打完的对局。"
    lines = [title]
    for i, r in enumerate(ranks, 1):
        lines.append(f"{i}. {r.name}（{r.qq}）胜 {r.wins}/{r.games}，胜率 {_pct(r.rate)}")
    return "\n".join(lines)
