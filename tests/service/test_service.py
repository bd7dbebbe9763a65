"""The state service: one transaction per input, outbox delivery, restore, deadlines, faults."""

from __future__ import annotations

import pickle

import pytest
from service_harness import GROUP, PM, T0, Harness, open_toy
from tortoise import Tortoise

from plugins.bansha.engine.core import Input, Refusal
from plugins.bansha.models import GameRow, InputRow, LeaseRow, OutboxRow, PmChoice, ResultRow, SeatRow, SnapshotRow
from plugins.bansha.service import DatabaseUnavailable, NotOwner, Origin, Service


@pytest.fixture(scope="session")
async def db(tmp_path_factory):
    url = f"sqlite://{tmp_path_factory.mktemp('db') / 'test.sqlite3'}"
    await Service.init_db(url)
    yield url
    await Tortoise.close_connections()


@pytest.fixture
async def h(db):
    for model in (OutboxRow, SnapshotRow, InputRow, SeatRow, PmChoice, ResultRow, GameRow, LeaseRow):
        await model.all().delete()
    return Harness()


async def test_start_commits_inputs_and_messages_then_sends_them(h):
    svc = h.service()
    game = await open_toy(svc)
    assert await InputRow.filter(game_id=game.gid).count() == 5  # 4 sign-ups + start
    rows = await OutboxRow.filter(game_id=game.gid).order_by("id")
    privates = {r.target for r in rows if r.kind == "private"}
    assert privates == {1000, 1001, 1002, 1003}  # each seat got its role privately
    assert all(r.group_id == GROUP for r in rows if r.kind == "private")  # temp-session capable
    assert not h.sent
    while await svc.drain_once():
        pass
    assert len(h.sent) == len(rows)
    assert [o.id for o in h.sent] == [r.id for r in rows]  # in commit order
    assert await svc.outbox.pending() == 0
    assert await SeatRow.filter(game_id=game.gid).count() == 4
    assert h.armed[game.gid][1] == game.phase_no


async def test_refusal_changes_nothing_and_is_not_logged(h):
    svc = h.service()
    game = await open_toy(svc)
    before = await InputRow.filter(game_id=game.gid).count()
    seq = game.seq
    with pytest.raises(Refusal):
        await svc.submit(game.gid, Input.make("act", 1000, T0, skill="指认", words=("1",)), PM)  # self
    with pytest.raises(Refusal):
        await svc.submit(game.gid, Input.make("act", 4242, T0, skill="指认", words=("2",)), PM)  # outsider
    assert game.seq == seq
    assert await InputRow.filter(game_id=game.gid).count() == before


async def test_restore_rebuilds_the_same_game_and_rearms_its_deadline(h):
    svc = h.service()
    game = await open_toy(svc, players=6)
    await svc.submit(game.gid, Input.make("act", 1000, T0 + 1, skill="指认", words=("3",)), PM, "m1")
    await svc.submit(game.gid, Input.make("act", 1001, T0 + 2, skill="指", words=("3号",)), PM, "m2")
    h2 = Harness()
    svc2 = h2.service()
    assert await svc2.restore() == 1
    assert svc2.games[game.gid] == game
    assert h2.armed[game.gid] == (game.deadline, game.phase_no)


async def test_snapshots_at_phase_changes_and_restore_reads_only_the_inputs_after_them(h, monkeypatch):
    from plugins.bansha import store

    svc = h.service()
    game = await open_toy(svc, players=6)
    start_seq = game.seq  # /开始 entered the first round: a phase change
    snaps = await SnapshotRow.filter(game_id=game.gid).all()
    assert [s.seq for s in snaps] == [start_seq]
    assert (await GameRow.get(id=game.gid)).snap_seq == start_seq
    await svc.submit(game.gid, Input.make("act", 1000, T0 + 1, skill="指认", words=("4",)), PM)
    await svc.submit(game.gid, Input.make("act", 1001, T0 + 2, skill="指认", words=("4",)), PM)
    assert [s.seq for s in await SnapshotRow.filter(game_id=game.gid)] == [start_seq]  # a move is not a phase
    got = (await store.load([game.gid], svc._version))[game.gid]
    assert [i[0] for i in got.inputs] == [start_seq + 1, start_seq + 2]  # not the sign-ups before the snapshot
    svc2 = Harness().service()
    await svc2.restore()
    assert svc2.games[game.gid] == game
    # the deadline closes the round: a new phase, a new (and the only) snapshot
    h.clock = game.deadline + 1
    await svc.fire_deadline(game.gid, game.phase_no)
    assert [s.seq for s in await SnapshotRow.filter(game_id=game.gid)] == [game.seq]
    # a long phase gets a snapshot every SNAPSHOT_EVERY inputs anyway
    import plugins.bansha.service.journal as journal

    monkeypatch.setattr(journal, "SNAPSHOT_EVERY", 2)
    base = game.seq
    for i, qq in enumerate((1000, 1001, 1002)):
        await svc.submit(game.gid, Input.make("speak", qq, h.clock + i, text="发言"), PM)
    assert [s.seq for s in await SnapshotRow.filter(game_id=game.gid)] == [base + 2]
    svc3 = Harness().service()
    await svc3.restore()
    assert svc3.games[game.gid] == svc.games[game.gid]


async def test_the_record_lives_in_the_log_not_in_the_game(h):
    """The judge's timeline and each seat's private texts are not kept in memory or snapshots; the log has
    them, and they are the same as a game that keeps them in memory would hold."""
    from plugins.bansha.engine import apply
    from plugins.bansha.engine.game import Game, registry

    svc = h.service()
    game = await open_toy(svc, players=4)
    await svc.submit(game.gid, Input.make("act", 1000, T0 + 1, skill="指认", words=("2",)), PM)
    assert game.timeline == [] and game.private == {} and not game.keep_record
    snap = pickle.loads((await SnapshotRow.filter(game_id=game.gid).first()).data)
    assert snap.timeline == [] and snap.private == {}
    # the same inputs folded by a game that keeps its record
    ref = Game.new(game.gid, registry.get("toy"), GROUP, 900, 7, {})
    for row in await InputRow.filter(game_id=game.gid).order_by("seq"):
        apply(ref, Input.from_json({"kind": row.kind, "actor": row.actor, "args": row.args, "at": row.at}))
    assert ref.timeline and ref.private
    assert await svc.timeline(game.gid) == ref.timeline
    for seat in range(1, 5):
        assert await svc.seat_history(game.gid, seat) == ref.private.get(seat, [])


async def test_a_substitute_gets_the_seat_history_and_the_end_publishes_the_whole_record(h):
    svc = h.service()
    game = await open_toy(svc, players=4)
    history = await svc.seat_history(game.gid, 2)
    assert history == ["你的身份：玩家。"]
    await svc.submit(game.gid, Input.make("judge", 900, T0 + 1, sub="替补", target="2", qq=4242, name="替补"), PM)
    while await svc.drain_once():
        pass
    to_sub = [o.text for o in h.sent if o.target == 4242]
    assert to_sub[0].startswith("你作为替补接替了 2号") and "共 1 条" in to_sub[0] and to_sub[1] == history[0]
    timeline = await svc.timeline(game.gid)
    await svc.submit(game.gid, Input.make("judge", 900, T0 + 2, sub="终止", reason="测试"), PM)
    while await svc.drain_once():
        pass
    (full,) = [o.text for o in h.sent if o.kind == "forward"]
    assert full.startswith("完整记录：\n") and full.split("\n")[1:len(timeline) + 1] == timeline
    assert "游戏结束" in full.split("\n")[-1]
    assert await GameRow.filter(id=game.gid).values_list("active_group", flat=True) == [None]


async def test_a_taken_sequence_number_is_applied_again_not_dropped(h):
    """Another writer logged the next input first (seq collision): this input is re-applied on the reloaded
    game and committed after it, never dropped in silence."""
    svc = h.service()
    game = await open_toy(svc, players=4)
    other = Harness().service()
    await other.restore()
    await other.submit(game.gid, Input.make("act", 1001, T0 + 1, skill="指认", words=("3",)), PM, "other-1")
    # svc's cached game does not know about that input yet
    await svc.submit(game.gid, Input.make("act", 1000, T0 + 2, skill="指认", words=("2",)), PM, "mine-1")
    rows = await InputRow.filter(game_id=game.gid).order_by("seq").values_list("source", "seq")
    seq = svc.games[game.gid].seq  # the reloaded game
    assert seq == game.seq + 1 and rows[-2:] == [("other-1", seq - 1), ("mine-1", seq)]
    picks = svc.games[game.gid].state.picks
    assert picks[2] == 3 and picks[1] == 2


async def test_pm_lookup_is_an_index_and_follows_sign_ups(h):
    svc = h.service()
    game = await open_toy(svc, players=4)
    assert [g.gid for g in svc.index.games_of(1003)] == [game.gid] and svc.index._by_player[900] == {game.gid}
    other = await svc.open_game(group_id=GROUP + 7, self_id=1, owner=777, ruleset="toy", options={}, seed=1,
                                origin=PM)
    await svc.submit(other.gid, Input.make("join", 1003, T0, name="丁"), PM)
    assert {g.gid for g in svc.index.games_of(1003)} == {game.gid, other.gid}
    await svc.submit(other.gid, Input.make("leave", 1003, T0), PM)
    assert [g.gid for g in svc.index.games_of(1003)] == [game.gid]
    # a fresh process finds the games by index before it has rebuilt them
    svc2 = Harness().service()
    svc2.restorer._rebuild_chunk = _never  # type: ignore[method-assign]
    await svc2.restore()
    assert svc2.games == {} and {g.gid for g in await svc2.player_games(1003)} == {game.gid}
    assert (await svc2.group_game(GROUP)).gid == game.gid


async def _never(*_a) -> None:
    return None


async def test_games_of_another_account_are_neither_restored_nor_answered(h):
    """On PostgreSQL a process judges only the accounts it holds; here: accounts={2} of a shared DB."""
    svc = h.service()
    mine = await open_toy(svc, players=4)  # account 1
    other = Harness().service()
    other.accounts = {2}
    assert await other.restore([2]) == 0 and other.games == {}
    assert await other.group_game(GROUP) is None and await other.index.group_owner(GROUP) == 1
    assert await other.index.seated_games(1000) == [(mine.gid, 1)]
    with pytest.raises(NotOwner):
        await other.submit(mine.gid, Input.make("act", 1000, T0 + 1, skill="指认", words=("2",)), PM)
    with pytest.raises(NotOwner):  # the group already has a game, owned by account 1
        await other.open_game(group_id=GROUP, self_id=2, owner=5, ruleset="toy", options={}, seed=1, origin=PM)
    h.online = True
    other_sent: list = []

    async def send(out):
        other_sent.append(out)

    other.outbox._send = send
    while await other.drain_once():
        pass
    assert other_sent == []  # account 1's messages never go out from here


async def test_duplicate_message_has_one_effect(h):
    svc = h.service()
    game = await open_toy(svc)
    await svc.submit(game.gid, Input.make("act", 1000, T0 + 1, skill="指认", words=("2",)), PM, "dup-1")
    n = await InputRow.filter(game_id=game.gid).count()
    # The same QQ message again (e.g. after a reconnect): recorded once.
    events = await svc.submit(game.gid, Input.make("act", 1000, T0 + 1, skill="指认", words=("3",)), PM, "dup-1")
    assert events == []
    assert await InputRow.filter(game_id=game.gid).count() == n
    assert svc.games[game.gid].state.picks[1] == 2


async def test_deadline_fires_once_and_stale_deadlines_are_ignored(h):
    svc = h.service()
    game = await open_toy(svc, players=5)
    phase_no = game.phase_no
    h.clock = game.deadline + 1
    await svc.fire_deadline(game.gid, phase_no)
    game = svc.games[game.gid]
    assert game.phase_no > phase_no
    assert sum(not a for a in game.state.alive[1:]) == 1
    await svc.fire_deadline(game.gid, phase_no)  # stale: the old phase
    assert sum(not a for a in game.state.alive[1:]) == 1


async def test_unsent_messages_survive_a_crash_and_are_sent_after_restore(h):
    svc = h.service()
    game = await open_toy(svc)
    h.online = False
    assert not await svc.drain_once()  # offline: nothing sent, nothing dropped
    pending = await svc.outbox.pending()
    assert pending > 0
    # "crash": a new service over the same DB
    h2 = Harness()
    svc2 = h2.service()
    await svc2.restore()
    while await svc2.drain_once():
        pass
    assert len(h2.sent) == pending
    assert svc2.games[game.gid] == game


async def test_database_fault_loses_nothing_and_leaves_state_unchanged(h, monkeypatch):
    svc = h.service()
    game = await open_toy(svc)
    before = svc.games[game.gid]
    snapshot_state = (before.seq, dict(before.state.picks))

    async def broken(*a, **k):
        raise OSError("database is locked")

    monkeypatch.setattr(InputRow, "create", broken)
    with pytest.raises(DatabaseUnavailable):
        await svc.submit(game.gid, Input.make("act", 1000, T0 + 1, skill="指认", words=("2",)), PM)
    monkeypatch.undo()
    again = svc.games[game.gid]
    assert (again.seq, dict(again.state.picks)) == snapshot_state
    await svc.submit(game.gid, Input.make("act", 1000, T0 + 2, skill="指认", words=("2",)), PM)
    assert svc.games[game.gid].state.picks[1] == 2


async def test_one_game_per_group_and_games_are_independent(h):
    svc = h.service()
    await open_toy(svc)
    with pytest.raises(Refusal):
        await svc.open_game(group_id=GROUP, self_id=1, owner=1, ruleset="toy", options={}, seed=1, origin=PM)
    other = await svc.open_game(group_id=GROUP + 1, self_id=1, owner=1, ruleset="toy", options={}, seed=1, origin=PM)
    await svc.submit(other.gid, Input.make("join", 1000, T0, name="甲"), PM)
    assert {g.gid for g in svc.index.games_of(1000)} == {other.gid, svc.index.game_in_group(GROUP).gid}


# --- records and /重开 (plugins/bansha/records.py) ----------------------------------------------------


async def _finish_werewolf(svc: Service, seed: int, group: int = GROUP):
    """A whole 狼人杀 game, its inputs replayed through the service (a commit per input)."""
    from plugins.bansha.engine.agents.play import play_game
    from plugins.bansha.engine.game import registry

    played = play_game(registry.get("werewolf"), 9, seed, record=True)
    game = await svc.open_game(group_id=group, self_id=1, owner=1, ruleset="werewolf", options={}, seed=seed,
                               origin=Origin("group", 1, group))
    for inp in played.inputs:
        await svc.submit(game.gid, inp, PM)
    return game, played.game


async def test_a_finished_game_is_on_every_players_record_and_the_ranking(h):
    from plugins.bansha import records

    svc = h.service()
    game, reference = await _finish_werewolf(svc, 3)
    rows = await ResultRow.filter(game_id=game.gid).order_by("seat")
    assert [r.qq for r in rows] == [p.qq for p in reference.players]
    assert {r.seat for r in rows if r.won} == set(reference.outcome.seats)
    cast = {r.seat: r for r in reference.rules.cast(reference.state)}
    assert all(r.role == cast[r.seat].role and r.faction == cast[r.seat].faction for r in rows)
    await _finish_werewolf(svc, 4)
    winner = rows[reference.outcome.seats[0] - 1].qq
    s = await records.player_summary(winner)
    assert s.games == 2 and s.wins >= 1 and len(s.recent) == 2 and s.recent[0].game_id > s.recent[1].game_id
    assert sum(x.games for x in s.by_role) == 2
    assert await records.player_summary(424242) is None
    ranks = await records.leaderboard(GROUP, "werewolf")
    assert ranks and ranks[0].wins == max(r.wins for r in ranks) and ranks[0].wins >= 1
    assert await records.leaderboard(GROUP, "luding") == []
    assert await records.leaderboard(GROUP + 1) == []
    reports = await records.stats_reports("werewolf")
    assert sum(r["games"] for r in reports) == 2
    assert sum(x["games"] for r in reports for x in r["roles"]) == 18
    assert all(0 <= f["ci95"][0] <= f["rate"] <= f["ci95"][1] <= 1 for r in reports for f in r["factions"])


async def test_restart_signs_up_the_same_players_in_the_log(h):
    svc = h.service()
    game, reference = await _finish_werewolf(svc, 5)
    old = await svc.last_ended(GROUP)
    assert old.gid == game.gid and [p.qq for p in old.players] == [p.qq for p in reference.players]
    new = await svc.open_game(group_id=GROUP, self_id=1, owner=1, ruleset=old.ruleset, options=dict(old.options),
                              seed=99, origin=Origin("group", 1, GROUP), players=[(p.qq, p.name) for p in old.players],
                              note=f"重开第 {old.gid} 局")
    assert new.status == "signup" and [p.qq for p in new.players] == [p.qq for p in old.players]
    assert await InputRow.filter(game_id=new.gid, kind="join").count() == 9
    text = (await OutboxRow.filter(game_id=new.gid).first()).text
    assert f"重开第 {old.gid} 局" in text and "已为上一局的 9 名玩家报名" in text
    await svc.submit(new.gid, Input.make("leave", old.players[0].qq, T0), Origin("group", old.players[0].qq, GROUP))
    restored = h.service()
    await restored.restore()
    assert [p.qq for p in restored.games[new.gid].players] == [p.qq for p in old.players[1:]]


async def test_pictures_off_sends_the_text_alone(h):
    """图片=关: the same posts, no boards to draw."""
    from plugins.bansha.engine.agents.play import play_game
    from plugins.bansha.engine.game import registry

    svc = h.service()
    for options, drawn in (({}, True), ({"图片": False}, False)):
        played = play_game(registry.get("werewolf"), 9, 6, options=options, record=True)
        game = await svc.open_game(group_id=GROUP + len(options), self_id=1, owner=1, ruleset="werewolf",
                                   options=options, seed=6, origin=Origin("group", 1, GROUP))
        for inp in played.inputs:
            await svc.submit(game.gid, inp, PM)
        with_data = await OutboxRow.filter(game_id=game.gid, data__not_isnull=True).count()
        assert (with_data > 0) == drawn


async def test_restart_arms_near_deadlines_from_the_rows_and_the_rest_as_games_are_rebuilt(h, monkeypatch):
    from plugins.bansha.service import restore

    svc = h.service()
    near = await open_toy(svc, players=4)
    far = await svc.open_game(group_id=GROUP + 9, self_id=1, owner=900, ruleset="toy", options={"回合": 7200}, seed=2,
                              origin=PM)
    for i in range(4):
        await svc.submit(far.gid, Input.make("join", 2000 + i, T0, name=f"乙{i}"), PM)
    await svc.submit(far.gid, Input.make("start", 900, T0), PM)
    monkeypatch.setattr(restore, "ARM_AHEAD", 60.0)
    h2 = Harness()
    svc2 = h2.service()
    assert await svc2.restore(rebuild=False) == 2 and svc2.games == {}
    assert h2.armed == {near.gid: (near.deadline, near.phase_no)}  # due within a minute: armed before any rebuild
    assert await svc2.rebuild_all() == 2
    assert h2.armed[far.gid] == (far.deadline, far.phase_no)
    # a deadline that fires before its game is rebuilt rebuilds it
    svc3 = Harness().service()
    await svc3.restore(rebuild=False)
    await svc3.fire_deadline(near.gid, near.phase_no)
    assert svc3.games[near.gid].phase_no > near.phase_no


async def test_a_send_that_completes_while_a_batch_is_marked_is_marked_too(h, monkeypatch):
    """The outbox marks sent rows in batches. A send that completed while a batch was being written used to stay
    unmarked (no marker was scheduled for it: one was running), so after a restart it went out again."""
    svc = h.service()
    game = await open_toy(svc)
    first, late = [r.id for r in await OutboxRow.filter(game_id=game.gid).order_by("id")][:2]
    real = OutboxRow.filter

    def during_the_write(*args, **kwargs):
        query = real(*args, **kwargs)
        if kwargs.get("id__in") == [first]:
            update = query.update

            async def and_meanwhile(**fields):
                svc.outbox._delivered.add(late)  # another chat's send completes while this batch is written
                return await update(**fields)

            query.update = and_meanwhile
        return query

    monkeypatch.setattr(OutboxRow, "filter", during_the_write)
    svc.outbox._delivered = {first}
    await svc.outbox._mark_delivered()
    monkeypatch.undo()
    assert {first, late} <= {r.id for r in await OutboxRow.filter(sent=True)}
