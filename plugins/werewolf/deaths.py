"""Leaving the game, and what follows a departure: the chain (殉情, the 长老's curse, the badge)
and the queued steps (移交警徽, 替罪羊指定, 遗言, 猎人开枪) run one phase at a time by `_advance`.

002's death rules in one place:
- 丘比特: "当两个相爱的人其中一个被票死、杀死、毒死或射死，另一个人则必须殉情。"
- 猎人: "当猎人被狼人杀掉或者被平民无辜票死后，他可以…发射一颗绝命子弹。当猎人被女巫毒死，或殉情而死时，不能开枪。"
- 长老: "如果长老是被平民误杀的，例如，投票处决、猎人的子弹、女巫的毒药，…所有平民(除狼之外的其他角色)都将
  失去他们的特殊能力。如果白痴的身份卡已经翻开，则他将离开游戏。"
- 警长: "如果警长死了，他临死前可以指定继任者，或撕毁警徽。"
- 自爆: "自爆后该名狼人离场，没有遗言"
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..bansha.engine import Ctx, Refusal
from .roles import BADGE, DAY, GOAT, HUNTER, LAST_WORDS, NIGHT

if TYPE_CHECKING:
    from .state import WerewolfState

# causes of leaving the game
WOLF_KILL = "wolf"
POISON = "poison"
VOTE = "vote"
SHOT = "shot"
EXPLODE = "explode"
KING = "king"  # taken by the 白狼王's self-destruction
GRIEF = "grief"
RED = "red"
CURSE = "curse"  # a revealed 白痴 leaves when the 长老 is killed by the village
TIE = "tie"  # the 替罪羊 dies when the vote ties

FATE = {
    WOLF_KILL: "被狼人杀害",
    POISON: "被女巫毒死",
    VOTE: "被投票放逐",
    SHOT: "被猎人枪杀",
    EXPLODE: "自爆",
    KING: "被白狼王带走",
    GRIEF: "殉情",
    RED: "被法官罚下",
    CURSE: "因长老被误杀而离场",
    TIE: "因平票作为替罪羊被处决",
}
VILLAGE_KILLS = frozenset({VOTE, SHOT, POISON})  # 002: 投票处决、猎人的子弹、女巫的毒药
HUNTER_MAY_SHOOT = frozenset({WOLF_KILL, KING, VOTE})  # 被狼人杀掉或者被平民无辜票死
NO_WORDS = frozenset({EXPLODE, RED, CURSE})


@dataclass(frozen=True)
class Departure:
    seat: int
    cause: str
    fate: str = ""  # overrides FATE[cause] (a night death with several causes)


def _seats(seats) -> str:
    return "、".join(f"{s}号" for s in seats) or "无"


class DeathMixin:
    """Departures and the queue of after-death steps; mixed into WerewolfRuleset."""

    # --- leaving ----------------------------------------------------------------------
    def _leave(
        self, ctx: Ctx, state: WerewolfState, seat: int, cause: str, *, night: bool, fate: str = ""
    ) -> list[Departure]:
        return self._leave_all(ctx, state, [Departure(seat, cause, fate)], night=night)

    def _leave_all(self, ctx: Ctx, state: WerewolfState, first: list[Departure], *, night: bool) -> list[Departure]:
        """Take the seats out together and run the chain (殉情, the 长老's curse); returns every seat that left.

        Announcing is the caller's job (a dawn lists its dead together); `_settle_departures` then announces
        the chain, queues the steps and tells the hunter whether he may shoot."""
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
            if state.role(s) == "长老" and dep.cause in VILLAGE_KILLS and not state.cursed:
                state.cursed = True
                for idiot in state.holders("白痴"):
                    if state.alive[idiot] and state.revealed(idiot):
                        todo.append(Departure(idiot, CURSE))
        return out

    def _settle_departures(
        self,
        ctx: Ctx,
        state: WerewolfState,
        deps: list[Departure],
        *,
        night: bool,
        front: bool = False,
        chain: bool | None = None,
    ) -> None:
        """After the caller announced the first departure: announce the chain (by day, or when `chain`) and
        queue the after-death steps."""
        if not deps:
            return
        if (not night) if chain is None else chain:
            for dep in deps[1:]:
                if dep.cause == GRIEF:
                    ctx.group(f"{ctx.name(dep.seat)} 殉情，随之离开了游戏。", data={"out": (dep.seat,)})
        elder = next((d.seat for d in deps if state.role(d.seat) == "长老" and d.cause in VILLAGE_KILLS), 0)
        if elder and state.cursed:
            who = "除狼人外的所有角色" if state.curse_scope == "除狼人外" else "好人阵营的所有角色"
            text = f"{ctx.name(elder)} 是长老，被好人误杀：{who}失去了特殊能力。"
            gone = [d.seat for d in deps if d.cause == CURSE]
            if gone:
                text += f"已翻牌的白痴 {'、'.join(ctx.name(s) for s in gone)} 离开了游戏。"
            ctx.group(text, "reveal", {"out": tuple(gone)})
            ctx.judge(f"{ctx.name(elder)}（长老）被好人误杀：{who}失去特殊能力")
        steps: list[tuple[str, tuple[int, ...]]] = []
        for dep in deps:
            if state.badge.leaving == dep.seat:
                steps.append(("badge", (dep.seat,)))
        for dep in deps:
            if dep.cause == TIE and state.role(dep.seat) == "替罪羊" and not state.powerless(dep.seat):
                steps.append(("goat", (dep.seat,)))
        speakers = tuple(d.seat for d in deps if d.cause not in NO_WORDS and (not night or state.day == 1))
        if speakers:
            steps.append(("words", speakers))
        for dep in deps:
            if state.role(dep.seat) != "猎人" or state.used(dep.seat, "shoot"):
                continue
            if dep.cause in HUNTER_MAY_SHOOT:
                steps.append(("shot", (dep.seat,)))
            elif dep.cause == POISON:
                ctx.seat(dep.seat, "你被女巫毒死，不能开枪。")
            elif dep.cause == GRIEF:
                ctx.seat(dep.seat, "你殉情而死，不能开枪。")
        if front:
            state.queue[0:0] = steps
        else:
            state.queue.extend(steps)

    # --- the queue --------------------------------------------------------------------------
    def _advance(self, ctx: Ctx, state: WerewolfState) -> None:
        """Run the next queued step, or resume (`state.resume`: the day, the day's talk, or the night)."""
        state.speakers = []
        state.shooter = 0
        state.goat = 0
        if self.outcome(state) is not None:
            return  # the engine ends the game after this input
        while state.queue:
            kind, seats = state.queue.pop(0)
            seats = tuple(s for s in seats if s not in state.removed)
            if not seats:
                if kind == "badge" and state.badge.pending:
                    self._tear(ctx, state, auto=True)
                continue
            if kind == "badge":
                if not state.badge.pending:
                    continue
                ctx.enter(state, BADGE)
                ctx.group(
                    f"警长 {ctx.name(seats[0])} 出局：请他移交警徽（/技能 移交 <目标>）或撕毁警徽（/技能 撕警徽）。"
                )
                ctx.seat(
                    seats[0],
                    "你是出局的警长：/技能 移交 <目标> 把警徽交给一名存活玩家，或 /技能 撕警徽。超时视为撕毁。",
                )
                return
            if kind == "goat":
                state.goat = seats[0]
                ctx.enter(state, GOAT)
                ctx.group(f"{ctx.name(seats[0])} 正在指定下一个白天可以投票的玩家。")
                ctx.seat(
                    seats[0],
                    "你因平票作为替罪羊出局。请指定下一个白天可以投票的玩家：/技能 指定 <目标1> [目标2 …]；"
                    "/放弃 则所有人照常投票。",
                )
                return
            if kind == "words":
                state.speakers = list(seats)
                ctx.enter(state, LAST_WORDS)
                ctx.group(
                    f"请 {'、'.join(ctx.name(s) for s in seats)} 发表遗言：私聊机器人 /遗言 <内容>（不说请 /放弃）。"
                )
                return
            if kind == "shot":
                hunter = seats[0]
                if state.powerless(hunter):
                    ctx.seat(hunter, "长老被好人误杀，你已失去开枪的能力。")
                    continue
                state.shooter = hunter
                ctx.enter(state, HUNTER)
                ctx.seat(hunter, "你可以开枪带走一名存活玩家：/技能 开枪 <目标>；不开枪请 /放弃。")
                return
        if state.resume == DAY:
            self._start_day(ctx, state)
        elif state.resume == "talk":
            self._start_talk(ctx, state)
        else:
            self._start_night(ctx, state)

    def last_words(self, ctx: Ctx, state: WerewolfState, seat: int, text: str) -> None:
        if state.phase != LAST_WORDS or seat not in state.speakers:
            raise Refusal("现在不是你发表遗言的时间。")
        if seat in state.done:
            raise Refusal("你已经发表过遗言了。")
        state.done.add(seat)
        ctx.group(f"【遗言】{ctx.name(seat)}：{text}", "chat")
        ctx.reply("遗言已发布。")
        ctx.judge(f"第{state.day}天 {ctx.name(seat)} 的遗言：{text}")

    # --- the hunter's shot ---------------------------------------------------------------------
    def do_shoot(self, ctx: Ctx, state: WerewolfState, seat: int, action) -> None:
        target = action.targets[0]
        state.use(seat, "shoot")
        state.done.add(seat)
        ctx.judge(f"第{state.day}天 {ctx.name(seat)}（猎人）开枪带走 {ctx.name(target)}")
        deps = self._leave(ctx, state, target, SHOT, night=False)
        ctx.group(f"{ctx.name(seat)} 发动猎人技能，开枪带走了 {ctx.name(target)}。", "reveal", {"out": (target,)})
        self._settle_departures(ctx, state, deps, night=False, front=True)

    # --- the badge ---------------------------------------------------------------------------------
    def do_handover(self, ctx: Ctx, state: WerewolfState, seat: int, action) -> None:
        target = action.targets[0]
        state.badge.hand_to(target)
        state.done.add(seat)
        ctx.group(f"{ctx.name(seat)} 将警徽移交给 {ctx.name(target)}，{ctx.name(target)} 成为新的警长。", "reveal")
        ctx.judge(f"第{state.day}天 {ctx.name(seat)} 将警徽移交给 {ctx.name(target)}")

    def do_tear(self, ctx: Ctx, state: WerewolfState, seat: int, action) -> None:
        state.done.add(seat)
        self._tear(ctx, state, auto=False)

    def _tear(self, ctx: Ctx, state: WerewolfState, *, auto: bool) -> None:
        seat = state.badge.leaving
        state.badge.tear()
        why = "没有移交，警徽被撕毁" if auto else "撕毁了警徽"
        ctx.group(f"{ctx.name(seat)} {why}：本局从此没有警长。")
        ctx.judge(f"第{state.day}天 {ctx.name(seat)} {why}")

    # --- the scapegoat's choice ------------------------------------------------------------------
    def do_designate(self, ctx: Ctx, state: WerewolfState, seat: int, action) -> None:
        voters = sorted(action.targets)
        state.goat_voters = voters
        state.goat_day = state.day + 1
        state.done.add(seat)
        ctx.group(
            f"替罪羊 {ctx.name(seat)} 指定：下一个白天只有 {_seats(voters)} 可以投票，其余玩家不能投票。", "reveal"
        )
        ctx.judge(f"第{state.day}天 {ctx.name(seat)}（替罪羊）指定下一个白天的投票者：{_seats(voters)}")

    # --- the judge's red card ----------------------------------------------------------------------
    def remove(self, ctx: Ctx, state: WerewolfState, seat: int, reason: str) -> None:
        """红牌: out at once, no 遗言, no skills (a dead hunter loses his shot, a dead sheriff his badge)."""
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
        night = self.phases[state.phase].night
        state.box.votes.pop(seat, None)
        state.box.reasons.pop(seat, None)
        deps = self._leave(ctx, state, seat, RED, night=night)
        ctx.group(f"{ctx.name(seat)} {reason}，离开了游戏。", data={"out": (seat,)})
        ctx.judge(f"{ctx.name(seat)}（{state.role(seat)}）{reason}，离场")
        self._settle_departures(ctx, state, deps, night=night, chain=True)

    def _close_after_death_phase(self, ctx: Ctx, state: WerewolfState) -> None:
        """The deadline of a 遗言, 开枪, 移交警徽 or 替罪羊 phase."""
        if state.phase == BADGE and state.badge.pending:
            self._tear(ctx, state, auto=True)
        if state.phase == GOAT and state.goat and state.goat not in state.done:
            ctx.group(f"替罪羊 {ctx.name(state.goat)} 没有指定：下一个白天所有人照常投票。")
        self._advance(ctx, state)


__all__ = ["DeathMixin", "Departure", "NIGHT"]
