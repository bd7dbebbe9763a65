"""The day: the sheriff election (day 1), talk and vote, ties (替罪羊, 警长决断, PK), exile and 自爆."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..bansha.engine import ABSTAIN, FORUM, PERMANENT, Action, Ctx, Status
from ..bansha.engine.mech_sheriff import Election
from . import sheriff
from .deaths import EXPLODE, KING, TIE, VOTE, Departure
from .roles import DAY, ELECT, ELECT_VOTE, NIGHT, PK
from .roles import TIE as TIE_PHASE
from .state import REVEALED

if TYPE_CHECKING:
    from .state import WerewolfState


def _seats(seats) -> str:
    return "、".join(f"{s}号" for s in seats) or "无"


def _num(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:g}"


class DayMixin:
    """Day phases; mixed into WerewolfRuleset."""

    # --- the sheriff election (002: "警长将在第一个白天被全体玩家投票选出") ----------------------
    @staticmethod
    def _election_due(state: WerewolfState) -> bool:
        return state.sheriff_on and not state.elect_done and (state.day == 1 or state.elect_postponed)

    def _start_day(self, ctx: Ctx, state: WerewolfState) -> None:
        if self._election_due(state):
            self._start_election(ctx, state)
        else:
            self._start_talk(ctx, state)

    def _start_election(self, ctx: Ctx, state: WerewolfState) -> None:
        state.election = Election()
        state.stood = []
        state.elect_round = 1
        state.box.clear()
        state.candidates = []
        ctx.enter(state, ELECT)
        who = "所有存活玩家都可以投票" if state.sheriff_voters == sheriff.ALL else "只有没上警的玩家可以投票"
        ctx.group(
            f"第{state.day}天：警长竞选。想当警长的玩家请在群里发送 /上警（不上警可以私聊 /放弃），上警后可以 /退水。"
            f"随后投票选警长（{who}）。警长的票在放逐投票中算 {_num(state.sheriff_weight)} 票，平票时由警长决定放逐谁"
            "（也可以不选），每天最后一个发言，出局时移交或撕毁警徽。"
        )

    def do_stand(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        state.election.stand(seat)
        state.stood.append(seat)
        state.done.add(seat)
        ctx.group(f"{ctx.name(seat)} 上警。")
        ctx.judge(f"第{state.day}天 {ctx.name(seat)} 上警")

    def do_withdraw(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        state.election.withdraw(seat)
        voided = " 投给他的票作废，可以重新投票。" if state.phase == ELECT_VOTE else ""
        ctx.group(f"{ctx.name(seat)} 退水。{voided}")
        ctx.judge(f"第{state.day}天 {ctx.name(seat)} 退水")

    def _elect_eligible(self, state: WerewolfState, voter: int) -> bool:
        return sheriff.may_vote(state.sheriff_voters, state.stood, voter)

    def _close_elect(self, ctx: Ctx, state: WerewolfState) -> None:
        el = state.election
        el.open = False
        cands = [c for c in el.candidates if state.alive[c]]
        if not cands:
            self._end_election(ctx, state, 0, "没有人上警，本局没有警长。")
        elif len(cands) == 1:
            self._end_election(ctx, state, cands[0], f"只有 {ctx.name(cands[0])} 上警，直接当选警长。")
        else:
            ctx.enter(state, ELECT_VOTE)
            voters = [s for s in state.living() if self._elect_eligible(state, s)]
            ctx.group(
                f"警长候选人：{_seats(cands)}。请 {_seats(voters)} 投票：/投票 <候选人或弃权> [理由]。"
                "候选人可以 /退水；得票最多者当选，平票则在平票者之间再投一次，再平票警徽流失。"
            )

    def _close_elect_vote(self, ctx: Ctx, state: WerewolfState) -> None:
        el = state.election
        cands = [c for c in el.candidates if state.alive[c]]
        if not cands:
            self._end_election(ctx, state, 0, "候选人都已退水或出局，本局没有警长。")
            return
        if len(cands) == 1:
            self._end_election(ctx, state, cands[0], f"{ctx.name(cands[0])} 是仅剩的候选人，当选警长。")
            return
        elected, counts, leaders = sheriff.count(el, lambda s: state.alive[s], lambda s: self._elect_eligible(state, s))
        ballots = {v: t for v, t in el.box.votes.items()
                   if state.alive[v] and self._elect_eligible(state, v) and (t == ABSTAIN or t in cands)}
        ctx.tally(counts, leaders, ballots)
        if elected:
            self._end_election(ctx, state, elected, f"{ctx.name(elected)} 当选警长！")
        elif len(leaders) > 1 and state.elect_round == 1:
            el.candidates = list(leaders)
            el.box.clear()
            state.elect_round = 2
            ctx.enter(state, ELECT_VOTE)
            ctx.group(f"{_seats(leaders)} 平票：在他们之间再投一次（/投票 <候选人或弃权>），再次平票则警徽流失。")
            ctx.judge(f"第{state.day}天 警长竞选平票，第二轮：{_seats(leaders)}")
        else:
            why = "再次平票" if leaders else "没有人得票"
            self._end_election(ctx, state, 0, f"警长竞选{why}，警徽流失，本局没有警长。")

    def _end_election(self, ctx: Ctx, state: WerewolfState, elected: int, text: str) -> None:
        state.elect_done = True
        state.election = None
        if elected:
            state.badge.elect(elected)
            text += (
                f"警长的票在放逐投票中算 {_num(state.sheriff_weight)} 票，平票时由警长决定放逐谁，"
                "警长每天最后一个发言。"
            )
        ctx.group(text)
        ctx.judge(f"第{state.day}天 " + (f"{ctx.name(elected)} 当选警长" if elected else "没有警长"))
        state.resume = "talk"
        self._advance(ctx, state)

    def _election_exploded(self, ctx: Ctx, state: WerewolfState) -> None:
        """A wolf self-destructed during the election (option 竞选自爆)."""
        state.election = None
        if state.explode_rule == "顺延" and not state.elect_postponed:
            state.elect_postponed = True
            ctx.group("警长竞选顺延到下一个白天。")
        else:
            state.elect_done = True
            ctx.group("警长竞选中断，警徽流失，本局没有警长。")

    # --- talk and the exile vote ------------------------------------------------------------
    def _start_talk(self, ctx: Ctx, state: WerewolfState) -> None:
        state.box.clear()
        state.candidates = []
        state.tie_declined = False
        ctx.enter(state, DAY)
        changes = ctx.rule("改票次数")
        change = "/改票 可以改票" if changes is None or changes < 0 else f"/改票 可改 {changes} 次"
        early = "" if ctx.options.get("节奏") == FORUM else "所有人投完票后提前结束；"
        rules = []
        if state.has_card("替罪羊"):
            rules.append("替罪羊在场则由替罪羊出局")
        if state.sheriff_on:
            rules.append(("否则" if rules else "有警长时") + "由警长决定放逐谁（也可以不选）")
        rules.append(("否则" if rules else "") + ("进入 PK" if state.pk else "无人出局"))
        tie = ("平票时" if len(rules) > 1 else "平票") + "，".join(rules) + "。"
        lines = [
            f"第{state.day}天：请发言并投票放逐一人：/投票 <目标或弃权> [理由]（{change}）。{early}得票最多者被放逐，{tie}"
        ]
        ctx.group(lines[0])
        # separate messages: the rules line names roles, these name seats
        if state.sheriff and state.alive[state.sheriff]:
            order = sheriff.speaking_order(state.sheriff, state.living(), state.n)
            ctx.group(
                f"发言顺序：{'→'.join(f'{s}号' for s in order)}（警长 {ctx.name(state.sheriff)} 最后发言，"
                f"他的票算 {_num(state.sheriff_weight)} 票）。"
            )
        if state.goat_day == state.day:
            voters = [s for s in state.goat_voters if state.alive[s]]
            ctx.group(f"今天只有 {_seats(voters)} 可以投票（前一天出局时的安排）。")

    def do_vote(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        # the platform's vote: public announcement, 改票 and 代投 rules per tempo, the log line
        if state.phase == ELECT_VOTE:
            ctx.vote(state.election.box, seat, action, label="警长投票")
            return
        ctx.vote(state.box, seat, action, label="PK投票" if state.phase == PK else "投票")

    def _count(self, ctx: Ctx, state: WerewolfState) -> list[int]:
        """Announce the tally of valid ballots and return the seats with the most votes.

        A ballot counts if its voter may still vote and its target is still in the game (a red card in
        between voids both ways); the sheriff's ballot weighs `state.sheriff_weight`."""
        weights = sheriff.weights(state.sheriff, state.sheriff_weight)
        counts: dict[int, float] = {}
        ballots: dict[int, int] = {}
        for voter, target in state.box.votes.items():
            if state.can_vote(voter) and (target == ABSTAIN or state.alive[target]):
                counts[target] = counts.get(target, 0.0) + weights.get(voter, 1.0)
                ballots[voter] = target
        seats = {t: c for t, c in counts.items() if t != ABSTAIN}
        best = max(seats.values(), default=0.0)
        leaders = sorted(t for t, c in seats.items() if c == best)
        ctx.tally(counts, leaders, ballots)
        idle = [s for s in state.living() if state.can_vote(s) and s not in state.box.votes]
        ctx.judge(f"第{state.day}天 计票：最高票 {_seats(leaders)}；未投票 {_seats(idle)}")
        return leaders

    def _close_vote(self, ctx: Ctx, state: WerewolfState) -> None:
        origin = state.phase
        leaders = self._count(ctx, state)
        state.resume = NIGHT
        if len(leaders) == 1:
            self._exile(ctx, state, leaders[0])
        elif leaders:
            self._tie(ctx, state, leaders, origin)
        else:
            ctx.group("今天无人被放逐。")
            ctx.judge(f"第{state.day}天 无人被放逐")
            state.candidates = []
            self._advance(ctx, state)

    def _tie(self, ctx: Ctx, state: WerewolfState, leaders: list[int], origin: str) -> None:
        """A tie: 替罪羊 first ("当出现平票时，替罪羊死"), else the sheriff ("在平票时他可以决定选哪一个，也可以
        不选择"), else the PK option, else nobody."""
        goat = state.holder("替罪羊")
        if goat:
            state.candidates = []
            ctx.group(f"{_seats(leaders)} 平票：替罪羊 {ctx.name(goat)} 出局。", "reveal", {"out": (goat,)})
            ctx.judge(f"第{state.day}天 {_seats(leaders)} 平票，替罪羊 {ctx.name(goat)} 出局")
            deps = self._leave(ctx, state, goat, TIE, night=False)
            self._settle_departures(ctx, state, deps, night=False)
            self._advance(ctx, state)
            return
        chief = state.sheriff
        if chief and state.alive[chief] and not state.tie_declined:
            state.candidates = list(leaders)
            state.tie_from = origin
            ctx.enter(state, TIE_PHASE)
            ctx.group(f"{_seats(leaders)} 平票：由警长 {ctx.name(chief)} 决定放逐其中一人（也可以不选）。")
            ctx.seat(chief, f"平票：/技能 决断 <目标> 从 {_seats(leaders)} 中放逐一人；不选请 /放弃。")
            return
        if state.pk and origin != PK:
            state.candidates = list(leaders)
            state.box.clear()
            ctx.enter(state, PK)
            ctx.group(
                f"{_seats(leaders)} 平票，进入 PK：除他们以外的存活玩家在其中再投一次（/投票 <目标或弃权>），再次平票则无人出局。"
            )
            ctx.judge(f"第{state.day}天 平票，PK：{_seats(leaders)}")
            return
        ctx.group(f"{_seats(leaders)} 平票，今天无人被放逐。")
        ctx.judge(f"第{state.day}天 无人被放逐")
        state.candidates = []
        self._advance(ctx, state)

    def do_decide(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        target = action.targets[0]
        state.done.add(seat)
        ctx.group(f"警长 {ctx.name(seat)} 决定放逐 {ctx.name(target)}。")
        ctx.judge(f"第{state.day}天 警长 {ctx.name(seat)} 在平票中决定放逐 {ctx.name(target)}")
        self._exile(ctx, state, target)

    def _close_tie(self, ctx: Ctx, state: WerewolfState) -> None:
        state.tie_declined = True
        ctx.group(f"警长 {ctx.name(state.sheriff)} 没有作出选择。" if state.sheriff else "警长没有作出选择。")
        self._tie(ctx, state, list(state.candidates), state.tie_from)

    def _exile(self, ctx: Ctx, state: WerewolfState, seat: int) -> None:
        state.candidates = []
        if state.role(seat) == "白痴" and not state.revealed(seat) and not state.powerless(seat):
            state.statuses.add(Status(REVEALED, seat, PERMANENT, public=True))
            ctx.group(
                f"{ctx.name(seat)} 被投票放逐，翻牌亮出身份：白痴！免于出局。此后他不能投票，但仍可以发言。", "reveal"
            )
            ctx.judge(f"第{state.day}天 {ctx.name(seat)}（白痴）被放逐，翻牌免死")
            if state.sheriff == seat:  # a seat that may not vote cannot carry the sheriff's vote
                state.badge.tear()
                ctx.group(f"白痴翻牌后不能投票，{ctx.name(seat)} 的警徽随之撕毁，本局从此没有警长。")
        else:
            deps = self._leave(ctx, state, seat, VOTE, night=False)
            ctx.group(f"{ctx.name(seat)} 被投票放逐。", data={"out": (seat,)})
            ctx.judge(f"第{state.day}天 {ctx.name(seat)}（{state.role(seat)}）被投票放逐")
            self._settle_departures(ctx, state, deps, night=False)
        self._advance(ctx, state)

    # --- 自爆 ----------------------------------------------------------------------------------
    def do_explode(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        self._explode(ctx, state, seat, 0)

    def do_king_explode(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        self._explode(ctx, state, seat, action.targets[0] if action.targets else 0)

    def _explode(self, ctx: Ctx, state: WerewolfState, seat: int, target: int) -> None:
        """002: "自爆后该名狼人离场，没有遗言，其他玩家立即结束发言，游戏跳过投票阶段，直接进入黑夜。"
        白狼王: "可以在白天自爆，带走一个平民或神民"."""
        phase = state.phase
        if target:
            ctx.group(
                f"白狼王 {ctx.name(seat)} 自爆，带走了 {ctx.name(target)}！今天的发言和投票立即结束，直接进入黑夜。",
                "reveal",
                {"out": (seat, target), "known": ((seat, True),)},
            )
            ctx.judge(f"第{state.day}天 {ctx.name(seat)}（白狼王）自爆，带走 {ctx.name(target)}")
        else:
            ctx.group(f"{ctx.name(seat)} 自爆！今天的发言和投票立即结束，直接进入黑夜。", "reveal",
                      {"out": (seat,), "known": ((seat, True),)})
            ctx.judge(f"第{state.day}天 {ctx.name(seat)}（{state.role(seat)}）自爆")
        first = [Departure(seat, EXPLODE)] + ([Departure(target, KING)] if target else [])
        deps = self._leave_all(ctx, state, first, night=False)
        if phase in (ELECT, ELECT_VOTE):
            self._election_exploded(ctx, state)
        state.box.clear()
        state.candidates = []
        self._settle_departures(ctx, state, deps, night=False)
        state.resume = NIGHT
        self._advance(ctx, state)
