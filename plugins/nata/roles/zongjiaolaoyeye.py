"""宗教老爷爷（独立）: 「游戏开局，选择六名角色（自己除外）作为异端。」 异端处决[强制]——「每有一名异端出局，票权+1，每有三名异端
出局，免疫一次出局。PS：出局后复活，然后再次出局，计为出局2次。」 「胜利条件：异端或自己除外的非异端角色全部出局」（verdict.py;
the vote weight: state.weight）."""

from __future__ import annotations

from ...bansha.engine import Action, unit
from ...bansha.engine.mechanics.death import Hit
from ..declared import SKILLS
from ..skill import Forced, NataSkill, role
from ..state import NataState
from ..terms import ELDER, INDEP, START, seats_text
from ..world import World


def _random_heretics(w: World, elder: int) -> None:
    others = [s for s in w.state.seats() if s != elder]
    w.ctx.rng.shuffle(others)
    w.state.heretics = sorted(others[:6])


@unit("heresy", "选择异端", SKILLS, phases=(START,), help="强制：开局选择六名角色（自己除外）作为异端。", aliases=("异端",), targets=6,
       forced=True, instant=True)
class HERESY(NataSkill):
    def blocked(self, state: NataState, seat: int) -> str | None:
        return "你已经选好了异端。" if state.heretics else None

    def target(self, state: NataState, seat: int, target: int) -> str | None:
        return "异端不能选择自己。" if target == seat else None

    def use(self, w: World, seat: int, action: Action) -> None:
        w.state.heretics = sorted(action.targets)
        w.ctx.reply(f"你选择的异端：{'、'.join(w.ctx.name(s) for s in w.state.heretics)}。")
        w.ctx.judge(f"{w.ctx.name(seat)}（宗教老爷爷）选择异端：{w.state.heretics}")

    def tells(self, state: NataState, seat: int) -> list[str]:
        if self.key in state.role(seat).skill_keys and state.heretics:
            return [f"你的异端：{seats_text(state.heretics)}（已出局 {state.heretic_outs} 名）。"]
        return []

    def owes(self, state: NataState, seat: int) -> bool:
        if state.phase != START or not state.may_hold(seat, self.key):
            return False
        keys = state.held(seat)
        return self.key in keys and not state.heretics and state.holds(seat, self.key, keys)

    def deadline(self, w: World) -> None:
        if w.state.phase != START:
            return
        for elder in w.state.holders(ROLE.name):
            if not w.state.heretics:
                _random_heretics(w, elder)
                w.ctx.seat(elder, f"你没有选择异端，随机选定：{'、'.join(w.ctx.name(s) for s in w.state.heretics)}。")
                w.ctx.judge(f"异端随机选定：{w.state.heretics}")

    def give_up(self, w: World, seat: int) -> None:
        if w.state.phase == START and w.state.holds(seat, self.key) and not w.state.heretics:
            _random_heretics(w, seat)
            w.ctx.seat(seat, f"异端随机选定：{'、'.join(w.ctx.name(s) for s in w.state.heretics)}。")


@unit("yiduan", "异端处决", SKILLS, help="每有一名异端出局票权+1，每有三名异端出局免疫一次出局（复活后再出局计2次）。")
class YIDUAN(Forced):
    def survive(self, w: World, hit: Hit) -> bool:
        state, seat = w.state, hit.target
        if state.holds(seat, self.key) and state.heretic_outs // 3 > state.elder_saves:
            state.elder_saves += 1
            w.ctx.seat(seat, "异端处决：你免疫了这次出局。")
            w.ctx.judge(f"{w.ctx.name(seat)}（宗教老爷爷）异端处决，免疫一次出局")
            return True
        return False

    def after_out(self, w: World, seat: int, own: list[str], hit) -> None:
        if seat in w.state.heretics:
            w.state.heretic_outs += 1
            w.ctx.judge(f"异端 {w.ctx.name(seat)} 出局（累计 {w.state.heretic_outs} 名）")


ROLE = role("宗教老爷爷", ELDER, INDEP, 0, (HERESY, YIDUAN), blurb="开局选择六名异端；异端或其余非异端全部出局时获胜。")
