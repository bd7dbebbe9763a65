"""狐假虎威（AT·攻击）：一回合冷卻，不可對同一目標連續發動，目標血量須>2。使目標受到2點真實傷害並獲得2個護盾；若目標本回合
死亡，你的下一次攻擊/感應額外造成1點真實傷害（攻擊無效時不造成）。"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...bansha.engine import ALIVE_OTHER
from ..data import AT, ATTACK
from ..power import Instinct, instinct
from ..resolve import Hit

if TYPE_CHECKING:
    from ..resolve import Resolver
    from ..state import BeastState


@instinct("狐假虎威", AT, ATTACK, "fox",
          "一回合冷却，不可对同一目标连续发动，目标血量须>2。使目标受到2点真实伤害并获得2个护盾；"
          "若目标本回合死亡，你的下一次攻击/感应额外造成1点真实伤害。",
          skill_kw={"targets": 1, "target_rule": ALIVE_OTHER}, cooldown=1, distinct_target=True)
class FOX(Instinct):
    def target(self, st: BeastState, seat: int, target: int) -> str | None:
        return "狐假虎威：目标的血量须大于2。" if st.known_hp(seat, target) <= 2 else None

    def status_lines(self, st: BeastState, seat: int) -> list[str]:
        return ["狐假虎威：下一次攻击/感应额外造成1点真实伤害。"] if st.fox_bonus.get(seat) else []

    def effect(self, r: Resolver, seat: int) -> None:
        t = r.plan(seat).targets[0]
        if r.start[t] > 2:
            r.hit(t, Hit(seat, 2, True, "狐假虎威"))
            r.gain[t] = r.gain.get(t, 0) + 2
            r.memo(self.key, list).append((seat, t))
            r.log(f"{seat}号 狐假虎威 {t}号：2点真实伤害，+2护盾")
        else:
            r.note(seat, "狐假虎威：目标上一回合血量不大于2，未生效。")

    def aftermath(self, r: Resolver, deaths: list[int]) -> None:
        for s, t in r.memo(self.key, list):
            if t in deaths:
                r.st.fox_bonus[s] = r.st.fox_bonus.get(s, 0) + 1
                r.note(s, "狐假虎威：目标本回合死亡，你的下一次攻击/感应额外造成1点真实伤害。")

    def first_strike(self, r: Resolver, seat: int, target: int) -> None:
        st = r.st
        if st.fox_bonus.get(seat):
            st.fox_bonus[seat] -= 1
            if st.level(seat) == 1 or r.lands(seat, target):
                r.hit(target, Hit(seat, 1, True, "狐假虎威追加"))
                r.log(f"{seat}号 狐假虎威追加：对 {target}号 造成1点真实伤害")
