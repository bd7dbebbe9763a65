"""Tortoise models: games, seats, the append-only input log, snapshots, outbox, finished games' results,
account leases."""

from __future__ import annotations

from tortoise import fields
from tortoise.models import Model


class GameRow(Model):
    id = fields.IntField(primary_key=True)
    group_id = fields.BigIntField(db_index=True)
    self_id = fields.BigIntField()  # the bot account that received /开局: it alone judges and speaks for the game
    # The group while the game is active, NULL once it ended: one active game per group, even when
    # several accounts (processes) see the same /开局 at once: the second insert fails.
    active_group = fields.BigIntField(null=True, unique=True)
    ruleset = fields.CharField(max_length=32)
    status = fields.CharField(max_length=16, db_index=True)  # signup | running | ended
    seed = fields.BigIntField()
    owner = fields.BigIntField()
    options = fields.JSONField()
    phase_no = fields.IntField(default=0)
    deadline = fields.FloatField(null=True)  # epoch seconds; re-armed from here at startup
    seq = fields.IntField(default=0)  # inputs in the log when the row last changed (phase, deadline, status)
    snap_seq = fields.IntField(default=0, db_default=0)  # the latest snapshot's seq: restore reads only the inputs after it
    created_at = fields.DatetimeField(auto_now_add=True)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "bansha_game"


class SeatRow(Model):
    id = fields.IntField(primary_key=True)
    game = fields.ForeignKeyField("bansha.GameRow", related_name="seats")
    seat = fields.IntField()
    qq = fields.BigIntField(db_index=True)
    name = fields.CharField(max_length=64)

    class Meta:
        table = "bansha_seat"
        unique_together = (("game", "seat"),)


class InputRow(Model):
    id = fields.IntField(primary_key=True)
    game = fields.ForeignKeyField("bansha.GameRow", related_name="inputs")
    seq = fields.IntField()
    kind = fields.CharField(max_length=16)
    actor = fields.BigIntField()
    args = fields.JSONField()
    at = fields.FloatField()
    source = fields.CharField(max_length=64, null=True)  # QQ message key, for duplicate delivery
    # The record this input added: [[0, timeline line] | [seat, private text], …] (engine/game/record.py).
    # Kept here rather than in the game's memory and snapshot; NULL on rows logged before 0003.
    notes = fields.JSONField(null=True)

    class Meta:
        table = "bansha_input"
        unique_together = (("game", "seq"), ("game", "source"))


class SnapshotRow(Model):
    id = fields.IntField(primary_key=True)
    game = fields.ForeignKeyField("bansha.GameRow", related_name="snapshots")
    seq = fields.IntField()
    version = fields.CharField(max_length=40)  # code hash: a snapshot from other code is ignored
    data = fields.BinaryField()

    class Meta:
        table = "bansha_snapshot"
        indexes = (("game_id", "seq"),)  # restore asks each game's latest snapshot


class OutboxRow(Model):
    id = fields.IntField(primary_key=True)
    game = fields.ForeignKeyField("bansha.GameRow", related_name="outbox", null=True)
    seq = fields.IntField(default=0)  # the input that produced it
    self_id = fields.BigIntField()
    kind = fields.CharField(max_length=16)  # group | private | forward
    target = fields.BigIntField()  # group id or user id
    group_id = fields.BigIntField(null=True)  # for temp-session private sends
    text = fields.TextField()
    data = fields.JSONField(null=True)  # {"images": [board, …]}: pictures drawn at send time (engine/game/pictures.py)
    sent = fields.BooleanField(default=False, db_index=True)
    attempts = fields.IntField(default=0)
    error = fields.TextField(null=True)
    # Delivery trouble (service/outbox.py): refused for good until the recipient writes or a judge resends; the first
    # failure (wall time); sends whose ack timed out (resent at most once); marked sent after timeouts
    # without knowing whether it arrived.
    held = fields.BooleanField(default=False, db_default=False)
    failed_at = fields.FloatField(null=True)
    timeouts = fields.IntField(default=0, db_default=0)
    uncertain = fields.BooleanField(default=False, db_default=False)

    class Meta:
        table = "bansha_outbox"


class DeliveryAlert(Model):
    """A chat of a game that the bot could not deliver to (a seat's PMs, the group): the judges are told once
    per outage, and the alert is cleared when a message gets through again (service/outbox.py)."""

    id = fields.IntField(primary_key=True)
    game = fields.ForeignKeyField("bansha.GameRow", related_name="alerts")
    kind = fields.CharField(max_length=16)  # private | group
    target = fields.BigIntField()
    since = fields.FloatField()  # first failure of this outage (wall time)
    cleared = fields.FloatField(null=True)  # when a message got through again

    class Meta:
        table = "bansha_delivery_alert"
        unique_together = (("game", "kind", "target"),)


class ResultRow(Model):
    """One seat of one finished game: what /战绩, /排行 and `bansha stats` read (plugins/bansha/records.py).

    Written in the transaction of the input that ended the game. `won` is NULL for a game the judge
    ended without a winner (终止)."""

    id = fields.IntField(primary_key=True)
    game = fields.ForeignKeyField("bansha.GameRow", related_name="results")
    group_id = fields.BigIntField()
    ruleset = fields.CharField(max_length=32)
    board = fields.CharField(max_length=64, default="")  # the 板子 option, where the game has boards
    qq = fields.BigIntField()
    name = fields.CharField(max_length=64)
    seat = fields.IntField()
    role = fields.CharField(max_length=64)
    faction = fields.CharField(max_length=64)
    won = fields.BooleanField(null=True)
    ended_at = fields.FloatField()

    class Meta:
        table = "bansha_result"
        indexes = (
            ("qq", "ended_at"),  # /战绩: one player's games, newest first
            ("group_id", "ruleset", "qq", "won"),  # /排行: a group's players, covering the count
            ("ruleset", "board", "role", "won"),  # bansha stats: per role and per board
        )


class PmChoice(Model):
    """/局: which game a player's private messages refer to."""

    qq = fields.BigIntField(primary_key=True)
    game_id = fields.IntField()

    class Meta:
        table = "bansha_pm_choice"


class Setting(Model):
    """Server-side values kept across restarts (the 导演台's signing secret when .env sets none)."""

    key = fields.CharField(max_length=64, primary_key=True)
    value = fields.TextField()

    class Meta:
        table = "bansha_setting"


class ConsoleLogin(Model):
    """A one-time 导演台 login link sent by /法官 控制台: spent (used) the first time it is opened."""

    id = fields.IntField(primary_key=True)
    nonce = fields.CharField(max_length=40, unique=True)
    qq = fields.BigIntField()
    issued = fields.FloatField()
    used = fields.FloatField(null=True)

    class Meta:
        table = "bansha_console_login"


class ConsoleNote(Model):
    """The judges' private notes on one game: kept here, never sent anywhere."""

    game_id = fields.IntField(primary_key=True, generated=False)
    text = fields.TextField()
    by = fields.BigIntField()
    at = fields.FloatField()

    class Meta:
        table = "bansha_console_note"


class LeaseRow(Model):
    """Which process judges a bot account now, on PostgreSQL (plugins/bansha/service/lease.py).

    `epoch` grows by one at every takeover: a process commits an input only while the epoch it
    took is still the row's (the fencing token): a stalled former holder cannot write."""

    account = fields.BigIntField(primary_key=True, generated=False)  # the OneBot self_id
    holder = fields.CharField(max_length=128)
    epoch = fields.IntField(default=1)
    expires = fields.FloatField()  # the database's clock, epoch seconds

    class Meta:
        table = "bansha_lease"
