"""`bansha simulate`'s side-by-side reports: the same board played by the random, cautious and deduce agents.

A board's win rates only mean something next to the players that produced them: the random agent shows
what the rules do with no intent at all, the cautious one a beginner who follows table conventions, the
deduce one players that act on what their seat knows. `group` puts the reports of one board together;
`render_comparison` prints them as columns, `render_markdown` writes docs/balance.md's tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .sim import AGENT_LABELS, AGENT_SHORT, SURVIVED, SimError, _ci, _pct, _table, render_text, title_of

Report = dict[str, Any]


def group(reports: Sequence[Report]) -> list[list[Report]]:
    """Reports of the same game, board and head count, in the order they came (one per agent kind)."""
    out: dict[tuple, list[Report]] = {}
    for rep in reports:
        out.setdefault((rep["game"], rep["board"], rep["players"]), []).append(rep)
    return list(out.values())


def _label(rep: Report) -> str:
    return AGENT_SHORT.get(rep["agent"], rep["agent"])


def _rate(row: dict[str, Any] | None) -> str:
    return f"{_pct(row['rate'])} {_ci(row['ci95'])}" if row else "—"


def render_comparison(reps: Sequence[Report]) -> str:
    """One board, one column per agent: faction win rates with Wilson intervals, length, deaths, roles."""
    if len(reps) == 1:
        return render_text(reps[0])
    first = reps[0]
    agents = "、".join(AGENT_LABELS.get(r["agent"], r["agent"]) for r in reps)
    lines = [
        f"{title_of(first)} · 每种代理 {first['games']} 局 · 种子 {first['seed']}…{first['seed'] + first['games'] - 1}",
        f"代理：{agents}",
        "",
        "阵营胜率（95% 置信区间，Wilson）",
    ]
    factions = list(dict.fromkeys(f["faction"] for r in reps for f in r["factions"]))
    rows = []
    for name in factions:
        rows.append([name, *(_rate(next((f for f in r["factions"] if f["faction"] == name), None)) for r in reps)])
    right = [False] + [True] * len(reps)
    lines += _table(["阵营", *(_label(r) for r in reps)], rows, right)
    lines += ["", "局长与死因（每局）"]
    causes = list(dict.fromkeys(d["cause"] for r in reps for d in r["deaths"][:6]))
    rows = [["平均天数", *(f"{r['length']['mean_days']:.2f}" for r in reps)]]
    for cause in causes:
        rows.append([cause, *(f"{next((d['per_game'] for d in r['deaths'] if d['cause'] == cause), 0.0):.2f}"
                              for r in reps)])
    rows.append([SURVIVED, *(f"{r['survivors']['per_game']:.2f}" for r in reps)])
    rows.append(["出错局数", *(str(len(r["errors"])) for r in reps)])
    lines += _table(["", *(_label(r) for r in reps)], rows, right)
    lines += ["", "角色胜率"]
    roles = list(dict.fromkeys(row["role"] for r in reps for row in r["roles"]))
    rows = []
    for role in roles:
        got = [next((x for x in r["roles"] if x["role"] == role), None) for r in reps]
        faction = next(x["faction"] for x in got if x)
        rows.append([role, faction, *(_pct(x["rate"]) if x else "—" for x in got)])
    lines += _table(["角色", "阵营", *(_label(r) for r in reps)], rows, [False, False] + [True] * len(reps))
    for r in reps:
        if r["errors"]:
            seeds = "、".join(str(e["seed"]) for e in r["errors"][:10])
            lines += ["", f"{_label(r)}：出错 {len(r['errors'])} 局（已排除，种子：{seeds}）：{r['errors'][0]['error']}"]
    return "\n".join(lines)


def render_markdown(reports: Sequence[Report]) -> str:
    """The tables for docs/balance.md: one section per game, the agents of each board in adjacent rows."""
    out: list[str] = []
    by_game: dict[str, list[Report]] = {}
    for rep in reports:
        by_game.setdefault(rep["title"], []).append(rep)
    for title, reps in by_game.items():
        out += [f"### {title}", ""]
        factions = list(dict.fromkeys(f["faction"] for rep in reps for f in rep["factions"]))
        head = ["板子", "人数", "代理", "局数", *[f"{f}胜率（95% CI）" for f in factions], "平均天数", "出错"]
        out.append("| " + " | ".join(head) + " |")
        out.append("|" + "|".join(["---"] * len(head)) + "|")
        for board in group(reps):
            for i, rep in enumerate(board):
                name = (rep["board"] or "（默认）") if i == 0 else ""
                cells = [name, str(rep["players"]) if i == 0 else "", _label(rep), str(rep["completed"])]
                got = {f["faction"]: f for f in rep["factions"]}
                cells += [_rate(got.get(f)) for f in factions]
                cells += [f"{rep['length']['mean_days']:.2f}", str(len(rep["errors"]))]
                out.append("| " + " | ".join(cells) + " |")
        out.append("")
        for board in group(reps):
            label = board[0]["board"] or "默认"
            roles = list(dict.fromkeys(row["role"] for r in board for row in r["roles"]))
            parts = []
            for role in roles:
                rates = "/".join(next((_pct(x["rate"]) for x in r["roles"] if x["role"] == role), "—") for r in board)
                parts.append(f"{role} {rates}")
            kinds = "/".join(_label(r) for r in board)
            deaths = "；".join(
                f"{_label(r)}：" + "，".join(f"{d['cause']} {d['per_game']:.2f}" for d in r["deaths"][:4]) for r in board
            )
            out.append(f"- {label}：角色胜率（{kinds}）{'；'.join(parts)}。每局死因 {deaths}。")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


# --- chart -------------------------------------------------------------------------------------

_CJK_FONTS = (
    "Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "WenQuanYi Micro Hei", "WenQuanYi Zen Hei",
    "Microsoft YaHei", "SimHei", "PingFang SC", "Heiti SC", "AR PL UMing CN", "Noto Serif CJK SC",
)


def draw_chart(reports: Sequence[dict[str, Any]], path: str | Path, font: str | None = None) -> str | None:
    """Win rates with 95% CIs, one panel per simulation (factions) plus per-role rates.

    Returns a warning when no Chinese font was found (labels would show as boxes)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib import font_manager
    except ImportError as e:
        raise SimError("画图需要 matplotlib：安装 sim 附加依赖（pip install 'nonebot-plugin-bansha[sim]'，仓库里 make install 已包含）。") from e
    warning = None
    if font:
        font_manager.fontManager.addfont(font)
        family = font_manager.FontProperties(fname=font).get_name()
    else:
        family = _cjk_family(font_manager)
        if family is None:
            warning = "警告：没有找到中文字体，图中的中文可能显示为方框；可用 --font 指定字体文件（如 NotoSansCJK）。"
    if family:
        plt.rcParams["font.family"] = [family, "DejaVu Sans"]
    plt.rcParams["axes.unicode_minus"] = False
    rows = len(reports)
    fig, axes = plt.subplots(rows, 2, figsize=(12, 3.2 * rows + 0.6), squeeze=False,
                             gridspec_kw={"width_ratios": [1, 2.4]})
    for i, rep in enumerate(reports):
        ax_f, ax_r = axes[i]
        who = AGENT_SHORT.get(rep["agent"], rep["agent"])
        _bars(ax_f, [f["faction"] for f in rep["factions"]], rep["factions"], f"{title_of(rep)}（{who}代理）：阵营胜率")
        _bars(ax_r, [r["role"] for r in rep["roles"]], rep["roles"], "角色胜率")
    agents = "、".join(dict.fromkeys(AGENT_LABELS.get(r["agent"], r["agent"]) for r in reports))
    fig.suptitle(f"{agents}，每项 {reports[0]['games']} 局，误差线为 95% 置信区间")
    import warnings

    with warnings.catch_warnings():
        if warning:  # already said once, in Chinese; not once per missing glyph
            warnings.filterwarnings("ignore", message="Glyph .* missing from font")
        fig.tight_layout()
        fig.savefig(path, dpi=110)
    plt.close(fig)
    return warning


def _cjk_family(font_manager: Any) -> str | None:
    """A font with Chinese glyphs: known names first, then system font files matplotlib's cache missed."""
    names = {f.name for f in font_manager.fontManager.ttflist}
    family = next((f for f in _CJK_FONTS if f in names), None)
    if family is not None:
        return family
    hints = ("wqy", "cjk", "sourcehan", "droidsansfallback", "simhei", "msyh", "pingfang", "uming", "ukai")
    for path in sorted(font_manager.findSystemFonts()):
        if any(h in Path(path).name.lower() for h in hints):
            try:
                font_manager.fontManager.addfont(path)
                return font_manager.FontProperties(fname=path).get_name()
            except Exception:  # an unreadable font file: try the next
                continue
    return None


def _bars(ax: Any, labels: list[str], rows: list[dict[str, Any]], title: str) -> None:
    rates = [r["rate"] * 100 for r in rows]
    lo = [max(0.0, (r["rate"] - r["ci95"][0]) * 100) for r in rows]
    hi = [max(0.0, (r["ci95"][1] - r["rate"]) * 100) for r in rows]
    xs = list(range(len(rows)))
    ax.bar(xs, rates, yerr=[lo, hi], capsize=3, color="#4C72B0")
    ax.set_xticks(xs)
    ax.set_xticklabels(labels, rotation=30 if len(labels) > 4 else 0, ha="right" if len(labels) > 4 else "center")
    ax.set_ylim(0, 100)
    ax.set_ylabel("胜率 %")
    ax.axhline(50, color="#999999", linewidth=0.8, linestyle="--")
    ax.set_title(title, fontsize=10)
