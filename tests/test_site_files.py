"""The site's static files and the scripts that make them: pins, pyscript.toml and py.zip,
no outside URL, the manifest and icons, the games on the home page and in the manifest, the
vendored runtime, sw.js and _site/."""
import gzip
import hashlib
import importlib.util
import json
import re
import struct
import subprocess
import sys
import tomllib
import zipfile
import zlib
from pathlib import Path

import pytest

from games import registry
from i18n import LANGS, names, t

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "scripts"
PINS = {"pyodide": "314.0.2", "@pyscript/core": "0.7.31", "qrcode-generator": "2.0.4", "jsqr": "1.4.0"}
QR = {"qrcode.mjs", "jsQR.js", "LICENSE-jsqr", "LICENSE-qrcode-generator"}  # vendor/qr/
PYODIDE_CORE = {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                "pyodide-lock.json"}
# XML namespaces name no resource: the only http URLs allowed in the site's files.
NAMESPACES = {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xhtml",
              "http://www.w3.org/1999/xlink"}


def _script(name):
    sys.path.insert(0, str(SCRIPTS))  # dist.py imports build_sw by name
    try:
        spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(SCRIPTS))


build_home = _script("build_home")
build_sw = _script("build_sw")
snapshot = _script("snapshot")
dist = _script("dist")
pack_py = _script("pack_py")
stdlib = _script("stdlib")
vendor = _script("vendor")
make_icons = _script("make_icons")


def _py_files(root=ROOT):
    return {p.relative_to(root).as_posix() for p in (root / "py").rglob("*.py")
            if "__pycache__" not in p.parts}


def _write(root, rel, text="x"):
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def _precache(sw_text):
    match = re.search(r"const PRECACHE = (\[.*?\]);", sw_text, re.S)
    return [path.removeprefix("./") for path in json.loads(match[1])]


def _cache_name(sw_text):
    return re.search(r'const CACHE = "(tapis-[0-9a-f]{12})";', sw_text)[1]


# --- pins --------------------------------------------------------------------------------------

def test_package_json_pins_the_runtime_exactly_and_the_lock_agrees():
    package = json.loads((ROOT / "package.json").read_text())
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert package["private"] is True
    assert package["dependencies"] == PINS
    for spec in {**package.get("dependencies", {}), **package.get("devDependencies", {})}.values():
        assert re.fullmatch(r"\d+\.\d+\.\d+", spec), spec
    assert lock["packages"][""]["dependencies"] == PINS
    for name, version in PINS.items():
        assert lock["packages"][f"node_modules/{name}"]["version"] == version


def test_dev_requirements_are_pinned_exactly():
    lines = [line.strip() for line in (ROOT / "requirements-dev.txt").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    names = {line.split("==")[0].lower() for line in lines}
    assert {"pytest", "pytest-playwright", "playwright", "hypothesis"} <= names
    for line in lines:
        assert re.fullmatch(r"[A-Za-z0-9._-]+==[0-9][0-9A-Za-z.]*", line), line


# --- pyscript.toml and outside URLs ------------------------------------------------------------

def test_pyscript_toml_hands_the_start_to_js_boot():
    # js/boot.mjs starts the vendored Pyodide, from snapshot.bin when it can, else normally, and
    # puts py.zip on its path (browser tests start both ways): PyScript fetches no file of ours.
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    assert config == {"interpreter": "./js/boot.mjs"}
    boot = (ROOT / "js" / "boot.mjs").read_text()
    assert 'from "../vendor/pyodide/pyodide.mjs"' in boot
    page = (ROOT / "index.html").read_text()
    assert '<script type="py" config="pyscript.toml">import main</script>' in page


def test_the_archives_hold_every_module_and_the_bytecode_given_each_game_apart(tmp_path):
    for rel in ("py/main.py", "py/engine/rng.py", "py/games/punto/__init__.py",
                "py/games/zero_pointe/rules.py", "py/games/zero_pointe/__init__.py",
                "py/games/registry.py", "py/ai/punto.py", "py/ai/hard/zero_pointe.py",
                "py/ai/search.py", "py/ui/tables/punto_art.py", "py/ui/tables/frame.py",
                "py/i18n/punto.py", "py/engine/__pycache__/rng.cpython-311.pyc", "py/notes.txt"):
        _write(tmp_path, rel, f"content of {rel}")
    _write(tmp_path, "py-gone.zip", "a game that is no more")

    def pack():
        paths = pack_py.pack(tmp_path, {"main.pyc": b"bytecode", "ai/punto.pyc": b"ai"},
                             listed=b"[]")
        return {path.name: path.read_bytes() for path in paths}

    first = pack()
    assert sorted(first) == ["py-punto.zip", "py-zero_pointe.zip", "py.zip"]
    assert not (tmp_path / "py-gone.zip").exists()
    names = {name: zipfile.ZipFile(tmp_path / name).namelist() for name in first}
    assert names == {
        "py.zip": ["ai/search.py", "engine/rng.py", "games/catalogue.json", "games/registry.py",
                   "i18n/punto.py", "main.py", "main.pyc", "ui/start.json", "ui/tables/frame.py"],
        "py-punto.zip": ["ai/punto.py", "ai/punto.pyc", "games/punto/__init__.py",
                         "ui/tables/punto_art.py"],
        "py-zero_pointe.zip": ["ai/hard/zero_pointe.py", "games/zero_pointe/__init__.py",
                               "games/zero_pointe/rules.py"]}
    with zipfile.ZipFile(tmp_path / "py.zip") as archive:
        assert archive.read("engine/rng.py") == b"content of py/engine/rng.py"
        assert archive.read("main.pyc") == b"bytecode"
    assert pack() == first  # reproducible
    _write(tmp_path, "py/engine/rng.py", "changed")
    again = pack()
    assert {name for name in first if again[name] != first[name]} == {"py.zip"}


def test_the_start_order_puts_each_module_after_those_it_imports_as_it_loads(tmp_path):
    sources = {
        "ui/__init__.py": "",
        "ui/app.py": "import js\nfrom ui import home\nfrom engine.rng import draw\n"
                     "def later():\n    import ui.late\n",
        "ui/home.py": "from engine import rng\nfrom typing import TYPE_CHECKING\n"
                      "if TYPE_CHECKING:\n    import ui.typed\n",
        "ui/late.py": "", "ui/typed.py": "", "engine/__init__.py": "",
        "engine/rng.py": "import ui.app\n",  # a cycle: entered once
        "games/punto/__init__.py": "", "ui/tables/punto.py": "import ui.app\n",  # Punto's archive
    }
    texts = {name: text.encode() for name, text in sources.items()}
    assert pack_py.start_order(texts, ["punto"]) == ["ui", "engine", "engine.rng", "ui.home", "ui.app"]
    with zipfile.ZipFile(ROOT / "py.zip") as archive:
        listed = json.loads(archive.read(pack_py.START))
    assert listed == pack_py.start_order(pack_py.sources(), pack_py.game_modules())
    assert listed[-1] == pack_py.START_FROM and {"ui.dom", "match", "i18n"} <= set(listed)


def test_the_catalogue_in_py_zip_is_the_registrys():
    listed = json.loads(pack_py.catalogue())
    assert [entry["id"] for entry in sorted(listed, key=lambda e: e["order"])] == [
        game.id for game in registry.games()]
    assert all(entry["table"] for entry in listed)  # every game has its table today
    with zipfile.ZipFile(ROOT / "py.zip") as archive:
        assert json.loads(archive.read(pack_py.CATALOGUE)) == listed


def test_the_real_archive_is_current_with_the_runtimes_bytecode():
    archive = ROOT / "py.zip"
    assert archive.is_file(), "run `make site` first"
    assert pack_py.current(), "py.zip was made from other modules or another runtime: make site"
    games = pack_py.game_modules()
    held = {}
    for name in pack_py.archives():
        with zipfile.ZipFile(ROOT / name) as z:
            held.update({entry: (name, z.read(entry)) for entry in z.namelist()})
    assert sorted(held) == sorted(pack_py.modules() + [name + "c" for name in pack_py.modules()]
                                  + [pack_py.CATALOGUE, pack_py.START])
    assert all(held[n][0] == pack_py.archive_of(n, games) for n in pack_py.modules())
    stale = [n for n in pack_py.modules() if held[n][1] != (ROOT / "py" / n).read_bytes()]
    assert not stale, f"py.zip is older than {stale}: run `make site`"
    compiled = [held[name + "c"][1] for name in pack_py.modules()]
    assert len({pyc[:4] for pyc in compiled}) == 1  # one Python's magic number
    # Hash-based and unchecked: what zipimport loads without reading the source.
    assert {int.from_bytes(pyc[4:8], "little") for pyc in compiled} == {0b01}
    assert {f"py/{n}" for n in pack_py.modules()} == _py_files()


def _site_text_files():
    files = [ROOT / name for name in ("index.html", "pyscript.toml", "manifest.webmanifest")]
    files += [SCRIPTS / "sw.template.js", *sorted((ROOT / "icons").glob("*.svg"))]
    files += sorted((ROOT / "js").glob("*.mjs"))
    for folder, pattern in (("css", "*.css"), ("py", "*.py"), ("rules", "*.html")):
        files += sorted((ROOT / folder).rglob(pattern))
    return [path for path in files if path.is_file()]


def test_no_file_of_the_site_names_an_outside_host():
    offenders = []
    for path in _site_text_files():
        for url in re.findall(r"(?:https?|wss?)://[^\s\"'<>)`]+", path.read_text()):
            host = re.match(r"[a-z]+://([^/:?#]*)", url)[1]
            if url not in NAMESPACES and host not in ("127.0.0.1", "localhost"):
                offenders.append(f"{path.relative_to(ROOT)}: {url}")
    assert not offenders


# --- manifest and icons ------------------------------------------------------------------------

def _png_size(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", path
    return struct.unpack(">II", data[16:24])


def test_manifest_is_installable_and_its_icons_exist():
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text())
    assert manifest["name"] == "Tapis" and manifest["short_name"]
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    for key in ("theme_color", "background_color"):
        assert re.fullmatch(r"#[0-9a-fA-F]{6}", manifest[key])
    png_sizes = set()
    for icon in manifest["icons"]:
        path = ROOT / icon["src"]
        assert path.is_file(), icon["src"]
        if icon["type"] == "image/png":
            width, height = _png_size(path)
            assert icon["sizes"] == f"{width}x{height}"
            png_sizes.add(width)
    assert {192, 512} <= png_sizes
    assert _png_size(ROOT / "icons" / "icon-180.png") == (180, 180)
    assert manifest["id"] and manifest["lang"] == "fr"
    # One shortcut per game, to its new-game screen.
    assert [s["url"] for s in manifest["shortcuts"]] == [
        f"./?game={game.id}" for game in registry.games()]
    assert all(s["name"] for s in manifest["shortcuts"])
    shots = manifest["screenshots"]
    assert {shot["form_factor"] for shot in shots} == {"narrow", "wide"}
    for shot in shots:
        assert _png_size(ROOT / shot["src"]) == tuple(map(int, shot["sizes"].split("x")))
        assert shot["label"]
    assert dist.screenshots() == [shot["src"] for shot in shots]


def test_committed_icons_are_what_the_script_draws():
    assert (ROOT / "icons" / "icon.svg").read_text() == make_icons.svg()
    for name, size in make_icons.PNG_SIZES.items():
        assert (ROOT / "icons" / name).read_bytes() == make_icons.png(make_icons.render(size))


def test_png_writer_round_trips_pixels():
    pixels = [[(255, 0, 0), (0, 255, 0)], [(0, 0, 255), (1, 2, 3)]]
    data = make_icons.png(pixels)
    idat = data.index(b"IDAT")
    length = struct.unpack(">I", data[idat - 4:idat])[0]
    raw = zlib.decompress(data[idat + 4:idat + 4 + length])
    assert raw == b"\0" + bytes([255, 0, 0, 0, 255, 0]) + b"\0" + bytes([0, 0, 255, 1, 2, 3])


# --- build_home.py -----------------------------------------------------------------------------

def test_the_home_page_and_the_manifest_are_what_build_home_makes_from_the_registry():
    stale = build_home.stale()
    assert not stale, (f"{', '.join(stale)}: not what scripts/build_home.py makes from the "
                       "registry and the games' words; run `python3 scripts/build_home.py`")


# A home tile's face (py/ui/fan.py): three cards its game's style sheet draws.
FAN = ('<span class="fan" aria-hidden="true"><i class="fc fc1"></i><i class="fc fc2"></i>'
       '<i class="fc fc3"></i></span>')


def test_build_home_writes_the_games_between_the_markers_and_keeps_the_rest():
    page = ("<head>\n  <!-- begin description -->\n  <!-- end description -->\n"
            "  <link rel=\"stylesheet\" href=\"css/tapis.css\">\n"
            "  <!-- begin styles: made by build_home -->\n  <link href=\"old.css\">\n  <!-- end styles -->\n"
            "</head>\n<select>\n  <!-- begin langs -->\n  <!-- end langs -->\n</select>\n"
            "<main>\n    <!-- begin tiles -->\n    <!-- end tiles -->\n</main>\n"
            "<!-- begin words -->\n<!-- end words -->\n")
    listed = [{"id": "a-b", "module": "a_b", "name": "A & B", "tagline": "<b>Vite</b> !",
               "words": {**dict.fromkeys(LANGS, ("A & B", "</script> fast")), "fr": ("A & B", "<b>Vite</b> !")}},
              {"id": "c", "module": "c", "name": "C", "tagline": "« Oui » l’été",
               "words": {**dict.fromkeys(LANGS, ("C", "Yes")), "fr": ("C", "« Oui » l’été")}}]
    options = [f'  <option value="{lang}" lang="{lang}"{" selected" if lang == "fr" else ""}>{name}</option>\n'
               for lang, name in names().items()]
    assert build_home.render_index(page, listed) == (
        "<head>\n  <!-- begin description -->\n"
        "  <meta name=\"description\" content=\"Jeux de cartes à jouer hors ligne\u00a0: A &amp; B, C.\">\n"
        "  <!-- end description -->\n"
        "  <link rel=\"stylesheet\" href=\"css/tapis.css\">\n"
        "  <!-- begin styles: made by build_home -->\n"
        "  <link rel=\"stylesheet\" href=\"css/a_b.css\">\n  <link rel=\"stylesheet\" href=\"css/c.css\">\n"
        "  <!-- end styles -->\n</head>\n<select>\n  <!-- begin langs -->\n" + "".join(options) +
        "  <!-- end langs -->\n</select>\n<main>\n    <!-- begin tiles -->\n"
        "    <section class=\"home\"><ul class=\"games\">"
        "<li class=\"game-tile\" data-game=\"a-b\">" + FAN + "<h2><a href=\"./?game=a-b\">A &amp; B</a></h2>"
        "<p class=\"tagline\">&lt;b&gt;Vite&lt;/b&gt; !</p><div class=\"tile-actions\">"
        "<span class=\"btn\" aria-hidden=\"true\">Nouvelle partie</span>"
        "<a class=\"rules-link\" href=\"rules/a_b.fr.html\">Règles</a></div></li>"
        "<li class=\"game-tile\" data-game=\"c\">" + FAN + "<h2><a href=\"./?game=c\">C</a></h2>"
        "<p class=\"tagline\">« Oui » l’été</p><div class=\"tile-actions\">"
        "<span class=\"btn\" aria-hidden=\"true\">Nouvelle partie</span>"
        "<a class=\"rules-link\" href=\"rules/c.fr.html\">Règles</a></div></li>"
        "</ul><p class=\"past-link\"></p><div class=\"settings\"></div></section>\n"
        "    <!-- end tiles -->\n</main>\n<!-- begin words -->\n" + build_home.first_words(listed)
        + "\n<!-- end words -->\n")
    # the first screen's words for its script, every language, and never a closing tag
    words = build_home.first_words(listed)
    assert "</script> fast" not in words and words.count("</script>") == 1
    assert json.loads(words[words.index(">") + 1:words.rindex("<")].replace("<\\/", "</"))["en"]["games"] == \
        [["A & B", "</script> fast"], ["C", "Yes"]]
    with pytest.raises(SystemExit, match="begin tiles"):
        build_home.render_index(page.replace("<!-- end tiles -->", ""), listed)
    manifest = json.loads(build_home.render_manifest(
        json.dumps({"name": "Tapis", "description": "old", "shortcuts": [], "lang": "fr"}), listed))
    assert manifest == {"name": "Tapis", "description": "Jeux de cartes à jouer hors ligne\u00a0: A & B, C.",
                        "shortcuts": [{"name": "A & B", "url": "./?game=a-b", "icons": build_home.SHORTCUT_ICONS},
                                      {"name": "C", "url": "./?game=c", "icons": build_home.SHORTCUT_ICONS}],
                        "lang": "fr",
                        "description_localized": {lang: t(lang, "app.description", names="A & B, C")
                                                  for lang in LANGS if lang != "fr"}}
    assert manifest["description_localized"]["en"] == "Card games to play offline: A & B, C."
    current = (ROOT / "manifest.webmanifest").read_text()
    assert build_home.dump_manifest(json.loads(current)) == current  # the file's own layout


def test_build_home_check_fails_on_a_stale_page_and_a_run_mends_it(tmp_path):
    (tmp_path / "py").symlink_to(ROOT / "py")
    (tmp_path / "manifest.webmanifest").write_text((ROOT / "manifest.webmanifest").read_text())
    page = (ROOT / "index.html").read_text()
    (tmp_path / "index.html").write_text(re.sub(r'\n *<section class="home">[^\n]*', "", page))  # the tiles gone
    script = [sys.executable, str(SCRIPTS / "build_home.py")]
    check = subprocess.run([*script, "--check", str(tmp_path)], capture_output=True, text=True)
    assert check.returncode == 1
    assert "index.html" in check.stderr and "run `python3 scripts/build_home.py`" in check.stderr
    subprocess.run([*script, str(tmp_path)], check=True, capture_output=True)
    assert (tmp_path / "index.html").read_text() == page
    assert subprocess.run([*script, "--check", str(tmp_path)]).returncode == 0


# --- vendor.py ---------------------------------------------------------------------------------

def test_vendor_copies_the_runtime_without_maps_and_drops_stale_files(tmp_path):
    for name in PYODIDE_CORE | {"pyodide.js", "pyodide.mjs.map", "console.html"}:
        _write(tmp_path, f"node_modules/pyodide/{name}")
    for name, patches in vendor.PATCHES.items():
        _write(tmp_path, f"node_modules/pyodide/{name}", "a;" + "b".join(old for old, _ in patches) + "c")
    for name in ("core.js", "core.css", "core.js.map", "chunk-1.js", "chunk-1.js.map",
                 "codemirror-abc.js", "xterm.css", "py-Dl-abc.js", "service-worker.js", "zip-abc.js"):
        _write(tmp_path, f"node_modules/@pyscript/core/dist/{name}")
    _write(tmp_path, "node_modules/@pyscript/core/LICENSE", "Apache")
    _write(tmp_path, "node_modules/pyodide/pyodide-lock.json",
           json.dumps({"info": {"python": "3.14.0"}, "packages": {"numpy": {}}}))
    _write(tmp_path, "licenses/pyodide-MPL-2.0.txt", "MPL")
    for name in ("qrcode-generator/dist/qrcode.mjs", "qrcode-generator/dist/qrcode.js",
                 "qrcode-generator/dist/qrcode_SJIS.mjs", "jsqr/dist/jsQR.js", "jsqr/dist/index.d.ts"):
        _write(tmp_path, f"node_modules/{name}", name)
    _write(tmp_path, "node_modules/jsqr/LICENSE", "Apache jsQR")
    _write(tmp_path, "licenses/qrcode-generator-MIT.txt", "MIT")
    _write(tmp_path, "vendor/pyodide/old-version.wasm")
    vendor.vendor(tmp_path)
    found = {p.relative_to(tmp_path / "vendor").as_posix()
             for p in (tmp_path / "vendor").rglob("*") if p.is_file()}
    assert found == {f"pyodide/{n}" for n in PYODIDE_CORE} | {f"qr/{n}" for n in QR} | {
        "pyodide/LICENSE", "pyscript/LICENSE",
        "pyscript/core.js", "pyscript/core.css", "pyscript/chunk-1.js"}
    assert (tmp_path / "vendor/pyodide/LICENSE").read_text() == "MPL"
    assert (tmp_path / "vendor/qr/qrcode.mjs").read_text() == "qrcode-generator/dist/qrcode.mjs"
    assert (tmp_path / "vendor/qr/jsQR.js").read_text() == "jsqr/dist/jsQR.js"
    assert (tmp_path / "vendor/qr/LICENSE-jsqr").read_text() == "Apache jsQR"
    assert (tmp_path / "vendor/qr/LICENSE-qrcode-generator").read_text() == "MIT"
    for name, patches in vendor.PATCHES.items():
        assert (tmp_path / "vendor/pyodide" / name).read_text() == \
            "a;" + "b".join(new for _, new in patches) + "c"
    # No package is ever loaded: their list would cost 26 kB on a first visit.
    assert json.loads((tmp_path / "vendor/pyodide/pyodide-lock.json").read_text()) == {
        "info": {"python": "3.14.0"}, "packages": {}}


def test_the_real_vendor_folder_holds_the_pinned_runtime():
    folder = ROOT / "vendor"
    assert folder.is_dir(), "run `make site` first"
    assert {p.name for p in (folder / "pyodide").iterdir()} == PYODIDE_CORE | {"LICENSE"}
    assert "Mozilla Public License Version 2.0" in (folder / "pyodide" / "LICENSE").read_text()
    assert "Apache License" in (folder / "pyscript" / "LICENSE").read_text()
    assert {"core.js", "core.css"} <= {p.name for p in (folder / "pyscript").iterdir()}
    assert not list(folder.rglob("*.map"))
    assert not list(folder.rglob("codemirror*")) and not list(folder.rglob("xterm*"))
    assert not list(folder.rglob("zip-*"))  # PyScript's zip reader: js/boot.mjs unpacks py.zip
    installed = ROOT / "node_modules" / "pyodide"
    assert json.loads((installed / "package.json").read_text())["version"] == PINS["pyodide"]
    for name in PYODIDE_CORE - {"pyodide-lock.json"}:
        assert (folder / "pyodide" / name).read_bytes() == vendor.patched(
            name, (installed / name).read_bytes()), name
    # The patches (no shared memory made at load; no JSPI; the link in four tasks; a hook
    # before Pyodide's own imports) took.
    assert set(vendor.PATCHES) == {"pyodide.asm.mjs", "pyodide.mjs"}
    for name, patches in vendor.PATCHES.items():
        runtime = (folder / "pyodide" / name).read_bytes()
        assert all(new.encode() in runtime for _, new in patches), name
    lock = json.loads((folder / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["info"] == json.loads((installed / "pyodide-lock.json").read_text())["info"]
    assert lock["info"]["python"].startswith("3.14") and lock["packages"] == {}


def test_the_real_vendor_folder_holds_the_pinned_qr_libraries_and_their_licences():
    folder = ROOT / "vendor" / "qr"
    assert folder.is_dir(), "run `make site` first"
    assert {p.name for p in folder.iterdir()} == QR
    modules = ROOT / "node_modules"
    for package in ("qrcode-generator", "jsqr"):
        assert json.loads((modules / package / "package.json").read_text())["version"] == PINS[package]
    for name, source in vendor.QR_FILES.items():
        assert (folder / name).read_bytes() == (modules / source).read_bytes(), name
    assert "Apache License" in (folder / "LICENSE-jsqr").read_text()
    mit = (folder / "LICENSE-qrcode-generator").read_text()
    assert "Copyright (c) 2009 Kazuhiko Arase" in mit and "Permission is hereby granted" in mit


# --- stdlib.py -------------------------------------------------------------------------------

def _named_imports(root=ROOT / "py") -> set:
    """Every module a module of py/ imports, at its top or inside a function."""
    import ast
    found = set()
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def _files_of(module: str) -> set:
    path = module.replace(".", "/")
    return {f"{path}.py", f"{path}/__init__.py"}


def test_every_standard_module_py_names_is_in_stdlib_zip_as_the_runtimes_bytecode():
    assert (ROOT / "stdlib.zip").is_file(), "run `make site` first"
    full = set(zipfile.ZipFile(ROOT / "vendor/pyodide/python_stdlib.zip").namelist())
    with zipfile.ZipFile(ROOT / "stdlib.zip") as archive:
        compiled = {name: archive.read(name) for name in archive.namelist()}
    # Those the runtime keeps as Python files (math, time, js are built in, not files; Python
    # itself holds importlib.util frozen, here as in Pyodide).
    import _imp
    wanted = {name for name in _named_imports() if _files_of(name) & full and not _imp.is_frozen(name)}
    assert wanted >= {"json", "random", "pkgutil", "dataclasses"}
    assert {name for name in wanted if not {f + "c" for f in _files_of(name)} & set(compiled)} == set()
    assert len(compiled) < len(full) / 3  # cut, not the whole library
    # The order js/boot.mjs imports them in as Python starts: modules of the archive, but
    # Pyodide's own packages (they need its core), asyncio among them.
    order = compiled.pop(stdlib.START).decode().split()
    modules = {name.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".") for name in compiled}
    assert set(order) <= modules and len(order) == len(set(order)) and "asyncio" in order
    assert not [name for name in order if name.partition(".")[0] in stdlib.PYODIDE_PACKAGES]
    assert order.index("asyncio.base_events") < order.index("asyncio")  # each after those it imports
    # Bytecode alone, of the runtime's Python (py.zip's magic number), hash-based and unchecked:
    # zipimport loads it as it is.
    assert {name.rpartition(".")[2] for name in compiled} == {"pyc"}
    with zipfile.ZipFile(ROOT / "py.zip") as archive:
        magic = archive.read("main.pyc")[:4]
    assert {pyc[:4] for pyc in compiled.values()} == {magic}
    assert {int.from_bytes(pyc[4:8], "little") for pyc in compiled.values()} == {0b01}


# --- build_sw.py -------------------------------------------------------------------------------

SITE = ("index.html", "pyscript.toml", "manifest.webmanifest", "icons/icon.svg",
        "icons/icon-192.png", "css/app.css", "css/fonts/card.woff2", "py.zip", "py-punto.zip",
        "stdlib.zip", "snapshot.bin", "sizes.json", "LICENSE", "js/boot.mjs",
        "rules/punto.fr.html",
        "vendor/pyodide/pyodide.mjs", "vendor/pyodide/python_stdlib.zip",
        "vendor/pyodide/pyodide.asm.wasm", "vendor/pyscript/core.js")
NOT_PRECACHED = ("vendor/pyodide/python_stdlib.zip",)  # deployed, not loaded by the page
PRECACHED = tuple(sorted(set(SITE) - set(NOT_PRECACHED)))
NOT_SITE = ("README.md", "package.json", "node_modules/pyodide/pyodide.mjs",
            "tests/test_x.py", "bench/startup.py", "bench/bare/index.html", "scripts/dist.py",
            "py/engine/__pycache__/rng.cpython-311.pyc", "py/notes.txt", "css/.DS_Store",
            "py/main.py", "py/engine/rng.py", "py/games/punto/rules.py",
            "_site/index.html", "sw.js", "snapshot.bin.tmp", "stdlib.key")


@pytest.fixture
def fake_site(tmp_path):
    for rel in SITE + NOT_SITE:
        _write(tmp_path, rel, f"content of {rel}")
    return tmp_path


def test_precache_lists_the_site_files_and_nothing_else(fake_site):
    assert build_sw.site_files(fake_site) == sorted(SITE)
    build_sw.main(fake_site)
    assert _precache(Path(fake_site / "sw.js").read_text()) == sorted(PRECACHED)


def test_sizes_json_gives_the_raw_and_gzip_size_of_what_the_first_screen_counts(fake_site):
    build_sw.main(fake_site)
    sizes = json.loads((fake_site / "sizes.json").read_text())
    assert sorted(sizes) == ["py-punto.zip", "py.zip", "stdlib.zip", "vendor/pyodide/pyodide.asm.wasm",
                             "vendor/pyodide/python_stdlib.zip"]
    data = (fake_site / "py-punto.zip").read_bytes()
    assert sizes["py-punto.zip"] == [len(data), len(gzip.compress(data, 6))]


def test_cache_name_follows_every_path_and_content(fake_site):
    def name():
        return _cache_name(build_sw.render(fake_site))

    first = name()
    assert name() == first
    _write(fake_site, "py.zip", "changed")
    second = name()
    assert second != first
    (fake_site / "css/app.css").rename(fake_site / "css/app2.css")
    third = name()
    assert third not in (first, second)
    _write(fake_site, "README.md", "not part of the site")
    assert name() == third


def test_generated_worker_is_valid_javascript(fake_site, tmp_path_factory):
    text = build_sw.render(fake_site)
    assert "__CACHE_NAME__" not in text and "__PRECACHE__" not in text
    assert "__REVISIONS__" not in text
    # .cjs, in a folder of its own: node checks it as a classic script, like a worker.
    script = tmp_path_factory.mktemp("check") / "sw.cjs"
    script.write_text(text)
    subprocess.run(["node", "--check", str(script)], check=True)


def test_real_sw_js_precaches_the_archive_the_runtime_and_the_rules_pages():
    sw = ROOT / "sw.js"
    assert sw.is_file(), "run `make site` first"
    precached = set(_precache(sw.read_text()))
    assert all((ROOT / rel).is_file() for rel in precached)
    assert {"py.zip", "stdlib.zip", "sizes.json", "snapshot.bin", "js/boot.mjs", "LICENSE"} <= precached
    # The hard computers' worker and what it shares with the boot: offline, it starts from them.
    assert {"js/think.mjs", "js/snapshot.mjs"} <= precached
    assert {f"py-{game}.zip" for game in pack_py.game_modules()} <= precached
    assert {p.relative_to(ROOT).as_posix() for p in (ROOT / "vendor").rglob("*")
            if p.is_file() and not p.name.startswith(".")} - precached == {
                "vendor/pyodide/python_stdlib.zip"}
    assert {"index.html", "pyscript.toml", "manifest.webmanifest"} <= precached
    assert {p.relative_to(ROOT).as_posix() for p in (ROOT / "rules").glob("*.html")} <= precached


def test_each_file_has_the_revision_the_worker_computes(fake_site):
    text = build_sw.render(fake_site)
    revisions = json.loads(re.search(r"const REVISIONS = (\{.*?\});", text, re.S)[1])
    assert sorted(revisions) == ["./" + rel for rel in PRECACHED]
    content = f"content of {SITE[0]}".encode()
    assert revisions["./" + SITE[0]] == hashlib.sha256(content).hexdigest()[:16]
    _write(fake_site, "py.zip", "changed")
    changed = json.loads(re.search(r"const REVISIONS = (\{.*?\});", build_sw.render(fake_site),
                                   re.S)[1])
    assert {path for path in revisions if revisions[path] != changed[path]} == {"./py.zip"}


def test_a_snapshot_made_again_from_the_same_inputs_keeps_its_revision(fake_site):
    # Two builds of one snapshot differ in bytes (timestamps, random state in the memory copied).
    def build(payload, key):
        (fake_site / "snapshot.bin").write_bytes(snapshot.pack(payload, key))
        text = build_sw.render(fake_site)
        return json.loads(re.search(r"const REVISIONS = (\{.*?\});", text, re.S)[1]), text

    first, first_sw = build(b"memory of one build", bytes(range(32)))
    again, again_sw = build(b"memory of another build", bytes(range(32)))
    assert first["./snapshot.bin"] == again["./snapshot.bin"] == bytes(range(8)).hex()
    assert again_sw == first_sw  # not even a new worker: nothing to download, no update notice
    other, _ = build(b"memory of one build", bytes(range(1, 33)))
    assert other["./snapshot.bin"] != first["./snapshot.bin"]


# --- snapshot.py -------------------------------------------------------------------------------

def test_snapshot_leaves_out_long_runs_of_zeros_and_restores_them():
    zero = bytes(snapshot.ZERO_RUN)
    payload = b"head" + zero + b"middle" + bytes(10) + b"x" + zero + zero
    packed = snapshot.pack(payload, bytes(range(32)))
    assert packed[:8] == snapshot.MAGIC
    assert packed[8:40] == hashlib.sha256(packed[72:]).digest()
    assert snapshot.key_of(packed) == bytes(range(32))
    assert len(packed) < len(payload) - 2 * snapshot.ZERO_RUN
    assert snapshot.unpack(packed) == payload
    assert snapshot.chunks(payload) == [(0, 4), (4 + len(zero), 6 + 10 + 1)]


def test_the_real_snapshot_is_current():
    assert (ROOT / "snapshot.bin").is_file(), "run `make site` first"
    assert snapshot.current(), "snapshot.bin was made from another runtime: make site"


# --- dist.py -----------------------------------------------------------------------------------

def test_dist_holds_the_site_its_worker_and_the_screenshots_only(fake_site):
    _write(fake_site, "manifest.webmanifest", json.dumps({"screenshots": [{"src": "docs/a.png"}]}))
    _write(fake_site, "docs/a.png", "a screenshot")
    _write(fake_site, "docs/b.png", "not in the manifest")
    build_sw.main(fake_site)
    out = fake_site / "_site"
    dist.assemble(fake_site, out)
    found = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert found == sorted(SITE + ("sw.js", "docs/a.png"))
    assert (out / "py.zip").read_text() == "content of py.zip"
