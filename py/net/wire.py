"""The messages a data channel carries between the host's device and a guest's, versioned.

Each is compact JSON text, ``{"v": 1, "kind": ..., ...}``. What arrives is checked before anything
reads it: its size in UTF-8 bytes, its nesting (Pyodide's json.loads overflows the JS stack about
20,000 levels deep), valid JSON with no duplicate key and no NaN, an object of version 1, a known
kind with exactly its fields, each of its type (a bool is never an int) and within its bounds.
Anything else raises BadMessage, whose text says why (for a console warning). The functions that
make messages read them back the same way, so a bad one fails where it is made.

Guest -> host: "hello" (the seat's player, and the token the invitation gave) and "move" (with the
number of moves played when the guest chose it). Host -> guest: "welcome" (the hello was taken),
"state" (the seat's view, the seats, the last move and the rounds ended: all a guest's screen
draws), "refused" (a move the host did not play, and why: an i18n key), "unread" (a message of the
guest's the host could not read) and "closed" (the host ended the seat).
"""
import json
import re
from typing import Any

from session import LocalSession

VERSION = 1
GUEST_MAX = 2_000  # bytes of a guest's message
HOST_MAX = 250_000  # bytes of the host's: under the channel's 262,144 (net.invite's SDP)
DEPTH_MAX = 64
NAME_MAX = 24  # match.NAME_MAX (net may not import match)
TOKEN = re.compile(r"[A-Z2-7]{8}")
MOVE_MAX = 40
MOVES_MAX = 100_000  # match.MAX_MOVES
GAME = re.compile(r"[a-z_-]{1,20}")
SEAT_KIND = re.compile(r"[a-z]{1,16}")  # "human", "remote", "computer" or a computer's level
SEATS_MAX = 8
ROUNDS_MAX = 10_000
KEY = re.compile(r"[a-z_.]{1,60}")  # an i18n key
PARAM = re.compile(r"[a-z][a-z0-9_]{0,19}")
PARAMS_MAX, PARAM_TEXT_MAX, PARAM_INT_MAX = 8, 100, 10**9
# The nesting check keeps the brackets outside strings, one kind of bracket for both.
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_ONE_KIND = str.maketrans("{}", "[]")
_TOO_DEEP = "[" * (DEPTH_MAX + 1)


class BadMessage(ValueError):
    """A message that is not one of this version's; the text says why."""


def need(ok: object, why: str) -> None:
    if not ok:
        raise BadMessage(why)


# --- the fields --------------------------------------------------------------------------------
def _int(value: Any, low: int, high: int, what: str) -> int:
    need(type(value) is int and low <= value <= high, f"bad {what}")
    return value


def _text(value: Any, longest: int, what: str, pattern: re.Pattern | None = None) -> str:
    need(isinstance(value, str) and len(value) <= longest
         and (pattern is None or pattern.fullmatch(value)) and _encodable(value), f"bad {what}")
    return value


def _encodable(text: str) -> bool:
    """Text that has a UTF-8 form (no lone surrogate, which a JSON escape can make)."""
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True


def _fields(message: dict, kind: str, fields: set) -> None:
    need(set(message) == fields | {"v", "kind"}, f"a {kind} message's fields are not {sorted(fields)}")


def _hello(m: dict) -> None:
    _fields(m, "hello", {"name", "token"})
    _text(m["name"], NAME_MAX, "name")
    _text(m["token"], 8, "token", TOKEN)


def _move(m: dict) -> None:
    _fields(m, "move", {"move", "n"})
    _text(m["move"], MOVE_MAX, "move")
    _int(m["n"], 0, MOVES_MAX, "n")


def _state(m: dict) -> None:
    _fields(m, "state", {"game", "seat", "seats", "view", "last", "n", "rounds"})
    _text(m["game"], 20, "game", GAME)
    seats = m["seats"]
    need(isinstance(seats, list) and 0 < len(seats) <= SEATS_MAX, "bad seats")
    for seat in seats:
        need(isinstance(seat, dict) and set(seat) == {"kind", "name"}, "bad seats")
        _text(seat["kind"], 16, "seat kind", SEAT_KIND)
        _text(seat["name"], NAME_MAX, "seat name")
    last_seat = len(seats) - 1
    _int(m["seat"], 0, last_seat, "seat")
    need(isinstance(m["view"], dict), "bad view")
    last = m["last"]
    if last is not None:
        need(isinstance(last, dict) and set(last) == {"move", "seat", "ended_round"}
             and type(last["ended_round"]) is bool, "bad last move")
        _text(last["move"], MOVE_MAX, "last move")
        _int(last["seat"], 0, last_seat, "last move's seat")
    _int(m["n"], 0, MOVES_MAX, "n")
    _int(m["rounds"], 0, ROUNDS_MAX, "rounds")


def _refused(m: dict) -> None:
    _fields(m, "refused", {"reason", "params", "n"})
    _text(m["reason"], 60, "reason", KEY)
    params = m["params"]
    need(isinstance(params, dict) and len(params) <= PARAMS_MAX, "bad params")
    for key, value in params.items():
        _text(key, 20, "param name", PARAM)
        if type(value) is int:
            _int(value, -PARAM_INT_MAX, PARAM_INT_MAX, f"param {key}")
        else:
            _text(value, PARAM_TEXT_MAX, f"param {key}")
    _int(m["n"], 0, MOVES_MAX, "n")


def _welcome(m: dict) -> None:
    _fields(m, "welcome", set())


def _unread(m: dict) -> None:
    _fields(m, "unread", set())


def _closed(m: dict) -> None:
    _fields(m, "closed", {"why"})
    _text(m["why"], 60, "why", KEY)


GUEST_KINDS = {"hello": _hello, "move": _move}
HOST_KINDS = {"welcome": _welcome, "state": _state, "refused": _refused, "unread": _unread, "closed": _closed}


# --- text <-> message ------------------------------------------------------------------------
def _make(kinds: dict, limit: int, kind: str, **fields: Any) -> str:
    """The message's text, read back as its receiver will read it: what is sent is what passes."""
    try:
        text = json.dumps({"v": VERSION, "kind": kind, **fields}, separators=(",", ":"), ensure_ascii=False,
                          allow_nan=False)
    except (TypeError, ValueError, RecursionError) as err:  # something that JSON cannot hold
        raise BadMessage(f"not JSON: {err}"[:200]) from None
    _read(text, kinds, limit)
    return text


def _check_size(text: str, limit: int) -> None:
    need(len(text) <= limit, f"too long (over {limit} bytes)")  # a character is at least a byte
    try:
        size = len(text.encode())
    except UnicodeEncodeError:
        raise BadMessage("not UTF-8 text") from None
    need(size <= limit, f"too long ({size} bytes, at most {limit})")


def _check_depth(text: str) -> None:
    """No deeper than DEPTH_MAX, counting the brackets outside strings (a JSON string's escaped
    backslashes and quotes out first: then its quotes are those that open and close strings).
    Each pass takes the innermost pairs away, one level. str methods and one regular expression
    only: a Python loop over the characters would cost more than json.loads. Valid JSON's
    brackets pair up; what does not is not JSON anyway."""
    text = text.replace("\\\\", "").replace('\\"', "")
    brackets = _NOT_BRACKET.sub("", "".join(text.split('"')[::2])).translate(_ONE_KIND)
    need(_TOO_DEEP not in brackets, f"nested deeper than {DEPTH_MAX}")  # at once, the plainest case
    for _ in range(DEPTH_MAX):
        shorter = brackets.replace("[]", "")
        if len(shorter) == len(brackets):
            break
        brackets = shorter
    need(not brackets, f"not JSON (brackets that do not pair), or nested deeper than {DEPTH_MAX}")


def _no_duplicates(pairs: list) -> dict:
    keys = [key for key, _ in pairs]
    need(len(set(keys)) == len(keys), "a key twice in an object")
    return dict(pairs)


def _no_constant(name: str) -> None:
    raise BadMessage(f"not JSON: {name}")


def _read(text: Any, kinds: dict, limit: int) -> dict:
    need(isinstance(text, str), "not text")
    _check_size(text, limit)
    _check_depth(text)
    try:
        message = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except (ValueError, RecursionError) as err:  # BadMessage is a ValueError: kept as it is
        if isinstance(err, BadMessage):
            raise
        raise BadMessage(f"not JSON: {err}"[:200]) from None
    need(isinstance(message, dict), "not a JSON object")
    need("v" in message and type(message["v"]) is int and message["v"] == VERSION,
         f"not version {VERSION}: {str(message.get('v'))[:20]}")
    kind = message.get("kind")
    need(isinstance(kind, str) and kind in kinds, f"unknown kind: {str(kind)[:20]}")
    kinds[kind](message)
    del message["v"]
    return message


# --- guest -> host -----------------------------------------------------------------------------
def hello(name: str, token: str) -> str:
    return _make(GUEST_KINDS, GUEST_MAX, "hello", name=name, token=token)


def move(move: str, n: int) -> str:
    return _make(GUEST_KINDS, GUEST_MAX, "move", move=move, n=n)


def from_guest(text: Any) -> dict:
    """{"kind": "hello", "name", "token"} or {"kind": "move", "move", "n"}, or BadMessage."""
    return _read(text, GUEST_KINDS, GUEST_MAX)


# --- host -> guest -----------------------------------------------------------------------------
def welcome() -> str:
    """The guest's hello was taken: it need not say it again."""
    return _make(HOST_KINDS, HOST_MAX, "welcome")


def state(game: str, seat: int, seats: list, view: dict, last: dict | None, n: int, rounds: int) -> str:
    """The seat's view and all a guest's screen draws besides: the seats (kind and name), the
    last move, the moves played and the rounds ended (net.mirror)."""
    return _make(HOST_KINDS, HOST_MAX, "state", game=game, seat=seat, seats=seats, view=view, last=last,
                 n=n, rounds=rounds)


def state_for(session: LocalSession, seat: int) -> str:
    """The "state" message for ``seat``'s device, from the host's session: the seat's view, the
    seats, the last move in the form the game lets that seat see (``Game.public_move``), the
    moves played and the rounds ended."""
    last = session.last_move()
    told = None if last is None else {"move": session.game.public_move(last.move, seat), "seat": last.seat,
                                      "ended_round": last.ended_round}
    return state(session.game.id, seat, [dict(s) for s in session.seats], session.view(seat), told,
                 session.ply, session.rounds_done)


def refused(reason: str, params: dict, n: int) -> str:
    """A guest's move not played: ``reason`` is an i18n key, ``params`` its values."""
    return _make(HOST_KINDS, HOST_MAX, "refused", reason=reason, params=params, n=n)


def unread() -> str:
    """A message from the guest's device was not one of this version's: it was dropped."""
    return _make(HOST_KINDS, HOST_MAX, "unread")


def closed(why: str) -> str:
    """The host ended the seat (given to a computer, match left): ``why`` is an i18n key."""
    return _make(HOST_KINDS, HOST_MAX, "closed", why=why)


def from_host(text: Any) -> dict:
    """A "welcome", "state", "refused", "unread" or "closed" message as a dict without "v", or
    BadMessage."""
    return _read(text, HOST_KINDS, HOST_MAX)
