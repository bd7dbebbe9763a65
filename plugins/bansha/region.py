"""A generated block inside a hand-written Markdown page (docs/balance.md, docs/performance.md, the README's
command list): `bansha simulate`, `bansha bench` and `bansha commands` rewrite only their own block."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Region:
    """A generated block inside a hand-written page, between two HTML comment markers."""

    name: str
    begin: str = field(init=False)
    end: str = field(init=False)

    def __post_init__(self) -> None:
        self.begin = f"<!-- {self.name}:begin（以下由命令生成，请勿手改） -->"
        self.end = f"<!-- {self.name}:end -->"

    def read(self, path: Path) -> str:
        """The block's body as it stands ("" when the page or the block is missing)."""
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        start, stop = text.find(self.begin), text.find(self.end)
        return text[start + len(self.begin):stop].strip("\n") if 0 <= start < stop else ""

    def write(self, path: Path, body: str, intro: str) -> None:
        block = f"{self.begin}\n{body.rstrip()}\n{self.end}"
        text = path.read_text(encoding="utf-8") if path.exists() else intro.rstrip() + "\n\n" + self.begin + "\n" + self.end + "\n"
        start, stop = text.find(self.begin), text.find(self.end)
        if start < 0 or stop < 0:
            text = text.rstrip() + "\n\n" + block + "\n"
        else:
            text = text[:start] + block + text[stop + len(self.end):]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
