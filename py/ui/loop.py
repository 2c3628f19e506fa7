"""The game loop on the page: a table drawn from what the session says comes next (a result, the
device passed on, someone's turn), and each kind of seat's turn run through one path: a person
here (the table takes their drag, tap or key), a computer of this device (its worker or the page
thinks), another device (its move arrives, flies, then lands), a replay (its next move, when asked).

Every move enters the session's door (``session.play``) in ``enter`` and is told there, in the
move log and to screen readers. Nothing here decides a rule: the session and the rules do.
"""
import js
from pyodide.ffi import to_js

from engine.errors import IllegalMove
from i18n import prefix
from session import Session, Step
from ui import overlay
from ui.dom import by_id, find, later, morph, mount, set_flag, soon
from ui.html import el
from ui.tables import table_for
from ui.tables.common import emblem, reduced_motion

# A computer's pause and card flight, in ms, per move: at "normal" a move takes about 0.6 s, so
# a Zéro Pointé turn (draw, then place) about 1.2 s, each step seen.
SPEEDS = {"normal": (250, 350), "fast": (60, 120)}
# The longest a computer thinks at a stretch before the browser gets its turn (to paint, to
# answer a tap): well under the 50 ms that make a page feel stuck.
THINK_SLICE_MS = 10
LOG_SHOWN = 3  # moves the log shows: the last few, the table stays the thing to look at
RESULT_DELAY_MS = 450  # a result's dialog waits for the last card's glide (css/tapis.css .moved)
RESULT_CLASS = {"round_end": "round-end", "over": "match-end"}
STATES = {"round_end": "round-end", "over": "over"}  # <html data-state> where it differs from the step


class Loop:
    """One table's loop, from the moment it is shown to the moment it goes (``stop``)."""

    def __init__(self, app, session: Session, new: bool, watch=None):
        self.app, self.session = app, session
        self.watch = watch  # a replay's or a lesson's controls (ui/replay.py), told of each drawing
        self.table = table_for(session.game.id)(app)
        self.table.deal_first = new  # a match begun is dealt before the player's eyes
        self.log: list[tuple[int, str]] = []  # this visit's moves, (mover, words), newest last
        self.waited = False  # the last step was not the player's: their turn is news
        self.token = 0  # bumped at every drawing and when the table goes: late timers do nothing

    def stop(self) -> None:
        self.token += 1

    def speed(self) -> str:
        return self.app.speed()

    # --- what comes next -----------------------------------------------------------------
    def advance(self) -> None:
        """Save, then show what the session says comes next: a round's end, the match's end, a
        pass-the-device dialog, or someone's turn."""
        self.token += 1  # whatever was scheduled for the previous drawing is void now
        app, s = self.app, self.session
        if not app.saves.save(s):
            return  # another tab's match was shown instead
        app.sync_link()
        step = s.next()
        if step.kind == "sent":
            app.picker.unmount()  # one move at a time, until the host answers
            set_flag("state", "sent")
            return
        if step.kind == "human":
            s.show_to(step.seat)
        seat = s.screen_seat()
        view = s.view(seat if seat is not None else step.seat)
        if step.kind == "human":
            auto = self.table.auto_move(view)
            if auto is not None and s.may_play_for(step.seat, auto):
                self.human(auto)  # a decision with one sensible answer, made for the player
                return
        app.picker.unmount()
        app.show_bar(True)
        self.show_undo()
        getattr(self, "_" + step.kind)(step, view, seat is None)
        # The player's turn after someone else's (not the second step of their own turn).
        self.waited = step.kind != "human"
        if step.kind not in STATES:  # a result's state is set once its dialog is up
            set_flag("state", step.kind)
        if not self.table.own_log:
            self.show_log()
        if self.watch is not None:
            self.watch.drawn(step)
        self.settle_focus()

    def _round_end(self, step: Step, view: dict, hidden: bool) -> None:
        self.table.render_round_end(view)  # the finished table stays in sight
        self.show_result(step.kind, view)

    _over = _round_end

    def _gate(self, step: Step, view: dict, hidden: bool) -> None:
        self.table.render(view, active=False, hidden=True)
        t, name = self.app.t, self.app.seat_name(step.seat)
        overlay.show(t("gate.title", name=name), t("gate.body", name=name),
                     buttons=[(t("gate.ready", name=name), "gate")], cls="gate")

    def _human(self, step: Step, view: dict, hidden: bool) -> None:
        self.table.render(view, active=True)
        self.app.picker.mount(self.table.targets, self.table.drop)
        if self.waited:
            self.app.buzz()

    def _computer(self, step: Step, view: dict, hidden: bool) -> None:
        self.table.render(view, active=False, hidden=hidden)
        token = self.token
        later(self.table.hold, lambda: self.computer_turn(token))

    def _remote(self, step: Step, view: dict, hidden: bool) -> None:
        """Another device's player (or, on a guest's device, the host's computer) is to move:
        its move flies once it has come (at once if it came during the last drawing)."""
        self.table.render(view, active=False, hidden=hidden)
        held = self.session.held(step.seat)
        if held is not None:
            self.fly_held(step.seat, held)

    def _replay(self, step: Step, view: dict, hidden: bool) -> None:
        self.table.render(view, active=False, hidden=hidden)

    # --- moves ---------------------------------------------------------------------------
    def enter(self, seat: int, move: str, ply: int | None = None) -> None:
        """``move`` of ``seat`` through the session's door, then told (a move sent to another
        device is told when its answer comes). Raises IllegalMove, nothing changed."""
        s, shown = self.session, self.shown(seat)
        before = s.view(shown)
        if s.play(seat, move, ply):
            self.tell(seat, self.table.describe(before, move, s.view(shown), self.app.seat_name(seat)))

    def shown(self, mover: int) -> int:
        """The seat whose view the screen shows while ``mover`` moves (the mover's, behind a
        gate): a move is told as that seat sees it."""
        seat = self.session.screen_seat()
        return mover if seat is None else seat

    def human(self, move: str) -> str | None:
        """A person's move from the table; returns the reason when it is refused."""
        step = self.session.next()
        if step.kind != "human":
            return None  # a stale tap while someone else plays or a dialog is up
        try:
            self.enter(step.seat, move)
        except IllegalMove as err:
            return self.app.reason(err)
        self.app.say("")
        self.advance()
        return None

    def tell(self, mover: int, words: str) -> None:
        """A move in words: in the log, and to screen readers."""
        self.log.append((mover, words))
        by_id("announce").textContent = words
        s = self.session
        self.app.sound("win" if s.rounds_done > s.seen_rounds else "place")

    def fly(self, move: str, then) -> None:
        """Someone else's ``move`` seen travelling at the speed's pace, then ``then()`` unless
        the table was drawn again meanwhile."""
        token = self.token
        self.table.animate(move, SPEEDS[self.speed()][1], lambda: then() if token == self.token else None)

    def fly_held(self, seat: int, move: str) -> None:
        """A remote player's move, held by the session since it came: it flies as a computer's
        does, then lands through the door (checked again there)."""
        def land():
            self.land(seat)
            self.advance()

        self.fly(move, land)

    def land(self, seat: int) -> None:
        s, shown = self.session, self.shown(seat)
        before = s.view(shown)
        move = s.land(seat)
        if move is not None:
            self.tell(seat, self.table.describe(before, move, s.view(shown), self.app.seat_name(seat)))

    def arrived(self, seat: int) -> None:
        """A remote player's move has come and is held: it flies now if its turn is showing;
        behind a result the host has not closed yet it lands at once, the match going on under
        the dialog (each device acknowledges its own results)."""
        step = self.session.next()
        if step.kind in ("round_end", "over"):
            self.land(seat)
            self.app.saves.save(self.session)
            self.app.sync_link()
        elif step == Step("remote", seat) and (held := self.session.held(seat)) is not None:
            self.token += 1  # one flight at a time
            self.fly_held(seat, held)

    def told(self, before: dict, mover: int, move: str) -> None:
        """On a guest's device: the host's news of a move (``mover``'s ``move``, from ``before``):
        told, and seen travelling when another seat played it."""
        s = self.session
        self.tell(mover, self.table.describe(before, move, s.view(self.shown(mover)), self.app.seat_name(mover)))
        if s.humans() == [mover]:
            self.advance()
        else:
            self.fly(move, self.advance)

    # --- a computer's turn -----------------------------------------------------------------
    def computer_turn(self, token: int) -> None:
        """A computer's turn: it thinks (a hard one in its worker, if that is up; else here, in
        slices, the page staying alive), waits out the rest of the speed's pause, then its card
        flies. Any drawing meanwhile (an undo, another tab's move, leaving the table) changes the
        token: the search is dropped, the worker's answer too."""
        if token != self.token:
            return
        s = self.session
        seat = s.to_move
        assert seat is not None, "a computer's turn with nobody to move"
        level = s.seats[seat]["kind"]
        js.performance.mark("tapis.think")
        begun = js.performance.now()

        def here():
            self.think(token, seat, level, s.computer_think(), begun)

        def answer(move):
            self.thought(token, seat, level, move, begun, "worker")

        if not self.app.thinker.ask(s.dump(), s.game.id, level, answer, here):
            here()

    def think(self, token: int, seat: int, level: str, steps, begun: float) -> None:
        if token != self.token:
            return
        deadline = js.performance.now() + THINK_SLICE_MS
        for move in steps:
            if move is not None:
                break
            if js.performance.now() >= deadline:
                soon(lambda: self.think(token, seat, level, steps, begun))
                return
        self.thought(token, seat, level, move, begun, "page")

    def thought(self, token: int, seat: int, level: str, move: str, begun: float, where: str) -> None:
        """The computer has chosen (``where``: on the page or in the worker): the rest of the
        speed's pause, then its card flies and lands through the door."""
        if token != self.token:
            js.performance.mark("tapis.think.stale")  # the table was drawn again meanwhile
            return
        # The thinking's wall time (slices and all, or the worker's round trip), and below the
        # wait until the card flies and the whole turn (its flight and the redraw too), for
        # bench/page_ai.py and the browser's tools.
        js.performance.measure(f"tapis.think.{level}", to_js({"start": "tapis.think", "detail": where},
                                                             dict_converter=js.Object.fromEntries))
        pause = SPEEDS[self.speed()][0]

        def land():
            self.enter(seat, move)
            self.advance()
            js.performance.measure(f"tapis.turn.{level}", "tapis.think")

        def go():
            if token == self.token:
                js.performance.measure(f"tapis.wait.{level}", "tapis.think")
                self.fly(move, land)

        later(max(0, pause - (js.performance.now() - begun)), go)

    # --- results -------------------------------------------------------------------------
    def show_result(self, kind: str, view: dict) -> None:
        """A round's or the match's result in a dialog, once the last card has settled (at once
        for players who asked for less motion)."""
        token, t = self.token, self.app.t
        if kind == "round_end":
            title, body = self.table.round_end(view)
            buttons = [(t(f"{prefix(self.session.game.id)}.next_round"), "round-seen")]
        else:
            title, body = self.table.final_result(view)
            again = [(t("btn.rematch"), "rematch")] if self.session.authority else []
            buttons = self.watch.result_buttons() if self.watch is not None else again + [(t("btn.home"), "home")]

        def show():
            if token != self.token:
                return
            overlay.show(title, *body, buttons=buttons, cls=RESULT_CLASS[kind], escape="fold",
                         fold_label=t("btn.fold"))
            set_flag("state", STATES[kind])
            self.settle_focus()

        if reduced_motion():
            show()
        else:
            later(RESULT_DELAY_MS, show)

    # --- around the table --------------------------------------------------------------------
    def show_log(self) -> None:
        """The last moves in words under the table, the newest last and marked, each after its
        player's emblem."""
        box = el("section", "movelog", None, aria_labelledby="log-title")
        box.appendChild(el("h2", "sr-only", self.app.t("log.title"), id="log-title"))
        items = el("ol", "")
        shown = self.log[-LOG_SHOWN:]
        for i, (seat, words) in enumerate(shown):
            items.appendChild(el("li", "latest" if i == len(shown) - 1 else "", None,
                                 emblem(self.app, seat), el("span", "", words)))
        box.appendChild(items)
        screen = self.app.screen
        drawn = find(screen, ":scope > .movelog")  # kept by a table that redrew in place
        if drawn is None:
            mount(screen, box)
        else:
            morph(drawn, box)

    def settle_focus(self) -> None:
        """After a drawing, focus never stays on <body>: the card to play, else the status line
        (which holds it only until there is a card to play)."""
        active, screen = js.document.activeElement, self.app.screen
        if by_id("overlay").open or (active and active.tagName != "BODY" and active.id != "status"
                                     and screen.contains(active)):
            return
        target = find(screen, "[data-drag]") or find(screen, "#status")
        if target is not None:
            target.focus()

    # --- undo --------------------------------------------------------------------------------
    def undo_seat(self) -> int | None:
        return self.session.undo_seat(self.table.auto_move)

    def show_undo(self) -> None:
        """Undo in the bar only when it can act now, saying what it takes back."""
        button = by_id("undo")
        seat = self.undo_seat()
        button.hidden = seat is None
        if seat is not None:
            label = self.app.t("btn.undo")
            last = self._last_decision(seat)
            button.textContent = label
            words = self.app.t("undo.what", move=last) if last else label
            button.setAttribute("aria-label", words)
            button.title = words

    def _last_decision(self, seat: int) -> str:
        """The words of the move an undo by ``seat`` would take back first, if this visit told
        it (a reload forgets the log)."""
        count = self.session.undo_count(seat, self.table.auto_move) or 0
        if 0 < count <= len(self.log):
            mover, words = self.log[-count]
            return words if mover == seat else ""
        return ""

    def undo(self) -> None:
        seat = self.undo_seat()
        words = self._last_decision(seat) if seat is not None else ""
        taken = self.session.undo(seat, self.table.auto_move) if seat is not None else []
        if not taken:
            self.app.notify("notice.no_undo")
            return
        del self.log[max(0, len(self.log) - len(taken)):]
        self.app.say(self.app.t("undo.done", move=words) if words else "")
        overlay.hide()
        self.advance()
