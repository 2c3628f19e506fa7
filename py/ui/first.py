"""The page's first screen, chosen from the link (its parameters, an invitation or a guest's answer
in its fragment), a game's tile tapped before Python was ready, and the match in storage; and a
link opened later in the same tab that differs by its fragment alone."""
import js

from games import registry
from i18n import LANGS
from net import invite
from session import LocalSession
from records import link
from ui import lobby, modules, replay, storage, update, url
from ui.dom import by_id, set_flag, when_idle
from ui.tables import has_table


def link_fragment() -> tuple[str, str]:
    """The address's invitation (``#join=``), answer (``#answer=``) or replay (``#replay=``) as
    (kind, code); an empty code when it holds none."""
    kind, _, code = str(js.location.hash).lstrip("#").partition("=")
    return (kind, code) if kind in ("join", "answer", "replay") else ("", "")


def drop_fragment() -> None:
    """Take the fragment off the address, adding no history entry (a reload must not read it
    again)."""
    js.history.replaceState(None, "", js.location.pathname + js.location.search)


def start(app, again=False) -> None:
    """The first screen of a start (``again``: of a warm page opened once more, py/ui/warm.py,
    whose idle work is done)."""
    query = js.URLSearchParams.new(js.location.search)
    pairs = [(name, value) for name in dict.fromkeys(query.keys()) for value in query.getAll(name)]
    games = registry.ids()  # not the games themselves: a table's page imports its game alone
    route = url.parse(pairs, [g for g in games if has_table(g)], games, LANGS)
    if route.think == "main":
        app.thinker.keep_on_page()
    if route.lang is not None:  # a link's language is the player's choice from now on
        app.lang = route.lang
        app.write_pref("lang", route.lang)
    app.apply_lang()
    app.apply_theme()
    # A game's tile tapped before Python was ready (index.html): the newest wish.
    chosen = getattr(js.window, "tapisChosen", None)
    chosen = chosen if isinstance(chosen, str) and has_table(chosen) else None
    offer, answer, bad = read_fragment()
    if bad:
        route.notices.append(("join.bad", {}))
    watch = replay_code()
    needed = [g for g in (chosen, route.game, offer and offer.game, watch and watch[0]) if g] + app.saves.games()
    modules.load(needed, lambda: open_first(app, route, chosen, offer=offer, answer=answer, watch=watch,
                                            again=again),
                 lambda _error: open_first(app, route, None, lost=True, again=again))


def replay_code() -> tuple[str, str] | None:
    """A replay link's game and code (``#replay=``), read once; its game is in the code (it is
    checked whole when the replay opens)."""
    kind, code = link_fragment()
    if kind != "replay":
        return None
    drop_fragment()
    try:
        game = link.game_of(code)  # its game's modules are not in yet: read() needs them
    except link.BadLink:
        game = ""
    return (game if game in registry.ids() else ""), code  # a bad code is said when the page opens


def read_fragment() -> tuple[invite.Invite | None, str | None, bool]:
    """An invitation (``#join=``) or a guest's answer (``#answer=``) in the link, and whether it
    could not be read: read once, then taken off the address (a reload must not answer a used
    invitation again)."""
    kind, code = link_fragment()
    if not code or kind == "replay":
        return None, None, False  # a replay's link: replay_code() reads it, and takes it off
    drop_fragment()
    if kind == "answer":
        return None, code, False
    try:
        offer = invite.unpack(code)
    except invite.BadInvite as err:
        js.console.warn(f"Tapis: not an invitation: {err}")
        return None, None, True
    if offer.kind != "offer" or not has_table(offer.game):
        return None, None, True
    return offer, None, False


def _table_shown(saved: dict):
    """The stored match whose table this tab was showing (an older version said only that it
    was, of its one save), or None."""
    game = storage.at_table()
    if game == "1" and len(saved) == 1:
        return next(iter(saved.values()))
    return saved.get(game) if game else None


def on_hash(app) -> None:
    """A link opened in this tab that differs from its address by the fragment alone (a new
    invitation, an answer): the browser does not load it again, so the page does. A host's
    tab takes an answer in place: a reload would drop its other guests' connections."""
    kind, code = link_fragment()
    if not code:
        return
    if kind == "answer" and app.link is not None:
        drop_fragment()
        lobby.hand_answer(app, code)
        return
    js.location.reload()  # a replay's link too: its game's modules come with a start


def open_first(app, route, chosen, lost=False, offer=None, answer=None, watch=None, again=False) -> None:
    """The first screen once its game's modules are in (``lost``: they could not be fetched,
    the home page says so and touches no save)."""
    if lost:
        app.saves.keep_unread()
    notices = [app.saves.load() if not lost else app.t("notice.offline_game")]
    notices += [app.t(key, **params) for key, params in route.notices]
    saved = app.saves.saved
    watched = replay.of_code(app, watch[1]) if watch is not None else None
    if isinstance(watched, str):
        notices.append(app.t(watched))
    if lost:
        app.show_home()
    elif isinstance(watched, replay.Replay):
        watched.start()
    elif offer is not None:
        lobby.join(app, offer, registry.get(offer.game))
    elif chosen:
        app.show_new_game(chosen)
    elif route.game and route.start:
        if app.saves.has(route.game):
            app.show_home()  # what stays if the player declines to replace it
        app.begin(route.game, {}, route.seed, app.default_seats(route.game))
    elif route.game:
        app.show_new_game(route.game, route.seed)
    elif (shown := _table_shown(saved)) is not None:
        app.open_table(LocalSession(shown))  # a reload (or a tab the phone discarded) resumes at once
    else:
        app.show_home()
    app.say(" ".join(n for n in notices if n))
    if answer is not None:
        lobby.hand_over(app, answer)
    by_id("loading").hidden = True
    set_flag("ready", round(js.performance.now()))
    app.thinker.ready()
    if again:
        return
    # Only once the page is ready and idle: the other games' modules, then the service
    # worker's precache (the snapshot for the next visits), which would slow the start.
    when_idle(lambda: modules.load(registry.ids(), lambda: update.watch(app)))
