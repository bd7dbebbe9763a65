#!/usr/bin/env bash
# Install Debian's headless browser for the 导演台 browser test (tests/test_console_browser.py):
# chromium, its matching chromium-driver, and CJK fonts so pages and screenshots show Chinese.
# Best effort, like tools/pg-test-db.sh: where this cannot work the test is skipped with the reason.
set -u
if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "chromium/chromium-driver missing and not root: the browser test will be skipped" >&2
  exit 0
fi
{
  apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver fonts-noto-cjk
} >&2 || echo "could not install chromium: the browser test will be skipped" >&2
exit 0
