"""The rules pages: reached from a home tile in the page's language, readable on a small phone."""
import pytest
from helpers import violations

from games import registry
from i18n import LANGS, names, t

GAMES = [registry.module_name(game.id) for game in registry.games()]  # the pages' names


@pytest.mark.parametrize("lang", ["fr", "eu"])  # the same link in every language: two of them
def test_the_punto_tile_opens_its_rules_in_the_page_language(new_context, subpath_url, open_app, lang):
    # From the /tapis/ sub-path, as on GitHub Pages: every link must stay relative.
    page = open_app(new_context(locale=lang).new_page(), subpath_url)
    assert page.get_attribute("html", "lang") == lang
    link = page.locator('.game-tile[data-game="punto"] a.rules-link')
    assert link.text_content() == t(lang, "home.rules")
    link.click()
    page.wait_for_url(f"{subpath_url}rules/punto.{lang}.html")
    assert page.get_attribute("html", "lang") == lang
    assert page.text_content("h1") == t(lang, "punto.name")
    page.click("a.back")
    page.wait_for_url(f"{subpath_url}index.html")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)


def test_the_rules_link_is_named_by_its_text(warm):
    page = warm.open(warm.page(locale="en-US"), {})  # home, on a warm page (tests/browser/warm.py)
    links = page.get_by_role("link", name=t("en", "home.rules"), exact=True)
    assert links.count() == len(GAMES)


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_pages_fit_a_small_phone(new_context, base_url, lang):
    """Each game's page in ``lang``, one after the other in one phone, axe finding nothing on
    it, and its first language link."""
    context = new_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
    page = context.new_page()
    for game in GAMES:
        page.goto(f"{base_url}rules/{game}.{lang}.html")
        assert page.get_attribute("html", "lang") == lang
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, game
        # Not even a table's own box scrolls sideways: every row reads without swiping.
        assert page.evaluate("""() => [...document.querySelectorAll('.table-wrap')]
            .every(box => box.scrollWidth <= box.clientWidth)"""), game
        assert violations(page) == [], game  # axe-core, with the page's lang set
    other = [other for other in names() if other != lang][0]  # the bar lists them by name
    page.click("a.other-lang")
    page.wait_for_url(f"{base_url}rules/{GAMES[-1]}.{other}.html")
    assert page.get_attribute("html", "lang") == other
