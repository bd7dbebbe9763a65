"""Who wins 狼人杀: checked after every input, so after every death."""

from __future__ import annotations

from ..bansha.engine import Outcome
from .state import WerewolfState
from .terms import GOD, GOOD, LOVERS, PIPER, VILLAGER, WOLVES, seats_text


def outcome(state: WerewolfState) -> Outcome | None:
    """Checked after every input, so after every death.

    Each side is out of the running when: 好人 — 屠边 (every 平民 or every 神民 of the camp out; 002
    "当他们全部死亡后平民阵营就输了"); 狼人 — no wolf of the camp left; 人狼恋 — the lovers are out; 吹笛者 — he
    is out. The 吹笛者 wins at once when every living player is charmed, the 人狼恋 when nobody but the three
    is left; otherwise the last side still in the running wins. When the last sides go out together (a night's
    kill and poison), the wolves win: 002 "狼人的目标：黑夜的时候杀死所有的村民"."""
    everyone = range(1, state.n + 1)
    camps = state.camps()
    if state.forfeited:
        winner = GOOD if state.forfeited == WOLVES else WOLVES
        seats = tuple(s for s in everyone if camps[s] == winner)
        return Outcome(winner, seats, f"{state.forfeited}累计两张红牌判负，{winner}获胜！")
    living = state.living()
    piper = state.piper
    piper_in = bool(piper) and state.alive[piper] and PIPER not in state.lost_sides
    if piper_in and all(s in state.charmed for s in living if s != piper):
        return Outcome(PIPER, (piper,), f"吹笛者 {piper}号 获胜！活着的玩家全部被他迷惑了，其余所有人都输了。")
    lovers_in = state.mixed_love and LOVERS not in state.lost_sides and all(state.alive[s] for s in state.lovers)
    side = {*state.lovers, state.cupid}
    if lovers_in and all(s in side for s in living):
        return Outcome(
            LOVERS,
            tuple(sorted(side)),
            f"人狼恋阵营获胜！恋人 {seats_text(state.lovers)} 和丘比特 {state.cupid}号 消灭了其他所有玩家。",
        )
    # Two lovers of one camp are no side of their own: only the 人狼恋 above wins as a pair. A 吹笛者 left
    # alone with the one he loves can still charm him, unless the 长老's curse took his power: then nothing can
    # change any more (恋人之间永远不能互票互杀) and he can never win.
    frozen_piper = piper_in and set(living) == set(state.lovers) and state.powerless(piper)
    piper_in = piper_in and not frozen_piper
    good = [s for s in everyone if camps[s] == GOOD]
    wolves = [s for s in everyone if camps[s] == WOLVES]
    villagers = [s for s in good if state.kind(s) == VILLAGER]
    gods = [s for s in good if state.kind(s) == GOD]
    villagers_out = bool(villagers) and not any(state.alive[s] for s in villagers)
    gods_out = bool(gods) and not any(state.alive[s] for s in gods)
    good_in = not (villagers_out or gods_out) and any(state.alive[s] for s in good)
    wolves_in = any(state.alive[s] for s in wolves)
    running = [
        name
        for name, still in ((GOOD, good_in), (WOLVES, wolves_in), (LOVERS, lovers_in), (PIPER, piper_in))
        if still
    ]
    thirds = [name for name, there in (("人狼恋", state.mixed_love), ("吹笛者", bool(piper))) if there]
    stuck = ""
    if frozen_piper:
        thirds.remove("吹笛者")
        stuck = f"吹笛者 {piper}号 失去了能力，又不能伤害他的恋人，再也无法获胜"
    if running == [GOOD]:
        what = "狼人" + ("和" + "、".join(thirds) if thirds else "")
        return Outcome(GOOD, tuple(good), f"好人阵营获胜！{what}全部出局" + (f"，{stuck}" if stuck else "") + "。")
    if running == [WOLVES] or (not running and wolves):
        why = "平民全部出局" if villagers_out else "神民全部出局" if gods_out else "好人全部出局"
        if stuck:
            why += f"，{stuck}"
        if thirds:
            why += f"，{'、'.join(thirds)}也已出局"
        if not wolves_in:
            why += "（狼人也同时全部出局：按“狼人的目标：黑夜的时候杀死所有的村民”判狼人胜）"
        return Outcome(WOLVES, tuple(wolves), f"狼人阵营获胜（屠边）！{why}。")
    if running == [LOVERS]:
        return Outcome(
            LOVERS,
            tuple(sorted(side)),
            f"人狼恋阵营获胜！恋人 {seats_text(state.lovers)} 和丘比特 {state.cupid}号 是最后的一方。",
        )
    if running == [PIPER] or (not running and piper):
        return Outcome(PIPER, (piper,), f"吹笛者 {piper}号 获胜！他是最后的一方。")
    if not running:
        return Outcome(GOOD, tuple(good), "好人阵营获胜！其他各方都已出局。")
    return None


def outcome_key(state: WerewolfState) -> tuple:
    """The facts `outcome` reads, for the ruleset's declared reuse (`WerewolfRuleset.reuse`, engine/core/cache.py):
    who is alive and in which camp (roles, the lovers and their 丘比特), the 吹笛者's charmed and his power (the
    长老's curse), and the sides judged lost by red cards. The verdict is asked anew only when one of them
    changed; tests/engine/test_cache.py checks the kept verdict against the from-scratch one after every input of
    random games of every board (a fact missing here fails it). `pending` has no key: who owes an action
    changes with nearly every input, and a key covering what it reads costs as much as the answer."""
    return (tuple(state.alive), tuple(state.roles), tuple(state.lovers), state.cupid, tuple(state.charmed),
            state.forfeited, tuple(state.lost_sides), state.cursed, state.curse_scope)
