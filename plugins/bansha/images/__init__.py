"""Pictures for the QQ layer: a board (engine/game/pictures.py) drawn with Pillow into a PNG.

The font is Noto Sans CJK (SIL Open Font License 1.1), installed with the bot by the PyPI package
`noto-cjk-sans-otc`; Debian's fonts-noto-cjk is the fallback. A character the font has no glyph
for (an emoji in a name) is drawn as "?" rather than as an empty box. No nonebot here: the
sender, the docs generator and the tests all call `render`.

Pillow and fontTools load with the first picture (or the bot's warm-up right after startup), not with the
bot itself (issue 17: the WebSocket is accepted before them): the code is in paint.py and layouts.py, and
`images.render`, `images.NoFont`… are looked up there on first use.
"""

from __future__ import annotations

import importlib
from typing import Any


def __getattr__(name: str) -> Any:
    if name.startswith("__") or name in ("paint", "layouts"):  # dunders; submodules are the import system's
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    # importlib, not `from . import layouts`: that would ask this hook again. layouts (the boards' drawings and
    # `render`) imports paint (the canvas, the font, `NoFont`): one of the two has the name.
    layouts = importlib.import_module(f"{__name__}.layouts")
    return getattr(layouts, name) if hasattr(layouts, name) else getattr(importlib.import_module(f"{__name__}.paint"), name)
