"""The command table is the one declaration of every command: the README's list must be what it says."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BEGIN = "<!-- commands:begin（以下由命令生成，请勿手改） -->"
END = "<!-- commands:end -->"


def table_markdown() -> str:
    out = subprocess.run(
        [sys.executable, "-m", "plugins.bansha.tools.cli", "commands"], cwd=ROOT, capture_output=True, text=True,
        timeout=120, check=True,
    )
    return out.stdout.strip()


def test_the_readme_command_list_is_the_command_table():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert BEGIN in readme and END in readme, "README.md lost its generated command list"
    listed = readme[readme.index(BEGIN) + len(BEGIN):readme.index(END)].strip()
    table = table_markdown()
    assert "`/投票 <目标或弃权> [理由]`" in table and "`/法官 推进`" in table
    assert listed == table, (
        "README.md's command list differs from the command table; run `bansha commands --markdown README.md`"
    )


# Every command name of the command surface (COMMANDS.md), group and private; a short form must never take one.
SURFACE = ["帮助", "开局", "报名", "退出报名", "开始", "状态", "投票", "改票", "加速", "延时", "技能", "上警", "退水", "重开",
           "战绩", "排行", "观战", "退出观战", "票型", "过", "法官", "放弃", "身份", "狼聊", "队聊", "回复", "亡者", "遗言",
           "代投", "局", "补发"]
FIND = """
import json, sys
import nonebot
nonebot.init(driver="~none")
from plugins.bansha.qq import table
out = {}
for body in json.loads(sys.argv[1]):
    found = table.find(body)
    out[body] = None if found is None else [found[0].name, found[1], found[2]]
print(json.dumps(out, ensure_ascii=False))
"""


def find_all(bodies: list[str]) -> dict[str, list[str] | None]:
    import json

    out = subprocess.run([sys.executable, "-c", FIND, json.dumps(bodies)], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_short_forms_stand_for_their_command_and_never_change_a_surface_form():
    surface = {f"{name} 3": name for name in SURFACE}
    shorts = {"投3": ["投票", "投票", "3"], "投 三号": ["投票", "投票", " 三号"], "票 4 理由": ["投票", "投票", " 4 理由"],
              "改 5 换人": ["投票", "改票", " 5 换人"], "改5": ["投票", "改票", "5"], "投弃权": ["投票", "投票", "弃权"],
              "投": ["投票", "投票", ""], "投票3": ["投票", "投票", "3"], "改票三号": ["投票", "改票", "三号"]}
    chat = ["改名 阿狸", "票房", "投降", "投资3年", "改一下"]
    found = find_all([*surface, *shorts, *chat])
    for body, name in surface.items():
        # a command still to come (another branch) is simply not found; a short form must not take its place
        assert found[body] is None or found[body][1] == name, (body, found[body])
    for body, want in shorts.items():
        assert found[body] == want, body
    for body in chat:
        assert found[body] is None, body
