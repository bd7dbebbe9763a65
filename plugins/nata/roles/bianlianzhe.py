"""变脸者⑩（强神）: 变脸[开局][黄昏]——「随机抽取3个未出场的村民阵营身份（强度分总和不小于16且不大于20）作为变脸者底牌并
知晓这些底牌身份，游戏日开局或黄昏，变脸者可选择任意一张底牌置顶并使用技能，以此获取的技能只会持续至下一次[黄昏]结束，每张
底牌只能被选择一次，该技能的判定顺序同原身份的该技能判定顺序，且[表面身份]变为置顶的身份」."""

from __future__ import annotations

from dataclasses import replace

from ...bansha.engine import Action, unit
from .. import deal
from ..declared import ROLES, SKILLS
from ..skill import NataSkill, role
from ..state import Disguise, NataState
from ..terms import DUSK, START, STRONG, VILLAGE
from ..world import World


def cards_left(state: NataState, seat: int) -> list[str]:
    return [c for c in state.cards.get(seat, []) if c not in state.face_used.get(seat, [])]


@unit("bianlian", "变脸", SKILLS, phases=(START, DUSK), help="置顶一张底牌并使用它的技能至下一次黄昏结束：/技能 变脸 <底牌身份>。",
       targets=0, syntax="变脸 <底牌身份>", instant=True)
class BIANLIAN(NataSkill):
    def dealt(self, w: World, seat: int, roles: tuple[str, ...]) -> str | None:
        """The three hidden cards, drawn among the roles not in play (deal.py)."""
        w.state.cards[seat] = cards = list(deal.draw_cards(w.ctx.rng, roles))
        return f"{w.ctx.name(seat)}（变脸者）底牌：{'、'.join(cards)}"

    def tells(self, state: NataState, seat: int) -> list[str]:
        return [f"你的底牌：{'、'.join(state.cards.get(seat, [])) or '无'}。"] if self.key in state.role(seat).skill_keys else []

    def offer(self, state: NataState, seat: int) -> NataSkill:
        return replace(self, words=tuple(state.cards.get(seat, [])))

    def blocked(self, state: NataState, seat: int) -> str | None:
        if not cards_left(state, seat):
            return "你的底牌都已经用过了。"
        return "你本阶段已经变过脸了。" if state.key(seat, "bianlian") in state.acted else None

    def check(self, state: NataState, seat: int, action: Action) -> str | None:
        left = cards_left(state, seat)
        if len(action.words) != 1 or action.words[0] not in left:
            return "请选择一张未用过的底牌：" + ("、".join(left) or "（没有了）")
        return None

    def use(self, w: World, seat: int, action: Action) -> None:
        state = w.state
        card = action.words[0]
        state.drop_face(seat)
        state.face[seat] = card
        state.face_used.setdefault(seat, []).append(card)
        state.face_until[seat] = state.day if state.phase == START else state.day + 1
        for s in ROLES[card].skills:  # "获得技能": at their initial counts
            if s.count is not None:
                state.counts[state.key(seat, s.key)] = s.count or 0
            if state.key(seat, s.key) in state.spent:
                state.spent.remove(state.key(seat, s.key))
        state.seq += 1
        state.disguises.setdefault(seat, []).append(Disguise(state.seq, card, VILLAGE, False, until="face"))
        skills = "、".join(s.name for s in ROLES[card].skills) or "无"
        w.ctx.reply(f"变脸：置顶【{card}】，获得技能：{skills}（持续至下一次黄昏结束）。")
        w.ctx.judge(f"{w.ctx.name(seat)}（变脸者）置顶 {card}")

    def expire(self, w: World) -> None:
        """"以此获取的技能只会持续至下一次[黄昏]结束"."""
        for seat, until in list(w.state.face_until.items()):
            if until <= w.state.day:
                w.state.drop_face(seat)
                w.ctx.seat(seat, "变脸：置顶身份的技能到期了。")


ROLE = role("变脸者", VILLAGE, STRONG, 10, (BIANLIAN,), blurb="持有三张未出场的村民身份底牌，可轮流置顶使用。")
