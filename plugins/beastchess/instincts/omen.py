"""趋吉避凶（AT·防守·锁定）：每回合必須發動（未提交視為吉）。吉：自己受到1點真實傷害；兇：選定一個他人，本回合他不受來自你等級
的傷害及真實傷害。偶數回合與上一回合組合：兇+兇：本回合只受一次最高的傷害（含真傷）；吉+吉：你等級的玩家本回合和下回合最大扣除
血量為1；吉兇混合：詛咒一個等級，其下一回合攻擊傷害-1，你獲得1個護盾。"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...bansha.engine import ALIVE_OTHER, Action, Ctx, Refusal
from ..data import AT, DEFEND, LEVEL_WORDS
from ..power import Instinct, instinct
from ..resolve import Hit

if TYPE_CHECKING:
    from ..resolve import Resolver
    from ..state import BeastState, Plan

JI, XIONG = "吉", "凶"
OMEN_WORDS = (JI, XIONG, "兇", *LEVEL_WORDS)


@instinct("趋吉避凶", AT, DEFEND, "omen",
          "锁定，每回合必须发动（未提交视为吉）。吉：自己受到1点真实伤害；凶：选定一个他人，本回合他不受来自你等级的伤害"
          "及真实伤害。偶数回合与上一回合组合：凶+凶：本回合只受一次最高的伤害（含真伤）；吉+吉：你等级的玩家本回合和下"
          "回合最大扣除血量为1；吉凶混合：诅咒一个等级（如 4级），其下一回合攻击伤害-1，你获得1个护盾。",
          skill_kw={"targets": 1, "target_rule": ALIVE_OTHER, "min_targets": 0, "words": OMEN_WORDS},
          locked=True, priority=2, traditional="趨吉避兇")
class OMEN(Instinct):
    @staticmethod
    def _choice(plan: Plan) -> str:
        if plan.instinct == "omen" and any(w in (XIONG, "兇") for w in plan.words):
            return XIONG
        return JI

    # --- the submission: every round -----------------------------------------------------------------------------
    def check(self, st: BeastState, seat: int, action: Action) -> tuple[tuple[str, ...], str]:
        targets, words = action.targets, action.words
        choice = [w for w in words if w in (JI, XIONG, "兇")]
        if len(choice) != 1:
            raise Refusal("趋吉避凶：请写「吉」或「凶 <目标>」。")
        xiong = choice[0] != JI
        if xiong and not targets:
            raise Refusal("凶：请指定一个除自己以外的目标，如「趋吉避凶 凶 3」。")
        if not xiong and targets:
            raise Refusal("吉只作用于自己，不需要目标。")
        mine = XIONG if xiong else JI
        before = st.omens.get(seat, {}).get(st.day - 1, JI)
        levels = [w for w in words if w.endswith("级")]
        if st.day % 2 == 0 and before != mine and not levels:
            raise Refusal(f"偶数回合的吉凶组合（上回合{before}、本回合{mine}）需要诅咒一个等级，如「趋吉避凶 {mine} "
                          + ("3 " if xiong else "") + "4级」。")
        if len(levels) > 1:
            raise Refusal("只能诅咒一个等级。")
        return (mine, *levels), ""

    def opening(self, ctx: Ctx, st: BeastState, seat: int) -> list[str]:
        return ["趋吉避凶：本回合必须发动（吉 / 凶 <目标>），未提交视为吉。"]

    def owes(self, st: BeastState, seat: int, plan: Plan | None) -> bool:
        return not (plan and plan.instinct == self.key)

    def by_default(self, st: BeastState, seat: int, plan: Plan) -> None:
        plan.instinct, plan.targets, plan.words = self.key, (), (JI,)  # 每回合必須發動 — silence counts as 吉

    # --- the round -----------------------------------------------------------------------------------------------
    def guard(self, r: Resolver, seat: int) -> None:
        if not r.used(seat, self.key):  # 锁定: always works
            return
        st, plan = r.st, r.plan(seat)
        choice = self._choice(plan)
        if choice != JI and plan.targets:
            t = plan.targets[0]
            r.protect.setdefault(t, set()).add(st.level(seat))
            r.log(f"{seat}号 趋吉避凶（凶）：{t}号 本回合不受{st.level(seat)}级的伤害")
        if r.r % 2:
            return
        before = st.omens.get(seat, {}).get(r.r - 1, JI)
        if before == choice == JI:
            for x in r.actors:
                if st.level(x) == st.level(seat):
                    st.max_loss[x] = max(st.max_loss.get(x, 0), r.r + 1)
            r.log(f"{seat}号 趋吉避凶 吉+吉：{st.level(seat)}级玩家本回合和下回合最大扣除血量为1")
        elif before == choice:
            r.only_highest.add(seat)
            r.log(f"{seat}号 趋吉避凶 凶+凶：本回合只受一次最高的伤害")
        else:
            r.gain[seat] = r.gain.get(seat, 0) + 1
            level = next((int(w[0]) for w in plan.words if w.endswith("级")), 0)
            if level:
                st.curses[level] = r.r + 1
                r.log(f"{seat}号 趋吉避凶 吉凶组合：诅咒{level}级，下一回合其攻击伤害-1；自己+1护盾")
            else:
                r.log(f"{seat}号 趋吉避凶 吉凶组合：没有指定诅咒等级；自己+1护盾")

    def table_guard(self, r: Resolver) -> None:
        """吉+吉 of this round or the last: after every holder's guard, so all of this round's are known."""
        for s in r.actors:
            if r.st.max_loss.get(s, 0) >= r.r:
                r.lock(s, r.start[s] - 1, "吉+吉（最大扣除血量为1）")

    def table_strike(self, r: Resolver, seat: int, amount: int) -> int:
        """A cursed level's attacks deal one less this round."""
        return amount - 1 if r.st.curses.get(r.st.level(seat)) == r.r else amount

    def effect(self, r: Resolver, seat: int) -> None:
        if self._choice(r.plan(seat)) == JI:
            r.hit(seat, Hit(seat, 1, True, "趋吉避凶（吉）"))

    def record(self, r: Resolver, seat: int) -> None:
        r.st.omens.setdefault(seat, {})[r.r] = self._choice(r.plan(seat))

    def close(self, r: Resolver, seat: int) -> None:
        if r.r not in r.st.omens.get(seat, {}):  # must be used every round: silence is 吉
            r.st.omens.setdefault(seat, {})[r.r] = JI
