"""A tiny ruleset for testing the platform without any real game's rules.

Each round every living player 指认 another; at the close the most-named seat
leaves (ties: the seeded RNG picks). The last two standing win together.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from plugins.bansha.engine import (
    ALIVE,
    ALIVE_OTHER,
    BaseState,
    CastRow,
    Ctx,
    Outcome,
    PhaseSpec,
    Ruleset,
    Skill,
    forum,  # noqa: E402
    register,
)
from plugins.bansha.engine.votes import VoteBox  # noqa: E402

POINT = Skill("point", "指认", aliases=("指",), phases=("round",), target_rule=ALIVE_OTHER, help="指认一名玩家。")
VOTE = Skill("vote", "投票", aliases=("改票",), phases=("round",), target_rule=ALIVE, words=("弃权", "改票"),
             help="投票放逐一名玩家。")


@dataclass
class ToyState(BaseState):
    forfeit: str = ""
    picks: dict[int, int] = field(default_factory=dict)
    votes: VoteBox = field(default_factory=VoteBox)
    factions: dict[int, str] = field(default_factory=dict)
    fates: dict[int, str] = field(default_factory=dict)


class Toy(Ruleset):
    key = "toy"
    title = "测试游戏"
    phases = {"round": PhaseSpec("round", "回合", seconds=30, option="回合", forum="close", discussion=True)}
    factions = ("玩家",)

    def check_players(self, options, n):
        return None if 3 <= n <= 8 else "测试游戏需要 3 到 8 人。"

    def max_players(self, options):
        return 8

    def setup(self, ctx: Ctx, n: int) -> ToyState:
        st = ToyState(n=n, alive=[False] + [True] * n, day=1)
        st.factions = {s: ("红队" if s % 2 else "蓝队") for s in range(1, n + 1)}
        for s in range(1, n + 1):
            ctx.seat(s, "你的身份：玩家。", "role")
        ctx.enter(st, "round")
        return st

    def skills_of(self, state, seat):
        return [POINT, VOTE]

    def faction_of(self, state, seat):
        return state.factions[seat]

    def on_forfeit(self, ctx, state, faction):
        state.forfeit = faction

    def speech_refusal(self, state, seat, text):
        return "不许说「禁语」" if "禁语" in text else None

    def do_vote(self, ctx: Ctx, state: ToyState, seat: int, action) -> None:
        forum.cast_vote(ctx, state.votes, seat, action)

    def pending(self, state):
        return {s for s in state.living() if s not in state.picks and s not in state.done}

    def do_point(self, ctx: Ctx, state: ToyState, seat: int, action) -> None:
        state.picks[seat] = action.targets[0]
        ctx.reply(f"已指认 {ctx.name(action.targets[0])}。")
        ctx.judge(f"{ctx.name(seat)} 指认 {ctx.name(action.targets[0])}")

    def close_phase(self, ctx: Ctx, state: ToyState) -> None:
        counts: dict[int, int] = {}
        for t in state.picks.values():
            if state.alive[t]:
                counts[t] = counts.get(t, 0) + 1
        if state.votes.votes:
            tally = state.votes.tally()
            forum.announce_tally(ctx, tally, state.votes.leaders())
            counts = {t: int(c) for t, c in tally.items() if t and state.alive[t]}
            state.votes.clear()
        pool = [t for t, c in counts.items() if c == max(counts.values())] if counts else state.living()
        out = ctx.rng.choice(sorted(pool))
        state.alive[out] = False
        state.fates[out] = f"第{state.day}回合出局"
        ctx.group(f"{ctx.name(out)} 出局。")
        state.picks = {}
        state.day += 1
        ctx.enter(state, "round")

    def outcome(self, state):
        living = state.living()
        if getattr(state, "forfeit", None):
            return Outcome("判负", (), f"{state.forfeit}判负，游戏结束。")
        if len(living) <= 2:
            return Outcome("玩家", tuple(living), "游戏结束：" + "、".join(f"{s}号" for s in living) + " 获胜。")
        return None

    def role_text(self, state, seat):
        return "你的身份：玩家。"

    def cast(self, state):
        return [CastRow(s, "玩家", "玩家", state.fates.get(s, "存活")) for s in range(1, state.n + 1)]


register(Toy())
