"""猎人: 忠诚 (a valid infection takes him out instead) and 最后一枪 (after any exit but a red card).

最后一枪 has two time limits in the text: 30 minutes after 关门 when voted out (SHOT_AFTER_VOTE, usable during the
night phase), "立即" when out at night (SHOT, in the settle phase, which waits for him). Same skill, same key and
effect.
"""

from __future__ import annotations

from dataclasses import replace

from ...bansha.engine import ANY, Action, Ctx, Skill
from ..book import BOOK, VOID, WAIT, LudingRole, LudingSkill
from ..state import LudingState
from ..terms import BY_VOTE, HUNTER, HUNTER_TIMEOUT, LOYAL, NIGHT, RED, SETTLE, SHOT_BY_DAY, SHOT_BY_NIGHT, VILLAGE
from ..turn import Turn  # the procedures, put together for this input (turn.py imports no role)
from ..world import World


@BOOK.unit("loyalty", "忠诚", targets=0, mandatory=True,
           help="你即将被有效感染时，这次感染无效，你立即出局（之后仍可开枪）。")
class LOYALTY(LudingSkill):
    def infected(self, w: World, seat: int, head: str) -> str:
        """忠诚: the valid infection of the hunter is void, and he is out."""
        w.ctx.judge(head + "猎人<忠诚>，感染无效，猎人出局")
        w.ctx.seat(seat, "你即将被有效感染：<忠诚>，这次感染无效，你立即出局。")
        w.deaths.out(seat, LOYAL)
        return WAIT if w.state.shooter and w.state.result is None else VOID


@BOOK.unit("shot", "最后一枪", aliases=("开枪", "枪"), phases=(SETTLE,), target_rule=ANY, uses=1, when_dead=True,
           pm_only=True, help="并非因罚下而出局后，对一名其他角色开枪，他立即出局。")
class SHOT(LudingSkill):
    def blocked(self, state: LudingState, seat: int) -> str | None:
        who = state.shooter if state.phase == SETTLE else state.vote_shooter
        return None if who == seat else "你现在不能开枪。"

    def target(self, state: LudingState, seat: int, target: int) -> str | None:
        if target == seat:
            return "最后一枪只能对其他角色开。"
        if target in state.public_dead:
            return f"{target}号 已经出局，不能作为目标。"
        return None

    def out(self, w: World, seat: int, cause: str, by_day: bool) -> None:
        """He left: voted out, he shoots in the night phase; out at night, at once (the settle phase waits)."""
        ctx, state = w.ctx, w.state
        if cause == RED or not state.has(seat, self.key) or state.used(seat, self.key):
            return
        if cause == BY_VOTE:
            state.vote_shooter = seat
        elif state.charmed == seat:
            ctx.seat(seat, "你出局了；你今晚被魅惑，不能发动最后一枪。")
            ctx.judge(f"{ctx.name(seat)}（猎人）被魅惑，不能开枪")
        else:
            state.shooter = seat
            ctx.seat(seat, "你出局了。请立即决定<最后一枪>：/技能 最后一枪 <目标>，不开枪请 /放弃。")

    def resolve(self, ctx: Ctx, state: LudingState, seat: int, action: Action) -> None:
        w = Turn(ctx, state)
        target = action.targets[0]
        state.use(seat, self.key)
        if state.phase == NIGHT:
            # The shot that follows the vote: published at once (投票结束后…立即公示).
            state.vote_shooter = 0
            ctx.group(f"{ctx.name(seat)} 发动猎人的<最后一枪>，{ctx.name(target)} 出局。", "reveal", {"out": (target,)})
            ctx.judge(f"第{state.day}天 {ctx.name(seat)}（猎人）最后一枪带走 {ctx.name(target)}（{state.role(target)}）")
            ctx.reply(f"你对 {ctx.name(target)} 开了枪。")
            state.voted_out.append(target)
            w.deaths.out(target, SHOT_BY_DAY)
            return
        # Out tonight: the shot lands at once, inside the resolution, then it carries on.
        state.shooter = 0
        ctx.reply(f"你对 {ctx.name(target)} 开了枪。")
        if not state.alive[target]:
            ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（猎人）最后一枪指向 {ctx.name(target)}，他已出局，落空")
        elif target == state.shielded:
            ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（猎人）最后一枪指向 {ctx.name(target)}，神圣之盾使其无效")
        else:
            ctx.judge(f"第{state.day}夜 {ctx.name(seat)}（猎人）最后一枪带走 {ctx.name(target)}（{state.role(target)}）")
            w.deaths.out(target, SHOT_BY_NIGHT)
        w.night.resolve()


SHOT_AFTER_VOTE = replace(SHOT, phases=(NIGHT,), timeout=HUNTER_TIMEOUT)


class Hunter(LudingRole):
    def skills_now(self, state: LudingState, seat: int) -> tuple[Skill, ...]:
        shot = SHOT if state.phase == SETTLE else SHOT_AFTER_VOTE
        return tuple(shot if s.key == SHOT.key else s for s in self.skills)

    def tells(self, state: LudingState, seat: int) -> list[str]:
        return ["你现在可以开枪：/技能 最后一枪 <目标>。"] if seat in (state.vote_shooter, state.shooter) else []


HUNTER_ROLE = BOOK.role(Hunter(
    HUNTER, VILLAGE, (LOYALTY, SHOT), "被有效感染时直接出局；并非因罚下而出局后可以开枪带走一人。",
))
