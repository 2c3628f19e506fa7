"""Play across devices with no server: this device hosts the match, or joins one as a guest.

The host's session (``session.LocalSession``) is the only authority. Each remote seat gets an
invitation (a WebRTC offer, ``net.invite``) as a link and a QR code; the guest's device answers
with its own code; then a data channel carries ``net.wire`` messages: the guest's session
(``net.guest``) sends its moves, the host's session checks each when it arrives and again when
it is played, and each device is sent only its own seat's view (``net.wire.state_for``).
``js/peer.mjs`` holds the connections; ``ui/lobby.py`` draws the screens and says the
connections' news. The page talks to either side as its ``link``: ``sync`` after every drawing,
``on_peer``, ``close``.
"""
import random
from typing import Any

import js

from match import REMOTE
from net import invite, wire
from net.budget import Budget
from net.guest import GuestSession
from net.invite import BadInvite
from net.wire import BadMessage
from session import NOT_YOUR_TURN, LocalSession
from ui.dom import later

# A public STUN server, only when the players ask for it (the lobby's setting names it): on one
# Wi-Fi the devices' own addresses are enough.
STUN = "stun:stun.l.google.com:19302"
# A guest says hello again until the host answers: Chromium can lose what a guest sends as its
# channel opens (js/peer.mjs). For as long as the host's device gives a channel to open.
HELLO_MS, HELLO_TRIES = 1000, 20
HANDOFF = "tapis-answers"  # the BroadcastChannel an answer link opened on the host's device uses
_modules: dict = {}
_rng = random.SystemRandom()


def module(name: str, then, failed) -> None:
    """``then(module)`` once ``js/<name>.mjs`` is loaded (only when play across devices starts:
    nothing of it on the first screen)."""
    if name in _modules:
        then(_modules[name])
        return

    def loaded(mod):
        _modules[name] = mod
        then(mod)

    js.tapisImport(f"./js/{name}.mjs").then(loaded, failed)


def link(kind: str, code: str) -> str:
    """The page's address with the code in its fragment (never sent to the web server)."""
    return js.location.href.split("#")[0].split("?")[0] + f"#{kind}={code}"


def stun(prefs: dict) -> str:
    return STUN if prefs.get("stun") is True else ""


class Seat:
    """A remote seat's connection as the host sees it."""

    def __init__(self, seat: int):
        self.seat = seat
        self.token = ""
        self.code = ""  # the invitation's code, once the offer is gathered
        self.status = "inviting"  # inviting, waiting (for the answer), connecting, connected, away, lost, no_path
        self.budget = Budget()  # what is said of its device's bad messages


class Host:
    def __init__(self, app, session: LocalSession, new: bool):
        self.app, self.session = app, session
        self.new = new  # a match not begun yet: its table deals when the lobby starts it
        self.table = invite.new_id(_rng, 6)
        self.seats = {seat: Seat(seat) for seat in session.remotes()}
        self.peer: Any = None  # js/peer.mjs, once loaded

    def keeps(self, session: LocalSession) -> bool:
        """A new match of the same seats can go on over the same connections."""
        return (session is not self.session and session.remotes() == sorted(self.seats)
                and session.game is self.session.game and self.ready())

    def peer_id(self, seat: Seat) -> str:
        return f"{self.table}-{seat.seat}-{seat.token}"

    def ready(self) -> bool:
        return all(s.status == "connected" for s in self.seats.values())

    # --- invitations ---------------------------------------------------------------------
    def invite_all(self) -> None:
        for seat in self.seats.values():
            if seat.status != "connected":
                self.invite(seat.seat)

    def invite(self, number: int) -> None:
        """A fresh invitation for the seat (a new token: an older code no longer takes it)."""
        seat = self.seats[number]
        if self.peer is not None and seat.token:
            self.peer.close(self.peer_id(seat))
        seat.token, seat.code, seat.status = invite.new_id(_rng, 8), "", "inviting"
        token = seat.token

        def gathered(sdp):
            if seat.token == token:
                seat.code = invite.pack("offer", sdp, self.session.game.id, number, self.table, token,
                                        self.host_name())
                seat.status = "waiting"
                self.app.seats_changed()

        def no_path(error):
            if seat.token == token:
                js.console.warn(f"Tapis: no invitation for seat {number + 1}: {error}")
                seat.status = "no_path"
                self.app.seats_changed()

        def start(peer):
            self.peer = peer
            peer.offer(self.peer_id(seat), stun(self.app.prefs)).then(gathered, no_path)

        module("peer", start, no_path)

    def host_name(self) -> str:
        names = [self.session.seats[s]["name"] for s in self.session.humans()]
        return next((n for n in names if n), "")

    def take_answer(self, text: str) -> str | None:
        """An answer from a guest's device (its code or its link: pasted, scanned, or handed over
        by an answer link): the key of what is wrong with it, else None (the seat is connecting)."""
        try:
            answer = invite.unpack(text.split("#answer=")[-1])
        except BadInvite as err:
            js.console.warn(f"Tapis: not an answer: {err}")
            return "remote.bad_answer"
        seat = self.seats.get(answer.seat)
        if answer.kind != "answer" or answer.table != self.table or seat is None:
            return "remote.other_table"
        if answer.token != seat.token or seat.status not in ("waiting", "no_path"):
            return "remote.old_answer"
        seat.status = "connecting"
        self.app.seats_changed()

        def failed(error):
            js.console.warn(f"Tapis: the answer was refused: {error}")
            seat.status = "no_path"
            self.app.seats_changed()

        self.peer.accept(self.peer_id(seat), answer.sdp).then(lambda _: None, failed)
        return None

    # --- the data channels ---------------------------------------------------------------
    def seat_of(self, peer_id: str) -> Seat | None:
        return next((s for s in self.seats.values() if self.peer_id(s) == peer_id), None)

    def on_peer(self, peer_id: str, kind: str, data) -> None:
        seat = self.seat_of(peer_id)
        if seat is None:
            return
        if kind == "message":
            self.on_message(seat, data)
            return
        if kind == "flood":  # js/peer.mjs dropped what came beyond its rate: bad messages all
            self.bad(seat, f"{data} messages over the rate", int(data))
            return
        if kind in ("closed", "failed"):
            seat.status = "lost" if kind == "closed" or seat.status == "connected" else "no_path"
        elif kind == "away" and seat.status == "connected":
            seat.status = "away"
        elif kind == "back" and seat.status == "away":
            seat.status = "connected"
        else:
            return  # "open": the seat counts once its player says hello
        self.app.seats_changed(seat.seat)

    def on_message(self, seat: Seat, text) -> None:
        try:
            message = wire.from_guest(text)
        except BadMessage as err:
            self.bad(seat, str(err))
            return
        if message["kind"] == "hello":
            if message["token"] != seat.token:
                self.bad(seat, "hello with another seat's token")
                return
            if seat.status not in ("connected", "away"):  # else said again: the welcome was lost
                self.session.match.set_seat(seat.seat, REMOTE, message["name"])
                seat.status = "connected"
                self.app.seats_changed()
                if self.app.playing_remote():  # else the table's first drawing sends it
                    self.send_state(seat)
            self.send(seat, wire.welcome())
        elif seat.status == "connected":
            self.on_move(seat, message["move"], message["n"])

    def bad(self, seat: Seat, why: str, count: int = 1) -> None:
        """``count`` messages from ``seat``'s device that were not one of this version's, dropped:
        said in the console, to the player here and to that device, a few times a second at most;
        the rest counted and said once at the end of their second."""
        now = js.performance.now()
        if seat.budget.spend(now, count):
            self.say_bad(seat, why)
        elif seat.budget.unsaid == count:  # the first left unsaid in this second
            later(seat.budget.window_end(now), lambda: self.say_unsaid(seat))

    def say_bad(self, seat: Seat, why: str) -> None:
        js.console.warn(f"Tapis: a message from seat {seat.seat + 1} was dropped: {why[:200]}")
        self.app.notify("remote.dropped", name=self.app.seat_name(seat.seat))
        self.send(seat, wire.unread())

    def say_unsaid(self, seat: Seat) -> None:
        unsaid = seat.budget.take_unsaid()
        if unsaid:
            self.say_bad(seat, f"{unsaid} more bad messages")

    def on_move(self, seat: Seat, move: str, n: int) -> None:
        """A move from the seat's device: refused at once (its device told why), or held by the
        session until the page plays it, checked again then (``sync`` sends a late refusal)."""
        if not self.app.playing_remote():  # the lobby is up: no move now
            self.send(seat, wire.refused(NOT_YOUR_TURN, {}, self.session.ply))
            return
        refusal = self.session.receive(seat.seat, move, n)
        if refusal is not None:
            self.send(seat, wire.refused(refusal.code, dict(refusal.params), self.session.ply))
            return
        self.app.loop.arrived(seat.seat)

    def send(self, seat: Seat, text: str) -> None:
        if self.peer is not None:
            self.peer.send(self.peer_id(seat), text)

    def send_state(self, seat: Seat) -> None:
        self.send(seat, wire.state_for(self.session, seat.seat))

    def sync(self) -> None:
        """After a drawing: each connected device gets its seat's view, and a held move the door
        refused goes back to its device."""
        for seat in self.seats.values():
            if seat.status == "connected":
                self.send_state(seat)
        refusals, self.session.refusals = self.session.refusals, []
        for refusal in refusals:
            to = self.seats.get(refusal.seat)
            if to is not None:
                self.send(to, wire.refused(refusal.reason.code, dict(refusal.reason.params), self.session.ply))

    def to_computer(self, number: int, level: str) -> None:
        """The seat is played by this device's computer from now on; its device is told."""
        seat = self.seats.pop(number)
        self.send(seat, wire.closed("remote.closed.computer"))
        if self.peer is not None:
            self.peer.close(self.peer_id(seat))
        self.session.give_seat(number, level)

    def close(self) -> None:
        for seat in self.seats.values():
            self.send(seat, wire.closed("remote.closed.left"))
            if self.peer is not None:
                self.peer.close(self.peer_id(seat))


class Guest:
    """This device plays one seat of a match another device holds."""

    def __init__(self, app, offer: invite.Invite, game):
        self.app, self.offer = app, offer
        self.session = GuestSession(game, offer.seat, self.send_move)
        self.name = ""
        self.code = ""  # the answer's code, once gathered
        self.status = "join"  # join, answering, answered, connected, away, lost, no_path, closed
        self.peer: Any = None  # js/peer.mjs, once loaded
        self.welcomed = False  # the host answered this connection's hello

    def join(self, name: str) -> None:
        self.name, self.status = name, "answering"
        offer = self.offer

        def gathered(sdp):
            self.code = invite.pack("answer", sdp, offer.game, offer.seat, offer.table, offer.token, name)
            self.status = "answered"
            self.app.seats_changed()

        def no_path(error):
            js.console.warn(f"Tapis: could not answer the invitation: {error}")
            self.status = "no_path"
            self.app.seats_changed()

        def start(peer):
            self.peer = peer
            peer.answer("host", offer.sdp, stun(self.app.prefs)).then(gathered, no_path)

        module("peer", start, no_path)

    def on_peer(self, peer_id: str, kind: str, data) -> None:
        if peer_id != "host" or self.status == "closed":
            return
        if kind == "open":
            self.status, self.welcomed = "connected", False
            self.say_hello(HELLO_TRIES)
        elif kind in ("message", "flood"):
            self.on_message(data if kind == "message" else None)
            return
        elif kind == "away":
            self.status = "away"
        elif kind == "back":
            self.status = "connected"
        elif kind in ("closed", "failed"):
            self.status = "lost" if self.status in ("connected", "away") else "no_path"
        self.app.seats_changed()

    def say_hello(self, tries: int) -> None:
        if tries and not self.welcomed and self.status in ("connected", "away"):
            self.peer.send("host", wire.hello(self.name, self.offer.token))
            later(HELLO_MS, lambda: self.say_hello(tries - 1))

    def on_message(self, text) -> None:
        try:
            message = wire.from_host(text)
            if message["kind"] == "state":
                self.session.check(message)
        except BadMessage as err:
            js.console.warn(f"Tapis: a message from the host was dropped: {str(err)[:200]}")
            self.app.notify("remote.dropped_host")
            return
        self.welcomed = True  # before a seat's hello, the host says nothing to it but "closed"
        kind = message["kind"]
        if kind == "state":
            self.on_state(message)
        elif kind == "refused":
            self.session.refused()
            self.app.say(self.app.remote_words(message["reason"], message["params"], "remote.refused"))
            if self.app.loop is not None:
                self.app.loop.advance()  # the card goes back where it was
        elif kind == "unread":
            self.app.notify("remote.unread")
        elif kind == "closed":
            self.status = "closed"
            self.app.say(self.app.remote_words(message["why"], {}, "remote.closed.left"))
            self.peer.close("host")
            self.app.seats_changed()

    def on_state(self, message: dict) -> None:
        """The host's word for this seat: the table is drawn (dealt when a match begins), the
        move that led here told and, when another seat played it, seen travelling."""
        app, s = self.app, self.session
        before = s.current
        s.update(message)
        loop = app.loop
        if loop is None or message["n"] < before.get("ply", 0):  # the first state, a rematch
            app.show_table(s, new=message["n"] == 0)
            return
        last = s.last_move()
        if last is None or message["n"] != before["ply"] + 1:
            loop.advance()
            return
        loop.told(before, last.seat, last.move)

    def send_move(self, text: str) -> bool:
        """Hands a move to the connection: False when it could not take it."""
        return self.peer is not None and bool(self.peer.send("host", text))

    def close(self) -> None:
        if self.peer is not None:
            self.peer.close("host")
        self.status = "closed"

    def sync(self) -> None:
        pass  # the host's device sends; this one answers moves only
