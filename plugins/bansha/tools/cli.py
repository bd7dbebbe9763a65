"""The `bansha` console script: `bansha simulate` (balance reports), `bansha bench` (speed, scale, recovery),
`bansha stats` (win rates from the stored games), `bansha commands` (the command list, from the command table) and
`bansha script` (剧本: list, check, simulate).

`make simulate ARGS=…` and `make bench ARGS=…` run these. No per-game code:
every ruleset that registers itself is available here.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Sequence

from . import script_cli, sim, sim_report

BALANCE_INTRO = """# 平衡性报告

由 `bansha simulate` 生成：每个游戏的每个板子，在默认设置下用随机、谨慎、推理三种代理自我对局。
胜率后的方括号是 95% 置信区间（Wilson）。代理的假设与局限见页末“说明”一节。
"""


def _simulate_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "simulate",
        help="让机器人自我对局，统计阵营胜率、局长、死因和角色胜率",
        description="让机器人自我对局，统计阵营胜率（95% 置信区间）、平均局长、死因和角色胜率。相同种子得到相同结果。",
    )
    p.add_argument("--game", required=True, help="游戏：狼人杀、鹿鼎记、纳塔、斗兽棋、酒馆（标题、键或别名），或 all")
    p.add_argument("--players", type=int, default=None, help="人数；默认取选项允许人数的中位数（定员板子即其人数）")
    p.add_argument("--board", default="", help="板子名；all 表示该游戏的每个板子")
    p.add_argument("--games", type=int, default=1000, help="每项模拟的局数（默认 1000）")
    p.add_argument("--seed", type=int, default=1, help="起始种子：第 i 局用种子 S+i（默认 1）")
    p.add_argument("--agent", default="all",
                   help="代理：random（随机）、cautious（谨慎新手，旧名 heuristic）、deduce（推理：只用自己座位的信息），"
                        "可用逗号列出几种；默认 all，三种并排比较")
    p.add_argument("--jobs", type=int, default=1, help="并行进程数；0 表示 CPU 核数（结果与进程数无关）")
    p.add_argument("--option", "-o", action="append", default=[], metavar="键=值", help="与 /开局 相同的选项，可重复")
    p.add_argument("--json", action="store_true", help="输出 JSON（给程序读）")
    p.add_argument("--chart", metavar="PNG", help="把胜率画成图（matplotlib）")
    p.add_argument("--font", metavar="TTF", help="图中使用的中文字体文件（没有系统中文字体时）")
    p.add_argument("--markdown", metavar="MD", help="把胜率表写入该 Markdown 文件的生成区（如 docs/balance.md）")
    p.add_argument("--no-progress", action="store_true", help="不显示进度条")
    p.add_argument("--strict", action="store_true", help="有对局出错（规则代码抛异常、对局不结束）时以退出码 1 结束")
    p.add_argument("--ai", action="store_true", help="AI 座位：半数座位用推理代理，对随机和谨慎代理，按阵营比较胜率（ai/simulate.py）")
    p.add_argument("--db", default="", help="与 --ai 同用：数据库地址，附上已存对局中 AI 座位与真人的阵营胜率")


def _progress(total: int, enabled: bool):
    """A tqdm bar on stderr for long runs (hidden when stderr is not a terminal)."""
    if not enabled:
        return None, lambda: None
    try:
        from tqdm import tqdm
    except ImportError:  # the bar is a nicety: run without it
        return None, lambda: None
    bar = tqdm(total=total, unit="局", file=sys.stderr, disable=None, dynamic_ncols=True, leave=False)

    def tick(spec: sim.SimSpec, k: int) -> None:
        bar.set_description(f"{spec.game}{' ' + spec.board if spec.board else ''}", refresh=False)
        bar.update(k)

    return tick, bar.close


def simulate(args: argparse.Namespace, argv: Sequence[str]) -> int:
    sim.load_rulesets()
    if args.ai:  # AI seats at mixed tables (issue 27)
        from ..ai.simulate import simulate_cli

        return simulate_cli(args)
    try:
        specs = sim.specs_for(args.game, args.board, args.players, args.agent, args.option)
    except sim.SimError as e:
        print(e, file=sys.stderr)
        return 2
    if args.games <= 0:
        print("--games 必须是正整数。", file=sys.stderr)
        return 2
    jobs = args.jobs if args.jobs > 0 else (_cpus())
    total = args.games * len(specs)
    tick, close = _progress(total, not args.no_progress and total >= 200)
    try:
        reports = sim.simulate(specs, args.games, args.seed, jobs, tick)
    finally:
        close()
    if args.json:
        print(sim.to_json(reports))
    else:
        print("\n\n".join(sim_report.render_comparison(reps) for reps in sim_report.group(reports)))
    if args.chart:
        try:
            warning = sim_report.draw_chart(reports, args.chart, args.font)
        except sim.SimError as e:
            print(e, file=sys.stderr)
            return 2
        if warning:
            print(warning, file=sys.stderr)
        print(f"图已保存：{args.chart}", file=sys.stderr)
    if args.markdown:
        from pathlib import Path

        command = "bansha simulate " + " ".join(shlex.quote(a) for a in argv if a != "--no-progress")
        body = f"生成命令：`{command}`（或 `make simulate ARGS=\"{' '.join(argv)}\"`）\n\n" + sim_report.render_markdown(reports)
        sim.Region("simulate").write(Path(args.markdown), body, BALANCE_INTRO)
        print(f"已写入：{args.markdown}", file=sys.stderr)
    return 1 if args.strict and any(r["errors"] for r in reports) else 0


def _stats_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("stats", help="已存对局的统计：每个身份、每个板子的胜率", description=(
        "从数据库里已经结束的对局统计每个游戏、每个板子的阵营胜率（95% 置信区间）和每个身份的胜率。"))
    p.add_argument("--game", default="", help="只看一种游戏（标题、键或别名）")
    p.add_argument("--db", default="", help="数据库 URL；默认读 .env / 环境变量 BANSHA_DB_URL")
    p.add_argument("--chart", metavar="PNG", help="把胜率画成图（与 bansha simulate --chart 相同的图）")
    p.add_argument("--font", metavar="TTF", help="图中使用的中文字体文件（默认用机器人图片的 Noto Sans CJK）")
    p.add_argument("--json", action="store_true", help="输出 JSON")


def stats(args: argparse.Namespace) -> int:
    import asyncio
    import json
    import os

    from .. import db, records
    from ..engine.game import registry
    from ..service import Service

    sim.load_rulesets()
    rules = registry.get(args.game) if args.game else None
    if args.game and rules is None:
        print(f"没有名为「{args.game}」的游戏。", file=sys.stderr)
        return 2
    url = args.db or os.environ.get("BANSHA_DB_URL") or _env_db_url()

    async def read() -> list[dict]:
        await Service.init_db(url)
        try:
            return await records.stats_reports(rules.key if rules else None)
        finally:
            await db.close()

    reports = asyncio.run(read())
    print(json.dumps(reports, ensure_ascii=False, indent=1) if args.json else records.render_stats(reports))
    if args.chart and reports:
        font = args.font or _picture_font()
        from .sim_report import draw_chart

        try:
            warning = draw_chart(reports, args.chart, font)
        except sim.SimError as e:  # no matplotlib: the [sim] extra
            print(e, file=sys.stderr)
            return 2
        if warning:
            print(warning, file=sys.stderr)
        print(f"图已保存：{args.chart}", file=sys.stderr)
    return 0


def pictures(args: argparse.Namespace) -> int:
    """One picture of each kind from seeded games (docs/images): what the bot sends with its posts."""
    from pathlib import Path

    from .. import images
    from ..engine.agents.play import play_game
    from ..engine.game import registry
    from ..engine.game.pictures import images_of

    sim.load_rulesets()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    wanted = {"ring": ("werewolf", 12, 5), "votes": ("werewolf", 12, 5), "cast": ("werewolf", 12, 5),
              "hp": ("beastchess", 8, 3), "score": ("tavern", 15, 4)}
    for name, (key, n, seed) in wanted.items():
        found: list[dict] = []

        def observe(game, inp, events, found=found):
            found.extend(b for ev in events if ev.audience.kind == "group" for b in images_of(ev.data))

        play_game(registry.get(key), n, seed, observe=observe, social=True)
        kind = {"hp": "table", "score": "table"}.get(name, name)
        boards = [b for b in found if b["kind"] == kind]
        board = boards[-1] if name in ("hp", "score") else boards[min(1, len(boards) - 1)]
        (out / f"{name}.png").write_bytes(images.render(board))
        print(f"已写入：{out / (name + '.png')}", file=sys.stderr)
    return 0


def _env_db_url() -> str:
    from pathlib import Path

    for line in (Path(".env").read_text(encoding="utf-8").splitlines() if Path(".env").exists() else []):
        key, _, value = line.partition("=")
        if key.strip() == "BANSHA_DB_URL" and value.strip():
            return value.strip().strip("'\"")
    return "sqlite://data/bansha.sqlite3"


def _picture_font() -> str | None:
    try:
        from .. import images

        return images.font_file()[0]
    except Exception:  # no font: draw_chart looks for a system one and warns
        return None


def _cpus() -> int:
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def commands(args: argparse.Namespace) -> int:
    """The command table as Markdown: printed, or written into the README's generated region."""
    import nonebot
    from nonebot.log import logger

    logger.remove()  # NoneBot logs to stdout, which carries the table
    logger.add(sys.stderr, level="WARNING")
    nonebot.init(driver="~none")
    from ..qq import table  # the package is imported already (not as a plugin): fine for reading the table

    body = table.markdown()
    if not args.markdown:
        print(body)
        return 0
    from pathlib import Path

    sim.Region("commands").write(Path(args.markdown), body, "")
    print(f"已写入：{args.markdown}", file=sys.stderr)
    return 0


def _replay_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "replay",
        help="从导演台导出的对局 JSON 重建这局游戏，打印结果和演员表（用于争议）",
        description="从导演台导出的对局 JSON（选项、种子、全部输入）重建这局游戏，打印结果和演员表，"
                    "并与导出时记录的结果比对。",
    )
    p.add_argument("file", help="导出的 JSON 文件")


def replay(args: argparse.Namespace) -> int:
    """Rebuild an exported game; exit 1 when the replay differs from what the export recorded."""
    import json
    from pathlib import Path

    from ..engine.game import registry
    from ..engine.game.replay import load_export, summary
    from ..engine.game.replay import replay as rebuild

    registry.load_all()
    try:
        doc, inputs = load_export(json.loads(Path(args.file).read_text(encoding="utf-8")))
        game = rebuild(doc, inputs).game
    except (OSError, ValueError, KeyError) as e:
        print(f"无法重放：{e}", file=sys.stderr)
        return 2
    got = summary(game)
    print(f"第 {doc.get('game', '?')} 局 · {game.rules.title} · 种子 {game.seed} · {len(inputs)} 条输入")
    print(f"结果：{got['outcome'] or ('进行中' if game.status != 'ended' else '无胜者')}")
    if got["cast"]:
        print("演员表：\n" + "\n".join(got["cast"]))
    recorded = doc.get("recorded")
    if recorded is None:
        return 0
    if {k: recorded.get(k) for k in got} == got:
        print("与导出时的记录一致。")
        return 0
    print("与导出时的记录不一致：导出文件里的结果或演员表与重放结果不同。")
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="bansha", description="版杀法官：平衡性模拟、性能基准与对局重放")
    sub = parser.add_subparsers(dest="command", required=True)
    _simulate_parser(sub)
    _stats_parser(sub)
    p = sub.add_parser("pictures", help="每种图片各生成一张（docs/images）", description="用固定种子的对局生成电梯楼、票型、演员表、斗兽棋血量、酒馆得分各一张图。")
    p.add_argument("--out", default="docs/images", help="输出目录（默认 docs/images）")
    p = sub.add_parser("commands", help="命令一览（由命令表生成）", description="按命令表输出命令一览（Markdown）。")
    p.add_argument("--markdown", metavar="MD", help="写入该 Markdown 文件的生成区（如 README.md）")
    from . import bench

    bench.add_parser(sub)
    _replay_parser(sub)
    script_cli.add_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "simulate":
        return simulate(args, argv[1:])
    if args.command == "commands":
        return commands(args)
    if args.command == "replay":
        return replay(args)
    if args.command == "stats":
        return stats(args)
    if args.command == "pictures":
        return pictures(args)
    if args.command == "script":
        return script_cli.run(args)
    return bench.run(args, argv[1:])


if __name__ == "__main__":
    sys.exit(main())
