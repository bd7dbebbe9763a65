"""示例游戏 — the worked example of docs/new-game.md, and the platform's own test game.

The rules, as a rule text would put them: each 回合 every living player 指认s another by private
message, or the table votes in the group; when the 回合 closes, the seat named most (by the votes when
anyone voted, else by the 指认) leaves, ties broken by the seeded RNG. The last two standing win together.
With 侦探=开 one player, dealt at random, is the 侦探, who may also 调查 one seat per 回合 (roles/).

The files: book.py (the book, the phase, the state), roles/ (one module per role: its skills and what
they do), and this one (the deal, the close of a 回合, the outcome, what /身份 and the 演员表 say).
Nothing here imports nonebot or reads the clock: the engine hands every rule a `Ctx` (the RNG, the
options, the input's time, where to say things, and the forum's vote).
"""

from __future__ import annotations

from ..bansha.engine import CastRow, Ctx, OptionSpec, Outcome, PhaseSpec, Ruleset, register
from .book import BOOK, ROUND, ToyState
from .roles import POOL
from .roles.detective import DETECTIVE
from .roles.player import PLAYER

ROLES = {role.name: role for role in POOL}


class Toy(Ruleset):
    key = "toy"
    title = "示例游戏"
    aliases = ("测试游戏", "示例", "example")
    listed = False  # an example, not a game a group picks: /开局 and /帮助 do not list it
    phases = {ROUND: PhaseSpec(ROUND, "回合", seconds=30, option="回合", forum="close", discussion=True)}
    options = (OptionSpec("侦探", "bool", False, (), "开：发牌时随机一名玩家成为侦探，每回合可以私聊调查一人"),)
    factions = ("玩家",)
    book = BOOK

    # --- sign-up and the deal -------------------------------------------------------------------
    def check_players(self, options, n):
        return None if 3 <= n <= 8 else "示例游戏需要 3 到 8 人。"

    def max_players(self, options):
        return 8

    def setup(self, ctx: Ctx, n: int) -> ToyState:
        st = ToyState(n=n, alive=[False] + [True] * n, day=1)
        st.roles = {s: PLAYER.name for s in range(1, n + 1)}
        if ctx.options.get("侦探"):
            st.roles[ctx.rng.randint(1, n)] = DETECTIVE.name
        st.factions = {s: ("红队" if s % 2 else "蓝队") for s in range(1, n + 1)}
        for s in range(1, n + 1):
            ctx.seat(s, self.role_text(st, s), "role")  # tag "role": the leak audit keeps it out of the group
        self._open_round(ctx, st)
        return st

    def _open_round(self, ctx: Ctx, state: ToyState) -> None:
        ctx.enter(state, ROUND)
        # the 侦探 is told what it may do (the engine's prompt from its skills); a 玩家 knows: 指认 or vote
        self.prompt(ctx, state, [s for s in state.living() if state.roles[s] != PLAYER.name])

    # --- what each seat may do: its role's skills; what they do is in the book --------------------
    def skills_of(self, state, seat):
        return list(ROLES[state.roles[seat]].skills)

    def pending(self, state):
        """Who still owes an action: in 快速 the 回合 closes early once nobody does."""
        return {s for s in state.living() if s not in state.picks and s not in state.done}

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
        state.picks, state.investigated = {}, set()
        state.day += 1
        self._open_round(ctx, state)

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
        return f"你的身份：{state.roles[seat]}。"

    def cast(self, state):
        return [CastRow(s, state.roles[s], "玩家", state.fates.get(s, "存活")) for s in range(1, state.n + 1)]


RULESET = register(Toy())
