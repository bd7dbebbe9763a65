"""Plugin settings, read by NoneBot from .env / the environment."""

from typing import Literal

from pydantic import BaseModel


class Config(BaseModel):
    # Empty: a SQLite file in nonebot-plugin-localstore's data directory for this plugin
    # (qq/lifecycle.py db_url); the repository's .env.example sets sqlite://data/bansha.sqlite3.
    bansha_db_url: str = ""
    # Where /开局 games can be opened: empty = every group.
    bansha_groups: list[int] = []
    # The 导演's 剧本 folder (*.toml, docs/script.md): empty = 剧本/ in the plugin's data directory. The 剧本
    # shipped with the bot are offered too.
    bansha_scripts_dir: str = ""
    # Who may /开局: "admins" (the group's owner and admins, and SUPERUSERS) or "anyone".
    bansha_open_by: Literal["admins", "anyone"] = "admins"
    # Require players to be the bot's QQ friends (off: a temp session through the group is enough).
    bansha_friends_only: bool = False
    # Pictures (电梯楼, 票型, 演员表…) with the text: off for every account, or for the listed bot accounts (self_id).
    bansha_images: bool = True
    bansha_images_off: list[int] = []
    # Test clock for end-to-end forum games: game time runs `scale` times faster than the wall clock,
    # anchored so that real time `anchor_real` is game time `anchor_game` (restarts keep continuity).
    bansha_clock_scale: float = 1.0
    bansha_clock_anchor_real: float = 0.0
    bansha_clock_anchor_game: float = 0.0
    # PostgreSQL, several processes per bot account (fail-over): a standby judges the account's games
    # within this many seconds after the process holding its lease dies (service/lease.py).
    bansha_takeover_seconds: float = 15.0
    # This process's name in the lease table; empty: host:port (a restart reclaims its own lease at once).
    bansha_instance: str = ""
    # 导演台: the judges' web console on NoneBot's own FastAPI app (same HOST/PORT as OneBot)
    bansha_console_prefix: str = "/bansha/"
    bansha_console_url: str = ""  # public address for login links; empty: http://HOST:PORT
    bansha_console_secret: str = ""  # signing secret; empty: one is generated and kept in the DB
    bansha_console_session: int = 12 * 3600  # seconds a login lasts
    # Flood control (QQ throttles accounts that burst). Each group gets `burst` messages at once, then
    # one per `interval` seconds; what queues up meanwhile is merged into one message.
    bansha_group_burst: int = 5
    bansha_group_interval: float = 2.0
    # Each user's commands typed in a group, and by private message: the excess is ignored after one notice.
    bansha_user_burst: int = 4
    bansha_user_interval: float = 5.0
    bansha_pm_burst: int = 10
    bansha_pm_interval: float = 1.0
    # A judge's own commands (/法官 …, /开局, /开始, /重开) are outside the budget above: this one only stops a
    # runaway script.
    bansha_judge_burst: int = 30
    bansha_judge_interval: float = 0.5
    # Votes are acknowledged by a reaction on the vote (NapCat's set_msg_emoji_like); where that is not
    # available, by a compact vote progress in the group at most once per this many seconds.
    bansha_progress_every: float = 180.0
    # Delivery trouble (service/outbox.py): a person's private messages undelivered this many seconds, or a group
    # the bot cannot post in this long, is reported to the game's judges by PM (once per outage).
    bansha_alert_private: float = 60.0
    bansha_alert_group: float = 600.0


def prefix_of(raw: str) -> str:
    """BANSHA_CONSOLE_PREFIX as a path prefix: /bansha/ from "bansha", "/bansha" or "/bansha/"."""
    return "/" + raw.strip("/") + "/" if raw.strip("/") else "/"
