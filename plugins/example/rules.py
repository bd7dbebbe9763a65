"""示例游戏 — the worked example of docs/new-game.md, and the platform's own test game.

The rules, as a rule text would put them: each 回合 every living player 指认s another by private
message, or the table votes in the group; when the 回合 closes, the seat named most (by the votes when
anyone voted, else by the 指认) leaves, ties broken by the seeded RNG. The last two standing win together.

Everything a game needs is here in one short file: the skill declarations (which drive parsing, legality,
/身份 and the random agent), the phase, the state, the deal, what each skill does, the close of a phase,
the outcome and the 演员表. Nothing here imports nonebot or reads the clock: the engine hands every rule
a `Ctx` (the RNG, the options, the input's time, and where to say things).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..bansha.engine import (
    ALIVE,
    ALIVE_OTHER,
    Action,
    BaseState,
    CastRow,
    Ctx,
    Outcome,
    PhaseSpec,
    Ruleset,
    Skill,
    register,
)
from ..bansha.engine.votes import VoteBox

ROUND = "round"

# A skill is declared once, with the rule text's name: the declaration is the command (/技能 指认 3), its
# legality (phase, target rule) and its line in /身份.
POINT = Skill("point", "指认", aliases=("指",), phases=(ROUND,), target_rule=ALIVE_OTHER, help="指认一名玩家。")
VOTE = Skill("vote", "投票", aliases=("改票",), phases=(ROUND,), target_rule=ALIVE, words=("弃权", "改票"),
             help="投票放逐一名玩家。")


@dataclass
class ToyState(BaseState):
    """What the rules fold. BaseState brings the phase, the day, who is alive, uses and statuses."""

    forfeit: str = ""
    picks: dict[int, int] = field(default_factory=dict)  # seat -> whom it 指认ed this 回合
    votes: VoteBox = field(default_factory=VoteBox)
    factions: dict[int, str] = field(default_factory=dict)  # 红队/蓝队: only the cards' "two reds" rule reads it
    fates: dict[int, str] = field(default_factory=dict)


class Toy(Ruleset):
    key = "toy"
    title = "示例游戏"
    aliases = ("测试游戏", "示例", "example")
    listed = False  # an example, not a game a group picks: /开局 and /帮助 do not list it
    phases = {ROUND: PhaseSpec(ROUND, "回合", seconds=30, option="回合", forum="close", discussion=True)}
    factions = ("玩家",)

    # --- sign-up and the deal -------------------------------------------------------------------
    def check_players(self, options, n):
        return None if 3 <= n <= 8 else "示例游戏需要 3 到 8 人。"

    def max_players(self, options):
        return 8

    def setup(self, ctx: Ctx, n: int) -> ToyState:
        st = ToyState(n=n, alive=[False] + [True] * n, day=1)
        st.factions = {s: ("红队" if s % 2 else "蓝队") for s in range(1, n + 1)}
        for s in range(1, n + 1):
            ctx.seat(s, "你的身份：玩家。", "role")  # tag "role": the leak audit keeps it out of the group
        ctx.enter(st, ROUND)
        return st

    # --- what each seat may do ------------------------------------------------------------------
    def skills_of(self, state, seat):
        return [POINT, VOTE]

    def pending(self, state):
        """Who still owes an action: in 快速 the 回合 closes early once nobody does."""
        return {s for s in state.living() if s not in state.picks and s not in state.done}

    def do_point(self, ctx: Ctx, state: ToyState, seat: int, action: Action) -> None:
        state.picks[seat] = action.targets[0]
        ctx.reply(f"已指认 {ctx.name(action.targets[0])}。")
        ctx.judge(f"{ctx.name(seat)} 指认 {ctx.name(action.targets[0])}")

    def do_vote(self, ctx: Ctx, state: ToyState, seat: int, action: Action) -> None:
        ctx.vote(state.votes, seat, action)  # the forum's vote rules: 理由, 改票, 代投…

    # --- the close of a 回合 ----------------------------------------------------------------------
    def close_phase(self, ctx: Ctx, state: ToyState) -> None:
        counts: dict[int, int] = {}
        for t in state.picks.values():
            if state.alive[t]:
                counts[t] = counts.get(t, 0) + 1
        if state.votes.votes:
            tally = state.votes.tally()
            ctx.tally(tally, state.votes.leaders())
            counts = {t: int(c) for t, c in tally.items() if t and state.alive[t]}
            state.votes.clear()
        pool = [t for t, c in counts.items() if c == max(counts.values())] if counts else state.living()
        out = ctx.rng.choice(sorted(pool))
        state.alive[out] = False
        state.fates[out] = f"第{state.day}回合出局"
        ctx.group(f"{ctx.name(out)} 出局。")
        state.picks = {}
        state.day += 1
        ctx.enter(state, ROUND)

    def outcome(self, state):
        living = state.living()
        if state.forfeit:
            return Outcome("判负", (), f"{state.forfeit}判负，游戏结束。")
        if len(living) <= 2:
            return Outcome("玩家", tuple(living), "游戏结束：" + "、".join(f"{s}号" for s in living) + " 获胜。")
        return None

    # --- what the forum parts and the judge ask -------------------------------------------------
    def faction_of(self, state, seat):
        return state.factions[seat]

    def on_forfeit(self, ctx, state, faction):
        state.forfeit = faction

    def speech_refusal(self, state, seat, text):
        return "不许说「禁语」" if "禁语" in text else None  # a speech rule, like 纳塔's 寡言

    def role_text(self, state, seat):
        return "你的身份：玩家。"

    def cast(self, state):
        return [CastRow(s, "玩家", "玩家", state.fates.get(s, "存活")) for s in range(1, state.n + 1)]


RULESET = register(Toy())
