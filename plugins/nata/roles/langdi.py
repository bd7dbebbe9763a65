"""狼弟⑧（狼人）. 「与狼兄互知不共群，有狼弟必有狼兄。」 潜藏[开局][黄昏][强制]——「游戏开局，狼弟可以设置自己的全部表面伪装。
黄昏结束后，狼兄处于出局状态时触发此效果：狼弟获得[群内]标签，然后本技能失效」; 继承[早夜][指定][强制][限定]——「有[群内]标签
时触发效果：选择范围：任意一名角色。结算效果：对结算目标造成[致死伤害]」."""

from __future__ import annotations

from ...bansha.engine import Action, unit
from ..declared import SKILLS
from ..disguise import HELP, Disguising, faction_word, parse
from ..pool import DISGUISE_WORDS
from ..skill import NataSkill, role
from ..state import Disguise, NataState, Plan
from ..terms import EARLY, START, WOLF, WOLF_TEAM, WOLFKIND, seats_text
from ..world import World


@unit("qiancang", "潜藏", SKILLS, phases=(START,), help="开局可设定表面伪装（" + HELP + "）；黄昏结束后狼兄已出局则获得[群内]，本技能失效。",
       targets=0, syntax="潜藏 <身份名> <村民阵营|狼人阵营|独立阵营> <带刀|不带刀>", words=DISGUISE_WORDS, forced=True,
       instant=True)
class QIANCANG(Disguising):
    def use(self, w: World, seat: int, action: Action) -> None:
        state = w.state
        role_, faction, knife = parse(action.words)  # type: ignore[misc]
        state.seq += 1
        state.disguises[seat] = [d for d in state.disguises.get(seat, []) if d.until != "qiancang"]
        state.disguises[seat].append(Disguise(state.seq, role_, faction_word(faction), knife, until="qiancang"))
        w.ctx.reply(f"潜藏：表面伪装设为 {role_}、{faction}、{'带刀' if knife else '不带刀'}。")
        w.ctx.judge(f"{w.ctx.name(seat)}（狼弟）设定伪装 {role_}/{faction}/{knife}")

    def emerge(self, w: World) -> None:
        """"黄昏结束后，狼兄处于出局状态时触发此效果：狼弟获得[群内]标签，然后本技能失效"."""
        state, ctx = w.state, w.ctx
        for brother in state.holding(self.key):
            elders = state.holders("狼兄")
            if (state.alive[brother] and elders and not any(state.alive[b] for b in elders)
                    and not state.has(brother, "超度")):
                state.labels.setdefault(brother, []).append("群内")
                state.failed.setdefault(brother, []).append(self.key)
                state.disguises[brother] = [d for d in state.disguises.get(brother, []) if d.until != "qiancang"]
                ctx.seat(brother, f"潜藏：狼兄已出局，你获得[群内]标签，加入狼群。狼群：{seats_text(state.pack())}。")
                ctx.team(WOLF_TEAM, [m for m in state.pack() if m != brother],
                         f"【{WOLF_TEAM}】{ctx.name(brother)}（狼弟）加入了狼群。", "team")


@unit("jicheng", "继承", SKILLS, phases=(EARLY,), help="强制：有[群内]标签时选择一名角色承受致死伤害（整局一次）。", targeted=True, forced=True,
       limited=True)
class JICHENG(NataSkill):
    def blocked(self, state: NataState, seat: int) -> str | None:
        return None if state.inner(seat) else "有[群内]标签时才能继承。"

    def resolve(self, w: World, plan: Plan) -> None:
        final = w.targets.land(plan.seat, "jicheng", plan.targets)[0]
        w.ctx.judge(f"{w.ctx.name(plan.seat)}（狼弟）继承 {plan.targets[0]}号 → {final}")
        if final is not None:
            w.deaths.lethal(final, plan.seat, "继承")

    def _due(self, state: NataState, seat: int) -> bool:
        return state.inner(seat) and not state.spent_on(seat, self.key) and state.key(seat, self.key) not in state.plans

    def owes(self, state: NataState, seat: int) -> bool:
        if state.phase != EARLY or not state.alive[seat] or not state.may_hold(seat, self.key):
            return False
        keys = state.held(seat)
        return self.key in keys and state.holds(seat, self.key, keys) and self._due(state, seat)

    def deadline(self, w: World) -> None:
        """[强制]: nobody chosen in time, a random other living seat."""
        state = w.state
        if state.phase != EARLY:
            return
        for brother in state.holding(self.key):
            if self._due(state, brother):
                target = w.random_living((brother,))
                if target:
                    state.seq += 1
                    state.plans[state.key(brother, self.key)] = Plan(brother, self.key, (target,), (), state.seq)
                    w.ctx.judge(f"{w.ctx.name(brother)}（狼弟）继承为强制技能，随机选定 {target}号")


ROLE = role("狼弟", WOLF, WOLFKIND, 8, (QIANCANG, JICHENG), blurb="与狼兄互知不共群；狼兄出局后入群并继承。",
            note="有狼弟必有狼兄。", knows="狼兄", knows_note="（互知不共群）")

