"""Leak audit over many simulated games of every ruleset and every shipped 剧本 (rule:
plugins/bansha/engine/views/audit.py)."""

from __future__ import annotations

import pytest
from longrun import LONG
from shipped import book_kept, shipped

from plugins.bansha.engine import GROUP, Event, to_seat
from plugins.bansha.engine.agents.play import play_game
from plugins.bansha.engine.game import registry
from plugins.bansha.engine.views.audit import audit, private_skill_names
from plugins.bansha.engine.views.posts import compose

GAMES_PER_RULESET = 300 if LONG else 40


# Every ruleset, and every shipped 剧本 opened as /开局 剧本 opens it (issue 28 item 5): (ruleset, options, sizes).
SCRIPTS = {s.id: s for s in shipped()}
CASES = [r.key for r in registry.all_rulesets()] + list(SCRIPTS)


def _case(case: str) -> tuple:
    if case in SCRIPTS:
        script = SCRIPTS[case]
        return script.rules, dict(script.options), list(script.players)
    rules = registry.get(case)
    return rules, {}, rules.sizes({"节奏": rules.default_tempo})


@pytest.fixture
def kept_book():
    """A 剧本 with roles of its own registers them in 狼人杀's book: put back as it was for the tests after."""
    with book_kept():
        yield


@pytest.mark.long
@pytest.mark.parametrize("key", CASES)
def test_no_group_message_leaks_a_private_fact(key, kept_book):
    rules, options, sizes = _case(key)
    leaks: list[str] = []
    names: dict[int, set[str]] = {}

    def observe(game, inp, events):
        if game.state is None:
            return
        if id(game) not in names:
            names[id(game)] = private_skill_names(rules, game.state)
        # the rules' events, and the posts they become in the group (one per input)
        for leak in audit(rules, game.state, events + compose(game, events), names[id(game)]):
            leaks.append(f"seed {game.seed}: {leak}")

    for seed in range(GAMES_PER_RULESET):
        # every other game with spectators (one all-seeing) and the dead talking among themselves
        play_game(rules, sizes[seed % len(sizes)], seed, options, observe=observe, social=seed % 2 == 0)
    assert not leaks, "\n".join(leaks[:20])


def test_the_audit_catches_a_leak():
    """The rule can fail: a role in the group, a check result to the group, a skill by name."""
    rules = registry.get("werewolf")
    game = play_game(rules, 9, 1).game
    state = game.state
    seat = state.living()[0] if state.living() else 1
    row = next(r for r in rules.cast(state) if r.seat == seat)
    names = private_skill_names(rules, state)
    if state.living():
        assert audit(rules, state, [Event(GROUP, f"据说{seat}号是{row.role}")], names)
        assert audit(rules, state, [Event(GROUP, f"昨晚有人对{seat}号用了{sorted(names)[0]}")], names)
        assert not audit(rules, state, [Event(GROUP, f"{seat}号 {row.role}", "reveal")], names)
    assert audit(rules, state, [Event(GROUP, "查验结果：好人", "check")], names)
    assert not audit(rules, state, [Event(to_seat(seat), "查验结果：好人", "check")], names)
    if state.living():  # inside a composed post, each part is judged under its own tag
        leaky = Event(GROUP, "…", "post", (("parts", (("", "天亮了"), ("", f"据说{seat}号是{row.role}"))),))
        assert audit(rules, state, [leaky], names)
        shown = Event(GROUP, "…", "post", (("parts", (("reveal", f"{seat}号 {row.role}"),)),))
        assert not audit(rules, state, [shown], names)


# --- the 导演台 --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
async def console_db(tmp_path_factory):
    from tortoise import Tortoise

    from plugins.bansha.service import Service

    await Service.init_db(f"sqlite://{tmp_path_factory.mktemp('leaks') / 'leaks.sqlite3'}")
    yield
    await Tortoise.close_connections()


@pytest.mark.parametrize("key", CASES)
async def test_no_console_response_leaks_to_anyone_but_a_permitted_judge(key, console_db, kept_book):
    """Every console URL of a running game, asked by someone who may not open it (no session, another
    group's admin, a player who is also an admin of the group, a stranger), shows nothing hidden; and
    the audit does catch the judge's own grimoire."""
    from consoleutil import World, client, login, make, open_game, wipe

    from plugins.bansha.engine.views.audit import page_leaks

    await wipe()
    world = World()
    app, svc, con = make(world)
    if key in SCRIPTS:  # /开局 剧本 <名字> 节奏=快速
        script = SCRIPTS[key]
        rules, options, sizes = script.rules, script.opened(["节奏=快速"]), list(script.players)
    else:
        rules, options = registry.get(key), None
        sizes = rules.sizes({"节奏": "快速"})
    game = await open_game(svc, world, rules.key, sizes[len(sizes) // 2], seed=3, group=81, owner=8199, steps=12,
                           options=options)
    assert game.status == "running", key
    private = [o.text for o in world.sent if o.kind == "private"]
    await svc.drain_once()
    private += [o.text for o in world.sent if o.kind == "private"]
    player = game.players[0].qq
    world.roles[(81, player)] = "admin"
    world.roles[(82, 8200)] = "admin"
    base = f"/bansha/game/{game.gid}"
    urls = ["/bansha/", base, base + "/pending", base + "/timeline", base + "/timeline?knew=1", base + "/votes",
            base + "/controls", base + "/export.json", base + "/events", "/bansha/game/99999",
            "/bansha/static/console.js", "/bansha/static/console.css", "/bansha/login?t=x"]
    leaks: list[str] = []
    async with client(app) as c:
        for who in (None, 8200, player, 8300):
            c.cookies.clear()
            if who is not None:
                await login(c, who)
            for url in urls:
                r = await c.get(url)
                assert r.status_code in (200, 401, 403, 404), (who, url, r.status_code)
                leaks += [f"{who} {url}: {leak}" for leak in page_leaks(rules, game.state, r.text, private)]
        assert not leaks, "\n".join(leaks[:20])
        c.cookies.clear()
        await login(c, 8199)
        r = await c.get(base)
        assert r.status_code == 200 and page_leaks(rules, game.state, r.text, private), "the audit can fail"
