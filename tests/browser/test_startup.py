"""Start-up from the memory snapshot (js/boot.mjs, scripts/snapshot.py) and the service worker's
downloads: a snapshot start and every kind of fallback reach the table and play a move with no
console error (the guard checks), restored pages deal different games, a first visit asks the
server for each file once, and an update reaches the page with its notice and keeps the save."""
import importlib.util
import json
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from helpers import en, start_punto, storage, table_facts, tap_card, use_prefs, wait_state, watched_board

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


def test_snapshot_start_reaches_the_table_and_plays(page, base_url, open_app):
    start_punto(open_app, page, base_url, seed="snap")
    assert _boot(page) == "snapshot"
    _play_a_move(page)


def _other_build(data: bytes) -> bytes:
    """snapshot.bin with a consistent header around a Pyodide snapshot of another build id."""
    payload = bytearray(snapshot.unpack(data))
    payload[16:48] = bytes(32)  # Pyodide's header: magic, offsets, then the build id
    return snapshot.pack(bytes(payload), bytes(32))


def _damaged(data: bytes) -> bytes:
    flipped = bytearray(data)
    flipped[len(data) // 2] ^= 0xFF
    return bytes(flipped)


def _previous_format(data: bytes) -> bytes:
    """As the version before wrote it (its header was 32 bytes longer): the cache of a worker
    not yet replaced can still hold one."""
    return b"TAPISNP1" + bytes(32) + data[8:]


FALLBACKS = {
    "empty": lambda route, data: route.fulfill(body=b""),
    "damaged": lambda route, data: route.fulfill(body=_damaged(data)),
    "previous_format": lambda route, data: route.fulfill(body=_previous_format(data)),
    "other_build": lambda route, data: route.fulfill(body=_other_build(data)),
    "truncated": lambda route, data: route.fulfill(body=data[:1000]),
}


@pytest.mark.parametrize("case", FALLBACKS)
def test_a_snapshot_that_cannot_be_used_falls_back_to_a_normal_start(
        page, base_url, open_app, case):
    data = (ROOT / "snapshot.bin").read_bytes()
    page.route(base_url + "snapshot.bin", lambda route: FALLBACKS[case](route, data))
    start_punto(open_app, page, base_url, seed="fallback")
    assert _boot(page) == "normal"
    _play_a_move(page)


def test_a_missing_snapshot_falls_back_with_only_the_browsers_own_404_line(
        page, base_url, open_app, guard):
    page.route(base_url + "snapshot.bin", lambda route: route.fulfill(status=404, body="no"))
    start_punto(open_app, page, base_url, seed="fallback")
    assert _boot(page) == "normal"
    # Chromium logs every failed load itself; nothing else may appear (no uncaught rejection,
    # no error from Pyodide or PyScript). A deploy ships snapshot.bin, empty if it was not made.
    problems = guard.take()
    assert problems == ["console error: Failed to load resource: the server responded with a "
                        "status of 404 (Not Found)"]
    _play_a_move(page)


def test_asked_for_a_normal_start(page, base_url, open_app):
    open_app(page, base_url, "snapshot=0")
    assert _boot(page) == "normal"


def test_two_restored_pages_deal_different_games(new_context, open_app, base_url):
    deals = []
    for _ in range(2):
        context = new_context()
        use_prefs(context, speed="fast", lang="en")
        page = context.new_page()
        open_app(page, base_url, "game=punto&start=1")  # no seed: a fresh deal
        wait_state(page, "human", "thinking")
        assert _boot(page) == "snapshot"
        deals.append(json.loads(storage(page)["tapis.save"])["seed"])
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
        start_punto(open_app, page, server.url, seed="first")
        _wait_for_control(page)  # the worker controls once all files are in its cache
        cached = page.evaluate("""async () => {
            const names = await caches.keys();
            return (await (await caches.open(names[0])).keys()).map((r) => r.url);
        }""")
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


def test_an_update_downloads_only_what_changed_and_offers_a_reload(
        context, page, site_copy, open_app):
    site, server = site_copy
    before = _a_move_played(page, open_app, server, "update")
    saved = storage(page)["tapis.save"]

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
    assert storage(page)["tapis.save"] == saved
    assert table_facts(page) == before
    assert "deploy 2" in page.evaluate("fetch('css/tapis.css').then((r) => r.text())")
    _play_a_move(page)


def test_a_change_in_py_costs_only_py_zip_and_the_same_snapshot_starts_it(
        context, page, site_copy, open_app):
    site, server = site_copy
    before = _a_move_played(page, open_app, server, "py update")

    # A deploy that changes one line of py/, built as `make site` does. (pack_py runs Chromium
    # itself: Playwright's sync API cannot run twice in one process.)
    shutil.copytree(ROOT / "py", site / "py", ignore=shutil.ignore_patterns("__pycache__"))
    words = site / "py" / "i18n" / "common.py"
    words.write_text(words.read_text().replace('"nav.home": "Home"', '"nav.home": "Home, v2"'))
    subprocess.run([sys.executable, ROOT / "scripts" / "pack_py.py", site], check=True)
    assert snapshot.current(site)  # made from the runtime alone: nothing to make again
    build_sw.main(site)
    logged = len(server.log_text())
    page.reload()
    page.wait_for_selector("#update", timeout=60_000)
    assert set(_gets(server.log_text()[logged:])) == {"sw.js", "py.zip"}

    _take_the_update(page)
    assert _boot(page) == "snapshot"
    assert page.text_content("#home-label") == " — Home, v2"
    assert wait_state(page, "human") == "human"
    assert table_facts(page) == before
    _play_a_move(page)
