"""The home screen: the four games, Continue when a match is saved, language and speed."""
from games import registry
from i18n import prefix
from ui.dom import clear, morph, mount
from ui.html import el
from ui.tables import has_table


def render(app, screen, saved):
    """``saved`` is the saved Match, or None. A game shows as playable once it has a table."""
    page = el("section", "home")
    if saved is not None:
        round_n = app.t(f"{prefix(saved.game.id)}.round_n", n=saved.round_no())
        label = app.t("home.continue", game=app.game_name(saved.game.id), round=round_n)
        page.appendChild(el("button", "btn primary continue", label, type="button", data_action="continue"))
    tiles = el("ul", "games")
    for game_id in registry.catalogue():
        playable = has_table(game_id)
        tile = el("li", "game-tile", None, data_game=game_id)
        tile.appendChild(el("h2", "", app.game_name(game_id)))
        tile.appendChild(el("p", "tagline", app.t(f"{prefix(game_id)}.tagline")))
        if playable:
            action = el("button", "btn", app.t("home.new_game"), type="button",
                        data_action="new", data_game=game_id)
        else:
            action = el("span", "badge", app.t("home.coming"))
        # Static pages, one per game and language (rules/punto.fr.html): readable before and
        # without Python, and offline (the service worker precaches them).
        rules = el("a", "rules-link", app.t("home.rules"),
                   href=f"rules/{registry.module_name(game_id)}.{app.lang}.html")
        tile.appendChild(el("div", "tile-actions", None, action, rules))
        tiles.appendChild(tile)
    page.appendChild(tiles)
    page.appendChild(_settings(app))
    shown = screen.firstElementChild
    if shown and screen.childElementCount == 1:
        # In place: what has not changed keeps its element and is not painted again (the first
        # screen's tiles, index.html, as Python starts: the page's largest paint stays the first).
        morph(shown, page)
    else:
        mount(clear(screen), page)


def _settings(app):
    box = el("div", "settings")
    speed = el("select", "", None, id="speed", data_setting="speed")
    for value in app.speeds:
        speed.appendChild(el("option", "", app.t(f"speed.{value}"), value=value,
                             selected=value == app.prefs.get("speed", "normal")))
    box.appendChild(el("label", "", app.t("settings.speed"), speed))
    return box
