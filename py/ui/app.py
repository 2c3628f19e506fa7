"""The page controller: which screen shows, drawing what the match controller says comes next
(match), saving after every move, notices. Rules are only ever asked of the game."""
import js
from pyodide.ffi import to_js

import ai
from engine.errors import BadOptions, IllegalMove
from engine.save import parse
from games import registry
from i18n import LANGS, NUMBER, PLURAL, has, names, pick_lang, prefix, t
from match import NAME_MAX, REMOTE, Match
from net import invite
from ui import home, lobby, modules, overlay, sound, storage, update, url
from ui.dom import by_id, closest, find, later, listen, morph, mount, set_flag, soon, when_idle
from ui.drag import Picker
from ui.html import el
from ui.newgame import NewGameForm
from ui.remote import Guest, Host
from ui.tables import has_table, table_for
from ui.tables.common import emblem, reduced_motion, seat_names
from ui.tables.frame import Frame
from ui.thinker import Thinker

# A computer's pause and card flight, in ms, per move: at "normal" a move takes about 0.6 s, so
# a Zéro Pointé turn (draw, then place) about 1.2 s, each step seen.
SPEEDS = {"normal": (250, 350), "fast": (60, 120)}
# The longest a computer thinks at a stretch before the browser gets its turn (to paint, to
# answer a tap): well under the 50 ms that make a page feel stuck.
THINK_SLICE_MS = 10
LOG_SHOWN = 3  # moves the log shows: the last few, the table stays the thing to look at
RESULT_DELAY_MS = 450  # a result's dialog waits for the last card's glide (css/tapis.css .moved)
RESULT_CLASS = {"round_end": "round-end", "over": "match-end"}
THEMES = ("system", "light", "dark")
UNREADABLE = (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError)


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
        self.lang = self.prefs.get("lang")
        if self.lang not in LANGS:
            self.lang = pick_lang(js.navigator.languages.to_py())
        self.picker = Picker(self.screen, self.say, self.act, lambda: self.sound("pick"))
        self.match = None
        self.pending = None  # a new match waiting for the player to confirm replacing the save
        self.saved = None  # the match in storage, if any
        self.saved_text = None  # the save as this tab last read or wrote it (other tabs write too)
        self.told_no_room = False  # a full storage is said once, not at every move
        self.log = []  # this visit's moves, (mover, words), newest last
        self.waited = False  # the last step was not the player's: their turn is news
        self.form = None
        self.table = None
        self.turn_token = 0  # bumped at every redraw and when the table goes: late timers do nothing
        self.host = None  # this device holds a match played on other devices too (ui/remote.py)
        self.guest = None  # this device plays one seat of another device's match
        self.lobby_up = False  # the host's lobby or the guest's join screen is shown
        self.lobby_resume = False  # the lobby is of a match already under way
        self.scanning = None  # the camera reading an answer's QR code
        self.bad_invite = False  # the link's invitation could not be read
        self.thinker = Thinker()  # where a hard computer thinks: its worker, or here
        root = js.document.body
        listen(root, "click", self.on_click)
        listen(root, "change", self.on_change)
        listen(root, "keydown", self.on_key)
        listen(js.window, "storage", self.on_storage)
        listen(js.window, "tapis-peer", self.on_peer)
        listen(js.window, "hashchange", self.on_hash)
        listen(self.screen, "animationend", Frame.settle)
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

    # --- seats in words ------------------------------------------------------------------
    def is_you(self, seat: int) -> bool:
        """The seat of the player holding this device: the only human, unnamed."""
        m = self.match
        return m.humans() == [seat] and not m.seats[seat]["name"]

    def seat_name(self, seat: int) -> str:
        """A seat's name as typed; an unnamed seat is "You", "Player 2" or "Computer 3"."""
        m = self.match
        name = m.seats[seat]["name"]
        if name:
            return name
        if not m.is_human(seat):
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

    def reason(self, err: IllegalMove) -> str:
        return self.t(err.code, **err.params)

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
        needed = [g for g in (chosen, route.game, offer and offer.game) if g] + self.saved_game()
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
        if kind == "answer" and self.host is not None:
            drop_fragment()
            self.hand_answer(code)
            return
        js.location.reload()

    def open_first(self, route, chosen, lost=False, offer=None, answer=None):
        """The first screen once its game's modules are in (``lost``: they could not be fetched,
        the home page says so and touches no save)."""
        if lost:  # the save stays, unread: a new match asks before it replaces it (begin)
            self.saved_text = storage.read_save()
        notices = [self.load_saved() if not lost else self.t("notice.offline_game")]
        notices += [self.t(key, **params) for key, params in route.notices]
        if self.bad_invite:
            notices.append(self.t("join.bad"))
        if lost:
            self.show_home()
        elif offer is not None:
            self.guest = Guest(self, offer, registry.get(offer.game))
            self.show_join()
        elif chosen:
            self.show_new_game(chosen)
        elif route.game and route.start:
            if self.saved is not None:
                self.show_home()  # what stays if the player declines to replace it
            self.begin(route.game, {}, route.seed, self.default_seats(route.game))
        elif route.game:
            self.show_new_game(route.game, route.seed)
        elif self.saved is not None and storage.was_at_table():
            self.open_table(self.saved)  # a reload (or a tab the phone discarded) resumes at once
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

    def saved_game(self) -> list:
        """The game of the stored match as far as it reads (its modules are fetched first)."""
        try:
            game = parse(storage.read_save())["game"]
        except UNREADABLE:
            return []
        return [game] if isinstance(game, str) else []

    def load_saved(self) -> str:
        """Read the saved match; an unreadable one is kept aside. Returns what to tell the player
        (the technical reason goes to the console)."""
        raw = storage.read_save()
        self.saved, self.saved_text = None, raw
        if raw is None:
            return ""
        try:
            self.saved = Match.load(parse(raw), ai.think)
        except UNREADABLE as err:
            js.console.warn(f"Tapis: the saved game was set aside: {str(err)[:300]}")
            kept = storage.keep_aside(raw)
            self.saved_text = None
            return self.t("notice.save_aside" if kept else "notice.save_dropped")
        return ""

    # --- screens -------------------------------------------------------------------------
    def leave_table(self):
        self.turn_token += 1
        self.picker.unmount()
        overlay.hide()
        self.table = None
        self.screen.removeAttribute("data-active")
        self.show_undo(False)
        storage.set_at_table(False)
        set_flag("state", None)

    def show_home(self):
        self.leave_table()
        self.end_link()
        self.form = None
        home.render(self, self.screen, self.saved)

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
        if (self.saved is not None or self.saved_text is not None) and not confirmed:
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
        self.open_table(match, new=True)

    def open_table(self, match, new=False):
        """Show a match; a ``new`` one is dealt before the player's eyes, a resumed one not. A
        match with seats on other devices first shows its lobby, with fresh invitations."""
        if self.host is not None and self.host.keeps(match):
            self.host.match = match  # a rematch: the same devices play on
        elif self.host is not None and self.host.match is not match:
            self.end_link()
        if match.remotes() and self.host is None:
            self.host = Host(self, match, new)
            lobby.listen_for_answers(self.take_answer)
            self.host.invite_all()
            self.show_lobby(resume=not new)
            return
        self.leave_table()
        self.form = None
        self.lobby_up = False
        self.match = match
        self.log = []
        self.table = table_for(match.game.id)(self)
        self.table.deal_first = new
        storage.set_at_table(True)
        if self.guest is None:  # a guest's device shows the host's computers' moves
            self.thinker.want(match.seats)
        self.advance()

    # --- the match loop ------------------------------------------------------------------
    def advance(self):
        """Save, then show what the match says comes next: a round's end, the match's end, a
        pass-the-device dialog, a human's turn or a computer's turn."""
        self.turn_token += 1  # whatever was scheduled for the previous screen is void now
        if self.guest is None and not self.save():
            return
        if self.host is not None:
            self.host.broadcast()
        m = self.match
        step = m.step()
        if step.kind == "human":
            m.show_to(step.seat)
        seat = m.screen_seat()
        view = m.view(seat if seat is not None else step.seat)
        hidden = seat is None
        self.picker.unmount()
        self.show_undo(True)
        state = {"round_end": "round-end", "over": "over"}.get(step.kind, step.kind)
        if step.kind in ("round_end", "over"):
            self.table.render_round_end(view)  # the finished table stays in sight
            self.show_result(step.kind, view, state)
            state = None  # said once the dialog is up
        elif step.kind == "gate":
            self.table.render(view, active=False, hidden=True)
            name = self.seat_name(step.seat)
            overlay.show(self.t("gate.title", name=name), self.t("gate.body", name=name),
                         buttons=[(self.t("gate.ready", name=name), "gate")], cls="gate")
        elif step.kind == "human":
            auto = self.table.auto_move(view)
            # A guest's automatic move goes once: refused or lost, the player makes it by hand.
            if auto is not None and (self.guest is None or self.guest.sent != (view["ply"], auto)):
                self.play_human(auto)
                return
            self.table.render(view, active=True)
            self.picker.mount(self.table.targets, self.table.drop)
            if self.waited:
                self.buzz()
        else:  # a computer's turn (played here unless this is a guest's device), or a remote player's
            self.table.render(view, active=False, hidden=hidden)
            if step.kind == "computer" and self.guest is None:
                token = self.turn_token
                later(self.table.hold, lambda: self.computer_turn(token))
        # The player's turn after someone else's (not the second step of their own turn).
        self.waited = step.kind != "human"
        if state is not None:
            set_flag("state", state)
        if not getattr(self.table, "own_log", False):
            self.show_log()
        self.settle_focus()

    def show_result(self, kind: str, view, state: str):
        """A round's or the match's result in a dialog, once the last card has settled (at once
        for players who asked for less motion)."""
        token = self.turn_token
        if kind == "round_end":
            title, body = self.table.round_end(view)
            buttons = [(self.t(f"{prefix(self.match.game.id)}.next_round"), "round-seen")]
        else:
            title, body = self.table.final_result(view)
            buttons = [(self.t("btn.home"), "home")] if self.guest is not None else [
                (self.t("btn.rematch"), "rematch"), (self.t("btn.home"), "home")]

        def show():
            if token != self.turn_token:
                return
            overlay.show(title, *body, buttons=buttons, cls=RESULT_CLASS[kind], escape="fold",
                         fold_label=self.t("btn.fold"))
            set_flag("state", state)
            self.settle_focus()

        if reduced_motion():
            show()
        else:
            later(RESULT_DELAY_MS, show)

    def buzz(self):
        """A short vibration when the turn comes back to the player (phones that can, and only
        after the player has touched the page, as browsers require)."""
        navigator = js.navigator
        if (self.prefs.get("vibrate", True) is True and hasattr(navigator, "vibrate")
                and navigator.userActivation.hasBeenActive):
            navigator.vibrate(40)

    def show_log(self):
        """The last moves in words under the table, the newest last and marked, each after its
        player's emblem."""
        box = el("section", "movelog", None, aria_labelledby="log-title")
        box.appendChild(el("h2", "sr-only", self.t("log.title"), id="log-title"))
        items = el("ol", "")
        for i, (seat, words) in enumerate(self.log):
            items.appendChild(el("li", "latest" if i == len(self.log) - 1 else "", None,
                                 emblem(self, seat), el("span", "", words)))
        box.appendChild(items)
        shown = find(self.screen, ":scope > .movelog")  # kept by a table that redrew in place
        if shown is None:
            mount(self.screen, box)
        else:
            morph(shown, box)

    def settle_focus(self):
        """After a redraw, focus never stays on <body>: the card to play, else the status line
        (which holds it only until there is a card to play)."""
        active = js.document.activeElement
        if by_id("overlay").open or (active and active.tagName != "BODY" and active.id != "status"
                                     and self.screen.contains(active)):
            return
        target = find(self.screen, "[data-drag]") or find(self.screen, "#status")
        if target is not None:
            target.focus()

    def save(self) -> bool:
        """Store the match after a move. Another tab may have changed the save meanwhile: then
        its match wins, and the player is told that this tab's last move was not kept."""
        if storage.read_save() != self.saved_text:
            self.adopt_other_tab(lost_move=True)
            return False
        m = self.match
        if m.over:
            storage.drop_save()
            self.saved, self.saved_text = None, None
            return True
        text = storage.encode(m.dump())
        if storage.write_save(text):
            self.saved, self.saved_text = m, text
        elif not self.told_no_room:
            self.told_no_room = True
            self.notify("notice.save_failed")
        return True

    def speed(self) -> str:
        speed = self.prefs.get("speed")
        return speed if speed in SPEEDS else "normal"

    def computer_turn(self, token):
        """A computer's turn: it thinks (a hard one in its worker, if that is up; else here, in
        slices, the page staying alive), waits out the rest of the speed's pause, then its card
        flies. Any redraw meanwhile (an undo, another tab's move, leaving the table) changes the
        token: the search is dropped, the worker's answer too."""
        if token != self.turn_token:
            return
        m = self.match
        level = m.seats[m.to_move]["kind"]
        js.performance.mark("tapis.think")
        begun = js.performance.now()

        def here():
            self.think(token, level, m.computer_think(), begun)

        if not self.thinker.ask(m, level, lambda move: self.thought(token, level, move, begun, "worker"), here):
            here()

    def think(self, token, level: str, steps, begun: float):
        if token != self.turn_token:
            return
        deadline = js.performance.now() + THINK_SLICE_MS
        for move in steps:
            if move is not None:
                break
            if js.performance.now() >= deadline:
                soon(lambda: self.think(token, level, steps, begun))
                return
        self.thought(token, level, move, begun, "page")

    def thought(self, token, level: str, move: str, begun: float, where: str):
        """The computer has chosen (``where``: on the page or in the worker): the rest of the
        speed's pause, then its card flies."""
        if token != self.turn_token:
            js.performance.mark("tapis.think.stale")  # the table was redrawn meanwhile
            return
        # The thinking's wall time (slices and all, or the worker's round trip), and below the
        # wait until the card flies and the whole turn (its flight and the redraw too), for
        # bench/page_ai.py and the browser's tools.
        js.performance.measure(f"tapis.think.{level}", to_js({"start": "tapis.think", "detail": where},
                                                             dict_converter=js.Object.fromEntries))
        pause, flight = SPEEDS[self.speed()]

        def land():
            if token == self.turn_token:
                self.play_and_tell(move)
                self.advance()
                js.performance.measure(f"tapis.turn.{level}", "tapis.think")

        def fly():
            if token == self.turn_token:
                js.performance.measure(f"tapis.wait.{level}", "tapis.think")
                self.table.animate(move, flight, land)

        later(max(0, pause - (js.performance.now() - begun)), fly)

    def play_human(self, move: str):
        """A human's move from the table; returns the reason when the rules refuse it."""
        m = self.match
        if m is None or not m.is_human(m.to_move) or m.step().kind != "human":
            return None  # a stale tap while a computer plays or a dialog is up
        if self.guest is not None:  # the host's rules decide: its answer redraws the table
            self.picker.unmount()  # one move at a time, until that answer
            set_flag("state", "sent")
            self.guest.sent = (m.current["ply"], move)
            if not self.guest.send_move(move):
                self.notify("remote.not_sent")
                self.advance()  # the card back in hand, to play again
            return None
        try:
            self.play_and_tell(move)
        except IllegalMove as err:
            return self.reason(err)
        self.say("")
        self.advance()
        return None

    def play_and_tell(self, move: str):
        """Play a move and tell it in words: in the move log, and to screen readers."""
        m = self.match
        mover = m.to_move
        seat = m.screen_seat()
        seat = mover if seat is None else seat
        before = m.view(seat)
        m.play(move)
        self.tell(mover, self.table.describe(before, move, m.view(seat), self.seat_name(mover)))

    def tell(self, mover: int, words: str):
        m = self.match
        self.log = (self.log + [(mover, words)])[-LOG_SHOWN:]
        by_id("announce").textContent = words
        self.sound("win" if m.rounds_done > m.seen_rounds else "place")

    def sound(self, name: str):
        if self.prefs.get("sound") is True:
            sound.play(name)

    # --- undo --------------------------------------------------------------------------------
    def show_undo(self, at_table: bool):
        """The bar's buttons at a table: the players' sheet, the menu, and Undo where the game
        allows it at all and humans play; Undo looks unavailable when the last human move may not
        go, and says why when tapped."""
        m = self.match if at_table else None
        by_id("menu").hidden = m is None
        by_id("lang-pick").hidden = m is not None  # at a table it is in the menu: the bar fits 320 px
        by_id("menu").textContent = self.t("menu.title")
        seats = by_id("seats")
        seats.hidden = m is None
        seats.setAttribute("aria-label", self.t("seats.open"))
        seats.title = self.t("seats.open")
        button = by_id("undo")
        button.hidden = m is None or not m.humans() or not m.game.undo or bool(m.remotes())
        button.textContent = self.t("btn.undo")
        button.setAttribute("aria-disabled", str(not self.can_undo()).lower())

    def can_undo(self) -> bool:
        m = self.match
        seat = m.last_human() if m is not None and self.table is not None else None
        return seat is not None and m.undo_point(seat) is not None

    def do_undo(self, node):
        seat = self.match.last_human() if self.table is not None else None
        if seat is None or not self.match.undo(seat):
            self.notify("notice.no_undo")
            return
        self.say("")
        overlay.hide()
        self.advance()

    # --- other tabs ----------------------------------------------------------------------
    def on_storage(self, event):
        """Another tab of the site wrote or dropped the save (this tab's own writes fire nothing)."""
        if (event.key not in (storage.SAVE_KEY, None) or storage.read_save() == self.saved_text
                or self.guest is not None):
            return
        modules.load(self.saved_game(), self.adopt_save)

    def adopt_save(self):
        if self.table is not None:
            self.adopt_other_tab(lost_move=False)
        else:
            notice = self.load_saved()
            if self.form is None:
                self.show_home()
            self.say(notice)

    def adopt_other_tab(self, lost_move: bool):
        """Show the match as the other tab left it: one save, never two tabs overwriting."""
        modules.load(self.saved_game(), lambda: self.show_other_tab(lost_move))

    def show_other_tab(self, lost_move: bool):
        notice = self.load_saved()
        if self.saved is not None:
            self.open_table(self.saved)
            key = "notice.other_tab_lost" if lost_move else "notice.other_tab"
        else:
            self.show_home()
            key = "notice.other_tab_ended"
        self.say(" ".join(n for n in (self.t(key), notice) if n))

    # --- play across devices (ui/remote.py holds the connections, ui/lobby.py the screens) ---
    def end_link(self):
        """Close this device's connections to others (the player left the lobby or the table)."""
        for link in (self.host, self.guest):
            if link is not None:
                link.close()
        if self.scanning is not None:
            self.scanning.stop()
        self.host = self.guest = self.scanning = None
        self.lobby_up = False

    def show_lobby(self, resume: bool):
        self.leave_table()
        self.form = None
        self.lobby_up = True
        self.lobby_resume = resume
        self.match = self.host.match
        storage.set_at_table(resume)  # a reload in a match's lobby comes back to it
        lobby.render_host(self, self.host, resume)
        set_flag("state", "lobby")

    def show_join(self):
        self.leave_table()
        self.form = None
        self.lobby_up = True
        lobby.render_guest(self, self.guest)
        set_flag("state", "join")

    def seats_changed(self, changed: int | None = None):
        """A connection's news: the lobby or join screen shows it; at a table, the host is asked
        what to do with a seat whose device went away (wait, invite it again, or give it to a
        computer), and told when it comes back."""
        if self.lobby_up and self.host is not None:
            lobby.render_host(self, self.host, resume=not self.host.new)
        elif self.lobby_up and self.guest is not None:
            lobby.render_guest(self, self.guest)
        elif self.guest is not None:
            status = self.guest.status
            if status in ("away", "lost", "connected"):
                self.notify(f"join.status.{status}", host=self.guest.offer.name or self.t("join.host"))
        elif self.host is not None and changed in self.host.seats and self.table is not None:
            name, status = self.seat_name(changed), self.host.seats[changed].status
            asking = find(by_id("overlay"), f".away-{changed}")
            if status == "connected":
                if asking is not None:
                    overlay.hide()
                self.notify("remote.back", name=name)
            elif status in ("away", "lost"):
                attrs = {"data-seat": str(changed)}
                overlay.show(self.t(f"remote.{status}_title", name=name), self.t("remote.lost_body", name=name),
                             buttons=[(self.t("remote.wait"), "close"), (self.t("remote.reinvite"), "reinvite", attrs),
                                      (self.t("remote.to_computer"), "to-computer", attrs)],
                             cls=f"away-{changed}", escape="close")

    def on_peer(self, event):
        detail = event.detail
        for link in (self.host, self.guest):
            if link is not None:
                link.on_peer(str(detail.id), str(detail.kind), detail.data)

    def take_answer(self, code: str) -> bool:
        """An answer handed over by a link opened in another tab of this device."""
        if self.host is None or self.host.take_answer(code) is not None:
            return False
        self.notify("remote.answer_taken")
        return True

    def playing_remote(self) -> bool:
        """The host's table is up: moves from other devices are played now."""
        return self.table is not None and not self.lobby_up

    def remote_move(self, seat: int, move: str):
        """A remote player's move, already found legal: its card flies as a computer's does.
        A result dialog the host has not closed yet stays up (the match goes on behind it)."""
        token = self.turn_token

        def land():
            if token != self.turn_token:
                return
            behind = self.match.step().kind in ("round_end", "over")
            self.play_and_tell(move)
            if behind:
                self.save()
                self.host.broadcast()
            else:
                self.advance()

        self.table.animate(move, SPEEDS[self.speed()][1], land)

    def guest_state(self, message):
        """The host's word for this seat: the table is drawn (dealt when a match begins), the
        move that led here told and, when another seat played it, seen travelling."""
        m = self.guest.mirror
        before = m.current
        m.update(message)
        if self.table is None or message["n"] < before.get("ply", 0):  # the first state, a rematch
            self.lobby_up = False
            self.leave_table()
            self.match, self.log = m, []
            self.table = table_for(m.game.id)(self)
            self.table.deal_first = message["n"] == 0
            self.advance()
            return
        last = m.last
        if last is None or message["n"] != before["ply"] + 1:
            self.advance()
            return
        self.tell(last.seat, self.table.describe(before, last.move, m.current, self.seat_name(last.seat)))
        if last.seat == m.seat:
            self.advance()
            return
        token = self.turn_token
        self.table.animate(last.move, SPEEDS[self.speed()][1],
                           lambda: self.advance() if token == self.turn_token else None)

    def guest_refused(self, reason: str, params: dict):
        self.say(self.remote_words(reason, params, "remote.refused"))
        if self.table is not None:
            self.advance()  # the card goes back where it was

    def remote_words(self, key: str, params: dict, fallback: str) -> str:
        """Words the host named by key: a key this version lacks says ``fallback``."""
        try:
            return self.t(key, **params) if has(self.lang, key) else self.t(fallback)
        except (KeyError, IndexError, ValueError):
            return self.t(fallback)

    def do_several(self, node):
        """The new-game screen's "Play on several devices": seats may be on other devices."""
        self.form.several = True
        self.form.render_seats(self.screen, remote=1)  # its first effect: a friend's device

    def do_lobby(self, node):
        overlay.hide()
        self.show_lobby(resume=True)

    def do_lobby_start(self, node):
        host = self.host
        if not host.ready():
            self.notify("remote.not_ready")
            return
        new, host.new = host.new, False
        self.open_table(host.match, new=new)

    def do_take_answer(self, node):
        field = find(self.screen, f'[data-answer="{node.dataset.seat}"]')
        problem = self.host.take_answer(str(field.value))
        self.say(self.t(problem) if problem else "")

    def do_scan(self, node):
        lobby.scan(self, self.scanned)

    def scanned(self, text: str):
        self.scanning = None
        self.hand_answer(text)

    def hand_answer(self, text: str):
        """An answer scanned, or opened as a link in this very tab: taken, or why not, said."""
        problem = self.host.take_answer(text) if self.host is not None else "remote.bad_answer"
        self.notify(problem or "remote.answer_taken")

    def do_scan_stop(self, node):
        if self.scanning is not None:
            reading, self.scanning = self.scanning, None
            reading.stop()
        overlay.hide()

    def do_share(self, node):
        lobby.share(self, node.dataset.url)

    def do_reinvite(self, node):
        overlay.hide()
        self.host.invite(int(node.dataset.seat))
        self.show_lobby(resume=True)

    def do_to_computer(self, node):
        overlay.hide()
        self.host.to_computer(int(node.dataset.seat), "medium")
        if self.lobby_up:
            lobby.render_host(self, self.host, resume=not self.host.new)
        else:
            self.advance()

    def do_join(self, node):
        name = str(find(self.screen, "#join-name").value).strip()[:NAME_MAX]
        if name:
            self.write_pref("name", name)
        self.guest.join(name)
        lobby.render_guest(self, self.guest)

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
            self.act(node)

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
            elif setting == "stun" and self.host is not None:
                self.host.invite_all()  # the invitations not taken yet, made again that way
                self.seats_changed()

    def write_pref(self, name: str, value):
        if not storage.write_pref(name, value) and not self.told_no_room:
            self.told_no_room = True
            self.notify("notice.save_failed")
        self.prefs = {**self.prefs, name: value}

    def do_move(self, node):
        """A button that carries one of the game's moves (draw, turn a card, a column answer)."""
        reason = self.play_human(node.dataset.move)
        if reason is not None:
            self.say(reason)

    def do_home(self, node):
        overlay.hide()
        self.say("")
        self.show_home()

    def do_new(self, node):
        game_id = node.dataset.game
        self.say("" if modules.ready(game_id) else self.t("loading.game", game=self.game_name(game_id)))
        modules.load([game_id], lambda: self.show_new_game(game_id),
                     lambda _error: self.notify("notice.offline_game"))

    def do_continue(self, node):
        self.open_table(self.saved)

    def do_start(self, node):
        options, seats, seed = self.form.collect(self.screen)
        kinds = [seat["kind"] for seat in seats]
        if REMOTE in kinds and "human" not in kinds:
            self.notify("remote.need_here")  # the host's device shows the table: one player here
            return
        if seed is not None and not url.SEED_RE.fullmatch(seed):
            self.notify("notice.bad_seed")
            return
        self.begin(self.form.game.id, options, seed, seats)

    def do_replace_save(self, node):
        overlay.hide()
        self.begin(*self.pending, confirmed=True)

    def do_close(self, node):
        overlay.hide()

    def do_menu(self, node):
        """The in-game menu: rules, undo, restart, computer speed, sound, home."""
        m = self.match
        rules = el("a", "btn", self.t("menu.rules"),
                   href=f"rules/{registry.module_name(m.game.id)}.{self.lang}.html")
        speed = el("select", "", None, data_setting="speed")
        for value in SPEEDS:
            speed.appendChild(el("option", "", self.t(f"speed.{value}"), value=value,
                                 selected=value == self.speed()))
        theme = el("select", "", None, data_setting="theme")
        for value in THEMES:
            theme.appendChild(el("option", "", self.t(f"theme.{value}"), value=value,
                                 selected=value == self.theme()))
        noise = el("input", "", None, type="checkbox", data_setting="sound",
                   checked=self.prefs.get("sound") is True)
        buzz = el("input", "", None, type="checkbox", data_setting="vibrate",
                  checked=self.prefs.get("vibrate", True) is True)
        lang = el("select", "", None, data_setting="lang")
        for value, name in names().items():
            lang.appendChild(el("option", "", name, value=value, lang=value, selected=value == self.lang))
        settings = el("div", "menu-settings", None,
                      el("label", "", self.t("settings.speed"), speed),
                      el("label", "", self.t("settings.theme"), theme),
                      el("label", "check", None, noise, el("span", "", self.t("settings.sound"))),
                      el("label", "check", None, buzz, el("span", "", self.t("settings.vibrate"))),
                      el("label", "", self.t("lang.label"), lang))
        buttons = [(self.t("btn.close"), "close")]
        if m.game.undo and not m.remotes():
            buttons.append((self.t("btn.undo"), "undo", {"aria-disabled": str(not self.can_undo()).lower()}))
        if self.host is not None:
            buttons.append((self.t("remote.invitations"), "lobby"))
        if self.guest is None:  # a guest's device cannot restart the host's match
            buttons.append((self.t("menu.restart"), "restart"))
        buttons.append((self.t("btn.home"), "home"))
        overlay.show(self.t("menu.title"), settings, rules, buttons=buttons, cls="menu", escape="close")

    def do_restart(self, node):
        """Restart asks first: the match in progress would be lost."""
        overlay.show(self.t("confirm.restart.title"), self.t("confirm.restart.body"),
                     buttons=[(self.t("btn.restart"), "restart-confirmed"), (self.t("btn.cancel"), "close")],
                     escape="close")

    def do_restart_confirmed(self, node):
        overlay.hide()
        m = self.match
        self.begin(m.game.id, m.options, None, m.seats, confirmed=True)

    def do_seats(self, node):
        """Who plays, and what every figure on the seats means: a tap away on a phone."""
        if self.table is not None and self.table.view is not None:
            overlay.show(self.t("seats.title"), self.table.seat_sheet(),
                         buttons=[(self.t("btn.close"), "close")], cls="seats-sheet", escape="close")

    def theme(self) -> str:
        theme = self.prefs.get("theme")
        return theme if theme in THEMES else "system"

    def do_fold(self, node):
        overlay.fold()

    def do_unfold(self, node):
        overlay.unfold()

    def on_escape(self, action):
        """Escape on a dialog: what it may safely do there (fold a result, cancel a question)."""
        if action is not None:
            getattr(self, "do_" + action)(None)

    def do_round_seen(self, node):
        self.match.acknowledge_round()
        overlay.hide()
        self.advance()

    def do_gate(self, node):
        m = self.match
        m.show_to(m.to_move)
        overlay.hide()
        self.advance()

    def do_rematch(self, node):
        m = self.match
        self.begin(m.game.id, m.options, None, m.seats)

    def set_lang(self, lang: str):
        """The page in ``lang`` from now on: the screen drawn again in its words."""
        if lang not in LANGS:
            return
        self.lang = lang
        self.write_pref("lang", lang)
        self.apply_lang()
        if self.table is not None:
            overlay.hide()  # the menu it was chosen from
            self.advance()
        elif self.lobby_up and self.guest is not None:
            lobby.render_guest(self, self.guest)
        elif self.lobby_up:
            lobby.render_host(self, self.host, self.lobby_resume)
        elif self.form is not None:
            self.show_new_game(self.form.game.id, self.form.seed)
        else:
            self.show_home()
