"""Game time and the scheduler: one APScheduler job per game and kind, re-armed from the DB at startup."""

from __future__ import annotations

import time
from datetime import UTC, datetime

from apscheduler.jobstores.base import JobLookupError
from nonebot import get_plugin_config, require

require("nonebot_plugin_apscheduler")
from nonebot_plugin_apscheduler import scheduler  # noqa: E402

from .. import db  # noqa: E402
from ..config import Config  # noqa: E402
from .call import service  # noqa: E402


class Clock:
    """Game time. Normally the wall clock; end-to-end tests run it faster (BANSHA_CLOCK_SCALE)."""

    def __init__(self, scale: float, anchor_real: float, anchor_game: float):
        self.scale = scale if scale > 0 else 1.0
        self.real0 = anchor_real or time.time()
        self.game0 = anchor_game or self.real0

    def now(self) -> float:
        return self.game0 + (time.time() - self.real0) * self.scale

    def to_real(self, game_time: float) -> float:
        return self.real0 + (game_time - self.game0) / self.scale


_config = get_plugin_config(Config)
clock = Clock(_config.bansha_clock_scale, _config.bansha_clock_anchor_real, _config.bansha_clock_anchor_game)


def _job_id(job: str, gid: int) -> str:
    return f"bansha-{job}-{gid}"


def arm(job: str, gid: int, when: float, phase_no: int) -> None:
    """Overdue jobs run at once (run date clamped to now, no misfire grace)."""
    run = datetime.fromtimestamp(max(clock.to_real(when), time.time()), tz=UTC)
    scheduler.add_job(
        _fire, "date", run_date=run, id=_job_id(job, gid), replace_existing=True, misfire_grace_time=None,
        # 2: a job may re-arm its own id for a moment already past (a phase entered late on a loaded machine, a
        # fast test clock); with 1 the scheduler would skip that run while this one returns, and the game stall
        max_instances=2, args=[job, gid, phase_no],
    )


def disarm(job: str, gid: int) -> None:
    try:
        scheduler.remove_job(_job_id(job, gid))
    except JobLookupError:
        pass


async def _fire(job: str, gid: int, phase_no: int) -> None:
    db.enter()  # each job run is a task of its own: Bansha's tortoise context in it (db.py)
    await service().fire(job, gid, phase_no)
