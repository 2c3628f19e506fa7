"""Every language has every key with the same placeholders, every key the code names exists, and
a language is added by adding its files."""
import json
import os
import re
import shutil
import string
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

import games
import i18n
from games import registry
from i18n import CATALOGS, LANGS, REFERENCE, catalog, has, modules, names, pick_lang, prefix, t

PY = Path(games.__file__).resolve().parents[1]  # the py/ tree under test (tests/conftest.py)
ROOT = Path(__file__).resolve().parents[1]
OTHERS = [lang for lang in LANGS if lang != REFERENCE]
MODULE_NAMES = [m.__name__.rsplit(".", 1)[1] for m in modules(REFERENCE)]


def placeholders(text: str) -> set:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_languages_are_the_packages_found():
    assert set(LANGS) >= {"en", "fr", "eu", "es"}
    assert names()["eu"] == "Euskara" and names()["es"] == "Español"
    assert list(names()) == sorted(LANGS, key=lambda lang: names()[lang].casefold())


@pytest.mark.parametrize("module", MODULE_NAMES)
@pytest.mark.parametrize("lang", OTHERS)
def test_every_catalog_has_every_language(lang, module):
    """Same modules, same keys (in the same order, so that a reader can put them side by side),
    the same placeholders, no empty text."""
    assert [m.__name__.rsplit(".", 1)[1] for m in modules(lang)] == MODULE_NAMES
    reference = vars(modules(REFERENCE)[MODULE_NAMES.index(module)])["WORDS"]
    words = vars(modules(lang)[MODULE_NAMES.index(module)])["WORDS"]
    assert list(words) == list(reference), set(words) ^ set(reference)
    for key, text in reference.items():
        assert placeholders(words[key]) == placeholders(text), key
        assert words[key].strip(), key


def test_catalogs_do_not_overlap():
    seen: dict = {}
    for module in modules(REFERENCE):
        for key in module.WORDS:
            assert key not in seen, f"{key} in {module.__name__} and {seen.get(key)}"
            seen[key] = module.__name__


def test_every_illegal_move_code_has_a_text():
    codes = set()
    for path in PY.rglob("*.py"):
        codes |= set(re.findall(r'IllegalMove\(\s*"([\w.]+)"', path.read_text()))
        codes |= set(re.findall(r'illegal\(\s*"(\w+)"', path.read_text()))
    assert codes
    for code in codes:
        key = code if "." in code else None
        if key is None:
            assert any(k.endswith(f".err.{code}") for k in CATALOGS["en"]), code
        else:
            assert key in CATALOGS["en"], code


def test_keys_named_in_the_page_exist():
    """Literal keys the page asks for (t("...")) are in every catalog."""
    keys = set()
    for path in (PY / "ui").rglob("*.py"):
        keys |= set(re.findall(r'\bt\(\s*"([a-z_]+(?:\.[a-z_]+)+)"', path.read_text()))
    assert len(keys) > 30
    for lang in LANGS:
        missing = sorted(k for k in keys if k not in CATALOGS[lang]
                         and f"{k}.other" not in CATALOGS[lang])
        assert not missing, f"{lang}: {missing}"


def test_language_choice_and_lookup():
    assert pick_lang(["de-DE", "fr-CA", "en"]) == "fr"
    assert pick_lang(["ca-ES", "eu-ES", "es"]) == "eu"
    assert pick_lang(["es-419"]) == "es"
    assert pick_lang(["en-GB"]) == "en"
    assert pick_lang(["ja"]) == "en"
    assert t("fr", "btn.start") == "Commencer"
    assert t("en", "gate.title", name="<b>Ann</b>") == "<b>Ann</b>'s turn"
    assert t("xx", "btn.start") == t("en", "btn.start")  # not a language: English
    with pytest.raises(KeyError):
        t("en", "no.such.key")


@pytest.mark.parametrize("game", registry.games(), ids=lambda g: g.id)
def test_every_game_has_its_words(game):
    """The new-game screen and the table build these keys from the game's own declarations."""
    keys = [f"{prefix(game.id)}.name", f"{prefix(game.id)}.tagline"]
    for option in game.options:
        keys.append(f"{prefix(game.id)}.opt.{option.key}")
        keys += [f"{prefix(game.id)}.opt.{option.key}.{choice}" for choice in option.choices]
    for lang in LANGS:
        assert [k for k in keys if k not in CATALOGS[lang]] == [], lang
        # the match's end and the home's "Continue", in the game's own unit words
        assert has(lang, f"{prefix(game.id)}.match_won") and has(lang, f"{prefix(game.id)}.round_n"), lang


def _used_keys() -> tuple:
    """(keys named whole, prefixes of keys built at run time) anywhere in the code."""
    whole, prefixes = set(), set()
    for path in [*PY.rglob("*.py"), ROOT / "scripts" / "build_home.py"]:
        if path.is_relative_to(PY / "i18n"):
            continue
        text = path.read_text()
        whole |= set(re.findall(r'"([a-z_]+(?:\.[a-z0-9_]+)+)"', text))
        prefixes |= set(re.findall(r'f"([a-z_]+(?:\.[a-z0-9_]+)*\.)\{', text))
        if path.parts[-3:-1][0] == "games":  # an IllegalMove code, named by its reason
            game = path.parts[-2]
            whole |= {f"{game}.err.{code}" for code in re.findall(r'"(\w+)"', text)}
    for game in registry.games():
        p = prefix(game.id)
        whole |= {f"{p}.name", f"{p}.tagline"} | {f"seat.kind.{level}" for level in game.levels}
        whole |= {f"{p}.match_won", f"{p}.round_n", f"{p}.next_round"}  # the page's words per game
        for option in game.options:
            whole.add(f"{p}.opt.{option.key}")
            whole |= {f"{p}.opt.{option.key}.{choice}" for choice in option.choices}
    return whole, prefixes


def test_no_key_goes_unused():
    whole, prefixes = _used_keys()
    # plural forms, and the second person of a sentence about the player's own seat
    whole |= {f"{key}.{form}" for key in whole for form in ("one", "other", "you", "you.one", "you.other")}
    unused = sorted(key for key in CATALOGS["en"]
                    if key not in whole and not any(key.startswith(p) for p in prefixes))
    assert unused == []


@pytest.mark.parametrize("lang", LANGS)
def test_each_game_keeps_its_words_in_its_own_catalog(lang):
    common, *rest = modules(lang)
    for module in rest:
        game = module.__name__.rsplit(".", 1)[1]
        assert all(key.startswith(game + ".") for key in module.WORDS), module.__name__
    games = {prefix(g.id) for g in registry.games()}
    assert not [key for key in common.WORDS if key.split(".")[0] in games]


def test_plurals_follow_each_language():
    assert t("en", "punto.ui.wins", n=1, name="Ann") == "Ann has won 1 round"
    assert t("en", "punto.ui.wins", n=0, name="Ann") == "Ann has won 0 rounds"
    assert t("fr", "punto.ui.wins", n=1, name="Ann") == "Ann a gagné 1 manche"
    assert t("fr", "punto.ui.wins", n=0, name="Ann") == "Ann a gagné 0 manche"
    assert t("fr", "punto.ui.wins", n=2, name="Ann") == "Ann a gagné 2 manches"
    for lang in ("es", "eu"):
        one, other = (CATALOGS[lang][f"punto.ui.wins.{form}"] for form in ("one", "other"))
        assert t(lang, "punto.ui.wins", n=1, name="Ane") == one.format(n=1, name="Ane")
        assert t(lang, "punto.ui.wins", n=0, name="Ane") == other.format(n=0, name="Ane")
        assert t(lang, "punto.ui.wins", n=2, name="Ane") == other.format(n=2, name="Ane")


# What the browser's Intl.PluralRules and Intl.NumberFormat say (Chromium 2026, CLDR 47): the pure
# fallbacks must agree, since the tests compare the page's words with t() in CPython.
INTL = {"en": ("-5", "1,234", "12,345", "1,234,567", "0.5", ["other", "one", "other", "other", "one"]),
        "fr": ("-5", "1\u202f234", "12\u202f345", "1\u202f234\u202f567", "0,5", ["one", "one", "other", "many", "one"]),
        "es": ("-5", "1234", "12.345", "1.234.567", "0,5", ["other", "one", "other", "many", "one"]),
        "eu": ("\u22125", "1.234", "12.345", "1.234.567", "0,5", ["other", "one", "other", "other", "one"])}


@pytest.mark.parametrize("lang", sorted(INTL))
def test_numbers_and_plural_forms_as_the_browser_writes_them(lang):
    *written, forms = INTL[lang]
    assert [i18n.NUMBER["format"](lang, n) for n in (-5, 1234, 12345, 1234567, 0.5)] == written
    assert [i18n.PLURAL["rule"](lang, n) for n in (0, 1, 2, 1_000_000, -1)] == forms
    # A count's number in a sentence is written the language's way.
    text = t(lang, "punto.ui.wins", n=12345, name="A")
    assert written[2] in text


def test_plural_forms_come_in_pairs():
    for lang in LANGS:
        for key in CATALOGS[lang]:
            if key.endswith(".one"):
                assert key[:-4] + ".other" in CATALOGS[lang], key


# A number set before one of the things the games count ("{n} cards", "{count} plis") is a count
# the sentence must agree with; "round {n}" or "Deal {n} is over" name a round, they count nothing.
NOUNS = ("card carte point round manche deal donne trick pli column colonne move coup life vie game "
         "partie pair paire parameter paramètre player joueur").split()
COUNTED = re.compile(r"\{\w+\}[\s\u00a0\u202f]+(?:more |autres |other )?(?:" + "|".join(NOUNS) + r")s?\b", re.I)


def _forms(words: dict) -> dict:
    """Each key that has plural forms: its "one" and "other" texts."""
    return {key[:-6]: (words.get(key[:-6] + ".one"), text) for key, text in words.items()
            if key.endswith(".other")}


@pytest.mark.parametrize("lang", LANGS)
def test_every_count_takes_the_right_plural_for_0_1_and_2(lang):
    """Each sentence with a count has both forms (the English and French ones are found by their
    nouns; every language has the same keys), and 0, 1 and 2 pick them as the language does."""
    words = CATALOGS[lang]
    forms = _forms(words)
    bare = sorted(key for key, text in catalog(lang).items() if COUNTED.search(text)
                  and not key.endswith((".one", ".other")))
    assert bare == [], f"{lang}: counts without plural forms"
    for key, (one, other) in forms.items():
        assert one is not None, f"{key}: no singular form"
        params = {name: 7 for name in placeholders(other) | placeholders(one)} | {"n": 0}
        for n in (0, 1, 2):
            text = t(lang, key, **{**params, "n": n})
            singular = i18n.PLURAL["rule"](lang, n) == "one"
            expected = (one if singular else other).format(**{**params, "n": n})
            assert text == expected, (key, n)


ADD_A_LANGUAGE = """
import json, sys
sys.path.insert(0, "scripts")
import build_home
from i18n import LANGS, names, pick_lang, t
assert build_home.main([]) == 0  # as `make site` does
print(json.dumps({"langs": LANGS, "name": names()["xx"], "pick": pick_lang(["xx-YY", "fr"]),
                  "start": t("xx", "btn.start")}))
"""


def test_a_language_is_added_by_adding_its_files(tmp_path):
    """A copy of the site with a made-up language's files added (its words package and its rules
    pages) and nothing else edited: it is listed, picked, spoken, in the picker, the manifest
    and the other rules pages, and the translation checks pass over it."""
    site = PY.parent  # the site under test (another one when tests/test_new_game.py runs this)
    for name in ("py", "rules"):
        shutil.copytree(site / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "scripts", tmp_path / "scripts", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("index.html", "manifest.webmanifest"):
        shutil.copyfile(site / name, tmp_path / name)
    for name in ("css", "icons"):  # what the rules pages link to, unchanged
        (tmp_path / name).symlink_to(ROOT / name)
    words = tmp_path / "py" / "i18n" / "xx"
    shutil.copytree(PY / "i18n" / "en", words, ignore=shutil.ignore_patterns("__pycache__"))
    init = words / "__init__.py"
    init.write_text(init.read_text().replace('NAME = "English"', 'NAME = "Xx-lang"'))
    common = words / "common.py"
    common.write_text(common.read_text().replace('"btn.start": "', '"btn.start": "xx '))
    for page in (tmp_path / "rules").glob("*.en.html"):
        page.with_name(page.name.replace(".en.", ".xx.")).write_text(
            page.read_text().replace('<html lang="en">', '<html lang="xx">'))
    done = subprocess.run([sys.executable, "-c", ADD_A_LANGUAGE], cwd=tmp_path, capture_output=True,
                          text=True, env={"PYTHONPATH": str(tmp_path / "py"), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout.splitlines()[-1])
    assert "xx" in said["langs"] and said["name"] == "Xx-lang" and said["pick"] == "xx"
    assert said["start"] == "xx " + t("en", "btn.start")
    index = (tmp_path / "index.html").read_text()
    assert '<option value="xx" lang="xx">Xx-lang</option>' in index
    assert '"xx"' in re.search(r'id="first-words">(.*?)</script>', index)[1]
    assert "xx" in json.loads((tmp_path / "manifest.webmanifest").read_text())["description_localized"]
    for page in (tmp_path / "rules").glob("*.html"):
        if ".xx." not in page.name:
            assert 'hreflang="xx" lang="xx">Xx-lang</a>' in page.read_text(), page.name
    checks = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", "xx",
                             "tests/test_i18n.py", "tests/test_rules_pages.py"], cwd=ROOT,
                            capture_output=True, text=True, env={**os.environ, "TAPIS_PY": str(tmp_path / "py")})
    assert checks.returncode == 0, checks.stdout[-3000:]
    assert re.search(r"\b\d+ passed", checks.stdout), checks.stdout[-500:]


# French typography, wherever a French reader reads: ’ for the apostrophe, and a no-break space
# before ; : ! ? and inside « ». One convention for the whole site, the Imprimerie nationale's
# (Lexique des règles typographiques): a thin one, U+202F, before ; ! ? (which are set close to the
# word), a word-wide one, U+00A0, before : and inside « » (which take a full space). A plain
# space there lets the line break between the word and its sign.
THIN, WIDE = "\u202f", "\u00a0"
FRENCH = [(re.compile(r"'"), "a straight apostrophe: ’"),
          (re.compile(rf"(?:^|[^{THIN};!?])[;!?]"), "; ! ? without U+202F before"),
          (re.compile(rf"(?:^|[^{WIDE}]):"), ": without U+00A0 before"),
          (re.compile(rf"«(?!{WIDE})|(?<!{WIDE})»"), "« » without U+00A0 inside")]
SKIPPED = {"script", "style", "code", "kbd"}  # no prose (a key's name is no word)
SEEN = ("title", "alt", "aria-label", "placeholder")  # attributes a reader sees or hears
VOID = {"meta", "link", "br", "img", "input", "hr", "source", "wbr"}  # elements with no end tag


def french_faults(text: str) -> list:
    """Each typographic fault in ``text`` (French prose; ``{placeholders}`` stay) with its
    surroundings."""
    return [f"{why}: …{text[max(0, m.start() - 20):m.end() + 20]}…"
            for pattern, why in FRENCH for m in pattern.finditer(text)]


class FrenchText(HTMLParser):
    """The French prose of a page: its text (tags joined as the reader sees them, so that a
    sign after a tag keeps the word before it), the attributes a reader sees or hears, and the
    meta description; nothing of scripts, styles, code, nor of what another language says."""

    def __init__(self, page: str):
        super().__init__(convert_charrefs=True)
        self.text, self.attrs, self._skip = [], [], []
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in VOID:
            return
        other = attrs.get("lang", "fr") != "fr"
        self._skip.append(tag in SKIPPED or other or bool(self._skip and self._skip[-1]))
        if not self._skip[-1]:
            self.attrs += [attrs[name] for name in SEEN if attrs.get(name)]

    def handle_startendtag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "meta" and attrs.get("name") == "description":
            self.attrs.append(attrs["content"])
        if not (self._skip and self._skip[-1]):
            self.attrs += [attrs[name] for name in SEEN if attrs.get(name)]

    def handle_endtag(self, tag):
        if tag not in VOID and self._skip:
            self._skip.pop()

    def handle_data(self, data):
        if not (self._skip and self._skip[-1]):
            self.text.append(data)


def test_french_typography_in_the_catalog():
    faults = [f"{key}: {fault}" for key, text in CATALOGS["fr"].items() for fault in french_faults(text)]
    assert faults == []


def test_french_typography_on_the_first_screen():
    """index.html is French until its script swaps the words: its text, and the French words
    that script holds."""
    page = (PY.parent / "index.html").read_text(encoding="utf-8")
    seen = FrenchText(page)
    first = json.loads(re.search(r'id="first-words">(.*?)</script>', page, re.S)[1])["fr"]
    said = [w for w in first.values() if isinstance(w, str)] + [w for pair in first["games"] for w in pair]
    faults = [f for text in ["".join(seen.text), *seen.attrs, *said] for f in french_faults(text)]
    assert faults == []


@pytest.mark.parametrize("page", sorted(p.name for p in (PY.parent / "rules").glob("*.fr.html")))
def test_french_typography_on_the_rules_pages(page):
    seen = FrenchText((PY.parent / "rules" / page).read_text(encoding="utf-8"))
    faults = [f for text in ["".join(seen.text), *seen.attrs] for f in french_faults(text)]
    assert faults == []
