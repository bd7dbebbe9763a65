"""Optional LLM speech: an OpenAI-compatible chat API rewords what the template would say.

The prompt holds only the seat's own view of the table (the phase, the living seats, the public votes it
saw) and what its mind decided (the template text and the facts behind it) — never a role it has not
claimed, never the game state. The answer is used only if it arrives within the timeout (BANSHA_LLM_TIMEOUT,
and never past the phase's deadline), within the per-minute budget, within the length limit, is one line of
Chinese, and then passes the checks of runtime.py (no role, camp or private skill named, the leak audit);
otherwise the template goes out. The `openai` package is optional (`pip install 'nonebot-plugin-bansha[llm]'`):
without it, or without BANSHA_LLM_URL and BANSHA_LLM_MODEL, every text is a template.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections import Counter, deque
from typing import Any

from .settings import AiSettings

log = logging.getLogger("bansha")

SYSTEM = (
    "你在QQ群里玩版杀（{title}），扮演 {seat}号 玩家。把给你的这句话改写成真人玩家的口吻，意思不变，"
    "简短自然，一句中文，不超过 {limit} 个字。不要提到任何身份名称、阵营或技能名，不要猜测别人的身份，"
    "不要提到你是AI。只输出这句话本身。"
)
USER = "局势（你看到的）：{view}\n你的决定：{decision}\n原话：{draft}"
_CJK = re.compile(r"[\u4e00-\u9fff]")
_BAD = re.compile(r"https?://|\[CQ:|[\x00-\x08\x0b-\x1f]|<[a-z/]")


class Llm:
    """The client, its budget and its record: how many calls, how many answers used, why the rest were not."""

    def __init__(self, settings: AiSettings, http_client: Any = None):
        self.settings = settings
        self.client = None
        self.stats: Counter[str] = Counter()
        self._recent: deque[float] = deque()
        self._http = http_client
        if settings.llm_url and settings.llm_model:
            try:
                import openai
            except ImportError:
                log.warning("bansha ai: BANSHA_LLM_URL is set but the openai package is not installed; "
                            "AI seats speak in templates (pip install openai)")
            else:
                self.client = openai.AsyncOpenAI(base_url=settings.llm_url, api_key=settings.llm_key or "none",
                                                 max_retries=0, timeout=settings.llm_timeout, http_client=http_client)

    @property
    def on(self) -> bool:
        return self.client is not None

    def _admit(self) -> bool:
        now = time.monotonic()
        while self._recent and now - self._recent[0] > 60:
            self._recent.popleft()
        if len(self._recent) >= max(0, self.settings.llm_per_minute):
            return False
        self._recent.append(now)
        return True

    async def reword(self, title: str, seat: int, view: str, decision: str, draft: str, budget: float) -> str | None:
        """The model's wording of `draft`, or None (then the template goes out). `budget`: real seconds left."""
        if self.client is None:
            return None
        self.stats["calls"] += 1
        wait = min(self.settings.llm_timeout, budget)
        if wait < 0.5:
            self.stats["no_time"] += 1
            return None
        if not self._admit():
            self.stats["rate"] += 1
            return None
        limit = self.settings.llm_max_chars
        messages = [
            {"role": "system", "content": SYSTEM.format(title=title, seat=seat, limit=limit)},
            {"role": "user", "content": USER.format(view=view, decision=decision, draft=draft)},
        ]
        try:
            reply = await asyncio.wait_for(self.client.chat.completions.create(
                model=self.settings.llm_model, messages=messages, max_tokens=limit * 2, temperature=0.8), wait)
            text = reply.choices[0].message.content or ""
        except TimeoutError:
            self.stats["timeout"] += 1
            return None
        except Exception as e:  # the server's fault or ours: the template goes out
            self.stats["error"] += 1
            log.info("bansha ai: LLM request failed: %s", str(e)[:200])
            return None
        text = clean(text)
        if not text or len(text) > limit or not _CJK.search(text) or _BAD.search(text):
            self.stats["garbage"] += 1
            return None
        self.stats["answers"] += 1
        return text

    def rejected(self, why: str) -> None:
        """runtime.py refused an answer (it named a role, or failed the leak audit)."""
        self.stats[why] += 1
        self.stats["answers"] -= 1

    def used(self) -> None:
        self.stats["used"] += 1

    def summary(self) -> dict[str, Any]:
        calls = self.stats["calls"]
        used = self.stats["used"]
        return {**dict(self.stats), "fallback_rate": round((calls - used) / calls, 3) if calls else 0.0}

    async def close(self) -> None:
        if self.client is not None:
            await self.client.close()


def clean(text: str) -> str:
    """One line, no quotes or labels around it."""
    text = text.strip().split("\n")[0].strip()
    text = re.sub(r"^(?:\d+号[:：]|[\"“”'「」『』]+)", "", text)
    return text.strip("\"“”'「」『』 ").strip()
