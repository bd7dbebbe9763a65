"""白天：分配圣杯阶段 — the grail's number game. Everyone sends a number from 1 to 100 by PM; the one closest to the
mean of all numbers carries this round's grail (a tie: the DM's die), and is told so privately; the numbers are
never published."""

from __future__ import annotations

from fractions import Fraction

from ..bansha.engine import Action, Ctx, Refusal
from .order import BOOK, DAY
from .scoring import GRAIL_POINTS, score
from .skill import TavernSkill
from .state import TavernState
from .terms import seats_text

NUMBERS = tuple(str(i) for i in range(1, 101))



def start_day(ctx: Ctx, st: TavernState) -> None:
    st.numbers = {}
    st.grail = 0
    st.orders = {}
    ctx.enter(st, DAY)
    ctx.group(
        f"第{st.day}轮 白天：请私聊机器人提交一个 1–100 的整数（「圣杯 57」）。"
        "最接近所有人平均数的玩家获得本轮圣杯，得主会被私聊告知；数字不公布。"
    )


@BOOK.unit("number", "圣杯", aliases=("数字", "报数"), phases=(DAY,), targets=0, words=NUMBERS, form="圣杯 <1-100的整数>",
           help="白天提交一个 1–100 的整数；最接近所有人平均数的玩家获得本轮圣杯（平手掷骰）。可以重交，以最后一次为准。")
class NUMBER(TavernSkill):
    def resolve(self, ctx: Ctx, st: TavernState, seat: int, action: Action) -> None:
        nums = [w for w in action.words if w in NUMBERS]
        if len(nums) != 1 or action.targets:
            raise Refusal("请提交一个 1 到 100 的整数，例如「圣杯 57」。")
        value = int(nums[0])
        again = seat in st.numbers
        st.numbers[seat] = value
        st.done.discard(seat)
        ctx.reply(f"已{'改为' if again else '提交'}数字 {value}（白天结束前可以重交，以最后一次为准）。")
        ctx.judge(f"第{st.day}轮 {ctx.name(seat)} 提交圣杯数字 {value}")


def award(ctx: Ctx, st: TavernState) -> None:
    """The close of 白天: the grail goes to the number closest to the mean (of those who can still act)."""
    subs = {s: v for s, v in sorted(st.numbers.items()) if st.alive[s] and not st.wounded(s)}
    d = st.day
    if not subs:
        ctx.group(f"第{d}轮：没有人提交数字，本轮没有圣杯。")
        ctx.judge(f"第{d}轮 圣杯：无人提交数字")
        return
    mean = Fraction(sum(subs.values()), len(subs))
    gap = {s: abs(v - mean) for s, v in subs.items()}
    best = min(gap.values())
    tied = [s for s in subs if gap[s] == best]
    listing = "、".join(f"{s}号={v}" for s, v in subs.items())
    ctx.judge(f"第{d}轮 圣杯：{listing}；平均数 {float(mean):.2f}；最接近：{seats_text(tied)}（相差 {float(best):.2f}）")
    if len(tied) > 1:
        roll = ctx.rng.randint(1, len(tied))
        winner = tied[roll - 1]
        ctx.judge(f"第{d}轮 圣杯平手，掷 d{len(tied)}={roll} → {ctx.name(winner)}")
    else:
        winner = tied[0]
    st.grail = winner
    ctx.seat(winner, f"第{d}轮：你的数字最接近平均数，你获得了本轮的圣杯！今晚它在你身上，被近战命中时可能被夺走。",
             data={"grail": d})
    st.notes.setdefault(winner, []).append(f"第{d}轮 获得圣杯")
    score(ctx, st, st.factions[winner], GRAIL_POINTS, f"{ctx.name(winner)} 获得圣杯")
    ctx.group(f"第{d}轮：圣杯已经分配，得主已被私聊告知。")
