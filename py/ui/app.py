"""The page: which screen shows (home, a new game's form, a table, the lobby), the words, the
settings and the page's events. A table's game loop is ``ui/loop.py``, the stored match
``ui/saves.py``, play across devices ``ui/lobby.py`` and ``ui/remote.py``; every button's handler
is registered by its ``data-action`` (``ui/actions.py``). Rules are only ever asked of the game."""
import js

import ai
from engine.errors import BadOptions, IllegalMove
from games import registry
from i18n import LANGS, NUMBER, PLURAL, has, pick_lang, prefix, t
from match import REMOTE, Match
from net import invite
from session import LocalSession, Session
from ui import home, lobby, menu, modules, overlay, sound, storage, update, url  # noqa: F401 - menu's buttons
from ui.actions import HANDLERS, action
from ui.dom import by_id, closest, listen, set_flag, when_idle
from ui.drag import Picker
from ui.loop import SPEEDS, Loop
from ui.newgame import NewGameForm
from ui.saves import Saves
from ui.tables import has_table
from ui.tables.common import seat_names
from ui.thinker import Thinker


def _intl(kind, lang: str):
    """``kind`` (Intl.PluralRules, Intl.NumberFormat) for ``lang``, if the browser knows it."""
    return kind.new(lang) if kind.supportedLocalesOf(js.Array.of(lang)).length else None


def link_fragment() -> tuple[str, str]:
    """The address's invitation (``#join=``) or answer (``#answer=``) as (kind, code); an empty
    code when it holds neither."""
    kind, _, code = str(js.location.hash).lstrip("#").partition("=")
    return (kind, code) if kind in ("join", "answer") else ("", "")


def drop_fragment():
    """Take the fragment off the address, adding no history entry (a reload must not read it
    again)."""
    js.history.replaceState(None, "", js.location.pathname + js.location.search)


class App:
    speeds = tuple(SPEEDS)

    def __init__(self):
        self.screen = by_id("screen")
        self.prefs = storage.read_prefs()
        lang = self.prefs.get("lang")
        self.lang: str = lang if lang in LANGS else pick_lang(js.navigator.languages.to_py())
        self.picker = Picker(self.screen, self.say, self.act, lambda: self.sound("pick"))
        self.saves = Saves(self)
        self.loop: Loop | None = None  # the table's game loop, while a table is shown
        self.form = None
        self.pending = None  # a new match waiting for the player to confirm replacing the save
        self.link = None  # play across devices: this device's Host or Guest (ui/remote.py)
        self.lobby_up = False  # the host's lobby or the guest's join screen is shown
        self.scanning = None  # the camera reading an answer's QR code
        self.bad_invite = False  # the link's invitation could not be read
        self.thinker = Thinker()  # where a hard computer thinks: its worker, or here
        root = js.document.body
        listen(root, "click", self.on_click)
        listen(root, "change", self.on_change)
        listen(root, "keydown", self.on_key)
        listen(js.window, "storage", self.saves.on_storage)
        listen(js.window, "tapis-peer", self.on_peer)
        listen(js.window, "hashchange", self.on_hash)
        listen(self.screen, "animationend", self.on_motion_end)
        listen(js.window, "resize", self.on_resize)
        # The browser's own plural rules and number formats where it knows the language (a
        # browser may lack a language's data: Basque's, in some builds), else i18n's.
        plural, number = PLURAL["rule"], NUMBER["format"]
        rules = {lang: _intl(js.Intl.PluralRules, lang) for lang in LANGS}
        formats = {lang: _intl(js.Intl.NumberFormat, lang) for lang in LANGS}
        PLURAL["rule"] = lambda lang, n: rules[lang].select(n) if rules.get(lang) else plural(lang, n)
        NUMBER["format"] = lambda lang, n: formats[lang].format(n) if formats.get(lang) else number(lang, n)
        overlay.on_cancel(self.on_escape)

    # --- words ---------------------------------------------------------------------------
    def t(self, key: str, **params) -> str:
        return t(self.lang, key, **params)

    def game_name(self, game_id: str) -> str:
        return self.t(prefix(game_id) + ".name")

    def notify(self, key: str, **params):
        self.say(self.t(key, **params))

    def say(self, text: str):
        by_id("notice").textContent = text

    def reason(self, err: IllegalMove) -> str:
        return self.t(err.code, **err.params)

    def remote_words(self, key: str, params: dict, fallback: str) -> str:
        """Words another device named by key: a key this version lacks says ``fallback``."""
        try:
            return self.t(key, **params) if has(self.lang, key) else self.t(fallback)
        except (KeyError, IndexError, ValueError):
            return self.t(fallback)

    # --- seats in words --------------------------------------------------------------------
    @property
    def session(self) -> Session:
        """The match on screen: the table's, or the lobby's (seats are named from it)."""
        if self.loop is not None:
            return self.loop.session
        assert self.link is not None, "no match on screen"
        return self.link.session

    def is_you(self, seat: int) -> bool:
        """The seat of the player holding this device: the only human, unnamed."""
        s = self.session
        return s.humans() == [seat] and not s.seats[seat]["name"]

    def seat_name(self, seat: int) -> str:
        """A seat's name as typed; an unnamed seat is "You", "Player 2" or "Computer 3"."""
        s = self.session
        name = s.seats[seat]["name"]
        if name:
            return name
        if not s.is_human(seat):
            return self.t("seat.computer", n=seat + 1)
        return self.t("seat.you") if self.is_you(seat) else self.t("seat.default", n=seat + 1)

    def seat_words(self, key: str, seat: int, **params) -> str:
        """``key`` about ``seat``, in its second-person form (``key.you``) for the player's own."""
        if self.is_you(seat) and has(self.lang, key + ".you"):
            key += ".you"
        return self.t(key, name=self.seat_name(seat), **params)

    def winners_words(self, key: str, seats) -> str:
        """``key`` about the winners ``seats`` (``{names}``, ``n`` of them), the player first and
        in the second person when among them."""
        seats = sorted(seats, key=lambda s: not self.is_you(s))
        names = seat_names(self, seats)
        if seats and self.is_you(seats[0]) and has(self.lang, key + ".you"):
            key += ".you"
        return self.t(key, names=names, n=len(seats))

    # --- settings ------------------------------------------------------------------------
    def write_pref(self, name: str, value):
        if not storage.write_pref(name, value):
            self.saves.no_room()
        self.prefs = {**self.prefs, name: value}

    def speed(self) -> str:
        speed = self.prefs.get("speed")
        return speed if speed in SPEEDS else "normal"

    def theme(self) -> str:
        theme = self.prefs.get("theme")
        return theme if theme in menu.THEMES else "system"

    def sound(self, name: str):
        if self.prefs.get("sound") is True:
            sound.play(name)

    def buzz(self):
        """A short vibration when the turn comes back to the player (phones that can, and only
        after the player has touched the page, as browsers require)."""
        navigator = js.navigator
        if (self.prefs.get("vibrate", True) is True and hasattr(navigator, "vibrate")
                and navigator.userActivation.hasBeenActive):
            navigator.vibrate(40)

    def apply_theme(self):
        """Light, dark, or as the device says (css/tapis.css reads <html data-theme>; the page's
        first script sets it before the first paint)."""
        js.document.documentElement.setAttribute("data-theme", self.theme())

    def apply_lang(self):
        js.document.documentElement.lang = self.lang
        js.document.title = self.t("app.title")
        picker = by_id("lang")  # index.html lists the languages (scripts/build_home.py)
        picker.value = self.lang
        picker.setAttribute("aria-label", self.t("lang.label"))
        by_id("lang-code").textContent = self.lang.upper()
        by_id("home-label").textContent = " — " + self.t("nav.home")  # its name keeps "Tapis"
        by_id("unfold").textContent = self.t("btn.unfold")

    def set_lang(self, lang: str):
        """The page in ``lang`` from now on: the screen drawn again in its words."""
        if lang not in LANGS:
            return
        self.lang = lang
        self.write_pref("lang", lang)
        self.apply_lang()
        if self.loop is not None:
            overlay.hide()  # the menu it was chosen from
            self.loop.advance()
        elif self.lobby_up:
            lobby.render(self)
        elif self.form is not None:
            self.show_new_game(self.form.game.id, self.form.seed)
        else:
            self.show_home()

    # --- start-up ------------------------------------------------------------------------
    def start(self):
        query = js.URLSearchParams.new(js.location.search)
        pairs = [(name, value) for name in dict.fromkeys(query.keys()) for value in query.getAll(name)]
        games = registry.ids()  # not the games themselves: a table's page imports its game alone
        route = url.parse(pairs, [g for g in games if has_table(g)], games, LANGS)
        if route.think == "main":
            self.thinker.keep_on_page()
        if route.lang is not None:  # a link's language is the player's choice from now on
            self.lang = route.lang
            self.write_pref("lang", route.lang)
        self.apply_lang()
        self.apply_theme()
        # A game's tile tapped before Python was ready (index.html): the newest wish.
        chosen = getattr(js.window, "tapisChosen", None)
        chosen = chosen if isinstance(chosen, str) and has_table(chosen) else None
        offer, answer = self.read_fragment()
        needed = [g for g in (chosen, route.game, offer and offer.game) if g] + self.saves.game()
        modules.load(needed, lambda: self.open_first(route, chosen, offer=offer, answer=answer),
                     lambda _error: self.open_first(route, None, lost=True))

    def read_fragment(self):
        """An invitation (``#join=``) or a guest's answer (``#answer=``) in the link: read once,
        then taken off the address (a reload must not answer a used invitation again)."""
        kind, code = link_fragment()
        if not code:
            return None, None
        drop_fragment()
        if kind == "answer":
            return None, code
        try:
            offer = invite.unpack(code)
        except invite.BadInvite as err:
            js.console.warn(f"Tapis: not an invitation: {err}")
            self.bad_invite = True
            return None, None
        if offer.kind != "offer" or not has_table(offer.game):
            self.bad_invite = True
            return None, None
        return offer, None

    def on_hash(self, _event):
        """A link opened in this tab that differs from its address by the fragment alone (a new
        invitation, an answer): the browser does not load it again, so the page does. A host's
        tab takes an answer in place: a reload would drop its other guests' connections."""
        kind, code = link_fragment()
        if not code:
            return
        if kind == "answer" and self.link is not None:
            drop_fragment()
            lobby.hand_answer(self, code)
            return
        js.location.reload()

    def open_first(self, route, chosen, lost=False, offer=None, answer=None):
        """The first screen once its game's modules are in (``lost``: they could not be fetched,
        the home page says so and touches no save)."""
        if lost:
            self.saves.keep_unread()
        notices = [self.saves.load() if not lost else self.t("notice.offline_game")]
        notices += [self.t(key, **params) for key, params in route.notices]
        if self.bad_invite:
            notices.append(self.t("join.bad"))
        saved = self.saves.saved
        if lost:
            self.show_home()
        elif offer is not None:
            lobby.join(self, offer, registry.get(offer.game))
        elif chosen:
            self.show_new_game(chosen)
        elif route.game and route.start:
            if saved is not None:
                self.show_home()  # what stays if the player declines to replace it
            self.begin(route.game, {}, route.seed, self.default_seats(route.game))
        elif route.game:
            self.show_new_game(route.game, route.seed)
        elif saved is not None and storage.was_at_table():
            self.open_table(LocalSession(saved))  # a reload (or a tab the phone discarded) resumes at once
        else:
            self.show_home()
        self.say(" ".join(n for n in notices if n))
        if answer is not None:
            lobby.hand_over(self, answer)
        by_id("loading").hidden = True
        set_flag("ready", round(js.performance.now()))
        self.thinker.ready()
        # Only once the page is ready and idle: the other games' modules, then the service
        # worker's precache (the snapshot for the next visits), which would slow the start.
        when_idle(lambda: modules.load(registry.ids(), lambda: update.watch(self)))

    # --- screens -------------------------------------------------------------------------
    def leave_table(self):
        if self.loop is not None:
            self.loop.stop()
            self.loop = None
        self.picker.unmount()
        overlay.hide()
        self.screen.removeAttribute("data-active")
        self.show_bar(False)
        storage.set_at_table(False)
        set_flag("state", None)

    def show_bar(self, at_table: bool):
        """The bar's buttons at a table: the players' sheet and the menu (Undo: ``Loop.show_undo``);
        elsewhere the language picker, which a table's menu holds (the bar fits 320 px)."""
        by_id("menu").hidden = not at_table
        by_id("lang-pick").hidden = at_table
        by_id("menu").textContent = self.t("menu.title")
        seats = by_id("seats")
        seats.hidden = not at_table
        seats.setAttribute("aria-label", self.t("seats.open"))
        seats.title = self.t("seats.open")
        if not at_table:
            by_id("undo").hidden = True

    def end_link(self):
        """Close this device's connections to others (the player left the lobby or the table)."""
        if self.link is not None:
            self.link.close()
        if self.scanning is not None:
            self.scanning.stop()
        self.link = self.scanning = None
        self.lobby_up = False

    def show_home(self):
        self.leave_table()
        self.end_link()
        self.form = None
        home.render(self, self.screen, self.saves.saved)

    def show_new_game(self, game_id: str, seed=None):
        self.leave_table()
        self.end_link()
        self.form = NewGameForm(self, registry.get(game_id), seed)
        defaults = self.prefs.get("options", {}).get(game_id, {})
        self.form.render(self.screen, defaults if isinstance(defaults, dict) else {})

    def default_seats(self, game_id: str) -> list:
        count = registry.get(game_id).check_options({})["players"]
        return [{"kind": "human" if i == 0 else "medium", "name": ""} for i in range(count)]

    def begin(self, game_id: str, options: dict, seed, seats: list, confirmed=False):
        """Start a match, asking first when it would replace a saved one."""
        # A reload must show the table, not the link's form or yet another new match.
        js.history.replaceState(None, "", js.location.pathname)
        if self.saves.exists() and not confirmed:
            self.pending = (game_id, options, seed, seats)
            overlay.show(self.t("confirm.replace.title"), self.t("confirm.replace.body"),
                         buttons=[(self.t("btn.replace"), "replace-save"), (self.t("btn.cancel"), "close")],
                         escape="close")
            return
        try:
            match = Match.new(game_id, options, seed, seats, ai.think)
        except BadOptions as err:
            self.notify("notice.bad_options", option=self.t(f"{prefix(game_id)}.opt.{err.key}"))
            return
        self.write_pref("options", {**self.prefs.get("options", {}), game_id: options})
        self.open_table(LocalSession(match), new=True)

    def open_table(self, session: LocalSession, new=False):
        """Show a match held here; a ``new`` one is dealt before the player's eyes, a resumed one
        not. A match with seats on other devices first shows its lobby, with fresh invitations."""
        if lobby.host(self, session, new):
            return
        self.thinker.want(session.seats)
        self.show_table(session, new)

    def show_table(self, session: Session, new: bool):
        """The table of ``session``, drawn from what it says comes next."""
        self.leave_table()
        self.form = None
        self.lobby_up = False
        self.loop = Loop(self, session, new)
        storage.set_at_table(session.authority)
        self.loop.advance()

    def playing_remote(self) -> bool:
        """The host's table is up: moves from other devices are played now."""
        return self.loop is not None and not self.lobby_up

    def play_human(self, move: str) -> str | None:
        """A person's move from the table (a drop, a button): the reason when it is refused."""
        return self.loop.human(move) if self.loop is not None else None

    # --- play across devices: the connections' news --------------------------------------
    def sync_link(self):
        if self.link is not None:
            self.link.sync()

    def seats_changed(self, changed: int | None = None):
        lobby.seats_changed(self, changed)

    def on_peer(self, event):
        if self.link is not None:
            detail = event.detail
            self.link.on_peer(str(detail.id), str(detail.kind), detail.data)

    # --- events --------------------------------------------------------------------------
    def on_click(self, event):
        """A click with no tap behind it (a tap acts when the finger lifts: ui.drag)."""
        node = closest(event, "[data-action]")
        if node is not None and not self.picker.echo(event):
            self.act(node)

    def act(self, node):
        """A button pressed (``data-action``), by a tap, a click or the keyboard."""
        if node.hasAttribute("disabled"):
            return
        handler = HANDLERS.get(str(node.dataset.action))
        if handler is not None:
            handler(self, node)

    def on_key(self, event):
        """Enter or Space on a card that acts like a button (turning a face-down card)."""
        if event.key not in ("Enter", " "):
            return
        node = closest(event, "[data-action]")
        if node is not None and node.tagName != "BUTTON":
            event.preventDefault()
            self.act(node)

    def on_motion_end(self, event):
        if self.loop is not None:
            self.loop.table.settle(event.target)

    def on_resize(self, _event):
        if self.loop is not None:
            self.loop.table.on_resize()

    def on_escape(self, name):
        """Escape on a dialog: what it may safely do there (fold a result, cancel a question)."""
        if name is not None:
            HANDLERS[name](self, None)

    def on_change(self, event):
        target = event.target
        # getAttribute gives JS null for a missing attribute, where dataset.x would raise.
        setting = target.getAttribute("data-setting")
        if self.form is not None and target.getAttribute("data-option"):
            if target.getAttribute("data-option") == "players":
                self.form.render_seats(self.screen)
            self.form.say_rules(self.screen)
        elif setting == "lang":
            self.set_lang(str(target.value))
        elif setting:
            self.write_pref(setting, bool(target.checked) if target.type == "checkbox" else target.value)
            if setting == "theme":
                self.apply_theme()
            elif setting == "stun" and self.link is not None:
                self.link.invite_all()  # the invitations not taken yet, made again that way
                self.seats_changed()


# --- the buttons of the page and its tables ----------------------------------------------------
@action("home")
def go_home(app, node):
    overlay.hide()
    app.say("")
    app.show_home()


@action("new")
def new_game(app, node):
    game_id = node.dataset.game
    app.say("" if modules.ready(game_id) else app.t("loading.game", game=app.game_name(game_id)))
    modules.load([game_id], lambda: app.show_new_game(game_id), lambda _error: app.notify("notice.offline_game"))


@action("continue")
def resume(app, node):
    app.open_table(LocalSession(app.saves.saved))


@action("start")
def start_match(app, node):
    options, seats, seed = app.form.collect(app.screen)
    kinds = [seat["kind"] for seat in seats]
    if REMOTE in kinds and "human" not in kinds:
        app.notify("remote.need_here")  # the host's device shows the table: one player here
        return
    if seed is not None and not url.SEED_RE.fullmatch(seed):
        app.notify("notice.bad_seed")
        return
    app.begin(app.form.game.id, options, seed, seats)


@action("replace-save")
def replace_save(app, node):
    overlay.hide()
    app.begin(*app.pending, confirmed=True)


@action("close")
def close(app, node):
    overlay.hide()


@action("fold")
def fold(app, node):
    overlay.fold()


@action("unfold")
def unfold(app, node):
    overlay.unfold()


@action("move")
def move(app, node):
    """A button that carries one of the game's moves (draw, turn a card, a column answer)."""
    reason = app.play_human(node.dataset.move)
    if reason is not None:
        app.say(reason)


@action("round-seen")
def round_seen(app, node):
    app.session.acknowledge_round()
    overlay.hide()
    app.loop.advance()


@action("gate")
def gate(app, node):
    session = app.session
    session.show_to(session.to_move)
    overlay.hide()
    app.loop.advance()


@action("undo")
def undo(app, node):
    if app.loop is not None:
        app.loop.undo()
