"""The wolves' shared 杀人 (狼人阵营): 「该阵营的角色若标明[群内]，则入狼群，并与所有群内共享一个杀人技能，若[杀人]需要
判定技能来源，则随机一名群内成为来源」; [接刀] takes the knife when every 群内 wolf is out or burned for good."""

from __future__ import annotations

from ...bansha.engine import Action, unit
from ...bansha.engine.mechanics import death as death
from ...bansha.engine.mechanics.death import Hit
from ..declared import ROLES, SKILLS
from ..skill import NataSkill
from ..state import NataState
from ..terms import DEEP, WOLF_TEAM
from ..world import World


@unit("kill", "杀人", SKILLS, phases=(DEEP,), help="第二晚开始，狼群一起选择：对结算目标造成一次[指杀]（每人以最后一次选择为准，多数决定，"
       "平票取最近的选择）。", aliases=("刀",), team=WOLF_TEAM, targeted=True, night2=True, silenced=False, gives=("kill",))
class KILL(NataSkill):
    def adds(self, state: NataState, seat: int, keys: list[str]) -> tuple[str, ...]:
        """[接刀]: "所有[群内]狼出局，或所有[群内]狼皆承受永久的[业炎/净化]状态时，[接刀]的角色获得[杀人]技能并可使用"."""
        if "接刀" in ROLES[state.roles[seat]].tags and seat not in state.stripped and state.catcher(seat):
            return (self.key,)
        return ()

    def blocked(self, state: NataState, seat: int) -> str | None:
        if state.catcher(seat):
            return "你处于[缴械]，不能杀人。" if state.has(seat, "缴械") else None
        if not state.inner(seat):
            return "你现在没有[群内]或[接刀]标签，不能杀人。"
        return "狼群中有角色处于[缴械]，整个群内都不能杀人。" if state.pack_disarmed() else None

    def plan(self, w: World, seat: int, action: Action) -> None:
        """[团队]: each chooser's latest choice counts; the pack hears it."""
        state, ctx = w.state, w.ctx
        state.seq += 1
        state.kill_choice[seat] = (action.targets[0], state.seq)
        state.acted.append(state.key(seat, "kill"))
        members = state.pack() or [seat]
        mates = [m for m in members if m != seat]
        ctx.team(WOLF_TEAM, mates, f"【{WOLF_TEAM}】{ctx.name(seat)} 选择杀 {ctx.name(action.targets[0])}。", "team",
                 {"seat": seat, "target": action.targets[0]})
        ctx.reply(f"你选择杀 {ctx.name(action.targets[0])}（深夜结束前可以改选或 /放弃 杀人）。")
        ctx.judge(f"第{state.day}夜 {ctx.name(seat)} 选择杀 {action.targets[0]}号")

    def planned(self, state: NataState, seat: int) -> bool:
        return seat in state.kill_choice or super().planned(state, seat)

    def cancel(self, w: World, seat: int) -> None:
        state = w.state
        if seat in state.kill_choice:
            del state.kill_choice[seat]
            w.ctx.team(WOLF_TEAM, [m for m in state.pack() if m != seat], f"【{WOLF_TEAM}】{w.ctx.name(seat)} 放弃杀人。",
                       "team")
        super().cancel(w, seat)

    def pack_kill(self, w: World) -> None:
        """Each chooser's latest choice; most votes, a tie to the latest; the source a random 群内."""
        state, ctx = w.state, w.ctx
        votes: dict[int, int] = {}
        latest: dict[int, int] = {}
        for wolf, (target, stamp) in sorted(state.kill_choice.items()):
            if state.alive[wolf] and target:
                votes[target] = votes.get(target, 0) + 1
                latest[target] = max(latest.get(target, 0), stamp)
        state.kill_choice = {}
        if not votes:
            return
        best = max(votes.values())
        target = max((t for t, v in votes.items() if v == best), key=lambda t: latest[t])
        pack = state.pack() or [s for s in state.seats() if state.catcher(s)]
        if not pack:
            return
        source = pack[ctx.rng.below(len(pack))]
        final = w.targets.land(source, "kill", (target,))[0]
        ctx.judge(f"狼人阵营杀人 {target}号（来源 {source}号）→ {final}")
        if final is None:
            return
        if any(s.stops_kill(w, final) for s in w.answering("stops_kill")):
            return
        w.deaths.hit(Hit(final, death.KILL, source, "杀人", (("night", state.is_night()),)))
