"""大智若愚（AT·信息）：4-5/6-8/9-10 人時第 2/3/4 回合之後的回合，且上一回合沒有使用智慧。猜測其他所有玩家的等級和形態，等級
人數須與本局配置相符；若全部猜錯則獲得獲勝效果（優先於它的是一級、二級的智慧）。"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...bansha.engine import ANY, Action, Refusal
from ..abilities import counts_match, read_guesses
from ..data import AT, B458, GUESS_WORDS, INFO, bracket, counts_text, guess_text
from ..power import Instinct, instinct

if TYPE_CHECKING:
    from ..resolve import Resolver
    from ..state import BeastState

AFTER = B458(2, 3, 4)  # 第 2/3/4 回合後
PRECEDENCE = 10  # after either level's 智慧


@instinct("大智若愚", AT, INFO, "feign",
          "条件：4-5/6-8/9-10人时第2/3/4回合之后的回合，且上一回合没有使用智慧。猜测其他所有玩家的等级和形态（AT/PT），"
          "等级人数须与本局配置相符；若全部猜错则获得获胜效果。",
          skill_kw={"target_rule": ANY, "words": GUESS_WORDS})
class FEIGN(Instinct):
    def for_table(self, n: int) -> Instinct:
        return replace(self, targets=n - 1)

    def blocked(self, st: BeastState, seat: int) -> str | None:
        after = bracket(st.n, AFTER)
        if st.day <= after:
            return f"大智若愚：第{after}回合之后才能使用。"
        if st.wisdom_round.get(seat) == st.day - 1:
            return "大智若愚：上一回合使用过智慧，本回合不能使用。"
        return None

    def target(self, st: BeastState, seat: int, target: int) -> str | None:
        return "不用写自己：请写出其他所有玩家。" if target == seat else None

    def check(self, st: BeastState, seat: int, action: Action) -> tuple[tuple[str, ...], str]:
        pairs = read_guesses(st, seat, action, need_forms=0, both=True)
        if not counts_match(st, seat, pairs):
            raise Refusal(f"大智若愚：等级人数须与本局配置相符（{counts_text(st.counts)}，含你自己）。")
        return action.words, f"（{guess_text(pairs)}）"

    def claim(self, r: Resolver, seat: int) -> int | None:
        st = r.st
        if not r.used(seat, self.key):
            return None
        st.wisdom_round[seat] = r.r
        if not r.works(seat):
            return None
        plan = r.plan(seat)
        pairs = tuple(zip(plan.targets, plan.words, strict=True))
        ok = r.judge_guess(seat, pairs, exact=False)
        r.note(seat, f"大智若愚：{'成功' if ok else '失败'}。")
        r.log(f"{seat}号 大智若愚：{'成功（全部猜错）' if ok else '失败'}")
        return PRECEDENCE + st.level(seat) if ok else None
