"""Browser test harness (pytest-playwright).

- `base_url`: the repo root served by `python -m http.server` on 127.0.0.1 (a free port);
  `subpath_url`: the same site seen at /tapis/, as on GitHub Pages.
- Debian's /usr/bin/chromium when it exists, else Playwright's own browser.
- A guard fails any test whose browser logs a console error or a Python traceback, throws an
  uncaught exception, or requests a host other than 127.0.0.1. Every context made through
  pytest-playwright's `context`/`new_context` is watched; call `guard.watch(ctx)` for others
  (e.g. a persistent context).
- Every load of the app's page in a watched context (a navigation to its index: a cold start of
  Python, from the snapshot or not) is counted, so is every warm page opened again, and both
  printed at the session's end (`warm.STARTS`; summed over xdist's workers in tests/conftest.py).
- `open_app(page, url, query="")` opens a page and waits for `html[data-ready]`, never a sleep.
- `serve(directory)` serves another folder for one test.
- `warm`: the worker's warm pages (tests/browser/warm.py), opened again on each test's storage
  without a start; watched by the guard of the test using them.
Helpers are fixtures (`open_app`, `serve`, `guard`, `warm`): importing from a conftest is fragile.
"""
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from warm import STARTS, WarmPool

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
READY = "html[data-ready]"
# A cold Pyodide start takes 3-6 s on a 2-core machine; leave room for a loaded one.
READY_TIMEOUT_MS = 60_000
# The app's page is the site's index, at the root or a sub-path, whatever its query.
APP_PAGE = re.compile(r"/(index\.html)?$")


class Server:
    """`python -m http.server` on 127.0.0.1 and a port the OS picks; its access log is kept."""

    def __init__(self, directory: Path, log: Path):
        self.log = log
        self._log_file = open(log, "wb")
        self._process = subprocess.Popen(
            [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
             "--directory", str(directory)],
            stdout=subprocess.PIPE, stderr=self._log_file, stdin=subprocess.DEVNULL,
        )
        # "Serving HTTP on 127.0.0.1 port 41234 (...)" is printed once the socket listens.
        banner = self._process.stdout.readline().decode()
        try:
            port = int(banner.split(" port ")[1].split()[0])
        except (IndexError, ValueError):
            self.stop()
            raise RuntimeError(f"http.server did not start: {banner!r}") from None
        self.url = f"http://127.0.0.1:{port}/"

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def stop(self) -> None:
        self._process.terminate()
        self._process.wait(timeout=10)
        self._process.stdout.close()
        self._log_file.close()


def open_app(page, url: str, query: str = ""):
    """Go to url (plus "?query") and wait until the page marks itself ready."""
    if query and not query.startswith("?"):
        query = "?" + query
    page.goto(url + query)
    wait_ready(page)
    return page


def wait_ready(page):
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)


class Guard:
    """Records what must fail a test: console errors, tracebacks, uncaught exceptions,
    requests leaving 127.0.0.1."""

    def __init__(self):
        self.problems = []

    def watch(self, context):
        context.on("console", self._on_console)
        context.on("weberror", lambda error: self.problems.append(f"uncaught: {error.error}"))
        context.on("request", self._on_request)
        return context

    @staticmethod
    def _count_start(request):
        if (request.is_navigation_request() and request.frame.parent_frame is None
                and APP_PAGE.search(urlsplit(request.url).path)):
            STARTS["cold"] += 1

    def _on_console(self, message):
        if message.type == "error" or "Traceback" in message.text:
            self.problems.append(f"console {message.type}: {message.text}")

    def _on_request(self, request):
        self._count_start(request)
        url = urlsplit(request.url)
        if url.scheme in ("http", "https", "ws", "wss") and url.hostname != "127.0.0.1":
            self.problems.append(f"request outside 127.0.0.1: {request.url}")

    def take(self) -> list:
        found, self.problems = self.problems, []
        return found


class Relay(Guard):
    """The guard of contexts that outlive a test (warm pages): what they report goes to the
    guard of the test using them (``to``), else waits for the next test's."""

    def __init__(self):
        super().__init__()
        self.to: Guard | None = None

    @property
    def problems(self):
        return self.to.problems if self.to is not None else self._between

    @problems.setter
    def problems(self, value):
        self._between = value


_GUARD = pytest.StashKey[Guard]()


@pytest.fixture(autouse=True)
def guard(request):
    watcher = Guard()
    request.node.stash[_GUARD] = watcher
    yield watcher
    # Whatever arrived after the test body (contexts are closed by now) fails its teardown.
    late = watcher.take()
    if late:
        pytest.fail("\n".join(late), pytrace=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    watcher = item.stash.get(_GUARD, None)
    try:
        result = yield
    except BaseException as exc:
        for problem in watcher.take() if watcher else ():
            exc.add_note(problem)
        raise
    found = watcher.take() if watcher else []
    if found:
        pytest.fail("\n".join(found), pytrace=False)
    return result


# A player's page starts from the snapshot once the service worker holds it (every visit after
# the first). Tests run in fresh contexts: this has their pages start as a return visit does,
# fetching the snapshot (js/boot.mjs); a first visit is what `first_visit=True` gives.
RETURN_VISIT = "globalThis.tapisSnapshotAlways = true;"


@pytest.fixture
def new_context(new_context, guard):
    def make(first_visit=False, **kwargs):
        context = guard.watch(new_context(**kwargs))
        if not first_visit:
            context.add_init_script(RETURN_VISIT)
        return context

    return make


@pytest.fixture(scope="session")
def warm_pool(browser, browser_context_args, base_url):
    relay = Relay()

    def make_context(**options):
        context = relay.watch(browser.new_context(**{**browser_context_args, **options}))
        context.add_init_script(RETURN_VISIT)
        return context

    pool = WarmPool(base_url, make_context, open_app, wait_ready, relay)
    yield pool
    pool.close()


@pytest.fixture
def warm(warm_pool, guard):
    """The warm pages, their reports going to this test's guard (with any that came between
    tests: the previous test's late errors fail this one rather than pass unseen)."""
    relay = warm_pool.relay
    guard.problems.extend(relay.take())
    relay.to = guard
    yield warm_pool
    warm_pool.park()
    relay.to = None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, browser_name):
    if browser_name == "chromium" and CHROMIUM.exists():
        return {**browser_type_launch_args, "executable_path": str(CHROMIUM),
                "args": CHROMIUM_ARGS}
    return browser_type_launch_args


@pytest.fixture(scope="session")
def site_server(tmp_path_factory):
    server = Server(ROOT, tmp_path_factory.mktemp("site-log") / "access.log")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def base_url(site_server):
    return site_server.url


@pytest.fixture(scope="session")
def subpath_url(tmp_path_factory):
    parent = tmp_path_factory.mktemp("subpath")
    (parent / "tapis").symlink_to(ROOT, target_is_directory=True)
    server = Server(parent, tmp_path_factory.mktemp("subpath-log") / "access.log")
    yield server.url + "tapis/"
    server.stop()


@pytest.fixture
def serve(tmp_path_factory):
    servers = []

    def start(directory: Path) -> Server:
        servers.append(Server(directory, tmp_path_factory.mktemp("serve") / "access.log"))
        return servers[-1]

    yield start
    for server in servers:
        server.stop()


def pytest_sessionfinish(session):
    """A worker sends its counts to xdist's controller (tests/conftest.py sums them); a run
    without workers prints them."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["page_starts"] = dict(STARTS)


def pytest_terminal_summary(terminalreporter, config):
    if not hasattr(config, "workeroutput") and STARTS:
        terminalreporter.write_line(f"app page starts: {dict(STARTS)}")


@pytest.fixture(name="open_app")
def open_app_fixture():
    return open_app
