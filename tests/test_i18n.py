"""Both languages have every key with the same placeholders, and every key the code names exists."""
import re
import string
from pathlib import Path

import pytest

import games
from games import registry
from i18n import CATALOGS, LANGS, MODULES, has, pick_lang, prefix, t

PY = Path(games.__file__).resolve().parents[1]  # the py/ tree under test (tests/conftest.py)
ROOT = Path(__file__).resolve().parents[1]


def placeholders(text: str) -> set:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_every_catalog_has_both_languages(module):
    assert set(module.EN) == set(module.FR)
    for key in module.EN:
        assert placeholders(module.EN[key]) == placeholders(module.FR[key]), key
        assert module.EN[key].strip() and module.FR[key].strip(), key


def test_catalogs_do_not_overlap():
    seen = {}
    for module in MODULES:
        for key in module.EN:
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
    """Literal keys the page asks for (t("...")) are in both catalogs."""
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
    assert pick_lang(["en-GB"]) == "en"
    assert pick_lang(["ja"]) == "en"
    assert t("fr", "btn.start") == "Commencer"
    assert t("en", "gate.title", name="<b>Ann</b>") == "<b>Ann</b>'s turn"
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
        if path.parent.name == "i18n":
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


def test_each_game_keeps_its_words_in_its_own_catalog():
    for module in MODULES[1:]:
        game = module.__name__.rsplit(".", 1)[1]
        assert all(key.startswith(game + ".") for key in module.EN), module.__name__
    games = {prefix(g.id) for g in registry.games()}
    assert not [key for key in MODULES[0].EN if key.split(".")[0] in games]


def test_plurals_follow_each_language():
    assert t("en", "punto.ui.wins", n=1, name="Ann") == "Ann has won 1 round"
    assert t("en", "punto.ui.wins", n=0, name="Ann") == "Ann has won 0 rounds"
    assert t("fr", "punto.ui.wins", n=1, name="Ann") == "Ann a gagné 1 manche"
    assert t("fr", "punto.ui.wins", n=0, name="Ann") == "Ann a gagné 0 manche"
    assert t("fr", "punto.ui.wins", n=2, name="Ann") == "Ann a gagné 2 manches"


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


def _forms(catalog: dict) -> dict:
    """Each key that has plural forms: its "one" and "other" texts."""
    return {key[:-6]: (catalog.get(key[:-6] + ".one"), text) for key, text in catalog.items()
            if key.endswith(".other")}


@pytest.mark.parametrize("lang", LANGS)
def test_every_count_takes_the_right_plural_for_0_1_and_2(lang):
    """Each sentence with a count has both forms, and 0, 1 and 2 pick them as the language does
    (French: 0 and 1 singular; English: only 1)."""
    catalog = CATALOGS[lang]
    forms = _forms(catalog)
    bare = sorted(key for key, text in catalog.items() if COUNTED.search(text)
                  and not key.endswith((".one", ".other")))
    assert bare == [], f"{lang}: counts without plural forms"
    singular = {0, 1} if lang == "fr" else {1}
    for key, (one, other) in forms.items():
        assert one is not None, f"{key}: no singular form"
        params = {name: 7 for name in placeholders(other) | placeholders(one)} | {"n": 0}
        for n in (0, 1, 2):
            text = t(lang, key, **{**params, "n": n})
            expected = (one if n in singular else other).format(**{**params, "n": n})
            assert text == expected, (key, n)
