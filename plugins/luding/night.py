"""The night of 鹿鼎记 (world.Night): submissions open, then the settle phase runs order.NIGHT_ORDER step by
step, each step's moment answered by the units order.MOMENTS lists (they live with the roles), then the dawn.

003: every role submits by private message and nothing resolves until the night closes; a hunter who leaves
in the resolution decides his 最后一枪 at once (the resolution waits for him), then it carries on.
"""

from __future__ import annotations

from .book import BOOK
from .order import MOMENTS, NIGHT_ORDER
from .terms import FATHER_TIMEOUT, NIGHT, NIGHT_TIMEOUT, SETTLE, seats_text
from .world import World


class Night:
    def __init__(self, w: World):
        self.w = w

    def start(self) -> None:
        ctx, state = self.w.ctx, self.w.state
        state.tonight = {}
        state.passed = []
        state.charmed = state.shielded = state.saved = state.poisoned = state.shooter = 0
        state.infect_queue = []
        state.infect_at = state.step = 0
        state.night_out = []
        ctx.enter(state, NIGHT)
        when = (
            f"父狼在关门后{FATHER_TIMEOUT}分钟内、其余在关门后{NIGHT_TIMEOUT}分钟内，逾时视为放弃"
            if ctx.options.get("节奏") == "论坛" else "在夜晚结束前提交，逾时视为放弃"
        )
        ctx.group(
            f"天黑了。第{state.day}夜：有夜间技能的角色请私聊机器人提交行动（{when}）。"
            "所有行动在夜晚结束后按规则顺序结算。"
        )
        self.w.prompt()  # each night role: its skills, targets and how to type them (engine's prompt)

    def close(self) -> None:
        """The night phase closes (the settle phase begins), or the settle phase closes (the dawn)."""
        ctx, state = self.w.ctx, self.w.state
        if state.phase == NIGHT:
            if state.vote_shooter:
                ctx.judge(f"{ctx.name(state.vote_shooter)}（猎人）逾时未开枪，视为放弃")
                state.vote_shooter = 0
            ctx.enter(state, SETTLE)
            state.step = state.infect_at = 0
            self.resolve()
            return
        if state.shooter:
            ctx.judge(f"{ctx.name(state.shooter)}（猎人）逾时未开枪，视为放弃")
            state.shooter = 0
            self.resolve()
        if state.result is None:
            self.dawn()

    def resolve(self) -> None:
        """Run the night's steps from the cursor; stop when a hunter must decide or the game is won.

        Each step can be entered again after a pause without repeating what it did."""
        state = self.w.state
        while state.step < len(NIGHT_ORDER) and state.result is None:
            for moment in NIGHT_ORDER[state.step].moments:
                if not all(MOMENTS.run(moment, BOOK.units, self.w)):
                    return  # waiting for a hunter's shot
            state.step += 1

    def dawn(self) -> None:
        ctx, state = self.w.ctx, self.w.state
        night = state.day
        for s in state.night_out:
            if s not in state.public_dead:
                state.public_dead.append(s)
                state.public_fates[s] = f"第{night}夜出局"
        state.day += 1
        lines = [f"天亮了，第{state.day}天开始。"]
        if state.voted_out:
            lines.append("昨天出局：" + "、".join(ctx.name(s) for s in state.voted_out) + "。")
        out = sorted(state.night_out)
        lines.append(("昨晚出局：" + "、".join(ctx.name(s) for s in out) + "。") if out else "昨晚无人出局。")
        ctx.group("".join(lines), "out", {"out": tuple(out)})
        ctx.judge(f"第{night}夜结算完毕，出局：{seats_text(out)}")
        self.w.day.publish_words()
        self.w.day.start()
