"""Scenario tests of 酒馆圣杯's nights (001): hits, spells and saves, the conditions, the grail theft and each
class's skills, with the dice scripted (tests/support/tavern_table.py) so every hit, save and roll is exact."""

from __future__ import annotations

from tavern_table import RULES, Table

from plugins.tavern.combat import armor_class, attack_bonus, dex_bonus, dex_mod, fortitude, reflex, will

# --- hits, spells and saves -------------------------------------------------------------------------------------


def test_a_melee_attack_hits_when_d100_is_at_most_ab_minus_ac():
    t = Table()
    fighter = t.who("战士", "守序")
    wizard = t.who("法师", "中立")
    assert attack_bonus(t.state, fighter) == 80 and armor_class(t.state, wizard) == 10  # 75+5 武器专攻; 5+5
    mark = t.mark()
    t.round(orders=[(fighter, "攻击", wizard)], first=[fighter], rolls=[70, 3])
    assert "d100=70 ≤ AB80−AC10=70 → 命中" in t.log(mark)
    assert t.state.hp[wizard] == 1
    assert "你昨夜受到 3 点伤害，剩余生命值 1/4" in t.seat_text(wizard)
    assert not t.seat_text(fighter), "the attacker is not told whether he hit"
    assert "昨夜战况：没有人退出游戏" in t.group_text() and "伤害" not in t.group_text()
    mark = t.mark()
    t.round(orders=[(fighter, "攻击", wizard)], first=[fighter], rolls=[71])
    assert "d100=71 > AB80−AC10=70 → 未命中" in t.log(mark) and t.state.hp[wizard] == 1


def test_will_opposed_spells_and_saving_throws():
    t = Table()
    st = t.state
    wiz, wiz2 = t.who("法师", "守序"), t.who("法师", "中立")
    barb, sorc, rogue = t.who("野蛮人", "中立"), t.who("术士"), t.who("游荡者", "中立")
    assert (will(st, wiz), will(st, barb), reflex(st, rogue), fortitude(st, barb)) == (80, 0, 60, 70)
    mark = t.mark()
    t.round(orders=[(wiz, "魔法飞弹", barb), (sorc, "灼热射线", rogue), (wiz2, "魔法飞弹", wiz)],
            first=[wiz, sorc, wiz2], rolls=[80, 3, 60, 1])
    log = t.log(mark)
    assert "意志对抗 d100=80 ≤ 80−0=80 → 成功" in log and st.hp[barb] == 12 - 4  # 1d4+1
    assert f"{sorc}号 P{sorc}→{rogue}号 P{rogue} 反射检定 d100=60 ≤ 60 → 通过" in log and st.hp[rogue] == 6
    assert "d100=1 > 80−80=0 → 失败" in log and st.hp[wiz] == 4
    t.round(orders=[(sorc, "灼热射线", rogue)], first=[sorc], rolls=[61, 2])
    assert st.hp[rogue] == 6 - 3


# --- the five conditions -------------------------------------------------------------------------------------------


def test_stunned_loses_ten_ab_and_all_dex_until_the_end_of_the_next_night():
    t = Table()
    st = t.state
    wiz, fighter = t.who("法师", "中立"), t.who("战士", "守序")
    t.round(orders=[(wiz, "七彩喷射", fighter)], first=[wiz], rolls=[60])  # 80 − 20
    assert st.has(fighter, "眩晕")
    assert (attack_bonus(st, fighter), armor_class(st, fighter), dex_mod(st, fighter)) == (70, 15, 0)
    t.to_dusk()
    assert "用完" in t.refused(wiz, "七彩喷射", fighter)  # 全局: once a game
    assert "眩晕" in RULES.role_text(st, fighter)
    t.resolve()
    assert not st.has(fighter, "眩晕") and attack_bonus(st, fighter) == 80


def test_shaken_loses_five_dex_but_not_below_zero():
    t = Table()
    st = t.state
    bard, druid = t.who("吟游诗人"), t.who("德鲁伊")
    monk, fighter = t.who("武僧"), t.who("战士", "守序")
    # 惊惧之歌: 60 − 40 = 20; 纠缠术: the fighter's reflex 20 fails on 21
    t.round(orders=[(bard, "惊惧之歌", monk), (druid, "纠缠术", fighter)], first=[bard, druid], rolls=[20, 21])
    assert st.has(monk, "震慑") and st.has(fighter, "震慑")
    assert dex_bonus(st, monk) == 10 and armor_class(st, monk) == 15 and dex_mod(st, monk) == 2
    assert dex_bonus(st, fighter) == 0


def test_grapple_voids_both_sides_orders_until_a_struggle_or_a_release():
    t = Table()
    st = t.state
    monk, wiz = t.who("武僧"), t.who("法师", "中立")
    target = t.who("野蛮人", "混乱")
    t.round(orders=[(monk, "擒抱", wiz)], first=[monk], rolls=[55])  # touch: 60 − 5
    assert st.grapples == {monk: wiz} and dex_bonus(st, wiz) == 0
    assert "你擒抱住了" in t.seat_text(monk)
    assert not t.seat_text(wiz) and "擒抱" not in RULES.role_text(st, wiz), "the grappled is never told"
    assert "反射 20%" in RULES.role_text(st, wiz), "/身份 shows the class's numbers, not the lost dex"
    t.to_dusk()
    assert "你正擒抱着" in t.seat_text(monk)
    t.act(wiz, "魔法飞弹", target)
    t.act(monk, "攻击", target)
    mark = t.mark()
    t.resolve(first=[wiz, monk], rolls=[1])  # struggle: 30 − 50 < 1
    log = t.log(mark)
    assert "强韧对抗 d100=1 > 30−50=-20 → 失败，指令无效" in log
    assert "没有放开，指令无效" in log and st.hp[target] == 12
    t.to_dusk()
    t.act(monk, "放开")
    t.act(monk, "攻击", target)
    mark = t.mark()
    t.resolve(first=[monk, wiz], rolls=[100])
    assert "放开了" in t.log(mark) and "AB60−AC20" in t.log(mark) and st.grapples == {}


def test_a_grappled_seat_that_breaks_free_carries_out_its_order():
    t = Table()
    st = t.state
    monk, barb = t.who("武僧"), t.who("野蛮人", "混乱")
    wiz = t.who("法师", "中立")
    t.round(orders=[(monk, "擒抱", barb)], first=[monk], rolls=[50])  # 60 − 10
    assert st.grapples == {monk: barb}
    mark = t.mark()
    t.round(orders=[(barb, "攻击", wiz)], first=[barb], rolls=[20, 100])  # 70 − 50 = 20
    assert "→ 挣脱" in t.log(mark) and f"→{wiz}号" in t.log(mark)
    assert "挣脱了你的擒抱" in t.seat_text(monk) and st.grapples == {}


def test_the_standard_action_turns_free_when_a_free_one_is_needed():
    t = Table()
    monk, fighter = t.who("武僧"), t.who("战士", "中立")
    holder, other = t.who("德鲁伊"), t.who("术士")
    t.round(orders=[(monk, "擒抱", fighter)], first=[monk], rolls=[55])  # 60 − 5
    # the struggle takes the free action; the theft then takes the standard one; 攻击 has nothing left
    mark = t.mark()
    t.round(grail=holder, orders=[(fighter, "动作如潮", holder), (fighter, "攻击", other)], first=[fighter],
            rolls=[10, 1, 2, 100])
    log = t.log(mark)
    assert "60−50=10 → 挣脱" in log and "夺宝（标准→自由动作）" in log
    assert "「攻击」：动作已经用完，未执行" in log


def test_fatigued_loses_five_ab_and_one_damage_but_deals_at_least_one():
    t = Table()
    st = t.state
    sorc, fighter, wiz = t.who("术士"), t.who("战士", "守序"), t.who("法师", "中立")
    t.round(orders=[(sorc, "衰弱射线", fighter)], first=[sorc], rolls=[21])  # reflex 20
    assert st.has(fighter, "疲惫") and attack_bonus(st, fighter) == 75
    mark = t.mark()
    t.round(orders=[(fighter, "攻击", wiz)], first=[fighter], rolls=[65, 1])
    assert "AB75−AC10=65 → 命中" in t.log(mark) and "疲惫-1 = 1" in t.log(mark) and st.hp[wiz] == 3
    assert not st.has(fighter, "疲惫")


def test_wounded_cannot_act_recovers_at_fifty_then_sixty_or_dies():
    t = Table()
    st = t.state
    fighter, wiz = t.who("战士", "守序"), t.who("法师", "中立")
    t.round(orders=[(fighter, "攻击", wiz)], first=[wiz, fighter], rolls=[1, 8])
    assert st.hp[wiz] == 0 and st.wounded(wiz)
    assert "你进入了受伤状态" in t.seat_text(wiz)
    assert "受伤状态" in t.refused(wiz, "圣杯", 50)
    t.to_dusk()
    assert wiz not in RULES.pending(st)
    assert "受伤状态" in t.refused(wiz, "攻击", fighter)
    mark = t.mark()
    t.resolve(first=[wiz], rolls=[51])
    assert "伤愈检定（第1次）" in t.log(mark) and "继续受伤" in t.log(mark) and st.alive[wiz]
    before = st.points[st.factions[fighter]]
    t.to_dusk()
    mark = t.mark()
    t.resolve(first=[wiz], rolls=[61])
    assert "伤愈检定（第2次）" in t.log(mark) and "死亡" in t.log(mark) and not st.alive[wiz]
    assert f"{wiz}号 P{wiz} 退出了游戏" in t.group_text()
    assert st.points[st.factions[fighter]] == before + 3  # the one who brought it down killed it


def test_the_first_recovery_roll_heals_to_one():
    t = Table()
    st = t.state
    fighter, wiz = t.who("战士", "守序"), t.who("法师", "中立")
    t.round(orders=[(fighter, "攻击", wiz)], first=[wiz, fighter], rolls=[1, 8])
    t.round(first=[wiz], rolls=[50])
    assert st.hp[wiz] == 1 and not st.wounded(wiz) and "伤愈" in t.seat_text(wiz)


# --- the grail theft ------------------------------------------------------------------------------------------------------


def test_a_hit_on_the_grail_holder_takes_a_free_action_and_steals_half_the_time():
    t = Table()
    st = t.state
    fighter, holder = t.who("战士", "守序"), t.who("野蛮人", "混乱")
    t.round(grail=holder, orders=[(fighter, "攻击", holder)], first=[fighter], rolls=[1, 2, 50])
    assert st.points == {"守序": 2, "中立": 0, "混乱": 1}
    assert "你的圣杯在夜里被抢夺了" in t.seat_text(holder) and f"{fighter}号" not in t.seat_text(holder)
    assert "你夺到了圣杯" in t.seat_text(fighter)
    mark = t.mark()
    t.round(grail=holder, orders=[(fighter, "攻击", holder)], first=[fighter], rolls=[1, 2, 51])
    assert "d100=51 > 50（基础）→ 失败" in t.log(mark) and st.points["守序"] == 2
    assert "被抢夺" not in t.seat_text(holder)


def test_no_theft_without_a_free_action():
    t = Table()
    st = t.state
    bard, holder = t.who("吟游诗人"), t.who("战士", "守序")
    mark = t.mark()
    t.round(grail=holder, orders=[(bard, "鼓舞勇气", bard), (bard, "攻击", holder)], first=[bard], rolls=[1, 1])
    log = t.log(mark)
    assert "AB70" in log and "没有自由动作" in log and st.points["混乱"] == 0


# --- each class's skills -----------------------------------------------------------------------------------------------------
# Tested above: 魔法飞弹 (法师) in test_will_opposed_spells_and_saving_throws, 七彩喷射 (法师) in test_stunned_…,
# 灼热射线 (术士) in test_will_opposed_…, 衰弱射线 (术士) in test_fatigued_…, 惊惧之歌 (吟游诗人) and 纠缠术 (德鲁伊)
# in test_shaken_…, 擒抱 (武僧) in the grapple tests.


def test_fighter_power_attack_weapon_focus_and_action_surge():
    t = Table()
    st = t.state
    fighter, paladin = t.who("战士", "守序"), t.who("圣武士")
    wiz, barb = t.who("法师", "中立"), t.who("野蛮人", "混乱")
    assert attack_bonus(st, fighter) == attack_bonus(st, paladin) + 5  # 武器专攻
    t.to_dusk()
    t.act(fighter, "强力攻击")
    t.act(fighter, "动作如潮", barb)
    t.act(fighter, "攻击", wiz)
    mark = t.mark()
    t.resolve(first=[fighter], rolls=[100, 60, 1])
    log = t.log(mark)
    assert "动作如潮：" in log and "AB70−AC10=60 → 命中" in log and "1d8(1)=1 +3 = 4" in log
    t.to_dusk()
    assert "用完" in t.refused(fighter, "动作如潮", barb)


def test_barbarian_rage_then_fatigue():
    t = Table()
    st = t.state
    barb, wiz = t.who("野蛮人", "中立"), t.who("法师", "守序")
    t.to_dusk()
    t.act(barb, "狂暴")
    assert armor_class(st, barb) == 10 and attack_bonus(st, barb) == 85
    t.act(barb, "攻击", wiz)
    mark = t.mark()
    t.resolve(first=[barb], rolls=[1, 1])
    assert "1d12(1)=1 +2 = 3" in t.log(mark)
    t.to_dusk()
    assert st.has(barb, "疲惫") and "疲惫状态" in t.refused(barb, "狂暴")
    t.resolve()
    t.to_dusk()
    t.act(barb, "狂暴")


def test_barbarian_uncanny_dodge_keeps_dex_and_is_never_caught_off_guard():
    t = Table()
    st = t.state
    barb, wiz, rogue = t.who("野蛮人", "混乱"), t.who("法师", "守序"), t.who("游荡者", "中立")
    mark = t.mark()
    t.round(orders=[(wiz, "七彩喷射", barb), (rogue, "攻击", barb)], first=[wiz, rogue, barb], rolls=[1, 1, 3])
    assert st.has(barb, "眩晕") and dex_bonus(st, barb) == 10
    assert "偷袭" not in t.log(mark) and st.hp[barb] == 9


def test_rogue_sneak_attack_on_the_unready():
    t = Table()
    st = t.state
    rogue, fighter = t.who("游荡者", "混乱"), t.who("战士", "守序")
    mark = t.mark()
    t.round(orders=[(rogue, "攻击", fighter)], first=[rogue, fighter], rolls=[1, 2, 3])
    assert "偷袭1d6(3)=3" in t.log(mark) and st.hp[fighter] == 10 - 5
    mark = t.mark()
    t.round(orders=[(rogue, "攻击", fighter)], first=[fighter, rogue], rolls=[1, 2])
    assert "偷袭" not in t.log(mark) and st.hp[fighter] == 3


def test_rogue_sleight_of_hand_steals_three_times_in_four():
    t = Table()
    st = t.state
    rogue, holder = t.who("游荡者", "中立"), t.who("战士", "守序")
    mark = t.mark()
    t.round(grail=holder, orders=[(rogue, "攻击", holder)], first=[rogue], rolls=[1, 1, 1, 75])
    assert "d100=75 ≤ 75（妙手空空）→ 成功" in t.log(mark) and st.points["中立"] == 2


def test_sorcerer_grail_surge_adds_two_to_spells():
    t = Table()
    st = t.state
    sorc, fighter = t.who("术士"), t.who("战士", "守序")
    mark = t.mark()
    t.round(grail=sorc, orders=[(sorc, "灼热射线", fighter)], first=[sorc], rolls=[21, 1])
    assert "圣杯涌能" in t.log(mark) and st.hp[fighter] == 10 - (1 + 1 + 2)


def test_bard_inspire_courage_helps_a_later_attacker():
    t = Table()
    st = t.state
    bard, fighter, wiz = t.who("吟游诗人"), t.who("战士", "守序"), t.who("法师", "中立")
    mark = t.mark()
    t.round(orders=[(bard, "鼓舞勇气", fighter), (fighter, "攻击", wiz)], first=[bard, fighter], rolls=[1, 2])
    assert "AB90−AC10" in t.log(mark) and st.hp[wiz] == 4 - 3


def test_druid_companion_attacks_as_a_free_action_and_never_steals():
    t = Table()
    st = t.state
    druid, holder, monk = t.who("德鲁伊"), t.who("战士", "守序"), t.who("武僧")
    mark = t.mark()
    t.round(grail=holder, orders=[(druid, "动物伙伴", holder), (druid, "纠缠术", monk)], first=[druid],
            rolls=[1, 3, 100])
    log = t.log(mark)
    assert "的伙伴→" in log and "夺宝" not in log and st.hp[holder] == 7
    assert st.has(monk, "震慑")


def test_monk_stunning_fist_and_flurry_of_blows():
    t = Table()
    st = t.state
    monk, fighter = t.who("武僧"), t.who("战士", "中立")
    t.round(orders=[(monk, "击晕拳", fighter)], first=[monk], rolls=[40, 2, 61])  # fort 60
    assert st.has(fighter, "眩晕") and st.hp[fighter] == 8
    t.to_dusk()
    t.act(monk, "疾风连击")
    t.act(monk, "攻击", fighter)
    mark = t.mark()
    t.resolve(first=[monk], rolls=[100, 100])
    assert t.log(mark).count("AB50−AC15") == 2


def test_cleric_cure_light_wounds_wakes_the_wounded():
    t = Table()
    st = t.state
    cleric, fighter, wiz = t.who("牧师"), t.who("战士", "中立"), t.who("法师", "守序")
    t.round(orders=[(fighter, "攻击", wiz)], first=[wiz, fighter], rolls=[1, 8])
    assert st.wounded(wiz)
    t.round(orders=[(cleric, "治疗轻伤", wiz)], first=[cleric, wiz], rolls=[3])
    assert st.hp[wiz] == 3 and not st.wounded(wiz) and "生命值恢复到 3/4" in t.seat_text(wiz)


def test_cleric_grail_light_needs_the_grail_and_heals_in_full():
    t = Table()
    st = t.state
    cleric, fighter, paladin = t.who("牧师"), t.who("战士", "中立"), t.who("圣武士")
    t.to_dusk()
    assert "圣杯技能" in t.refused(cleric, "圣杯之光", paladin)
    t.act(fighter, "攻击", paladin)
    t.resolve(first=[fighter], rolls=[1, 5])
    assert st.hp[paladin] == 5
    t.round(grail=cleric, orders=[(cleric, "圣杯之光", paladin)], first=[cleric])
    assert st.hp[paladin] == 10


def test_paladin_smite_divine_grace_and_grail_guard():
    t = Table()
    st = t.state
    paladin, bard, wiz = t.who("圣武士"), t.who("吟游诗人"), t.who("法师", "中立")
    rogue = t.who("游荡者", "混乱")
    assert (will(st, paladin), reflex(st, paladin), fortitude(st, paladin)) == (30, 30, 70)  # 神恩 +10
    mark = t.mark()
    t.round(orders=[(paladin, "惩恶一击", bard)], first=[paladin], rolls=[1, 1])
    assert "AB85−AC15" in t.log(mark) and "1d8(1)=1 +3 = 4" in t.log(mark)
    mark = t.mark()
    t.round(orders=[(paladin, "惩恶一击", wiz)], first=[paladin], rolls=[100])
    assert "AB75−AC10" in t.log(mark)
    mark = t.mark()
    t.round(grail=paladin, orders=[(rogue, "攻击", paladin)], first=[rogue], rolls=[1, 1, 1, 26])
    assert "26 > 25" in t.log(mark) and "圣杯守护" in t.log(mark) and st.points["混乱"] == 0


def test_ranger_rapid_shot_and_track():
    t = Table()
    st = t.state
    ranger, fighter, wiz = t.who("游侠"), t.who("战士", "守序"), t.who("法师", "中立")
    t.to_dusk()
    t.act(ranger, "连射")
    t.act(ranger, "追踪", fighter)
    t.act(ranger, "攻击", wiz)
    t.act(fighter, "攻击", wiz)
    mark = t.mark()
    t.resolve(first=[ranger, fighter], rolls=[100, 100, 100])
    assert t.log(mark).count("AB65−AC10") == 2
    assert f"追踪结果：{fighter}号 P{fighter} 昨夜的指令指向了 {wiz}号" in t.seat_text(ranger)
    assert st.alive[wiz]
