"""萬寧斗獸棋 (rule text 000) as data: levels, animals, head-count tables, the 24 本能, skills, phases, options.

Everything that reads like a table in the rule text is a table here. The round
resolution follows RESOLUTION_ORDER (2.8 結算順序) and the buff stage follows
BUFF_ORDER; 本能無效 follows NULLIFY_PRIORITY (2.9). docs/beastchess.md cites the
sentence behind every number and every choice made where the text is silent.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bansha.engine import ALIVE, ALIVE_OTHER, ANY, OptionSpec, PhaseSpec, Skill

MIN_PLAYERS, MAX_PLAYERS = 4, 10
LEVELS = (1, 2, 3, 4)

# 6.1 等級: the animals of each level (Simplified). A level with more players than
# animals repeats them (10人局 has three 3级 but only 熊 and 剑齿虎).
ANIMALS: dict[int, tuple[str, ...]] = {
    1: ("松鼠", "tutu", "地懒"),
    2: ("猩猩", "野牛"),
    3: ("熊", "剑齿虎"),
    4: ("猛犸象",),
}
# Faction labels, used in Outcome.winner and the cast.
FACTION: dict[int, str] = {lv: f"{lv}级（{'·'.join(names)}）" for lv, names in ANIMALS.items()}
DRAW = "平局"

# 6.2 人數: players per level (1级, 2级, 3级, 4级). The 6- and 8-player rows are
# missing from the text; they are options (六人配置 / 八人配置), see docs.
LEVEL_TABLE: dict[int, tuple[int, int, int, int]] = {
    4: (1, 1, 1, 1),
    5: (2, 1, 1, 1),
    7: (2, 2, 2, 1),
    9: (3, 2, 2, 2),
    10: (3, 2, 3, 2),
}
SIX_CHOICES = ("2211", "2121", "1221")
EIGHT_CHOICES = ("3221", "2222", "2321")


def level_counts(n: int, options: dict) -> tuple[int, int, int, int]:
    if n == 6:
        code = options.get("六人配置") or SIX_CHOICES[0]
    elif n == 8:
        code = options.get("八人配置") or EIGHT_CHOICES[0]
    else:
        return LEVEL_TABLE[n]
    a, b, c, d = (int(ch) for ch in code)
    return a, b, c, d


def bracket(n: int, table: tuple[tuple[int, int, int], ...]) -> int:
    """A value by head count from rows (lowest n, highest n, value); 9 stands for 9–10 where the text says "9"."""
    for lo, hi, value in table:
        if lo <= n <= hi:
            return value
    return table[-1][2]


# Head-count rows quoted from the text ("當人數為 4-5/6-8/9 時 …").
B458 = lambda a, b, c: ((4, 5, a), (6, 8, b), (9, 10, c))  # noqa: E731
SLAUGHTER_USES = ((4, 6, 2), (7, 8, 3), (9, 10, 2))  # 殺戮：至多2次，人數為7或8時可額外發動一次
CRUEL_BAR = B458(1, 2, 3)  # 兇殘：除自己等級外扣除血量人數小於等於 1/2/3
WISDOM2_ROUND = B458(2, 3, 4)  # 二級智慧：在 2/3/4 回合及之後
FEIGN_AFTER = B458(2, 3, 4)  # 大智若愚：第 2/3/4 回合後
ALLIANCE_CAP = B458(2, 3, 4)  # 合縱連橫：最大受到傷害為 2/3/4

# --- phases -------------------------------------------------------------------------
BAN, PICK, PROBE, ROUND = "ban", "pick", "probe", "round"
PHASES: dict[str, PhaseSpec] = {
    BAN: PhaseSpec(BAN, "禁用本能", seconds=90, option="禁用", forum="+60"),
    PICK: PhaseSpec(PICK, "选择本能", seconds=90, option="选择", forum="+60"),
    PROBE: PhaseSpec(PROBE, "探查本能类型", seconds=60, option="探查", forum="+60"),
    ROUND: PhaseSpec(ROUND, "回合", seconds=300, option="回合", forum="close"),
}

BAN_RULE_SHARE, BAN_RULE_DOUBLE = "x/2n", "2x/n"
OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("六人配置", "choice", SIX_CHOICES[0], SIX_CHOICES,
               "6人局各等级人数（一二三四级，原文缺失）：2211=一级2名、二级2名、三级1名、四级1名"),
    OptionSpec("八人配置", "choice", EIGHT_CHOICES[0], EIGHT_CHOICES,
               "8人局各等级人数（一二三四级，原文缺失）：3221=一级3名、二级2名、三级2名、四级1名"),
    OptionSpec("禁用概率", "choice", BAN_RULE_SHARE, (BAN_RULE_SHARE, BAN_RULE_DOUBLE),
               "被选择x次的本能被禁用的概率（原文「2n/x」无法作为概率）：x/2n（默认）或 2x/n（上限为1）"),
    OptionSpec("首回合前禁言", "bool", True, (), "第一回合公布血量前，玩家在群里发言会被提醒（原文：第一回合公布血量后才可交流）"),
    OptionSpec("禁用", "duration", 90, (), "禁用本能阶段时长"),
    OptionSpec("选择", "duration", 90, (), "选择本能阶段时长"),
    OptionSpec("探查", "duration", 60, (), "探查本能类型阶段时长"),
    OptionSpec("回合", "duration", 300, (), "每回合提交行动的时长"),
)

# --- 本能 (5) with the appendix's 形態 (6.3) and 類型 (6.4) ---------------------------------
AT, PT = "AT", "PT"
INFO, DEFEND, ATTACK, ALLROUND = "信息型", "防守型", "攻击型", "全能型"
LEVEL_WORDS = tuple(f"{lv}级" for lv in LEVELS)
# 智慧 / 大智若愚 guesses: one word per named seat, in the same order: "3级" or "3级AT"/"3级PT".
GUESS_WORDS = tuple(f"{lv}级{f}" for lv in LEVELS for f in ("", AT, PT))
LUCK_KINDS = ("攻", "守", "休")  # 幸運's three 本能行動, drawn with equal chance
JI, XIONG = "吉", "凶"
OMEN_WORDS = (JI, XIONG, "兇", *LEVEL_WORDS)


def _skill(key: str, name: str, **kw) -> Skill:
    """Every move of this game is made by PM (pm_only): a ban, a pick or an attack typed in the group would
    tell the table who does what."""
    return Skill(key, name, pm_only=True, **kw)


def _instinct_skill(key: str, name: str, help_: str, **kw) -> Skill:
    kw.setdefault("phases", (ROUND,))
    kw.setdefault("targets", 0)
    return _skill(key, name, help=help_, **kw)


@dataclass(frozen=True)
class Instinct:
    name: str  # as in the text (Simplified)
    form: str  # AT | PT ("" for 笨鸟先飞: the drawn 本能's)
    kind: str  # 信息型 | 防守型 | 攻击型 | 全能型
    skill: Skill
    text: str  # the rule as played, for /身份
    locked: bool = False  # 鎖定: 本能無效 never applies
    priority: int = 1  # 本能無效 priority of this 本能 (2.9)
    cooldown: int = 0  # rounds after a use in which it cannot be used
    uses: tuple[tuple[int, int, int], ...] = ()  # per game by head count; () = no limit
    gives_up_action: bool = False  # using it replaces the round's 攻击/感应
    distinct_target: bool = False  # 不可連續對同一人


def _i(name, form, kind, key, text, *, help_=None, skill_kw=None, **kw) -> Instinct:
    skill = _instinct_skill(key, name, help_ or text, **(skill_kw or {}))
    return Instinct(name, form, kind, skill, text, **kw)


INSTINCT_LIST: tuple[Instinct, ...] = (
    _i("强健", PT, DEFEND, "sturdy",
       "游戏开始时获得两个护盾；发动本能时，本回合锁血到上一回合自己血量的一半（向下取整）。"),
    _i("发怒", PT, ATTACK, "rage",
       "条件：上一回合血量≤最大血量的一半。额外进行一次与第一次效果完全相同的攻击（一级为感应），目标可以改变。",
       skill_kw={"targets": 1, "target_rule": ALIVE_OTHER}),
    _i("嗜杀", PT, ATTACK, "bloodlust",
       "自动发动：攻击时，若自己上一回合的血量和等级都≥被攻击者，且被攻击者上一回合血量≤3，"
       "本回合公布血量前将被攻击者设为死亡，公布血量显示为0（这仍然是攻击）。",
       skill_kw={"mandatory": True}),
    _i("垂死抗争", PT, ALLROUND, "last_stand",
       "条件：剩余血量≤3，每局一次。持续两回合：每回合锁血为上一回合血量，并可额外进行一次与第一次效果相同的攻击"
       "（一级为感应，目标可以改变；第二回合再发一次本技能指定额外目标）。",
       skill_kw={"targets": 1, "target_rule": ALIVE_OTHER, "min_targets": 0}),
    _i("断井颓垣", PT, ATTACK, "ruins",
       "开局处于颓靡状态：每回合自身至多扣除2点血量，攻击无法造成伤害，感应无法获取目标的攻击信息。"
       "若上回合有人死亡，永久切换为激进状态：每回合可选定一个目标，其血量高于自己造成2点真实伤害，否则1点；"
       "4-6人局最多3次，7人及以上最多4次。",
       skill_kw={"targets": 1, "target_rule": ALIVE_OTHER}, uses=((4, 6, 3), (7, 10, 4))),
    _i("幸运", PT, ALLROUND, "luck",
       "条件：上回合无人死亡（第一回合可用）。每回合开始时等概率获得攻/守/休之一并私聊告知："
       "攻：对目标造成1点真实伤害；守：目标增加1个护盾；休：使目标本能无效。",
       skill_kw={"targets": 1, "target_rule": ALIVE}),
    _i("笨鸟先飞", "", "", "early_bird",
       "选择后立即发动：获得除此本能外的一个随机本能（未被禁用的），并获得1个护盾；形态和类型由得到的本能决定。"),
    _i("卧薪尝胆", PT, ALLROUND, "endure",
       "锁定。条件：上回合受到伤害。选定一个目标使其本能无效；若其上回合对你造成了伤害，额外使其本回合攻击无效。"
       "第偶数次触发时，额外对其造成1点真实伤害，并使你本回合最大扣除血量为0。",
       skill_kw={"targets": 1, "target_rule": ALIVE_OTHER}, locked=True),
    _i("预知", AT, INFO, "foresight",
       "特殊本能：不会被禁用，可在探查阶段和任意回合中随时发动。指定两名玩家（可以包括自己），"
       "立即得知他们等级的高低或相等关系。每局 4-5/6-8/9-10 人时可用 1/2/3 次。",
       skill_kw={"targets": 2, "target_rule": ANY, "phases": (PROBE, ROUND)}, uses=B458(1, 2, 3)),
    _i("外交部发言人", PT, ALLROUND, "spokesman",
       "锁定。存活时每回合可标记两个人（每人至多被你标记三次）。你死亡后的下一回合本能发动："
       "每层标记使与你同等级者增加1个护盾，其他等级者受到1点伤害。",
       skill_kw={"targets": 2, "target_rule": ALIVE_OTHER, "aliases": ("外交部", "标记")}, locked=True),
    _i("警惕", PT, ATTACK, "vigilance",
       "条件：上一回合内你被扣除了至少1点血量（死亡时也可用）。选定一名玩家并猜测他的等级，猜对则本回合对他造成x点"
       "真实伤害（x为你上一回合扣除的血量，最多3）。不可连续对同一人触发，没有反馈。",
       skill_kw={"targets": 1, "target_rule": ALIVE_OTHER, "words": LEVEL_WORDS, "when_dead": True},
       distinct_target=True),
    _i("饮鸩止渴", AT, DEFEND, "poison_cup",
       "一回合冷却。喝下鸩酒：若本回合受到的伤害及真实伤害≥当前血量，则锁血为当前血量并增加1个护盾；"
       "否则自己受到1点伤害。",
       cooldown=1),
    _i("合纵连横", AT, DEFEND, "alliance",
       "一回合冷却。放弃攻击/感应，本回合锁血为当前血量；可选定一个目标，使其本回合最大受到伤害为 2/3/4"
       "（4-5/6-8/9-10人）。",
       skill_kw={"targets": 1, "target_rule": ALIVE, "min_targets": 0, "aliases": ("合纵",)},
       cooldown=1, gives_up_action=True),
    _i("狐假虎威", AT, ATTACK, "fox",
       "一回合冷却，不可对同一目标连续发动，目标血量须>2。使目标受到2点真实伤害并获得2个护盾；"
       "若目标本回合死亡，你的下一次攻击/感应额外造成1点真实伤害。",
       skill_kw={"targets": 1, "target_rule": ALIVE_OTHER}, cooldown=1, distinct_target=True),
    _i("磕CP", AT, DEFEND, "ship",
       "放弃行动，选定一个存活的目标（不可连续对同一人）：若其等级与你相等，你们本回合受到的伤害都变为"
       "两人中受伤更少者受到的伤害；否则使其本回合攻击无效。",
       skill_kw={"targets": 1, "target_rule": ALIVE_OTHER, "aliases": ("磕cp", "磕Cp")},
       gives_up_action=True, distinct_target=True),
    _i("制衡", AT, ALLROUND, "balance", "扣除自己1点血量，使全体其他等级动物本回合本能无效。", priority=4),
    _i("兽性", AT, ATTACK, "beast",
       "标记一个敌人（不能同时是你的攻击/感应目标），使其本回合受到的所有伤害×2。每局7人及以下2次，以上3次。",
       skill_kw={"targets": 1, "target_rule": ALIVE_OTHER}, uses=((4, 7, 2), (8, 10, 3))),
    _i("大智若愚", AT, INFO, "feign",
       "条件：4-5/6-8/9-10人时第2/3/4回合之后的回合，且上一回合没有使用智慧。猜测其他所有玩家的等级和形态（AT/PT），"
       "等级人数须与本局配置相符；若全部猜错则获得获胜效果。",
       skill_kw={"target_rule": ANY, "words": GUESS_WORDS}),
    _i("苟且偷生", PT, INFO, "survive",
       "每回合开始时得知上一回合有多少人的对象包含你（恶意感知）。每局一次可迸发生存的决心："
       "本回合锁血为当前血量，并获得x个护盾（x为上一回合对象包含你的人数）。",
       uses=((4, 10, 1),)),
    _i("我是歌姬", AT, INFO, "diva",
       "每局一次。放弃行动：本回合所有人的智慧（及大智若愚）必定失败（一律反馈失败），你获得1个护盾，"
       "本回合你的对象为你自己。",
       uses=((4, 10, 1),), gives_up_action=True),
    _i("替身力量", AT, DEFEND, "stand",
       "放弃行动：获得两个稻草人，并使一个目标本能无效（不可连续对同一人）。稻草人：你被攻击成功时+1，其他玩家死亡时+1；"
       "你死亡时若有6个及以上，消耗6个，回复本回合受到伤害的一半（向下取整，至少1）。",
       skill_kw={"targets": 1, "target_rule": ALIVE_OTHER}, priority=2, gives_up_action=True, distinct_target=True),
    _i("独立宣言", AT, INFO, "declaration",
       "本回合公布血量时，你的血量显示为上一回合公布的数值；公布后私聊得知真实血量。每局 4-6/7-8/9-10 人时 2/3/4 次。",
       uses=((4, 6, 2), (7, 8, 3), (9, 10, 4))),
    _i("趋吉避凶", AT, DEFEND, "omen",
       "锁定，每回合必须发动（未提交视为吉）。吉：自己受到1点真实伤害；凶：选定一个他人，本回合他不受来自你等级的伤害"
       "及真实伤害。偶数回合与上一回合组合：凶+凶：本回合只受一次最高的伤害（含真伤）；吉+吉：你等级的玩家本回合和下"
       "回合最大扣除血量为1；吉凶混合：诅咒一个等级（如 4级），其下一回合攻击伤害-1，你获得1个护盾。",
       skill_kw={"targets": 1, "target_rule": ALIVE_OTHER, "min_targets": 0, "words": OMEN_WORDS},
       locked=True, priority=2),
    _i("仁慈", PT, INFO, "mercy",
       "攻击一个上一回合血量≤最大血量一半的目标时可以发动：本回合将其锁血为1，且他下一回合无法使用本能、发动智慧必定失败。",
       skill_kw={"targets": 1, "target_rule": ALIVE_OTHER}),
)
INSTINCTS: dict[str, Instinct] = {i.name: i for i in INSTINCT_LIST}
BY_KEY: dict[str, Instinct] = {i.skill.key: i for i in INSTINCT_LIST}
EARLY_BIRD, FORESIGHT = "笨鸟先飞", "预知"
UNBANNABLE = (FORESIGHT,)  # 預知屬於特殊本能，不會受到禁用影響
# Traditional spellings players may type; both map to the Simplified names.
TRADITIONAL = {
    "強健": "强健", "發怒": "发怒", "嗜殺": "嗜杀", "垂死抗爭": "垂死抗争", "斷井頹垣": "断井颓垣", "幸運": "幸运",
    "笨鳥先飛": "笨鸟先飞", "臥薪嘗膽": "卧薪尝胆", "預知": "预知", "外交部發言人": "外交部发言人", "飲鴆止渴": "饮鸩止渴",
    "合縱連橫": "合纵连横", "獸性": "兽性", "茍且偷生": "苟且偷生", "獨立宣言": "独立宣言",
    "趨吉避兇": "趋吉避凶", "磕cp": "磕CP",
}
INSTINCT_WORDS = tuple(INSTINCTS) + tuple(TRADITIONAL)

# 2.9 本能無效優先級：殺戮>制衡>幸運休>替身力量、趨吉避兇>其它本能. Numbers: higher wins.
NULLIFY_PRIORITY: tuple[tuple[str, int], ...] = (
    ("杀戮", 5),
    ("制衡", 4),
    ("幸运休", 3),
    ("替身力量", 2),
    ("趋吉避凶", 2),
    ("其它本能（含幸运攻、幸运守）", 1),
)
FEAR = 6  # 恐懼（鎖定）and 仁慈's next-round ban: known before the round, above every priority

# 2.8 結算順序：buff獲取->最大受到傷害->護盾->真實傷害->鎖血->特殊技能
RESOLUTION_ORDER: tuple[tuple[str, str], ...] = (
    ("buffs", "buff获取"),
    ("cap", "最大受到伤害"),
    ("shield", "护盾"),
    ("true_damage", "真实伤害"),
    ("lock", "锁血"),
    ("special", "特殊技能"),
)
# Inside the buff stage: who is nullified first (it decides which effects exist), then
# who is shielded from what, then the damage and shields themselves.
BUFF_ORDER: tuple[tuple[str, str], ...] = (
    ("nullify", "本能无效（按优先级）"),
    ("void", "攻击无效"),
    ("guards", "减伤、锁血与上限的来源"),
    ("attacks", "攻击与感应"),
    ("instincts", "本能与杀戮的伤害、真实伤害与护盾"),
)
# 2.9 嗜殺、飲鴆止渴、替身力量會在特殊技能環節額外進行結算，順序為嗜殺->飲鴆止渴->替身力量
SPECIAL_ORDER: tuple[tuple[str, str], ...] = (
    ("bloodlust", "嗜杀"),
    ("poison_cup", "饮鸩止渴"),
    ("stand", "替身力量"),
)

# --- abilities and actions (3) ----------------------------------------------------------
ATTACK_SKILL = _skill("attack", "攻击", aliases=("攻擊", "刀"), phases=(ROUND,), target_rule=ALIVE_OTHER,
                     help="二三四级行动：攻击一名其他玩家。目标等级低于你时造成1点伤害，低两级或以上再+1；否则攻击无效"
                     "（你不会被告知）。最后提交：提交后视为本回合行动完毕，可重发以更换目标。")
SENSE_SKILL = _skill("sense", "感应", aliases=("感應",), phases=(ROUND,), target_rule=ALIVE_OTHER,
                    help="一级行动：感应一名玩家，回合结算时得知他本回合的一个对象（优先攻击对象，其次感应对象，"
                    "再次本能行动对象）。最后提交：提交后视为本回合行动完毕。")
SLAUGHTER = _skill("slaughter", "杀戮", aliases=("殺戮",), phases=(ROUND,), target_rule=ALIVE_OTHER,
                  help="四级能力（第一回合不可用；每局2次，7-8人局3次）：使目标本回合本能无效，并对其造成其上一回合血量"
                  "一半（向下取整）的真实伤害，同时你本回合锁血为当前血量-1。")
AMBITION = _skill("ambition", "野心", phases=(ROUND,), target_rule=ALIVE_OTHER,
                 help="四级能力。条件：你上一回合血量不是全场最高，且除四级外存活玩家≤总人数一半（向下取整）。"
                 "本回合额外进行一次攻击（指定目标）；本回合死亡人数≥2时你获得1个护盾。")
WISDOM = _skill("wisdom", "智慧", phases=(ROUND,), target_rule=ANY, words=GUESS_WORDS, uses=1,
               help="一二级能力，每人每局一次：按顺序写出其他所有玩家及其等级，其中 n/2（向下取整）个非本等级玩家写上形态，"
               "如「智慧 2 3级AT 3 1级 4 4级PT …」；第 n/2（向上取整）回合起需多写一个形态。完全正确则本等级获胜"
               "（一级优先）。二级在 4-5/6-8/9-10 人时第 2/3/4 回合起可用。结算时只反馈成功或失败。")
FEAR_SKILL = _skill("fear", "恐惧", targets=0, mandatory=True, help="一二级锁定能力：第一回合本能无效。")
CRUEL_SKILL = _skill("cruel", "凶残", targets=0, mandatory=True,
                    help="四级锁定能力：第二回合起，公布血量前受到伤害：其他等级全员扣血则不受伤；其他等级扣血人数≤1/2/3"
                    "（4-5/6-8/9-10人）受到2点伤害；否则受到1点伤害。")

# --- the setup steps --------------------------------------------------------------------
BAN_SKILL = _skill("ban", "禁用", phases=(BAN,), targets=0, words=tuple(n for n in INSTINCT_WORDS if n not in UNBANNABLE),
                  help="选择一到两个想禁用的本能，如「禁用 制衡 兽性」（预知不会被禁用）。可重发覆盖。")
PICK_SKILL = _skill("pick", "选择", aliases=("选本能", "選擇"), phases=(PICK,), targets=0, words=INSTINCT_WORDS,
                   help="选择一个未被禁用的本能，如「选择 强健」。选定后不可更改；不选则随机分配。")
PROBE_SKILL = _skill("probe", "探查", phases=(PROBE,), target_rule=ALIVE_OTHER,
                    help="选择一名其他玩家，立即得知他的本能类型（信息型/防守型/攻击型/全能型）。")

# Abilities that only ever appear as the round's second attack / sense.
EXTRA_SOURCES = ("ambition", "rage", "last_stand")
