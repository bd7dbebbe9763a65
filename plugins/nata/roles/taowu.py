"""梼杌⑨（狼人，[群内]）: 恐虐[午夜][指定]——「第二晚开始，任意一名角色。结算效果：结算目标永久获得[业炎]状态，若成功获得此状态，
发动者和结算目标互相得知对方马甲和[实际身份]」; 残暴[强制][晨曦][黄昏][指定]——「出局后的下一个可发动技能的时点触发此效果：选择
范围：任意一名有[业炎]的角色。结算效果：结算目标承受[致死伤害]，然后所有因为[恐虐]得知过发动者的角色丢失[业炎]状态」."""

from __future__ import annotations

from ...bansha.engine import Action, unit
from ..declared import SKILLS
from ..skill import NataSkill, role
from ..state import NataState, Plan
from ..terms import DAWN, DUSK, MID, PERM, WOLF, WOLFKIND
from ..world import World
from .pack import KILL


@unit("konglue", "恐虐", SKILLS, phases=(MID,), help="第二晚开始：结算目标永久获得[业炎]；成功则你们互相得知马甲和实际身份。", targeted=True,
       night2=True)
class KONGLUE(NataSkill):
    def resolve(self, w: World, plan: Plan) -> None:
        state, ctx, seat = w.state, w.ctx, plan.seat
        final = w.targets.land(seat, "konglue", plan.targets)[0]
        ctx.judge(f"{ctx.name(seat)}（梼杌）恐虐 {plan.targets[0]}号 → {final}")
        if final is not None and w.status.grant(final, "业炎", PERM, seat, skill="恐虐"):
            state.fear_known.setdefault(seat, []).append(final)
            ctx.seat(seat, f"恐虐成功：{ctx.name(final)} 的实际身份是【{state.roles[final]}】。", "check")
            ctx.seat(final, f"恐虐：{ctx.name(seat)} 的实际身份是【{state.roles[seat]}】。", "check")

    def tells(self, state: NataState, seat: int) -> list[str]:
        lines = []
        for tyrant, known in state.fear_known.items():
            if seat == tyrant:
                lines.append("因恐虐得知的角色：" + "、".join(f"{s}号 {state.roles[s]}" for s in known) + "。")
            elif seat in known:
                lines.append(f"恐虐：{tyrant}号 是{state.roles[tyrant]}。")
        return lines


def _burning(state: NataState) -> list[int]:
    return [s for s in state.seats() if state.alive[s] and state.targetable(s) and state.statuses.has(s, "业炎")]


@unit("canbao", "残暴", SKILLS, phases=(DAWN, DUSK), help="强制：出局后下一个时点选择一名有[业炎]的角色承受致死伤害，然后所有因恐虐得知你的"
       "角色失去[业炎]。", when_dead=True, targeted=True, forced=True, instant=True, after_death=True, living=False)
class CANBAO(NataSkill):
    def target(self, state: NataState, seat: int, target: int) -> str | None:
        return None if state.statuses.has(target, "业炎") else "残暴只能选择持有[业炎]的角色。"

    def use(self, w: World, seat: int, action: Action) -> None:
        self._strike(w, seat, action.targets[0])

    def _strike(self, w: World, seat: int, target: int) -> None:
        state, ctx = w.state, w.ctx
        state.owed[seat] = [k for k in state.owed.get(seat, []) if k != self.key]
        state.windows.pop(seat, None)
        state.spent.append(state.key(seat, self.key))
        final = w.targets.land(seat, self.key, (target,))[0]
        ctx.judge(f"{ctx.name(seat)}（梼杌）残暴 {target}号 → {final}")
        if final is not None:
            w.deaths.lethal(final, seat, "残暴")
        for s in state.fear_known.pop(seat, []):
            state.statuses.items = [x for x in state.statuses.items if not (x.holder == s and x.name == "业炎")]
            ctx.judge(f"{ctx.name(s)} 因残暴失去[业炎]")

    def after_out(self, w: World, seat: int, own: list[str], hit) -> None:
        if self.key in own:
            w.state.owed.setdefault(seat, []).append(self.key)

    def owes(self, state: NataState, seat: int) -> bool:
        return state.phase in (DAWN, DUSK) and self.key in state.owed.get(seat, ()) and state.window_open(seat)

    def deadline(self, w: World) -> None:
        state = w.state
        for seat, keys in list(state.owed.items()):
            if self.key in keys and state.window_open(seat):
                pool = _burning(state)
                if pool:
                    self._strike(w, seat, pool[w.ctx.rng.below(len(pool))])
                else:
                    state.owed[seat] = [k for k in keys if k != self.key]

    def give_up(self, w: World, seat: int) -> None:
        state = w.state
        if self.key in state.owed.get(seat, []) and state.window_open(seat):
            pool = _burning(state)
            if pool:
                self._strike(w, seat, pool[w.ctx.rng.below(len(pool))])
            else:
                state.owed[seat] = []


ROLE = role("梼杌", WOLF, WOLFKIND, 9, (KILL, KONGLUE, CANBAO), tags=("群内",), blurb="恐虐施加业炎；出局后残暴。")
