"""One typed command being handled: who sent it, where, and the service calls it may make."""

from __future__ import annotations

from dataclasses import dataclass, field

from nonebot.adapters.onebot.v11 import Bot, GroupMessageEvent, Message, MessageEvent
from nonebot.adapters.onebot.v11.exception import ActionFailed, ApiNotAvailable, NetworkError
from nonebot.adapters.onebot.v11.permission import GROUP_ADMIN, GROUP_OWNER
from nonebot.permission import SUPERUSER

from .. import parse as parse
from ..engine.core import Input, Refusal
from ..engine.game import Game
from ..service import DatabaseUnavailable, NotOwner, Service
from ..service.routing import Origin
from .text import name_of, plain, sanitize, source_of, words_of

JUDGE_PERM = GROUP_ADMIN | GROUP_OWNER | SUPERUSER
# A OneBot call that did not work: refused (风控, no temp session…), not answered in time, or no connection.
QQ_FAILED = (ActionFailed, NetworkError, ApiNotAvailable)
RETRY = "数据库暂时不可用，这条指令没有生效，请稍后重发。"
JUDGE_ONLY = "只有法官（开局者、群主、管理员或被添加的法官）可以使用法官命令。"

_service: Service | None = None


def service() -> Service:
    if _service is None:
        raise RuntimeError("bansha service not started")
    return _service


def current() -> Service | None:
    """The service, or None before startup (rules checked on every message must not fail then)."""
    return _service


def set_service(svc: Service | None) -> None:
    global _service
    _service = svc


@dataclass
class Call:
    bot: Bot
    event: MessageEvent
    name: str = ""  # the command name as typed (an alias such as 改票 carries meaning)
    arg: Message = field(default_factory=Message)

    @property
    def in_group(self) -> bool:
        return isinstance(self.event, GroupMessageEvent)

    @property
    def user(self) -> int:
        return self.event.user_id

    @property
    def account(self) -> int:
        """The bot account the message came to: only that account's games are its business."""
        return int(self.event.self_id)

    @property
    def text(self) -> str:
        return words_of(self.arg)

    @property
    def words(self) -> list[str]:
        return parse.split_words(self.text)

    def raw_text(self) -> str:
        """What followed the command as the sender typed it, before NFKC: relayed words (队聊, 遗言, 私聊)
        stay as written (「刀谁？」 keeps its full-width ？); only the command itself is normalised."""
        raw = sanitize(words_of(self.event.original_message))
        norm = parse.normalize(raw)
        at = norm.find(self.name)
        if at < 0:
            return self.text
        end = at + len(self.name)
        for i in range(len(raw) + 1):
            if len(parse.normalize(raw[:i])) >= end:
                return raw[i:].strip()
        return self.text

    def now(self) -> float:
        return service().now()

    def input(self, kind: str, **args) -> Input:
        return Input.make(kind, self.user, self.now(), **args)

    def origin(self, game: Game | None = None) -> Origin:
        event = self.event
        if isinstance(event, GroupMessageEvent):
            label = name_of(event)
            if game is not None:
                seat = game.seat_of(event.user_id)
                if seat:
                    label = game.seat_name(seat)
            return Origin("group", event.user_id, event.group_id, label, event.message_id)
        return Origin("private", event.user_id, 0)

    async def submit(self, game: Game, inp: Input) -> None:
        # DatabaseUnavailable goes up to `answer`, which tells the sender to retry
        await service().submit(game.gid, inp, self.origin(game), source_of(self.event))

    async def group_game(self) -> Game:
        event = self.event
        if not isinstance(event, GroupMessageEvent):
            raise Refusal("这个命令请在游戏所在的群里使用。")
        svc = service()
        game = await svc.group_game(event.group_id)  # rebuilt now if the restore has not reached it
        if await svc.index.group_owner(event.group_id) not in (None, self.account):
            raise NotOwner(f"group {event.group_id}: another account's game")  # that account answers
        if game is None:
            raise Refusal("本群没有进行中的游戏。法官可以用 /开局 <游戏> 开一局。")
        return game

    async def games(self) -> list[Game]:
        """The sender's active games (played or judged) that this bot account hosts."""
        svc = service()
        return [g for g in await svc.player_games(self.user) if svc.self_ids.get(g.gid) == self.account]

    async def none_here(self) -> Refusal:
        """No game of the sender's on this account: say which account hosts theirs, if any."""
        others = [(gid, sid) for gid, sid in await service().index.seated_games(self.user) if sid != self.account]
        if others:
            where = "、".join(f"第 {gid} 局由机器人 {sid} 主持" for gid, sid in others)
            return Refusal(f"{where}：请私聊那个机器人账号。")
        return Refusal("你没有参加进行中的游戏。")

    async def pm_game(self) -> Game:
        """The game a private command refers to (in the group: that group's game)."""
        if self.in_group:
            return await self.group_game()
        svc = service()
        games = await self.games()
        if not games:
            raise await self.none_here()
        if len(games) == 1:
            return games[0]
        chosen = svc.pm_choice.get(self.user)
        for g in games:
            if g.gid == chosen:
                return g
        ids = "、".join(f"{g.gid}（群 {g.group}，{g.rules.title}）" for g in games)
        raise Refusal(f"你同时在多局游戏中：{ids}。请先发送 /局 <编号> 选择私聊指令对应的游戏。")

    async def is_judge(self, game: Game) -> bool:
        event, bot = self.event, self.bot
        if game.is_judge(event.user_id):
            return True
        if isinstance(event, GroupMessageEvent):
            return event.group_id == game.group and await JUDGE_PERM(bot, event)
        if await SUPERUSER(bot, event):
            return True
        try:  # a group admin speaking by PM
            info = await bot.get_group_member_info(group_id=game.group, user_id=event.user_id)
            return info.get("role") in ("owner", "admin")
        except QQ_FAILED:
            return False

    async def reply(self, text: str, *, addressed: bool = True) -> None:
        """To the sender, where they typed it; in the group addressed by name. Through the outbox like every
        other message (service/outbox.py): in the chat's order, within the group's budget, retried a few times — a
        PM the bot cannot answer never makes the handler fail."""
        event = self.event
        if isinstance(event, GroupMessageEvent):
            prefix = f"{name_of(event)}：" if addressed else ""
            service().outbox.say(int(self.bot.self_id), "group", event.group_id, prefix + text)
        else:
            temp = getattr(event, "group_id", None)  # NapCat names the group of a temp session
            service().outbox.say(int(self.bot.self_id), "private", event.user_id, text,
                          group_id=int(temp) if isinstance(temp, int | str) and str(temp).isdigit() else None)

    def whisper(self, game: Game, text: str) -> None:
        """A private message to the sender through the outbox (in order, retried; nobody waits for it)."""
        service().outbox.say(int(self.bot.self_id), "private", self.user, text, group_id=game.group)

    async def tell(self, game: Game, text: str) -> None:
        """A private message to the sender now (through the game's group when not a friend); QQ_FAILED when
        it cannot get through, so the caller can say so where the sender is."""
        await self.bot.call_api("send_private_msg", user_id=self.user, group_id=game.group, message=plain(text))


@dataclass
class JudgeCall:
    """A `/法官 <sub> …` from someone already checked to be a judge of `game`."""

    call: Call
    game: Game
    sub: str  # the sub-command as typed

    def input(self, **args) -> Input:
        return self.call.input("judge", sub=self.sub, **args)


async def answer(call: Call, handler) -> None:
    """Run a handler; its reply, a Refusal or a DB fault (RETRY) goes back to the sender only.

    The plain reply of a read-only command (/帮助, /状态) is not addressed by name; refusals are."""
    try:
        said = await handler(call)
    except NotOwner:
        return  # another account or process judges this game, and answers
    except Refusal as e:
        await call.reply(e.message)
        return
    except DatabaseUnavailable:
        await call.reply(RETRY)
        return
    if said:
        await call.reply(said, addressed=False)
