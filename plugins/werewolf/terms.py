"""狼人杀 (rule text 002): its words — camps, role kinds, phase keys, the causes of leaving the game.

The lowest layer of the game: every other module may import it; it imports nothing of the game.
"""

from __future__ import annotations

# --- camps (factions) -------------------------------------------------------------------
GOOD = "好人阵营"
WOLVES = "狼人阵营"
LOVERS = "人狼恋阵营"  # 002: a wolf–villager pair of lovers and 丘比特 form a third side
PIPER = "吹笛者"  # 002: the piper wins alone
WOLF_TEAM = "狼群"
LOVER_CHANNEL = "恋人"  # the lovers' team channel (with the 丘比特 in a 人狼恋)
CAMP_WORD = {GOOD: "好人", WOLVES: "狼人", PIPER: "吹笛者"}  # how a lover is told the other's camp

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
CHECK_FACTION, CHECK_ROLE = "阵营", "身份"  # option 查验结果

# --- causes of leaving the game ------------------------------------------------------------
WOLF_KILL = "wolf"
POISON = "poison"
VOTE = "vote"
SHOT = "shot"
JUDGED = "judged"  # a 剧本 role's 裁定 skill, ruled 「出局」 by the 导演 (judged.py)
EXPLODE = "explode"
KING = "king"  # taken by the 白狼王's self-destruction
GRIEF = "grief"
RED = "red"
CURSE = "curse"  # a revealed 白痴 leaves when the 长老 is killed by the village
TIE_OUT = "tie"  # the 替罪羊 dies when the vote ties

FATE = {
    WOLF_KILL: "被狼人杀害",
    POISON: "被女巫毒死",
    VOTE: "被投票放逐",
    SHOT: "被猎人枪杀",
    EXPLODE: "自爆",
    KING: "被白狼王带走",
    GRIEF: "殉情",
    RED: "被法官罚下",
    CURSE: "因长老被误杀而离场",
    TIE_OUT: "因平票作为替罪羊被处决",
    JUDGED: "被导演裁定出局",
}
VILLAGE_KILLS = frozenset({VOTE, SHOT, POISON})  # 002: 投票处决、猎人的子弹、女巫的毒药
NO_WORDS = frozenset({EXPLODE, RED, CURSE})


def seats_text(seats) -> str:
    return "、".join(f"{s}号" for s in seats) or "无"


def num(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:g}"
