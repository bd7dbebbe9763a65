"""[指定]: from 选择目标 to 结算目标 (「[选择目标]——蚀时狼妃[时间逆流]——魔术师[交换]——……——最终会进行结算效果的所有
目标」). The chain is engine/mechanics/redirect.py's; the links in force, the interference before it and the triggers
after it come from the skills that answer order.MOMENTS' "used", "interfere", "links" and "reached".
world.Targets is its interface."""

from __future__ import annotations

from ..bansha.engine.mechanics import redirect as redirect
from .catalog import answering, moment
from .declared import SKILLS
from .world import World


class Targets:
    def __init__(self, w: World):
        self.w = w

    def note_used(self, name: str) -> None:
        """A skill used tonight, by name (养殖者's 守夜 lists them)."""
        if self.w.state.is_night():
            self.w.state.used_names.append(name)

    def land(self, user: int, key: str, chosen: tuple[int, ...] | list[int]) -> list[int | None]:
        """Each chosen target of a [指定] skill → its 结算目标, or None where [隐身] stops it
        ("所有[指定]技能以该角色进行[最终结算目标]的效果，不进行结算")."""
        w, state, ctx = self.w, self.w.state, self.w.ctx
        name = SKILLS[key].name
        self.note_used(name)
        moment("used", w, user, name)
        out: list[int | None] = []
        for t in chosen:
            pick = t
            for s in answering("interfere"):
                pick = s.interfere(w, user, name, pick)
            links = [link for s in answering("links") for link in s.links(state)]
            final, path = redirect.run(user, pick, links)
            for p in path:
                ctx.judge(f"{p.link}：{ctx.name(user)} 的「{name}」{p.before}号 → {p.after}号")
            if state.has(final, "隐身"):
                ctx.judge(f"{ctx.name(final)} 隐身：{ctx.name(user)} 的「{name}」不结算")
                out.append(None)
                continue
            moment("reached", w, final, user, name)
            out.append(final)
        return out
