"""表面伪装 set by a player (狼外婆[装模作样]/[欺诈天下], 狼弟[潜藏]): three words — a role, a faction, 带刀|不带刀
— read by the checks as the [表面身份] (state.surface: the latest active disguise wins, 「最后发动的技能所造成的表面身份
更换生效」)."""

from __future__ import annotations

from ..bansha.engine import Action
from .pool import ROLE_WORDS
from .skill import NataSkill
from .state import NataState
from .terms import ELDER, FACTION_WORDS

HELP = "设定表面伪装：<身份名> <阵营> <带刀|不带刀>"


def parse(words: tuple[str, ...]) -> tuple[str, str, bool] | None:
    role = next((w for w in words if w in ROLE_WORDS), None)
    faction = next((w for w in words if w in FACTION_WORDS), None)
    knife = next((w for w in words if w in ("带刀", "不带刀")), None)
    if not role or not faction or not knife or len(words) != 3:
        return None
    return role, faction, knife == "带刀"


def faction_word(word: str) -> str:
    """A disguise may claim 独立阵营: the 宗教老爷爷's."""
    return {"独立阵营": ELDER}.get(word, word)


class Disguising(NataSkill):
    """A skill whose words are one disguise."""

    def check(self, state: NataState, seat: int, action: Action) -> str | None:
        if parse(action.words) is None:
            return "请依次写出表面身份、表面阵营和带刀情况，如：/技能 装模作样 通灵师 村民阵营 不带刀。"
        return None

