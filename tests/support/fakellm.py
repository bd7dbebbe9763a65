"""A fake OpenAI-compatible chat API for the AI seats' LLM speech (issue 27): FastAPI on uvicorn, in the test's
process. `mode` decides each answer: "ok" (a fresh Chinese sentence), "slow" (no answer within the bot's
timeout), "garbage" (not a sentence), "leak" (`leak_text`: a role named), "error" (HTTP 500), or "cycle"
(each of them in turn). Every request is kept in `calls`."""

from __future__ import annotations

import asyncio
import socket

import uvicorn
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

CYCLE = ("ok", "slow", "ok", "garbage", "ok", "leak", "ok", "error")
GARBAGE = ("<html><body>502 Bad Gateway</body></html>", "As an AI language model I cannot play.", "",
           "好" * 400)


class FakeLlm:
    def __init__(self) -> None:
        self.mode = "error"
        self.leak_text = "1号是狼人"
        self.calls: list[dict] = []
        self.answers: list[tuple[str, str]] = []  # (mode, content) of each answer given
        self.port = _free_port()
        self.app = FastAPI()
        self.app.post("/v1/chat/completions")(self._chat)
        self._server: uvicorn.Server | None = None
        self._task: asyncio.Task | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    async def _chat(self, request: Request):
        body = await request.json()
        self.calls.append(body)
        mode = CYCLE[(len(self.calls) - 1) % len(CYCLE)] if self.mode == "cycle" else self.mode
        if mode == "error":
            self.answers.append((mode, ""))
            return JSONResponse({"error": {"message": "overloaded"}}, status_code=500)
        if mode == "slow":
            self.answers.append((mode, ""))
            await asyncio.sleep(20)
        content = {"ok": f"我再捋一捋第{len(self.calls)}个思路，大家别急", "leak": self.leak_text,
                   "garbage": GARBAGE[len(self.calls) % len(GARBAGE)]}.get(mode, "")
        self.answers.append((mode, content))
        return {"id": f"chatcmpl-{len(self.calls)}", "object": "chat.completion", "created": 0,
                "model": body.get("model", "fake"),
                "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}

    async def start(self) -> None:
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="off")
        self._server = uvicorn.Server(config)
        self._task = asyncio.create_task(self._server.serve())
        while not self._server.started:
            await asyncio.sleep(0.05)

    async def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
            self._server.force_exit = True
        if self._task is not None:
            await asyncio.wait([self._task], timeout=5)

    def given(self, mode: str) -> list[str]:
        return [content for m, content in self.answers if m == mode and content]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
