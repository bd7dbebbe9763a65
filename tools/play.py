"""Interactive REPL: play with the real bot through a fake QQ (no NapCat needed).

    .venv/bin/python tools/play.py [--group 20000] [--players 10001-10012]

Starts `bot.py` from the repo root on a free port with a temp DB and the production flood
control (`--no-flood` turns it off), connects a
FakeQQ whose one group holds the players (all friends of the bot), then reads
commands from stdin (interactive or piped from a file). Every message the bot
sends is printed as it arrives. Type `help` for the commands.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO_ROOT), str(REPO_ROOT / "tests" / "support")]  # the fake OneBot client, as a plain script

from fakeqq import BotProcess, FakeQQ, Segment, Sent, at, text  # noqa: E402

HELP = """\
命令：
  as <QQ> group <文本>          以 <QQ> 的身份在群里发言（group 也可写作 群）
  as <QQ> pm <文本>             以 <QQ> 的身份私聊机器人（pm 也可写作 私聊）
  as <QQ> temp <文本>           以 <QQ> 的身份通过群临时会话私聊机器人
  reply <消息号> as <QQ> <文本>  在群里回复某条消息（楼中楼）
  show [条数]                   显示最近的消息（默认 20 条，含玩家发言）
  wait <秒>                     等待若干秒，期间机器人的消息照常显示
  log [行数]                    显示机器人进程日志的末尾（默认 40 行）
  friend <QQ> / unfriend <QQ>   加 / 删机器人的好友（测试私聊可达性）
  restart                       正常重启机器人（SIGTERM）并重连
  crash                         模拟崩溃（SIGKILL）后重启并重连
  help                          显示本帮助
  quit                          退出（也可用 exit 或 Ctrl-D）

文本里：@<QQ> 会变成 @某人，@bot 会 @机器人，\\n 表示换行。
以 # 开头的行是注释（方便从文件读入脚本）。
"""


def parse_players(spec: str) -> list[int]:
    """`10001-10012` or `10001,10005,10009-10011`."""
    out: list[int] = []
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        lo, sep, hi = part.partition("-")
        if sep:
            out.extend(range(int(lo), int(hi) + 1))
        else:
            out.append(int(part))
    return list(dict.fromkeys(out))


_AT_RE = re.compile(r"@(bot|\d{5,12})\b")


def build_message(raw: str, bot_qq: int) -> str | list[Segment]:
    """REPL text -> message: `\\n` escapes, `@123456` / `@bot` become at segments."""
    s = raw.replace("\\n", "\n")
    if not _AT_RE.search(s):
        return s
    segs: list[Segment] = []
    pos = 0
    for m in _AT_RE.finditer(s):
        if m.start() > pos:
            segs.append(text(s[pos : m.start()]))
        segs.append(at(bot_qq if m.group(1) == "bot" else int(m.group(1))))
        pos = m.end()
    if pos < len(s):
        segs.append(text(s[pos:]))
    return segs


@dataclass
class Line:
    """One transcript entry (what a player said or what the bot sent)."""

    message_id: int
    rendered: str


class Repl:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.players = parse_players(args.players)
        self.group = args.group
        self.interactive = sys.stdin.isatty()
        self.transcript: list[Line] = []
        self.workdir = Path(args.workdir)
        self.proc = BotProcess(
            self.workdir,
            db_path=args.db,
            superusers=(args.admin,),
            env=dict(kv.split("=", 1) for kv in args.env),
            # what players get in production: the send and command budgets (--no-flood: as fast as you type)
            flood_control=not args.no_flood,
        )
        self.qq = FakeQQ.for_process(self.proc, self_id=args.bot_qq)
        self.qq.nicknames[args.admin] = "管理员"
        members = {q: f"玩家{i}" for i, q in enumerate(self.players, 1)}
        members[args.admin] = "管理员"
        self.qq.add_group(self.group, members, owner=args.admin, bot_is_admin=not args.no_bot_admin)
        self.qq.friends |= set(self.players) | {args.admin}
        self.qq.sent_listeners.append(self._on_sent)
        self.qq.api_listeners.append(self._on_api)

    # ------------------------------------------------------------ output

    def emit(self, s: str) -> None:
        if self.interactive:
            # redraw the prompt below whatever arrived while the user types
            sys.stdout.write("\r\033[K" + s + "\n> ")
        else:
            sys.stdout.write(s + "\n")
        sys.stdout.flush()

    def _on_sent(self, sent: Sent) -> None:
        line = sent.describe()
        self.transcript.append(Line(sent.message_id, line))
        self.emit(line)

    def _on_api(self, action: str, params: dict[str, Any], resp: dict[str, Any]) -> None:
        if resp.get("status") == "failed":
            self.emit(f"  ! 接口 {action} 失败：{resp.get('message')}  参数={params}")
        elif action == "set_group_ban":
            self.emit(f"  * 禁言 群{params.get('group_id')} {params.get('user_id')} {params.get('duration')} 秒")
        elif action == "delete_msg":
            self.emit(f"  * 撤回 #{params.get('message_id')}")

    def _said(self, mid: int, where: str, qq: int, msg: str | list[Segment]) -> None:
        shown = (
            msg
            if isinstance(msg, str)
            else "".join(s["data"].get("text", "") if s["type"] == "text" else f"@{s['data'].get('qq')}" for s in msg)
        )
        nick = self.qq.nicknames.get(qq, str(qq))
        body = shown.replace("\n", "\n    ")
        line = f"{where} #{mid} {qq}({nick}): {body}"
        self.transcript.append(Line(mid, line))
        if not self.interactive:
            self.emit(line)
        else:
            self.emit(f"  (已发送 #{mid})")

    # ---------------------------------------------------------- lifecycle

    async def start(self) -> None:
        print(f"正在启动机器人（端口 {self.proc.port}，日志 {self.proc.log_path}）……", flush=True)
        self.proc.start()
        await self._connect()
        admin = self.args.admin
        print(
            f"已连接。群 {self.group}：玩家 {', '.join(map(str, self.players))}"
            f"（都是机器人的好友），群主兼超级用户 {admin}。输入 help 查看命令。",
            flush=True,
        )

    async def _connect(self) -> None:
        try:
            await self.proc.wait_ready(self.args.timeout)
            await self.qq.connect(self.args.timeout)
        except (RuntimeError, TimeoutError, ConnectionError) as e:
            print(f"机器人启动失败：{e}", file=sys.stderr)
            raise SystemExit(1) from e

    async def watch(self) -> None:
        """Tell the user at once if the bot process dies on its own."""
        reported = False
        while True:
            await asyncio.sleep(1)
            dead = self.proc.proc is not None and not self.proc.running
            if dead and not reported:
                code = self.proc.proc.returncode if self.proc.proc else None
                self.emit(f"!! 机器人进程已退出（返回码 {code}）。日志末尾：\n{self.proc.log_tail(2000)}")
            reported = dead

    def shutdown(self) -> None:
        self.proc.stop()
        if self.args.keep:
            print(f"临时目录保留在 {self.proc.tmpdir}", flush=True)
        else:
            self.proc.cleanup()

    # ----------------------------------------------------------- commands

    async def run_line(self, line: str) -> bool:
        """Execute one command; False means quit."""
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        if not self.interactive:
            self.emit(f"> {line}")
        cmd, _, rest = line.partition(" ")
        cmd = cmd.lower()
        try:
            if cmd in ("quit", "exit", "q"):
                return False
            if cmd == "help":
                self.emit(HELP.rstrip())
            elif cmd == "as":
                await self._cmd_as(rest)
            elif cmd == "reply":
                await self._cmd_reply(rest)
            elif cmd == "show":
                n = int(rest) if rest.strip() else 20
                self.emit("\n".join(x.rendered for x in self.transcript[-n:]) or "（还没有消息）")
            elif cmd == "wait":
                await asyncio.sleep(float(rest))
            elif cmd == "log":
                n = int(rest) if rest.strip() else 40
                self.emit("\n".join(self.proc.log_text().splitlines()[-n:]))
            elif cmd in ("friend", "unfriend"):
                q = int(rest)
                (self.qq.friends.add if cmd == "friend" else self.qq.friends.discard)(q)
                self.emit(f"好友列表：{sorted(self.qq.friends)}")
            elif cmd in ("restart", "crash"):
                await self._restart(hard=cmd == "crash")
            else:
                self.emit(f"未知命令：{cmd}。输入 help 查看命令。")
        except (ValueError, KeyError, RuntimeError) as e:
            self.emit(f"出错：{e}")
        return True

    async def _cmd_as(self, rest: str) -> None:
        parts = rest.split(" ", 2)
        if len(parts) < 3:
            raise ValueError("用法：as <QQ> group|pm|temp <文本>")
        qq, where, body = int(parts[0]), parts[1].lower(), parts[2]
        msg = build_message(body, self.qq.self_id)
        if where in ("group", "群"):
            mid = await self.qq.group_msg(qq, self.group, msg)
            self._said(mid, f"[群 {self.group}]", qq, msg)
        elif where in ("pm", "私聊"):
            mid = await self.qq.private_msg(qq, msg)
            self._said(mid, "[私聊 机器人 ←]", qq, msg)
        elif where in ("temp", "临时"):
            mid = await self.qq.private_msg(qq, msg, temp_group=self.group)
            self._said(mid, f"[临时会话 群{self.group} 机器人 ←]", qq, msg)
        else:
            raise ValueError(f"不认识的去处 {where!r}：用 group、pm 或 temp")

    async def _cmd_reply(self, rest: str) -> None:
        m = re.fullmatch(r"#?(\d+)\s+as\s+(\d+)\s+(.*)", rest.strip(), re.S)
        if not m:
            raise ValueError("用法：reply <消息号> as <QQ> <文本>")
        target, qq, body = int(m.group(1)), int(m.group(2)), m.group(3)
        msg = build_message(body, self.qq.self_id)
        mid = await self.qq.group_msg(qq, self.group, msg, reply_to=target)
        self._said(mid, f"[群 {self.group}] (回复 #{target})", qq, msg)

    async def _restart(self, hard: bool) -> None:
        self.emit("模拟崩溃（SIGKILL）……" if hard else "正在重启……")
        if hard:
            self.proc.kill()
        else:
            self.proc.stop()
        self.proc.start()
        await self._connect()
        self.emit("已重新连接。")


def read_stdin(loop: asyncio.AbstractEventLoop, queue: asyncio.Queue[str | None], interactive: bool) -> None:
    # a thread, because input()/readline block and piped files must work too
    while True:
        try:
            line: str | None = input("> ") if interactive else sys.stdin.readline()
        except (EOFError, KeyboardInterrupt):
            line = None
        if not interactive and line == "":
            line = None  # EOF of a piped file
        loop.call_soon_threadsafe(queue.put_nowait, line)
        if line is None:
            return


async def amain(args: argparse.Namespace) -> int:
    repl = Repl(args)
    try:
        await repl.start()
        watcher = asyncio.create_task(repl.watch())
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        threading.Thread(
            target=read_stdin, args=(asyncio.get_running_loop(), queue, repl.interactive), daemon=True
        ).start()
        while (line := await queue.get()) is not None:
            if not await repl.run_line(line):
                break
        watcher.cancel()
        await repl.qq.close()
        return 0
    finally:
        repl.shutdown()
        print("已退出。", flush=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="用假 QQ 在终端里和机器人对话（无需 NapCat）。")
    p.add_argument("--group", type=int, default=20000, help="群号（默认 20000）")
    p.add_argument(
        "--players", default="10001-10012", help="玩家 QQ，如 10001-10012 或 10001,10003（默认 10001-10012）"
    )
    p.add_argument("--admin", type=int, default=99999, help="群主兼超级用户的 QQ（默认 99999）")
    p.add_argument("--bot-qq", type=int, default=10000, help="机器人自己的 QQ（默认 10000）")
    p.add_argument("--no-flood", action="store_true",
                   help="关掉防刷屏额度（默认与正式运行相同：每群 5 条后每 2 秒 1 条，每人 4 条指令后每 5 秒 1 条）")
    p.add_argument("--no-bot-admin", action="store_true", help="机器人不是群管理员（禁言会失败）")
    p.add_argument("--db", default=None, help="SQLite 文件路径（默认临时文件；给定则可跨会话继续）")
    p.add_argument("--env", action="append", default=[], metavar="KEY=VALUE", help="传给机器人的额外环境变量")
    p.add_argument("--timeout", type=float, default=60, help="等待机器人启动的秒数（默认 60）")
    p.add_argument("--workdir", default=str(REPO_ROOT), help="bot.py 所在目录（默认仓库根目录）")
    p.add_argument("--keep", action="store_true", help="退出后保留临时目录（日志与数据库）")
    args = p.parse_args(argv)
    if any("=" not in kv for kv in args.env):
        p.error("--env 需要 KEY=VALUE 形式")
    if not (Path(args.workdir) / "bot.py").exists():
        print(f"找不到 {Path(args.workdir) / 'bot.py'}：机器人还没写好？", file=sys.stderr)
        return 2
    if args.db:
        args.db = str(Path(args.db).resolve())
    try:
        return asyncio.run(amain(args))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
