"""丘比特: on the first night names two lovers (himself allowed; the bot links two at random if he does not).
"当两个相爱的人其中一个被票死、杀死、毒死或射死，另一个人则必须殉情" (deaths.py); a wolf and a villager in love form,
with him, the 人狼恋阵营 (verdict.py)."""

from __future__ import annotations

from ...bansha.engine import ALIVE, Action, Ctx
from ..book import BOOK, OncePerNight, WerewolfRole
from ..state import WerewolfState
from ..terms import CAMP_WORD, CUPID, GOD, GOOD, LOVERS, WOLF, seats_text
from ..world import World


@BOOK.unit(
    "link", "连线", pm_only=True, aliases=("射箭", "丘比特之箭"), phases=(CUPID,), targets=2, target_rule=ALIVE,
    help="第一夜指定任意两名玩家（可以包括自己）成为恋人；不选则由机器人随机连线。",
)
class LINK(OncePerNight):
    def resolve(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        _link(ctx, state, seat, action.targets, chosen=True)

    # --- its step of the first night (order.NIGHT_ORDER) -----------------------------------------------------
    def wake(self, w: World) -> None:
        cupid = w.state.holder("丘比特")
        if cupid and not w.state.powerless(cupid):
            w.ctx.seat(
                cupid,
                "第1夜：请指定两名玩家成为恋人（可以包括你自己）：/技能 连线 <目标1> <目标2>。不选或超时则由机器人随机连线。",
            )

    def close(self, w: World) -> None:
        """Nobody named: the bot links two at random."""
        ctx, state = w.ctx, w.state
        cupid = state.holder("丘比特")
        if not cupid or state.lovers or cupid in state.removed or state.powerless(cupid):
            return
        living = state.living()
        if len(living) >= 2:
            _link(ctx, state, cupid, ctx.rng.sample(living, 2), chosen=False)

    def owes(self, state: WerewolfState) -> set[int]:
        cupid = state.holder("丘比特")
        return {cupid} - state.done if cupid and not state.lovers and not state.powerless(cupid) else set()


class Cupid(WerewolfRole):
    def tells(self, state: WerewolfState, seat: int) -> list[str]:
        return [f"你让 {seats_text(state.lovers)} 成为了恋人。"] if seat == state.cupid and state.lovers else []


CUPID_ROLE = BOOK.role(Cupid(
    "丘比特", GOOD, (LINK,), "第一夜指定两名玩家成为恋人；若恋人是一狼一好人，你和他们组成人狼恋阵营。", GOD,
))


def _link(ctx: Ctx, state: WerewolfState, cupid: int, pair, chosen: bool) -> None:
    state.lovers = sorted(pair)
    state.cupid = cupid
    state.done.add(cupid)
    a, b = state.lovers
    mixed = state.mixed_love
    how = "" if chosen else "（你没有选择，机器人随机连线）"
    ctx.judge(
        f"第1夜 {ctx.name(cupid)}（丘比特）让 {ctx.name(a)} 和 {ctx.name(b)} 成为恋人{how}"
        + ("，人狼恋" if mixed else "")
    )
    if mixed:
        side = (
            f"他们一狼一好人（人狼恋）：你和他们组成{LOVERS}，须消灭除你们三人外的所有玩家才能获胜；"
            "可以用 /私聊 <座位> <内容> 和他们私下交流。"
        )
    else:
        side = "你仍属于好人阵营。"
    ctx.seat(cupid, f"你让 {ctx.name(a)} 和 {ctx.name(b)} 成为了恋人{how}。{side}", "role")
    for s, mate in ((a, b), (b, a)):
        faction = BOOK.roles[state.role(mate)].faction
        lines = [f"丘比特让你和 {ctx.name(mate)} 成为了恋人，{ctx.name(mate)} 属于【{CAMP_WORD.get(faction, faction)}】。"]
        if mixed:
            lines.append(
                f"你们是人狼恋：你们和丘比特 {ctx.name(cupid)} 组成{LOVERS}，不再属于原来的阵营，"
                "须消灭除你们三人外的所有玩家才能获胜。"
            )
        else:
            lines.append("你们仍属于原来的阵营。")
        lines.append(
            "一人出局，另一人随之殉情；恋人之间不能互相投票或伤害。可以用 /私聊 <座位> <内容> 和恋人私下交流。"
        )
        facts = {"known": ((mate, state.kind(mate) == WOLF),)}
        ctx.seat(s, "".join(lines), "role", {**facts, "side": "other"} if mixed else facts)
