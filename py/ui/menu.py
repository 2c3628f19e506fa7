"""The dialogs a table's bar opens: the in-game menu (rules, settings, install, restart, home)
and the players' sheet (every seat and each figure of its panel in words: phones show no
tooltips)."""
import js

from coach import lesson as lessons
from games import registry
from i18n import names
from session import LocalSession
from ui import lobby, overlay
from ui.actions import action
from ui.html import el
from ui.loop import SPEEDS

THEMES = ("system", "light", "dark")


def _select(setting: str, values, chosen, words) -> object:
    field = el("select", "", None, data_setting=setting)
    for value in values:
        field.appendChild(el("option", "", words(value), value=value, selected=value == chosen))
    return field


@action("menu")
def menu(app, node) -> None:
    """The in-game menu: rules, computer speed, theme, sound, vibration, language, then what the
    match allows (invitations, restart) and home."""
    t, session = app.t, app.session
    rules = el("a", "btn", t("menu.rules"), href=f"rules/{registry.module_name(session.game.id)}.{app.lang}.html")
    lang = el("select", "", None, data_setting="lang")
    for value, name in names().items():
        lang.appendChild(el("option", "", name, value=value, lang=value, selected=value == app.lang))
    noise = el("input", "", None, type="checkbox", data_setting="sound", checked=app.prefs.get("sound") is True)
    buzz = el("input", "", None, type="checkbox", data_setting="vibrate",
              checked=app.prefs.get("vibrate", True) is True)
    speed = _select("speed", SPEEDS, app.speed(), lambda v: t(f"speed.{v}"))
    theme = _select("theme", THEMES, app.theme(), lambda v: t(f"theme.{v}"))
    settings = el("div", "menu-settings", None,
                  el("label", "", t("settings.speed"), speed),
                  el("label", "", t("settings.theme"), theme),
                  el("label", "check", None, noise, el("span", "", t("settings.sound"))),
                  el("label", "check", None, buzz, el("span", "", t("settings.vibrate"))),
                  el("label", "", t("lang.label"), lang))
    buttons = [(t("btn.close"), "close")] + lobby.menu_buttons(app)
    if getattr(js.window, "tapisInstall", None):  # the browser offers to install the site
        buttons.append((t("menu.install"), "install"))
    if app.loop is not None and app.loop.undo_seat() is not None:  # only when it can act
        buttons.append((t("btn.undo"), "undo"))
    if isinstance(session, LocalSession) and session.script is None and session.match.moves:
        buttons.append((t("history.now"), "replay-now"))
    buttons.append((t("history.open"), "history", {"data-game": session.game.id}))
    watch = app.loop.watch if app.loop is not None else None
    if watch is not None and hasattr(watch, "menu_buttons"):  # a lesson's: leave it
        buttons += watch.menu_buttons()
    elif lessons.lesson_of(session.game.id) is not None and session.authority:
        buttons.append((t("coach.lesson.start"), "lesson", {"data-game": session.game.id}))
    if session.authority:  # a guest's device cannot restart the host's match
        buttons.append((t("menu.restart"), "restart"))
    buttons.append((t("btn.home"), "home"))
    overlay.show(t("menu.title"), settings, rules, ios_install(app), buttons=buttons, cls="menu", escape="close")


def ios_install(app):
    """Safari on an iPhone or iPad offers no prompt: a line says how to install Tapis there (not
    once installed). None elsewhere."""
    navigator = js.navigator
    agent = str(navigator.userAgent)
    apple = any(name in agent for name in ("iPhone", "iPad", "iPod")) or (
        "Macintosh" in agent and navigator.maxTouchPoints > 1)  # an iPad asks for the desktop site
    other = any(name in agent for name in ("CriOS", "FxiOS", "EdgiOS"))  # their own menus differ
    if not apple or other or getattr(navigator, "standalone", False):
        return None
    return el("p", "install-ios", app.t("menu.install_ios"))


@action("install")
def install(app, node) -> None:
    """The browser's own install dialog, offered once."""
    offer = getattr(js.window, "tapisInstall", None)
    overlay.hide()
    if offer:
        js.window.tapisInstall = None
        offer.prompt()


@action("restart")
def restart(app, node) -> None:
    """Restart asks first: the match in progress would be lost."""
    t = app.t
    overlay.show(t("confirm.restart.title"), t("confirm.restart.body"),
                 buttons=[(t("btn.restart"), "restart-confirmed"), (t("btn.cancel"), "close")], escape="close")


@action("restart-confirmed")
def restart_confirmed(app, node) -> None:
    overlay.hide()
    _again(app, confirmed=True)


@action("rematch")
def rematch(app, node) -> None:
    _again(app, confirmed=False)


def _again(app, confirmed: bool) -> None:
    """The same game, options and seats, a new deal (on the device that holds the match)."""
    session = app.session
    if isinstance(session, LocalSession) and session.script is None:
        m = session.match
        app.begin(m.game.id, m.options, None, m.seats, confirmed=confirmed)


@action("seats")
def seats(app, node) -> None:
    """Who plays, and what every figure on the seats means: a tap away on a phone."""
    loop = app.loop
    if loop is not None and loop.table.view is not None:
        overlay.show(app.t("seats.title"), loop.table.seat_sheet(), buttons=[(app.t("btn.close"), "close")],
                     cls="seats-sheet", escape="close")


@action("peek")
def peek(app, node) -> None:
    """Another seat's panel opened large (its cards read at arm's length on a phone)."""
    loop = app.loop
    holder = node.closest("[data-seat]")
    if loop is not None and loop.table.view is not None and holder:
        title, body = loop.table.peek(int(holder.dataset.seat))
        overlay.show(title, *body, buttons=[(app.t("btn.close"), "close")], cls="peek", escape="close")
