"""Forum play's options: every forum rule is an option (/开局 键=值), with a default per tempo.

A game's own text fixes its defaults (`Ruleset.text_rules`), which hold in every tempo; the tempo only
changes times (CLOCK_BOUND). The judge's option overrides both. Pure.
"""

from __future__ import annotations

from typing import Any

from ..core.phases import FORUM, OptionSpec, format_duration

FORUM_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("改票次数", "int", None, (), "每天允许改票的次数；-1 表示不限（论坛默认 1，快速默认不限）"),
    OptionSpec("改票截止", "duration", None, (), "关门前多久起不许改票（论坛默认 1h）", zero=True),
    OptionSpec("代投截止", "duration", None, (), "关门前多久起不许代投", zero=True),
    OptionSpec("投票理由", "choice", None, ("必填", "可选"), "投票是否必须写理由（论坛默认必填）"),
    OptionSpec("票数公开", "bool", None, (), "关：投票内容公开，但只公布最高票（004）"),
    OptionSpec("加速门槛", "choice", None, ("过半", "半数"), "过半：多于存活人数一半（003）；半数：不少于一半（004）"),
    OptionSpec("加速截止", "duration", None, (), "关门前多久起不再受理加速/延时申请；0 表示直到关门", zero=True),
    OptionSpec("加速时长", "duration", None, (), "加速成功后，距离关门还剩多久"),
    OptionSpec("自动加速", "int", None, (), "存活人数不多于此数时自动加速；0 表示关闭"),
    OptionSpec("潜水", "bool", None, (), "是否按潜水规则发黄牌（论坛默认开）"),
    OptionSpec("潜水帖数", "int", None, (), "未加速的讨论日发言少于此数判黄牌"),
    OptionSpec("连续潜水帖数", "int", None, (), "连续若干个未加速讨论日发言都少于此数判黄牌"),
    OptionSpec("连续潜水天数", "int", None, (), "上一条的天数"),
    OptionSpec("未投票黄牌", "bool", None, (), "未加速的讨论日未投票判黄牌"),
    OptionSpec("诈尸处罚", "choice", None, ("警告", "蓝牌", "黄牌"), "出局玩家在群里发言时的处理"),
    OptionSpec("诈尸禁言", "duration", None, (), "诈尸时禁言多久（机器人需是管理员）；0 表示不禁言", zero=True),
    OptionSpec("红牌结算", "choice", None, ("立即", "投票后"), "白天的红牌罚下立即结算（003），或在投票结算之后（004）"),
    OptionSpec("红牌判负", "bool", None, (), "同一阵营累计两张红牌时该阵营判负（004）"),
    OptionSpec("替补次数", "int", None, (), "每个座位最多更换替补的次数"),
    OptionSpec("提醒", "duration", None, (), "截止前多久私聊提醒还没行动的玩家；0 表示不提醒", zero=True),
    OptionSpec("公开提醒", "durations", None, (), "截止前多久在群里倒计时并 @ 还没投票的玩家，可写几个，如 2h,30m；0 表示不提醒"),
    OptionSpec("场外助理上限", "int", None, (), "参加过不超过这么多场版杀的玩家才能登记场外助理；-1 表示不允许，0 表示不限"),
)

# Defaults by tempo, for a game whose own text says nothing (狼人杀 002 has no forum rules).
_QUICK = {
    "改票次数": -1, "改票截止": 0, "代投截止": 0, "投票理由": "可选", "票数公开": True, "加速门槛": "过半",
    "加速截止": 0, "加速时长": 60, "自动加速": 0, "潜水": False, "潜水帖数": 5, "连续潜水帖数": 10,
    "连续潜水天数": 3, "未投票黄牌": False, "诈尸处罚": "警告", "诈尸禁言": 0, "红牌结算": "立即",
    "红牌判负": False, "替补次数": 1, "提醒": 20, "场外助理上限": 0, "公开提醒": (30,),
}
_FORUM = dict(
    _QUICK, 改票次数=1, 改票截止=3600, 代投截止=1800, 投票理由="必填", 加速时长=3600, 潜水=True,
    未投票黄牌=True, 提醒=1800, 公开提醒=(7200, 1800),
)
# What a tempo may change: times on the forum's wall clock, and the 潜水 rules, which count posts and votes over a
# forum day (13 hours of thread) and would card everyone out of a five-minute 快速 day. Every other rule a game's
# text states (Ruleset.text_rules) holds in every tempo: "tempo changes time only".
CLOCK_BOUND = frozenset({
    "改票截止", "代投截止", "加速截止", "加速时长", "提醒", "诈尸禁言", "潜水", "潜水帖数", "连续潜水帖数", "连续潜水天数",
    "未投票黄牌", "开门", "关门", "公开提醒",
})
CLOCK_KEYS = ("开门", "关门")  # /开局's wall-clock options, which a game's text may fix too (纳塔 closes at 21:00)


def resolve(rules: Any, options: dict[str, Any], key: str) -> Any:
    """The judge's option, else the game's text, else the tempo's default (the text's times only in 论坛)."""
    if key in options:
        return options[key]
    forum_tempo = options.get("节奏") == FORUM
    text = getattr(rules, "text_rules", {})
    if key in text and (forum_tempo or key not in CLOCK_BOUND):
        return text[key]
    return (_FORUM if forum_tempo else _QUICK)[key]


def departures(rules: Any, options: dict[str, Any]) -> list[str]:
    """What these options set aside of the game's text (for /开局's reply): the judge's overrides, then
    what 快速 tempo drops (the forum clock's cut-offs and 潜水)."""
    text = getattr(rules, "text_rules", {})
    forum_tempo = options.get("节奏") == FORUM
    judge, tempo = [], []
    for key, wanted in text.items():
        if key in options:
            if options[key] != wanted and (forum_tempo or key not in CLOCK_KEYS):
                judge.append(f"{key}={_show(key, options[key])}（原文 {_show(key, wanted)}）")
        elif not forum_tempo and key in CLOCK_BOUND and key not in CLOCK_KEYS and _QUICK[key] != wanted:
            tempo.append(f"{key}（原文 {_show(key, wanted)}）")
    out = []
    if judge:
        out.append("与原文不同的设置：" + "；".join(judge))
    if tempo:
        out.append("快速节奏按分钟计时，不执行论坛时钟的规则：" + "、".join(tempo))
    return out


def _show(key: str, value: Any) -> str:
    if isinstance(value, bool):
        return "开" if value else "关"
    spec = next((o for o in FORUM_OPTIONS if o.key == key), None)
    if spec is not None and spec.kind == "duration":
        return format_duration(value) if value else "0"
    return str(value)
