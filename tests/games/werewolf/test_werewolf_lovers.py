"""Who wins when lovers are among the last alive (002 丘比特, issue 13 item 1).

002: 「当两个相爱的人其中一个被票死、杀死、毒死或射死，另一个人则必须殉情。恋人之间永远不能互票互杀。」 and only
「如果两个恋人中一个是平民……一个是狼人，他们的恋情即为“人狼恋”，此时，这两名玩家和丘比特组成人狼恋阵营」. Two lovers
of one camp stay in that camp: when they are the last two alive, their camp wins, not a 人狼恋阵营 they never formed.
Each scenario plays a small custom board through the engine, exactly as the QQ layer drives it."""

from __future__ import annotations

from werewolf_classic import Classic
from werewolf_play import options_for, play
from werewolf_table import RULES

from plugins.bansha.engine.game import ENDED
from plugins.werewolf.terms import DAY, HUNTER, LAST_WORDS, NIGHT, WITCH


def _ended(t: Classic, winner: str) -> str:
    assert t.game.status == ENDED, t.phase
    outcome = t.game.outcome
    assert outcome.winner == winner, outcome.text
    # every seat named a winner belongs to the winning side
    assert all(RULES.faction_of(t.state, s) == winner for s in outcome.seats), outcome
    ends = [e for e in t.events if e.tag == "end" and e.audience.kind == "group"]
    assert sum(e.text == outcome.text for e in ends) == 1  # announced once
    return outcome.text


def test_cupid_board_seed_118_two_good_lovers_outlive_every_wolf_and_the_good_camp_wins():
    """The long suite's failing game: 丘比特局, 11 players, seed 118. Every wolf is out; a 平民 and the 预言家, in
    love, are the last two alive. They are both of the good camp, so the good camp wins."""
    game, _, refusals = play("丘比特局", 11, 118, options=options_for("丘比特局", 118))
    state = game.state
    assert refusals == 0 and game.status == ENDED
    assert set(state.living()) == set(state.lovers) and not state.mixed_love
    assert all(RULES.faction_of(state, s) == "好人阵营" for s in state.lovers)
    assert game.outcome.winner == "好人阵营", game.outcome.text
    assert set(state.lovers) <= set(game.outcome.seats) and state.cupid in game.outcome.seats
    assert "狼人" in game.outcome.text and "全部出局" in game.outcome.text


def test_two_good_lovers_left_alone_win_with_the_good_camp():
    t = Classic("自定义", seed=40, 角色="狼人,女巫,丘比特,平民")
    wolf, witch, cupid, villager = t.one("狼人"), t.one("女巫"), t.one("丘比特"), t.one("平民")
    t.act(cupid, "连线", witch, villager)
    t.act(wolf, "杀人", cupid)
    assert t.phase == WITCH
    t.act(witch, "毒药", wolf)  # the last wolf and the cupid go out in the same night
    assert t.state.living() == sorted([witch, villager])
    text = _ended(t, "好人阵营")
    assert "狼人全部出局" in text and "恋人一同获胜" not in text
    assert set(t.game.outcome.seats) == {wolf, witch, cupid, villager} - {wolf}


def test_two_wolf_lovers_left_alone_win_with_the_wolves():
    t = Classic("自定义", seed=41, 角色="狼人*2,丘比特,猎人")
    w1, w2 = t.who("狼人")
    cupid, hunter = t.one("丘比特"), t.one("猎人")
    t.act(cupid, "连线", w1, w2)
    t.wolves_kill(hunter)
    t.finish(NIGHT)
    assert t.game.status != ENDED  # the 丘比特 (a 神民) still lives: no 屠边 yet
    while t.phase == LAST_WORDS:
        t.deadline()
    assert t.phase == HUNTER
    t.act(hunter, "开枪", cupid, via="group")
    assert t.state.living() == sorted([w1, w2])
    text = _ended(t, "狼人阵营")
    assert set(t.game.outcome.seats) == {w1, w2} and "恋人一同获胜" not in text


def test_a_wolf_and_a_villager_in_love_left_alone_win_as_the_mixed_lovers_with_their_dead_cupid():
    """The one pairing that forms its own side (人狼恋): the two of them and the 丘比特 win together even when the
    丘比特 is already out, because they 「消灭了除他们三人外的所有玩家」."""
    t = Classic("自定义", seed=42, 角色="狼人,丘比特,预言家,平民")
    wolf, cupid, seer, villager = t.one("狼人"), t.one("丘比特"), t.one("预言家"), t.one("平民")
    t.act(cupid, "连线", wolf, villager)
    t.act(seer, "查验", wolf)
    t.act(wolf, "杀人", cupid)
    assert t.game.status != ENDED
    t.skip_words()
    t.no_election()
    t.day_vote({seer: "弃权", wolf: seer, villager: seer})
    assert t.state.living() == sorted([wolf, villager])
    text = _ended(t, "人狼恋阵营")
    assert set(t.game.outcome.seats) == {wolf, villager, cupid} and "人狼恋" in text


def test_a_piper_in_love_with_the_last_wolf_still_charms_him_and_wins_alone():
    """The 吹笛者 belongs to no camp, so a 吹笛者 and a wolf in love are no 人狼恋. Left alone they cannot vote or kill
    each other, but the game is not stuck: the 吹笛者 charms the wolf the next night and wins 「活着的玩家全部被迷惑」."""
    t = Classic("自定义", seed=43, 角色="狼人,吹笛者,丘比特,平民")
    wolf, piper, cupid, villager = t.one("狼人"), t.one("吹笛者"), t.one("丘比特"), t.one("平民")
    t.act(cupid, "连线", piper, wolf)
    assert not t.state.mixed_love
    t.pass_(piper)
    t.act(wolf, "杀人", villager)  # every 平民 is out (屠边): the good camp is out of the running
    assert t.game.status != ENDED
    t.skip_words()
    t.no_election()
    t.day_vote({wolf: cupid, piper: cupid, cupid: "弃权"})
    assert t.state.living() == sorted([piper, wolf])
    assert t.game.status != ENDED, t.game.outcome  # nobody has won yet: the 吹笛者 can still charm his lover
    t.skip_words()
    assert t.phase == NIGHT
    t.act(piper, "迷惑", wolf)
    t.pass_(wolf)
    t.finish(NIGHT)
    _ended(t, "吹笛者")
    assert t.game.outcome.seats == (piper,)


def test_a_powerless_piper_left_alone_with_his_wolf_lover_can_never_win_and_the_wolves_do():
    """经典局 seed 786 in miniature: the 长老 was exiled, so the 吹笛者 lost his charm (「所有平民(除狼之外的其他角色)都将
    失去他们的特殊能力」). Alone with the wolf he loves, nothing can change any more: the wolves, the last side that
    can still win, win. Before, the two lovers were declared a 人狼恋阵营 that 002 never gives them."""
    t = Classic("自定义", seed=44, 角色="狼人,吹笛者,丘比特,长老,平民")
    wolf, piper, cupid, elder, villager = (t.one(r) for r in ("狼人", "吹笛者", "丘比特", "长老", "平民"))
    t.act(cupid, "连线", piper, wolf)
    t.pass_(piper)
    t.act(wolf, "杀人", villager)
    assert t.game.status != ENDED
    t.skip_words()
    t.no_election()
    t.day_vote({wolf: elder, piper: elder, cupid: elder, elder: "弃权"})
    assert not t.state.alive[elder] and t.state.cursed and t.state.powerless(piper)
    t.skip_words()
    assert t.phase == NIGHT and t.game.status != ENDED
    t.act(wolf, "杀人", cupid)
    t.finish(NIGHT)
    assert t.state.living() == sorted([piper, wolf])
    text = _ended(t, "狼人阵营")
    assert t.game.outcome.seats == (wolf,) and "吹笛者" in text and "失去" in text


def test_lovers_with_a_third_side_still_alive_do_not_end_the_game():
    """Two good lovers with the 吹笛者 still alive (the wolves out): the good camp has not won while he lives; and a
    人狼恋 with the 吹笛者 alive has not won either. The village then votes the 吹笛者 out and wins."""
    t = Classic("自定义", seed=45, 角色="狼人,吹笛者,丘比特,预言家,平民")
    wolf, piper, cupid, seer, villager = (t.one(r) for r in ("狼人", "吹笛者", "丘比特", "预言家", "平民"))
    t.act(cupid, "连线", seer, villager)
    t.pass_(piper)
    t.act(seer, "查验", wolf)
    t.act(wolf, "杀人", cupid)
    t.skip_words()
    t.no_election()
    t.day_vote({s: wolf for s in t.state.living() if s != wolf} | {wolf: seer})
    assert not t.state.alive[wolf] and t.state.living() == sorted([piper, seer, villager])
    assert t.game.status != ENDED  # 好人 and 吹笛者 are both still in the running
    t.skip_words()
    t.pass_(piper)
    t.act(seer, "查验", piper)
    t.finish(NIGHT)
    t.skip_words()
    assert t.phase == DAY
    t.day_vote({seer: piper, villager: piper, piper: "弃权"})
    _ended(t, "好人阵营")

    m = Classic("自定义", seed=46, 角色="狼人,吹笛者,丘比特,预言家,平民")
    wolf, piper, cupid, seer, villager = (m.one(r) for r in ("狼人", "吹笛者", "丘比特", "预言家", "平民"))
    m.act(cupid, "连线", wolf, villager)
    assert m.state.mixed_love
    m.pass_(piper)
    m.act(seer, "查验", wolf)
    m.act(wolf, "杀人", seer)  # 屠边 of the 神民 (the 丘比特 is a lover's now): the good camp is out
    m.skip_words()
    m.no_election()
    m.day_vote({wolf: cupid, villager: cupid, piper: cupid, cupid: "弃权"})
    assert m.state.living() == sorted([wolf, piper, villager])
    assert m.game.status != ENDED  # the 吹笛者 still stands between the 人狼恋 and their win
