"""End-to-end harness: play a game through the fake QQ client against the real bot,
while folding the same inputs into a local copy of the game.

Every message the local fold says the bot must send (group posts, each seat's
private feedback, team relays, replies) must arrive over the WebSocket, and
nothing may appear in the group that the rules did not say. Any ruleset that
registers itself can be played this way with no extra code.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

from fakeqq import FakeQQ, Sent

from plugins.bansha.engine import Input, Refusal, apply
from plugins.bansha.engine.agents.play import agent_for
from plugins.bansha.engine.core import ABSTAIN, MARKER_RE
from plugins.bansha.engine.core.phases import parse_options
from plugins.bansha.engine.core.rng import Rng
from plugins.bansha.engine.game import ENDED, Game
from plugins.bansha.engine.game.ruleset import Ruleset
from plugins.bansha.engine.views.posts import compose
from plugins.bansha.service import Origin
from plugins.bansha.service.routing import route

_TIME = re.compile(r"\d{2}-\d{2} \d{2}:\d{2}(?::\d{2})?")
_LEFT = re.compile(r"（还有 [^）]*）")


def norm(text: str) -> str:
    """Times differ between the bot's clock and ours; everything else must match."""
    text = text.replace("\f", "\n")  # sections of a merged forward arrive as nodes, read joined by lines
    text = MARKER_RE.sub("", text)  # an @ arrives as a segment of its own, not as text
    return _LEFT.sub("（还有 <d>）", _TIME.sub("<t>", text)).strip()


def holds(got: str, want: str) -> bool:
    """A message is what was expected, or holds it whole among others (posts merged under the send budget)."""
    return got == want or f"\n{want}\n" in f"\n{got}\n"


@dataclass
class Expect:
    kind: str  # group | private | forward
    target: int
    text: str


def expected(game: Game, events: list, origin: Origin) -> list[Expect]:
    """The messages the rules' events become (a mute is no message; a vote typed in the group is
    acknowledged by a reaction on it, not by a message)."""
    rows = route(game, events, origin)
    return [Expect(k, t, x) for k, t, _g, x, _d in rows if k not in ("ban", "react")]


def reacted(game: Game, events: list, origin: Origin) -> bool:
    """Whether the input is acknowledged by a reaction on the player's post (a vote typed in the group)."""
    return any(row[0] == "react" for row in route(game, events, origin))


@dataclass
class Mirror:
    qq: FakeQQ
    rules: Ruleset
    group: int
    judge: int
    players: list[int]
    seed: int
    options: dict[str, str] = field(default_factory=dict)
    timeout: float = 20.0
    game: Game | None = None
    consumed: set[int] = field(default_factory=set)
    expected_group: list[str] = field(default_factory=list)
    steps: int = 0
    crash_next: Any = None  # async callable: crash the bot right after the next command is acknowledged
    dry: bool = False  # fold locally only: the crash-free reference run
    arng: Rng | None = None
    events: list = field(default_factory=list)  # every event of the local fold, in order
    posts: list = field(default_factory=list)  # …and what they became in the group (engine/views/posts.py), in order
    script: str = ""  # a 剧本's 名字: opened with /开局 剧本 <名字>, the model with the 剧本's compiled options

    def nick(self, qq: int) -> str:
        if self.dry:
            return f"玩家{qq % 100}" if qq != self.judge else "法官"
        return self.qq.groups[self.group].members[qq].nickname

    # --- sending a command and checking what comes back ---------------------------------
    async def _send(self, qq: int, text: str, where: str, inp: Input | None, origin: Origin) -> list[Expect]:
        mark = self.qq.mark()
        expects: list[Expect] = []
        react = False
        if inp is not None and self.game is not None:
            try:
                events = apply(self.game, inp)
            except Refusal as r:
                label = f"{self.nick(qq)}：" if where == "group" else ""
                kind, target = ("group", self.group) if where == "group" else ("private", qq)
                expects = [Expect(kind, target, label + r.message)]
            else:
                self.events.extend(events)
                self.posts.extend(compose(self.game, events))
                expects = expected(self.game, events, origin)
                react = where == "group" and reacted(self.game, events, origin)
        if self.dry:
            return expects
        await self.deliver(qq, text, where, expects, mark, react)
        return expects

    async def deliver(self, qq: int, text: str, where: str, expects: list[Expect], mark: int,
                      react: bool = False) -> None:
        """Send the QQ message and wait for what it must produce; a vote the bot acknowledges by a
        reaction on the post is acknowledged (committed) only once the reaction is there."""
        if where == "group":
            mid = await self.qq.group_msg(qq, self.group, text)
            if react and not expects:
                await self.qq.wait_reaction(mid, self.timeout)
        else:
            await self.qq.private_msg(qq, text)
        if self.crash_next is not None and len(expects) > 1:
            # The first message proves the input and all its messages were committed together;
            # crash before the rest are sent: they must still arrive after the restart.
            await self.expect(expects[:1], mark)
            hook, self.crash_next = self.crash_next, None
            await hook()
            await self.expect(expects[1:], mark)
        else:
            await self.expect(expects, mark)

    async def expect(self, expects: list[Expect], after: int = 0) -> list[Sent]:
        got = []
        for e in expects:
            want = norm(e.text)

            def pred(s: Sent, e: Expect = e, want: str = want) -> bool:
                if s.message_id in self.consumed or s.target != e.target:
                    return False
                if e.kind == "forward":
                    return s.is_forward and norm(s.text) == want
                return s.kind == e.kind and not s.is_forward and holds(norm(s.text), want)

            try:
                # Only what arrived after the command was sent: an identical line re-sent after an
                # earlier crash must not be taken for this command's answer.
                s = await self.qq.wait_for(pred, self.timeout, after=after)
            except TimeoutError as err:
                raise TimeoutError(f"expected {e.kind} to {e.target}: {e.text[:200]!r}\n{err}") from None
            self.consumed.add(s.message_id)
            got.append(s)
            if e.kind in ("group", "forward"):
                self.expected_group.append(want)
        return got

    def _origin(self, qq: int, where: str) -> Origin:
        if where != "group":
            return Origin("private", qq, 0)
        label = self.nick(qq)
        if self.game is not None:
            seat = self.game.seat_of(qq)
            if seat:
                label = self.game.seat_name(seat)
        return Origin("group", qq, self.group, label, message_id=-1)  # the real one is the fake's; any id acts alike

    async def command(self, qq: int, text: str, where: str, kind: str | None = None, **args: Any) -> list[Expect]:
        inp = Input.make(kind, qq, time.time(), **args) if kind else None
        return await self._send(qq, text, where, inp, self._origin(qq, where))

    # --- the game's life ----------------------------------------------------------------
    async def open(self) -> None:
        words = [f"{k}={v}" for k, v in self.options.items()]
        if "报名名单" not in self.options:  # no roster after the sign-ups: it comes on the bot's clock, not ours
            words.append("报名名单=0")
        if self.dry:
            opts = parse_options(words, self.rules.all_options())
            self.game = Game.new(1, self.rules, self.group, self.judge, self.seed, opts)
            return
        mark = self.qq.mark()
        game = f"剧本 {self.script}" if self.script else self.rules.title
        await self.qq.group_msg(self.judge, self.group, " ".join([f"/开局 {game}", f"种子={self.seed}", *words]))
        sent = await self.qq.wait_for(lambda s: s.target == self.group and "开局（第" in s.text, self.timeout, mark)
        self.consumed.add(sent.message_id)
        gid = int(re.search(r"第 (\d+) 局", sent.text).group(1))  # type: ignore[union-attr]
        opts = parse_options(words, self.rules.all_options())
        if self.script:  # as /开局 剧本 builds them: the 剧本's options, the opener's own words on top
            from plugins.bansha import scripts

            found = scripts.find(self.script)
            assert found is not None and found.ok, self.script
            said = {w.partition("=")[0] for w in words}
            opts = {**opts, **scripts.load(found.source)[2], **{k: v for k, v in opts.items() if k in said}}
        self.game = Game.new(gid, self.rules, self.group, self.judge, self.seed, opts)

    async def join_all(self) -> None:
        for qq in self.players:
            await self.command(qq, "/报名", "group", "join", name=self.nick(qq))

    async def start(self, pause: bool = True) -> None:
        await self.command(self.judge, "/开始", "group", "start")
        if pause:  # the test drives every phase change with 推进, so the bot's own clock never interferes
            await self.command(self.judge, "/法官 暂停", "group", "judge", sub="暂停")

    async def advance(self) -> None:
        await self.command(self.judge, "/法官 推进", "group", "judge", sub="推进")

    async def act(self, seat: int, action) -> None:
        """Send one agent action the way a player would type it."""
        game = self.game
        assert game is not None
        qq = game.qq_of(seat)
        skill = next(s for s in self.rules.skills_of(game.state, seat) if s.key == action.skill)
        words = ["弃权" if t == ABSTAIN else str(t) for t in action.targets] + list(action.words)
        if skill.name == "投票":
            target = words[0] if words else "弃权"
            extra = [w for w in words[1:] if w != "改票"]
            kw = "改票" if "改票" in words else "投票"
            text = f"/{kw} {target} 端到端测试" + (" " + " ".join(extra) if extra else "")
            await self.command(qq, text, "group", "act", skill=kw, words=(target,), via="group", reason=(
                "端到端测试" + (" " + " ".join(extra) if extra else "")))
            return
        where = "group" if skill.public else "pm"
        text = " ".join([f"/技能 {skill.name}", *words]).strip()
        await self.command(qq, text, where, "act", skill=skill.name, words=tuple(words), via=where)

    async def give_up(self, seat: int) -> None:
        assert self.game is not None
        await self.command(self.game.qq_of(seat), "/放弃", "pm", "pass", skill="")

    async def play(self, agent=None, max_steps: int = 1500, on_step=None, finish: bool = True) -> Game:
        """Random (or given) agent for every seat until the game ends; phases advance by 推进.

        The agent's RNG lives on the mirror, so play() can be resumed step by step and a
        crash-free reference run makes the same choices.
        """
        if self.arng is None:
            self.arng = Rng.seeded(self.seed ^ 0x5DEECE66D)
        agent = agent or agent_for(self.rules)
        for _ in range(max_steps):
            if self.game.status == ENDED:
                break
            self.steps += 1
            if on_step is not None:
                await on_step(self)
            state = self.game.state
            phase, phase_no = state.phase, self.game.phase_no
            acted = False
            for seat in sorted(self.rules.pending(state)):
                if seat not in self.rules.pending(self.game.state):
                    continue  # an earlier move this step changed who owes an action
                action = agent(self.rules, self.game.state, seat, self.arng)
                if action is None:
                    await self.give_up(seat)
                else:
                    await self.act(seat, action)
                acted = True
                g = self.game
                if g.status == ENDED or g.phase_no != phase_no or g.state.phase != phase:
                    break
            if self.game.status != ENDED and not acted:
                await self.advance()
        if finish:
            assert self.game.status == ENDED, f"game did not end in {max_steps} steps"
        return self.game

    def unexpected_group_posts(self) -> list[str]:
        """Group posts the bot made that the rules did not produce (duplicates after a crash are fine)."""
        allowed = set(self.expected_group)
        out = []
        for s in self.qq.sent:
            if s.target != self.group or s.kind != "group":
                continue
            t = norm(s.text)
            if t in allowed or "开局（第" in t or _merged_of(t, allowed):
                continue
            out.append(s.text)
        return out


def _merged_of(text: str, allowed: set[str]) -> bool:
    """A message merged under the send budget: every part of it was expected."""
    parts = text.split("\n\n")
    return len(parts) > 1 and all(p in allowed for p in parts)
