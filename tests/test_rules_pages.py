"""The static rules pages: one per game and language, linked both ways, self-contained."""
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import games
from games import registry
from i18n import LANGS, t

ROOT = Path(games.__file__).resolve().parents[2]  # the site whose py/ is under test (tests/conftest.py)
RULES = ROOT / "rules"
PAGES = [(registry.module_name(game.id), lang) for game in registry.games() for lang in LANGS]


class Page(HTMLParser):
    """What the checks need: the html lang, h1 texts, heading levels, links and resources."""

    def __init__(self, text):
        super().__init__()
        self.lang, self.h1, self.headings, self.links, self.refs = None, [], [], [], []
        self.tags, self.row_headers = set(), []
        self._in_h1 = False
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.add(tag)
        if tag == "html":
            self.lang = attrs.get("lang")
        if re.fullmatch(r"h[1-6]", tag):
            self.headings.append(int(tag[1]))
        if tag == "h1":
            self._in_h1 = True
            self.h1.append("")
        if tag == "a":
            self.links.append(attrs)
        if tag == "th":
            self.row_headers.append(attrs.get("scope"))
        self.refs += [attrs[name] for name in ("href", "src") if attrs.get(name)]

    def handle_endtag(self, tag):
        if tag == "h1":
            self._in_h1 = False

    def handle_data(self, data):
        if self._in_h1:
            self.h1[-1] += data


def _page(module, lang):
    return Page((RULES / f"{module}.{lang}.html").read_text(encoding="utf-8"))


def test_every_game_has_a_page_in_every_language_and_nothing_else():
    assert sorted(p.name for p in RULES.glob("*.html")) == sorted(f"{m}.{lang}.html" for m, lang in PAGES)


@pytest.mark.parametrize("module,lang", PAGES, ids=lambda v: v)
def test_a_rules_page(module, lang):
    page = _page(module, lang)
    assert page.lang == lang
    assert [h.strip() for h in page.h1] == [t(lang, f"{module}.name")]
    assert {"title", "main"} <= page.tags
    # Headings never skip a level (h1 > h2 > h3).
    assert all(b <= a + 1 for a, b in zip(page.headings, page.headings[1:])), page.headings
    assert page.row_headers and all(scope in ("col", "row") for scope in page.row_headers)
    hrefs = [link.get("href") for link in page.links]
    # Relative, so it works from a sub-path such as /tapis/.
    assert "../index.html" in hrefs
    for other in LANGS:
        if other != lang:
            switch = [link for link in page.links if link.get("hreflang") == other]
            assert [link["href"] for link in switch] == [f"{module}.{other}.html"]
            assert switch[0].get("lang") == other


@pytest.mark.parametrize("module,lang", PAGES, ids=lambda v: v)
def test_a_rules_page_names_only_files_of_the_site(module, lang):
    text = (RULES / f"{module}.{lang}.html").read_text(encoding="utf-8")
    assert not re.search(r"(?:https?|wss?|ftp):|//", text.replace("<!doctype html>", ""))
    for ref in _page(module, lang).refs:
        if ref.startswith("#"):
            assert f'id="{ref[1:]}"' in text, ref
            continue
        assert not ref.startswith("/") and ":" not in ref, ref
        assert (RULES / ref).resolve().is_file(), ref
