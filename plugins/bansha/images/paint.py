"""Drawing a board with Pillow (the package's __init__ says what and why)."""

from __future__ import annotations

import io
import logging
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

log = logging.getLogger("bansha")

FONT_FAMILY = "Noto Sans CJK SC"
SYSTEM_FONTS = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
)
MISSING = "?"
MAX_SIDE = 2400  # pixels: QQ scales big pictures down to mush


class NoFont(RuntimeError):
    """No CJK font is installed: pictures are skipped, the text still goes out."""


@lru_cache(maxsize=1)
def font_file() -> tuple[str, int]:
    """(path, face index) of Noto Sans CJK SC."""
    candidates: list[str] = []
    try:
        import noto_cjk_sans_otc

        candidates.append(str(noto_cjk_sans_otc.FONT_PATH))
    except ImportError:
        pass
    candidates += [p for p in SYSTEM_FONTS if Path(p).exists()]
    for path in candidates:
        for index in range(10):
            try:
                if ImageFont.truetype(path, 12, index=index).getname()[0] == FONT_FAMILY:
                    return path, index
            except OSError:
                break
    raise NoFont("no Noto Sans CJK font found: install the bot with its dependencies (noto-cjk-sans-otc)")


@lru_cache(maxsize=16)
def font(size: int) -> ImageFont.FreeTypeFont:
    path, index = font_file()
    return ImageFont.truetype(path, size, index=index)


@lru_cache(maxsize=1)
def glyphs() -> frozenset[int]:
    """Every code point the font draws (its cmap)."""
    from fontTools.ttLib import TTCollection, TTFont

    path, index = font_file()
    face = TTCollection(path, lazy=True).fonts[index] if path.endswith(".ttc") else TTFont(path, lazy=True)
    return frozenset(face.getBestCmap())


def drawable(text: str) -> str:
    """The text with characters the font lacks replaced by "?" (no tofu boxes)."""
    have = glyphs()
    return "".join(ch if ord(ch) in have or ch in " \n" else MISSING for ch in text)


class Canvas:
    """A Pillow image that remembers every string drawn on it (the tests read `drawn`)."""

    def __init__(self, width: int, height: int, background: str = "#f6f1e7"):
        self.image = Image.new("RGB", (min(width, MAX_SIDE), min(height, MAX_SIDE)), background)
        self.draw = ImageDraw.Draw(self.image)
        self.drawn: list[str] = []

    def text(self, xy: tuple[float, float], text: str, size: int = 24, fill: str = "#222222",
             anchor: str = "la") -> tuple[float, float, float, float]:
        s = drawable(text)
        if not s:
            return (xy[0], xy[1], xy[0], xy[1])
        self.drawn.append(s)
        self.draw.text(xy, s, font=font(size), fill=fill, anchor=anchor)
        return self.draw.textbbox(xy, s, font=font(size), anchor=anchor)

    def png(self) -> bytes:
        buf = io.BytesIO()
        self.image.save(buf, format="PNG", optimize=True)
        return buf.getvalue()


def width_of(text: str, size: int) -> float:
    return font(size).getlength(drawable(text))
