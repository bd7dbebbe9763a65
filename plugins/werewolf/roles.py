"""狼人杀 (rule text 002) as data: skills, roles, boards, phases, options and the night order.

Everything a later role needs to slot in lives here as a declaration: add its
Skill, add a Role with its faction and skills, put it in NIGHT_ORDER if it acts
at night, and write the `do_<skill>` / `_settle_<step>` / `_dawn_<step>`
handlers in rules.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from plugins.bansha.engine import ALIVE, ALIVE_OTHER, OptionSpec, PhaseSpec, Skill

GOOD = "好人阵营"
WOLVES = "狼人阵营"
WOLF_TEAM = "狼群"

# Role kinds, for the 屠边 win check.
WOLF, GOD, VILLAGER = "wolf", "god", "villager"

# Phase keys.
NIGHT = "night"  # 守卫, 狼人 and 预言家 act at the same time
WITCH = "witch"  # 女巫 learns the wolves' target and may use one potion
DAY = "day"  # discussion and vote together (快速)
PK = "pk"  # a second vote between the tied, when the option PK=开
LAST_WORDS = "lastwords"
HUNTER = "hunter"

# --- skills: one declaration each ---------------------------------------------------

KILL = Skill(
    "kill",
    "杀人",
    aliases=("刀",),
    phases=(NIGHT,),
    target_rule=ALIVE,
    team=WOLF_TEAM,
    help="狼人每晚一起选择杀害一名好人；每只狼以自己最后一次选择为准，得票最多的人被杀，"
    "平票时取其中最近被选的人；全体 /放弃 为平安夜。",
)
CHECK = Skill(
    "check",
    "查验",
    aliases=("预言", "验"),
    phases=(NIGHT,),
    target_rule=ALIVE_OTHER,
    help="每晚查验一名玩家，立刻私聊得知结果。",
)
GUARD = Skill(
    "guard",
    "守护",
    aliases=("守",),
    phases=(NIGHT,),
    target_rule=ALIVE,
    help="每晚守护一人，他今晚不会被狼人杀害（挡不住毒药）；可以守护自己，不能连续两晚守护同一个人。",
)
SAVE = Skill(
    "save",
    "灵药",
    aliases=("救药", "解药", "救"),
    phases=(WITCH,),
    min_targets=0,
    uses=1,
    help="救活今晚被狼人杀害的人（目标可省略）。整局一瓶，每晚最多用一瓶药。",
)
POISON = Skill(
    "poison",
    "毒药",
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
    help="被狼人杀害或被投票放逐后，可以开枪带走任意一名存活玩家；被毒死时不能开枪。",
)
FLIP = Skill(
    "flip",
    "翻牌",
    targets=0,
    mandatory=True,
    help="被投票放逐时自动翻牌亮明身份并免于出局；翻牌后不能再投票，但仍可发言。",
)
VOTE = Skill(
    "vote",
    "投票",
    aliases=("改票",),
    phases=(DAY, PK),
    target_rule=ALIVE,
    words=("弃权", "改票"),  # /改票 arrives as the word 改票 (engine: the typed alias carries meaning)
    help="白天投票放逐一名玩家，可写理由；/改票 改投（次数按「改票次数」选项，快速节奏默认不限）。",
)

# Night skills must be used by private message: typing them in the group would
# expose the user's role.
PRIVATE_SKILLS = frozenset({KILL.key, CHECK.key, GUARD.key, SAVE.key, POISON.key})


# --- roles ------------------------------------------------------------------------


@dataclass(frozen=True)
class Role:
    name: str  # as in the rule text
    faction: str
    kind: str  # WOLF | GOD | VILLAGER
    skills: tuple[Skill, ...] = ()
    blurb: str = ""


ROLES: dict[str, Role] = {
    r.name: r
    for r in (
        Role("狼人", WOLVES, WOLF, (KILL,), "每晚和狼队友一起杀死一个人；可以选择不杀人，当晚为平安夜。"),
        Role("预言家", GOOD, GOD, (CHECK,), "每晚可以查验一个人的身份。"),
        Role("女巫", GOOD, GOD, (SAVE, POISON), "有一瓶灵药和一瓶毒药，每瓶整局只能用一次，每晚只能用一瓶。"),
        Role("猎人", GOOD, GOD, (SHOOT,), "被狼人杀害或被投票放逐时，可以开枪带走一名存活玩家；被毒死则不能开枪。"),
        Role("守卫", GOOD, GOD, (GUARD,), "每晚守护一人不被狼人杀害；可以守护自己，不能连续两晚守护同一个人。"),
        Role("白痴", GOOD, GOD, (FLIP,), "被投票放逐时翻牌免死，之后不能投票，但仍可以发言。"),
        Role("平民", GOOD, VILLAGER, (), "没有特殊技能，用发言和投票找出狼人。"),
    )
}


# --- the night order: ONE list, used by the night resolution ------------------------


@dataclass(frozen=True)
class NightStep:
    role: str
    phase: str  # the night sub-phase in which the role acts
    key: str  # handler suffix in rules.py: _settle_<key> (sub-phase close) and _dawn_<key> (dawn)


# The order in which the judge "wakes" the roles and resolves their effects at
# dawn. Roles sharing a sub-phase act at the same time; a role that needs
# something decided earlier (女巫 needs the wolves' target) gets a later one.
# 预言家 is listed last as in the classic call order, but checks a seat's
# identity, which no other night action changes, so it acts in the first
# sub-phase to save time.
NIGHT_ORDER: tuple[NightStep, ...] = (
    NightStep("守卫", NIGHT, "guard"),
    NightStep("狼人", NIGHT, "wolves"),
    NightStep("女巫", WITCH, "witch"),
    NightStep("预言家", NIGHT, "seer"),
)
NIGHT_PHASES: tuple[str, ...] = tuple(dict.fromkeys(step.phase for step in NIGHT_ORDER))


# --- boards -----------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    name: str
    roles: tuple[tuple[str, int], ...]  # (role, count)

    @property
    def size(self) -> int:
        return sum(k for _, k in self.roles)

    def deck(self) -> list[str]:
        return [role for role, k in self.roles for _ in range(k)]

    def has(self, role: str) -> bool:
        return any(r == role for r, _ in self.roles)

    def summary(self) -> str:
        return "、".join(f"{k}{r}" if k > 1 else r for r, k in self.roles)


def _board(name: str, wolves: int, villagers: int, *gods: str) -> Board:
    return Board(name, (("狼人", wolves), ("平民", villagers), *((g, 1) for g in gods)))


BOARDS: tuple[Board, ...] = (
    _board("6人预女", 2, 2, "预言家", "女巫"),
    _board("7人预女猎", 2, 2, "预言家", "女巫", "猎人"),
    _board("8人预女猎", 2, 3, "预言家", "女巫", "猎人"),
    _board("9人预女猎", 3, 3, "预言家", "女巫", "猎人"),
    _board("9人预女守", 3, 3, "预言家", "女巫", "守卫"),
    _board("10人预女猎白", 3, 3, "预言家", "女巫", "猎人", "白痴"),
    _board("11人预女猎白", 3, 4, "预言家", "女巫", "猎人", "白痴"),
    _board("12人预女猎白", 4, 4, "预言家", "女巫", "猎人", "白痴"),
    _board("12人预女猎守", 4, 4, "预言家", "女巫", "猎人", "守卫"),
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
}
MIN_PLAYERS, MAX_PLAYERS = min(DEFAULT_BOARD), max(DEFAULT_BOARD)


# --- phases and options -------------------------------------------------------------

PHASES: dict[str, PhaseSpec] = {
    # 论坛 tempo (002 gives no times): the day ends at 关门, the night's two sub-phases 30 and 45 minutes
    # after the last close; the short phases last a fixed time from their start (an hour for 遗言, …)
    NIGHT: PhaseSpec(NIGHT, "夜晚", night=True, seconds=60, option="夜晚", forum="+30"),
    WITCH: PhaseSpec(WITCH, "女巫行动", night=True, seconds=30, option="女巫", forum="+45"),
    DAY: PhaseSpec(DAY, "白天（发言与投票）", seconds=180, option="白天", forum="close", discussion=True),
    PK: PhaseSpec(PK, "PK投票", seconds=90, option="PK时长", forum="=120"),
    LAST_WORDS: PhaseSpec(LAST_WORDS, "遗言", seconds=60, option="遗言", forum="=60"),
    HUNTER: PhaseSpec(HUNTER, "猎人开枪", seconds=30, option="开枪", forum="=30"),
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
        tuple(b.name for b in BOARDS),
        "板子（默认按人数：" + "、".join(DEFAULT_BOARD.values()) + "）",
    ),
    OptionSpec(
        "查验结果", "choice", CHECK_FACTION, (CHECK_FACTION, CHECK_ROLE), "预言家得知好人/狼人（阵营）或具体身份"
    ),
    OptionSpec("PK", "bool", False, (), "平票时是否让平票者进入 PK 再投一次（默认关：平票无人出局）"),
    _length("夜晚", "夜晚（守卫、狼人、预言家行动）"),
    _length("女巫", "女巫行动"),
    _length("白天", "白天发言与投票"),
    _length("PK时长", "PK 投票"),
    _length("遗言", "遗言"),
    _length("开枪", "猎人开枪"),
)
