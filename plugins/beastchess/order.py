"""斗兽棋's resolution order and its moments, in data: one round's 結算順序 (2.8) and its parts, each the one
visible list of its steps, and `MOMENTS`, the table of which units answer each named moment.

resolve.Resolver runs the steps in this order (each step is a procedure of the Resolver, listed in its STEPS);
a step names the moments it runs (`Step.moments`). What a unit does at a moment is a method of that name in the
unit's own module, and it runs only because MOMENTS lists the unit there (engine/core/behaviour.py): the one
check (`problems`, called by rules.py at load and by tests/games/beastchess/test_conformance.py) fails when a
unit writes a moment the table does not list it under, or the table lists a unit that does not write it.
"""

from __future__ import annotations

from ..bansha.engine import Moments, Step

# 2.8 結算順序：buff獲取->最大受到傷害->護盾->真實傷害->鎖血->特殊技能
RESOLUTION_ORDER: tuple[Step, ...] = (
    Step("buffs", "buff获取"),
    Step("cap", "最大受到伤害"),
    Step("shield", "护盾"),
    Step("true_damage", "真实伤害"),
    Step("lock", "锁血"),
    Step("special", "特殊技能", moments=("special",)),
)
# Inside the buff stage: who is nullified first (it decides which effects exist), then
# who is shielded from what, then the damage and shields themselves.
BUFF_ORDER: tuple[Step, ...] = (
    Step("nullify", "本能无效（按优先级）", moments=("null_priority", "nullifies", "table_nullifies")),
    Step("void", "攻击无效", moments=("void",)),
    Step("guards", "减伤、锁血与上限的来源", moments=("guard", "table_guard")),
    Step("attacks", "攻击与感应", moments=("extra_strike", "strike", "table_strike", "strike_amount", "attacked",
                                          "landed", "first_strike", "after_strikes", "sense_blind", "objects")),
    Step("instincts", "本能与杀戮的伤害、真实伤害与护盾", moments=("effect", "table_effect")),
)
# 2.9 嗜殺、飲鴆止渴、替身力量會在特殊技能環節額外進行結算，順序為嗜殺->飲鴆止渴->替身力量
# (keys of the 本能 whose `special` runs there).
SPECIAL_ORDER: tuple[tuple[str, str], ...] = (
    ("bloodlust", "嗜杀"),
    ("poison_cup", "饮鸩止渴"),
    ("stand", "替身力量"),
)

# Every moment of the game and the units (keys) that answer it, in the order they run. A moment asked of the
# seat that holds the unit ("the holder") runs when the holder's unit is listed; a moment of the whole table
# (table_*, spoils_guess, between_groups, aftermath) runs once per round for each unit listed, in this order.
MOMENTS = Moments({
    # --- the draft (draft.py) --------------------------------------------------------------------------------
    "picked": ("early_bird",),  # the holder chose it in 选择本能: what it holds from now on (笨鸟先飞)
    "granted": ("sturdy",),  # from now on held by the seat (强健's two shields)
    # --- a round opens (rounds.py); what a seat may submit in it (rules.py) ---------------------------------
    "opening": ("fear", "ruins", "luck", "survive", "omen"),  # lines of the holder's round-start PM
    "table_opening": ("mercy",),  # a line of any seat's round-start PM
    "dead_note": ("vigilance",),  # a holder who died last round and may still act
    "forbids": ("fear",),  # why the holder's (non-锁定) 本能 cannot be used this round
    "table_forbids": ("mercy",),  # why any seat's (non-锁定) 本能 cannot be used this round
    "refuse_action": ("beast",),  # submitted this round: why the holder's 攻击/感应 may not go to a target
    "owes": ("omen",),  # the holder still owes a submission this round
    "by_default": ("omen",),  # at the close, for a holder who owes: what its silence submitted
    # --- buff获取 (BUFF_ORDER) ---------------------------------------------------------------------------------
    "null_priority": ("luck",),  # the holder's 本能 priority this round, when it is not its declared one
    "nullifies": ("slaughter", "fear", "endure", "luck", "balance", "stand"),  # 本能无效 at the unit's null_tier
    "table_nullifies": ("mercy",),  # 本能无效 on anyone, at the unit's table_null_tier
    "void": ("endure", "ship"),  # 攻击无效
    "guard": ("slaughter", "sturdy", "last_stand", "ruins", "endure", "alliance", "beast", "survive", "omen"),
    "table_guard": ("omen",),  # after every holder's guard
    "extra_strike": ("ambition",),  # a second attack this round (发怒, 垂死抗争: their tag extra_strike_target)
    "strike": ("attack", "sense"),  # the level's action on one target
    "table_strike": ("omen",),  # the damage of any attack
    "strike_amount": ("ruins",),  # the damage of the holder's attack
    "attacked": ("stand",),  # an attack on the holder landed
    "landed": ("bloodlust", "mercy"),  # the holder's attack landed
    "first_strike": ("fox",),  # after the holder's first attack or sense of the round
    "after_strikes": ("mercy",),  # all the holder's strikes are done
    "sense_blind": ("ruins",),  # the holder's sense cannot see attacks
    "objects": ("diva",),  # the holder's objects this round instead of its attacks and targets
    "effect": ("slaughter", "ruins", "luck", "endure", "spokesman", "vigilance", "poison_cup", "fox",
               "balance", "survive", "diva", "stand", "omen"),  # its damage, true damage and shields
    "table_effect": ("spokesman",),  # after every 本能's effect
    # --- the two groups, the special step, the numbers ---------------------------------------------------------
    "between_groups": ("cruel",),  # levels 1–3 settled, level 4 next
    "special": tuple(key for key, _ in SPECIAL_ORDER),
    "after_deaths": ("stand",),  # the holder is alive and these seats died
    "aftermath": ("ambition", "fox", "mercy"),  # what this round leaves for the next
    "claim": ("wisdom", "feign"),  # a 获胜效果 the holder tried
    "spoils_guess": ("diva", "mercy"),  # any seat's 智慧 / 大智若愚 fails this round
    "record": ("slaughter", "omen"),  # bookkeeping of what the holder submitted (used, nullified or not)
    "count_use": ("last_stand", "ruins", "endure"),  # the use it costs, when not simply one of its 每局 uses
    "close": ("omen",),  # the round's last word on a holder
    "stale": ("declaration",),  # the holder's HP is announced as before
})

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
