"""导演台 in a real headless Chromium (Debian's chromium + chromium-driver through Selenium), against the
real bot process and the fake QQ group: the login link by PM, the true roles on the grimoire, a 黄牌
from a form reaching the group, and the page updating by itself (SSE) when a player votes.

Skipped, with the reason, where the browser cannot run (no chromium/chromedriver, no selenium);
`.ci/run` installs them from Debian (tools/chromium.sh). With BANSHA_SCREENSHOTS=1 the grimoire is
saved at phone and desktop widths to docs/console-phone.png and docs/console-desktop.png.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import tempfile
import time

import pytest
from consoleutil import LINK
from paths import ROOT
from secutil import Table, db_query, start_bot, stop_bot

pytestmark = pytest.mark.e2e
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
DOCS = ROOT / "docs"
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage")


def _browser():
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.skip("selenium is not installed (pip install -e '.[test]')")
    if not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)):
        pytest.skip("Debian's chromium and chromium-driver are not installed (tools/chromium.sh installs them)")
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in FLAGS:
        opts.add_argument(flag)
    opts.add_argument(f"--user-data-dir={tempfile.mkdtemp(prefix='bansha-chromium-')}")
    opts.add_argument("--window-size=1400,1100")
    try:
        return webdriver.Chrome(service=Service(DRIVER), options=opts)
    except Exception as e:  # e.g. a chromium that cannot start in this sandbox
        pytest.skip(f"headless chromium could not start: {str(e).splitlines()[0][:200]}")


async def _until(check, timeout: float = 10.0, what: str = ""):
    """Poll `check` in a thread; a node replaced by a live update meanwhile just means "not yet"."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException

    end = time.monotonic() + timeout
    while True:
        try:
            value = await asyncio.to_thread(check)
        except (StaleElementReferenceException, NoSuchElementException):
            value = None
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.05)


async def test_a_judge_runs_a_game_from_the_browser():
    driver = _browser()
    proc, qq = await start_bot()
    try:
        await _scenario(driver, proc, qq)
    finally:
        driver.quit()
        await stop_bot(proc, qq)


async def _scenario(driver, proc, qq) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    t = await Table(qq, proc, group=8901, n=9, seed=4).ready()
    mark = qq.mark()
    await t.say(t.opener, "/法官 控制台", pm=True)
    link = LINK.search((await t.pm_says(t.opener, "导演台登录链接", mark)).text).group(1)  # type: ignore[union-attr]

    def go(url):
        driver.get(url)

    await asyncio.to_thread(go, link)
    await asyncio.to_thread(lambda: driver.find_element(By.ID, "login").click())
    await _until(lambda: f"第 {t.gid} 局" in driver.page_source, what="the games list")
    await asyncio.to_thread(lambda: driver.find_element(By.LINK_TEXT, f"第 {t.gid} 局").click())

    # the true roles, on the ring
    def roles_shown():
        return all(t.roles[s] in driver.find_element(By.ID, f"seat-{s}").text for s in t.roles)

    await _until(roles_shown, what="every seat's true role on the grimoire")

    # a 黄牌 from the form, received by the group
    await asyncio.to_thread(lambda: driver.find_element(By.LINK_TEXT, "控制").click())

    def card():
        form = driver.find_element(By.ID, "card")
        Select(form.find_element(By.NAME, "sub")).select_by_visible_text("黄牌")
        Select(form.find_element(By.NAME, "target")).select_by_value("3")
        form.find_element(By.NAME, "reason").send_keys("场外交流")
        form.find_element(By.TAG_NAME, "button").click()

    mark = qq.mark()
    await asyncio.to_thread(card)
    await t.group_says(f"{t.seat_name(3)} 获得黄牌：场外交流", mark)
    await _until(lambda: "已执行：/法官 黄牌 3 场外交流" in driver.page_source, what="the form's confirmation")

    # to the first day, by the judge's 推进 in QQ; then the votes page, left alone
    for _ in range(8):
        if "白天" in await t.status():
            break
        await t.command(t.opener, "/法官 推进", "【")
        await t.settle()
    assert "白天" in await t.status()
    await asyncio.to_thread(lambda: driver.find_element(By.LINK_TEXT, "投票").click())
    await _until(lambda: driver.execute_script("return document.body.dataset.live") == "on", what="the live stream")
    await asyncio.to_thread(lambda: driver.execute_script("window.__stayed = true;"))

    latencies = []
    living = [s for s in range(1, 10) if f"{s}号" in (await t.status()).split("存活")[1]]
    for voter in living[:3]:
        target = living[-1] if voter != living[-1] else living[0]
        await t.vote(t.player(voter), f"/投票 {target} 发言有问题")  # taken: a reaction, not an echo
        name = t.seat_name(voter)

        def shown(name=name):
            region = driver.find_element(By.CSS_SELECTOR, '[data-region="votes"]').text
            return name in region and driver.execute_script("return document.body.dataset.updated")

        updated = float(await _until(shown, what=f"the vote of {name} on the page")) / 1000
        at = db_query(proc, "SELECT max(at) FROM bansha_input WHERE game_id=? AND kind='act'", t.gid)[0][0]
        latencies.append(updated - at)
        assert driver.execute_script("return window.__stayed === true"), "the page reloaded instead of updating"
    print(f"SSE: page updated {', '.join(f'{x * 1000:.0f} ms' for x in latencies)} after the vote was accepted")
    assert max(latencies) < 1.0, latencies

    await _on_a_phone(driver, t, qq)

    if os.environ.get("BANSHA_SCREENSHOTS") == "1":
        await asyncio.to_thread(driver.set_window_size, 1400, 1100)
        await asyncio.to_thread(lambda: driver.find_element(By.LINK_TEXT, "魔典").click())
        await _until(roles_shown, what="the grimoire")
        for name, size in (("desktop", (1400, 1000)), ("phone", (390, 1800))):
            await asyncio.to_thread(driver.set_window_size, *size)
            await asyncio.sleep(0.5)
            await asyncio.to_thread(driver.save_screenshot, str(DOCS / f"console-{name}.png"))
    assert re.search(r"bansha console: \d+ logged in", proc.log_text())



PHONE = (390, 844)


async def _on_a_phone(driver, t, qq) -> None:
    """At 390 px every tab fits the screen's width (wide tables scroll inside themselves), and 推进 asks first:
    one tap shows what it will do, the second (a plain form, no script needed) does it."""
    from selenium.webdriver.common.by import By

    await asyncio.to_thread(driver.set_window_size, *PHONE)
    for tab in ("魔典", "待行动", "时间线", "投票", "控制", "未送达"):
        await asyncio.to_thread(lambda tab=tab: driver.find_element(By.LINK_TEXT, tab).click())
        await _until(lambda tab=tab: driver.find_element(By.CSS_SELECTOR, "nav.tabs a.on").text.startswith(tab),
                     what=f"the {tab} tab")
        wide = await asyncio.to_thread(driver.execute_script,
                                       "return [document.documentElement.scrollWidth, window.innerWidth]")
        assert wide[0] <= wide[1], f"{tab}: the page is {wide[0]} px wide on a {wide[1]} px screen"
    await asyncio.to_thread(lambda: driver.find_element(By.LINK_TEXT, "时间线").click())
    rows = await _until(lambda: driver.find_elements(By.CSS_SELECTOR, "ol.timeline > li"), what="the timeline")
    assert len(rows) <= 30
    await asyncio.to_thread(lambda: driver.find_element(By.LINK_TEXT, "控制").click())
    before = await t.status()
    await asyncio.to_thread(lambda: driver.find_element(By.CSS_SELECTOR, "#push button").click())
    await _until(lambda: driver.find_elements(By.ID, "confirm"), what="the confirmation page")
    assert "/法官 推进" in driver.find_element(By.CSS_SELECTOR, ".confirm .command").text
    assert await t.status() == before  # the first tap changed nothing
    mark = qq.mark()
    await asyncio.to_thread(lambda: driver.find_element(By.ID, "confirm").click())
    await _until(lambda: "已执行：/法官 推进" in driver.page_source, what="the confirmed 推进")
    await t.group_says("【", mark)


async def test_a_judge_rules_a_pending_ruling_from_the_browser():
    """纳塔's 审讯 asks the 法官 to judge a free-text answer (engine/parts/rulings.py): the ruling waits in the
    控制 page's queue, one click rules it, the judge alone is told, and the queue empties by itself."""
    from bot_steps import JUDGE
    from fakeqq import BotProcess, FakeQQ

    driver = _browser()
    proc = BotProcess(ROOT, superusers=(JUDGE,))
    proc.start()
    try:
        await proc.wait_ready(60)
        async with FakeQQ.for_process(proc) as qq:
            await _ruling_scenario(driver, qq, JUDGE)
    finally:
        driver.quit()
        proc.cleanup()


async def _ruling_scenario(driver, qq, judge) -> None:
    from bot_steps import fold, nata_at_noon, typed
    from selenium.webdriver.common.by import By

    group = 8902
    m = await nata_at_noon(qq, group, seed=12, 指定身份="审讯官", 强度倍率="0.1-10")
    st = m.game.state
    asker = st.holders("审讯官")[0]
    target = next(s for s in st.living() if s != asker)
    q_asker, q_target = m.game.qq_of(asker), m.game.qq_of(target)
    await typed(m, q_asker, f"/技能 审讯 {target} 你是狼人吗", "group", "act", skill="审讯",
               words=(str(target),), via="group", text=f"{target} 你是狼人吗")
    mark = qq.mark()
    await typed(m, q_target, "/回复 1 否", "group", "answer", no=1, text="否", via="group")
    await qq.wait_for(lambda s: s.target == judge and "【待裁定 #1】" in s.text, 20, mark)

    mark = qq.mark()
    await qq.private_msg(judge, "/法官 控制台")
    said = await qq.wait_for(lambda s: s.target == judge and "导演台登录链接" in s.text, 20, mark)
    link = LINK.search(said.text).group(1)  # type: ignore[union-attr]
    await asyncio.to_thread(driver.get, link)
    await asyncio.to_thread(lambda: driver.find_element(By.ID, "login").click())
    await _until(lambda: f"第 {m.game.gid} 局" in driver.page_source, what="the games list")
    await asyncio.to_thread(lambda: driver.find_element(By.LINK_TEXT, f"第 {m.game.gid} 局").click())
    await asyncio.to_thread(lambda: driver.find_element(By.LINK_TEXT, "控制").click())
    await _until(lambda: "你是狼人吗" in driver.find_element(By.ID, "ruling-1").text, what="ruling #1 in the queue")

    mark = qq.mark()
    await asyncio.to_thread(lambda: driver.find_element(By.CSS_SELECTOR, "#rule-1-2 button").click())  # 错误
    await _until(lambda: "已执行：/法官 裁定 1 错误" in driver.page_source, what="the ruling's confirmation")
    await _until(lambda: not driver.find_elements(By.ID, "ruling-1"), what="the queue to empty")
    fold(m, judge, "judge", sub="裁定", no=1, verdict="错误")
    await asyncio.sleep(0.5)
    assert not [s for s in qq.sent[mark:] if s.target == group], "a ruling is never posted in the group"
    # the wrong answer costs the target his life at 黄昏, exactly as if the judge had typed the ruling
    await m.advance()
    assert m.game.state.phase == "dusk" and not m.game.state.alive[target]
    assert m.unexpected_group_posts() == []
