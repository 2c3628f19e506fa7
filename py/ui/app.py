"""The page controller: which screen shows, the match loop (human turns, computer turns, round
ends), saving after every move, notices. Rules are only ever asked of the game object."""
import json

import js

from engine.errors import BadOptions, BadSave, IllegalMove
from engine import registry
from i18n import LANGS, pick_lang, prefix, t
from ui import home, overlay, storage, url
from ui.dom import by_id, closest, later, listen, set_flag
from ui.drag import Picker
from ui.newgame import NewGameForm
from ui.session import Session
from ui.tables import table_for

CATALOG = ("punto", "zero-pointe", "punttu", "neuf-vies")
PLAYABLE = ("punto", "zero-pointe")
SPEEDS = {"normal": (600, 450), "fast": (60, 120)}  # a computer's pause and flight, in ms


class App:
    catalog = CATALOG
    playable = PLAYABLE
    speeds = tuple(SPEEDS)

    def __init__(self):
        self.screen = by_id("screen")
        self.prefs = storage.read_prefs()
        self.lang = self.prefs.get("lang")
        if self.lang not in LANGS:
            self.lang = pick_lang(js.navigator.languages.to_py())
        self.picker = Picker(self.screen, self.say)
        self.session = None
        self.pending = None  # a new match waiting for the player to confirm replacing the save
        self.saved = None
        self.form = None
        self.table = None
        self.turn_token = 0  # bumped at every redraw and when the table goes: late timers do nothing
        self.shown_seat = None
        self.gate = None  # the (seat, ply) whose pass-the-device dialog is showing
        self.gate_passed = None  # the one its player has already dismissed
        root = js.document.body
        listen(root, "click", self.on_click)
        listen(root, "change", self.on_change)
        listen(root, "keydown", self.on_key)

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

    def apply_lang(self):
        js.document.documentElement.lang = self.lang
        js.document.title = self.t("app.title")
        switch = by_id("lang")
        switch.textContent = self.t("lang.switch")
        switch.setAttribute("aria-label", self.t("lang.switch_label"))
        by_id("home-link").setAttribute("aria-label", self.t("nav.home"))

    # --- start-up ------------------------------------------------------------------------
    def start(self):
        self.apply_lang()
        query = js.URLSearchParams.new(js.location.search)
        pairs = [(name, value) for name in dict.fromkeys(query.keys()) for value in query.getAll(name)]
        route = url.parse(pairs, PLAYABLE, CATALOG)
        notices = [self.load_saved()] + [self.t(key, **params) for key, params in route.notices]
        if route.game and route.start:
            # A reload must not start yet another match: the link becomes the plain page.
            js.history.replaceState(None, "", js.location.pathname)
            self.show_home()  # what stays if the player declines to replace a saved match
            self.begin(route.game, {}, route.seed, self.default_seats(route.game))
        elif route.game:
            self.show_new_game(route.game, route.seed)
        elif self.saved is not None and storage.was_at_table():
            self.open_table(self.saved)  # a reload (or a tab the phone discarded) resumes at once
        else:
            self.show_home()
        self.say(" ".join(n for n in notices if n))
        by_id("loading").hidden = True
        set_flag("ready", round(js.performance.now()))
        # Only now: its precache of the whole site (15 MB) would slow the first start down.
        if hasattr(js.navigator, "serviceWorker"):
            js.navigator.serviceWorker.register("./sw.js")

    def load_saved(self) -> str:
        """Read the saved match; an unreadable one is kept aside. Returns what to tell the player."""
        raw = storage.read_save()
        self.saved = None
        if raw is None:
            return ""
        try:
            self.saved = Session.restore(json.loads(raw))
        except (ValueError, BadSave) as err:
            storage.keep_aside(raw)
            return self.t("notice.save_aside", reason=str(err)[:120])
        return ""

    # --- screens -------------------------------------------------------------------------
    def leave_table(self):
        self.turn_token += 1
        self.picker.unmount()
        overlay.hide()
        self.table = None
        storage.set_at_table(False)
        set_flag("state", None)

    def show_home(self):
        self.leave_table()
        self.form = None
        home.render(self, self.screen, self.saved)

    def show_new_game(self, game_id: str, seed=None):
        self.leave_table()
        self.form = NewGameForm(self, registry.get(game_id), seed)
        defaults = self.prefs.get("options", {}).get(game_id, {})
        self.form.render(self.screen, defaults if isinstance(defaults, dict) else {})

    def default_seats(self, game_id: str) -> list:
        count = registry.get(game_id).check_options({})["players"]
        return [{"kind": "human" if i == 0 else "medium", "name": self.t("seat.default", n=i + 1)}
                for i in range(count)]

    def begin(self, game_id: str, options: dict, seed, seats: list, confirmed=False):
        """Start a match, asking first when it would replace a saved one."""
        if self.saved is not None and not confirmed:
            self.pending = (game_id, options, seed, seats)
            overlay.show(self.t("confirm.replace.title"), self.t("confirm.replace.body"),
                         buttons=[(self.t("btn.replace"), "replace-save"), (self.t("btn.cancel"), "close")])
            return
        try:
            session = Session.start(game_id, options, seed, seats)
        except BadOptions as err:
            self.notify("notice.bad_options", option=self.t(f"{prefix(game_id)}.opt.{err.key}"))
            return
        storage.write_pref("options", {**self.prefs.get("options", {}), game_id: options})
        self.prefs = storage.read_prefs()
        self.open_table(session)

    def open_table(self, session):
        self.leave_table()
        self.form = None
        self.session = session
        self.saved = session
        self.shown_seat = None
        self.gate_passed = None
        self.table = table_for(session.game.id)(self)
        storage.set_at_table(True)
        self.advance()

    # --- the match loop ------------------------------------------------------------------
    def advance(self):
        """Save, then show what comes next: a round's end, the match's end, a human's turn (behind
        a pass-the-device dialog in hot-seat play) or a computer's turn."""
        self.turn_token += 1  # whatever was scheduled for the previous screen is void now
        s = self.session
        if s.over:
            storage.drop_save()
            self.saved = None
        else:
            storage.write_save(s.dump())
        seat = s.screen_seat(self.shown_seat)
        self.shown_seat = seat
        view = s.view(seat)
        last = view.get("last_round")
        self.picker.unmount()
        if last and last["round"] > s.screen.get("seen_round", 0):
            self.table.render_round_end(view)
            title, body = self.table.round_end(view)
            button = "btn.see_result" if s.over else "btn.next_round"
            overlay.show(title, *body, buttons=[(self.t(button), "round-seen")], cls="round-end")
            set_flag("state", "round-end")
            return
        if s.over:
            self.table.render(view, active=False)
            title, body = self.table.match_end(view)
            overlay.show(title, *body, buttons=[(self.t("btn.rematch"), "rematch"),
                                                (self.t("btn.home"), "home")], cls="match-end")
            set_flag("state", "over")
            return
        mover = s.to_move
        if s.is_human(mover):
            auto = self.table.auto_move(view)
            if auto is not None:
                self.play_human(auto)
                return
            gate = (mover, view["ply"])
            if self.table.gate and len(s.human_seats()) > 1 and self.gate_passed != gate:
                self.table.render(view, active=False, hidden=True)
                name = s.seats[mover]["name"]
                overlay.show(self.t("gate.title", name=name), self.t("gate.body", name=name),
                             buttons=[(self.t("gate.ready", name=name), "gate")], cls="gate")
                self.gate = gate
                set_flag("state", "gate")
                return
            self.table.render(view, active=True)
            self.picker.mount(self.table.targets, self.table.drop)
            set_flag("state", "human")
        else:
            self.table.render(view, active=False)
            set_flag("state", "computer")
            token = self.turn_token
            later(SPEEDS[self.speed()][0], lambda: self.computer_turn(token))

    def speed(self) -> str:
        speed = self.prefs.get("speed")
        return speed if speed in SPEEDS else "normal"

    def computer_turn(self, token):
        if token != self.turn_token:
            return
        move = self.session.computer_move()

        def land():
            if token == self.turn_token:
                self.session.play(move)
                self.advance()

        self.table.animate(move, SPEEDS[self.speed()][1], land)

    def play_human(self, move: str):
        """A human's move from the table; returns the reason when the rules refuse it."""
        if not self.session.is_human(self.session.to_move):
            return None  # a stale tap while a computer plays
        try:
            self.session.play(move)
        except IllegalMove as err:
            return self.reason(err)
        self.say("")
        self.advance()
        return None

    # --- events --------------------------------------------------------------------------
    def on_click(self, event):
        node = closest(event, "[data-action]")
        if node is None:
            return
        action = node.dataset.action
        handler = getattr(self, "do_" + action.replace("-", "_"), None)
        if handler is not None:
            handler(node)

    def on_key(self, event):
        """Enter or Space on a card that acts like a button (turning a face-down card)."""
        if event.key not in ("Enter", " "):
            return
        node = closest(event, "[data-action]")
        if node is not None and node.tagName != "BUTTON":
            event.preventDefault()
            self.on_click(event)

    def on_change(self, event):
        target = event.target
        # getAttribute gives JS null for a missing attribute, where dataset.x would raise.
        setting = target.getAttribute("data-setting")
        if self.form is not None and target.getAttribute("data-option") == "players":
            self.form.render_seats(self.screen)
        elif setting:
            value = bool(target.checked) if target.type == "checkbox" else target.value
            storage.write_pref(setting, value)
            self.prefs = storage.read_prefs()

    def do_move(self, node):
        """A button that carries one of the game's moves (draw, turn a card, a column answer)."""
        reason = self.play_human(node.dataset.move)
        if reason is not None:
            self.say(reason)

    def do_home(self, node):
        self.say("")
        self.show_home()

    def do_new(self, node):
        self.say("")
        self.show_new_game(node.dataset.game)

    def do_continue(self, node):
        self.open_table(self.saved)

    def do_start(self, node):
        options, seats, seed = self.form.collect(self.screen)
        if seed is not None and not url.SEED_RE.fullmatch(seed):
            self.notify("notice.bad_seed")
            return
        self.begin(self.form.game.id, options, seed, seats)

    def do_replace_save(self, node):
        overlay.hide()
        self.begin(*self.pending, confirmed=True)

    def do_close(self, node):
        overlay.hide()

    def do_round_seen(self, node):
        last = self.session.view(self.shown_seat)["last_round"]
        self.session.screen["seen_round"] = last["round"]
        overlay.hide()
        self.advance()

    def do_gate(self, node):
        self.gate_passed = self.gate
        overlay.hide()
        self.advance()

    def do_rematch(self, node):
        s = self.session
        self.begin(s.game.id, s.screen["options"], None, s.seats)

    def do_lang(self, node):
        self.lang = LANGS[(LANGS.index(self.lang) + 1) % len(LANGS)]
        storage.write_pref("lang", self.lang)
        self.prefs = storage.read_prefs()
        self.apply_lang()
        if self.table is not None:
            self.advance()
        elif self.form is not None:
            self.show_new_game(self.form.game.id, self.form.seed)
        else:
            self.show_home()
