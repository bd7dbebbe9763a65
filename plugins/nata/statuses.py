"""How a status lands in 纳塔 (「常见负面状态特效」「非负面状态特效」), and the statuses of 强制 skills following the
skills ("若强制技能提供任何[状态]，则该强制技能失效后，这些状态也一同失效"). world.Statuses is its interface."""

from __future__ import annotations

from typing import Any

from ..bansha.engine import PERMANENT, UNTIL_PHASE, Status
from ..bansha.engine.mechanics import death as death
from ..bansha.engine.mechanics.death import Hit
from .catalog import INNATE_KEYS, answering
from .declared import ROLES, SKILLS
from .state import FAMILY
from .terms import DAWN, EARLY, NOON, PERM, STATUS_HELP
from .world import World

ENDS = {PERM: "永久", EARLY: "持续至下一个夜晚开始", NOON: "持续至下一个正午开始", DAWN: "持续至夜晚结束"}


def _until(until: str) -> dict[str, Any]:
    """Status durations of the text, as StatusBook fields."""
    if until == PERM:
        return {"until": PERMANENT}
    return {"until": UNTIL_PHASE, "phase": until}


class Statuses:
    def __init__(self, w: World):
        self.w = w

    @staticmethod
    def ends(until: str) -> str:
        return ENDS.get(until, "")

    def grant(self, seat: int, name: str, until: str = PERM, source: int = 0, *, tell: bool | None = None,
              data: dict | None = None, skill: str = "") -> bool:
        """Put a status on a seat under the text's rules; True if it took.

        天命人 "不会获得任何状态"; a second [流血] becomes 致死伤害 instead; 秩序/漏洞 block their
        opposite family. Negative statuses are told to the holder (遗忘 only to a holder of a 强制
        skill, 超度 only to a 带刀 holder, 流血 never); others only when `tell`.
        """
        state, ctx = self.w.state, self.w.ctx
        if state.role(seat).no_status:
            ctx.judge(f"{ctx.name(seat)}（{state.roles[seat]}）不会获得任何状态：[{name}] 无效")
            return False
        if name == "流血" and state.statuses.has(seat, "流血"):
            ctx.judge(f"{ctx.name(seat)} 再次获得[流血]：改为承受致死伤害")
            self.w.deaths.hit(Hit(seat, death.LETHAL, source, skill or "流血", (("night", state.is_night()),)))
            return False
        st = Status(name, seat, source=source, data=dict(data or {}), **_until(until))
        parts = set(FAMILY.parts(name))
        if tell is None:  # decided before the status lands: 超度 is told to one who holds a knife now
            tell = FAMILY.is_negative(name) and name != "流血"
            if name == "遗忘":
                tell = any(SKILLS[k].forced for k in state.held(seat))  # "仅在角色持有[强制]技能时会得知"
            elif name == "超度":
                tell = state.knife(seat)
        if not FAMILY.grant(state.statuses, st):
            ctx.judge(f"{ctx.name(seat)} 免疫了[{name}]（{FAMILY.refusal(state.statuses, st) or '免疫'}）")
            return False
        state.seq += 1
        st.data["seq"] = state.seq
        ctx.judge(f"{ctx.name(seat)} 获得[{name}]（{self.ends(until) or until}）")
        if tell:
            st.data["told"] = True
            what = STATUS_HELP.get(name, "")
            ctx.seat(seat, f"你获得了[{name}]：{what}（{self.ends(until)}）。", "status")
        if "遗忘" in parts:
            self.sync()  # "持续生效的效果也会一并失去"
        return True

    def innate(self, seat: int) -> list[tuple[str, str, str]]:
        """Statuses a 强制 skill gives while it lasts: (status, skill, restriction)."""
        state = self.w.state
        if not state.alive[seat]:
            return []
        if not INNATE_KEYS.intersection(ROLES[state.roles[seat]].skill_keys) and seat not in state.face and (
                seat not in state.grants):
            return []
        keys = state.held(seat)
        if not INNATE_KEYS.intersection(keys):
            return []
        return [(name, s.key, vs) for s in answering("innate") for name, vs in s.innate(state, seat, keys)]

    def sync(self) -> None:
        """Keep the statuses of 强制 skills in step with the skills ("该强制技能失效后，这些状态也一同失效")."""
        state = self.w.state
        # only a seat whose role, 变脸 card or grants may give it such a skill, or that holds such statuses, can change
        seats = {*state.table().innate, *state.face, *state.grants}
        seats.update(st.holder for st in state.statuses.items if "by" in st.data)
        for seat in sorted(seats):
            want = self.innate(seat)
            if not want and not any("by" in st.data for st in state.statuses.of(seat)):
                continue
            for st in list(state.statuses.of(seat)):
                by = st.data.get("by")
                if by and (st.name, by, st.data.get("vs", "")) not in want:
                    state.statuses.items = [x for x in state.statuses.items if x is not st]
            for name, by, vs in want:
                if any(st.name == name and st.data.get("by") == by for st in state.statuses.of(seat)):
                    continue
                if state.role(seat).no_status:
                    continue
                st = Status(name, seat, until=PERMANENT, source=seat, data={"by": by, "vs": vs})
                FAMILY.grant(state.statuses, st)
