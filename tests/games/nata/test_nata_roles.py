"""One scenario per role of [M192] 纳塔 (004), played through the engine as the QQ layer would."""

from __future__ import annotations

from nata_roles import deal, exile, wolves_kill
from nata_table import DAWN, DEEP, DUSK, EARLY, LATE, MID, NOON, Table

# --- 验人系 ---------------------------------------------------------------------------------------------


def test_tongling_shows_the_surface_role_of_the_resolved_target():
    t = Table(deal())
    seer, brother = t.who("通灵师"), t.who("狼弟")
    t.to(DEEP, 1)
    t.act(seer, "通灵", brother)
    t.deadline()
    assert f"【通灵】{brother}号 P{brother} 是【狼弟】" in t.seat_text(seer)
    assert any(e.tag == "check" and e.audience.seat == seer for e in t.last)


def test_pingyi_checks_tells_the_target_and_links_false_lovers_until_next_night():
    t = Table(deal("凭依灵"))
    ghost = t.who("凭依灵")
    target = t.who("审讯官")
    t.to(DEEP, 1)
    t.act(ghost, "灵魂凭依", target, "链接")
    t.deadline()
    assert "【灵魂凭依】" in t.seat_text(ghost) and "审讯官" in t.seat_text(ghost)
    assert f"{ghost}号 P{ghost} 是凭依灵" in t.seat_text(target)
    assert "虚情情侣" in t.statuses(ghost) and "虚情情侣" in t.statuses(target)
    t.to(NOON, 2)
    t.relay(target, ghost, "你好")
    assert "【虚情情侣】" in t.seat_text(ghost, t.last)
    t.to(EARLY, 2)
    assert "虚情情侣" not in t.statuses(ghost)
    assert "不能私聊" in t.refused("relay", target, target=str(ghost), text="还在吗")


# --- 强神 ---------------------------------------------------------------------------------------------------


def test_yinyang_revives_someone_announced_out_the_previous_day():
    t = Table(deal("阴阳使者"))
    sage = t.who("阴阳使者")
    victim = t.who("禁言长老")
    exile(t, victim)
    t.to(LATE, 2)
    assert not t.alive(victim)
    other = t.who("猎人")
    assert "没有出局" in t.refused_act(sage, "复活", other)
    t.act(sage, "复活", victim)
    t.deadline()
    assert t.state.phase == DAWN and t.alive(victim)
    t.to(NOON, 3)
    assert f"{victim}号 P{victim} 重新回到了游戏" in t.group_text()
    t.to(LATE, 3)
    assert "次数不足" in t.refused_act(sage, "复活", victim)


def test_magician_swaps_every_later_targeted_skill_and_never_the_same_seat_twice():
    t = Table(deal())
    magician, seer = t.who("魔术师"), t.who("通灵师")
    a, b = t.who("白狼王"), t.who("猎人")
    t.to(MID, 1)
    t.act(magician, "交换", a, b)
    t.to(DEEP, 1)
    t.act(seer, "通灵", a)
    t.deadline()
    assert f"【通灵】{a}号 P{a} 是【猎人】" in t.seat_text(seer, t.last)
    assert "魔术师[交换]" in t.timeline()
    t.to(MID, 2)
    assert "选择过" in t.refused_act(magician, "交换", a, t.who("懦夫"))


def test_interrogator_refreshes_on_a_right_answer_and_kills_on_a_wrong_one():
    t = Table(deal())
    judge, wolf, hunter = t.who("审讯官"), t.who("白狼王"), t.who("猎人")
    t.to(NOON, 2)
    assert "群里" in t.refused_act(judge, "审讯", hunter, f"{wolf}号是狼人吗")
    t.public(judge, "审讯", hunter, f"{wolf}号是狼人吗")
    assert "【宣言#1】" in t.group_text()
    t.public(hunter, "回答", "是")
    assert t.state.count(judge, "shenxun") == 0
    t.send("judge", 1, sub="裁定", no=1, verdict="正确")  # the 法官 rules by the cast
    t.deadline()  # 黄昏: the answer is right
    assert t.alive(hunter) and "回答正确" in t.seat_text(judge) and t.state.count(judge, "shenxun") == 1
    t.to(NOON, 3)
    t.public(judge, "审讯", wolf, f"{hunter}号是好人吗")
    t.public(wolf, "回答", "否")
    t.send("judge", 1, sub="裁定", no=2, verdict="错误")
    t.deadline()
    assert t.state.phase == DUSK and not t.alive(wolf)


def test_poisoner_schemes_for_counts_then_poisons_with_a_chosen_status():
    t = Table(deal())
    poisoner, victim, magician = t.who("毒士"), t.who("禁言长老"), t.who("魔术师")
    t.to(EARLY, 1)
    assert "第二晚" in t.refused_act(poisoner, "毒计", victim, "沉默")
    t.act(poisoner, "谋策", t.who("猎人"))  # no count skill: 毒计 +1
    t.deadline()
    assert t.state.count(poisoner, "duji") == 1 and "毒计次数+1" in t.seat_text(poisoner)
    t.to(EARLY, 2)
    t.act(poisoner, "毒计", magician, "沉默")
    t.deadline()
    assert "沉默" in t.statuses(magician) and "你获得了[沉默]" in t.seat_text(magician, t.last)
    assert "沉默" in t.refused_act(magician, "交换", 1, 2)


def test_poisoner_scheme_on_a_count_holder_lets_him_add_one():
    t = Table(deal("朱雀"))
    poisoner, bird = t.who("毒士"), t.who("朱雀")
    t.to(EARLY, 1)
    t.act(poisoner, "谋策", bird)
    t.deadline()
    assert "增加次数" in t.seat_text(bird, t.last)
    t.act(bird, "增加次数", "天火")
    assert t.state.count(bird, "tianhuo") == 2


def test_taoist_three_wolves_disarm_the_pack():
    t = Table(deal())
    taoist = t.who("道士")
    w = [t.who("白狼王"), t.who("渊狼"), t.who("狼兄")]
    t.to(EARLY, 2)
    t.act(taoist, "结印", *w)
    t.deadline()
    assert all("缴械" in t.statuses(s) for s in w)
    t.to(DEEP, 2)
    assert "缴械" in t.refused_act(w[0], "杀人", t.who("猎人"))


def test_taoist_wolf_strong_weak_silences_every_other_faction_and_three_weak_gives_dictator():
    t = Table(deal())
    taoist = t.who("道士")
    t.to(EARLY, 1)
    t.act(taoist, "结印", t.who("白狼王"), t.who("魔术师"), t.who("猎人"))
    t.deadline()
    for s in t.state.seats():
        assert ("沉默" in t.statuses(s)) == (t.state.faction(s) != "村民阵营"), s
    t.to(EARLY, 2)
    assert "相同" in t.refused_act(taoist, "结印", t.who("猎人"), t.who("白狼王"), t.who("魔术师"))
    t.act(taoist, "结印", t.who("懦夫"), t.who("猎人"), t.who("太阳"))
    t.deadline()
    assert "独裁" in t.statuses(taoist) and t.state.weight(taoist) == 2


def test_zhuque_rises_from_death_lowers_the_thresholds_and_burns_non_villagers():
    t = Table(deal("朱雀"))
    bird, wolf = t.who("朱雀"), t.who("白狼王")
    exile(t, bird)
    assert t.alive(bird) and t.state.zhuque_cuts == 1
    assert t.state.count(bird, "yeyan_zq") == 1 and t.state.count(bird, "tianhuo") == 2
    t.to(MID, 2)
    t.act(bird, "业炎", wolf)
    t.to(DEEP, 2)
    t.act(bird, "天火", wolf)
    t.to(DAWN, 3)
    assert "业炎" in t.statuses(wolf) and not t.alive(wolf)


def test_wildman_rides_then_follows_and_charges_the_ring():
    t = Table(deal("野人"))
    wild, pig = t.who("野人"), t.who("厚皮肉猪")
    assert f"厚皮肉猪：{pig}号" in t.seat_text(wild)
    t.act(wild, "野性伙伴", "骑乘")
    assert {"不死", "秩序"} <= t.statuses(wild)
    t.to(DAWN, 2)
    assert t.state.wild_mode[wild] == "跟随" and "不死" not in t.statuses(wild)
    t.act(wild, "嚎叫", "通灵", "杀人")
    assert "这些技能被野猪骑士干扰：通灵、杀人" in t.group_text()
    seer = t.who("通灵师")
    t.to(DEEP, 2)
    target = t.who("审讯官")
    t.act(seer, "通灵", target)
    t.deadline()
    up, down = t.state.ring[(t.state.ring.index(target) - 1) % 14], t.state.ring[(t.state.ring.index(target) + 1) % 14]
    told = t.seat_text(seer, t.last)
    assert "被野猪骑士干扰" in told and any(f"最终选择目标是 {s}号" in told for s in (up, target, down))
    t.to(NOON, 3)
    assert t.state.wild_mode[wild] == "骑乘"
    wolf = t.who("白狼王")
    t.act(wild, "冲撞", wolf)
    ring = t.state.ring
    assert ring[(ring.index(wolf) + 1) % 14] == wild and ring[(ring.index(wolf) + 2) % 14] == pig
    assert "【电梯楼变动】新的电梯楼" in t.group_text() and "沉默" in t.statuses(wolf)


def test_master_flips_the_dead_and_summons_a_spirit_that_keeps_its_skills():
    t = Table(deal("御主", "通灵师"))
    master, seer = t.who("御主"), t.who("通灵师")
    exile(t, seer)
    assert t.state.count(master, "zhaohuan") == 3  # 通灵师 ⑦ ÷ 2
    t.to(DUSK, 2)
    t.deadline()
    assert "（翻牌：通灵师）" in t.all_group()
    t.to(DUSK, 3)
    t.state.counts[t.state.key(master, "zhaohuan")] = 7
    t.act(master, "英灵召唤", seer)
    t.deadline()
    assert seer in t.state.spirits and "自由" in t.statuses(seer)
    assert RULES_team(t, seer) == "英灵群"
    t.to(DEEP, 3)
    t.act(seer, "通灵", t.who("白狼王"))
    t.deadline()
    assert "【通灵】" in t.seat_text(seer, t.last)


def RULES_team(t: Table, seat: int):
    from nata_table import RULES

    return RULES.team_of(t.state, seat)


def test_face_changer_tops_a_hidden_card_shows_it_and_loses_it_after_dusk():
    t = Table(deal("变脸者"))
    face, seer = t.who("变脸者"), t.who("通灵师")
    cards = t.state.cards[face]
    assert len(cards) == 3 and "你的底牌" in t.seat_text(face)
    t.act(face, "变脸", cards[0])
    assert t.state.face[face] == cards[0]
    t.to(DEEP, 1)
    t.act(seer, "通灵", face)
    t.deadline()
    assert f"是【{cards[0]}】" not in t.seat_text(seer, t.last)  # expired at the end of 竞选日's 黄昏
    assert face not in t.state.face
    t.to(DUSK, 2)
    t.act(face, "变脸", cards[1])
    assert "用过" in t.refused_act(face, "变脸", cards[0]) or "变过脸" in t.refused_act(face, "变脸", cards[0])
    t.to(DEEP, 2)
    t.act(seer, "通灵", face)
    t.deadline()
    assert f"是【{cards[1]}】" in t.seat_text(seer, t.last)


def test_fox_goddess_sees_tonights_deaths_saves_one_and_fires_at_a_wolf():
    t = Table(deal("赤狐神女"))
    fox, victim = t.who("赤狐神女"), t.who("禁言长老")
    t.to(DEEP, 3)
    for w in t.state.pack():
        t.act(w, "杀人", victim)
    t.to(LATE, 3)
    t.act(fox, "神女秘法")
    assert f"{victim}号" in t.seat_text(fox, t.last)
    t.act(fox, "煏祸相依", victim)
    assert t.state.count(fox, "canshi") == 2
    t.deadline()
    assert t.alive(victim) and "业炎" in t.statuses(victim)
    wolf = t.who("白狼王")
    t.act(fox, "灵狐灿世", wolf, victim)
    assert not t.alive(wolf) and t.alive(victim)  # a wolf ends the volley
    assert t.state.held(fox) == []


# --- 弱神 ------------------------------------------------------------------------------------------------------


def test_coward_dies_when_targeted_from_the_second_night():
    t = Table(deal())
    seer, coward = t.who("通灵师"), t.who("懦夫")
    t.to(DEEP, 1)
    t.act(seer, "通灵", coward)
    t.to(DAWN, 2)
    assert t.alive(coward)
    t.to(DEEP, 2)
    t.act(seer, "通灵", coward)
    t.to(DAWN, 3)
    assert not t.alive(coward) and "怯懦" in t.timeline()


def test_fool_survives_his_first_vote_out_is_announced_and_loses_his_vote():
    t = Table(deal("愚者"))
    fool = t.who("愚者")
    exile(t, fool)
    assert t.alive(fool) and "投票出局的人是个愚者" in t.all_group()
    assert {"自由", "霸道"} <= t.statuses(fool)
    t.to(NOON, 3)
    assert "不能参与投票" in t.refused_act(fool, "投票", 1, via="group", reason="x")
    exile(t, fool)
    assert t.alive(fool)  # 霸道: never voted out


def test_hunter_fires_a_last_shot_after_a_vote_out():
    t = Table(deal())
    hunter, wolf = t.who("猎人"), t.who("白狼王")
    t.to(DUSK, 1)
    assert "出局后" in t.refused_act(hunter, "最后一枪", wolf)
    exile(t, hunter)
    assert t.state.phase == DUSK and not t.alive(hunter)
    t.act(hunter, "最后一枪", wolf)
    assert not t.alive(wolf)
    t.deadline()
    assert "投票出局" in t.group_text() and "其他原因出局" in t.group_text()


def test_hunter_cannot_shoot_after_a_village_night_skill():
    t = Table(deal())
    poisoner, hunter = t.who("毒士"), t.who("猎人")
    t.state.counts[t.state.key(poisoner, "duji")] = 2
    t.to(EARLY, 2)
    t.act(poisoner, "毒计", hunter, "流血")
    t.to(EARLY, 3)
    t.act(poisoner, "毒计", hunter, "流血")
    t.to(DAWN, 4)
    assert not t.alive(hunter)
    assert "村民阵营的夜晚技能" in t.refused_act(hunter, "最后一枪", t.who("白狼王"))


def test_silence_elder_gives_taciturn_which_limits_speech_and_votes():
    t = Table(deal())
    elder, target = t.who("禁言长老"), t.who("审讯官")
    t.to(DEEP, 1)
    t.act(elder, "禁言", target)
    t.to(NOON, 2)
    assert "寡言" in t.statuses(target) and f"[寡言]持有者：{target}号" in t.all_group()
    wolf = t.who("白狼王")
    assert "理由" in t.refused_act(target, "投票", wolf, via="group", reason="他像狼")
    t.vote(target, wolf, reason="")
    t.speak(target, "喵~")
    assert "沉默" not in t.statuses(target)
    t.speak(target, "我是好人")
    assert {"沉默", "遗忘"} <= t.statuses(target)
    t.to(DEEP, 2)
    assert "连续两晚" in t.refused_act(elder, "禁言", target)


def test_hermit_is_invisible_and_bewitched_until_he_takes_off_the_cloak():
    t = Table(deal("隐者"))
    hermit, seer = t.who("隐者"), t.who("通灵师")
    assert {"隐身", "迷魂"} <= t.statuses(hermit) and t.state.weight(hermit) == 0
    t.to(DEEP, 1)
    t.act(seer, "通灵", hermit)
    t.deadline()
    assert "没有得到反馈" in t.seat_text(seer, t.last)
    t.to(EARLY, 2)
    t.act(hermit, "脱下隐身衣", seer)
    t.deadline()
    assert "隐身" not in t.statuses(hermit) and "隐身" in t.statuses(seer)
    t.to(EARLY, 3)
    assert "失效" in t.refused_act(hermit, "脱下隐身衣", seer)


def test_sun_dying_gives_the_next_day_two_noons_and_both_leaders_go_out():
    t = Table(deal())
    sun = t.who("太阳")
    a, b = t.who("审讯官"), t.who("道士")
    exile(t, sun)
    t.to(NOON, 3)
    assert "日不落" in t.all_group()
    for s in t.state.living():
        t.vote(s, a)
    t.deadline() if t.state.phase == NOON and t.state.noon_round == 1 else None
    assert t.state.phase == NOON and t.state.noon_round == 2 and t.alive(a)
    for s in t.state.living():
        t.vote(s, b)
    if t.state.phase == NOON:
        t.deadline()
    assert t.state.phase == DUSK and not t.alive(a) and not t.alive(b)


def test_messenger_passes_one_anonymous_message_and_links_two_for_good():
    t = Table(deal("传递者"))
    messenger, a, b = t.who("传递者"), t.who("审讯官"), t.who("道士")
    t.to(NOON, 2)
    t.act(messenger, "灵魂传递", a, b)
    assert f"得知了 {b}号" in t.seat_text(a, t.last)
    t.relay(a, b, "我是审讯官")
    assert "我是审讯官" in t.seat_text(b, t.last) and f"{a}号" not in t.seat_text(b, t.last)
    assert "我是审讯官" in t.seat_text(messenger, t.last)
    assert "不能私聊" in t.refused("relay", a, target=str(b), text="再来一条")
    t.act(messenger, "灵魂链接", a, b)
    t.relay(b, a, "收到")
    assert "【共群】" in t.seat_text(a, t.last)


def test_destined_gets_no_status_and_passes_his_skills_on():
    t = Table(deal("天命人"))
    destined, elder = t.who("天命人"), t.who("禁言长老")
    t.to(DEEP, 1)
    t.act(elder, "禁言", destined)
    t.to(NOON, 2)
    assert "寡言" not in t.statuses(destined)
    exile(t, destined)
    heir = t.who("审讯官")
    t.act(destined, "薪火相传", heir)
    assert t.state.held(destined) == [] and {"xinhuo", "tianming"} <= set(t.state.held(heir))
    t.to(NOON, 3)
    t.state.counts[t.state.key(heir, "shenxun")] = 0
    t.act(heir, "天命所归")
    assert t.state.count(heir, "shenxun") == 1


def test_arsonist_burns_and_turns_the_kill_back_on_the_wolf_below():
    t = Table(deal("纵火犯"))
    arsonist, victim = t.who("纵火犯"), t.who("禁言长老")
    t.to(MID, 2)
    t.act(arsonist, "纵火", victim)
    wolves_kill(t, victim)
    ring = t.state.ring
    below = [ring[(ring.index(victim) + k) % 14] for k in range(1, 14)]
    first_wolf = next(s for s in below if t.state.faction(s) == "狼人阵营" and t.state.knife(s))
    t.to(DAWN, 3)
    assert t.alive(victim) and "业炎" in t.statuses(victim)
    assert not t.alive(first_wolf)


def test_thick_skinned_pig_survives_wolves_and_purifies_neighbours_when_out():
    t = Table(deal("厚皮肉猪"))
    pig = t.who("厚皮肉猪")
    wolves_kill(t, pig)
    t.to(DAWN, 3)
    assert t.alive(pig)
    exile(t, pig)
    assert not t.alive(pig)
    purified = [s for s in t.state.seats() if "净化" in t.statuses(s)]
    assert len(purified) == 2 and all(t.state.faction(s) == "村民阵营" for s in purified)


# --- 狼人 --------------------------------------------------------------------------------------------------------


def test_wolf_pack_cannot_kill_on_the_first_night_and_kills_from_the_second():
    t = Table(deal())
    victim = t.who("猎人")
    t.to(DEEP, 1)
    assert "第二晚" in t.refused_act(t.who("白狼王"), "杀人", victim)
    wolves_kill(t, victim)
    t.to(DAWN, 3)
    assert not t.alive(victim)
    t.to(NOON, 3)
    assert f"{victim}号 P{victim}" in t.group_text()


def test_elder_brother_rages_after_the_younger_is_out():
    t = Table(deal())
    elder, younger = t.who("狼兄"), t.who("狼弟")
    t.to(DEEP, 1)
    assert "狼弟出局后" in t.refused_act(elder, "暴怒", 1)
    exile(t, younger)
    victim = t.who("猎人")
    t.to(DEEP, 2)
    t.act(elder, "暴怒", victim)
    t.to(DAWN, 3)
    assert not t.alive(victim) and "[穿透]" in t.timeline()


def test_younger_brother_disguises_then_joins_the_pack_and_must_inherit():
    t = Table(deal())
    younger, elder, seer = t.who("狼弟"), t.who("狼兄"), t.who("通灵师")
    t.act(younger, "潜藏", "猎人", "村民阵营", "不带刀")
    t.to(DEEP, 1)
    t.act(seer, "通灵", younger)
    t.deadline()
    assert f"{younger}号 P{younger} 是【猎人】" in t.seat_text(seer, t.last)
    assert younger not in t.state.pack()
    exile(t, elder)
    t.to(EARLY, 2)
    assert younger in t.state.pack() and "加入狼群" in t.seat_text(younger)
    t.deadline()  # 继承 is 强制: a random target takes 致死伤害 at dawn
    assert t.state.spent_on(younger, "jicheng")


def test_abyss_wolf_makes_a_seat_deathless_for_the_night_once():
    t = Table(deal())
    abyss, victim = t.who("渊狼"), t.who("猎人")
    t.to(MID, 2)
    t.act(abyss, "深渊", victim)
    wolves_kill(t, victim)
    t.to(DAWN, 3)
    assert t.alive(victim)
    t.to(MID, 3)
    assert "选择过" in t.refused_act(abyss, "深渊", victim)


def test_granny_disguise_shows_after_a_pack_wolf_dies_and_fraud_after_her_death():
    t = Table(deal("狼外婆"))
    granny, seer = t.who("狼外婆"), t.who("通灵师")
    t.act(granny, "装模作样", "通灵师", "村民阵营", "不带刀")
    exile(t, t.who("狼兄"))
    t.to(DEEP, 2)
    t.act(seer, "通灵", granny)
    t.deadline()
    assert f"{granny}号 P{granny} 是【通灵师】" in t.seat_text(seer, t.last)
    exile(t, granny)
    t.act(granny, "欺诈天下", "猎人", "村民阵营", "不带刀", "白狼王", "狼人阵营", "带刀")
    t.to(EARLY, 3)
    wolf = t.who("渊狼")
    assert "不死" in t.statuses(wolf) and t.state.surface(wolf)[0] == "猎人"
    assert t.state.surface(t.who("猎人"))[0] == "白狼王"


def test_reaper_bleeds_those_who_escape_the_wolves_and_harvests_them():
    t = Table(deal("死神"))
    reaper, abyss, victim = t.who("死神"), t.who("渊狼"), t.who("猎人")
    t.to(MID, 2)
    t.act(abyss, "深渊", victim)
    wolves_kill(t, victim)
    t.to(DAWN, 3)
    assert t.alive(victim) and "流血" in t.statuses(victim) and "流血" not in t.seat_text(victim)
    t.to(DEEP, 3)
    assert "流血" in t.refused_act(reaper, "收割", t.who("审讯官"))
    t.act(reaper, "收割", victim)
    t.to(DAWN, 4)
    assert not t.alive(victim)


def test_red_wolf_gains_karma_fire_when_a_pack_wolf_dies():
    t = Table(deal("赤狼"))
    red, target = t.who("赤狼"), t.who("审讯官")
    exile(t, next(w for w in t.state.pack() if w != red))
    assert t.state.count(red, "yeyan_cl") == 1
    t.to(MID, 2)
    t.act(red, "业炎", target)
    t.deadline()
    assert "业炎" in t.statuses(target)


def test_glutton_feeds_on_being_targeted_lures_and_eats():
    t = Table(deal("饕餮"))
    glutton, seer = t.who("饕餮"), t.who("通灵师")
    assert "秩序" in t.statuses(glutton)
    t.to(EARLY, 1)
    t.act(glutton, "诱食", seer)
    t.to(DEEP, 1)
    t.act(seer, "通灵", glutton)
    t.deadline()
    assert t.state.count(glutton, "baoshi") == 1  # 通灵 counted once, by 诱食 and as the target
    assert "诱食" in t.seat_text(glutton) and "通灵" in t.seat_text(glutton)
    victim = t.who("猎人")
    t.to(DEEP, 2)
    t.act(glutton, "暴食", victim)
    t.to(DAWN, 3)
    assert not t.alive(victim)


def test_glutton_catches_the_knife_when_the_pack_is_gone():
    t = Table(deal("饕餮"))
    glutton = t.who("饕餮")
    for w in t.state.seats():
        if t.state.faction(w) == "狼人阵营" and w != glutton:
            t.state.alive[w] = False
    t.to(DEEP, 2)
    assert t.state.catcher(glutton)
    t.act(glutton, "杀人", t.who("猎人"))


def test_taowu_terror_burns_and_reveals_and_his_cruelty_after_death():
    t = Table(deal("梼杌"))
    taowu, target, other = t.who("梼杌"), t.who("审讯官"), t.who("道士")
    t.to(MID, 2)
    t.act(taowu, "恐虐", target)
    t.deadline()
    assert "业炎" in t.statuses(target)
    assert "审讯官" in t.seat_text(taowu, t.last) and "梼杌" in t.seat_text(target, t.last)
    t.state.statuses.items.append(type(t.state.statuses.items[0])("业炎", other))
    exile(t, taowu)
    t.act(taowu, "残暴", other)
    assert not t.alive(other) and "业炎" not in t.statuses(target)


def test_white_wolf_king_flips_and_takes_a_seat_with_him_blocking_the_vote():
    t = Table(deal())
    king, victim = t.who("白狼王"), t.who("审讯官")
    t.to(NOON, 2)
    hunter = t.who("猎人")
    for s in t.state.living():
        if s not in (king, victim):
            t.vote(s, hunter)
    t.act(king, "神风突击", victim)
    assert not t.alive(king) and not t.alive(victim)
    text = t.all_group()
    assert f"{king}号 P{king} 翻牌：白狼王" in text and "封锁投票" in text
    assert "神风突击" not in t.group_text()  # the skill and its target are not announced
    assert t.state.blockade and not t.state.box.votes
    t.to(DUSK, 2)
    assert t.alive(hunter) and "封锁投票" in t.all_group()
    assert "强制留空" in t.refused("lastwords", victim, text="我是审讯官")


# --- 独立 ----------------------------------------------------------------------------------------------------------


def test_religious_elder_picks_heretics_gains_votes_and_immunity():
    t = Table(deal())
    old = t.who("宗教老爷爷")
    heretics = [s for s in t.state.seats() if s != old][:6]
    t.act(old, "选择异端", *heretics)
    assert t.state.heretics == sorted(heretics)
    t.to(NOON, 2)
    for h in heretics[:3]:
        t.state.alive[h] = False
        t.state.heretic_outs += 1
    assert t.state.weight(old) == 4
    exile(t, old)
    assert t.alive(old) and "免疫" in t.seat_text(old)


def test_religious_elder_wins_when_every_heretic_is_out():
    t = Table(deal())
    old = t.who("宗教老爷爷")
    heretics = [s for s in t.state.seats() if s != old][:6]
    t.act(old, "选择异端", *heretics)
    t.to(NOON, 2)
    for h in heretics[:5]:
        t.state.alive[h] = False
    exile(t, heretics[5])
    assert t.ended and t.game.outcome.winner == "宗教老爷爷阵营" and t.game.outcome.seats == (old,)



def test_farmer_knows_the_pig_and_trades_its_death_for_one_shot_skills():
    t = Table(deal("养殖者"))
    farmer, pig = t.who("养殖者"), t.who("厚皮肉猪")
    assert f"厚皮肉猪：{pig}号" in t.seat_text(farmer)
    exile(t, pig)
    assert t.state.count(farmer, "jingming") == 5
    t.act(farmer, "精明", "崩塌狙击")
    t.act(farmer, "精明", "通灵")
    assert "选过" in t.refused_act(farmer, "精明", "通灵") and t.state.count(farmer, "jingming") == 1
    seer_target = t.who("通灵师")
    t.to(DEEP, 2)
    t.act(farmer, "通灵", seer_target)
    t.deadline()
    assert "是【通灵师】" in t.seat_text(farmer, t.last)
    assert "tongling_b" not in t.state.held(farmer)
    victim = t.who("审讯官")
    t.to(NOON, 3)
    t.act(farmer, "崩塌狙击", victim)
    assert not t.alive(victim) and "bengta" not in t.state.held(farmer)


def test_taciturn_target_cannot_answer_the_interrogation_and_dies():
    t = Table(deal())
    judge, elder, target = t.who("审讯官"), t.who("禁言长老"), t.who("道士")
    t.to(DEEP, 1)
    t.act(elder, "禁言", target)
    t.to(NOON, 2)
    t.public(judge, "审讯", target, target, "道士")
    assert "寡言" in t.refused_act(target, "回答", "是", via="group")
    t.deadline()
    assert not t.alive(target)


def test_cruelty_is_forced_a_random_burned_seat_pays_if_taowu_does_not_choose():
    t = Table(deal("梼杌"))
    taowu, target = t.who("梼杌"), t.who("审讯官")
    t.to(MID, 2)
    t.act(taowu, "恐虐", target)
    exile(t, taowu)
    assert t.state.phase == DUSK
    t.deadline()
    assert not t.alive(target) and "残暴" in t.timeline()
