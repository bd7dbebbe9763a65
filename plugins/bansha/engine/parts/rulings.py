"""Pending rulings: a ruleset asks the 法官 to judge free text it cannot judge itself.

004's 审讯 takes any question 「可以用是，否，无法回答三种答案来回复」 and 「判断是否回答正确的标准是基于演员表
的客观事实」: only someone who has read the cast can say whether an answer is right. Any ruleset can ask:

- `ask(ctx, …)` opens a ruling with a number, what to judge, its choices and the choice that stands when
  no ruling comes in time, and tells every judge without a seat by private message;
- `/法官 裁定 <编号> <结果>` (the QQ command, or the web console: both build `judge.rule(...)`) records the
  verdict and hands it to `Ruleset.on_ruling`;
- `remind(ctx)` tells the judges again of every open ruling (before a deadline, and when one is needed);
- `lapse(ctx, ruling)` lets the default stand when the ruleset can wait no longer.

Judges with a seat are never asked and may not rule: ruling needs the cast, which they must not see.
An engine part: the rulings are `game.rulings`; a ruleset asks through Ctx (`ctx.ask_judges`, `ctx.ruling`,
`ctx.lapse`, `ctx.remind_judges`). Pure, like the rest of the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Input, Refusal, clean_text
from ..core.ruling import VERDICTS, Ruling
from ..game.part import Part

if TYPE_CHECKING:
    from ..game import Game
    from ..game.ctx import Ctx

MAX_RESULT = 200  # characters of a result the judge writes himself


def pending(game: Game) -> list[Ruling]:
    """Open rulings, oldest first (the console lists these)."""
    return [r for r in game.rulings if r.open]


def find(game: Game, no: int) -> Ruling | None:
    return next((r for r in game.rulings if r.no == no), None)


def ask(game: Game, ctx: Ctx, text: str, ref: str, due: str, choices: tuple[str, ...] | None = None,
        default: str = "正确") -> Ruling:
    ruling = Ruling(len(game.rulings) + 1, text, ref, due, VERDICTS if choices is None else choices, default,
                    asked_at=ctx.at)  # (choices=(): the judge writes the result himself)
    game.rulings.append(ruling)
    ctx.judges(f"【待裁定 #{ruling.no}】{text}\n请在{due}前裁定：{ruling.how()}（私聊机器人即可；逾时按「{default}」）。")
    ctx.judge(f"待裁定 #{ruling.no}：{text}")
    return ruling


def remind(game: Game, ctx: Ctx, now_needed: bool = False) -> None:
    """Every open ruling, to the judges without a seat."""
    for r in pending(game):
        head = f"现在需要裁定 #{r.no}" if now_needed else f"提醒：待裁定 #{r.no}"
        ctx.judges(f"{head}（{r.due}前，逾时按「{r.default}」）：{r.text}\n{r.how()}")


def lapse(game: Game, ctx: Ctx, ruling: Ruling) -> None:
    """No ruling came in time: the default stands."""
    if not ruling.open:
        return
    ruling.verdict, ruling.by = ruling.default, 0
    ctx.judges(f"待裁定 #{ruling.no} 没有在{ruling.due}前裁定，按「{ruling.default}」结算。")
    ctx.judge(f"裁定 #{ruling.no} 逾时，按「{ruling.default}」结算")


def rule_input(judge: int, at: float, no: int, verdict: str) -> Input:
    """The one input a ruling is made with (/法官 裁定, the console)."""
    return Input.make("judge", judge, at, sub="裁定", no=no, verdict=verdict)


def apply_ruling(game: Game, ctx: Ctx, inp: Input) -> None:
    """/法官 裁定 <编号> <结果>: the reply goes to the judge alone, wherever it was typed."""
    if game.seat_of(inp.actor) is not None:
        raise Refusal("你在这局游戏里有座位：裁定要看演员表，只能由没有座位的法官来做。")
    try:
        no = int(inp.arg("no", 0))
    except (TypeError, ValueError):
        no = 0
    ruling = find(game, no)
    if ruling is None:
        open_ = "、".join(f"#{r.no}" for r in pending(game)) or "无"
        raise Refusal(f"没有编号为 {no} 的待裁定。现在待裁定的：{open_}。")
    if not ruling.open:
        if ruling.by:
            raise Refusal(f"裁定 #{no} 已经裁定为「{ruling.verdict}」，不能更改。")
        raise Refusal(f"裁定 #{no} 已经结算（逾时按「{ruling.verdict}」）。")
    verdict = str(inp.arg("verdict", "")).strip()
    if not ruling.choices:
        verdict = clean_text(verdict, MAX_RESULT)
        if not verdict:
            raise Refusal(f"请写出裁定结果：{ruling.how()}。")
    elif verdict not in ruling.choices:
        raise Refusal(f"裁定结果只能是 {' 或 '.join(ruling.choices)}：{ruling.how()}。")
    ruling.verdict, ruling.by = verdict, inp.actor
    ctx.whisper(f"已裁定 #{no}：{verdict}。")
    ctx.judge(f"法官 {inp.actor} 裁定 #{no}（{ruling.ref}）：{verdict}")
    game.rules.on_ruling(ctx, game.state, ruling)


class Rulings(Part):
    key = "rulings"

    def new_state(self) -> list[Ruling]:
        return []

    def on_remind(self, game: Game, ctx: Ctx, lead: float) -> None:
        remind(game, ctx)  # at every reminder moment, the judges hear of any ruling still open

    # what Ctx offers rulesets
    ask = staticmethod(ask)
    find = staticmethod(find)
    lapse = staticmethod(lapse)
    remind = staticmethod(remind)


PART = Rulings()
