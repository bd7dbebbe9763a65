"""The pool of [M192] 纳塔 (「本场可能存在的身份如下：【狼】10选4 【验人系】2选1 【强神】10选4 【弱神】10选4
【独立】宗教老爷爷」): role names only. Each role is declared in its own module under roles/; the order here is
the order of /身份 lists, of the role words and of the skill catalogue.
"""

from __future__ import annotations

from .terms import FACTION_WORDS

WOLF_POOL = ("狼兄", "养殖者", "渊狼", "狼外婆", "狼弟", "死神", "赤狼", "饕餮", "梼杌", "白狼王")
SEER_POOL = ("通灵师", "凭依灵")
STRONG_POOL = ("阴阳使者", "魔术师", "审讯官", "毒士", "道士", "朱雀", "野人", "御主", "变脸者", "赤狐神女")
WEAK_POOL = ("懦夫", "愚者", "猎人", "禁言长老", "隐者", "太阳", "传递者", "天命人", "纵火犯", "厚皮肉猪")
INDEPENDENT = "宗教老爷爷"
SLOTS = ((WOLF_POOL, 4), (SEER_POOL, 1), (STRONG_POOL, 4), (WEAK_POOL, 4))
PLAYERS = 14

ROLE_WORDS = (*SEER_POOL, *STRONG_POOL, *WEAK_POOL, *WOLF_POOL, INDEPENDENT)
DISGUISE_WORDS = ROLE_WORDS + FACTION_WORDS + ("带刀", "不带刀")
