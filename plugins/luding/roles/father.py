"""父狼: 感染 each night (003 III), and VI 感染结算, where his infections resolve one by one.

003: "每晚指定一名角色；若他不是妖狐，他转变为狼人阵营（身份和技能不变）并得到反馈。你不会得知结果。"
"""

from __future__ import annotations

from ...bansha.engine import ALIVE_OTHER, PLAN, Action, Ctx
from ..book import BOOK, GO, WAIT, LudingRole, LudingSkill, answer, submitted, void
from ..state import LudingState
from ..terms import CUB, FATHER, FATHER_TIMEOUT, NIGHT, WOLF, seats_text
from ..world import World


def infections_allowed(state: LudingState) -> int:
    """激励 (幼狼): two infections on the night after the 幼狼 left, else one."""
    return 2 if state.rally_night == state.day else 1


@BOOK.unit("infect", "感染", phases=(NIGHT,), target_rule=ALIVE_OTHER, timeout=FATHER_TIMEOUT, submit=PLAN,
           again=True,
           pm_only=True,  # typed in the group it would give the role away (every night skill, 最后一枪)
           help="每晚指定一名角色；若他不是妖狐，他转变为狼人阵营（身份和技能不变）并得到反馈。"
           "你不会得知结果。论坛：关门后 30 分钟内提交。")
class INFECT(LudingSkill):
    def blocked(self, state: LudingState, seat: int) -> str | None:
        return "今晚的感染已经提交了。" if len(state.tonight.get(self.key, ())) >= infections_allowed(state) else None

    def plan(self, ctx: Ctx, state: LudingState, seat: int, action: Action) -> None:
        target = action.targets[0]
        chosen = state.tonight.setdefault(self.key, [])
        chosen.append(target)
        state.infections.append((state.day, target))
        left = infections_allowed(state) - len(chosen)
        more = f"（激励：还可以再感染 {left} 次）" if left else ""
        submitted(ctx, state, seat, f"感染 {ctx.name(target)}{more}")

    def wolves_act(self, w: World) -> bool:
        """III 父狼、幼狼行动: the infections queue for VI (the 幼狼's 牺牲 follows, cub.py)."""
        ctx, state = w.ctx, w.state
        father = state.holder(FATHER)
        if state.tonight.get(self.key):
            if state.acts(father, self.key):
                state.infect_queue = list(state.tonight[self.key])
                ctx.judge(f"第{state.day}夜 III 父狼感染 {seats_text(state.infect_queue)}")
            elif state.alive[father]:
                void(ctx, state, father, "感染", "被魅惑")
        return True

    def infections_resolve(self, w: World) -> bool:
        """VI 感染结算, each infection in the order submitted (order.py lists the four numbered steps). The
        target's units answer in their turn: 猎人 (忠诚) and 长老 (长寿之命) at 一/二, 妖狐 (狡黠) after 三."""
        ctx, state = w.ctx, w.state
        while state.infect_at < len(state.infect_queue):
            target = state.infect_queue[state.infect_at]
            state.infect_at += 1
            head = f"第{state.day}夜 VI 感染 {ctx.name(target)}："
            if not state.alive[target]:
                ctx.judge(head + "目标已出局")
                continue
            if target == state.shielded:  # 一
                ctx.judge(head + "神圣之盾，感染无效")
                continue
            said = next((a for a in answer("infected", w, target, head) if a != GO), GO)  # 一 (猎人), 二 (长老)
            if said == WAIT:
                return False  # he decides his shot at once; the next infection waits
            if said != GO:
                continue
            if target == state.saved:  # 三
                ctx.judge(head + "救药，不转变阵营")
                continue
            if any(answer("resists", w, target, head)):
                continue
            if state.camps[target] == WOLF:
                ctx.judge(head + "已属于狼人阵营")
                continue
            state.camps[target] = WOLF  # 四
            state.turned[target] = state.day
            ctx.judge(head + f"{state.role(target)}转变为狼人阵营")
            ctx.seat(
                target,
                "你被感染了：你转变为【狼人阵营】。你的身份和技能不变，但胜利条件变为狼人阵营的胜利条件。",
                "role",
                {"side": "wolf"},
            )
            if w.deaths.judge():
                return True
        return True


class Father(LudingRole):
    def prompt_line(self, state: LudingState, seat: int) -> str:
        if infections_allowed(state) == 2:
            return "激励：幼狼已出局，今晚你可以感染两次（各发一次 /技能 感染 <目标>）。"
        return ""

    def tells(self, state: LudingState, seat: int) -> list[str]:
        got = "；".join(f"第{n}夜 {t}号" for n, t in state.infections)
        lines = [f"感染记录（只知道提交了什么，不知道结果）：{got or '暂无'}。"]
        if state.phase == NIGHT and infections_allowed(state) == 2:
            lines.append("激励：今晚你可以感染两次。")
        return lines


FATHER_ROLE = BOOK.role(Father(
    FATHER, WOLF, (INFECT,), "每晚可以感染一名角色，使他转变为狼人阵营。你与幼狼互知但不共群。", mate=CUB,
))
