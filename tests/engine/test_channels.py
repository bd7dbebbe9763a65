"""Issue 13, item 6: a seat may sit in several named team channels.

纳塔's 灵魂链接 (「结算目标永久共群」), 凭依灵's 虚情情侣, 御主's 英灵 (「与御主共群」) and the 狼群; 狼人杀's wolf
who is also a lover. `/队聊 <频道> <内容>` picks one (with one channel the name may be left out), `/狼聊`
keeps meaning the wolves, `/身份` lists every channel, and the leak audit checks every channel's members.
"""

from __future__ import annotations

from nata_roles import deal as roles_for
from nata_roles import exile, linked_wolf
from nata_table import NOON, Table

from plugins.bansha.engine import Event, to_team
from plugins.bansha.engine.views import audit


def team_events(events):
    return [e for e in events if e.audience.kind == "team"]


def heard(events, seat: int) -> str:
    """Everything `seat` receives privately from these events (its own messages and its channels')."""
    return "\n".join(e.text for e in events if (e.audience.kind == "seat" and e.audience.seat == seat)
                     or (e.audience.kind == "team" and seat in e.audience.members))


def test_a_linked_wolf_picks_the_channel_by_name_and_wolf_chat_still_means_the_pack():
    t, wolf, mate, villager = linked_wolf()
    events = t.send("chat", t.qq(villager), text="共群 你是谁")  # the villager has one channel: the name is optional
    assert [e.audience.members for e in team_events(events)] == [(wolf,)]  # the channel's others
    assert "【共群】" in heard(events, wolf) and "你是谁" in heard(events, wolf)
    events = t.send("chat", t.qq(villager), text="还在吗")
    assert "还在吗" in heard(events, wolf)
    # the wolf has two channels: 狼群 and 共群
    assert "共群" in t.refused("chat", wolf, text="今晚刀谁") and "狼群" in t.refused("chat", wolf, text="今晚刀谁")
    events = t.send("chat", t.qq(wolf), text="狼群 刀审讯官")
    assert "刀审讯官" in heard(events, mate) and "刀审讯官" not in heard(events, villager)
    events = t.send("chat", t.qq(wolf), text="共群 我是好人")
    assert "我是好人" in heard(events, villager) and "我是好人" not in heard(events, mate)
    events = t.send("chat", t.qq(wolf), text="刀他", alias="狼聊")  # /狼聊 keeps meaning the pack
    assert "刀他" in heard(events, mate) and "刀他" not in heard(events, villager)
    for e in events:
        assert e.audience.kind != "group"


def test_an_unknown_channel_is_refused_and_identity_lists_the_channels():
    t, wolf, mate, villager = linked_wolf()
    msg = t.refused("chat", villager, text="狼群 让我进去")
    assert "狼群" in msg and "共群" in msg  # you are not in 狼群; your channel: 共群
    help_text = t.game.rules.help_text(t.state, wolf)
    assert "队伍频道" in help_text and "狼群" in help_text and "共群" in help_text and "/队聊" in help_text


def test_lovers_of_the_ghost_and_the_spirit_of_the_master_are_channels_too():
    t = Table(roles_for("凭依灵", "御主", "传递者"))
    ghost, master, target = t.who("凭依灵"), t.who("御主"), t.who("审讯官")
    t.to("deep", 1)
    t.act(ghost, "灵魂凭依", target, "链接")
    t.deadline()
    t.to(NOON, 2)
    events = t.send("chat", t.qq(target), text="虚情情侣 你好")
    assert "你好" in heard(events, ghost) and "【虚情情侣】" in heard(events, ghost)
    # the 御主 summons a spirit ("与御主共群") and is linked to someone else: two channels
    spirit = next(s for s in t.others(ghost, master, target, t.who("传递者")) if t.state.faction(s) == "村民阵营")
    exile(t, spirit)
    t.state.counts[t.state.key(master, "zhaohuan")] = 10
    t.act(master, "英灵召唤", spirit)
    t.deadline()  # 黄昏 ends: the spirit joins
    assert "你好" not in heard(t.last, master)
    assert "没有可以聊天的队伍频道" in t.refused("chat", target, text="虚情情侣 还在吗")  # ended as the night began
    t.act(t.who("传递者"), "灵魂链接", master, ghost)
    t.deadline()
    assert "英灵群" in t.refused("chat", master, text="谁在")
    events = t.send("chat", t.qq(master), text="英灵群 你听得到吗")
    assert "你听得到吗" in heard(events, spirit) and "你听得到吗" not in heard(events, ghost)
    events = t.send("chat", t.qq(master), text="共群 你呢")
    assert "你呢" in heard(events, ghost) and "你呢" not in heard(events, spirit)


def test_the_audit_checks_the_members_of_every_channel():
    t, wolf, mate, villager = linked_wolf()
    key = next(ch.key for ch in t.game.rules.channels(t.state, villager))
    ok = Event(to_team(key, [wolf, villager]), "【共群】hi", "chat")
    assert audit.audit(t.game.rules, t.state, [ok], set()) == []
    leak = Event(to_team(key, [wolf, villager, mate]), "【共群】hi", "chat")
    assert audit.audit(t.game.rules, t.state, [leak], set())


def test_a_wolf_who_is_a_lover_talks_to_the_pack_and_to_the_lover_002():
    from werewolf_classic import lovers_table

    t, wolf, villager = lovers_table(mixed=True)
    cupid = t.one("丘比特")
    mates = [w for w in t.state.wolves() if w != wolf]
    assert "恋人" in t.refused("chat", wolf, text="今晚怎么办")  # two channels: name one
    events = t.send("chat", t.qq(wolf), text="恋人 别投我")
    assert "别投我" in heard(events, villager) and "别投我" in heard(events, cupid)
    assert all("别投我" not in heard(events, m) for m in mates)
    events = t.send("chat", t.qq(wolf), text="刀预言家", alias="狼聊")
    assert all("刀预言家" in heard(events, m) for m in mates) and "刀预言家" not in heard(events, villager)
    events = t.send("chat", t.qq(villager), text="收到")  # one channel: no name needed
    assert "收到" in heard(events, wolf)
    assert "狼群" in t.refused("chat", villager, text="狼群 我也要听")
