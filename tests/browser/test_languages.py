"""Each language Tapis speaks, on the page: home, a new-game screen, a table mid-game and a result
in that language, with no text of another language's catalog on it (a key left untranslated, a
word written outside the catalogs), axe-core finding nothing with the page's lang set; the
picker, ``?lang=`` links and the browser's languages."""
import json
import re
import string

import pytest

import screens
from fit import cut_selects, split_words
from helpers import mark_screen, notice, reload, still, storage, use_prefs, violations, wait_state

import i18n
from i18n import CATALOGS, LANGS, names, t

# A phone whose browser speaks none of Tapis's languages, and the smallest phone.
PHONE = {"locale": "de-DE", "viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SMALLEST = {"viewport": {"width": 320, "height": 568}, "is_mobile": True, "has_touch": True}
# The result each language is checked on: between them, every game's (Punttu's in Euskara, its own).
RESULT = {"en": "over:punto/2", "fr": "over:neuf-vies/2", "eu": "over:punttu/2", "es": "over:zero-pointe/2"}

# Every text a player reads or hears on the page: text nodes shown, labels, titles, placeholders.
TEXTS = """() => {
    const out = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
        const node = walker.currentNode;
        if (node.parentElement.closest("script, style, [hidden], template")) continue;
        if (node.textContent.trim()) out.push(node.textContent.trim());
    }
    for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
        if (el.closest("[hidden]")) continue;
        for (const name of ["aria-label", "title", "placeholder", "alt"]) {
            if (el.getAttribute(name)) out.push(el.getAttribute(name).trim());
        }
    }
    return out;
}"""


def _pattern(text: str) -> re.Pattern:
    """A catalog text as the page may show it: each placeholder stands for some text."""
    parts = [re.escape(literal) + ("(.+?)" if name is not None else "")
             for literal, name, _, _ in string.Formatter().parse(text)]
    return re.compile("".join(parts), re.S)


def _words_only(text: str) -> bool:
    """Whether a catalog text says something in words (not "{value}", "2" or "×3")."""
    literal = "".join(part for part, *_ in string.Formatter().parse(text))
    return re.search(r"[^\W\d_]{3}", literal) is not None


def _foreign(lang: str) -> list:
    """(pattern, language, key) of every other language's text that ``lang`` says otherwise."""
    own = CATALOGS[lang]
    return [(_pattern(text), other, key) for other in LANGS if other != lang
            for key, text in CATALOGS[other].items() if text != own.get(key) and _words_only(text)]


def _own(lang: str) -> list:
    return [_pattern(text) for text in CATALOGS[lang].values() if _words_only(text)]


def untranslated(page, lang: str, foreign: list, own: list) -> list:
    """The page's texts that are another language's words and none of ``lang``'s."""
    found = []
    for text in dict.fromkeys(page.evaluate(TEXTS)):
        if any(p.fullmatch(text) for p in own) or text in names().values():
            continue
        found += [f"{text!r} is {other} {key}" for p, other, key in foreign if p.fullmatch(text)]
    return found


def _check(page, lang: str, foreign: list, own: list, where: str):
    assert page.get_attribute("html", "lang") == lang, where
    assert untranslated(page, lang, foreign, own) == [], where
    assert violations(page) == [], where


@pytest.mark.parametrize("lang", LANGS)
def test_each_screen_speaks_the_language_chosen_by_a_link(new_context, warm, base_url, open_app, lang):
    """A ?lang= link picks the language and it stays chosen; the home page, the new-game screen,
    a table mid-game (a Punttu match started there, a card played by a tap) and a result are all
    in it."""
    foreign, own = _foreign(lang), _own(lang)

    # Cold: a warm page keeps the last move's words of its previous table (#announce), which
    # the check would find in another language.
    context = new_context(**PHONE)
    use_prefs(context, speed="fast")
    page = context.new_page()
    open_app(page, base_url, f"lang={lang}")
    assert page.title() == t(lang, "app.title")
    assert page.input_value("#lang") == lang
    assert page.get_attribute("#lang", "aria-label") == t(lang, "lang.label")
    assert page.text_content("#lang-code") == lang.upper()
    assert json.loads(storage(page)["tapis.prefs"])["lang"] == lang
    _check(page, lang, foreign, own, "home")
    page.tap('[data-action="new"][data-game="punttu"]')
    page.wait_for_selector('form.newgame[data-game="punttu"]')
    _check(page, lang, foreign, own, "new game")
    page.tap('[data-action="start"]')
    wait_state(page, "human")
    still(page)
    page.locator("#screen [data-drag]").first.tap()
    mark_screen(page)
    page.locator("#screen [data-legal]").first.tap()
    wait_state(page, "human", "round-end")  # the computer's answer, a trick taken, a card drawn
    still(page)
    assert page.locator(".movelog li").count() >= 2
    _check(page, lang, foreign, own, "table")

    result = warm.page(**PHONE)  # a context of its own, a warm page (tests/browser/warm.py)
    screens.open_screen(result, base_url, RESULT[lang], None, prefs={"lang": lang}, warm=warm)
    _check(result, lang, foreign, own, "result")


@pytest.mark.parametrize("lang", LANGS)
def test_the_longest_words_show_whole_on_the_smallest_phone(warm, base_url, lang):
    """On a 320 px phone: the new-game form's kinds of player ("Ordenagailua (ertaina)", "Another
    device") show whole in their selects; Punttu's deal result, the widest table (four
    columns), breaks the computer's name ("2. ordenagailua", "Ordenador 2") and the headings
    between words only."""
    page = warm.open(warm.page(**SMALLEST), {}, f"?lang={lang}&game=punttu")  # nothing stored
    page.wait_for_selector('form.newgame[data-game="punttu"]')
    page.tap('[data-action="several"]')  # "Another device" too
    kind = page.locator("select[name=kind1]")
    values = kind.evaluate("(select) => [...select.options].map((o) => o.value)")
    assert {"human", "remote", "hard"} <= set(values)
    for value in values:
        kind.select_option(value)
        assert cut_selects(page, "form.newgame select") == [], value
    screens.open_screen(page, base_url, "round-end:punttu/2", None, prefs={"lang": lang}, warm=warm)
    still(page)
    assert page.locator(".dialog .scores td").count() >= 8
    assert split_words(page, ".dialog .scores td, .dialog .scores th") == []


def test_the_check_finds_a_word_of_another_language(new_context, base_url, open_app):
    """The check above on a Basque page with one English sentence planted in it."""
    page = open_app(new_context().new_page(), base_url, "lang=eu")
    foreign, own = _foreign("eu"), _own("eu")
    assert untranslated(page, "eu", foreign, own) == []
    page.evaluate("(text) => document.getElementById('notice').textContent = text",
                  t("en", "notice.bad_seed"))
    assert untranslated(page, "eu", foreign, own) == [f"{t('en', 'notice.bad_seed')!r} is en notice.bad_seed"]


def test_the_picker_lists_each_language_in_its_own_words_and_is_remembered(warm):
    page = warm.open(warm.page(locale="en-US"), {"tapis.prefs": json.dumps({"speed": "fast"})})
    assert page.get_attribute("html", "lang") == "en"
    options = page.eval_on_selector_all("#lang option", "(all) => all.map((o) => [o.value, o.lang, o.text])")
    assert options == [[lang, lang, name] for lang, name in names().items()]
    assert [name for _, _, name in options][:4] == ["English", "Español", "Euskara", "Français"]
    # Where the browser knows a language, its plural rules and number formats are what CPython's
    # fallbacks say (the tests compare the page's words with t() run here); where it does not
    # (this Chromium has no Basque number data), the page uses the fallbacks themselves.
    numbers = [-1234567, -2, -1, 0, 0.5, 1, 2, 3, 11, 21, 101, 999, 1000, 1234, 12345, 1_000_000, 2_000_000]
    browser = page.evaluate("""([langs, numbers]) => Object.fromEntries(langs.map((lang) => [lang,
        [Intl.NumberFormat, Intl.PluralRules].map((kind) => kind.supportedLocalesOf([lang]).length
            ? numbers.map((n) => kind === Intl.NumberFormat ? new kind(lang).format(n) : new kind(lang).select(n))
            : null)]))""", [list(LANGS), numbers])
    assert browser["en"][0] is not None and browser["fr"][1] is not None
    for lang, (written, forms) in browser.items():
        assert written in (None, [i18n.NUMBER["format"](lang, n) for n in numbers]), lang
        assert forms in (None, [i18n.PLURAL["rule"](lang, n) for n in numbers]), lang
    print("languages the browser knows:", {lang: [w is not None, f is not None] for lang, (w, f) in browser.items()})
    page.select_option("#lang", "eu")
    page.wait_for_function("document.documentElement.lang === 'eu'")
    assert page.locator('[data-action="new"]').first.text_content() == t("eu", "home.new_game")
    assert page.title() == t("eu", "app.title")
    reload(page)
    assert page.get_attribute("html", "lang") == "eu"
    assert page.locator(".game-tile .tagline").first.text_content() == t("eu", "punto.tagline")
    # At a table the picker is in the menu.
    page.click('[data-action="new"][data-game="punto"]')
    page.wait_for_selector('form.newgame[data-game="punto"]')
    page.click('[data-action="start"]')
    page.wait_for_selector("html[data-state='human']", state="attached")
    assert page.locator("#lang-pick").is_hidden()
    page.click('[data-action="menu"]')
    page.select_option('#overlay select[data-setting="lang"]', "es")
    page.wait_for_function("document.documentElement.lang === 'es'")
    page.wait_for_selector("html[data-state='human']", state="attached")
    assert json.loads(storage(page)["tapis.prefs"])["lang"] == "es"


@pytest.mark.parametrize("locale,lang", [("eu-ES", "eu"), ("es-MX", "es"), ("ca-ES", "en")])
def test_a_first_visit_follows_the_browsers_language(new_context, base_url, open_app, locale, lang):
    page = open_app(new_context(locale=locale).new_page(), base_url)
    assert page.get_attribute("html", "lang") == lang
    assert page.input_value("#lang") == lang
    assert page.locator(".game-tile .tagline").first.text_content() == t(lang, "punto.tagline")


def test_a_link_naming_no_language_tapis_speaks_falls_back_with_a_notice(new_context, base_url, open_app):
    page = open_app(new_context(locale="es-ES").new_page(), base_url, "lang=klingon")
    assert page.get_attribute("html", "lang") == "es"
    assert notice(page) == t("es", "notice.bad_lang", value="klingon")
    assert "lang" not in json.loads(storage(page).get("tapis.prefs") or "{}")
