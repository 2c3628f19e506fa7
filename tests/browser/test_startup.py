"""Start-up from the memory snapshot (js/boot.mjs, scripts/snapshot.py) and the service worker's
downloads: a first visit fetches only what its screen needs, a return visit starts from the
snapshot and plays on offline, every kind of bad snapshot is refused at its own check and the page
starts normally, restored pages deal different games, a first visit asks the server for each file
once, and updates reach the page with their notice and keep the save.

A normal start costs several seconds, a snapshot start one or two: tests share a page's start
across the checks it allows, and a refused snapshot is followed to the end of the normal start
once (the other refusals are seen as the page turns to it)."""
import hashlib
import importlib.util
import json
import re
import shutil
import struct
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from ai import think
from helpers import (
    en, reload, start_punto, stored, table_facts, tap_card, use_prefs, wait_state, watched_board,
)
from match import Match

ROOT = Path(__file__).resolve().parents[2]
GET = re.compile(r'"GET /([^ ?]*)[^ ]* HTTP/1\.[01]" (\d{3}) ')


def _script(name):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


snapshot = _script("snapshot")
build_sw = _script("build_sw")


@pytest.fixture
def context(context):
    use_prefs(context, speed="fast", lang="en")
    return context


def _boot(page) -> str:
    return page.get_attribute("html", "data-boot")


def _play_a_move(page):
    card = table_facts(page)["card"]
    target, _ = tap_card(page)
    assert watched_board(page)[target] == card


@pytest.fixture
def first_visit(new_context):
    """A context as a player's first visit: nothing cached, the snapshot not asked for."""
    context = new_context(first_visit=True)
    use_prefs(context, speed="fast", lang="en")
    return context


def _fetched_before_ready(page) -> set:
    """What the page itself asked for before it was ready (not its service worker), relative to
    the site: html[data-ready] is the time it became ready, as the entries' startTime."""
    return set(page.evaluate("""() => performance.getEntriesByType("resource")
        .filter((entry) => entry.startTime <= Number(document.documentElement.dataset.ready))
        .map((entry) => entry.name).filter((name) => name.startsWith(location.origin))
        .map((name) => new URL(name).pathname.slice(1))"""))


def _first_visit_fetched_only_what_its_screen_needs(page, game=None):
    fetched = _fetched_before_ready(page)
    assert _boot(page) == "normal"
    assert {"stdlib.zip", "py.zip", "vendor/pyodide/pyodide.asm.wasm"} <= fetched
    # No snapshot (it comes with the offline copy, once the page is ready and idle), not the
    # runtime's whole standard library, no other game's modules.
    assert "snapshot.bin" not in fetched and "vendor/pyodide/python_stdlib.zip" not in fetched
    archives = {name for name in fetched if name.startswith("py-")}
    assert archives == ({f"py-{game}.zip"} if game else set())


def test_a_return_visit_starts_from_the_snapshot_and_plays_on_offline(first_visit, base_url, open_app):
    # A first visit to the home page, until the service worker holds the site (the snapshot with
    # it). (A first visit straight to a game: test_a_first_visit_asks_for_each_file_once.)
    page = first_visit.new_page()
    open_app(page, base_url)
    _first_visit_fetched_only_what_its_screen_needs(page)
    _wait_for_control(page)
    start_punto(open_app, page, base_url, seed="snap")
    assert _boot(page) == "snapshot"
    _play_a_move(page)
    assert wait_state(page, "human") == "human"

    # Offline, a reload goes straight back to the same table, from the worker's copy.
    before = table_facts(page)
    first_visit.set_offline(True)
    reload(page)
    assert page.locator("#overlay").is_hidden()  # nothing asks to replace the match
    assert wait_state(page, "human") == "human"
    assert _boot(page) == "snapshot"
    assert table_facts(page) == before
    _play_a_move(page)
    assert wait_state(page, "human") == "human"  # the computer answered, offline too

    # A table of hard computers: their worker starts from the same copy, and thinks.
    seats = [{"kind": "hard", "name": ""}] * 2
    page.evaluate("(save) => localStorage.setItem('tapis.save.punto', save)",
                  json.dumps(Match.new("punto", {}, "snap", seats, think=think).dump()))
    reload(page)  # straight back to the table, as after any reload
    page.wait_for_function("""() => performance.getEntriesByType('measure')
        .some((m) => m.name === 'tapis.think.hard' && m.detail === 'worker')""", timeout=60_000)
    assert page.evaluate("performance.getEntriesByName('tapis.thinker.snapshot').length") == 1


def _other_build(data: bytes) -> bytes:
    """A snapshot.bin intact to js/boot.mjs (its hash checks out) around the start of a Pyodide
    snapshot of another build id: Pyodide reads its own header (magic, offsets, then the build
    id at 16-48, in the first chunk) before anything else. The full size is kept, so Pyodide is
    started as for the real snapshot; the 15 MB of chunks after the header are left out."""
    size, count = struct.unpack_from("<II", data, snapshot.HEADER_SIZE - 8)
    offset, length = struct.unpack_from("<II", data, snapshot.HEADER_SIZE)
    assert offset == 0 and length >= 48
    start = snapshot.HEADER_SIZE + 8 * count
    first = bytearray(data[start:start + min(length, 4096)])
    first[16:48] = bytes(32)
    body = struct.pack("<IIII", size, 1, 0, len(first)) + first
    return snapshot.MAGIC + hashlib.sha256(body).digest() + snapshot.key_of(data) + body


def _previous_format(data: bytes) -> bytes:
    """As the version before wrote it (its header was 32 bytes longer): the cache of a worker
    not yet replaced can still hold one."""
    return b"TAPISNP1" + bytes(32) + data[8:]


# What a damaged cache or an old worker's could hold, and the reason the page logs as it turns to
# a normal start: each is refused at its own check, js/boot.mjs's (payload: the file's format,
# then its hash) or Pyodide's (its build id). Short bodies where the check reads only the start:
# a damaged file fails the same hash as a cut one.
REFUSED = {
    "empty": (lambda data: b"", "not a Tapis snapshot"),
    "previous_format": (lambda data: _previous_format(data)[:4096], "not a Tapis snapshot"),
    "truncated": (lambda data: data[:4096], "damaged"),
    "other_build": (_other_build, "Snapshot build id mismatch"),
}


# A page still starting Python is busy for seconds and answers no query meanwhile: the boot
# marker (js/boot.mjs) is told in the console the moment it is set.
TELL_BOOT = """new MutationObserver(() => console.info(`boot: ${document.documentElement.dataset.boot}`))
    .observe(document, {subtree: true, attributeFilter: ["data-boot"]});"""


def _until_boot(page, url: str) -> list:
    """Open url; return the console's lines up to the page's choice of start ("boot: normal")."""
    lines = []
    page.on("console", lambda message: lines.append(message.text))
    page.add_init_script(TELL_BOOT)
    with page.expect_console_message(lambda message: message.text.startswith("boot: "),
                                     timeout=60_000):
        page.goto(url, wait_until="commit")
    return lines


def _refused(page, base_url, case, query=""):
    """Open the page on this bad snapshot (a page of the tests' contexts fetches the snapshot,
    conftest): it is refused for its reason, and the page turns to a normal start."""
    make, reason = REFUSED[case]
    body = make((ROOT / "snapshot.bin").read_bytes())
    page.route(base_url + "snapshot.bin", lambda route: route.fulfill(body=body))
    lines = _until_boot(page, base_url + query)
    said = [line for line in lines if line.startswith("Tapis: normal start (snapshot not used: ")]
    assert len(said) == 1 and reason in said[0], lines
    assert [line for line in lines if line.startswith("boot: ")] == ["boot: normal"]


@pytest.mark.parametrize("case", [case for case in REFUSED if case != "other_build"])
def test_a_snapshot_the_page_refuses_turns_it_to_a_normal_start(page, base_url, case):
    _refused(page, base_url, case)
    # What follows is the same normal start whatever the reason: the next test follows it.
    page.close()


def test_a_snapshot_of_another_build_falls_back_to_a_normal_start_that_plays(page, base_url):
    # Refused last (once Pyodide has been started for it), then a normal start in the same page.
    _refused(page, base_url, "other_build", "?game=punto&seed=fallback&start=1")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    assert wait_state(page, "human") == "human"
    _play_a_move(page)


def test_asked_for_a_normal_start_the_page_does_not_fetch_the_snapshot(page, base_url):
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    # In a context whose pages would fetch it (conftest).
    assert "boot: normal" in _until_boot(page, base_url + "?snapshot=0")
    assert base_url + "snapshot.bin" not in asked
    page.close()  # the normal start itself: the tests above


def test_two_restored_pages_deal_different_games(new_context, open_app, base_url):
    deals = []
    for _ in range(2):
        context = new_context()  # a return visit's start (conftest), with nothing stored
        use_prefs(context, speed="fast", lang="en")
        page = context.new_page()
        open_app(page, base_url, "game=punto&start=1")  # no seed: a fresh deal
        wait_state(page, "human", "thinking")
        assert _boot(page) == "snapshot"
        deals.append(json.loads(stored(page, "punto"))["seed"])
        context.close()
    assert deals[0] != deals[1]


# --- the service worker's downloads ----------------------------------------------------------

def _gets(log: str, statuses=("200", "304")) -> Counter:
    return Counter(path for path, status in GET.findall(log) if status in statuses)


def _precached(site: Path) -> set:
    text = (site / "sw.js").read_text()
    return {p.removeprefix("./") for p in
            json.loads(re.search(r"const PRECACHE = (\[.*?\]);", text, re.S)[1])}


@pytest.fixture
def site_copy(tmp_path, serve):
    """The site as deployed (make dist), served on its own: its log holds only this test."""
    site = tmp_path / "site"
    for rel in build_sw.site_files(ROOT) + ["sw.js"]:  # what scripts/dist.py deploys
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_bytes((ROOT / rel).read_bytes())
    return site, serve(site)


def _persistent(browser_type, browser_type_launch_args, guard, profile):
    """A profile with an HTTP cache on disk, like a player's browser (an incognito context does
    not keep the 9.6 MB wasm)."""
    context = guard.watch(
        browser_type.launch_persistent_context(profile, **browser_type_launch_args))
    use_prefs(context, speed="fast", lang="en")
    return context


def _wait_for_control(page):
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)


def test_a_first_visit_asks_for_each_file_once(
        browser_type, browser_type_launch_args, guard, site_copy, open_app, tmp_path):
    site, server = site_copy
    context = _persistent(browser_type, browser_type_launch_args, guard, tmp_path / "profile")
    try:
        page = context.new_page()
        start_punto(open_app, page, server.url, seed="first")  # a first visit straight to a game
        _first_visit_fetched_only_what_its_screen_needs(page, "punto")
        _wait_for_control(page)  # the worker controls once all files are in its cache
        cached = page.evaluate("""async () => {
            const names = await caches.keys();
            return (await (await caches.open(names[0])).keys()).map((r) => r.url);
        }""")
        _play_a_move(page)
    finally:
        context.close()
    gets = _gets(server.log_text())
    precached = _precached(site)
    assert sorted(url.removeprefix(server.url) for url in cached) == sorted(
        precached | {"__revisions__.json"})
    # Each file's content comes over the wire once: the worker's precache reused the page's.
    assert {path: n for path, n in _gets(server.log_text(), ("200",)).items() if n > 1} == {}
    # The runtime is not even asked for again. (Our small files may be revalidated once, 304:
    # http.server sends no Cache-Control, and a file written a moment ago is stale at once.)
    runtime = {path: n for path, n in gets.items()
               if path.startswith("vendor/") or path in ("snapshot.bin", "js/boot.mjs")}
    assert runtime and set(runtime.values()) == {1}
    # The page asked for nothing the worker does not keep (it would be missing offline).
    assert set(gets) - {"", "sw.js"} <= precached
    assert {"snapshot.bin", "py.zip", "vendor/pyodide/pyodide.asm.wasm"} <= set(gets)


# A page slow to paint (a loaded phone): no paint is reported, and the half-second fallback that
# js/boot.mjs waits for instead comes 3 s late (then says so), after Pyodide has asked for the
# runtime itself.
SLOW_PAINT = """window.PerformanceObserver = class { observe() {} disconnect() {} };
const later = window.setTimeout;
window.setTimeout = (fn, ms, ...args) => later(ms === 500 ? () => { fn(...args); window.__painted = true; } : fn,
                                               ms === 500 ? 3000 : ms, ...args);"""


def test_a_first_visit_slow_to_paint_asks_for_the_runtime_once(
        browser_type, browser_type_launch_args, guard, site_copy, open_app, tmp_path):
    _, server = site_copy
    context = _persistent(browser_type, browser_type_launch_args, guard, tmp_path / "profile")
    context.add_init_script(SLOW_PAINT)
    try:
        page = context.new_page()
        start_punto(open_app, page, server.url, seed="slow")
        page.wait_for_function("window.__painted === true", timeout=60_000)
        page.wait_for_load_state("networkidle")
        preloaded = page.eval_on_selector_all('link[rel="preload"]', "links => links.map((l) => l.href)")
    finally:
        context.close()
    assert preloaded == []  # Pyodide had asked for each already
    runtime = {path: n for path, n in _gets(server.log_text()).items()
               if path.startswith("vendor/") or path == "stdlib.zip"}
    assert {"vendor/pyodide/pyodide.asm.wasm", "stdlib.zip"} <= set(runtime)
    assert set(runtime.values()) == {1}


def _a_move_played(page, open_app, server, seed) -> dict:
    """A match begun and one move played once the worker controls the page: the table's facts."""
    start_punto(open_app, page, server.url, seed=seed)
    _wait_for_control(page)
    _play_a_move(page)
    wait_state(page, "human")
    return table_facts(page)


def _take_the_update(page):
    with page.expect_navigation():
        page.click("#update-reload")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)


def test_updates_download_only_what_changed_offer_a_reload_and_keep_the_match(
        context, page, site_copy, open_app):
    site, server = site_copy
    before = _a_move_played(page, open_app, server, "update")
    saved = stored(page, "punto")

    # A deploy that changes one line of the style sheet.
    with open(site / "css" / "tapis.css", "a") as sheet:
        sheet.write("/* deploy 2 */\n")
    build_sw.main(site)
    logged = len(server.log_text())
    page.reload()  # served by the old worker; the browser then finds the new one
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    offer = page.wait_for_selector("#update", timeout=60_000)
    assert offer.text_content().startswith(en("update.ready"))
    assert wait_state(page, "human") == "human"
    assert table_facts(page) == before
    assert set(_gets(server.log_text()[logged:])) == {"sw.js", "css/tapis.css"}

    _take_the_update(page)
    assert wait_state(page, "human") == "human"
    assert stored(page, "punto") == saved
    assert table_facts(page) == before
    assert "deploy 2" in page.evaluate("fetch('css/tapis.css').then((r) => r.text())")
    _play_a_move(page)
    assert wait_state(page, "human") == "human"
    before = table_facts(page)

    # The next deploy changes one line of py/, built as `make site` does: it costs only its
    # archive, and the same snapshot starts it. (pack_py runs Chromium itself: Playwright's sync
    # API cannot run twice in one process.)
    shutil.copytree(ROOT / "py", site / "py", ignore=shutil.ignore_patterns("__pycache__"))
    words = site / "py" / "i18n" / "en" / "common.py"
    words.write_text(words.read_text().replace('"nav.home": "Home"', '"nav.home": "Home, v2"'))
    subprocess.run([sys.executable, ROOT / "scripts" / "pack_py.py", site], check=True)
    assert snapshot.current(site)  # made from the runtime alone: nothing to make again
    build_sw.main(site)
    logged = len(server.log_text())
    page.reload()
    page.wait_for_selector("#update", timeout=60_000)
    # sizes.json: the first screen's count of what is left to download (py.zip's size changed).
    assert set(_gets(server.log_text()[logged:])) == {"sw.js", "py.zip", "sizes.json"}

    _take_the_update(page)
    assert _boot(page) == "snapshot"
    assert page.text_content("#home-label") == " — Home, v2"
    assert wait_state(page, "human") == "human"
    assert table_facts(page) == before
    _play_a_move(page)
