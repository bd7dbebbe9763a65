"""The day (world.Day): the sheriff election (day 1), talk and vote, ties (the roles that settle one, 警长决断,
PK), exile (a role may stay: the 白痴 flips) and 自爆."""

from __future__ import annotations

from ..bansha.engine import ABSTAIN, FORUM
from ..bansha.engine.core.phases import format_duration
from ..bansha.engine.mechanics.sheriff import Election
from . import judged, sheriff
from .book import BOOK, Departure
from .order import MOMENTS
from .terms import DAY, ELECT, ELECT_VOTE, EXPLODE, KING, NIGHT, PK, TIE, VOTE, num, seats_text
from .world import World


class Day:
    def __init__(self, w: World):
        self.w = w

    # --- the sheriff election (002: "警长将在第一个白天被全体玩家投票选出") ----------------------
    def election_due(self) -> bool:
        state = self.w.state
        return state.sheriff_on and not state.elect_done and (state.day == 1 or state.elect_postponed)

    def start(self) -> None:
        if self.election_due():
            self.start_election()
        else:
            self.start_talk()

    def start_election(self) -> None:
        ctx, state = self.w.ctx, self.w.state
        state.election = Election()
        state.stood = []
        state.elect_round = 1
        state.box.clear()
        state.candidates = []
        ctx.enter(state, ELECT)
        who = "所有存活玩家都可以投票" if state.sheriff_voters == sheriff.ALL else "只有没上警的玩家可以投票"
        ctx.group(
            f"第{state.day}天：警长竞选。想当警长的玩家请在群里发送 /上警（不上警可以私聊 /放弃），上警后可以 /退水。"
            f"随后投票选警长（{who}）。警长的票在放逐投票中算 {num(state.sheriff_weight)} 票，平票时由警长决定放逐谁"
            "（也可以不选），每天最后一个发言，出局时移交或撕毁警徽。"
        )

    def elect_eligible(self, voter: int) -> bool:
        return sheriff.may_vote(self.w.state.sheriff_voters, self.w.state.stood, voter)

    def close_elect(self) -> None:
        ctx, state = self.w.ctx, self.w.state
        el = state.election
        el.open = False
        cands = [c for c in el.candidates if state.alive[c]]
        if not cands:
            self.end_election(0, "没有人上警，本局没有警长。")
        elif len(cands) == 1:
            self.end_election(cands[0], f"只有 {ctx.name(cands[0])} 上警，直接当选警长。")
        else:
            ctx.enter(state, ELECT_VOTE)
            voters = [s for s in state.living() if self.elect_eligible(s)]
            ctx.group(
                f"警长候选人：{seats_text(cands)}。请 {seats_text(voters)} 投票：/投票 <候选人或弃权> [理由]。"
                "候选人可以 /退水；得票最多者当选，平票则在平票者之间再投一次，再平票警徽流失。"
            )

    def close_elect_vote(self) -> None:
        ctx, state = self.w.ctx, self.w.state
        el = state.election
        cands = [c for c in el.candidates if state.alive[c]]
        if not cands:
            self.end_election(0, "候选人都已退水或出局，本局没有警长。")
            return
        if len(cands) == 1:
            self.end_election(cands[0], f"{ctx.name(cands[0])} 是仅剩的候选人，当选警长。")
            return
        elected, counts, leaders = sheriff.count(el, lambda s: state.alive[s], self.elect_eligible)
        ballots = {v: t for v, t in el.box.votes.items()
                   if state.alive[v] and self.elect_eligible(v) and (t == ABSTAIN or t in cands)}
        ctx.tally(counts, leaders, ballots)
        if elected:
            self.end_election(elected, f"{ctx.name(elected)} 当选警长！")
        elif len(leaders) > 1 and state.elect_round == 1:
            el.candidates = list(leaders)
            el.box.clear()
            state.elect_round = 2
            ctx.enter(state, ELECT_VOTE)
            ctx.group(f"{seats_text(leaders)} 平票：在他们之间再投一次（/投票 <候选人或弃权>），再次平票则警徽流失。")
            ctx.judge(f"第{state.day}天 警长竞选平票，第二轮：{seats_text(leaders)}")
        else:
            why = "再次平票" if leaders else "没有人得票"
            self.end_election(0, f"警长竞选{why}，警徽流失，本局没有警长。")

    def end_election(self, elected: int, text: str) -> None:
        ctx, state = self.w.ctx, self.w.state
        state.elect_done = True
        state.election = None
        if elected:
            state.badge.elect(elected)
            text += (
                f"警长的票在放逐投票中算 {num(state.sheriff_weight)} 票，平票时由警长决定放逐谁，"
                "警长每天最后一个发言。"
            )
        ctx.group(text)
        ctx.judge(f"第{state.day}天 " + (f"{ctx.name(elected)} 当选警长" if elected else "没有警长"))
        state.resume = "talk"
        self.w.deaths.advance()

    def election_exploded(self) -> None:
        """A wolf self-destructed during the election (option 竞选自爆)."""
        ctx, state = self.w.ctx, self.w.state
        state.election = None
        if state.explode_rule == "顺延" and not state.elect_postponed:
            state.elect_postponed = True
            ctx.group("警长竞选顺延到下一个白天。")
        else:
            state.elect_done = True
            ctx.group("警长竞选中断，警徽流失，本局没有警长。")

    # --- talk and the exile vote ------------------------------------------------------------
    def start_talk(self) -> None:
        ctx, state = self.w.ctx, self.w.state
        state.box.clear()
        state.candidates = []
        state.tie_declined = False
        ctx.enter(state, DAY)
        changes = ctx.rule("改票次数")
        change = "/改票 可以改票" if changes is None or changes < 0 else f"/改票 可改 {changes} 次"
        # 002: "警长在发言时永远最后一个发言": in 快速 tempo the day is played in that order, one turn each
        # (docs/werewolf.md); a game opened before turns existed has no 发言 option and talks freely
        turns = ctx.options.get("节奏") != FORUM and ctx.options.get("发言", "自由") == "顺序"
        early = "" if ctx.options.get("节奏") == FORUM else (
            "所有人发言完毕、投完票后提前结束；" if turns else "所有人投完票后提前结束；")
        rules = [role.tie_rule for name, role in BOOK.roles.items() if role.tie_rule and state.has_card(name)]
        if state.sheriff_on:
            rules.append(("否则" if rules else "有警长时") + "由警长决定放逐谁（也可以不选）")
        rules.append(("否则" if rules else "") + ("进入 PK" if state.pk else "无人出局"))
        tie = ("平票时" if len(rules) > 1 else "平票") + "，".join(rules) + "。"
        ctx.group(
            f"第{state.day}天：请发言并投票放逐一人：/投票 <目标或弃权> [理由]（{change}）。{early}得票最多者被放逐，{tie}"
        )
        # separate messages: the rules line names roles, these name seats
        chief = state.sheriff if state.sheriff and state.alive[state.sheriff] else 0
        order = sheriff.speaking_order(chief, state.living(), state.n) if chief else state.living()
        if chief or turns:
            note = f"（警长 {ctx.name(chief)} 最后发言，他的票算 {num(state.sheriff_weight)} 票）" if chief else ""
            seconds = int(ctx.options.get("发言时长") or 60)
            how = (f"每人限时 {format_duration(seconds)}，轮到谁机器人会 @ 谁，说完发 /过；投票随时可以进行，"
                   "所有人发言完毕之后才截止。") if turns else ""
            ctx.group(f"发言顺序：{'→'.join(f'{s}号' for s in order)}{note}。{how}")
            if turns:
                ctx.speaking_turns(order, seconds)
        if state.goat_day == state.day:
            voters = [s for s in state.goat_voters if state.alive[s]]
            ctx.group(f"今天只有 {seats_text(voters)} 可以投票（前一天出局时的安排）。")

    def count(self) -> list[int]:
        """Announce the tally of valid ballots and return the seats with the most votes.

        A ballot counts if its voter may still vote and its target is still in the game (a red card in
        between voids both ways); the sheriff's ballot weighs `state.sheriff_weight`."""
        ctx, state = self.w.ctx, self.w.state
        weights = sheriff.weights(state.sheriff, state.sheriff_weight)
        for seat, weight in judged.weights(state).items():  # a 剧本 role's 票权
            weights[seat] = weights.get(seat, 1.0) * weight
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
        ctx.judge(f"第{state.day}天 计票：最高票 {seats_text(leaders)}；未投票 {seats_text(idle)}")
        return leaders

    def close_vote(self) -> None:
        ctx, state = self.w.ctx, self.w.state
        origin = state.phase
        leaders = self.count()
        state.resume = NIGHT
        if len(leaders) == 1:
            self.exile(leaders[0])
        elif leaders:
            self.tie(leaders, origin)
        else:
            ctx.group("今天无人被放逐。")
            ctx.judge(f"第{state.day}天 无人被放逐")
            state.candidates = []
            self.w.deaths.advance()

    def tie(self, leaders: list[int], origin: str) -> None:
        """A tie: a role that settles it first (替罪羊: "当出现平票时，替罪羊死"), else the sheriff ("在平票时他可以
        决定选哪一个，也可以不选择"), else the PK option, else nobody."""
        ctx, state = self.w.ctx, self.w.state
        if any(any(MOMENTS.run("ties", BOOK.units, self.w, s, leaders)) for s in state.living()):
            return
        chief = state.sheriff
        if chief and state.alive[chief] and not state.tie_declined:
            state.candidates = list(leaders)
            state.tie_from = origin
            ctx.enter(state, TIE)
            ctx.group(f"{seats_text(leaders)} 平票：由警长 {ctx.name(chief)} 决定放逐其中一人（也可以不选）。")
            ctx.seat(chief, f"平票：/技能 决断 <目标> 从 {seats_text(leaders)} 中放逐一人；不选请 /放弃。")
            return
        if state.pk and origin != PK:
            state.candidates = list(leaders)
            state.box.clear()
            ctx.enter(state, PK)
            ctx.group(
                f"{seats_text(leaders)} 平票，进入 PK：除他们以外的存活玩家在其中再投一次（/投票 <目标或弃权>），再次平票则无人出局。"
            )
            ctx.judge(f"第{state.day}天 平票，PK：{seats_text(leaders)}")
            return
        ctx.group(f"{seats_text(leaders)} 平票，今天无人被放逐。")
        ctx.judge(f"第{state.day}天 无人被放逐")
        state.candidates = []
        self.w.deaths.advance()

    def close_tie(self) -> None:
        ctx, state = self.w.ctx, self.w.state
        state.tie_declined = True
        ctx.group(f"警长 {ctx.name(state.sheriff)} 没有作出选择。" if state.sheriff else "警长没有作出选择。")
        self.tie(list(state.candidates), state.tie_from)

    def exile(self, seat: int) -> None:
        ctx, state = self.w.ctx, self.w.state
        state.candidates = []
        if not any(MOMENTS.run("exiled", BOOK.units, self.w, seat)):
            deps = self.w.deaths.leave(seat, VOTE, night=False)
            ctx.group(f"{ctx.name(seat)} 被投票放逐。", data={"out": (seat,)})
            ctx.judge(f"第{state.day}天 {ctx.name(seat)}（{state.role(seat)}）被投票放逐")
            self.w.deaths.settle(deps, night=False)
        self.w.deaths.advance()

    # --- 自爆 ----------------------------------------------------------------------------------
    def explode(self, seat: int, target: int) -> None:
        """002: "自爆后该名狼人离场，没有遗言，其他玩家立即结束发言，游戏跳过投票阶段，直接进入黑夜。"
        白狼王: "可以在白天自爆，带走一个平民或神民"."""
        ctx, state = self.w.ctx, self.w.state
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
        deps = self.w.deaths.leave_all(first, night=False)
        if phase in (ELECT, ELECT_VOTE):
            self.election_exploded()
        state.box.clear()
        state.candidates = []
        self.w.deaths.settle(deps, night=False)
        state.resume = NIGHT
        self.w.deaths.advance()
