"""预言家: 预言 one character a night, told 村民阵营 or 非村民阵营 at step V; "非村民阵营" costs him the skill."""

from __future__ import annotations

from ...bansha.engine import ALIVE_OTHER, PLAN
from ..book import BOOK, LudingRole, LudingSkill, answer, void
from ..state import LudingState
from ..terms import NIGHT, NIGHT_TIMEOUT, SEER, VILLAGE
from ..world import World


@BOOK.unit("check", "预言", aliases=("查验", "验"), phases=(NIGHT,), target_rule=ALIVE_OTHER, timeout=NIGHT_TIMEOUT,
           submit=PLAN, pm_only=True,
           help="每晚查验一名角色的阵营：村民阵营 或 非村民阵营；得到「非村民阵营」时你失去预言。"
           "结果在天亮前私聊告知。论坛：关门后 1 小时内提交。")
class CHECK(LudingSkill):
    def seer_acts(self, w: World) -> bool:
        """V 预言家行动: the target's units answer first (妖狐's 咒缚), then the seer learns the camp."""
        ctx, state = w.ctx, w.state
        seer, target = state.holder(SEER), state.tonight.get(self.key, 0)
        if not target or not state.alive[seer]:
            return True
        if not state.acts(seer, self.key):
            void(ctx, state, seer, "预言", "被魅惑或已失去技能")
            return True
        if target == state.shielded:
            state.checks.append((state.day, target, "无效"))
            void(ctx, state, seer, "预言", f"{target}号 受神圣之盾保护")
            return True
        if state.alive[target] and any(answer("checked", w, target)):
            return True
        result = "村民阵营" if state.camps[target] == VILLAGE else "非村民阵营"
        state.checks.append((state.day, target, result))
        text = f"预言结果：{ctx.name(target)} 属于<{result}>。"
        if result != VILLAGE:
            state.lost_skills.append(f"{seer}:{self.key}")
            text += "你失去了技能<预言>。"
        ctx.seat(seer, text, "check", {"target": target, "wolf": result != VILLAGE})
        ctx.judge(f"第{state.day}夜 V 预言家预言 {ctx.name(target)}：{result}")
        return True


class Seer(LudingRole):
    def tells(self, state: LudingState, seat: int) -> list[str]:
        got = "；".join(f"第{n}夜 {t}号：{r}" for n, t, r in state.checks)
        return [f"预言记录：{got or '暂无'}。"]

    def facts(self, state: LudingState, seat: int) -> list[str]:
        return ["查验：" + "；".join(f"第{n}夜 {t}号 {r}" for n, t, r in state.checks)] if state.checks else []


SEER_ROLE = BOOK.role(Seer(SEER, VILLAGE, (CHECK,), "每晚查验一名角色是否属于村民阵营。"))
