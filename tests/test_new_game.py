"""A new game needs its own files and nothing else (README, "Adding a game").

tests/new_game/ holds the smallest complete game, High card, laid out as in the repository. Added
to a copy of the site with no other edit, then `scripts/build_home.py` run on the copy (as `make
site` does), it has its home tile, tagline, style sheet and shortcut, a match of a human and the
computers plays through the match controller, and the repository's own checks pass on the copy
(the conformance suite, the translation check, the rules pages' check and the layers' check, run
with TAPIS_PY naming the copy's py/: tests/conftest.py)."""
import json
import os
import re
import runpy
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from games import registry
from i18n import LANGS

ROOT = Path(__file__).resolve().parents[1]
NEW = ROOT / "tests" / "new_game"
GAME_ID, MODULE = "high-card", "high_card"
WORDS = runpy.run_path(str(NEW / "py" / "i18n" / "fr" / f"{MODULE}.py"))["WORDS"]  # the static page is French
# What the checks and the build script read of the site.
SITE = ("py", "css", "icons", "rules", "index.html", "manifest.webmanifest")
CHECKS = ("tests/test_conformance.py", "tests/test_i18n.py", "tests/test_rules_pages.py",
          "tests/test_layers.py")
# Every game package has these modules (engine/game.py); it may have more.
LAYOUT = {"__init__.py", "game.py", "rules.py", "view.py", "state.py", "options.py", "errors.py",
          "schema.py"}
TILE = re.compile(r'<li class="game-tile" data-game="[^"]+"><span class="fan"[^>]*>(?:<i [^>]*></i>)+</span>'
                  r'<h2><a href="[^"]+">(.*?)</a></h2><p class="tagline">(.*?)</p>'
                  r'<div class="tile-actions">.*?</div></li>')
SHEET = re.compile(r'<link rel="stylesheet" href="css/(\w+)\.css">')


def _added() -> list:
    """The new game's files, relative to the site."""
    return sorted(p.relative_to(NEW).as_posix() for p in NEW.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts)


def _run(*command, cwd=ROOT, **env) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=600,
                          env={**os.environ, **env})


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A copy of the site, the new game's files added, then the build script run on it."""
    root = tmp_path_factory.mktemp("site")
    for name in SITE:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copyfile(ROOT / name, root / name)
    for rel in _added():
        assert not (root / rel).exists(), f"{rel} is a file of the site: a new game only adds files"
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(NEW / rel, root / rel)
    done = _run(sys.executable, str(ROOT / "scripts" / "build_home.py"), str(root))
    assert done.returncode == 0, done.stdout + done.stderr
    return root


def test_a_new_game_is_its_package_its_words_its_players_its_table_its_look_and_its_rules():
    """The list of README's "Adding a game", and the layout of a game package. (High card offers
the easy and medium levels: a game that offers "hard" adds its guide, py/ai/hard/<game>.py.)"""
    added = _added()
    package = [rel for rel in added if rel.startswith(f"py/games/{MODULE}/")]
    assert LAYOUT <= {rel.rsplit("/", 1)[1] for rel in package}
    assert sorted(set(added) - set(package)) == sorted([
        *(f"py/i18n/{lang}/{MODULE}.py" for lang in LANGS), f"py/ai/{MODULE}.py", f"py/ui/tables/{MODULE}.py",
        f"css/{MODULE}.css", *(f"rules/{MODULE}.{lang}.html" for lang in LANGS)])
    assert not [rel for rel in added if (ROOT / rel).exists()]
    assert GAME_ID not in registry.ids()


def test_the_build_script_puts_it_on_the_home_page_and_in_the_manifest(site):
    before, after = ((root / "index.html").read_text(encoding="utf-8") for root in (ROOT, site))
    tile = (WORDS[f"{MODULE}.name"], WORDS[f"{MODULE}.tagline"])
    assert TILE.findall(after) == TILE.findall(before) + [tile]  # last: its catalog_order
    assert SHEET.findall(after) == SHEET.findall(before) + [MODULE]
    was, now = (json.loads((root / "manifest.webmanifest").read_text(encoding="utf-8"))
                for root in (ROOT, site))
    assert now["shortcuts"][:-1] == was["shortcuts"]
    assert {k: v for k, v in now["shortcuts"][-1].items() if k != "icons"} == {
        "name": WORDS[f"{MODULE}.name"], "url": f"./?game={GAME_ID}"}
    assert now["description"].endswith(f", {WORDS[f'{MODULE}.name']}.")
    for lang, words in now["description_localized"].items():  # named in every language's description
        name = runpy.run_path(str(NEW / "py" / "i18n" / lang / f"{MODULE}.py"))["WORDS"][f"{MODULE}.name"]
        assert words.endswith(f", {name}."), lang
    changed = ("shortcuts", "description", "description_localized")
    assert {k: v for k, v in now.items() if k not in changed} == {k: v for k, v in was.items() if k not in changed}
    check = _run(sys.executable, str(ROOT / "scripts" / "build_home.py"), "--check", str(site))
    assert check.returncode == 0, check.stderr


def test_its_modules_travel_in_an_archive_of_their_own_and_the_catalogue_lists_it(site):
    # As `make site` packs them, without the bytecode (compiled in Chromium): the page fetches a
    # game's archive only when that game is opened.
    packed = _run(sys.executable, "-c", "import sys, pathlib; sys.path.insert(0, 'scripts'); "
                  "import pack_py; pack_py.pack(pathlib.Path(sys.argv[1]))", str(site))
    assert packed.returncode == 0, packed.stderr
    with zipfile.ZipFile(site / f"py-{MODULE}.zip") as archive:
        assert sorted(archive.namelist()) == sorted(
            rel.removeprefix("py/") for rel in _added() if rel.startswith(("py/games/", "py/ai/",
                                                                             "py/ui/")))
    with zipfile.ZipFile(site / "py.zip") as archive:
        listed = json.loads(archive.read("games/catalogue.json"))
        assert f"i18n/fr/{MODULE}.py" in archive.namelist()  # the home page names every game
    assert listed[-1] == {"id": GAME_ID, "order": listed[-1]["order"], "table": True}


def test_the_computers_and_the_match_controller_play_it(site):
    code = f"""
import random
import ai
from match import Match
from session import LocalSession
from ui.tables import has_table
assert has_table({GAME_ID!r})  # the home tile offers New game, not "coming soon"
for players in (2, 3, 4):
    seats = [{{"kind": "human", "name": "You"}}] + [
        {{"kind": ("easy", "medium")[i % 2], "name": f"C{{i}}"}} for i in range(players - 1)]
    match = Match.new({GAME_ID!r}, {{"players": players, "rounds": 3}}, "new", seats, think=ai.think)
    rng = random.Random(players)
    while not match.over:
        step = LocalSession(match).next()
        if step.kind == "round_end":
            match.acknowledge_round()
        elif step.kind == "computer":
            match.play(match.computer_move())
        else:
            match.play(rng.choice(match.legal_moves()))
    again = Match.load(match.dump(), think=ai.think)
    assert again.game.to_json(again.state) == match.game.to_json(match.state)
print("played")
"""
    done = _run(sys.executable, "-c", code, cwd=site / "py")
    assert done.returncode == 0 and done.stdout.strip() == "played", done.stdout + done.stderr


def test_the_repository_checks_pass_for_it(site):
    """The suites themselves, on the copy. The other games' own cases are left out (the main
    run has them); every check over all games runs with the new one among them."""
    others = sorted({name for game_id in registry.ids() for name in (game_id, registry.module_name(game_id))})
    done = _run(sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", *CHECKS,
                "-k", f"not ({' or '.join(others)})", TAPIS_PY=str(site / "py"))
    passed = [line for line in done.stdout.splitlines() if line.endswith("PASSED") or " PASSED " in line]
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    for check, case in (("test_conformance.py::test_random_game", GAME_ID),
                        ("test_conformance.py::test_every_game_declares_itself", GAME_ID),
                        ("test_i18n.py::test_every_game_has_its_words", GAME_ID),
                        ("test_i18n.py::test_every_catalog_has_every_language", f"eu-{MODULE}"),
                        ("test_rules_pages.py::test_a_rules_page", MODULE),
                        ("test_layers.py::", f"ui/tables/{MODULE}.py")):
        assert [line for line in passed if check in line and case in line], f"{check} did not run on {case}"
