"""The day of 鹿鼎记 (world.Day): the vote (003 【投票格式】: one 改票, its deadlines), the exit it decides,
and the 遗言 of the voted-out, published when the next day starts."""

from __future__ import annotations

from ..bansha.engine import ABSTAIN
from .terms import BY_VOTE, DAY, seats_text, span
from .world import World


class Day:
    def __init__(self, w: World):
        self.w = w

    def start(self) -> None:
        ctx, state = self.w.ctx, self.w.state
        state.box.clear()
        state.voted_out = []
        ctx.enter(state, DAY)
        changes, lock, proxy = (ctx.rule(k) for k in ("改票次数", "改票截止", "代投截止"))
        rules = ["可以随时 /改票" if changes < 0 else f"投票后只有 {changes} 次改票机会（/改票，回复自己的投票）"]
        if lock:
            rules.append(f"关门前{span(lock)}内不得改票")
        if proxy:
            rules.append(f"代投截止为关门前{span(proxy)}")
        reason = "<理由>" if ctx.rule("投票理由") == "必填" else "[理由]"
        ctx.group(
            f"第{state.day}天：请讨论，并投票：/投票 <目标或弃权> {reason}（或两行「投票对象：X」「投票理由：Y」）。"
            + "；".join(rules) + "。得票最多者出局，平票则无人出局。"
        )

    def close(self) -> None:
        ctx, state = self.w.ctx, self.w.state
        # Ballots of seats out since (红牌) do not count; votes for them are void.
        valid = {
            v: t for v, t in state.box.votes.items() if state.alive[v] and (t == ABSTAIN or state.alive[t])
        }
        counts: dict[int, float] = {}
        for t in valid.values():
            counts[t] = counts.get(t, 0.0) + 1.0
        named = {t: c for t, c in counts.items() if t != ABSTAIN}
        best = max(named.values()) if named else 0
        leaders = sorted(t for t, c in named.items() if c == best)
        ctx.tally(counts, leaders, valid)
        if len(leaders) != 1:
            ctx.group(f"{seats_text(leaders)} 平票，今天无人出局。" if leaders else "今天无人出局。")
            ctx.judge(f"第{state.day}天 无人被投票出局")
            self.w.night.start()
            return
        seat = leaders[0]
        ctx.group(f"{ctx.name(seat)} 被投票出局。", "out", {"out": (seat,)})
        ctx.judge(f"第{state.day}天 {ctx.name(seat)}（{state.role(seat)}）被投票出局")
        state.voted_out.append(seat)
        state.words_owed.append(seat)
        self.w.deaths.out(seat, BY_VOTE)
        if state.result is not None:
            return
        note = "你被投票出局。可以在下一个白天开始前私聊 /遗言 <内容>，遗言将在下一个白天开始时公示。"
        if state.vote_shooter == seat:
            note += "你是猎人：可以 /技能 最后一枪 <目标>（论坛：关门后 30 分钟内），不开枪请 /放弃 最后一枪。"
        ctx.seat(seat, note)
        self.w.night.start()

    def publish_words(self, final: bool = False) -> None:
        """遗言 of the voted-out, at the next day's start (or with the result, if the game ends first)."""
        ctx, state = self.w.ctx, self.w.state
        for s in state.words_owed:
            if s in state.removed:
                continue
            if s in state.words:
                ctx.group(f"【遗言】{ctx.name(s)}：{state.words[s]}", "chat")
            elif not final:
                ctx.group(f"{ctx.name(s)} 没有留下遗言。")
        state.words_past = list(state.words_owed)  # a late /遗言 is told the time is over, not that it had none
        state.words_owed = []
        state.words = {}
