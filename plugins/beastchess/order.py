"""斗兽棋's resolution order: one round's 結算順序 (2.8) and its parts, each the one visible list of its steps.

resolve.Resolver runs them in this order; each step is registered in the game's Book next to its code
(`@BOOK.step`), and what a skill does at a step is written in the skill's own module (power.py's hooks).
catalog.problems fails when a step here has no handler or a handler is in no list.
"""

from __future__ import annotations

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
# (keys of the 本能 whose `special` runs there).
SPECIAL_ORDER: tuple[tuple[str, str], ...] = (
    ("bloodlust", "嗜杀"),
    ("poison_cup", "饮鸩止渴"),
    ("stand", "替身力量"),
)

# 2.9 本能無效優先級：殺戮>制衡>幸運休>替身力量、趨吉避兇>其它本能. Numbers: higher wins; each skill that imposes
# 本能无效 declares its number (`null_tier`), each 本能 its own (`priority`).
NULLIFY_PRIORITY: tuple[tuple[str, int], ...] = (
    ("杀戮", 5),
    ("制衡", 4),
    ("幸运休", 3),
    ("替身力量", 2),
    ("趋吉避凶", 2),
    ("其它本能（含幸运攻、幸运守）", 1),
)
FEAR_TIER = 6  # 恐懼（鎖定）and 仁慈's next-round ban: known before the round, above every priority
# The tiers of the nullify step, highest first.
NULL_TIERS: tuple[int, ...] = (FEAR_TIER, *sorted({p for _, p in NULLIFY_PRIORITY}, reverse=True))
