"""After every change to a 纳塔 game: skills that fail (技能失效), the statuses that follow them, and 胜负判定 —
「仅一个阵营未判负时自动获胜。同时判负时，之前未判负的阵营中按照优先级获胜：三方＞狼人＞村民。」"""

from __future__ import annotations

from .catalog import SKILLS, answering
from .pool import INDEPENDENT
from .terms import ELDER, FACTIONS, PRIORITY, VILLAGE, WOLF
from .world import World


def settle(w: World) -> None:
    state, ctx = w.state, w.ctx
    if state.winner:
        return
    failed = state.failed
    if len(failed) != state.n:
        for seat in state.seats():
            failed.setdefault(seat, [])
    failing = [s.key for s in answering("failing") if s.failing(state)]
    if failing:
        # a failing skill is a role's own: held only where the role may hold it, or by a 变脸 card or a grant
        near = state.table().may_hold(frozenset(failing)).union(state.face, state.grants)
        for seat in sorted(near):
            fails = failed[seat]
            may = state.role(seat).may_hold
            for key in failing:
                if key in fails or (key not in may and seat not in state.face and not state.grants.get(seat)):
                    continue
                if key in state.held(seat):
                    fails.append(key)
                    if state.alive[seat]:
                        ctx.seat(seat, f"「{SKILLS[key].name}」失效了。")
                    ctx.judge(f"{ctx.name(seat)} 的「{SKILLS[key].name}」失效")
    w.status.sync()
    judge_end(w)


def judge_end(w: World) -> None:
    state, ctx = w.state, w.ctx
    if state.winner:
        return
    newly = []
    for faction in FACTIONS:
        if faction in state.lost:
            continue
        lost = {
            VILLAGE: state.village_lost,
            WOLF: state.wolves_lost,
            ELDER: lambda: not any(state.alive[s] for s in state.holders(INDEPENDENT)),
        }[faction]()
        if lost:
            newly.append(faction)
            ctx.judge(f"{faction}判负")
    for elder in state.holders(INDEPENDENT):
        if ELDER not in state.lost and ELDER not in newly and state.elder_won(elder):
            win(w, ELDER, "异端或其余非异端角色已全部出局。")
            return
    state.lost.extend(newly)
    left = [f for f in FACTIONS if f not in state.lost]
    if len(left) == 1:
        win(w, left[0], "其余阵营均已判负。")
    elif not left:
        best = next(f for f in PRIORITY if f in newly)
        win(w, best, "各阵营同时判负，按 三方＞狼人＞村民 的优先级获胜。")


def win(w: World, faction: str, why: str) -> None:
    w.state.winner = faction
    w.state.win_text = f"{faction}获胜！{why}"


def forfeit(w: World, faction: str) -> None:
    """"同一阵营的角色累计获得两张或以上红牌时，阵营判负"."""
    state = w.state
    if faction in FACTIONS and faction not in state.lost and not state.winner:
        state.lost.append(faction)
        w.ctx.judge(f"{faction}累计两张红牌，判负")
        judge_end(w)
        left = [f for f in FACTIONS if f not in state.lost]
        if not state.winner and not left:
            win(w, next(f for f in PRIORITY if f == faction), "其余阵营均已判负。")
