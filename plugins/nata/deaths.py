"""出局 in 纳塔: the three-step 出局结算 (engine/mechanics/death.py; this class is its `World`), revival, 翻牌 and the
public death lists. What a death sets off comes from the skills answering order.MOMENTS' "leaving", "survive"
and "after_out". world.Deaths is its interface.

004: "1、若承受伤害的目标有可以对应抵消的[守护][坚韧][不死][霸道]状态，目标不出局…… 2、若承受伤害的目标未能
抵消掉伤害，但是拥有各种免于出局，不会出局等状态或效果，这些状态或效果全部结算…… 3、承受伤害的目标出局，并结算附带
的连带效果"; new damage raised in steps 2 and 3 resolves at once (即时插入), by calling `hit` again.
"""

from __future__ import annotations

from typing import Any

from ..bansha.engine.mechanics import death as death
from ..bansha.engine.mechanics.death import Hit, Shield
from .catalog import answering, moment
from .declared import ROLES
from .state import Death
from .terms import DAWN, DUSK, NIGHT_PHASES, NOON, VILLAGE, WOLF
from .world import World


class Deaths:
    def __init__(self, w: World):
        self.w = w

    # --- damage ------------------------------------------------------------------------------------------
    def hit(self, hit: Hit) -> str:
        """[指杀] and [穿透] at night wait for 凌晨's count ("电梯楼顺序统计出局名单"); [致死伤害] "将会立刻出局",
        so it resolves at once, at night too (the seat is told when its sub-phase closes, the table at noon,
        in 电梯楼 order); day damage resolves at once."""
        state, ctx = self.w.state, self.w.ctx
        if state.is_night() and not state.counting and hit.kind != death.LETHAL:
            state.hits.append(hit)
            ctx.judge(f"{ctx.name(hit.target)} 将承受「{hit.skill}」的[{hit.kind}]（凌晨结算）")
            return "pending"
        result = death.resolve(self, hit)
        if state.is_night() and not state.counting and self.wolf_hurt(hit, result):
            state.wolf_hurt.append(hit.target)  # 死神[追魂] reads this at 凌晨
        return result

    def lethal(self, target: int, source: int, skill: str, **data: Any) -> str:
        return self.hit(Hit(target, death.LETHAL, source, skill, (("night", self.w.state.is_night()), *data.items())))

    def wolf_hurt(self, hit: Hit, result: str) -> bool:
        """狼人阵营 damage that did not take its target out (死神[追魂])."""
        state = self.w.state
        return bool(hit.source and state.faction(hit.source) == WOLF and result in (death.CANCELLED, death.SURVIVED)
                    and hit.target not in state.wolf_hurt)

    # --- mech_death.World ----------------------------------------------------------------------------------
    def present(self, seat: int) -> bool:
        return self.w.state.alive[seat]

    def shields(self, hit: Hit) -> list[Shield]:
        state = self.w.state
        out = []
        for st in state.statuses.of(hit.target):
            if st.name not in ("守护", "坚韧", "不死", "霸道"):
                continue
            if st.data.get("vs") == "非村民":  # 厚皮肉猪: "仅针对非村民阵营的[不死]"
                if not hit.source or state.faction(hit.source) == VILLAGE:
                    continue
            out.append(Shield(st.name, state.rank(st), st))
        return out

    def spend(self, hit: Hit, shield: Shield) -> None:
        state, st = self.w.state, shield.ref
        if st.name == "守护":
            st.value -= 1
            if st.value <= 0:
                state.statuses.items = [x for x in state.statuses.items if x is not st]
        self.w.ctx.judge(f"{self.w.ctx.name(hit.target)} 的[{st.name}]抵消了「{hit.skill}」的[{hit.kind}]")

    def survive(self, hit: Hit) -> bool:
        """Step 2: every "免于出局" effect of the target resolves ("这些状态或效果全部结算")."""
        saved = False
        for s in answering("survive"):
            if s.survive(self.w, hit):
                saved = True
        return saved

    def die(self, hit: Hit) -> None:
        state, ctx, seat = self.w.state, self.w.ctx, hit.target
        had = state.held(seat)
        state.own_held[seat] = [k for k in had if state.holds(seat, k, had)]
        moment("leaving", self.w, seat, had)
        state.alive[seat] = False
        night = hit.get("night", False)
        src = hit.source
        village_night = bool(night and src and state.faction(src) == VILLAGE)
        words = "none"
        if state.phase in (DAWN, NOON, DUSK) or (state.day == 1 and state.phase in NIGHT_PHASES):
            words = ""  # "首夜出局和所有白天出局的角色都有遗言"
        if hit.get("blank"):
            words = "empty"  # 白狼王: "本技能造成的出局若有遗言，则遗言必须强制留空"
        d = Death(seat, state.day, state.phase, hit.kind, src, hit.skill, village_night, bool(hit.get("chain")),
                  words=words, words_until=state.day if state.phase == DAWN else state.day + 1)
        state.deaths.append(d)
        if state.phase in NIGHT_PHASES:  # "出局后下一个可发动技能的时点"
            state.windows[seat] = (state.day + 1, DAWN)
        elif state.phase == NOON:
            state.windows[seat] = (state.day, DUSK)
        elif state.phase in (DAWN, DUSK):
            state.windows[seat] = (state.day, state.phase)
        ctx.died(seat)
        ctx.seat(seat, f"你出局了（{hit.skill or hit.kind}）。" + ("可以私聊 /遗言 <内容> 留下遗言。" if words == "" else ""),
                 data={"out": (seat,), "words": words == ""})
        ctx.judge(f"{ctx.name(seat)}（{state.roles[seat]}）出局：{hit.skill}的[{hit.kind}]")

    def chain(self, hit: Hit) -> None:
        """Step 3's 连带效果 of a death, and every trigger waiting on someone going out."""
        state, seat = self.w.state, hit.target
        own = state.own_held.pop(seat, [])
        self.after_out(seat, own, hit)
        d = next(d for d in reversed(state.deaths) if d.seat == seat)
        if d.phase == NOON and not d.announced:  # "在正午阶段出局的信息会随时间立刻公示"
            self.publish([d], "出局")

    def after_out(self, seat: int, own: list[str], hit: Hit | None) -> None:
        moment("after_out", self.w, seat, own, hit)

    def leaving(self, seat: int) -> None:
        """A seat leaves outside the 出局结算 (红牌罚下): what waits on a seat leaving still triggers."""
        had = self.w.state.held(seat)
        moment("leaving", self.w, seat, had)

    # --- 翻牌, revival -------------------------------------------------------------------------------------
    def reveal(self, seat: int, quiet: bool = False) -> None:
        """翻牌: the actual role becomes public (announced now, or with the death list when `quiet`)."""
        state = self.w.state
        if seat in state.revealed:
            return
        state.revealed.append(seat)
        if not quiet:
            self.w.ctx.group(f"{self.w.ctx.name(seat)} 翻牌：{state.roles[seat]}。", "reveal",
                             {"known": ((seat, ROLES[state.roles[seat]].faction == WOLF),)})

    def revive(self, seat: int) -> None:
        """"若被复活将重新回到游戏" ("所有状态按出局时为准": statuses stay as they were)."""
        state, ctx = self.w.state, self.w.ctx
        if state.alive[seat] or seat in state.removed:
            return
        state.alive[seat] = True
        state.windows.pop(seat, None)
        state.owed.pop(seat, None)
        if seat in state.public_out:
            state.public_out.remove(seat)
        state.returned.append(seat)
        ctx.seat(seat, "你被复活了，重新回到游戏（所有状态按出局时为准）。")
        ctx.judge(f"{ctx.name(seat)} 复活")

    # --- the death lists -----------------------------------------------------------------------------------
    def publish(self, deaths: list[Death], title: str) -> None:
        """Announce deaths (and any 遗言 already given); they stop being valid targets."""
        state, ctx = self.w.state, self.w.ctx
        if not deaths:
            return
        lines = [ctx.name(d.seat) + (f"（翻牌：{state.roles[d.seat]}）" if d.seat in state.revealed else "")
                 for d in deaths]
        tag = "reveal" if any(d.seat in state.revealed for d in deaths) else "death"
        known = tuple((d.seat, ROLES[state.roles[d.seat]].faction == WOLF) for d in deaths if d.seat in state.revealed)
        ctx.group(f"{title}：" + "、".join(lines), tag, {"out": tuple(d.seat for d in deaths), "known": known})
        for d in deaths:
            d.announced = True
            d.shown_day = state.day
            if d.seat not in state.public_out:
                state.public_out.append(d.seat)
        for d in deaths:
            self.words_out(d)

    def words_out(self, d: Death) -> None:
        state, ctx = self.w.state, self.w.ctx
        if d.words == "empty":
            ctx.group(f"【遗言】{ctx.name(d.seat)}：（强制留空）", "chat")
        elif d.seat in state.lastwords and d.words == "":
            ctx.group(f"【遗言】{ctx.name(d.seat)}：{state.lastwords.pop(d.seat)}", "chat")
            d.words = "done"

    def unannounced(self) -> list[Death]:
        return [d for d in self.w.state.deaths if not d.announced]

    def by_ring(self, deaths: list[Death]) -> list[Death]:
        """"公示出局名单顺序改为按角色电梯楼顺序排序"."""
        state = self.w.state
        pos = {s: i for i, s in enumerate(state.ring)}
        return sorted(deaths, key=lambda d: (pos.get(d.seat, 0), state.deaths.index(d)))
