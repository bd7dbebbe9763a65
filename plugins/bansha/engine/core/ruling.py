"""A ruling the judges are asked for (engine/parts/rulings.py keeps them): what a ruleset gets back from
`ctx.ask_judges` and reads when the verdict comes (`Ruleset.on_ruling`)."""

from __future__ import annotations

from dataclasses import dataclass

VERDICTS = ("正确", "错误")


@dataclass
class Ruling:
    no: int  # 编号, from 1 in each game
    text: str  # what the judge is asked, complete in itself
    ref: str  # the ruleset's own reference (e.g. "宣言#3")
    due: str  # when it is needed, in words (e.g. "第2天黄昏结束")
    choices: tuple[str, ...] = VERDICTS  # () : any result the judge writes (a 剧本's 裁定 skill)
    default: str = "正确"  # stands when no ruling arrives in time
    verdict: str = ""  # "" while open
    by: int = 0  # the judge's QQ; 0 when the default stood
    asked_at: float = 0.0

    @property
    def open(self) -> bool:
        return not self.verdict

    def how(self) -> str:
        return f"/法官 裁定 {self.no} {'|'.join(self.choices) if self.choices else '<结果>'}"
