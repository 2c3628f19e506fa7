"""Pieces every table shares: seat names and emblems, the flight of a computer's card,
standings."""
from typing import Any, TypeVar

import js

from engine.view import ViewHeader
from ui.dom import later
from ui.html import el

Round = TypeVar("Round")


EMBLEM_HUES = 8  # seat colours of the emblems (css/tapis.css), reused past eight seats


def on_turn(view: ViewHeader[Any]) -> int:
    """The seat to move in a view of a match going on."""
    seat = view["to_move"]
    assert seat is not None, "no seat on turn: the match is over"
    return seat


def ended(view: ViewHeader[Round]) -> Round:
    """The record of the round a result tells of."""
    last = view["last_round"]
    assert last is not None, "no round has ended yet"
    return last


def listed(app, words: list) -> str:
    """Words as a list is said: "red and green", "Ana, Ben and you"."""
    return app.t("list.and", first=", ".join(words[:-1]), last=words[-1]) if len(words) > 1 else words[0]


def seat_names(app, seats) -> str:
    return listed(app, [app.seat_name(s) for s in seats])


def initials(name: str) -> str:
    """A name's mark: the first letter of its first and last words ("Computer 2" -> "C2")."""
    words = name.split()
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:1].upper()
    last = words[-1]
    return words[0][:1].upper() + (last if last.isdigit() else last[:1].upper())


def emblem(app, seat: int):
    """A seat's emblem: its initials on its own colour, beside its name wherever it is named
    (seat panels, the log, results); decoration for screen readers, who read the name. Where
    the game gives a seat colours of its own (Punto's cards), the emblem takes them, each with
    its shape's mark, so that the emblem and the seat's cards agree."""
    loop = app.loop
    colours = loop.table.seat_colours(seat) if loop is not None else []
    return el("span", "emblem", None, *(el("i", f"mark c-{colour}") for colour in colours),
              data_initials=initials(app.seat_name(seat)), data_hue=seat % EMBLEM_HUES,
              data_colours="".join(colours) or None, aria_hidden="true")


def robot(app, seat: int):
    """A computer seat's mark: a robot and its level, in words for screen readers; None for a
    human."""
    kind = app.session.seats[seat]["kind"]
    if app.session.is_human(seat):  # on this device or another
        return None
    level = app.t(f"seat.level.{kind}")
    return el("span", "robot", None, el("span", "level", level, aria_hidden="true"),
              el("span", "sr-only", app.t("seat.robot", level=level)))


def reduced_motion() -> bool:
    return bool(js.matchMedia("(prefers-reduced-motion: reduce)").matches)


_FLIGHTS: list = []  # (node, target, fit) of the cards in flight now


def fly(node, target, ms: int, then, fit=None):
    """Move ``node`` on screen onto ``target`` in ``ms`` milliseconds, then call ``then``: a
    computer's move is seen travelling, not teleported; at once for players who ask for less
    motion (the pause before a computer's turn still lets them follow). ``fit(node, target)``
    sizes a card made for the flight to its target, before it is aimed (again if the window
    changes size on the way: ``reaim``)."""
    if reduced_motion():
        then()
        return
    if not node or not target:  # None, or JS null from a query that found nothing
        later(ms, then)
        return
    flight = (node, target, fit)
    _FLIGHTS.append(flight)
    node.classList.add("flying")  # it takes no tap on its way (css/tapis.css)
    node.style.transitionDuration = f"{ms}ms"
    _aim(node, target, fit)

    def landed():
        _FLIGHTS.remove(flight)
        then()

    later(ms, landed)


def _aim(node, target, fit):
    if fit is not None:
        fit(node, target)
    start, end = node.getBoundingClientRect(), target.getBoundingClientRect()
    dx = end.left + end.width / 2 - (start.left + start.width / 2)
    dy = end.top + end.height / 2 - (start.top + start.height / 2)
    node.style.transform = f"translate({dx}px, {dy}px)"


def reaim():
    """The window changed size: each card in flight is where its target now is, at once (aimed
    in the old layout, it would fly off the screen and widen the page)."""
    for node, target, fit in _FLIGHTS:
        if node.isConnected and target.isConnected:
            node.style.transitionDuration = "0s"
            node.style.transform = ""
            _aim(node, target, fit)


def standings(app, scores: list, ranks: list, label_key: str, sides: list | None = None):
    """Each seat's name and score, in the order of ``ranks`` (the rules' ranking, from the
    view: 1 first, equal ranks shared). ``sides``, where seats score together (teams): each
    side's name and seats, listed once, with its members' emblems."""
    if sides is None:
        sides = [(app.seat_name(seat), [seat]) for seat in range(len(scores))]
    box = el("ol", "standings")
    for name, seats in sorted(sides, key=lambda side: (ranks[side[1][0]], side[1][0])):
        first = seats[0]
        rank = ranks[first]
        item = el("li", "", None, data_rank=rank)
        item.appendChild(el("span", "rank", app.t("ui.rank_first") if rank == 1 else app.t("ui.rank", n=rank)))
        for seat in seats:
            item.appendChild(emblem(app, seat))
        item.appendChild(el("span", "", app.t(label_key, name=name, score=scores[first], n=scores[first])))
        box.appendChild(item)
    return box


def score_table(cls: str, heads: list, rows: list):
    """A results table: a head row of ``heads`` (text) and a body row for each ``(class, cells)``
    or ``(class, cells, attrs)``."""
    head = el("tr")
    for text in heads:
        head.appendChild(el("th", "", text))
    body = el("tbody")
    for row_cls, cells, *attrs in rows:
        row = el("tr", row_cls, None, **(attrs[0] if attrs else {}))
        for cell in cells:
            row.appendChild(el("td", "", cell))
        body.appendChild(row)
    return el("table", cls, None, el("thead", "", None, head), body)
