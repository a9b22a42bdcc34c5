# Every target installs what it needs into .venv first, so a clean clone only needs
# `make run` or `make test`. Recipes never prompt: CI runs them with no terminal.

VENV := .venv
PY := $(VENV)/bin/python
# The Python .venv is made from: Debian's python3.11 where the machine has it. Debian
# builds it with profile-guided optimisation and link-time optimisation, and Python code
# runs about 1.4 times as fast on it as on a Python compiled without them (the rules tests:
# 25 s against 35 s; docs/performance.md, "The interpreter"). Elsewhere the python3 on PATH.
PYTHON := $(firstword $(wildcard /usr/bin/python3.11) python3)
DEV_SETTINGS := DJANGO_SETTINGS_MODULE=cinch_club.settings.dev
# `make run PORT=8080` serves on another port.
PORT ?= 8000

# Debian packages the site needs from the system: HarfBuzz's subsetter makes WeasyPrint
# embed fonts fast (the printed sheets); gettext's msgfmt/xgettext build and check the
# French catalogue (makemessages, compilemessages, tests/i18n); zbar reads the printed QR
# codes back in tests/print, from pages poppler-utils' pdftoppm draws; fontconfig's
# fc-match names the font file a blank packet's words are drawn in (core.printing.stamp).
# Installed when missing, never prompting.
SYSTEM_PACKAGES := libharfbuzz-subset0 gettext libzbar0 poppler-utils fontconfig $(if $(filter /usr/bin/%,$(PYTHON)),python3-venv)

# The browser tests (tests/browser/) drive Debian's Chromium, its headless build (the
# same engine without a window's machinery: a fifth less CPU for the browser tests):
# Playwright never downloads a browser here.
BROWSER_PACKAGES := chromium-headless-shell

.PHONY: install system browser run hall remove-demo test test-sqlite test-postgres test-slow test-slow-sqlite test-slow-postgres test-fast test-protocol screenshots bench mutate format clean

install: system $(VENV)/.installed

system:
	scripts/ensure-debian-packages $(SYSTEM_PACKAGES)

# Reinstalls whenever pyproject.toml changes (new dependency, new range).
$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $@

browser:
	scripts/ensure-debian-packages $(BROWSER_PACKAGES)

# The server, and beside it a worker of the task queue (big sheets' renders, e-mail) that
# stops when the server does, however it ends (run_worker --beside: the shell's process
# id, which exec hands to the server).
run: install
	scripts/check-weasyprint $(PY)
	$(DEV_SETTINGS) $(PY) manage.py migrate --noinput
	-$(DEV_SETTINGS) $(PY) manage.py load_demo  # refuses (and the server starts) on a database of your own
	$(DEV_SETTINGS) $(PY) manage.py run_worker --beside $$$$ & \
	exec env SITE_URL=$${SITE_URL:-http://127.0.0.1:$(PORT)} $(DEV_SETTINGS) $(PY) manage.py runserver 127.0.0.1:$(PORT)

# The night in the hall: the club's database served to the players' phones on the hall's
# network by Hypercorn, a worker of the task queue beside it (scripts/hall says how).
# `make hall HALL_ADDRESS=192.168.1.20 PORT=8080` chooses the address and port;
# HALL_CERT=... HALL_KEY=... serve HTTPS.
hall: install
	scripts/check-weasyprint $(PY)
	PORT=$(PORT) $(PY) scripts/hall

# What `make hall` refuses to serve: the demo logins, night and players `make run` loads.
remove-demo: install
	$(DEV_SETTINGS) $(PY) manage.py remove_demo

# env -u DJANGO_SETTINGS_MODULE: the suite always uses the settings module named in
# pyproject.toml, even when the shell exports one (pytest-django would let that win).
# env -u PYTHONDONTWRITEBYTECODE: the suite starts dozens of interpreters (pytest-xdist's
# workers, gunicorn, manage.py): bytecode caches spare each the compiling and pytest's
# assertion rewriting of the same files.
# The suite runs twice, side by side (make -j2; --output-sync prints each pass whole
# when it ends): on SQLite (with coverage when CI or COVER is set: in-process,
# pyproject.toml), and what depends
# on the database engine (the `database` marker, tests/conftest.py) on a throwaway
# PostgreSQL server that scripts/with-postgres starts (installing Debian's postgresql if
# missing) and stops. Either pass failing fails `make test`. The tests marked `slow` (a
# whole evening in the browser, the real `make hall`, the longer load and protocol runs)
# are `make test-slow`'s, which `make test` runs after them when CI is set (.ci/run).
# pytest-xdist workers take a test file each at a time (loadfile: a module's shared
# fixtures stay in one process), and the browser tests all together, so that one worker
# runs them, first, on the one Chromium it starts (tests/conftest.py), in the order
# pytest collects them (--no-loadscope-reorder); each worker has its own test database and
# live server. Two on SQLite, one on PostgreSQL: on two cores each more process costs
# its start, its collection and its own copies of the session's fixtures (measured in
# docs/performance.md).
# No extra -q: pyproject's addopts has one, and a second hides the "N passed" line.
TEST := env -u DJANGO_SETTINGS_MODULE -u PYTHONDONTWRITEBYTECODE $(VENV)/bin/pytest -p no:cacheprovider
PARALLEL := -n 2 --dist loadfile --no-loadscope-reorder
SQLITE_WORKERS ?= 2
POSTGRES_WORKERS ?= 1

test: install browser
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports --no-logo
	$(MAKE) --no-print-directory -j2 --output-sync=target test-sqlite test-postgres
	$(if $(CI),$(MAKE) --no-print-directory test-slow)

# Line coverage costs the traced tests 1.7 times their time (Python 3.11 has no cheaper
# tracer): measured when CI is set, or asked for with COVER=1.
COVER ?= $(CI)

test-sqlite:
	$(TEST) -n $(SQLITE_WORKERS) --dist loadfile --no-loadscope-reorder -m "not slow and not postgres" \
		$(if $(COVER),--cov --cov-report=term-missing:skip-covered)

test-postgres:
	scripts/with-postgres $(TEST) -n $(POSTGRES_WORKERS) --dist loadfile -m "database and not slow"

# What does not fit `make test`'s four minutes, on both engines as above: CI runs it.
test-slow: install browser
	$(MAKE) --no-print-directory -j2 --output-sync=target test-slow-sqlite test-slow-postgres

test-slow-sqlite:
	$(TEST) $(PARALLEL) -m "slow and not postgres"

test-slow-postgres:
	scripts/with-postgres $(TEST) -n 1 -m "slow and database"

# The edit-run loop: the rules core and the pages, on SQLite, no coverage.
test-fast: install
	$(TEST) $(PARALLEL) tests/rules tests/views

# The phones' protocol as a model (tests/reliability/test_phone_protocol.py), far longer
# than `make test` runs it: PROTOCOL_EXAMPLES random nights of up to 60 steps, new ones
# each run (a failure prints the steps that make it). About 2 s a night on SQLite.
PROTOCOL_EXAMPLES ?= 400
test-protocol: install
	env -u CI CINCH_PROTOCOL_EXAMPLES=$(PROTOCOL_EXAMPLES) CINCH_PROTOCOL_STEPS=60 \
		$(TEST) tests/reliability/test_phone_protocol.py -k keeps_every_post

# The README's pictures: the main pages, rendered by the browser test into docs/screenshots/.
screenshots: install browser
	CINCH_SCREENSHOTS=1 $(TEST) tests/browser/test_screenshots.py

bench: install
	$(PY) bench/run.py

# Mutation testing of the rules core (docs/mutation.md), by hand, never in `make test`:
# CPU-heavy, so one process at low priority; one module at a time with
# MUTANTS='scoring.rules.pot*'. The copy and the results stay in mutants/ (ignored).
MUTANTS ?=
mutate: install
	env -u DJANGO_SETTINGS_MODULE CINCH_ALL_EXAMPLES=1 nice -n 10 $(VENV)/bin/mutmut run --max-children 1 $(MUTANTS)
	$(VENV)/bin/mutmut results

format: install
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache .import_linter_cache .hypothesis .coverage htmlcov .cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
