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
        [sys.executable, "-m", "plugins.bansha.cli", "commands"], cwd=ROOT, capture_output=True, text=True,
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
