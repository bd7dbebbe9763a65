"""What a judge's ruling on a 剧本 role's `裁定` skill does (judged.py): the seat hears the result (the group too for
a public skill); 「出局 N」 ruled in the day makes N leave as a death by the 导演's ruling, with what 002 gives any
day death (遗言, 猎人's shot, the badge); at night it takes nobody and the judges are told why."""

from __future__ import annotations

import re

from ..bansha.engine import Ctx
from ..bansha.engine.core.ruling import Ruling
from .book import BOOK
from .judged import OUT
from .state import WerewolfState
from .terms import DAY, JUDGED
from .turn import Turn


def ruled(ctx: Ctx, state: WerewolfState, ruling: Ruling) -> None:
    _, seat_text, key = ruling.ref.split(":", 2)
    seat = int(seat_text)
    skill = BOOK.units.get(key)
    name = skill.name if skill is not None else key
    ctx.seat(seat, f"「{name}」的裁定结果：{ruling.verdict}")
    if skill is not None and skill.public:
        ctx.group(f"导演裁定 {ctx.name(seat)} 的「{name}」：{ruling.verdict}", "ruling")
    m = OUT.match(ruling.verdict)
    if not m:
        return
    seats = [int(x) for x in re.findall(r"\d+", m.group(1)) if 1 <= int(x) <= state.n]
    if state.phase != DAY:
        ctx.judges(f"裁定 #{ruling.no} 写了「出局」，但现在不是白天：没有人因此出局，请在白天用 /法官 红牌 或再次裁定。")
        return
    w = Turn(ctx, state)
    deps = [d for s in seats if state.alive[s] for d in w.deaths.leave(s, JUDGED, night=False)]
    if deps:
        w.deaths.settle(deps, night=False, front=True)
