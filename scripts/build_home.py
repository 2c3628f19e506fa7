"""Write what the site says about its games before Python starts, from the registry and the
games' words: the home tiles, the games' style sheets and the language picker in index.html, the
shortcuts and the description (in every language) in manifest.webmanifest, and each rules page's
links to the same page in the other languages. A new game or a new language needs no edit in any
of them.

    python3 scripts/build_home.py [--check] [ROOT]

index.html's first screen is static, so the games and their taglines show at once (written in
French; a small script there swaps in the player's language from the words this writes beside
them, before Python starts); the generated parts sit between marker
comments (``<!-- begin tiles ... -->`` ... ``<!-- end tiles -->``). Both files stay committed
(they are the site as served); `make site` runs this script, and tests/test_site_files.py checks
that the committed files are what it makes. ``--check`` writes nothing and fails when a file is
not what it would write (CI: a game added or renamed without running the script).
Imports the registry and the catalogues from ROOT/py (every game's modules, in CPython).
"""
import html
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LANG = "fr"  # <html lang="fr"> and the manifest's "lang": the words the static files show
SHORTCUT_ICONS = [{"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png"}]


def games(root: Path = ROOT) -> list:
    """Each game in catalogue order: its id, its modules' name, its name and its tagline."""
    py = str(root / "py")
    if py not in sys.path:
        sys.path.insert(0, py)
    from games import registry
    from i18n import LANGS, t
    found = []
    for game in registry.games():
        module = registry.module_name(game.id)
        words = {lang: (t(lang, f"{module}.name"), t(lang, f"{module}.tagline")) for lang in LANGS}
        found.append({"id": game.id, "module": module, "name": words[LANG][0], "tagline": words[LANG][1],
                      "words": words})
    return found


def first_words(listed: list) -> str:
    """The first screen's words in every language, as JSON for index.html's script."""
    import importlib

    from i18n import LANGS, t
    # "decimal": how the language writes 1.5, for a browser without its number data (Chromium
    # has none for Basque: its Intl would write it the English way).
    words = {lang: {"title": t(lang, "app.title"), "language": t(lang, "lang.label"),
                    "decimal": importlib.import_module(f"i18n.{lang}").DECIMAL,
                    "loading": t(lang, "loading.label"),
                    "left": t(lang, "loading.left"), "starting": t(lang, "loading.starting"),
                    "chosen": t(lang, "loading.chosen"), "new_game": t(lang, "home.new_game"),
                    "rules": t(lang, "home.rules"),
                    "games": [g["words"][lang] for g in listed]} for lang in LANGS}
    text = json.dumps(words, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    return f'<script type="application/json" id="first-words">{text}</script>'


def _between(text: str, name: str, lines: list, where: str) -> str:
    """``text`` with the lines between its ``begin name`` and ``end name`` comments replaced by
    ``lines``, indented as the begin comment is."""
    pattern = re.compile(rf"^([ \t]*)(<!-- begin {name}\b[^\n]*-->)\n.*?^\1<!-- end {name} -->$",
                         re.S | re.M)
    found = pattern.search(text)
    if found is None:
        raise SystemExit(f"build_home: {where} has no <!-- begin {name} ... --> and "
                         f"<!-- end {name} --> comments on lines of their own")
    indent = found[1]
    block = "\n".join([indent + found[2], *(indent + line for line in lines),
                       f"{indent}<!-- end {name} -->"])
    return text[:found.start()] + block + text[found.end():]


def description(lang: str, listed: list) -> str:
    from i18n import t
    return t(lang, "app.description", names=", ".join(g["words"][lang][0] for g in listed))


def render_index(text: str, listed: list) -> str:
    """index.html with a style sheet link and a home tile for each game, and each language in
    the picker."""
    from i18n import names
    from ui.fan import fan

    def words(value: str) -> str:
        return html.escape(value, quote=False)

    sheets = [f'<link rel="stylesheet" href="css/{g["module"]}.css">' for g in listed]
    # A tile works before Python does: index.html's script remembers the tap (the link is the
    # same wish without scripts). The home page is drawn as py/ui/home.py draws it, on one line
    # (no text between its elements), its New game buttons drawn only (the whole tile is the
    # link), the places of the history's button and of the settings left empty: Python draws it
    # again in place (ui.dom.morph), so the tiles keep their elements, their taglines (the
    # largest text) are not painted again, and nothing moves.
    from i18n import t
    tiles = "".join(
        f'<li class="game-tile" data-game="{g["id"]}">{fan().html}<h2><a href="./?game={g["id"]}">'
        f'{words(g["name"])}</a></h2><p class="tagline">{words(g["tagline"])}</p>'
        f'<div class="tile-actions"><span class="btn" aria-hidden="true">{words(t(LANG, "home.new_game"))}'
        f'</span><a class="rules-link" href="rules/{g["module"]}.{LANG}.html">{words(t(LANG, "home.rules"))}'
        f'</a></div></li>' for g in listed)
    home = (f'<section class="home"><ul class="games">{tiles}</ul><p class="past-link"></p>'
            '<div class="settings"></div></section>')
    langs = [f'<option value="{lang}" lang="{lang}"{" selected" if lang == LANG else ""}>{words(name)}</option>'
             for lang, name in names().items()]
    text = _between(text, "description",
                    [f'<meta name="description" content="{html.escape(description(LANG, listed))}">'], "index.html")
    text = _between(text, "langs", langs, "index.html")
    text = _between(_between(text, "styles", sheets, "index.html"), "tiles", [home], "index.html")
    return _between(text, "words", [first_words(listed)], "index.html")


def render_manifest(text: str, listed: list) -> str:
    """manifest.webmanifest with a shortcut to each game's new-game screen, and the games named
    in its description; everything else kept, in the file's layout."""
    manifest = json.loads(text)
    from i18n import LANGS
    manifest["description"] = description(LANG, listed)
    manifest["shortcuts"] = [{"name": g["name"], "url": f"./?game={g['id']}", "icons": SHORTCUT_ICONS}
                             for g in listed]
    # The description in every language, for browsers that pick by language (the manifest's
    # "_localized" members: https://w3c.github.io/manifest/#localized-members).
    manifest["description_localized"] = {lang: description(lang, listed) for lang in LANGS if lang != LANG}
    return dump_manifest(manifest)


def render_rules(text: str, page: str, langs: dict) -> str:
    """A rules page (``page``: "punto" for rules/punto.<lang>.html) with a link to each of its
    other languages, in the head for the browser and in the bar for the player."""
    lang = re.search(r'<html lang="([\w-]+)"', text)[1]
    others = [(other, name) for other, name in langs.items() if other != lang]
    text = _between(text, "alternates", [f'<link rel="alternate" hreflang="{other}" href="{page}.{other}.html">'
                                         for other, _ in others], page)
    links = [f'  <a class="other-lang" href="{page}.{other}.html" hreflang="{other}" lang="{other}">'
             f'{html.escape(name)}</a>' for other, name in others]
    return _between(text, "langs", ['<span class="langs">', *links, '</span>'], page)


def dump_manifest(manifest: dict) -> str:
    """One key a line; a list one item a line."""
    def value(item) -> str:
        if isinstance(item, list) and item:
            return "[\n" + ",\n".join(f"    {value(x)}" for x in item) + "\n  ]"
        return json.dumps(item, ensure_ascii=False)

    return "{\n" + ",\n".join(f"  {json.dumps(key)}: {value(item)}"
                              for key, item in manifest.items()) + "\n}\n"


def render(root: Path = ROOT) -> dict:
    """What each generated file should hold, by its path relative to ``root``."""
    listed = games(root)
    index = (root / "index.html").read_text(encoding="utf-8")
    manifest = (root / "manifest.webmanifest").read_text(encoding="utf-8")
    from i18n import names
    made = {"index.html": render_index(index, listed),
            "manifest.webmanifest": render_manifest(manifest, listed)}
    for path in sorted((root / "rules").glob("*.html")):
        page = path.name.split(".")[0]
        made[f"rules/{path.name}"] = render_rules(path.read_text(encoding="utf-8"), page, names())
    return made


def stale(root: Path = ROOT) -> list:
    """The generated files that are not what the registry makes now."""
    return [rel for rel, text in render(root).items()
            if (root / rel).read_text(encoding="utf-8") != text]


def main(argv: list) -> int:
    check = "--check" in argv
    args = [arg for arg in argv if arg != "--check"]
    root = Path(args[0]).resolve() if args else ROOT
    if check:
        behind = stale(root)
        if behind:
            print(f"build_home: {', '.join(behind)} not made from the registry as it is now: "
                  "run `python3 scripts/build_home.py` and commit the result", file=sys.stderr)
            return 1
        return 0
    for rel, text in render(root).items():
        path = root / rel
        if path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print(f"build_home: wrote {rel}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
