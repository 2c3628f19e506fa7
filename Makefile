# Tapis: `make play` serves the site on http://127.0.0.1:8000/, `make test` runs every test.
# Both set up what they need from a fresh clone (Debian, with python3, node and npm).
PYTHON ?= python3
VENV := .venv
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_INSTALL := $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y

.PHONY: site play test dist bench system

# The site's generated files: the vendored runtime, py.zip and each game's archive (the modules,
# with their bytecode compiled by the runtime), stdlib.zip (the standard library the page
# imports, measured in the built page), snapshot.bin (Python started, made from the runtime
# alone), all made in headless Chromium and only when what they are made from changed, the games' tiles,
# style sheets and shortcuts in index.html and manifest.webmanifest (committed: in CI, where
# $CI is set, only checked, so that a game added without running it fails), and the service worker.
site: system vendor/.stamp $(VENV)/.stamp
	$(VENV)/bin/python scripts/pack_py.py
	$(PYTHON) scripts/build_home.py $(if $(CI),--check)
	$(VENV)/bin/python scripts/stdlib.py
	$(VENV)/bin/python scripts/snapshot.py
	$(PYTHON) scripts/build_sw.py

play: site
	@echo "Tapis on http://127.0.0.1:8000/ (Ctrl-C to stop)"
	$(PYTHON) -m http.server 8000 --bind 127.0.0.1

# The tests run in a network namespace of their own (scripts/netns.sh: loopback and a veth pair, no
# way out), so that none can reach another machine or this one's interfaces; it fails rather than
# run them outside one. Everything that downloads is done before, in `site`.
test: site
	sh scripts/netns.sh $(VENV)/bin/python -m pytest -n 2 --dist worksteal tests

# Start-up time against a bare PyScript page (prints a table; RUNS=N loads per page).
RUNS ?= 7
bench: site
	$(VENV)/bin/python bench/startup.py --runs $(RUNS)

# _site/: what GitHub Pages deploys.
dist: site
	$(PYTHON) scripts/dist.py

# npm ci writes node_modules/.package-lock.json: it stands for a finished install.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

vendor/.stamp: node_modules/.package-lock.json scripts/vendor.py licenses/pyodide-MPL-2.0.txt
	$(PYTHON) scripts/vendor.py
	touch $@

$(VENV)/.stamp: requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

# Debian's chromium for the browser tests (Playwright cannot download its own browser here),
# python3-venv, which Debian's python3 lacks until it is installed, and iproute2 (ip) for the
# tests' network namespace.
system:
	@missing=""; \
	[ -x $(CHROMIUM) ] || missing="chromium"; \
	$(PYTHON) -c "import ensurepip" 2>/dev/null || missing="$$missing python3-venv"; \
	command -v ip >/dev/null || missing="$$missing iproute2"; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update && $(APT_INSTALL) $$missing; \
	fi
