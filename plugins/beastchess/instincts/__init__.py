"""The 24 本能 (5), one module each (the appendix's 形態 and 類型 are fields of each declaration).

ORDER is the text's list: the order /身份, the ban's draw and 笨鸟先飞's pool go by. A new 本能 is a new module
here, its name in ORDER and its key in order.MOMENTS under every moment it writes (and, if it has a step after
the lock, in order.SPECIAL_ORDER): the engine's one check refuses a moment written but not listed.
"""

from __future__ import annotations

from . import (  # noqa: F401  (each module registers its 本能)
    alliance,
    balance,
    beast,
    bloodlust,
    declaration,
    diva,
    early_bird,
    endure,
    feign,
    foresight,
    fox,
    last_stand,
    luck,
    mercy,
    omen,
    poison_cup,
    rage,
    ruins,
    ship,
    spokesman,
    stand,
    sturdy,
    survive,
    vigilance,
)

ORDER = (
    "强健", "发怒", "嗜杀", "垂死抗争", "断井颓垣", "幸运", "笨鸟先飞", "卧薪尝胆", "预知", "外交部发言人", "警惕", "饮鸩止渴",
    "合纵连横", "狐假虎威", "磕CP", "制衡", "兽性", "大智若愚", "苟且偷生", "我是歌姬", "替身力量", "独立宣言", "趋吉避凶", "仁慈",
)
