"""Where a 剧本's keys were written (engine/game/script.py): the line of each key path, for the problems it
reports, and tomllib's syntax errors said in Chinese. Pure: text in, lines out."""

from __future__ import annotations

import re
import tomllib

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*(\"[^\"]*\"|'[^']*'|[^=\s\"'#\[]+)\s*=")


def locate(source: str) -> dict[tuple, int]:
    """Key path -> line, for the tables and keys written one per line (what a 导演 writes); an array of tables
    counts its entries (角色, 0). Inline tables and arrays answer with their key's line."""
    out: dict[tuple, int] = {}
    prefix: tuple = ()
    arrays: dict[tuple, int] = {}
    for no, raw in enumerate(source.splitlines(), 1):
        m = _HEADER.match(raw)
        if m:
            parts = [_unquote(p) for p in m.group(2).split(".")]
            path: tuple = ()
            for n, part in enumerate(parts):  # a parent that is an array of tables means its current entry
                path = (*path, part)
                if n < len(parts) - 1 and path in arrays:
                    path = (*path, arrays[path])
            if m.group(1) == "[[":
                arrays[path] = arrays.get(path, -1) + 1
                prefix = (*path, arrays[path])
            else:
                prefix = path
            out.setdefault(prefix, no)
            continue
        m = _KEY.match(raw)
        if m:
            out.setdefault((*prefix, *(_unquote(p) for p in m.group(1).split("."))), no)
    return out


def _unquote(part: str) -> str:
    part = part.strip()
    return part[1:-1] if len(part) >= 2 and part[0] == part[-1] and part[0] in "\"'" else part


def _line(lines: dict[tuple, int], path: tuple) -> int | None:
    while path:
        if path in lines:
            return lines[path]
        path = path[:-1]
    return None





_AT = re.compile(r"\(at line (\d+), column (\d+)\)")


def syntax(e: tomllib.TOMLDecodeError) -> tuple[int | None, str]:
    """The line and the Chinese words for a TOML syntax error."""
    m = _AT.search(str(e))
    line = int(m.group(1)) if m else None
    what = _AT.sub("", str(e)).strip()
    hint = {
        "Cannot declare": "同一个键或表写了两次",
        "Cannot overwrite a value": "同一个键写了两次",
        "Invalid value": "这个值写得不对（文字要加引号，如 name = \"预言家\"）",
        "Expected '=' after a key": "键后面要有 =",
        "Unclosed array": "列表没有用 ] 结束",
        "Illegal character": "这里有不允许的字符（文字要加引号）",
    }
    said = next((v for k, v in hint.items() if what.startswith(k)), "不是合法的 TOML")
    return line, (f"{said}（第 {m.group(2)} 列）。" if m else f"{said}。")
