"""net.wire: every message kind round-trips as compact JSON; everything else that arrives (or
that a maker is handed) is a BadMessage that says why."""
import json

import pytest

from net import wire
from net.wire import BadMessage

SEATS = [{"kind": "human", "name": "Ana"}, {"kind": "remote", "name": "Zoé"}, {"kind": "hard", "name": ""}]
VIEW = {"to_move": 1, "hand": ["c3", "o12"], "table": [[None, {"card": "e1"}]], "text": '[{"\\'}
STATE = dict(game="zero-pointe", seat=1, seats=SEATS, view=VIEW,
             last={"move": "c3", "seat": 0, "ended_round": False}, n=12, rounds=2)
GUEST = {"hello": {"name": "Zoé", "token": "ABCDEF27"}, "move": {"move": "play c3", "n": 12}}
HOST = {"state": STATE, "refused": {"reason": "punto.err.no_place", "params": {"col": 3, "card": "r5"}, "n": 12},
        "closed": {"why": "remote.closed.computer"}, "welcome": {}}


def text_of(kind: str, fields: dict) -> str:
    return json.dumps({"v": 1, "kind": kind, **fields}, separators=(",", ":"), ensure_ascii=False)


# --- round trips -----------------------------------------------------------------------------
@pytest.mark.parametrize("kind", sorted(GUEST))
def test_a_guest_message_round_trips(kind):
    text = getattr(wire, kind)(**GUEST[kind])
    assert text == text_of(kind, GUEST[kind])  # compact, "v" first, UTF-8 as it is
    assert wire.from_guest(text) == {"kind": kind, **GUEST[kind]}


@pytest.mark.parametrize("kind", sorted(HOST))
def test_a_host_message_round_trips(kind):
    text = getattr(wire, kind)(**HOST[kind])
    assert text == text_of(kind, HOST[kind])
    assert wire.from_host(text) == {"kind": kind, **HOST[kind]}


@pytest.mark.parametrize("fields", [
    dict(last=None, rounds=0),
    dict(seats=[{"kind": "computer", "name": "x" * 24}] * 8, seat=7,
         last={"move": "x" * 40, "seat": 7, "ended_round": True}, n=100_000, rounds=10_000),
    dict(view={}),
    dict(view={"deep": json.loads("[" * 62 + "]" * 62)}),  # 64 levels with the message's and the view's
])
def test_a_state_at_the_bounds_round_trips(fields):
    state = {**STATE, **fields}
    assert wire.from_host(wire.state(**state)) == {"kind": "state", **state}


def test_the_makers_take_each_kind_s_bounds():
    assert wire.from_guest(wire.hello("", "22222222"))["name"] == ""
    assert wire.from_guest(wire.move("", 0))["n"] == 0
    assert wire.from_guest(wire.move("m" * 40, 100_000))["n"] == 100_000
    assert wire.from_host(wire.refused("a", {}, 0))["params"] == {}
    params = {f"p{i}": i - 4 for i in range(7)} | {"t": "x" * 100}
    assert wire.from_host(wire.refused("r" * 60, params, 5))["params"] == params
    assert wire.from_host(wire.closed("remote.closed.left"))["why"] == "remote.closed.left"


def test_the_size_is_counted_in_utf8_bytes():
    # A name over the bound is refused either way; the byte count decides which check says so.
    ascii_name = text_of("hello", {"name": "e" * 1000, "token": "ABCDEF27"})
    accents = text_of("hello", {"name": "é" * 1000, "token": "ABCDEF27"})
    assert len(accents) < wire.GUEST_MAX < len(accents.encode())
    with pytest.raises(BadMessage, match="bad name"):
        wire.from_guest(ascii_name)
    with pytest.raises(BadMessage, match="too long"):
        wire.from_guest(accents)
    fits = text_of("move", {"move": "a", "n": 1})
    assert wire.from_guest(fits + " " * (wire.GUEST_MAX - len(fits)))["move"] == "a"
    with pytest.raises(BadMessage, match="too long"):
        wire.from_guest(fits + " " * (wire.GUEST_MAX - len(fits) + 1))


def test_brackets_and_quotes_in_strings_do_not_count_as_nesting():
    odd = {"a": "[" * 200, "b": "\\" * 3 + '"[[[[', "c": ["\\", "{{{{" * 50, "\\\\\"", "]" * 70], "d": '"'}
    state = {**STATE, "view": odd, "seats": [{"kind": "human", "name": "[" * 24}] * 8}
    assert wire.from_host(wire.state(**state))["view"] == odd


# --- what arrives wrong ------------------------------------------------------------------------
def guest(kind="move", **changes) -> str:
    fields = {k: v for k, v in {**GUEST[kind], **changes}.items() if v is not DROP}
    return text_of(kind, fields)


def host(kind="state", **changes) -> str:
    fields = {k: v for k, v in {**HOST[kind], **changes}.items() if v is not DROP}
    return text_of(kind, fields)


DROP = object()

BAD_FROM_GUEST = [
    (guest(kind="hello") + "x", "not JSON"),
    ("", "not JSON"), ("{", "not JSON"), ("hello", "not JSON"), ("{'v': 1}", "not JSON"),
    ('{"v":1,"kind":"move","move":"a","n":NaN}', "not JSON"),
    ('{"v":1,"kind":"move","move":"a","n":Infinity}', "not JSON"),
    ('{"v":1,"kind":"move","move":"a","n":1,"n":2}', "a key twice"),
    ('{"v":1,"kind":"move","move":"a","n":' + "9" * 1500 + "}", "not JSON|bad n"),
    ("[]", "not a JSON object"), ("1", "not a JSON object"), ('"move"', "not a JSON object"),
    ("null", "not a JSON object"),
    ('{"kind":"move","move":"a","n":1}', "not version 1"),
    ('{"v":2,"kind":"move","move":"a","n":1}', "not version 1"),
    ('{"v":0,"kind":"move","move":"a","n":1}', "not version 1"),
    ('{"v":"1","kind":"move","move":"a","n":1}', "not version 1"),
    ('{"v":true,"kind":"move","move":"a","n":1}', "not version 1"),
    ('{"v":1.0,"kind":"move","move":"a","n":1}', "not version 1"),
    ('{"v":1,"kind":"shout","move":"a","n":1}', "unknown kind"),
    ('{"v":1,"move":"a","n":1}', "unknown kind"),
    ('{"v":1,"kind":["move"],"move":"a","n":1}', "unknown kind"),
    (host(kind="closed"), "unknown kind"), (host(kind="welcome"), "unknown kind"),  # a host's kind from a guest
    (guest(extra=1), "fields"), (guest(n=DROP), "fields"), (guest(move=DROP), "fields"),
    (guest(kind="hello", token=DROP), "fields"), (guest(kind="hello", name=DROP), "fields"),
    (guest(kind="hello", n=1), "fields"),
    (guest(n=True), "bad n"), (guest(n=False), "bad n"), (guest(n=-1), "bad n"), (guest(n=100_001), "bad n"),
    (guest(n=1.0), "bad n"), (guest(n="1"), "bad n"), (guest(n=None), "bad n"),
    (guest(move=None), "bad move"), (guest(move=3), "bad move"), (guest(move="m" * 41), "bad move"),
    (guest(move=["a"]), "bad move"),
    (guest(kind="hello", name="x" * 25), "bad name"), (guest(kind="hello", name=7), "bad name"),
    (text_of("hello", {"name": "\ud800", "token": "ABCDEF27"}).replace("\ud800", "\\ud800"), "bad name"),
    (guest(kind="hello", token="ABCDEF2"), "bad token"), (guest(kind="hello", token="abcdef27"), "bad token"),
    (guest(kind="hello", token="ABCDEF28"), "bad token"), (guest(kind="hello", token=12345678), "bad token"),
    ("[" * 65 + "]" * 65, "nested deeper"), ("[" * 1999, "nested deeper"),
    ('{"v":1,"kind":"move","move":"a","n":1,"x":' + "[" * 64 + "]" * 64 + "}", "nested deeper"),
    ("[{" * 40 + "}]" * 40, "nested deeper"),
]


@pytest.mark.parametrize("text,why", BAD_FROM_GUEST, ids=range(len(BAD_FROM_GUEST)))
def test_from_guest_refuses(text, why):
    with pytest.raises(BadMessage, match=why):
        wire.from_guest(text)


def params(value) -> str:
    return host(kind="refused", params=value)


BAD_FROM_HOST = [
    (guest(), "unknown kind"),  # a guest's kind from the host
    (host(extra=None), "fields"), (host(rounds=DROP), "fields"), (host(last=DROP), "fields"),
    (host(step={"kind": "remote", "seat": 1}), "fields"),
    (host(kind="refused", n=DROP), "fields"), (host(kind="closed", why=DROP), "fields"),
    (host(kind="closed", reason="x"), "fields"), (host(kind="welcome", seat=1), "fields"),
    (host(game="Punttu"), "bad game"), (host(game="zero pointe"), "bad game"), (host(game="p" * 21), "bad game"),
    (host(game=None), "bad game"),
    (host(seat=3), "bad seat"), (host(seat=-1), "bad seat"), (host(seat=True), "bad seat"),
    (host(seat="1"), "bad seat"),
    (host(seats=[]), "bad seats"), (host(seats=SEATS[:1] * 9), "bad seats"), (host(seats={"0": SEATS[0]}), "bad seats"),
    (host(seats=[SEATS[0], SEATS[1], {"kind": "human"}]), "bad seats"),
    (host(seats=[SEATS[0], SEATS[1], {"kind": "human", "name": "", "x": 1}]), "bad seats"),
    (host(seats=[SEATS[0], SEATS[1], "human"]), "bad seats"),
    (host(seats=[SEATS[0], {"kind": "Remote", "name": ""}]), "bad seat kind"),
    (host(seats=[SEATS[0], {"kind": "", "name": ""}]), "bad seat kind"),
    (host(seats=[SEATS[0], {"kind": "k" * 17, "name": ""}]), "bad seat kind"),
    (host(seats=[SEATS[0], {"kind": "remote", "name": "x" * 25}]), "bad seat name"),
    (host(seats=[SEATS[0], {"kind": "remote", "name": None}]), "bad seat name"),
    (host(view=[]), "bad view"), (host(view=None), "bad view"), (host(view="{}"), "bad view"),
    (host(last={"move": "c3", "seat": 0}), "bad last move"),
    (host(last={"move": "c3", "seat": 0, "ended_round": 0}), "bad last move"),
    (host(last={"move": "c3", "seat": 0, "ended_round": None}), "bad last move"),
    (host(last=[]), "bad last move"), (host(last={"move": 3, "seat": 0, "ended_round": True}), "bad last move"),
    (host(last={"move": "c3", "seat": 3, "ended_round": True}), "bad last move's seat"),
    (host(last={"move": "c3", "seat": False, "ended_round": True}), "bad last move's seat"),
    (host(n=-1), "bad n"), (host(n=100_001), "bad n"), (host(n=True), "bad n"), (host(n=2.5), "bad n"),
    (host(rounds=-1), "bad rounds"), (host(rounds=10_001), "bad rounds"), (host(rounds=False), "bad rounds"),
    (host(rounds="2"), "bad rounds"),
    (host(kind="refused", reason="Not_your_turn"), "bad reason"), (host(kind="refused", reason=""), "bad reason"),
    (host(kind="refused", reason="r" * 61), "bad reason"), (host(kind="refused", reason="a b"), "bad reason"),
    (params([]), "bad params"),
    (params({f"p{i}": i for i in range(9)}), "bad params"),
    (params({"Col": 1}), "bad param name"), (params({"p" * 21: 1}), "bad param name"),
    (params({"1p": 1}), "bad param name"), (params({"": 1}), "bad param name"),
    (params({"col": True}), "bad param col"), (params({"col": 1.5}), "bad param col"),
    (params({"col": None}), "bad param col"), (params({"col": [1]}), "bad param col"),
    (params({"col": 10**9 + 1}), "bad param col"),
    (params({"col": "x" * 101}), "bad param col"),
    (host(kind="refused", n=-5), "bad n"),
    (host(kind="closed", why="Left"), "bad why"), (host(kind="closed", why=3), "bad why"),
    (host(view={"x": json.loads("[" * 63 + "]" * 63)}), "nested deeper"),
    ("[" * (wire.HOST_MAX - 1), "nested deeper"),
    ("[1," * 60_000 + "1" + "]" * 60_000, "nested deeper"),
    ("[" * 64 + "]" * 65, "do not pair"),
    (host() + " " * (wire.HOST_MAX + 1 - len(host())), "too long"),
    (host(view={"x": "é" * 150_000}), "too long"),
]


@pytest.mark.parametrize("text,why", BAD_FROM_HOST, ids=range(len(BAD_FROM_HOST)))
def test_from_host_refuses(text, why):
    with pytest.raises(BadMessage, match=why):
        wire.from_host(text)


@pytest.mark.parametrize("value", [None, b'{"v":1,"kind":"closed","why":"a"}', 3, ["x"]])
def test_what_is_not_text_is_refused(value):
    for read in (wire.from_guest, wire.from_host):
        with pytest.raises(BadMessage, match="not text"):
            read(value)


# --- what the makers refuse --------------------------------------------------------------------
@pytest.mark.parametrize("make,why", [
    (lambda: wire.hello("x" * 25, "ABCDEF27"), "bad name"),
    (lambda: wire.hello("Zoé", "abcdef27"), "bad token"),
    (lambda: wire.move("m" * 41, 0), "bad move"),
    (lambda: wire.move("a", -1), "bad n"),
    (lambda: wire.move("a", True), "bad n"),
    (lambda: wire.state(**{**STATE, "view": {"x": {1, 2}}}), "not JSON"),
    (lambda: wire.state(**{**STATE, "view": {"x": float("nan")}}), "not JSON"),
    (lambda: wire.state(**{**STATE, "seat": 5}), "bad seat"),
    (lambda: wire.state(**{**STATE, "view": {"x": "x" * wire.HOST_MAX}}), "too long"),
    (lambda: wire.refused("error.Not", {}, 0), "bad reason"),
    (lambda: wire.refused("error.no", {"a": False}, 0), "bad param a"),
    (lambda: wire.closed(""), "bad why"),
])
def test_a_maker_refuses_what_would_be_refused_on_arrival(make, why):
    with pytest.raises(BadMessage, match=why):
        make()


def test_a_maker_sends_tuples_as_the_lists_they_arrive_as():
    text = wire.state(**{**STATE, "seats": tuple(SEATS), "view": {"hand": ("c3", "o1")}})
    got = wire.from_host(text)
    assert got["seats"] == SEATS and got["view"] == {"hand": ["c3", "o1"]}
