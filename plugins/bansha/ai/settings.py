"""The AI seats' settings (a bot owner's .env or environment), and the NoneBot config model that reads them.

    BANSHA_AI=false                 no AI seats in any game of this bot
    BANSHA_LLM_URL=…/v1             an OpenAI-compatible chat API (DeepSeek, Qwen, vLLM, Ollama…): AI speech
    BANSHA_LLM_KEY=…                its key (may be empty for a local server)
    BANSHA_LLM_MODEL=…              the model name
    BANSHA_LLM_TIMEOUT=15           seconds per request (never past the phase's deadline)
    BANSHA_LLM_PER_MINUTE=30        requests per minute for the whole bot (the rest use templates)
    BANSHA_LLM_MAX_CHARS=80         a longer answer is not used
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel


class AiConfig(BaseModel):
    bansha_ai: bool = True
    bansha_llm_url: str = ""
    bansha_llm_key: str = ""
    bansha_llm_model: str = ""
    bansha_llm_timeout: float = 15.0
    bansha_llm_per_minute: int = 30
    bansha_llm_max_chars: int = 80


@dataclass
class AiSettings:
    enabled: bool = True
    llm_url: str = ""
    llm_key: str = ""
    llm_model: str = ""
    llm_timeout: float = 15.0
    llm_per_minute: int = 30
    llm_max_chars: int = 80
    clock_scale: float = 1.0  # game seconds per real second (the test clock); the LLM waits in real seconds

    @classmethod
    def of(cls, config: AiConfig, clock_scale: float = 1.0) -> AiSettings:
        return cls(config.bansha_ai, config.bansha_llm_url, config.bansha_llm_key, config.bansha_llm_model,
                   config.bansha_llm_timeout, config.bansha_llm_per_minute, config.bansha_llm_max_chars,
                   clock_scale if clock_scale > 0 else 1.0)


_current = AiSettings()


def current() -> AiSettings:
    return _current


def configure(settings: AiSettings) -> None:
    global _current
    _current = settings
