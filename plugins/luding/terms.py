"""[M45]『鹿鼎记』 (rule text 003): its words — camps, role names, the deal, phases, options and time limits.

The lowest layer of the game: every other module may import it, it imports only the engine's vocabulary.
"""

from __future__ import annotations

from ..bansha.engine import OptionSpec, PhaseSpec

# --- camps (阵营) -------------------------------------------------------------------------------
WOLF = "狼人阵营"
VILLAGE = "村民阵营"
FOX = "妖狐阵营"
CAMPS: tuple[str, ...] = (WOLF, VILLAGE, FOX)

# --- roles, as the text names them (each declared in roles/<role>.py) ----------------------------
FATHER, CUB, SEER, WITCH, GUARD, HUNTER, ELDER, VILLAGER, FOXROLE = (
    "父狼", "幼狼", "预言家", "女巫", "守卫", "猎人", "长老", "村民", "妖狐",
)
# 003: 本场版杀为14人局，身份配置为：1父狼，1幼狼，1预言家，1女巫，1守卫，1猎人，1长老，6村民，1妖狐。
DECK: tuple[str, ...] = (FATHER, CUB, SEER, WITCH, GUARD, HUNTER, ELDER, *([VILLAGER] * 6), FOXROLE)
PLAYERS = len(DECK)

# --- phases --------------------------------------------------------------------------------------
DAY = "day"  # discussion and the vote (the first day opens the game: no night before it)
NIGHT = "night"  # every night role submits; the hunter voted out today may shoot
SETTLE = "settle"  # the night resolves in order.NIGHT_ORDER; a hunter out tonight decides his shot here

# 论坛 time-outs in minutes after 关门 (003 行动时限).
FATHER_TIMEOUT = 30  # 父狼在关门半小时后仍未提交感染目标，视为放弃感染
NIGHT_TIMEOUT = 60  # 关门一个小时后，预言家、女巫、守卫未与法官取得联系…；幼狼…一个小时
HUNTER_TIMEOUT = 30  # 猎人被投票出局，关门三十分钟后仍未与法官取得联系，猎人视为放弃发动技能

PHASES: dict[str, PhaseSpec] = {
    DAY: PhaseSpec(DAY, "白天", seconds=300, option="白天", forum="close", discussion=True),
    # The night never closes early: an early close would tell the table that
    # every living night role has acted, i.e. which roles are already out.
    NIGHT: PhaseSpec(NIGHT, "夜晚", night=True, seconds=90, option="夜晚", early=False, forum=f"+{NIGHT_TIMEOUT}"),
    # Entered every night, whether or not a hunter dies in it, so that its
    # presence reveals nothing; a hunter who dies tonight has 30 minutes.
    SETTLE: PhaseSpec(
        SETTLE, "天亮前", night=True, seconds=30, option="结算", early=False,
        forum=f"+{NIGHT_TIMEOUT + HUNTER_TIMEOUT}",
    ),
}

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("白天", "duration", 300, (), "快速节奏：白天（讨论与投票）时长"),
    OptionSpec("夜晚", "duration", 90, (), "快速节奏：夜晚提交行动的时长"),
    OptionSpec("结算", "duration", 30, (), "快速节奏：天亮前（夜晚逐步结算，夜里出局的猎人在此决定最后一枪）的时长"),
)

# --- ways to leave the game (出局), as the text lists them ---------------------------------------
BY_VOTE, SHOT_BY_DAY, SHOT_BY_NIGHT, SACRIFICED, LOYAL, CURSED, POISONED, RED = (
    "vote", "shot_day", "shot_night", "sacrifice", "loyalty", "curse", "poison", "red",
)
FATE = {
    BY_VOTE: "被投票出局",
    SHOT_BY_DAY: "被猎人最后一枪带走（投票后）",
    SHOT_BY_NIGHT: "被猎人最后一枪带走",
    SACRIFICED: "牺牲出局",
    LOYAL: "因猎人忠诚出局",
    CURSED: "因妖狐咒缚出局",
    POISONED: "被女巫毒药毒死",
    RED: "被红牌罚下",
}
DAY_CAUSES = (BY_VOTE, SHOT_BY_DAY)
ALL = "*"  # in `state.passed`: the seat gave up everything tonight


def seats_text(seats: list[int] | tuple[int, ...]) -> str:
    return "、".join(f"{s}号" for s in seats) or "无"


def span(seconds: int) -> str:
    return f"{seconds // 3600}小时" if seconds % 3600 == 0 else f"{seconds // 60}分钟"
