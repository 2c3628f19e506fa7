"""Play across devices with no server: this device hosts the match, or joins one as a guest.

The host's ``Match`` is the only authority. Each remote seat gets an invitation (a WebRTC offer,
``net.invite``) as a link and a QR code; the guest's device answers with its own code; then a
data channel carries ``net.wire`` messages: the guest sends moves, the host checks each with the
rules and the seat's turn and sends each device only its own seat's view. ``js/peer.mjs`` holds
the connections; ``ui/lobby.py`` draws the screens.
"""
import random

import js

from engine.errors import IllegalMove
from match import REMOTE
from net import invite, wire
from net.invite import BadInvite
from net.mirror import Mirror
from net.wire import BadMessage
from ui.dom import later

# A public STUN server, only when the players ask for it (the lobby's setting names it): on one
# Wi-Fi the devices' own addresses are enough.
STUN = "stun:stun.l.google.com:19302"
HANDOFF = "tapis-answers"  # the BroadcastChannel an answer link opened on the host's device uses
# A guest says hello again until the host answers: Chromium can lose what a guest sends as its
# channel opens (js/peer.mjs). For as long as the host's device gives a channel to open.
HELLO_MS, HELLO_TRIES = 1000, 20
_modules = {}
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


class Seat:
    """A remote seat's connection as the host sees it."""

    def __init__(self, seat: int):
        self.seat = seat
        self.token = ""
        self.code = ""  # the invitation's code, once the offer is gathered
        self.status = "inviting"  # inviting, waiting (for the answer), connecting, connected, away, lost, no_path


def stun(prefs: dict) -> str:
    return STUN if prefs.get("stun") is True else ""


class Host:
    def __init__(self, app, match, new: bool):
        self.app, self.match = app, match
        self.new = new  # a match not begun yet: its table deals when the lobby starts it
        self.table = invite.new_id(_rng, 6)
        self.seats = {seat: Seat(seat) for seat in match.remotes()}
        self.peer = None

    def keeps(self, match) -> bool:
        """A new match of the same seats can go on over the same connections."""
        return (match is not self.match and match.remotes() == sorted(self.seats)
                and match.game is self.match.game and self.ready())

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
                seat.code = invite.pack("offer", sdp, self.match.game.id, number, self.table, token,
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
        names = [self.match.seats[s]["name"] for s in self.match.humans()]
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
            js.console.warn(f"Tapis: a message from seat {seat.seat + 1} was dropped: {err}")
            self.app.notify("remote.dropped", name=self.app.seat_name(seat.seat))
            return
        if message["kind"] == "hello":
            if message["token"] != seat.token:
                js.console.warn(f"Tapis: seat {seat.seat + 1}: hello with another seat's token")
                return
            if seat.status not in ("connected", "away"):  # else said again: the welcome was lost
                self.match.set_seat(seat.seat, REMOTE, message["name"])
                seat.status = "connected"
                self.app.seats_changed()
                if self.app.playing_remote():  # else the table's first drawing sends it
                    self.send_state(seat)
            self.send(seat, wire.welcome())
        elif seat.status == "connected":
            self.on_move(seat, message["move"], message["n"])

    def on_move(self, seat: Seat, move: str, n: int) -> None:
        m = self.match
        if m.to_move != seat.seat or n != len(m.moves) or not self.app.playing_remote():
            self.send(seat, wire.refused("remote.not_your_turn", {}, len(m.moves)))
            return
        try:
            m.game.play(m.state, move)  # the rules' verdict first: a refusal goes back at once
        except IllegalMove as err:
            self.send(seat, wire.refused(err.code, dict(err.params), len(m.moves)))
            return
        self.app.remote_move(seat.seat, move)

    def send(self, seat: Seat, text: str) -> None:
        if self.peer is not None:
            self.peer.send(self.peer_id(seat), text)

    def send_state(self, seat: Seat) -> None:
        m = self.match
        last = m.last_move()
        self.send(seat, wire.state(m.game.id, seat.seat, m.seats, m.view(seat.seat),
                                   None if last is None else {"move": last.move, "seat": last.seat,
                                                              "ended_round": last.ended_round},
                                   len(m.moves), m.rounds_done))

    def broadcast(self) -> None:
        for seat in self.seats.values():
            if seat.status == "connected":
                self.send_state(seat)

    def to_computer(self, number: int, level: str) -> None:
        """The seat is played by this device's computer from now on; its device is told."""
        seat = self.seats.pop(number)
        self.send(seat, wire.closed("remote.closed.computer"))
        if self.peer is not None:
            self.peer.close(self.peer_id(seat))
        self.match.set_seat(number, level)

    def close(self) -> None:
        for seat in self.seats.values():
            self.send(seat, wire.closed("remote.closed.left"))
            if self.peer is not None:
                self.peer.close(self.peer_id(seat))


class Guest:
    """This device plays one seat of a match another device holds."""

    def __init__(self, app, offer: invite.Invite, game):
        self.app, self.offer = app, offer
        self.mirror = Mirror(game, offer.seat)
        self.name = ""
        self.code = ""  # the answer's code, once gathered
        self.status = "join"  # join, answering, answered, connected, away, lost, no_path, closed
        self.peer = None
        self.welcomed = False  # the host answered this connection's hello
        self.sent = None  # (moves played, move) of the move last sent

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
        elif kind == "message":
            self.on_message(data)
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
        except BadMessage as err:
            js.console.warn(f"Tapis: a message from the host was dropped: {err}")
            self.app.notify("remote.dropped_host")
            return
        self.welcomed = True  # before a seat's hello, the host says nothing to it but "closed"
        if message["kind"] == "welcome":
            return
        if message["kind"] == "state":
            if message["game"] != self.offer.game or message["seat"] != self.offer.seat:
                js.console.warn("Tapis: a state for another game or seat was dropped")
                return
            self.app.guest_state(message)
        elif message["kind"] == "refused":
            self.app.guest_refused(message["reason"], message["params"])
        else:
            self.status = "closed"
            self.app.notify(message["why"])
            self.peer.close("host")
            self.app.seats_changed()

    def send_move(self, move: str) -> bool:
        """False when the connection could not take it (the player is told; nothing is lost)."""
        return bool(self.peer.send("host", wire.move(move, self.mirror.current["ply"])))

    def close(self) -> None:
        if self.peer is not None:
            self.peer.close("host")
        self.status = "closed"
