"""[M192] 纳塔 (rule text 004): the text's vocabulary — factions, kinds, teams, phases, statuses.

Pure data, no behaviour. Roles and their skills live in roles/ (one module per role), the pool in pool.py,
the resolution order in order.py.
"""

from __future__ import annotations

from ..bansha.engine import PhaseSpec

# --- factions and kinds -----------------------------------------------------------------

VILLAGE = "村民阵营"
WOLF = "狼人阵营"
ELDER = "宗教老爷爷阵营"  # 三方: the independent 宗教老爷爷
FACTIONS = (VILLAGE, WOLF, ELDER)
FACTION_WORDS = (VILLAGE, WOLF, "独立阵营")  # what a disguise may claim
PRIORITY = (ELDER, WOLF, VILLAGE)  # "同时判负时……三方＞狼人＞村民"

SEER, STRONG, WEAK, WOLFKIND, INDEP = "验人系", "强神", "弱神", "狼人", "独立"

WOLF_TEAM = "狼群"
SPIRIT_TEAM = "英灵群"  # 御主[英灵召唤]: "与御主共群"
LINK_TEAM = "共群"  # 传递者[灵魂链接]
LOVERS = "虚情情侣"  # 凭依灵[灵魂凭依]

# --- phases -------------------------------------------------------------------------------
# 行动顺序总集: 黄昏 关门+10, 早夜 +20/+30, 午夜 +40, 深夜 +50/+60, 凌晨 +70, 晨曦 +80/+90.
# The engine times "+N" phases from the last close of a non-night phase, so 黄昏 and 晨曦 (day
# phases in the text) are flagged night=True here: their close must not move that anchor.

START, NOON, DUSK, EARLY, MID, DEEP, LATE, DAWN = "start", "noon", "dusk", "early", "mid", "deep", "late", "dawn"
ELECTION = "election"  # 竞选日: the first day, the 警长 election only
NIGHT_PHASES = (EARLY, MID, DEEP, LATE)
DAY_PHASES = (DAWN, NOON, DUSK)
ALL_PHASES = (START, ELECTION, DAWN, NOON, DUSK, EARLY, MID, DEEP, LATE)
CYCLE = (NOON, DUSK, EARLY, MID, DEEP, LATE, DAWN)  # one day, for "which status ends first"
NEXT = {EARLY: MID, MID: DEEP, DEEP: LATE}

PHASES: dict[str, PhaseSpec] = {
    START: PhaseSpec(START, "开局", seconds=300, option="开局"),
    # 竞选日 is not a 讨论日: no exile vote thread, so no 潜水 cards for candidates who may not vote.
    ELECTION: PhaseSpec(ELECTION, "竞选日（警长竞选）", seconds=600, option="竞选日", forum="close"),
    NOON: PhaseSpec(NOON, "正午（讨论与投票）", seconds=600, option="正午", forum="close", discussion=True),
    DUSK: PhaseSpec(DUSK, "黄昏", night=True, seconds=90, option="黄昏", forum="+10"),
    EARLY: PhaseSpec(EARLY, "早夜", night=True, seconds=90, option="早夜", forum="+30"),
    MID: PhaseSpec(MID, "午夜", night=True, seconds=90, option="午夜", forum="+40"),
    DEEP: PhaseSpec(DEEP, "深夜", night=True, seconds=90, option="深夜", forum="+60"),
    LATE: PhaseSpec(LATE, "凌晨", night=True, seconds=60, option="凌晨", forum="+70"),
    DAWN: PhaseSpec(DAWN, "晨曦", night=True, seconds=90, option="晨曦", forum="+90"),
}

# --- statuses -------------------------------------------------------------------------------

NEGATIVE = frozenset({"沉默", "缴械", "遗忘", "超度", "迷魂", "寡言", "流血", "漏洞", "业炎", "净化", "冰冻", "恐惧"})
POSITIVE = frozenset({"隐身", "守护", "坚韧", "霸道", "不死", "自由", "独裁", "秩序"})
COMPOSITES = (
    ("业炎", ("沉默", "超度", "遗忘")),
    ("净化", ("沉默", "超度", "遗忘")),
    ("冰冻", ("沉默", "缴械")),
    ("恐惧", ("沉默", "缴械")),
)
STATUS_HELP = {
    "沉默": "不能发动[强制]技能以外的技能（杀人除外，已经发动的不受影响）",
    "缴械": "不能发动[杀人]；群内狼人持有时整个狼群都不能杀人",
    "遗忘": "失去所有[强制]技能及其持续效果",
    "超度": "不能发动[杀人]，失去且无法获得[群内]/[接刀]标签",
    "迷魂": "投票算作0票",
    "寡言": "只能用一个动物叫加至多一个标点发言，投票不能写理由，不能宣言或回复宣言；违反则永久[沉默][遗忘]",
    "漏洞": "清除并免疫非负面状态",
    "业炎": "[沉默]+[超度]+[遗忘]",
    "净化": "[沉默]+[超度]+[遗忘]",
    "冰冻": "[沉默]+[缴械]",
    "恐惧": "[沉默]+[缴械]",
    "隐身": "以你为最终结算目标的[指定]技能不结算",
    "不死": "除红牌罚下外不会出局",
    "霸道": "不会被投票出局",
    "坚韧": "除红牌罚下、致死伤害和投票出局外不会出局",
    "自由": "任何时候都可以发言",
    "独裁": "票权+1",
    "秩序": "清除并免疫负面状态",
    "虚情情侣": "与对方共享一个私聊频道（/私聊 对方 内容）",
}
ANIMAL_SOUNDS = "喵汪咩呱嗷哞哼嘎吱吼"
PERM = "perm"  # a status duration: 永久


def seats_text(seats: list[int] | tuple[int, ...]) -> str:
    return "、".join(f"{s}号" for s in seats) or "无"
