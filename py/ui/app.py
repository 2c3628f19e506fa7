"""The page: which screen shows (home, a new game's form, a table, the lobby), the words, the
settings and the page's events. The first screen is ``ui/first.py``'s, a table's game loop
``ui/loop.py``, the stored match ``ui/saves.py``, play across devices ``ui/lobby.py`` and
``ui/remote.py``; every button's handler is registered by its ``data-action`` (``ui/actions.py``;
the page's own in ``ui/buttons.py``, the menu's in ``ui/menu.py``). Rules are only ever asked of
the game."""
import js

import ai
from engine.errors import BadOptions, IllegalMove
from games import registry
from i18n import LANGS, NUMBER, PLURAL, has, pick_lang, prefix, t
from match import Match
from session import LocalSession, Session
from ui import buttons, menu  # noqa: F401 - their buttons' handlers
from ui import coach, first, home, lobby, overlay, past, replay, sound, storage, toast, warm
from ui.actions import HANDLERS
from ui.dom import by_id, closest, listen, set_flag
from ui.drag import Picker
from ui.loop import SPEEDS, Loop
from ui.newgame import NewGameForm
from ui.saves import Saves
from ui.tables.common import seat_names
from ui.thinker import Thinker


def _intl(kind, lang: str):
    """``kind`` (Intl.PluralRules, Intl.NumberFormat) for ``lang``, if the browser knows it."""
    return kind.new(lang) if kind.supportedLocalesOf(js.Array.of(lang)).length else None


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
        self.thinker = Thinker()  # where a hard computer thinks: its worker, or here
        self.review: coach.Review | None = None  # the review of the last match played against computers
        root = js.document.body
        listen(root, "click", self.on_click)
        listen(root, "change", self.on_change)
        listen(root, "keydown", self.on_key)
        listen(js.window, "storage", self.saves.on_storage)
        listen(js.window, "tapis-peer", self.on_peer)
        listen(js.window, "hashchange", lambda _event: first.on_hash(self))
        listen(self.screen, "animationend", self.on_motion_end)
        listen(js.window, "resize", self.on_resize)
        toast.watch()
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
        """A notice, as a toast near where the player acted (``ui/toast.py``); "" clears it."""
        toast.show(text)

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

    def is_you(self, seat: int, match=None) -> bool:
        """The seat of the player holding this device: the only human, unnamed (in the match on
        screen, or in ``match``: the saved one, on the home page)."""
        s = match or self.session
        return s.humans() == [seat] and not s.seats[seat]["name"]

    def seat_name(self, seat: int, match=None) -> str:
        """A seat's name as typed; an unnamed seat is "You", "Player 2" or "Computer 3"."""
        s = match or self.session
        name = s.seats[seat]["name"]
        if name:
            return name
        if not s.is_human(seat):
            return self.t("seat.computer", n=seat + 1)
        return self.t("seat.you") if self.is_you(seat, s) else self.t("seat.default", n=seat + 1)

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
        first.start(self)
        warm.offer(self)

    # --- screens -------------------------------------------------------------------------
    def leave_table(self):
        if self.loop is not None:
            self.loop.stop()
            self.loop = None
        self.picker.unmount()
        overlay.hide()
        self.screen.removeAttribute("data-active")
        self.show_bar(False)
        storage.set_at_table(None)
        set_flag("state", None)

    def show_bar(self, at_table: bool):
        """The bar's buttons at a table: the players' sheet and the menu (Undo and Hint: ``Loop.show_undo``);
        elsewhere the language picker, which a table's menu holds (the bar fits 320 px)."""
        by_id("menu").hidden = not at_table
        by_id("lang-pick").hidden = at_table
        by_id("menu").textContent = self.t("menu.title")
        seats = by_id("seats")
        seats.hidden = not at_table
        seats.setAttribute("aria-label", self.t("seats.open"))
        seats.title = self.t("seats.open")
        if not at_table:
            by_id("undo").hidden = by_id("hint").hidden = True

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
        coach.offer(self, game_id, self.screen.querySelector("form.newgame"))

    def default_seats(self, game_id: str) -> list:
        count = registry.get(game_id).check_options({})["players"]
        return [{"kind": "human" if i == 0 else "medium", "name": ""} for i in range(count)]

    def begin(self, game_id: str, options: dict, seed, seats: list, confirmed=False):
        """Start a match, asking first when it would replace a saved one."""
        # A reload must show the table, not the link's form or yet another new match.
        js.history.replaceState(None, "", js.location.pathname)
        if self.saves.has(game_id) and not confirmed:
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
        self.saves.replace(game_id)  # the match it replaces goes to the history
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
        storage.set_at_table(session.game.id if session.dump() is not None else None)
        self.loop.advance()

    def playing_remote(self) -> bool:
        """The host's table is up: moves from other devices are played now."""
        return self.loop is not None and not self.lobby_up

    def match_over(self, session: Session) -> list:
        """The match at the table has ended: the result dialog's buttons of its review, if any."""
        return coach.match_over(self, session)

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
        elif setting == "history-game":
            past.choose_game(self, target)
        elif setting == "history-import":
            past.take_file(self, target)
        elif setting == "replay-seat":
            replay.choose_seat(self, target)
        elif setting:
            self.write_pref(setting, bool(target.checked) if target.type == "checkbox" else target.value)
            if setting == "theme":
                self.apply_theme()
            elif setting == "stun" and self.link is not None:
                self.link.invite_all()  # the invitations not taken yet, made again that way
                self.seats_changed()
