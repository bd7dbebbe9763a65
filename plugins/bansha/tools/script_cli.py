"""`bansha script list | check FILE | simulate FILE --games N`: the 剧本 (docs/script.md) from the command line."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from .. import scripts
from ..engine.core import Refusal
from ..engine.core.phases import parse_options
from ..engine.game.script import ScriptError
from . import sim


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("script", help="剧本：列出、检查、模拟（docs/script.md）",
                       description="剧本（docs/script.md）：列出找到的剧本，检查一个剧本文件，或让代理按剧本自我对局看胜率。")
    what = p.add_subparsers(dest="action", required=True)
    q = what.add_parser("list", help="列出每个剧本的名字和文件", description="剧本文件夹（BANSHA_SCRIPTS_DIR）和机器人自带的剧本。")
    q.add_argument("--dir", default=None, help="剧本文件夹（默认取环境变量 BANSHA_SCRIPTS_DIR）")
    q = what.add_parser("check", help="检查一个剧本文件：合格退出码 0，否则逐条说明（行号和字段）并退出码 1")
    q.add_argument("file")
    q = what.add_parser("simulate", help="按剧本自我对局，统计阵营胜率（95% 置信区间）")
    q.add_argument("file")
    q.add_argument("--games", type=int, default=200, help="局数（默认 200）")
    q.add_argument("--seed", type=int, default=1, help="起始种子（默认 1）")
    q.add_argument("--agent", default="deduce", help="代理：random、cautious、deduce（默认 deduce：推理代理）")
    q.add_argument("--jobs", type=int, default=1, help="并行进程数；0 表示 CPU 核数")


def run(args: argparse.Namespace) -> int:
    if args.action == "list":
        folder = args.dir if args.dir is not None else os.environ.get("BANSHA_SCRIPTS_DIR", "")
        for found in scripts.found(folder):
            mark = "" if found.ok else f"  （不能开：{found.problems[0]}）"
            print(f"{found.name}\t{found.path}{'（自带）' if found.shipped else ''}{mark}")
        return 0
    source = _read(args.file)
    if source is None:
        return 1
    try:
        script, rules, options = scripts.load(source)
    except ScriptError as e:
        print(f"{args.file}：剧本有 {len(e.problems)} 处问题：")
        for problem in e.problems:
            print(f"  {problem}")
        return 1
    if args.action == "check":
        print(f"{args.file}：剧本「{script.name}」合格（{rules.title}，{_players(script.players)} 人）。")
        return 0
    if not 1 <= args.games <= 100_000:
        print("--games 要在 1 到 100000 之间。")
        return 1
    try:
        kinds = sim.agent_kinds(args.agent)
        base = parse_options(list(sim.SIM_DEFAULTS), rules.all_options())
    except (sim.SimError, Refusal) as e:
        print(str(e))
        return 1
    base.pop("种子", None)
    specs = [sim.SimSpec(rules.key, n, tuple(sorted({**base, **options}.items())), kind, script.name)
             for kind in kinds for n in range(script.players[0], script.players[1] + 1)]
    for rep in sim.simulate(specs, args.games, args.seed, jobs=args.jobs):
        print(sim.render_text(rep))
    return 0


def _read(file: str) -> str | None:
    path = Path(file)
    try:
        if path.stat().st_size > scripts.MAX_TEXT * 4:
            print(f"{file}：文件太大。")
            return None
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        print(f"{file}：读不出这个文件（{type(e).__name__}）。剧本要用 UTF-8 保存。")
        return None


def _players(players: tuple[int, int]) -> str:
    lo, hi = players
    return str(lo) if lo == hi else f"{lo}～{hi}"
