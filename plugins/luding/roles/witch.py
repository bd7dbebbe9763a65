"""女巫: 检疫, 救药 and 毒药 (each potion once a game, never both in one night), resolved at step IV; the poison
lands at step VII (毒药结算)."""

from __future__ import annotations

from ...bansha.engine import ALIVE, ALIVE_OTHER
from ..book import BOOK, LudingRole, LudingSkill, submit, void
from ..state import LudingState
from ..terms import NIGHT, NIGHT_TIMEOUT, POISONED, VILLAGE, WITCH
from ..world import World

QUARANTINE = LudingSkill(
    "quarantine", "检疫", phases=(NIGHT,), target_rule=ALIVE_OTHER, timeout=NIGHT_TIMEOUT,
    nightly=True, pm_only=True,
    help="每晚查看一名角色是否被转变过阵营（不含当晚的感染），结果在天亮前告知。",
)
SAVE = LudingSkill(
    "save", "救药", aliases=("救",), phases=(NIGHT,), target_rule=ALIVE, uses=1, timeout=NIGHT_TIMEOUT,
    nightly=True, pm_only=True,
    help="该角色当晚不会因被感染而转变阵营。无反馈。发动后你失去检疫和救药，当晚不能用毒药。",
)
POISON = LudingSkill(
    "poison", "毒药", aliases=("毒",), phases=(NIGHT,), target_rule=ALIVE_OTHER, uses=1, timeout=NIGHT_TIMEOUT,
    nightly=True, pm_only=True,
    help="该角色在夜晚结束前出局（结算第 VII 步）。整局一次；发动的当晚不能用救药。",
)


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
for _skill in (QUARANTINE, SAVE, POISON):
    BOOK.effect(_skill)(submit)


@BOOK.blocked(QUARANTINE)
def quarantine_after_save(state: LudingState, seat: int) -> str | None:
    return "救药发动后，你失去了检疫。" if state.tonight.get(SAVE.key) else None


@BOOK.blocked(SAVE)
def save_not_with_poison(state: LudingState, seat: int) -> str | None:
    return "今晚已经使用了毒药，不能再用救药。" if state.tonight.get(POISON.key) else None


@BOOK.blocked(POISON)
def poison_not_with_save(state: LudingState, seat: int) -> str | None:
    return "今晚已经使用了救药，不能再用毒药。" if state.tonight.get(SAVE.key) else None


@BOOK.step("witch")
def witch_acts(w: World) -> bool:
    """IV 女巫行动: each submission in the text's order; a potion is spent even when the shield voids it."""
    ctx, state = w.ctx, w.state
    witch = state.holder(WITCH)
    wanted = [(k, state.tonight[k]) for k in ("quarantine", "save", "poison") if state.tonight.get(k)]
    if not wanted or not state.alive[witch]:
        return True
    names = {"quarantine": "检疫", "save": "救药", "poison": "毒药"}
    for key, target in wanted:
        if not state.acts(witch, key):
            void(ctx, state, witch, names[key], "被魅惑或已失去技能")
            continue
        if key == "save":
            state.use(witch, "save")
            state.lost_skills.extend(f"{witch}:{k}" for k in ("quarantine", "save"))
            state.potions.append((state.day, "救药", target))
        elif key == "poison":
            state.use(witch, "poison")
            state.potions.append((state.day, "毒药", target))
        if target == state.shielded:
            void(ctx, state, witch, names[key], f"{target}号 受神圣之盾保护")
            if key == "quarantine":
                state.quarantines.append((state.day, target, "无效"))
            continue
        if key == "quarantine":
            turned = "被转变过阵营" if target in state.turned else "未被转变过阵营"
            state.quarantines.append((state.day, target, turned))
            ctx.seat(witch, f"检疫结果：{ctx.name(target)} {turned}。", "check",
                     {"target": target, "turned": target in state.turned})
            ctx.judge(f"第{state.day}夜 IV 女巫检疫 {ctx.name(target)}：{turned}")
        elif key == "save":
            state.saved = target
            ctx.judge(f"第{state.day}夜 IV 女巫救药 {ctx.name(target)}")
        else:
            state.poisoned = target
            ctx.judge(f"第{state.day}夜 IV 女巫毒药 {ctx.name(target)}")
    return True


@BOOK.step("poisoning")
def poison_lands(w: World) -> bool:
    """VII 毒药结算: the poisoned character leaves (a hunter poisoned decides his shot first)."""
    ctx, state = w.ctx, w.state
    target, state.poisoned = state.poisoned, 0
    if target and state.alive[target]:
        ctx.judge(f"第{state.day}夜 VII 毒药生效：{ctx.name(target)} 出局")
        w.deaths.out(target, POISONED)
        return state.result is not None or not state.shooter
    return True
