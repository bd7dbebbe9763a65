"""萬寧斗獸棋 (rule text 000) as data: levels, animals, head-count tables, phases, options, the words of a guess.

The tables of the text that belong to no one skill are here; a skill's own numbers are fields of its declaration
(abilities.py, instincts/), the resolution order is order.py. docs/beastchess.md cites the sentence behind every
number and every choice made where the text is silent.
"""

from __future__ import annotations

from ..bansha.engine import OptionSpec, PhaseSpec

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


def B458(a: int, b: int, c: int) -> tuple[tuple[int, int, int], ...]:
    """Head-count rows quoted from the text ("當人數為 4-5/6-8/9 時 …")."""
    return (4, 5, a), (6, 8, b), (9, 10, c)


LEVEL_NAMES = {1: "一级", 2: "二级", 3: "三级", 4: "四级"}


def counts_text(counts: tuple[int, ...]) -> str:
    return "、".join(f"{LEVEL_NAMES[lv]}{c}名" for lv, c in zip((1, 2, 3, 4), counts, strict=True) if c)


def seats_text(seats) -> str:
    return "、".join(f"{s}号" for s in seats) or "无"

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

# --- 本能 (5): the appendix's 形態 (6.3) and 類型 (6.4); the 24 are instincts/ --------------------------------------
AT, PT = "AT", "PT"
INFO, DEFEND, ATTACK, ALLROUND = "信息型", "防守型", "攻击型", "全能型"
LEVEL_WORDS = tuple(f"{lv}级" for lv in LEVELS)

# 智慧 / 大智若愚 guesses: one word per named seat, in the same order: "3级" or "3级AT"/"3级PT".
GUESS_WORDS = tuple(f"{lv}级{f}" for lv in LEVELS for f in ("", AT, PT))


def guess_level(word: str) -> int:
    return int(word[0])


def guess_form(word: str) -> str:
    return word[2:].upper()


def guess_text(pairs) -> str:
    return " ".join(f"{t}号{w.upper()}" for t, w in pairs)
