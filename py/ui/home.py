"""The home screen: Continue for each game with a match in progress, the games (each with its
face: its cards fanned), language and speed."""
from games import registry
from i18n import prefix, sentence
from ui.dom import clear, morph, mount
from ui.fan import fan
from ui.html import el
from ui.tables import has_table


def render(app, screen, saved: dict):
    """``saved``: each game's match in storage. A game shows as playable once it has a table."""
    page = el("section", "home")
    for game_id in registry.catalogue():
        match = saved.get(game_id)
        if match is not None:
            page.appendChild(_continue(app, match))
    tiles = el("ul", "games")
    for game_id in registry.catalogue():
        playable = has_table(game_id)
        tile = el("li", "game-tile", None, fan(), data_game=game_id)
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
    page.appendChild(el("p", "past-link", None, el("button", "btn", app.t("history.open"), type="button",
                                                    data_action="history")))
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


def _continue(app, match):
    """A game's match in progress, a tap away: its game's face, its name and round, and whose
    turn it is (or that a result waits)."""
    game_id = match.game.id
    round_n = app.t(f"{prefix(game_id)}.round_n", n=match.round_no())
    if match.over or match.rounds_done > match.seen_rounds:
        now = app.t("home.result")
    elif app.is_you(match.to_move, match):
        now = app.t("home.turn.you")
    else:
        now = sentence(app.t("home.turn", name=app.seat_name(match.to_move, match)))
    words = el("span", "continue-words", None, el("strong", "", app.t("home.continue", game=app.game_name(game_id),
                                                                        round=round_n)),
               el("span", "continue-now", now))
    return el("button", "btn primary continue", None, fan(), words, type="button", data_action="continue",
              data_game=game_id)
