# Bansha: `make run` starts the bot, `make test` runs the whole suite.
# Both create .venv and install the project when needed.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: install run test test-long lint play simulate bench pictures browser screenshots wheel clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml setup.py | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,sim]'
	touch $(STAMP)

install: $(STAMP)

.env:
	cp .env.example .env

run: install .env
	$(PY) bot.py

lint: install
	$(PY) -m ruff check .

# pytest exits 5 when it collects nothing; make treats that as a failure too. Two workers (pytest-xdist), a test
# module per worker at a time: most of the time is spent waiting on bot processes and clocks, so CI's two cores
# finish in about 60% of the serial time. TEST_WORKERS=0 runs it in one process.
TEST_WORKERS ?= 2
test: install
	$(PY) -m ruff check .
	$(PY) -m pytest $(if $(filter 0,$(TEST_WORKERS)),,-n $(TEST_WORKERS) --dist loadfile) $(PYTEST_ARGS)

# The long suites (BANSHA_LONG=1): the tests marked slow, which `make test` skips, and those marked long, which
# `make test` runs on a small sample (1,000 games per board, 300 audited games per ruleset, 50 SIGKILLs, 2,000 fuzz
# examples...). `.ci/run` runs it after `make test`; exit code 5 (nothing selected) fails it like any other. The same
# two workers as `make test`: serially it took 30 of CI's 40 minutes.
test-long: install
	BANSHA_LONG=1 $(PY) -m pytest -m "slow or long" -rs $(if $(filter 0,$(TEST_WORKERS)),,-n $(TEST_WORKERS) --dist loadfile) $(PYTEST_ARGS)

# A game in the terminal, no QQ needed, with the production flood limits (ARGS=--no-flood lifts them)
play: install
	$(PY) tools/play.py $(ARGS)

simulate: install
	$(VENV)/bin/bansha simulate $(ARGS)

# Debian's chromium + chromium-driver for the 导演台 browser test (as .ci/run does)
browser:
	tools/chromium.sh

# The grimoire at phone and desktop widths, from the browser test, into docs/
screenshots: install browser
	BANSHA_SCREENSHOTS=1 $(PY) -m pytest tests/console/test_console_browser.py -q

bench: install
	$(VENV)/bin/bansha bench $(ARGS)

# The plugin as a wheel (dist/nonebot_plugin_bansha-*.whl) to pip install into an existing bot.
wheel: install
	rm -rf build  # a stale build/ could carry files deleted since
	$(PY) -m pip wheel --no-deps -w dist .

# docs/images: one picture of each kind, from seeded games (docs/social.md)
pictures: install
	$(VENV)/bin/bansha pictures $(ARGS)

clean:
	rm -rf $(VENV) build dist *.egg-info
