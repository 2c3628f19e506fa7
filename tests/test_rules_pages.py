"""The static rules pages: one per game and language, linked both ways, self-contained."""
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import games
from engine.game import PRIVATE_HANDS
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


class Offers(HTMLParser):
    """What a page's "How to play here" promises: its items marked ``data-offer`` (the text of
    each), the computer levels it names (``data-level``, with their words), and all its text."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.offers, self.levels, self.text = {}, [], ""
        self._open = []  # (tag, offer or level) of the marked elements the parser is in
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "data-offer" in attrs:
            assert attrs["data-offer"] not in self.offers, attrs["data-offer"]
            self.offers[attrs["data-offer"]] = ""
            self._open.append((tag, ("offer", attrs["data-offer"])))
        elif "data-level" in attrs:
            self.levels.append([attrs["data-level"], ""])
            self._open.append((tag, ("level", len(self.levels) - 1)))
        elif self._open:
            self._open.append((tag, None))

    def handle_endtag(self, tag):
        if self._open:
            self._open.pop()

    def handle_data(self, data):
        self.text += data
        for _, mark in self._open:
            if mark and mark[0] == "offer":
                self.offers[mark[1]] += data
            elif mark:
                self.levels[mark[1]][1] += data


def _prose(text: str) -> str:
    """Text as read: a line break in the source is a space (no-break spaces stay)."""
    return re.sub(r"[ \t\n]+", " ", text).strip()


@pytest.mark.parametrize("game", registry.games(), ids=lambda g: g.id)
@pytest.mark.parametrize("lang", LANGS)
def test_how_to_play_here_says_what_that_games_page_offers(game, lang):
    """Every page's "How to play here" says how its game is played on this page and promises
    nothing it lacks, from the game's declarations: Undo only where the game has it (a page of a
    game without one never names the button), the pass-the-device screen only for private hands
    (else friends simply share the table), the computer levels the game offers; in the words
    the page shows (the button, the seat kinds, the levels, "Play on several devices")."""
    page = Offers((RULES / f"{registry.module_name(game.id)}.{lang}.html").read_text(encoding="utf-8"))
    private = game.information == PRIVATE_HANDS
    assert set(page.offers) == {"move", "keyboard", "levels", "devices", "save",
                                "undo" if game.undo else "no-undo", "gate" if private else "shared"}
    offers = {offer: _prose(text) for offer, text in page.offers.items()}
    undo = t(lang, "btn.undo")
    if game.undo:
        assert undo in offers["undo"]
    else:
        assert undo.casefold() not in page.text.casefold()
    assert [(level, _prose(words)) for level, words in page.levels] == [
        (level, t(lang, f"seat.level.{level}")) for level in game.levels]
    assert t(lang, "seat.kind.human") in offers["gate" if private else "shared"]
    assert t(lang, "newgame.several") in offers["devices"]
