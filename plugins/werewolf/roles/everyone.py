"""What every player may do: the day's vote (also the sheriff election's), and 遗言 after leaving."""

from __future__ import annotations

from ...bansha.engine import ABSTAIN, ALIVE, Action, Ctx, Refusal
from .. import sheriff
from ..book import BOOK, WerewolfUnit
from ..state import WerewolfState
from ..terms import DAY, ELECT_VOTE, LAST_WORDS, PK, seats_text
from ..world import World


@BOOK.unit(
    "vote", "投票", aliases=("改票",), phases=(DAY, PK, ELECT_VOTE), target_rule=ALIVE,
    words=("弃权", "改票"),  # /改票 arrives as the word 改票 (engine: the typed alias carries meaning)
    harmful=True, harmless_in=(ELECT_VOTE,),
    help="白天投票放逐一名玩家（警长竞选时投给一名候选人），可写理由；/改票 改投（次数按「改票次数」选项）。",
)
class VOTE(WerewolfUnit):
    def blocked(self, state: WerewolfState, seat: int) -> str | None:
        if state.phase == ELECT_VOTE:
            if state.election is None:
                return "警长竞选已经结束。"
            return sheriff.vote_refusal(state.sheriff_voters, state.election, state.stood, seat, ABSTAIN)
        if state.revealed(seat):
            return "白痴翻牌后不能投票（仍可以发言）。"
        if seat in state.candidates and state.phase == PK:
            return "你是 PK 的候选人，这一轮不能投票。"
        if state.goat_day == state.day and seat not in state.goat_voters:
            return "替罪羊指定了今天可以投票的玩家，你不在其中，今天不能投票。"
        if state.records and seat in state.records.get("muted", {}).get(state.day, ()):
            return "你今天被禁言，不能投票（仍可以发言）。"  # a 剧本 role's 禁言 (judged.py)
        return None

    def target(self, state: WerewolfState, seat: int, target: int) -> str | None:
        if state.phase == ELECT_VOTE and state.election is not None:
            return sheriff.vote_refusal(sheriff.ALL, state.election, state.stood, seat, target)
        if state.phase == PK and target not in state.candidates:
            return f"PK 只能投给 {seats_text(state.candidates)}（或弃权）。"
        return None

    def resolve(self, ctx: Ctx, state: WerewolfState, seat: int, action: Action) -> None:
        # the platform's vote: public announcement, 改票 and 代投 rules per tempo, the log line
        if state.phase == ELECT_VOTE:
            ctx.vote(state.election.box, seat, action, label="警长投票")
            return
        ctx.vote(state.box, seat, action, label="PK投票" if state.phase == PK else "投票")


@BOOK.unit("words", "遗言", mandatory=True)
class WORDS(WerewolfUnit):
    """遗言, a step after a death (order.AFTER_DEATH): by day for everyone who left but by 自爆, a red card or the
    curse; at night only on the first. Typed as /遗言 (`last_words`), not as a skill."""

    def enter(self, w: World, seats: tuple[int, ...]) -> bool:
        if not seats:
            return False
        ctx, state = w.ctx, w.state
        state.speakers = list(seats)
        ctx.enter(state, LAST_WORDS)
        ctx.group(f"请 {'、'.join(ctx.name(s) for s in seats)} 发表遗言：私聊机器人 /遗言 <内容>（不说请 /放弃）。")
        return True

    def owes(self, state: WerewolfState) -> set[int]:
        return {s for s in state.speakers if s not in state.done}


def last_words(ctx: Ctx, state: WerewolfState, seat: int, text: str) -> None:
    if state.phase != LAST_WORDS or seat not in state.speakers:
        raise Refusal("现在不是你发表遗言的时间。")
    if seat in state.done:
        raise Refusal("你已经发表过遗言了。")
    state.done.add(seat)
    ctx.group(f"【遗言】{ctx.name(seat)}：{text}", "chat")
    ctx.reply("遗言已发布。")
    ctx.judge(f"第{state.day}天 {ctx.name(seat)} 的遗言：{text}")
