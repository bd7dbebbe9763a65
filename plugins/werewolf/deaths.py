"""Leaving the game, and what follows a departure (world.Deaths): the chain (殉情, and what a role sets off:
the 长老's curse), then the steps of order.AFTER_DEATH (移交警徽, 替罪羊指定, 遗言, 猎人开枪) queued and run one
phase at a time by `advance` (each step's unit `enter`s its phase, its `deadline` when the phase runs out),
which then resumes with `state.resume`.

002's death rules, each with the role it belongs to (roles/):
- 丘比特: "当两个相爱的人其中一个被票死、杀死、毒死或射死，另一个人则必须殉情。" (here: lovers are a fact of the table)
- 猎人: "当猎人被狼人杀掉或者被平民无辜票死后，他可以…发射一颗绝命子弹。当猎人被女巫毒死，或殉情而死时，不能开枪。"
- 长老: "如果长老是被平民误杀的，例如，投票处决、猎人的子弹、女巫的毒药，…所有平民(除狼之外的其他角色)都将
  失去他们的特殊能力。如果白痴的身份卡已经翻开，则他将离开游戏。"
- 警长: "如果警长死了，他临死前可以指定继任者，或撕毁警徽。"
- 自爆: "自爆后该名狼人离场，没有遗言"
"""

from __future__ import annotations

from .book import BOOK, Departure, Steps
from .options import PHASES
from .order import AFTER_DEATH, AFTER_RANK, MOMENTS
from .terms import BADGE, DAY, FATE, GRIEF, NO_WORDS, RED
from .verdict import outcome
from .world import World


class Deaths:
    def __init__(self, w: World):
        self.w = w

    # --- leaving ----------------------------------------------------------------------
    def leave(self, seat: int, cause: str, *, night: bool, fate: str = "") -> list[Departure]:
        return self.leave_all([Departure(seat, cause, fate)], night=night)

    def leave_all(self, first: list[Departure], *, night: bool) -> list[Departure]:
        """Take the seats out together and run the chain (殉情, then what each role sets off); returns every seat
        that left. Announcing is the caller's job (a dawn lists its dead together); `settle` then announces the
        chain, queues the steps and tells the hunter whether he may shoot."""
        ctx, state = self.w.ctx, self.w.state
        out: list[Departure] = []
        todo = list(first)  # all of `first` leave before any grief: a lover killed the same night is no griever
        when = f"第{state.day}夜" if night else f"第{state.day}天"
        while todo:
            dep = todo.pop(0)
            s = dep.seat
            if not state.alive[s]:
                continue
            state.alive[s] = False
            ctx.died(s)
            state.fates[s] = when + (dep.fate or FATE[dep.cause])
            out.append(dep)
            state.wolf_choice.pop(s, None)
            if state.badge.holder == s:
                if dep.cause == RED:
                    state.badge.tear()
                    ctx.group(f"警长 {ctx.name(s)} 被罚下，警徽流失。")
                    ctx.judge(f"{ctx.name(s)} 被罚下，警徽流失")
                else:
                    state.badge.vacate(BADGE, state.day)
            mate = state.lover_of(s)
            if mate and state.alive[mate]:
                todo.append(Departure(mate, GRIEF))
            for more in MOMENTS.run("chain", BOOK.units, self.w, dep):
                todo.extend(more)
        return out

    def settle(self, deps: list[Departure], *, night: bool, front: bool = False, chain: bool | None = None) -> None:
        """After the caller announced the first departure: announce the chain (by day, or when `chain`) and
        queue the after-death steps, in the order of order.AFTER_DEATH."""
        ctx, state = self.w.ctx, self.w.state
        if not deps:
            return
        if (not night) if chain is None else chain:
            for dep in deps[1:]:
                if dep.cause == GRIEF:
                    ctx.group(f"{ctx.name(dep.seat)} 殉情，随之离开了游戏。", data={"out": (dep.seat,)})
        for dep in deps:
            MOMENTS.run("announce", BOOK.units, self.w, dep, deps)
        steps: Steps = [("badge", (dep.seat,)) for dep in deps if state.badge.leaving == dep.seat]
        for dep in deps:
            for earned in MOMENTS.run("after", BOOK.units, self.w, dep, night):  # 替罪羊指定, 猎人开枪
                steps += earned
        speakers = tuple(d.seat for d in deps if d.cause not in NO_WORDS and (not night or state.day == 1))
        if speakers:
            steps.append(("words", speakers))
        steps.sort(key=lambda step: AFTER_RANK[step[0]])  # stable: within a step, the seats in leaving order
        if front:
            state.queue[0:0] = steps
        else:
            state.queue.extend(steps)

    # --- the queue --------------------------------------------------------------------------
    def advance(self) -> None:
        """Run the next queued step, or resume (`state.resume`: the day, the day's talk, or the night)."""
        state = self.w.state
        state.speakers = []
        state.shooter = 0
        state.goat = 0
        if outcome(state) is not None:
            return  # the engine ends the game after this input
        while state.queue:
            key, seats = state.queue.pop(0)
            if BOOK.units[key].enter(self.w, tuple(s for s in seats if s not in state.removed)):
                return
        if state.resume == DAY:
            self.w.day.start()
        elif state.resume == "talk":
            self.w.day.start_talk()
        else:
            self.w.night.start()

    def deadline(self) -> None:
        """The deadline of an after-death phase (遗言, 开枪, 移交警徽, 替罪羊)."""
        for step in AFTER_DEATH:
            if step.phase == self.w.state.phase and "deadline" in step.moments:
                BOOK.units[step.key].deadline(self.w)
        self.advance()

    # --- the judge's red card ----------------------------------------------------------------------
    def remove(self, seat: int, reason: str) -> None:
        """红牌: out at once, no 遗言, no skills (a dead hunter loses his shot, a dead sheriff his badge)."""
        ctx, state = self.w.ctx, self.w.state
        if seat in state.removed:
            return
        badge = state.badge.pending and state.badge.chooser == seat
        entitled = (
            seat in state.speakers
            or state.shooter == seat
            or state.goat == seat
            or badge
            or any(seat in s for _, s in state.queue)
        )
        if not state.alive[seat] and not entitled:
            return
        state.removed.append(seat)
        if seat in state.speakers:
            state.speakers.remove(seat)
        if state.shooter == seat:
            state.shooter = 0
        if state.goat == seat:
            state.goat = 0
        if badge:
            state.badge.tear()
            ctx.group(f"{ctx.name(seat)} 被罚下，警徽流失。")
        if not state.alive[seat]:
            ctx.group(f"{ctx.name(seat)} {reason}，不能再发表遗言或使用技能。")
            ctx.judge(f"{ctx.name(seat)}（{state.role(seat)}）{reason}，失去遗言和技能")
            return
        night = PHASES[state.phase].night
        state.box.votes.pop(seat, None)
        state.box.reasons.pop(seat, None)
        deps = self.leave(seat, RED, night=night)
        ctx.group(f"{ctx.name(seat)} {reason}，离开了游戏。", data={"out": (seat,)})
        ctx.judge(f"{ctx.name(seat)}（{state.role(seat)}）{reason}，离场")
        self.settle(deps, night=night, chain=True)
