"""Login to the 导演台: one-time signed links, session cookies, CSRF tokens.

- `/法官 控制台` issues a link: a token signed with the server secret (itsdangerous) holding the
  judge's QQ number and a fresh nonce; the nonce is stored in the DB. It is valid for 10 minutes
  and only once: opening it spends the nonce in one conditional UPDATE, so two tabs (or two bot
  processes on one PostgreSQL) cannot both log in with it.
- Opening the link shows a button; pressing it (a POST) spends the token and sets the session
  cookie. A GET never spends it, so QQ's link preview cannot use the link up before the judge does.
- The session cookie is signed too (HttpOnly, SameSite=Strict) and lasts BANSHA_CONSOLE_SESSION.
- The cookie also carries the judge's session epoch, a random value kept in the DB (Setting
  `console_epoch:<qq>`). Every request compares them: logging out, or `/法官 移除法官` naming this
  judge, draws a new epoch (`revoke`), which ends every session of that judge on every process. The
  epoch is cached for EPOCH_TTL seconds; `revoke` updates this process's cache at once.
- Every form carries a CSRF token derived from the session's id (HMAC with the secret).

Times here are wall-clock (time.time), not the game clock: a login is about people, not games.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

from ..models import ConsoleLogin, Setting

LINK_SECONDS = 600
COOKIE = "bansha_console"
_SECRET_KEY = "console_secret"
EPOCH_TTL = 5.0  # seconds another process may still accept a session revoked elsewhere
_epochs: dict[int, tuple[str, float]] = {}  # qq -> (epoch, cached until), shared by this process's consoles
_on_revoke: list[Callable[[int], None]] = []  # the console's live streams, told to check their sessions


class LoginRefused(Exception):
    """A link or session that cannot be used; the message is shown as a plain page."""

    def __init__(self, message: str, why: str):
        super().__init__(message)
        self.message = message
        self.why = why  # for the log line


@dataclass(frozen=True)
class Session:
    qq: int
    sid: str
    epoch: str = ""


def _epoch_key(qq: int) -> str:
    return f"console_epoch:{qq}"


async def epoch(qq: int) -> str:
    """The judge's current session epoch (created on first use), cached briefly."""
    hit = _epochs.get(qq)
    if hit is not None and hit[1] > time.monotonic():
        return hit[0]
    row = await Setting.get_or_none(key=_epoch_key(qq))
    if row is None:
        await Setting.get_or_create(key=_epoch_key(qq), defaults={"value": secrets.token_urlsafe(12)})
        row = await Setting.get(key=_epoch_key(qq))  # another process may have won the race: use its value
    _epochs[qq] = (row.value, time.monotonic() + EPOCH_TTL)
    return row.value


async def revoke(qq: int) -> None:
    """End every 导演台 session of this judge (logout, /法官 移除法官): a new epoch, at once in this process."""
    value = secrets.token_urlsafe(12)
    await Setting.update_or_create(defaults={"value": value}, key=_epoch_key(qq))
    _epochs[qq] = (value, time.monotonic() + EPOCH_TTL)
    for callback in _on_revoke:
        callback(qq)


def on_revoke(callback: Callable[[int], None]) -> None:
    _on_revoke.append(callback)


async def load_secret(configured: str) -> str:
    """The .env secret, else the one kept in the DB (created on first use)."""
    if configured:
        return configured
    row = await Setting.get_or_none(key=_SECRET_KEY)
    if row is None:
        await Setting.get_or_create(key=_SECRET_KEY, defaults={"value": secrets.token_urlsafe(32)})
        row = await Setting.get(key=_SECRET_KEY)  # another process may have won the race: use its value
    return row.value


class Auth:
    def __init__(self, secret: str, session_seconds: int):
        self.secret = secret
        self.session_seconds = session_seconds
        self._links = URLSafeTimedSerializer(secret, salt="bansha-console-login")
        self._sessions = URLSafeTimedSerializer(secret, salt="bansha-console-session")

    # --- links ------------------------------------------------------------------
    async def issue(self, qq: int) -> str:
        nonce = secrets.token_urlsafe(16)
        await ConsoleLogin.create(nonce=nonce, qq=qq, issued=time.time())
        return self._links.dumps({"qq": qq, "n": nonce})

    def _read(self, token: str) -> tuple[int, str]:
        try:
            data = self._links.loads(token, max_age=LINK_SECONDS)
        except SignatureExpired:
            raise LoginRefused("这个登录链接已经过期（有效期 10 分钟）。请在 QQ 里重新发送 /法官 控制台。", "expired") from None
        except BadSignature:
            raise LoginRefused("这个登录链接无效。请在 QQ 里发送 /法官 控制台 获取新的链接。", "forged") from None
        if not isinstance(data, dict) or not isinstance(data.get("qq"), int) or not isinstance(data.get("n"), str):
            raise LoginRefused("这个登录链接无效。请在 QQ 里发送 /法官 控制台 获取新的链接。", "malformed")
        return data["qq"], data["n"]

    async def check(self, token: str) -> int:
        """The QQ number a link is for, without spending it."""
        qq, nonce = self._read(token)
        row = await ConsoleLogin.get_or_none(nonce=nonce)
        if row is None or row.qq != qq:
            raise LoginRefused("这个登录链接无效。请在 QQ 里发送 /法官 控制台 获取新的链接。", "unknown nonce")
        if row.used is not None:
            raise LoginRefused("这个登录链接已经用过了，每个链接只能用一次。请重新发送 /法官 控制台。", "reused")
        return qq

    async def spend(self, token: str) -> Session:
        qq = await self.check(token)
        _, nonce = self._read(token)
        spent = await ConsoleLogin.filter(nonce=nonce, used__isnull=True).update(used=time.time())
        if not spent:
            raise LoginRefused("这个登录链接已经用过了，每个链接只能用一次。请重新发送 /法官 控制台。", "reused")
        return Session(qq, secrets.token_urlsafe(16), await epoch(qq))

    # --- sessions -------------------------------------------------------------------
    def cookie(self, session: Session) -> str:
        return self._sessions.dumps({"qq": session.qq, "s": session.sid, "v": session.epoch})

    def signed(self, cookie: str | None) -> Session | None:
        """The session a cookie names, if its signature holds and it has not expired (the epoch unchecked)."""
        if not cookie:
            return None
        try:
            data = self._sessions.loads(cookie, max_age=self.session_seconds)
        except BadSignature:  # SignatureExpired included
            return None
        if not isinstance(data, dict) or not isinstance(data.get("qq"), int) or not isinstance(data.get("s"), str) \
                or not isinstance(data.get("v"), str):
            return None
        return Session(data["qq"], data["s"], data["v"])

    async def session(self, cookie: str | None) -> Session | None:
        """The cookie's session while it is valid: signed, not expired, and not ended by logout or 移除法官."""
        session = self.signed(cookie)
        if session is None or not hmac.compare_digest(session.epoch, await epoch(session.qq)):
            return None
        return session

    # --- CSRF -----------------------------------------------------------------------
    def csrf(self, session: Session) -> str:
        return hmac.new(self.secret.encode(), f"csrf:{session.sid}:{session.qq}".encode(), hashlib.sha256).hexdigest()

    def csrf_ok(self, session: Session, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(self.csrf(session), str(token))
