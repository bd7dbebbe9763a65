"""女巫: 检疫, 救药 and 毒药 (each potion once a game, never both in one night), resolved at step IV in that
order (order.MOMENTS); the poison lands at step VII (毒药结算)."""

from __future__ import annotations

from ...bansha.engine import ALIVE, ALIVE_OTHER, PLAN
from ..book import BOOK, LudingRole, LudingSkill, void
from ..state import LudingState
from ..terms import NIGHT, NIGHT_TIMEOUT, POISONED, VILLAGE, WITCH
from ..world import World


def her_turn(w: World, skill: LudingSkill) -> int:
    """IV: the target of her submission of `skill`, once she may act on it; 0 when there is nothing to do
    (none submitted, she is out, or she is charmed or lost the skill: then she learns it did not work)."""
    state = w.state
    witch, target = state.holder(WITCH), state.tonight.get(skill.key, 0)
    if not target or not state.alive[witch]:
        return 0
    if not state.acts(witch, skill.key):
        void(w.ctx, state, witch, skill.name, "被魅惑或已失去技能")
        return 0
    return target


def shielded(w: World, skill: LudingSkill, target: int) -> bool:
    """神圣之盾 voids it (a potion is spent all the same)."""
    if target != w.state.shielded:
        return False
    void(w.ctx, w.state, w.state.holder(WITCH), skill.name, f"{target}号 受神圣之盾保护")
    return True


@BOOK.unit("quarantine", "检疫", phases=(NIGHT,), target_rule=ALIVE_OTHER, timeout=NIGHT_TIMEOUT, submit=PLAN,
           pm_only=True, help="每晚查看一名角色是否被转变过阵营（不含当晚的感染），结果在天亮前告知。")
class QUARANTINE(LudingSkill):
    def blocked(self, state: LudingState, seat: int) -> str | None:
        return "救药发动后，你失去了检疫。" if state.tonight.get("save") else None

    def witch_acts(self, w: World) -> bool:
        ctx, state = w.ctx, w.state
        target = her_turn(w, self)
        if not target:
            return True
        if shielded(w, self, target):
            state.quarantines.append((state.day, target, "无效"))
            return True
        turned = "被转变过阵营" if target in state.turned else "未被转变过阵营"
        state.quarantines.append((state.day, target, turned))
        ctx.seat(state.holder(WITCH), f"检疫结果：{ctx.name(target)} {turned}。", "check",
                 {"target": target, "turned": target in state.turned})
        ctx.judge(f"第{state.day}夜 IV 女巫检疫 {ctx.name(target)}：{turned}")
        return True


@BOOK.unit("save", "救药", aliases=("救",), phases=(NIGHT,), target_rule=ALIVE, uses=1, timeout=NIGHT_TIMEOUT,
           submit=PLAN, pm_only=True,
           help="该角色当晚不会因被感染而转变阵营。无反馈。发动后你失去检疫和救药，当晚不能用毒药。")
class SAVE(LudingSkill):
    def blocked(self, state: LudingState, seat: int) -> str | None:
        return "今晚已经使用了毒药，不能再用救药。" if state.tonight.get("poison") else None

    def witch_acts(self, w: World) -> bool:
        ctx, state = w.ctx, w.state
        target = her_turn(w, self)
        if not target:
            return True
        witch = state.holder(WITCH)
        state.use(witch, self.key)
        state.lost_skills.extend(f"{witch}:{k}" for k in ("quarantine", "save"))
        state.potions.append((state.day, self.name, target))
        if not shielded(w, self, target):
            state.saved = target
            ctx.judge(f"第{state.day}夜 IV 女巫救药 {ctx.name(target)}")
        return True


@BOOK.unit("poison", "毒药", aliases=("毒",), phases=(NIGHT,), target_rule=ALIVE_OTHER, uses=1,
           timeout=NIGHT_TIMEOUT, submit=PLAN, pm_only=True,
           help="该角色在夜晚结束前出局（结算第 VII 步）。整局一次；发动的当晚不能用救药。")
class POISON(LudingSkill):
    def blocked(self, state: LudingState, seat: int) -> str | None:
        return "今晚已经使用了救药，不能再用毒药。" if state.tonight.get("save") else None

    def witch_acts(self, w: World) -> bool:
        ctx, state = w.ctx, w.state
        target = her_turn(w, self)
        if not target:
            return True
        state.use(state.holder(WITCH), self.key)
        state.potions.append((state.day, self.name, target))
        if not shielded(w, self, target):
            state.poisoned = target
            ctx.judge(f"第{state.day}夜 IV 女巫毒药 {ctx.name(target)}")
        return True

    def poison_lands(self, w: World) -> bool:
        """VII 毒药结算: the poisoned character leaves (a hunter poisoned decides his shot first)."""
        ctx, state = w.ctx, w.state
        target, state.poisoned = state.poisoned, 0
        if target and state.alive[target]:
            ctx.judge(f"第{state.day}夜 VII 毒药生效：{ctx.name(target)} 出局")
            w.deaths.out(target, POISONED)
            return state.result is not None or not state.shooter
        return True


class Witch(LudingRole):
    def tells(self, state: LudingState, seat: int) -> list[str]:
        got = "；".join(f"第{n}夜 {t}号：{r}" for n, t, r in state.quarantines)
        lines = [f"检疫记录：{got or '暂无'}。"]
        for name in ("救药", "毒药"):
            use = next(((n, t) for n, p, t in state.potions if p == name), None)
            lines.append(f"{name}：" + (f"已在第{use[0]}夜对 {use[1]}号 使用" if use else "未使用") + "。")
        return lines

    def facts(self, state: LudingState, seat: int) -> list[str]:
        return ["用药：" + "；".join(f"第{n}夜 {p} {t}号" for n, p, t in state.potions)] if state.potions else []


WITCH_ROLE = BOOK.role(Witch(
    WITCH, VILLAGE, (QUARANTINE, SAVE, POISON), "每晚可以检疫；救药与毒药各一次，同一晚只能用其中一种。",
))
