"""出局 in 鹿鼎记, and the 胜负判定 that follows every change (world.Deaths).

A character leaves (`out`): its fate is recorded (published at once by day, at dawn by night), its role
answers (its units under order.MOMENTS["out"]: the 长老's 长寿之命, the 幼狼's 激励, the 猎人's 最后一枪), then the camps are judged —
003 胜负判定: losses first (优先判负), then wins; a decided winner stops all resolution at once.
"""

from __future__ import annotations

from ..bansha.engine import Outcome
from .book import answer
from .terms import CAMPS, DAY, DAY_CAUSES, FATE, FOX, FOXROLE, RED, SETTLE, SHOT_BY_DAY
from .world import World


class Deaths:
    def __init__(self, w: World):
        self.w = w

    def out(self, seat: int, cause: str) -> None:
        """One character leaves; apply what the text ties to leaving, then judge the camps."""
        ctx, state = self.w.ctx, self.w.state
        if not state.alive[seat]:
            return
        state.alive[seat] = False
        by_day = cause in DAY_CAUSES or (cause == RED and state.phase == DAY)
        when = f"第{state.day}天" if by_day else f"第{state.day}夜"
        state.fates[seat] = when + FATE[cause]
        if by_day or cause == RED:
            state.public_dead.append(seat)
            state.public_fates[seat] = when + (FATE[cause] if cause != SHOT_BY_DAY else "被最后一枪带走")
            if by_day:
                ctx.died(seat)
        else:
            state.night_out.append(seat)
        answer("out", self.w, seat, cause, by_day)
        self.judge()

    def remove(self, seat: int, reason: str) -> None:
        """红牌罚下: out at once, no 遗言, no skills, no 激励 and no 最后一枪 (also for a seat already out)."""
        ctx, state = self.w.ctx, self.w.state
        if state.result is not None or seat in state.removed:
            return
        state.removed.append(seat)
        if seat == state.vote_shooter:
            state.vote_shooter = 0
        if not state.alive[seat]:
            if seat == state.shooter:
                state.shooter = 0
                if state.phase == SETTLE:
                    self.w.night.resolve()
            ctx.group(f"{ctx.name(seat)} {reason}，失去遗言和技能。")
            return
        ctx.group(f"{ctx.name(seat)} {reason}，离开了游戏。", "out", {"out": (seat,)})
        ctx.judge(f"{ctx.name(seat)}（{state.role(seat)}）{reason}")
        self.out(seat, RED)

    def forfeit(self, faction: str) -> None:
        """红牌判负 (when the option is on): the camp is lost, unannounced; its members play on."""
        ctx, state = self.w.ctx, self.w.state
        if faction in state.lost or state.result is not None:
            return
        state.lost.append(faction)
        state.forfeited.append(faction)
        ctx.judge(f"{faction}因红牌判负，不公示")
        self.judge()

    def judge(self) -> bool:
        """Losses first (优先判负), then wins; fix the one winner. True once the game is decided."""
        ctx, state = self.w.ctx, self.w.state
        if state.result is not None:
            return True
        living = state.living()
        for camp in CAMPS:
            if camp in state.lost:
                continue
            if camp == FOX:
                why = "妖狐出局" if not state.alive[state.holder(FOXROLE)] else ""
            else:
                why = f"{camp}的角色全部出局" if not any(state.camps[s] == camp for s in living) else ""
            if why:
                state.lost.append(camp)
                ctx.judge(f"{camp}判负（{why}），不公示")
        standing = [c for c in CAMPS if c not in state.lost]
        winner, why = "", ""
        for camp in standing:
            if camp == FOX:
                if len(standing) == 2:
                    other = next(c for c in standing if c != FOX)
                    winner, why = FOX, f"场上只剩下妖狐阵营和{other}尚未判负"
            elif all(state.camps[s] == camp for s in living):
                winner, why = camp, f"除{camp}外的角色全部出局"
            if winner:
                break
        if not winner and len(standing) == 1:
            winner, why = standing[0], f"场上仅有{standing[0]}尚未被判负"
        if not winner and not standing:
            # Unreachable when judging after every single change (each one empties at most
            # one camp); kept so that a game always ends with exactly one winner.
            winner, why = state.lost[-1], "所有阵营同时判负，按最后判负的阵营计"
        if not winner:
            return False
        fox = state.holder(FOXROLE)
        if winner != FOX and FOX not in state.lost and state.alive[fox]:
            why = f"{winner}获胜时妖狐未出局（{why}），妖狐代替该阵营胜利"
            winner = FOX
        seats = tuple(s for s in range(1, state.n + 1) if state.camps[s] == winner)
        state.result = Outcome(winner, seats, f"游戏结束：{winner}获胜！{why}。")
        ctx.judge(f"胜负判定：{winner}获胜（{why}）")
        self.w.day.publish_words(final=True)
        return True
