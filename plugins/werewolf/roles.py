"""狼人杀 (rule text 002) as data: skills, roles, the night order, boards, phases and options.

Every role of 002 is declared here once: its Skill(s), a Role with its camp and
kind, a NightStep if it acts at night, and the boards that use it. The
handlers live in rules.py (`do_<skill>`), night.py (`_settle_<step>` when a
night sub-phase closes, `_dawn_<step>` at dawn), day.py and deaths.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..bansha.engine import ALIVE, ALIVE_OTHER, OptionSpec, PhaseSpec, Role, Skill, Step

# --- camps (factions) -------------------------------------------------------------------

GOOD = "好人阵营"
WOLVES = "狼人阵营"
LOVERS = "人狼恋阵营"  # 002: a wolf–villager pair of lovers and 丘比特 form a third side
PIPER = "吹笛者"  # 002: the piper wins alone
WOLF_TEAM = "狼群"
LOVER_CHANNEL = "恋人"  # the lovers' team channel (with the 丘比特 in a 人狼恋)

# Role kinds, for the 屠边 win check: 002 "平民阵营-神民" are the gods, "普通平民" the villagers.
WOLF, GOD, VILLAGER, SOLO = "wolf", "god", "villager", "solo"

# --- phase keys --------------------------------------------------------------------------

THIEF = "thief"  # night 1 only: 盗贼 looks at the two spare cards
CUPID = "cupid"  # night 1 only: 丘比特 names the lovers
NIGHT = "night"  # 守卫, 狼人/白狼王, 小女孩, 预言家 and 吹笛者 act at the same time
WITCH = "witch"  # 女巫 learns the wolves' target and may use one potion
ELECT = "elect"  # day 1: 上警 / 退水
ELECT_VOTE = "elect_vote"  # day 1: the sheriff election vote
DAY = "day"  # discussion and vote together (快速)
TIE = "tie"  # the sheriff breaks a tie (or declines)
PK = "pk"  # a second vote between the tied, when the option PK=开
LAST_WORDS = "lastwords"
HUNTER = "hunter"
BADGE = "badge"  # a sheriff who left passes or tears the badge
GOAT = "goat"  # a dead 替罪羊 names who may vote the next day

# "狼人可以在白天的任何时候选择自爆": the day phases in which a wolf may self-destruct.
DAY_PHASES = (ELECT, ELECT_VOTE, DAY, TIE, PK)

MAX_SEATS = 18  # 002: 通常的版本需要8-18人参与

# --- skills: one declaration each ---------------------------------------------------------

KILL = Skill(
    "kill",
    "杀人",
    pm_only=True,  # night skills: typed in the group they would give the role away
    aliases=("刀",),
    phases=(NIGHT,),
    target_rule=ALIVE,
    team=WOLF_TEAM,
    help="狼人每晚一起选择杀害一名好人；每只狼以自己最后一次选择为准，得票最多的人被杀，"
    "平票时取其中最近被选的人；全体 /放弃 为平安夜。",
)
EXPLODE = Skill(
    "explode",
    "自爆",
    phases=DAY_PHASES,
    targets=0,
    public=True,
    help="白天任何时候在群里自爆：你立即出局且没有遗言，今天的发言和投票立即结束，直接进入黑夜。",
)
KING_EXPLODE = Skill(
    "king_explode",
    "自爆",
    aliases=("白狼王自爆", "带人"),
    phases=DAY_PHASES,
    targets=1,
    min_targets=0,
    target_rule=ALIVE_OTHER,
    public=True,
    help="白天任何时候在群里自爆，并可以带走一名平民或神民：/技能 自爆 <目标>。你没有遗言，今天的投票取消，直接进入黑夜。",
)
ACCUSE = Skill(
    "accuse",
    "指认",
    pm_only=True,
    aliases=("抓", "抓小女孩"),
    phases=(NIGHT,),
    target_rule=ALIVE_OTHER,
    team=WOLF_TEAM,
    help="（偷看风险=指认 时）指认你们认为正在偷看的小女孩；狼队以最后一次指认为准。"
    "指认对了且她今晚偷看了，她代替原目标被杀。",
)
CHECK = Skill(
    "check",
    "查验",
    pm_only=True,
    aliases=("预言", "验"),
    phases=(NIGHT,),
    target_rule=ALIVE_OTHER,
    help="每晚查验一名玩家，立刻私聊得知结果。",
)
GUARD = Skill(
    "guard",
    "守护",
    pm_only=True,
    aliases=("守",),
    phases=(NIGHT,),
    target_rule=ALIVE,
    help="每晚守护一人，他今晚不会被狼人杀害（挡不住毒药）；可以守护自己，不能连续两晚守护同一个人；守护小女孩无效。",
)
SAVE = Skill(
    "save",
    "灵药",
    pm_only=True,
    aliases=("救药", "解药", "救"),
    phases=(WITCH,),
    min_targets=0,
    uses=1,
    help="救活今晚被狼人杀害的人（目标可省略）。整局一瓶，每晚最多用一瓶药。",
)
POISON = Skill(
    "poison",
    "毒药",
    pm_only=True,
    aliases=("毒",),
    phases=(WITCH,),
    target_rule=ALIVE_OTHER,
    uses=1,
    help="毒死任意一名存活玩家。整局一瓶，每晚最多用一瓶药。",
)
SHOOT = Skill(
    "shoot",
    "开枪",
    aliases=("枪",),
    phases=(HUNTER,),
    target_rule=ALIVE,
    uses=1,
    when_dead=True,
    help="被狼人杀害或被投票放逐后，可以开枪带走任意一名存活玩家；被毒死或殉情时不能开枪。",
)
FLIP = Skill(
    "flip",
    "翻牌",
    targets=0,
    mandatory=True,
    help="被投票放逐时自动翻牌亮明身份并免于出局；翻牌后不能再投票，但仍可发言。",
)
LINK = Skill(
    "link",
    "连线",
    pm_only=True,
    aliases=("射箭", "丘比特之箭"),
    phases=(CUPID,),
    targets=2,
    target_rule=ALIVE,
    help="第一夜指定任意两名玩家（可以包括自己）成为恋人；不选则由机器人随机连线。",
)
PEEK = Skill(
    "peek",
    "偷看",
    pm_only=True,
    phases=(NIGHT,),
    targets=0,
    help="夜里偷看狼人：今晚狼队的选择会隐去狼人身份转告你；但可能被狼人发现，被发现则你代替原目标被杀。",
)
CHARM = Skill(
    "charm",
    "迷惑",
    pm_only=True,
    aliases=("魅惑", "吹笛"),
    phases=(NIGHT,),
    targets=2,
    min_targets=1,
    target_rule=ALIVE_OTHER,
    help="每晚迷惑两名还没被迷惑的玩家（不能迷惑自己）；活着的玩家全部被迷惑时你独自获胜。",
)
SWAP = Skill(
    "swap",
    "交换",
    pm_only=True,
    aliases=("换牌",),
    phases=(THIEF,),
    targets=0,
    words=("1", "2"),
    help="第一夜看两张底牌，可以换成其中一张：/技能 交换 1 或 2；不换请 /放弃。两张都是狼时必须换一张。",
)
DESIGNATE = Skill(
    "designate",
    "指定",
    phases=(GOAT,),
    targets=MAX_SEATS,
    min_targets=1,
    target_rule=ALIVE,
    when_dead=True,
    help="因平票被处决时，指定下一个白天哪些玩家可以投票（其余人不能投票）；/放弃 则所有人照常投票。",
)
STAND = Skill(
    "stand",
    "上警",
    phases=(ELECT,),
    targets=0,
    public=True,
    help="第一天在群里发送 /上警 参加警长竞选。",
)
WITHDRAW = Skill(
    "withdraw",
    "退水",
    phases=(ELECT, ELECT_VOTE),
    targets=0,
    public=True,
    help="上警后在群里发送 /退水 退出竞选（投给你的票作废，退水后不能再上警）。",
)
DECIDE = Skill(
    "decide",
    "决断",
    aliases=("决定",),
    phases=(TIE,),
    target_rule=ALIVE,
    help="放逐投票平票时，警长从平票者中决定放逐一人；不选请 /放弃。",
)
HANDOVER = Skill(
    "handover",
    "移交",
    aliases=("移交警徽", "传警徽"),
    phases=(BADGE,),
    target_rule=ALIVE_OTHER,
    when_dead=True,
    help="警长出局时把警徽移交给一名存活玩家。",
)
TEAR = Skill(
    "tear",
    "撕警徽",
    aliases=("撕毁警徽",),
    phases=(BADGE,),
    targets=0,
    when_dead=True,
    help="警长出局时撕毁警徽：本局从此没有警长。",
)
VOTE = Skill(
    "vote",
    "投票",
    aliases=("改票",),
    phases=(DAY, PK, ELECT_VOTE),
    target_rule=ALIVE,
    words=("弃权", "改票"),  # /改票 arrives as the word 改票 (engine: the typed alias carries meaning)
    help="白天投票放逐一名玩家（警长竞选时投给一名候选人），可写理由；/改票 改投（次数按「改票次数」选项）。",
)

# Skills that harm their target: lovers may never use them on each other (002 恋人之间永远不能互票互杀).
HARMFUL = frozenset({KILL.key, ACCUSE.key, POISON.key, SHOOT.key, KING_EXPLODE.key, DECIDE.key, VOTE.key})


# --- roles -------------------------------------------------------------------------------


def _role(name: str, faction: str, kind: str, skills: tuple[Skill, ...] = (), blurb: str = "") -> Role:
    """A role as 002 lists it: its faction at the deal (lovers may change it) and its kind (WOLF | GOD |
    VILLAGER | SOLO)."""
    return Role(name, faction, skills, blurb, kind)


ROLES: dict[str, Role] = {
    r.name: r
    for r in (
        _role(
            "狼人",
            WOLVES,
            WOLF,
            (KILL, EXPLODE),
            "每晚和狼队友一起杀死一个人，可以选择不杀人（平安夜）；白天任何时候可以自爆。",
        ),
        _role(
            "白狼王",
            WOLVES,
            WOLF,
            (KILL, KING_EXPLODE),
            "狼人领袖：夜里和狼队一起杀人；白天可以自爆并带走一名平民或神民。",
        ),
        _role("预言家", GOOD, GOD, (CHECK,), "每晚可以查验一个人的身份。"),
        _role("女巫", GOOD, GOD, (SAVE, POISON), "有一瓶灵药和一瓶毒药，每瓶整局只能用一次，每晚只能用一瓶。"),
        _role(
            "猎人", GOOD, GOD, (SHOOT,), "被狼人杀害或被投票放逐时，可以开枪带走一名存活玩家；被毒死或殉情则不能开枪。"
        ),
        _role(
            "守卫",
            GOOD,
            GOD,
            (GUARD,),
            "每晚守护一人不被狼人杀害；可以守护自己，不能连续两晚守护同一个人，不能守护小女孩。",
        ),
        _role("白痴", GOOD, GOD, (FLIP,), "被投票放逐时翻牌免死，之后不能投票，但仍可以发言。"),
        _role(
            "长老",
            GOOD,
            GOD,
            (),
            "第一次被狼人袭击时不会死亡。若你被好人误杀（投票、猎人、毒药），除狼人外所有角色失去特殊能力。",
        ),
        _role("丘比特", GOOD, GOD, (LINK,), "第一夜指定两名玩家成为恋人；若恋人是一狼一好人，你和他们组成人狼恋阵营。"),
        _role("小女孩", GOOD, GOD, (PEEK,), "每晚可以偷看狼人行动，但可能被发现；守卫不能守护你。"),
        _role("替罪羊", GOOD, GOD, (DESIGNATE,), "放逐投票平票时由你出局；出局前可以指定下一个白天哪些玩家可以投票。"),
        _role("吹笛者", PIPER, SOLO, (CHARM,), "每晚迷惑两名玩家；活着的玩家全部被你迷惑时你独自获胜，其余所有人都输。"),
        _role(
            "盗贼",
            GOOD,
            VILLAGER,
            (SWAP,),
            "第一夜看两张底牌，可以换成其中一张（两张都是狼时必须换）；不换则是一名平民。",
        ),
        _role("平民", GOOD, VILLAGER, (), "没有特殊技能，用发言和投票找出狼人。"),
    )
}
WOLF_ROLES = tuple(name for name, r in ROLES.items() if r.kind == WOLF)
UNIQUE_ROLES = frozenset(ROLES) - {"狼人", "平民"}  # 002 lists every special role as （1人）


# --- the night order: ONE list for every role -------------------------------------------


@dataclass(frozen=True)
class NightStep(Step):
    """`key`: the handler suffix (_settle_<key> when the sub-phase closes, _dawn_<key> at dawn); `label`:
    the role that is woken ("狼人" stands for the whole pack, 狼人 and 白狼王); `phase`: its sub-phase."""

    first_night: bool = False  # acts on the first night only
    acts: bool = True  # False: a passive effect resolved at dawn (长老)

    @property
    def role(self) -> str:
        return self.label


# The order in which the judge "wakes" the roles and resolves their effects at
# dawn. Roles sharing a sub-phase act at the same time; a role that needs
# something decided earlier gets a later sub-phase (盗贼 may become any role, so
# he goes first; 丘比特 names lovers before anyone can harm them; 女巫 needs the
# wolves' target). 002: "在第一个夜晚，盗贼将最先被唤醒"; "吹笛者将在女巫之后被唤醒".
NIGHT_ORDER: tuple[NightStep, ...] = (
    NightStep("thief", "盗贼", THIEF, first_night=True),
    NightStep("cupid", "丘比特", CUPID, first_night=True),
    NightStep("guard", "守卫", NIGHT),
    NightStep("wolves", "狼人", NIGHT),
    NightStep("girl", "小女孩", NIGHT),
    NightStep("seer", "预言家", NIGHT),
    NightStep("witch", "女巫", WITCH),
    NightStep("elder", "长老", NIGHT, acts=False),
    NightStep("piper", "吹笛者", NIGHT),
)
NIGHT_PHASES: tuple[str, ...] = tuple(dict.fromkeys(step.phase for step in NIGHT_ORDER))


# --- boards -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    name: str
    roles: tuple[tuple[str, int], ...]  # (role, count); with 盗贼: every card, the two spares included
    lo: int = 0  # head-count range; a range board fills the extra seats with 平民
    hi: int = 0
    sheriff: bool = False  # 警长 election by default on this board

    @property
    def cards(self) -> int:
        return sum(k for _, k in self.roles)

    @property
    def spares(self) -> int:
        return 2 if self.has("盗贼") else 0  # 002: 盗贼 adds two extra cards laid aside

    @property
    def size(self) -> int:
        """The smallest head count (the only one for a fixed board)."""
        return self.lo or self.cards - self.spares

    @property
    def sizes(self) -> tuple[int, ...]:
        if self.lo:
            return tuple(range(self.lo, self.hi + 1))
        return (self.cards - self.spares,)

    def deck(self, n: int | None = None) -> list[str]:
        """Every card for `n` players (spares included), 平民 filling a range board."""
        cards = [role for role, k in self.roles for _ in range(k)]
        if n is not None and self.lo:
            cards += ["平民"] * (n + self.spares - len(cards))
        return cards

    def has(self, role: str) -> bool:
        return any(r == role for r, _ in self.roles)

    def has_wolves(self) -> bool:
        return any(r in WOLF_ROLES for r, _ in self.roles)

    def summary(self, n: int | None = None) -> str:
        counts: dict[str, int] = {}
        for role in self.deck(n):
            counts[role] = counts.get(role, 0) + 1
        return "、".join(f"{r}×{k}" if k > 1 else r for r, k in counts.items())


def _board(name: str, wolves: int, villagers: int, *gods: str, sheriff: bool = False) -> Board:
    return Board(name, (("狼人", wolves), ("平民", villagers), *((g, 1) for g in gods)), sheriff=sheriff)


def _ranged(name: str, lo: int, hi: int, *roles: tuple[str, int], sheriff: bool = True) -> Board:
    """A board whose fixed roles stay and whose extra seats are 平民 (at least one at `lo`)."""
    return Board(name, tuple(roles), lo=lo, hi=hi, sheriff=sheriff)


CUSTOM = "自定义"

BOARDS: tuple[Board, ...] = (
    # the basic boards (no sheriff election, as they were first played here)
    _board("6人预女", 2, 2, "预言家", "女巫"),
    _board("7人预女猎", 2, 2, "预言家", "女巫", "猎人"),
    _board("8人预女猎", 2, 3, "预言家", "女巫", "猎人"),
    _board("9人预女猎", 3, 3, "预言家", "女巫", "猎人"),
    _board("9人预女守", 3, 3, "预言家", "女巫", "守卫"),
    _board("10人预女猎白", 3, 3, "预言家", "女巫", "猎人", "白痴"),
    _board("11人预女猎白", 3, 4, "预言家", "女巫", "猎人", "白痴"),
    _board("12人预女猎白", 4, 4, "预言家", "女巫", "猎人", "白痴"),
    _board("12人预女猎守", 4, 4, "预言家", "女巫", "猎人", "守卫"),
    # the classic named boards (with a sheriff election)
    _board("9人标准", 3, 3, "预言家", "女巫", "猎人", sheriff=True),
    _board("预女猎白", 4, 4, "预言家", "女巫", "猎人", "白痴", sheriff=True),
    _board("预女猎守", 4, 4, "预言家", "女巫", "猎人", "守卫", sheriff=True),
    Board(
        "白狼王守卫",
        (("狼人", 3), ("白狼王", 1), ("平民", 4), ("预言家", 1), ("女巫", 1), ("猎人", 1), ("守卫", 1)),
        sheriff=True,
    ),
    _ranged("丘比特局", 9, 12, ("狼人", 3), ("预言家", 1), ("女巫", 1), ("猎人", 1), ("丘比特", 1), ("平民", 2)),
    _ranged(
        "长老局", 10, 12, ("狼人", 3), ("预言家", 1), ("女巫", 1), ("猎人", 1), ("白痴", 1), ("长老", 1), ("平民", 2)
    ),
    _ranged("小女孩局", 9, 12, ("狼人", 3), ("预言家", 1), ("女巫", 1), ("守卫", 1), ("小女孩", 1), ("平民", 2)),
    _ranged("替罪羊局", 9, 12, ("狼人", 3), ("预言家", 1), ("女巫", 1), ("猎人", 1), ("替罪羊", 1), ("平民", 2)),
    _ranged("吹笛者局", 9, 12, ("狼人", 3), ("吹笛者", 1), ("预言家", 1), ("女巫", 1), ("猎人", 1), ("平民", 2)),
    # 盗贼: the deck holds two more cards than players (two of its 平民 are the extra ones)
    _ranged("盗贼局", 8, 12, ("狼人", 3), ("盗贼", 1), ("预言家", 1), ("女巫", 1), ("猎人", 1), ("平民", 3)),
    _ranged(
        "经典局",
        13,
        15,
        ("狼人", 3),
        ("白狼王", 1),
        ("预言家", 1),
        ("女巫", 1),
        ("猎人", 1),
        ("守卫", 1),
        ("长老", 1),
        ("丘比特", 1),
        ("小女孩", 1),
        ("吹笛者", 1),
        ("平民", 1),
    ),
    _ranged(
        "全角色",
        16,
        18,
        ("狼人", 3),
        ("白狼王", 1),
        ("预言家", 1),
        ("女巫", 1),
        ("猎人", 1),
        ("白痴", 1),
        ("守卫", 1),
        ("长老", 1),
        ("丘比特", 1),
        ("小女孩", 1),
        ("替罪羊", 1),
        ("吹笛者", 1),
        ("盗贼", 1),
        ("平民", 3),
    ),
)
BOARD_BY_NAME: dict[str, Board] = {b.name: b for b in BOARDS}
DEFAULT_BOARD: dict[int, str] = {
    6: "6人预女",
    7: "7人预女猎",
    8: "8人预女猎",
    9: "9人预女猎",
    10: "10人预女猎白",
    11: "11人预女猎白",
    12: "12人预女猎白",
    13: "经典局",
    14: "经典局",
    15: "经典局",
    16: "全角色",
    17: "全角色",
    18: "全角色",
}
MIN_PLAYERS, MAX_PLAYERS = min(DEFAULT_BOARD), max(DEFAULT_BOARD)

_ITEM = re.compile(r"^(.+?)(?:[*×xX](\d+))?$")


def parse_custom(text: str) -> Board:
    """`狼人*3,预言家,女巫,…` → a board, or ValueError with a Chinese reason listing the valid roles."""
    valid = "、".join(ROLES)
    counts: dict[str, int] = {}
    for raw in re.split(r"[,，、;；]", text or ""):
        item = raw.strip()
        if not item:
            continue
        m = _ITEM.match(item)
        role, k = (m.group(1).strip(), int(m.group(2) or 1)) if m else (item, 1)
        if role not in ROLES:
            raise ValueError(f"自定义板子里有未知角色「{role[:10]}」。可用的角色：{valid}")
        if k < 1:
            raise ValueError(f"「{role}」的数量必须是正整数。")
        counts[role] = counts.get(role, 0) + k
    if not counts:
        raise ValueError(f"自定义板子需要 角色=…，例如 角色=狼人*3,预言家,女巫,猎人,平民*3。可用的角色：{valid}")
    for role, k in counts.items():
        if role in UNIQUE_ROLES and k > 1:
            raise ValueError(f"「{role}」在一局里只能有一个（002 原文：{role}（1人））。")
    board = Board(CUSTOM, tuple(counts.items()), sheriff=True)
    if not board.has_wolves():
        raise ValueError("自定义板子里至少要有一只狼（狼人或白狼王）。")
    if board.has("盗贼") and counts.get("平民", 0) < 2:
        raise ValueError(
            "有盗贼的板子要额外加入两张平民（002：主持人在分发牌前须额外加入两张“普通平民”），请至少写 平民*2。"
        )
    if not any(ROLES[r].faction == GOOD and r != "盗贼" for r in counts):
        raise ValueError("自定义板子里至少要有一名好人角色（平民或神民）。")
    return board


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

CHECK_FACTION, CHECK_ROLE = "阵营", "身份"


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
        "查验结果", "choice", CHECK_FACTION, (CHECK_FACTION, CHECK_ROLE), "预言家得知好人/狼人（阵营）或具体身份"
    ),
    OptionSpec("PK", "bool", False, (), "平票时是否让平票者进入 PK 再投一次（默认关）"),
    OptionSpec("警长", "bool", None, (), "第一天是否竞选警长（默认按板子：基础板关，其余开）"),
    OptionSpec("警长票权", "choice", "2", ("2", "1.5"), "警长在放逐投票中的票数（002：一票算两票；004 式为 1.5）"),
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
