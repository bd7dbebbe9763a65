"""野人⑨（强神）. 「有野人必有厚皮肉猪。」
野性伙伴[开局][晨曦][强制]——「游戏开局时触发效果：野人知晓场上谁是厚皮肉猪，并选择跟随或骑乘状态。游戏日晨曦时触发效果：野人
必须切换到另外一种状态。厚皮肉猪处于出局状态时触发效果：本技能失效。跟随状态：进行嚎叫并选择两个[指定]技能，公示[这些技能被
野猪骑士干扰]。效果持续期间，所有人发动这些[指定]技能时，若[选择目标]存在于电梯楼，则这次的[选择目标]会在原本的目标上，加上
电梯楼上下两个角色共计三个角色，随机选择其中一个，发动者会知晓最终选择目标是谁。骑乘状态：野人持续获得[不死][秩序]状态」;
冲撞[正午][2]——「竞选日不可发动……若野人处于[骑乘]状态，可以移动自己和厚皮肉猪的电梯楼位置至任意一名角色的下方（顺序为目标-
野人-肉猪），并公布新的电梯楼情况，然后，电梯楼中和野人与肉猪上下距离1以内的角色，若不是[村民阵营]，则获得[沉默]状态，持续
到下一个正午开始」."""

from __future__ import annotations

from ...bansha.engine import Action, unit
from ...bansha.engine.mechanics import ring as ring
from ..declared import SKILLS
from ..skill import NataSkill, role
from ..state import NataState
from ..terms import DAWN, NOON, START, STRONG, VILLAGE, seats_text
from ..world import World

PIG = "厚皮肉猪"
MODES = ("跟随", "骑乘")


def pig(state: NataState) -> int:
    return next(iter(state.holders(PIG)), 0)


@unit("yexing", "野性伙伴", SKILLS, phases=(START,), help="强制：开局选择 跟随 或 骑乘；每个游戏日晨曦自动切换；肉猪出局则失效。",
       targets=0, words=MODES, forced=True, instant=True)
class YEXING(NataSkill):
    def blocked(self, state: NataState, seat: int) -> str | None:
        return "你已经选择了状态。" if seat in state.wild_mode else None

    def check(self, state: NataState, seat: int, action: Action) -> str | None:
        return None if len(action.words) == 1 else "请选择一种状态：/技能 野性伙伴 跟随 或 /技能 野性伙伴 骑乘。"

    def use(self, w: World, seat: int, action: Action) -> None:
        state = w.state
        mode = action.words[0]
        state.wild_mode[seat] = mode
        state.wild_howl.pop(seat, None)
        if mode == "跟随" and seat not in state.wild_due:
            state.wild_due.append(seat)
        elif mode == "骑乘" and seat in state.wild_due:
            state.wild_due.remove(seat)
        w.ctx.reply(f"野性伙伴：你选择了{mode}状态。" + ("请用 /技能 嚎叫 <技能1> <技能2> 选择两个[指定]技能。"
                                                    if mode == "跟随" else ""))
        w.ctx.judge(f"{w.ctx.name(seat)}（野人）选择{mode}")

    def tells(self, state: NataState, seat: int) -> list[str]:
        return [f"{PIG}：{seats_text(state.holders(PIG))}。"] if self.key in state.role(seat).skill_keys else []

    def innate(self, state: NataState, seat: int, keys: list[str]) -> list[tuple[str, str]]:
        if state.holds(seat, self.key, keys) and state.wild_mode.get(seat) == "骑乘":
            return [("不死", ""), ("秩序", "")]
        return []

    def failing(self, state: NataState) -> bool:
        return any(not state.alive[p] for p in state.holders(PIG))  # "厚皮肉猪处于出局状态时……本技能失效"

    def interfere(self, w: World, user: int, name: str, target: int) -> int:
        state, ctx = w.state, w.ctx
        for wild in sorted(state.wild_mode):
            if (state.alive[wild] and state.holds(wild, self.key) and state.wild_mode.get(wild) == "跟随"
                    and name in state.wild_howl.get(wild, []) and state.alive[target]):
                up, down = ring.neighbours(state.ring, lambda s: state.alive[s], target)
                pool = list(dict.fromkeys(s for s in (up, target, down) if s))
                pick = pool[ctx.rng.below(len(pool))]
                ctx.seat(user, f"「{name}」被野猪骑士干扰：你的最终选择目标是 {ctx.name(pick)}。")
                ctx.judge(f"野猪骑士干扰：{ctx.name(user)} 的「{name}」选择目标 {target}号 → {pick}号")
                return pick
        return target

    def owes(self, state: NataState, seat: int) -> bool:
        if state.phase != START or not state.may_hold(seat, self.key):
            return False
        keys = state.held(seat)
        return self.key in keys and seat not in state.wild_mode and state.holds(seat, self.key, keys)

    def deadline(self, w: World) -> None:
        if w.state.phase != START:
            return
        for wild in w.state.holding(self.key):
            if wild not in w.state.wild_mode:
                w.ctx.seat(wild, f"你没有选择状态，随机进入{_random_mode(w, wild)}状态。")

    def give_up(self, w: World, seat: int) -> None:
        state = w.state
        if state.phase == START and state.holds(seat, self.key) and seat not in state.wild_mode:
            w.ctx.seat(seat, f"野性伙伴：随机进入{_random_mode(w, seat)}状态。")

    def switch(self, w: World) -> None:
        """晨曦: "游戏日晨曦时……野人必须切换到另外一种状态"."""
        state, ctx = w.state, w.ctx
        for wild in state.holding(self.key):
            if not state.alive[wild] or wild not in state.wild_mode:
                continue
            mode = "骑乘" if state.wild_mode[wild] == "跟随" else "跟随"
            state.wild_mode[wild] = mode
            state.wild_howl.pop(wild, None)
            if mode == "跟随":
                state.wild_due.append(wild)
                ctx.seat(wild, "野性伙伴：你切换到跟随状态，请 /技能 嚎叫 <技能1> <技能2> 选择两个[指定]技能。")
            else:
                ctx.seat(wild, "野性伙伴：你切换到骑乘状态（不死、秩序；可以冲撞）。")


def _random_mode(w: World, seat: int) -> str:
    mode = w.state.wild_mode[seat] = MODES[w.ctx.rng.below(2)]
    if mode == "跟随":
        w.state.wild_due.append(seat)
    return mode


@unit("howl", "嚎叫", SKILLS, phases=(START, DAWN), help="跟随状态：选择两个[指定]技能，公示它们被野猪骑士干扰。", targets=0,
       syntax="嚎叫 <指定技能1> <指定技能2>", forced=True, instant=True, general=True)
class HOWL(NataSkill):
    """The 跟随 state's 嚎叫; its words (every [指定] skill's name) are set by catalog.py once all are declared."""

    def offered(self, state: NataState, seat: int) -> bool:
        return seat in state.wild_due

    def check(self, state: NataState, seat: int, action: Action) -> str | None:
        picks = action.words
        if len(picks) != 2 or picks[0] == picks[1] or any(p not in self.words for p in picks):
            return "请选择两个不同的[指定]技能：/技能 嚎叫 <技能1> <技能2>。可选：" + "、".join(self.words)
        return None

    def use(self, w: World, seat: int, action: Action) -> None:
        howl(w, seat, list(action.words))

    def owes(self, state: NataState, seat: int) -> bool:
        return seat in state.wild_due and state.phase in (START, DAWN)

    def deadline(self, w: World) -> None:
        for wild in list(w.state.wild_due):
            if w.state.phase in (START, DAWN):
                picks = list(self.words)
                w.ctx.rng.shuffle(picks)
                w.ctx.seat(wild, "你没有选择嚎叫的技能，随机选定。")
                howl(w, wild, picks[:2])

    def give_up(self, w: World, seat: int) -> None:
        if seat in w.state.wild_due and w.state.phase in (START, DAWN):
            picks = list(self.words)
            w.ctx.rng.shuffle(picks)
            howl(w, seat, picks[:2])


def howl(w: World, seat: int, picks: list[str]) -> None:
    state = w.state
    state.wild_howl[seat] = picks
    if seat in state.wild_due:
        state.wild_due.remove(seat)
    w.ctx.group(f"【嚎叫】这些技能被野猪骑士干扰：{'、'.join(picks)}。", "howl")
    w.ctx.judge(f"{w.ctx.name(seat)}（野人·跟随）嚎叫：{picks}")


@unit("chong", "冲撞", SKILLS, phases=(NOON,), help="骑乘状态：把自己和肉猪移到目标下方（目标-野人-肉猪），公布新电梯楼；相邻的非村民阵营"
       "角色沉默至下一个正午。", count=2, no_election=True, instant=True, pm_only=False)
class CHONG(NataSkill):
    def blocked(self, state: NataState, seat: int) -> str | None:
        return None if state.wild_mode.get(seat) == "骑乘" and state.holds(seat, "yexing") else "冲撞只能在骑乘状态发动。"

    def target(self, state: NataState, seat: int, target: int) -> str | None:
        if target == seat or target == pig(state) or not state.alive[target]:
            return "冲撞要选择野人和肉猪以外的一名存活角色。"
        return None

    def use(self, w: World, seat: int, action: Action) -> None:
        state, ctx = w.state, w.ctx
        target = action.targets[0]
        p = pig(state)
        movers = [seat] + ([p] if p and state.alive[p] else [])
        self.consume(state, seat)
        state.ring = ring.move_below(state.ring, target, movers)
        alive = lambda s: state.alive[s]  # noqa: E731
        ctx.group("【电梯楼变动】新的电梯楼：" + ring.describe(state.ring, alive, ctx.name), "ring")
        ctx.judge(f"{ctx.name(seat)}（野人）冲撞到 {ctx.name(target)} 下方")
        for s in ring.within(state.ring, alive, movers, 1):
            if state.faction(s) != VILLAGE:
                w.status.grant(s, "沉默", NOON, seat)


ROLE = role("野人", VILLAGE, STRONG, 9, (YEXING, CHONG), blurb="与厚皮肉猪相伴，在跟随与骑乘两种状态间切换。",
            note="有野人必有厚皮肉猪。")
