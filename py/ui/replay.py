"""Watching a match again, through the same table and game loop as any match (ui/loop.py): its
moves come from a list (a session's ``script``, or what a seat saw: records.seen), played back by
the controls here: back and forward a move, to the start or the end of a round, autoplay at the
table's pace, the seat whose view is shown (any seat once the match is over; one's own before),
and a link to share. A finished match's replay comes from its record (ui/past.py) or a link
(``#replay=``); the match in progress can be watched up to now from its menu."""
import js

from games import registry
from records import history, link
from records.seen import SeenReplay
from session import LocalSession, replay
from ui import lobby, overlay, past
from ui.actions import action
from ui.dom import find, later, morph, mount, set_flag
from ui.html import el
from ui.loop import SPEEDS, Loop

PREFIX = "#replay="


class Replay:
    """The controls of one replay (a Loop's ``watch``)."""

    def __init__(self, app, session, finished: bool, shared: str | None, back: str | None):
        self.app, self.session = app, session
        self.finished = finished  # the match was over: every seat's view may be shown
        self.shared = shared  # the code of its link, where it may be shared
        self.back = back  # where Close goes: a game's history, or home
        self.playing = False

    def start(self) -> None:
        app = self.app
        app.leave_table()
        app.end_link()
        app.form = None
        app.loop = Loop(app, self.session, new=True, watch=self)
        app.loop.advance()

    # --- told by the loop ------------------------------------------------------------------
    def drawn(self, step) -> None:
        self._bar()
        if self.playing and step.kind == "replay":
            token = self.app.loop.token
            later(sum(SPEEDS[self.app.speed()]), lambda: self.forward() if token == self.app.loop.token else None)
        elif step.kind != "replay":
            self.playing = False
        set_flag("state", "replay" if step.kind == "replay" else ("over" if step.kind == "over" else "round-end"))

    def result_buttons(self) -> list:
        return [(self.app.t("history.playback.close"), "replay-close")]

    # --- moving through it -----------------------------------------------------------------
    def forward(self) -> None:
        s, loop = self.session, self.app.loop
        move = s.replay_move()
        if move is None or s.next().kind != "replay":
            self.playing = False
            self._bar()
            return
        seat = s.to_move

        def land():
            loop.enter(seat, move)
            loop.advance()

        loop.fly(move, land)

    def to(self, ply: int, result: bool = False) -> None:
        """Straight to ``ply`` moves played, with no motion. A round's end shows its result over
        the finished table with ``result`` ("Round end"), else the next round (a step back)."""
        s = self.session
        ply = max(0, min(ply, len(self._moves())))
        s.go_to(ply)
        if ply in self._ends() and not result:
            s.acknowledge_round()
        overlay.hide()
        self.app.loop.advance()

    def _moves(self) -> tuple:
        s = self.session
        return tuple(s.moves) if isinstance(s, SeenReplay) else tuple(s.script)

    def _ends(self) -> tuple:
        return self.session.ends

    def round_start(self) -> int:
        earlier = [end for end in self._ends() if end < self.session.ply]
        return earlier[-1] if earlier else 0

    def round_end(self) -> int:
        later_ = [end for end in self._ends() if end > self.session.ply]
        return later_[0] if later_ else len(self._moves())

    # --- the bar ----------------------------------------------------------------------------
    def _bar(self) -> None:
        t, s = self.app.t, self.session
        total, ply = len(self._moves()), s.ply
        box = el("nav", "replay-bar", None, aria_label=t("history.playback.controls"))
        box.appendChild(el("p", "replay-count", t("history.playback.count", n=ply, total=total), aria_live="polite"))
        buttons = el("div", "buttons")
        for name, word, glyph, off in (("first", "first", "«", ply == 0), ("back", "back", "‹", ply == 0),
                                       ("play", "pause" if self.playing else "play",
                                        "❚❚" if self.playing else "▶", ply >= total),
                                       ("next", "next", "›", ply >= total), ("last", "last", "»", ply >= total)):
            words = t(f"history.playback.{word}")
            buttons.appendChild(el("button", "btn small icon", None, el("span", "", glyph, aria_hidden="true"),
                                   type="button", data_action=f"replay-{name}", disabled=off, aria_label=words,
                                   title=words))
        box.appendChild(buttons)
        seats = self._viewable()
        if len(seats) > 1:
            field = el("select", "", None, data_setting="replay-seat")
            shown = s.screen_seat()
            for seat in seats:
                field.appendChild(el("option", "", self.app.seat_name(seat), value=seat, selected=seat == shown))
            box.appendChild(el("label", "replay-seat", t("history.playback.seat"), field))
        actions = el("div", "buttons", None,
                     el("button", "btn small", t("history.playback.close"), type="button", data_action="replay-close"))
        if self.shared is not None:
            actions.appendChild(el("button", "btn small", t("history.playback.share"), type="button",
                                   data_action="replay-link"))
        box.appendChild(actions)
        screen = self.app.screen
        shown_bar = find(screen, ":scope > .replay-bar")
        if shown_bar is None:
            mount(screen, box)
        else:
            morph(shown_bar, box)

    def _viewable(self) -> list[int]:
        """The seats whose view may be shown: every one once the match is over (nothing is
        hidden any more), else only those played here (a match in progress keeps its secrets)."""
        s = self.session
        if isinstance(s, SeenReplay):
            return [s.seat]
        return list(range(len(s.seats))) if self.finished else (s.humans() or [0])

    def view_as(self, seat: int) -> None:
        if seat in self._viewable() and isinstance(self.session, LocalSession):
            self.session.viewer = seat
            self.app.loop.advance()


def of_record(app, data, back: str | None) -> Replay:
    session = history.replay(data)
    session.viewer = session.humans()[0] if session.humans() else 0
    return Replay(app, session, data["finished"], link.of_record(data) if data["finished"] else None, back)


def of_code(app, code: str) -> Replay | str:
    """The replay a link's code opens, or the i18n key of why it cannot."""
    try:
        kind, data = link.read(code)
    except link.BadLink as err:
        js.console.warn(f"Tapis: a replay link that does not open: {err}")
        return f"history.playback.{err.why}"
    if kind == "seen":
        return Replay(app, SeenReplay(registry.get(data["game"]), data), False, code, None)
    try:
        return of_record(app, data, None)
    except ValueError as err:
        js.console.warn(f"Tapis: a replay link that does not replay: {err}")
        return "history.playback.damaged"


def url_of(code: str) -> str:
    return js.location.href.split("#")[0].split("?")[0] + PREFIX + code


# --- the buttons -------------------------------------------------------------------------------
def _current(app) -> Replay | None:
    loop = app.loop
    return loop.watch if loop is not None and isinstance(loop.watch, Replay) else None


@action("replay")
def watch_record(app, node) -> None:
    game = str(node.dataset.game)
    data = app.saves.history.records(game)[int(node.dataset.index)]
    of_record(app, data, game).start()


@action("replay-share")
def share_record(app, node) -> None:
    data = app.saves.history.records(str(node.dataset.game))[int(node.dataset.index)]
    lobby.share(app, url_of(link.of_record(data)))


@action("replay-now")
def watch_now(app, node) -> None:
    """The match in progress, watched from its start up to now (from the player's own seat)."""
    overlay.hide()
    session = app.session
    if isinstance(session, LocalSession) and session.script is None:
        match = session.match
        watched = replay(match, here=match.humans())
        seat = session.screen_seat()
        watched.viewer = seat if seat is not None else (match.humans() or [0])[0]
        Replay(app, watched, False, link.of_session(session, watched.viewer), match.game.id).start()


@action("replay-link")
def share_replay(app, node) -> None:
    current = _current(app)
    if current is not None and current.shared is not None:
        lobby.share(app, url_of(current.shared))


@action("replay-close")
def close(app, node) -> None:
    current = _current(app)
    overlay.hide()
    if current is not None and current.back is not None:
        past.show(app, current.back)
    else:
        app.show_home()


@action("replay-first")
def first(app, node) -> None:
    current = _current(app)
    if current is not None:
        current.playing = False
        current.to(current.round_start())  # at a round's start already: the round before


@action("replay-back")
def back(app, node) -> None:
    current = _current(app)
    if current is not None:
        current.playing = False
        current.to(current.session.ply - 1)


@action("replay-next")
def step(app, node) -> None:
    current = _current(app)
    if current is not None:
        current.playing = False
        current.forward()


@action("replay-last")
def last(app, node) -> None:
    current = _current(app)
    if current is not None:
        current.playing = False
        current.to(current.round_end(), result=True)


@action("replay-play")
def play(app, node) -> None:
    current = _current(app)
    if current is not None:
        current.playing = not current.playing
        if current.playing:
            current.forward()
        else:
            current._bar()


def choose_seat(app, field) -> None:
    current = _current(app)
    if current is not None:
        current.view_as(int(field.value))
