"""Jinja2 rendering for the 导演台 (autoescaped: player names and texts are typed by anyone)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"

_env = Environment(
    loader=FileSystemLoader(HERE / "templates"),
    autoescape=select_autoescape(["html"], default_for_string=True, default=True),
    trim_blocks=True,
    lstrip_blocks=True,
)

# Every console response: no caching (hidden information), no framing, no referrer (a login
# link must never travel in a Referer header), and only the bot's own script and style.
SECURITY_HEADERS = {
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
}


def render(name: str, **context: Any) -> str:
    return _env.get_template(name).render(**context)
