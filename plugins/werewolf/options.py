"""狼人杀's phases (002 gives no times: the 论坛 tempo's are ours) and the options /开局 accepts."""

from __future__ import annotations

from ..bansha.engine import OptionSpec, PhaseSpec
from .boards import BOARDS, CUSTOM
from .terms import (
    BADGE,
    CHECK_FACTION,
    CHECK_ROLE,
    CUPID,
    DAY,
    ELECT,
    ELECT_VOTE,
    GOAT,
    HUNTER,
    LAST_WORDS,
    NIGHT,
    PK,
    THIEF,
    TIE,
    WITCH,
)

# --- phases and options -----------------------------------------------------------------------

PHASES: dict[str, PhaseSpec] = {
    # 论坛 tempo (002 gives no times): the day ends at 关门; the night's sub-phases at fixed offsets after the
    # last close; the short phases last a fixed time from their start (an hour for 遗言, …)
    THIEF: PhaseSpec(THIEF, "盗贼行动", night=True, seconds=40, option="盗贼", forum="+10"),
    CUPID: PhaseSpec(CUPID, "丘比特行动", night=True, seconds=40, option="丘比特", forum="+20"),
    NIGHT: PhaseSpec(NIGHT, "夜晚", night=True, seconds=60, option="夜晚", forum="+30"),
    WITCH: PhaseSpec(WITCH, "女巫行动", night=True, seconds=30, option="女巫", forum="+45"),
    ELECT: PhaseSpec(ELECT, "警长竞选（上警）", seconds=60, option="竞选", forum="=120"),
    ELECT_VOTE: PhaseSpec(ELECT_VOTE, "警长竞选（投票）", seconds=90, option="竞选投票", forum="=120"),
    DAY: PhaseSpec(DAY, "白天（发言与投票）", seconds=180, option="白天", forum="close", discussion=True),
    TIE: PhaseSpec(TIE, "警长决断", seconds=30, option="决断", forum="=30"),
    PK: PhaseSpec(PK, "PK投票", seconds=90, option="PK时长", forum="=120"),
    LAST_WORDS: PhaseSpec(LAST_WORDS, "遗言", seconds=60, option="遗言", forum="=60"),
    HUNTER: PhaseSpec(HUNTER, "猎人开枪", seconds=30, option="开枪", forum="=30"),
    BADGE: PhaseSpec(BADGE, "移交警徽", seconds=30, option="移交", forum="=30"),
    GOAT: PhaseSpec(GOAT, "替罪羊指定", seconds=40, option="指定", forum="=30"),
}


def _length(key: str, what: str) -> OptionSpec:
    spec = PHASES[next(k for k, p in PHASES.items() if p.option == key)]
    forum = {"close": "关门时", "": ""}.get(spec.forum, "")
    if spec.forum.startswith("="):
        forum = f"{int(spec.forum[1:])}分钟"
    elif spec.forum.startswith("+"):
        forum = f"关门后{int(spec.forum[1:])}分钟"
    # no default value: the phase's own length applies unless the judge sets one
    return OptionSpec(key, "duration", None, (), f"{what}时长（快速默认{spec.seconds}秒；论坛{forum}）")


OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "板子",
        "choice",
        None,
        (*(b.name for b in BOARDS), CUSTOM),
        "板子（默认按人数：6～12 人基础板，13～15 人经典局，16～18 人全角色；自定义需配合 角色=…）",
    ),
    OptionSpec("角色", "text", None, (), "板子=自定义 时的角色表，如 狼人*3,预言家,女巫,猎人,平民*3"),
    OptionSpec(
        "卡池", "text", None, (),
        "板子=自定义 时每局另从卡池随机抽几张（明板，开局公布），如 卡池=守卫:3,猎人:3,白痴:2;抽2;强度5-6（角色:强度）",
    ),
    OptionSpec(
        "查验结果", "choice", CHECK_FACTION, (CHECK_FACTION, CHECK_ROLE), "预言家得知好人/狼人（阵营）或具体身份"
    ),
    OptionSpec("PK", "bool", False, (), "平票时是否让平票者进入 PK 再投一次（默认关）"),
    OptionSpec("警长", "bool", None, (), "第一天是否竞选警长（默认按板子：基础板关，其余开）"),
    OptionSpec("警长票权", "choice", "2", ("2", "1.5"), "警长在放逐投票中的票数（002：一票算两票；004 式为 1.5）"),
    OptionSpec(
        "发言", "choice", "顺序", ("顺序", "自由"),
        "快速节奏的白天：按发言顺序轮流发言（警长最后；轮到谁 @ 谁，/过 结束发言），或自由发言",
    ),
    OptionSpec("发言时长", "duration", 60, (), "发言=顺序 时每人的发言时限（/过 可以提前结束）"),
    OptionSpec("警长选民", "choice", "全体", ("全体", "警下"), "谁能投警长票：全体存活玩家（002），或只有没上警的人"),
    OptionSpec(
        "竞选自爆", "choice", "流失", ("流失", "顺延"), "竞选中有狼自爆：警徽流失，或竞选顺延到下一个白天（只顺延一次）"
    ),
    OptionSpec("偷看风险", "choice", "概率", ("概率", "指认"), "小女孩偷看被发现的方式：每次偷看按概率，或狼人指认"),
    OptionSpec("偷看概率", "int", 20, (), "偷看风险=概率 时，每次偷看被发现的百分比（0～100）"),
    OptionSpec("守护小女孩", "choice", "无效", ("无效", "拒绝"), "守卫守护小女孩：接受但无效（不暴露她），或直接拒绝"),
    OptionSpec(
        "长老诅咒",
        "choice",
        "除狼人外",
        ("除狼人外", "仅好人"),
        "长老被好人误杀后失去能力的角色：除狼人外全部（002），或只有好人阵营",
    ),
    _length("盗贼", "盗贼行动"),
    _length("丘比特", "丘比特行动"),
    _length("夜晚", "夜晚（守卫、狼人、小女孩、预言家、吹笛者行动）"),
    _length("女巫", "女巫行动"),
    _length("竞选", "警长竞选上警"),
    _length("竞选投票", "警长竞选投票"),
    _length("白天", "白天发言与投票"),
    _length("决断", "警长平票决断"),
    _length("PK时长", "PK 投票"),
    _length("遗言", "遗言"),
    _length("开枪", "猎人开枪"),
    _length("移交", "移交警徽"),
    _length("指定", "替罪羊指定"),
)

# options that only matter with a role on the board, or with a sheriff election (/开局 confirms only those that apply)
ROLE_OPTIONS = {"偷看风险": "小女孩", "偷看概率": "小女孩", "守护小女孩": "小女孩", "长老诅咒": "长老"}
SHERIFF_OPTIONS = {"警长票权", "警长选民", "竞选自爆"}
TURN_OPTIONS = {"发言", "发言时长"}  # speaking turns are a 快速 tempo matter (论坛 posts come at any hour)
