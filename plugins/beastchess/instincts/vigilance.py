"""警惕（PT·攻击）：上一回合內你被扣除了至少1點血量（死亡時也可用）。選定一名玩家並猜測他的等級，猜對則本回合對他造成x點真實
傷害（x為你上一回合扣除的血量，最多3）。不可連續對同一人觸發，沒有反饋。"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...bansha.engine import ALIVE_OTHER, Action, Refusal
from ..data import ATTACK, LEVEL_WORDS, PT, ROUND
from ..power import Instinct, instinct
from ..resolve import Hit

if TYPE_CHECKING:
    from ..resolve import Resolver
    from ..state import BeastState


@instinct("警惕", PT, ATTACK, "vigilance",
          "条件：上一回合内你被扣除了至少1点血量（死亡时也可用）。选定一名玩家并猜测他的等级，猜对则本回合对他造成x点"
          "真实伤害（x为你上一回合扣除的血量，最多3）。不可连续对同一人触发，没有反馈。",
          skill_kw={"targets": 1, "target_rule": ALIVE_OTHER, "words": LEVEL_WORDS, "when_dead": True},
          distinct_target=True)
class VIGILANCE(Instinct):
    def dead_ok(self, st: BeastState, seat: int) -> bool:
        return st.died_round.get(seat) == st.day - 1 and st.phase == ROUND  # 警惕：死亡時可用

    def blocked(self, st: BeastState, seat: int) -> str | None:
        return "警惕：上一回合你没有被扣除血量。" if st.lost_last.get(seat, 0) < 1 else None

    def check(self, st: BeastState, seat: int, action: Action) -> tuple[tuple[str, ...], str]:
        if len(action.words) != 1:
            raise Refusal("警惕：请写出目标和你猜的等级，如「警惕 3 2级」。")
        return action.words, ""

    def dead_note(self, st: BeastState, seat: int) -> str:
        if st.died_round.get(seat) == st.day - 1 and st.lost_last.get(seat, 0) >= 1 and seat not in st.removed:
            return "你已死亡，但本回合仍可发动警惕：/技能 警惕 <目标> <等级>。"
        return ""

    def effect(self, r: Resolver, seat: int) -> None:
        plan = r.plan(seat)
        t = plan.targets[0]
        level = int(plan.words[0][0])
        x = min(3, r.st.lost_last.get(seat, 0))
        right = r.st.level(t) == level
        if right:
            r.hit(t, Hit(seat, x, True, "警惕"))
        r.log(f"{seat}号 警惕 {t}号 猜{level}级：{'猜对，' + str(x) + '点真实伤害' if right else '猜错'}")
