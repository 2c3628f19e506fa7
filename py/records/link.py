"""A replay as a link (``#replay=<code>``, in the fragment: never sent to the web server), opened on
any device.

A finished match travels as its record (records.history: the game, options, seed, seats and
packed moves), replayed there exactly. A match still in progress travels as what the sharing seat
saw: its view before each move and after the last, and the moves as that seat may be told them
(``Game.public_move``), never the seed, which would tell every card still hidden and every deal
to come. Either is compact JSON, compressed (zlib, whose checksum finds a damaged link) and
written in base64url; a link from a newer version says so.
"""
import base64
import binascii
import json
import zlib
from typing import Any, Literal, TypedDict

from engine.errors import BadSave
from engine.save import parse
from games import registry
from records.history import Record, check
from session import LocalSession

VERSION = 1
MAX_CODE = 2_000_000  # characters of a code read at all (a browser's address takes about as many)


class BadLink(ValueError):
    """A link that does not open: ``why`` is "damaged" or "newer" (from a later version)."""

    def __init__(self, why: Literal["damaged", "newer"], detail: str):
        super().__init__(f"{why}: {detail}")
        self.why = why


class Seen(TypedDict):
    """A match in progress as one seat saw it."""
    game: str
    seat: int
    seats: list[dict]
    views: list[dict]   # the seat's view before each move, and after the last (in a link: each
                        # one but the first as the keys that changed since the one before)
    moves: list[str]    # each move as that seat may be told it


def _encode(kind: str, body: Any) -> str:
    text = json.dumps({"v": VERSION, "kind": kind, "body": body}, separators=(",", ":"), ensure_ascii=False)
    packed = zlib.compress(text.encode(), 9)
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def of_record(data: Record) -> str:
    """The link's code of a finished match (who played here is the sharing device's business)."""
    return _encode("record", {**data, "here": [], "hints": 0})


def of_session(session: LocalSession, seat: int) -> str:
    """The link's code of a match in progress, as ``seat`` saw it."""
    m, game = session.match, session.game
    views = [game.view(state, seat) for state in m.states]
    body = {"game": game.id, "seat": seat, "seats": [dict(s) for s in m.seats],
            "views": [views[0]] + [_changed(a, b) for a, b in zip(views, views[1:])],
            "moves": [game.public_move(move, seat) for move in m.moves]}
    return _encode("seen", body)


def _changed(before: dict, after: dict) -> dict:
    """What of a view changed since the one before (a key gone is never: a view has every key of
    its type): a view differs by a few keys from the last, and a link is shorter for it."""
    return {key: value for key, value in after.items() if before.get(key) != value}


def read(code: str) -> tuple[str, Any]:
    """("record", a checked Record) or ("seen", a Seen whose form is checked), or BadLink."""
    data = _opened(code)
    try:
        if data["kind"] == "record":
            return "record", check(data["body"])
        if data["kind"] == "seen":
            return "seen", _check_seen(data["body"])
    except BadSave as err:
        raise BadLink("damaged", str(err)[:200]) from None
    raise BadLink("damaged", "unknown kind")


def game_of(code: str) -> str:
    """The id of the game a code names, read before that game's modules are in (``read``, which
    needs them, checks the rest), or BadLink."""
    body = _opened(code)["body"]
    game = body.get("game") if isinstance(body, dict) else None
    if not isinstance(game, str):
        raise BadLink("damaged", "no game")
    return game


def _opened(code: str) -> dict:
    """A code unpacked: {"v", "kind", "body"}, of this version, nothing in it checked yet."""
    if len(code) > MAX_CODE:
        raise BadLink("damaged", "too long")
    try:
        packed = base64.b64decode(code + "=" * (-len(code) % 4), altchars=b"-_", validate=True)
        inflate = zlib.decompressobj()
        text = inflate.decompress(packed, MAX_CODE * 8)
        if not inflate.eof or inflate.unused_data:
            raise ValueError("cut short, or more than was packed")
        data = parse(text.decode())
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError, BadSave) as err:
        raise BadLink("damaged", str(err)[:200]) from None
    if not isinstance(data, dict) or type(data.get("v")) is not int:
        raise BadLink("damaged", "no version")
    if data["v"] > VERSION:
        raise BadLink("newer", f"version {data['v']}")
    if data["v"] != VERSION or set(data) != {"v", "kind", "body"}:
        raise BadLink("damaged", "unexpected fields")
    return data


def _check_seen(body: Any) -> Seen:
    """A match in progress as a seat saw it: of a known game, every view of its type (the page
    draws nothing else; names in it are text, never markup)."""
    from engine.typecheck import problems  # only when such a link is opened
    if not isinstance(body, dict) or set(body) != set(Seen.__annotations__):
        raise BadSave("unexpected fields")
    try:
        schema = registry.schema(body["game"])
    except ValueError:
        raise BadSave("unknown game") from None
    changes, moves, seat = body["views"], body["moves"], body["seat"]
    if not (isinstance(changes, list) and changes and all(isinstance(c, dict) for c in changes)
            and isinstance(moves, list) and len(changes) == len(moves) + 1
            and all(isinstance(m, str) and len(m) <= 40 for m in moves) and type(seat) is int):
        raise BadSave("bad views or moves")
    views = [changes[0]]
    for change in changes[1:]:
        views.append({**views[-1], **change})
    for view in views:
        if problems(view, schema.View) or view["seat"] != seat or view["game"] != body["game"]:
            raise BadSave("a view of another type, seat or game")
    seats = body["seats"]
    if not (isinstance(seats, list) and len(seats) == views[0]["players"]
            and all(isinstance(s, dict) and set(s) == {"kind", "name"} and isinstance(s["name"], str)
                    and len(s["name"]) <= 24 and isinstance(s["kind"], str) for s in seats)):
        raise BadSave("bad seats")
    return {**body, "views": views}  # type: ignore[typeddict-item]  # every field checked above
