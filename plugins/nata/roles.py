"""[M192] 纳塔 (rule text 004) as data: phases, skills, roles, pools, the resolution order, options.

One declaration per skill, named as in the rule text; `META` carries what the engine's
Skill has no field for (the text's tags: [指定], [数值], [限定], [强制], [宣言], [翻牌], 第二晚开始,
竞选日不可发动). The night and day resolution order is the one list `ORDER` (行动顺序总集,
restricted to this pool, with the pool's unlisted skills placed as docs/nata.md explains).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..bansha.engine import ANY, OptionSpec, PhaseSpec, Skill

# --- factions and kinds -----------------------------------------------------------------

VILLAGE = "村民阵营"
WOLF = "狼人阵营"
ELDER = "宗教老爷爷阵营"  # 三方: the independent 宗教老爷爷
FACTIONS = (VILLAGE, WOLF, ELDER)
FACTION_WORDS = (VILLAGE, WOLF, "独立阵营")  # what a disguise may claim

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

# --- skills ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Meta:
    targeted: bool = False  # [指定]: goes through 选择目标 → 结算目标, triggers 懦夫/饕餮, stopped by 隐身
    count: int | None = None  # [数值]: the initial count ([0], [1], [2], [3])
    limited: bool = False  # [限定]
    forced: bool = False  # [强制]
    night2: bool = False  # "第二晚开始"
    no_election: bool = False  # "竞选日不可发动"
    declare: bool = False  # [宣言]
    flip: bool = False  # [翻牌]
    instant: bool = False  # resolves as soon as it is used (day skills, 即时插入结算 phases, 凌晨's feedback)


def _s(key: str, name: str, phases: tuple[str, ...], help: str, **kw) -> Skill:
    kw.setdefault("target_rule", ANY)  # targets are checked by the ruleset: unannounced dead may be chosen
    return Skill(key, name, phases=phases, help=help, **kw)


def _forced(key: str, name: str, help: str) -> Skill:
    return Skill(key, name, targets=0, mandatory=True, passable=False, help=help)


QUESTION_KINDS = (SEER, STRONG, WEAK, WOLFKIND, "带刀", "异端")

# General commands that are skills in the engine's terms.
VOTE = _s("vote", "投票", (NOON, ELECTION), "正午投票（竞选日为警长票）：/投票 <目标|弃权> <理由>；/改票 可改一次。",
          aliases=("改票",), words=("弃权", "改票"), when_dead=True, syntax="投票 <目标|弃权> <理由>")
STAND = _s("stand", "上警", (START,), "竞选日开始前报名竞选警长（在群里发送）。", targets=0, public=True)
WITHDRAW = _s("withdraw", "退水", (START, ELECTION), "竞选日投票结束前退出警长竞选（在群里发送）。",
              targets=0, public=True)
BADGE = _s("badge", "殉职", (), "警长出局时，在该阶段内移交警长给一名未出局的角色，或不带目标撕掉警徽。",
           aliases=("移交警徽", "撕警徽", "传警徽"), min_targets=0, when_dead=True, syntax="殉职 [移交对象]（不写=撕掉警徽）")
ANSWER_WORDS = ("是", "否", "无法回答")
ANSWER = _s("answer", "回答", (NOON,), "回复问你的宣言：/回复 <编号> 是|否|无法回答（群里或私聊），或在群里用 QQ 的「回复」"
            "回复那条宣言，写 是、否 或 无法回答。", aliases=("回复",), targets=0, words=ANSWER_WORDS,
            syntax="回答 是|否|无法回答 [编号]")
HOWL = _s("howl", "嚎叫", (START, DAWN), "跟随状态：选择两个[指定]技能，公示它们被野猪骑士干扰。", targets=0,
          syntax="嚎叫 <指定技能1> <指定技能2>")
BOOST = _s("boost", "增加次数", (), "谋策：选择自己的一个次数技能，次数+1。", targets=0)

# 验人系
TONGLING = _s("tongling", "通灵", (DEEP,), "反馈结算目标的[表面身份]。")
PINGYI = _s("pingyi", "灵魂凭依", (DEEP,), "反馈结算目标的[表面身份]，目标得知你是凭依灵；加「链接」则两人获得"
            "[虚情情侣]至下一个夜晚开始（要在查验时决定）。", aliases=("凭依",), words=("链接", "不链接"))
# 强神
FUHUO = _s("fuhuo", "复活", (LATE,), "目标（上一个白天宣布出局的角色）在下一个晨曦开始时复活。")
SWAP = _s("swap", "交换", (MID,), "选择两名角色（每人整局只能被选一次）：若结算目标正好两人，当晚之后所有[指定]技能"
          "的结算目标互换。", targets=2)
QUESTION_MAX = 20  # "一个20字以内可以用是，否，无法回答三种答案来回复的问题"
SHENXUN = _s("shenxun", "审讯", (NOON,), "[宣言]，在群里发：向一名其他角色提一个20字以内、可以用 是/否/无法回答 回复的问题；"
             "黄昏开始后由法官按演员表判断回答是否正确：正确则审讯刷新，否则被审讯者承受致死伤害。任何人都可以发宣言，"
             "只有能发动审讯的审讯官发的才有效（机器人不会说明是否有效）。", public=True,
             free_text=QUESTION_MAX, syntax="审讯 <被审讯者> <问题（20字以内）>")
DUJI = _s("duji", "毒计", (EARLY,), "第二晚开始：目标永久获得所选状态：/技能 毒计 <目标> 流血|沉默|遗忘|迷魂|超度|漏洞。",
          words=("流血", "沉默", "遗忘", "迷魂", "超度", "漏洞"))
MOUCE = _s("mouce", "谋策", (EARLY,), "每天一次：目标持有次数技能则可为其一项次数+1，否则你的毒计次数+1。")
JIEYIN = _s("jieyin", "结印", (EARLY,), "选择三名角色（不能连续两晚相同）：1狼1强神1弱神→与你阵营不同者沉默；3狼→"
            "三人缴械；3强神→下一天被投票出局者翻牌；3弱神→你获得独裁。", targets=3)
NIEPAN = _forced("niepan", "涅槃重生", "出局时免于出局，清除负面状态，业炎、天火次数+1，村民阵营强神、弱神判负所需人数各减1。")
YEYAN_ZQ = _s("yeyan_zq", "业炎", (MID,), "结算目标永久获得[业炎]。")
TIANHUO = _s("tianhuo", "天火", (DEEP,), "第二晚开始：结算目标实际阵营不是村民阵营则承受致死伤害。")
YEXING = _s("yexing", "野性伙伴", (START,), "强制：开局选择 跟随 或 骑乘；每个游戏日晨曦自动切换；肉猪出局则失效。",
            targets=0, words=("跟随", "骑乘"))
CHONG = _s("chong", "冲撞", (NOON,), "骑乘状态：把自己和肉猪移到目标下方（目标-野人-肉猪），公布新电梯楼；相邻的非村民阵营"
           "角色沉默至下一个正午。")
YINGLING = _forced("yingling", "英灵显现", "有角色出局时其翻牌，英灵召唤次数增加其强度÷2（向下取整）。")
ZHAOHUAN = _s("zhaohuan", "英灵召唤", (DUSK,), "支付目标强度值的次数，召唤一名已出局角色：黄昏结束后获得[自由]，与你共群并可"
              "使用技能，直到你出局。")
BIANLIAN = _s("bianlian", "变脸", (START, DUSK), "置顶一张底牌并使用它的技能至下一次黄昏结束：/技能 变脸 <底牌身份>。",
              targets=0, syntax="变脸 <底牌身份>")
MIFA = _s("mifa", "神女秘法", (LATE,), "奇数夜次数+1：得知当晚将要出局的村民阵营角色。", targets=0)
HUOYI = _s("huoyi", "煏祸相依", (LATE,), "目标（神女秘法名单中除你外的角色）永久获得[业炎]并不死至夜晚结束；成功则"
           "灵狐灿世次数+1。", aliases=("福祸相依", "祸福相依"))
CANSHI = _s("canshi", "灵狐灿世", (DAWN, DUSK), "竞选日不可用；你失去所有技能，依次对目标造成致死伤害（目标是狼人阵营或"
            "未出局则停止）；出局后下一个时点仍可发动。", min_targets=1, when_dead=True,
            syntax="灵狐灿世 <目标1> [目标2 …]（按击杀顺序，每个目标一次）")
QIENUO = _forced("qienuo", "怯懦", "第二晚开始，成为[指定]技能的结算目标时承受致死伤害。")
DANAN = _forced("danan", "大难不死", "被投票出局时免于出局，永久获得[自由][霸道]并公示；之后不能投票。")
SHOT = _s("shot", "最后一枪", (DAWN, DUSK), "出局后（非连带、非村民阵营夜晚技能导致）下一个时点：目标承受致死伤害。",
          aliases=("开枪",), when_dead=True)
JINYAN = _s("jinyan", "禁言", (DEEP,), "目标获得[寡言]至下一个夜晚开始；不能连续两晚选同一人。")
YINSHENYI = _forced("yinshenyi", "隐身衣", "常驻[隐身][迷魂]；存活人数不多于开局一半时失效。")
TUOXIA = _s("tuoxia", "脱下隐身衣", (EARLY,), "隐身衣失效，目标获得[隐身]至下一个黄昏结束。")
RI = _forced("ri", "日", "出局时公示[日不落]，下一个白天额外进行一轮正午。")
CHUANDI = _s("chuandi", "灵魂传递", (NOON, ELECTION), "选择A和B：A得知B，并可在本次正午用 /私聊 B <50字内> 匿名传一条消息；"
             "你收到通信内容。", targets=2)
LIANJIE = _s("lianjie", "灵魂链接", (ELECTION, DAWN, NOON, DUSK, EARLY, MID, DEEP, LATE),
             "选择A和B：两人永久共群（/私聊 对方 内容）。", targets=2)
XINHUO = _s("xinhuo", "薪火相传", (DAWN, DUSK), "出局后下一个时点：你失去所有技能，目标获得这些技能。", when_dead=True)
TIANMING = _s("tianming", "天命所归", (NOON,), "游戏日正午：你实际身份的技能刷新至初始。", targets=0)
ZONGHUO = _s("zonghuo", "纵火", (MID,), "目标获得[业炎]；若当晚杀人的结算目标正是他，杀人无效，其电梯楼下方第一名能杀人的"
             "狼人阵营角色承受致死伤害。")
GOUHUO = _forced("gouhuo", "苟活", "对非村民阵营[不死]并持有[秩序]；出局时上下最近的存活村民阵营角色各永久获得[净化]；"
                 "存活人数不多于开局一半时失效。")
# 狼人
KILL = _s("kill", "杀人", (DEEP,), "第二晚开始，狼群一起选择：对结算目标造成一次[指杀]（每人以最后一次选择为准，"
          "多数决定，平票取最近的选择）。", aliases=("刀",), team=WOLF_TEAM)
BAONU = _s("baonu", "暴怒", (DEEP,), "狼弟出局后：对结算目标造成[穿透]。")
YANGZHI = _forced("yangzhi", "养殖", "开局得知厚皮肉猪是谁。")
JINGMING = _s("jingming", "精明", (DUSK,), "每有一个持有苟活的角色出局次数+5；消耗次数获得一次性技能：通灵(1)、守夜(1)、"
              "崩塌狙击(3)、一锤定音(5)，每个只能选一次。", targets=0, words=("通灵", "守夜", "崩塌狙击", "一锤定音"),
              syntax="精明 <通灵|守夜|崩塌狙击|一锤定音>")
TONGLING_B = _s("tongling_b", "通灵", (DEEP,), "（精明获得，一次）反馈结算目标的[表面身份]。")
SHOUYE = _s("shouye", "守夜", (LATE,), "（精明获得，一次）得知今晚发动的所有技能名字（包括强制）。", targets=0)
BENGTA = _s("bengta", "崩塌狙击", (NOON,), "（精明获得，一次）竞选日不可用：结算目标承受致死伤害。")
YICHUI = _s("yichui", "一锤定音", (NOON,), "（精明获得，一次）当天你的票权+100。", targets=0)
SHENYUAN = _s("shenyuan", "深渊", (MID,), "结算目标当晚获得[不死]；每名角色整局只能选一次。")
DISGUISE_HELP = "设定表面伪装：<身份名> <阵营> <带刀|不带刀>"
ZHUANGMO = _s("zhuangmo", "装模作样", (START,), "强制：开局设定表面伪装（" + DISGUISE_HELP + "）；任何群内狼人出局时生效"
              "至夜晚结束。", targets=0, syntax="装模作样 <身份名> <村民阵营|狼人阵营|独立阵营> <带刀|不带刀>")
QIZHA = _s("qizha", "欺诈天下", (), "强制：出局后设定狼人阵营和非狼人阵营的表面伪装（各三项，共六项）；下一个夜晚"
           "对应角色获得伪装，狼人阵营角色不死至夜晚结束。", targets=0, when_dead=True,
           syntax="欺诈天下 <狼方身份> <狼方阵营> <带刀|不带刀> <非狼方身份> <非狼方阵营> <带刀|不带刀>")
QIANCANG = _s("qiancang", "潜藏", (START,), "开局可设定表面伪装（" + DISGUISE_HELP + "）；黄昏结束后狼兄已出局则"
              "获得[群内]，本技能失效。", targets=0, syntax="潜藏 <身份名> <村民阵营|狼人阵营|独立阵营> <带刀|不带刀>")
JICHENG = _s("jicheng", "继承", (EARLY,), "强制：有[群内]标签时选择一名角色承受致死伤害（整局一次）。")
ZHUIHUN = _forced("zhuihun", "追魂", "狼人阵营当晚的伤害未造成出局时，对该角色施加[流血]。")
SHOUGE = _s("shouge", "收割", (DEEP,), "对一名持有[流血]的角色再赋予[流血]。")
YEYAN_CL = _s("yeyan_cl", "业炎", (MID,), "每有一只群内狼死亡次数+1：结算目标永久获得[业炎]。")
TANYU = _forced("tanyu", "贪欲", "永久[秩序]；成为[指定]技能结算目标时暴食次数+1（每个技能名一次）；暴食次数不小于2时"
                "视为拥有最后一枪。")
YOUSHI = _s("youshi", "诱食", (EARLY,), "每名角色一次：目标当夜使用[指定]技能时你得知技能名，并视为触发贪欲（当晚最多+1）。")
BAOSHI = _s("baoshi", "暴食", (DEEP,), "第二晚开始：对结算目标造成一次[指杀]。")
KONGLUE = _s("konglue", "恐虐", (MID,), "第二晚开始：结算目标永久获得[业炎]；成功则你们互相得知马甲和实际身份。")
CANBAO = _s("canbao", "残暴", (DAWN, DUSK), "强制：出局后下一个时点选择一名有[业炎]的角色承受致死伤害，然后所有因恐虐得知你的"
            "角色失去[业炎]。", when_dead=True)
SHENFENG = _s("shenfeng", "神风突击", (NOON,), "翻牌（私聊使用，群里只公示翻牌与出局）：你承受致死伤害，若因此出局当天封锁"
              "投票；目标承受致死伤害。")
# 独立
HERESY = _s("heresy", "选择异端", (START,), "强制：开局选择六名角色（自己除外）作为异端。", aliases=("异端",), targets=6)
YIDUAN = _forced("yiduan", "异端处决", "每有一名异端出局票权+1，每有三名异端出局免疫一次出局（复活后再出局计2次）。")

SKILLS: dict[str, Skill] = {
    s.key: s
    for s in (
        VOTE, STAND, WITHDRAW, BADGE, ANSWER, HOWL, BOOST, TONGLING, PINGYI, FUHUO, SWAP, SHENXUN, DUJI, MOUCE,
        JIEYIN, NIEPAN, YEYAN_ZQ, TIANHUO, YEXING, CHONG, YINGLING, ZHAOHUAN, BIANLIAN, MIFA, HUOYI, CANSHI,
        QIENUO, DANAN, SHOT, JINYAN, YINSHENYI, TUOXIA, RI, CHUANDI, LIANJIE, XINHUO, TIANMING, ZONGHUO, GOUHUO,
        KILL, BAONU, YANGZHI, JINGMING, TONGLING_B, SHOUYE, BENGTA, YICHUI, SHENYUAN, ZHUANGMO, QIZHA, QIANCANG,
        JICHENG, ZHUIHUN, SHOUGE, YEYAN_CL, TANYU, YOUSHI, BAOSHI, KONGLUE, CANBAO, SHENFENG, HERESY, YIDUAN,
    )
}

META: dict[str, Meta] = {
    "vote": Meta(instant=True),
    "stand": Meta(instant=True),
    "withdraw": Meta(instant=True),
    "badge": Meta(forced=True, instant=True),
    "answer": Meta(instant=True),
    "howl": Meta(forced=True, instant=True),
    "boost": Meta(instant=True),
    "tongling": Meta(targeted=True),
    "pingyi": Meta(targeted=True),
    "fuhuo": Meta(targeted=True, count=1),
    "swap": Meta(targeted=True),
    "shenxun": Meta(declare=True, count=1, instant=True, no_election=True),
    "duji": Meta(targeted=True, count=0, night2=True),
    "mouce": Meta(targeted=True, count=3),
    "jieyin": Meta(targeted=True),
    "niepan": Meta(forced=True),
    "yeyan_zq": Meta(targeted=True, count=0),
    "tianhuo": Meta(targeted=True, count=1, night2=True),
    "yexing": Meta(forced=True, instant=True),
    "chong": Meta(count=2, no_election=True, instant=True),
    "yingling": Meta(forced=True),
    "zhaohuan": Meta(targeted=True, count=0, instant=True),
    "bianlian": Meta(instant=True),
    "mifa": Meta(count=0, instant=True),
    "huoyi": Meta(targeted=True, instant=True),
    "canshi": Meta(targeted=True, count=1, no_election=True, instant=True),
    "qienuo": Meta(forced=True),
    "danan": Meta(forced=True, count=1),
    "shot": Meta(targeted=True, instant=True),
    "jinyan": Meta(targeted=True),
    "yinshenyi": Meta(forced=True),
    "tuoxia": Meta(targeted=True),
    "ri": Meta(forced=True),
    "chuandi": Meta(targeted=True, instant=True),
    "lianjie": Meta(targeted=True, count=1),
    "xinhuo": Meta(targeted=True, instant=True),
    "tianming": Meta(limited=True, instant=True, no_election=True),
    "zonghuo": Meta(targeted=True, limited=True),
    "gouhuo": Meta(forced=True),
    "kill": Meta(targeted=True, night2=True),
    "baonu": Meta(targeted=True, limited=True),
    "yangzhi": Meta(forced=True),
    "jingming": Meta(count=0, instant=True),
    "tongling_b": Meta(targeted=True),
    "shouye": Meta(),
    "bengta": Meta(targeted=True, limited=True, no_election=True, instant=True),
    "yichui": Meta(limited=True, no_election=True, instant=True),
    "shenyuan": Meta(targeted=True),
    "zhuangmo": Meta(forced=True, instant=True),
    "qizha": Meta(forced=True, instant=True),
    "qiancang": Meta(forced=True, instant=True),
    "jicheng": Meta(targeted=True, forced=True, limited=True),
    "zhuihun": Meta(forced=True),
    "shouge": Meta(targeted=True, count=2),
    "yeyan_cl": Meta(targeted=True, count=0),
    "tanyu": Meta(forced=True),
    "youshi": Meta(targeted=True),
    "baoshi": Meta(targeted=True, count=0, night2=True),
    "konglue": Meta(targeted=True, night2=True),
    "canbao": Meta(targeted=True, forced=True, instant=True),
    "shenfeng": Meta(targeted=True, flip=True, no_election=True, instant=True),
    "heresy": Meta(forced=True, instant=True),
    "yiduan": Meta(forced=True),
}

# Skills usable while out, in the first 晨曦/黄昏 at or after the death ("出局后下一个可发动技能的时点").
AFTER_DEATH = frozenset({"shot", "canshi", "xinhuo", "canbao"})
# Bought with 精明 (name → (skill key, cost)).
SHOP: dict[str, tuple[str, int]] = {"通灵": ("tongling_b", 1), "守夜": ("shouye", 1), "崩塌狙击": ("bengta", 3),
                                    "一锤定音": ("yichui", 5)}
# Skills usable in each phase (a quick first filter for "who still owes an action").
PHASE_KEYS: dict[str, frozenset[str]] = {
    p: frozenset(k for k, s in SKILLS.items() if p in s.phases) for p in (START, NOON, DUSK, EARLY, MID, DEEP, LATE, DAWN)
}
# Roles whose 强制 skills carry statuses (隐身衣, 苟活, 野性伙伴, 贪欲).
INNATE_KEYS = frozenset({"yinshenyi", "gouhuo", "yexing", "tanyu"})
# Names of the [指定] skills, for 野人[跟随]'s 嚎叫 and 饕餮's 贪欲.
TARGETED_NAMES: tuple[str, ...] = tuple(dict.fromkeys(SKILLS[k].name for k, m in META.items() if m.targeted))

# --- roles --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Role:
    name: str
    faction: str
    kind: str
    strength: int  # the ⑥ … in the pool list; 0 for 宗教老爷爷, who has none
    skills: tuple[str, ...]
    tags: tuple[str, ...] = ()  # 群内 / 接刀
    blurb: str = ""
    note: str = ""  # pairing rule, for /身份


def _r(name, faction, kind, strength, skills, tags=(), blurb="", note=""):
    return Role(name, faction, kind, strength, tuple(skills), tuple(tags), blurb, note)


ROLES: dict[str, Role] = {
    r.name: r
    for r in (
        _r("通灵师", VILLAGE, SEER, 7, ["tongling"], blurb="每晚深夜通灵一名角色，得知其表面身份。"),
        _r("凭依灵", VILLAGE, SEER, 8, ["pingyi"], blurb="每晚深夜凭依一名角色，得知其表面身份，可与其结成虚情情侣。"),
        _r("阴阳使者", VILLAGE, STRONG, 6, ["fuhuo"], blurb="可以复活一名上一个白天宣布出局的角色（一次）。"),
        _r("魔术师", VILLAGE, STRONG, 6, ["swap"], blurb="午夜交换两名角色，当晚之后所有指定技能的结算目标互换。"),
        _r("审讯官", VILLAGE, STRONG, 7, ["shenxun"], blurb="正午公开审讯一名角色，答错者承受致死伤害。"),
        _r("毒士", VILLAGE, STRONG, 7, ["duji", "mouce"], blurb="用谋策积累毒计次数，给目标永久附加负面状态。"),
        _r("道士", VILLAGE, STRONG, 8, ["jieyin"], blurb="早夜对三名角色结印，按他们的实际身份产生效果。"),
        _r("朱雀", VILLAGE, STRONG, 9, ["niepan", "yeyan_zq", "tianhuo"], blurb="出局时涅槃重生；业炎、天火惩戒非村民。"),
        _r("野人", VILLAGE, STRONG, 9, ["yexing", "chong"], blurb="与厚皮肉猪相伴，在跟随与骑乘两种状态间切换。",
           note="有野人必有厚皮肉猪。"),
        _r("御主", VILLAGE, STRONG, 9, ["yingling", "zhaohuan"], blurb="出局者都会翻牌；可以召唤已出局角色作为英灵。"),
        _r("变脸者", VILLAGE, STRONG, 10, ["bianlian"], blurb="持有三张未出场的村民身份底牌，可轮流置顶使用。"),
        _r("赤狐神女", VILLAGE, STRONG, 10, ["mifa", "huoyi", "canshi"], blurb="预知当晚将出局的同阵营角色并救下他们，"
           "积累灵狐灿世。"),
        _r("懦夫", VILLAGE, WEAK, 1, ["qienuo"], blurb="第二晚开始，成为指定技能的结算目标就会出局。"),
        _r("愚者", VILLAGE, WEAK, 2, ["danan"], blurb="第一次被投票出局时免于出局。"),
        _r("猎人", VILLAGE, WEAK, 3, ["shot"], blurb="出局后可以开最后一枪。"),
        _r("禁言长老", VILLAGE, WEAK, 3, ["jinyan"], blurb="深夜让一名角色寡言。"),
        _r("隐者", VILLAGE, WEAK, 4, ["yinshenyi", "tuoxia"], blurb="常驻隐身与迷魂，可以把隐身给别人。"),
        _r("太阳", VILLAGE, WEAK, 4, ["ri"], blurb="出局时日不落：下一个白天多一轮正午。"),
        _r("传递者", VILLAGE, WEAK, 4, ["chuandi", "lianjie"], blurb="让两名角色匿名通信或永久共群。"),
        _r("天命人", VILLAGE, WEAK, 5, ["xinhuo", "tianming"], blurb="不会获得任何状态；出局后把技能传给他人。"),
        _r("纵火犯", VILLAGE, WEAK, 5, ["zonghuo"], blurb="纵火一次，若正中狼刀则烧死下方的狼。"),
        _r("厚皮肉猪", VILLAGE, WEAK, 5, ["gouhuo"], blurb="对非村民阵营不死，持有秩序。"),
        _r("狼兄", WOLF, WOLFKIND, 6, ["kill", "baonu"], ["群内"], "与狼弟互知不共群；狼弟出局后可以暴怒。",
           "有狼兄必有狼弟。"),
        _r("养殖者", WOLF, WOLFKIND, 6, ["kill", "yangzhi", "jingming"], ["群内"], "知道厚皮肉猪是谁；猪出局后可用精明"
           "换取技能。", "有养殖者必有厚皮肉猪。"),
        _r("渊狼", WOLF, WOLFKIND, 7, ["kill", "shenyuan"], ["群内"], "午夜让一名角色当晚不死。"),
        _r("狼外婆", WOLF, WOLFKIND, 7, ["kill", "zhuangmo", "qizha"], ["群内"], "设定表面伪装；出局时为全场设定伪装。"),
        _r("狼弟", WOLF, WOLFKIND, 8, ["qiancang", "jicheng"], [], "与狼兄互知不共群；狼兄出局后入群并继承。",
           "有狼弟必有狼兄。"),
        _r("死神", WOLF, WOLFKIND, 8, ["kill", "zhuihun", "shouge"], ["群内"], "让逃过狼人伤害的人流血，再收割。"),
        _r("赤狼", WOLF, WOLFKIND, 8, ["kill", "yeyan_cl"], ["群内"], "群内狼死亡后积累业炎。",
           "该身份出现时，群内狼人数量必定大于总狼人数量的一半。"),
        _r("饕餮", WOLF, WOLFKIND, 9, ["tanyu", "youshi", "baoshi"], ["接刀"], "被指定越多越强；群内狼全灭后接刀。"),
        _r("梼杌", WOLF, WOLFKIND, 9, ["kill", "konglue", "canbao"], ["群内"], "恐虐施加业炎；出局后残暴。"),
        _r("白狼王", WOLF, WOLFKIND, 10, ["kill", "shenfeng"], ["群内"], "正午翻牌神风突击，与目标同归于尽。"),
        _r("宗教老爷爷", ELDER, INDEP, 0, ["heresy", "yiduan"], blurb="开局选择六名异端；异端或其余非异端全部出局时获胜。"),
    )
}

WOLF_POOL = ("狼兄", "养殖者", "渊狼", "狼外婆", "狼弟", "死神", "赤狼", "饕餮", "梼杌", "白狼王")
SEER_POOL = ("通灵师", "凭依灵")
STRONG_POOL = ("阴阳使者", "魔术师", "审讯官", "毒士", "道士", "朱雀", "野人", "御主", "变脸者", "赤狐神女")
WEAK_POOL = ("懦夫", "愚者", "猎人", "禁言长老", "隐者", "太阳", "传递者", "天命人", "纵火犯", "厚皮肉猪")
INDEPENDENT = "宗教老爷爷"
SLOTS = ((WOLF_POOL, 4), (SEER_POOL, 1), (STRONG_POOL, 4), (WEAK_POOL, 4))
PLAYERS = 14
ROLE_WORDS = tuple(ROLES)
DISGUISE_WORDS = ROLE_WORDS + FACTION_WORDS + ("带刀", "不带刀")

# Words the declarations accept (set here because they depend on the role list).
for _k in ("zhuangmo", "qizha", "qiancang"):
    SKILLS[_k] = replace(SKILLS[_k], words=DISGUISE_WORDS)
SKILLS["howl"] = HOWL = replace(HOWL, words=TARGETED_NAMES)
ZHUANGMO, QIZHA, QIANCANG = SKILLS["zhuangmo"], SKILLS["qizha"], SKILLS["qiancang"]

# --- the resolution order (行动顺序总集, for this pool) -------------------------------------------


@dataclass(frozen=True)
class Step:
    phase: str
    part: str  # the text's sub-step
    key: str  # a skill key, or a procedure: vote_out, count, revive, switch, dusk_report
    mode: str  # 即时插入结算 | 互不影响 | 有先后顺序


_I, _F, _O = "即时插入结算", "互不影响", "有先后顺序"
ORDER: tuple[Step, ...] = (
    Step(DUSK, "黄昏1", "vote_out", _I),  # 统计最高票 (and the 道士's 3强神 flip)
    Step(DUSK, "黄昏1", "shenxun", _I),  # 审讯: "游戏日黄昏开始后"
    Step(DUSK, "黄昏1", "canshi", _I),  # then 黄昏 skills as they are used: 灵狐灿世, 最后一枪, 残暴, 薪火相传, 变脸, …
    Step(DUSK, "黄昏2", "dusk_report", _O),  # 公告出局名单和警长情况; 狼弟[潜藏]; 变脸 expires
    Step(EARLY, "早夜1", "youshi", _F),
    Step(EARLY, "早夜1", "mouce", _F),
    Step(EARLY, "早夜2", "jieyin", _O),
    Step(EARLY, "早夜2", "duji", _O),
    Step(EARLY, "早夜2", "tuoxia", _O),
    Step(EARLY, "早夜2", "jicheng", _O),
    Step(MID, "午夜", "swap", _O),
    Step(MID, "午夜", "yeyan_cl", _O),
    Step(MID, "午夜", "yeyan_zq", _O),
    Step(MID, "午夜", "zonghuo", _O),
    Step(MID, "午夜", "konglue", _O),
    Step(MID, "午夜", "shenyuan", _O),
    Step(DEEP, "深夜1", "tongling", _F),
    Step(DEEP, "深夜1", "tongling_b", _F),
    Step(DEEP, "深夜1", "pingyi", _F),
    Step(DEEP, "深夜2", "kill", _O),
    Step(DEEP, "深夜2", "baoshi", _O),
    Step(DEEP, "深夜2", "baonu", _O),
    Step(DEEP, "深夜2", "tianhuo", _O),
    Step(DEEP, "深夜2", "shouge", _O),
    Step(DEEP, "深夜2", "jinyan", _O),
    Step(LATE, "凌晨", "mifa", _O),  # resolves when used: 煏祸相依 needs its list in the same sub-phase
    Step(LATE, "凌晨", "huoyi", _O),
    Step(LATE, "凌晨", "fuhuo", _O),
    Step(LATE, "凌晨", "count", _O),  # 电梯楼顺序统计出局名单
    Step(LATE, "凌晨", "zhuihun", _O),
    Step(LATE, "凌晨", "shouye", _O),
    Step(DAWN, "晨曦1", "revive", _I),  # 阴阳使者[复活]: "在下一个[晨曦]阶段开始时复活"
    Step(DAWN, "晨曦1", "switch", _I),  # 野人[野性伙伴]: "游戏日晨曦时……必须切换到另外一种状态"
    Step(DAWN, "晨曦1", "canshi", _I),  # then 晨曦 skills as they are used
)
NIGHT_STEPS: dict[str, tuple[str, ...]] = {
    p: tuple(s.key for s in ORDER if s.phase == p) for p in NIGHT_PHASES
}

# --- options -------------------------------------------------------------------------------------

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("指定身份", "text", None, (), "法官指定一定出场的身份，用顿号或逗号分隔（其余按身份池抽取）"),
    OptionSpec("强度倍率", "text", "1.3-1.4", (), "村民阵营强度和 ÷ 狼人阵营强度和 的范围"),
    OptionSpec("夜间提前结束", "bool", False, (), "快速节奏：夜晚小阶段在无人需要行动时提前结束（会泄露哪些身份不在场）"),
    OptionSpec("正午技能截止", "duration", 3600, (), "关门前多久起不能再发动正午技能和宣言（原文：开门至21:00，关门日为20:00）"),
)
