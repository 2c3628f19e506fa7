"""The Zéro Pointé table: the other players' grids small, the piles, the player's own 3 × 4
grid large. The discard or a drawn card is dragged (or tapped, or moved by keyboard) onto a slot;
drawing, turning a card and the column question are buttons carrying the game's own moves. Every
figure comes from the view (``games.zero_pointe.schema``), every move is read with its codec."""
from collections.abc import Sequence

from games.zero_pointe.schema import (COLS, ROWS, Card, Draw, Keep, Leave, Move, Reject, Remove, Round, Slot, Take,
                                      Turn, View, move_text, parse_move)
from ui.dom import find, later
from ui.html import el
from ui.tables.common import emblem, ended, fly, on_turn
from ui.tables.frame import Frame

DISCARD = "discard"  # the data-drop of the discard pile; a slot's is "row,col"


def band(value: int) -> str:
    """Colour band by value range, as on the physical cards; the number is always printed too."""
    if value < 0:
        return "neg"
    if value == 0:
        return "zero"
    return "low" if value <= 4 else "mid" if value <= 8 else "high"


def printed(value: int) -> str:
    """The value as a card prints it: a true minus sign, as wide as a digit."""
    return f"\u2212{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """A round's score as added to a total: "+13", "−3", "+0"."""
    return printed(value) if value < 0 else f"+{value}"


def _face_up(slot: Slot) -> Card:
    """A slot a move has just turned or filled: a card face up."""
    assert slot is not None and "value" in slot, "no card face up there"
    return slot


def _key(move: Turn | Take | Keep) -> str:
    """The slot a move names, as the table's data-slot and data-drop say it."""
    return f"{move.row},{move.col}"


def _legal(view: View) -> list[Move]:
    return [parse_move(move) for move in view["legal"]]


class Table(Frame):
    total_key = "zero_pointe.ui.total_of"

    # --- drawing -------------------------------------------------------------------------
    def card(self, slot, **attrs):
        t = self.app.t
        attrs.setdefault("role", "img")  # a card is a picture with a name, unless it acts
        if slot is None:
            return el("div", "zcard gone", None, aria_label=t("zero_pointe.ui.gone"), **attrs)
        if "value" not in slot:  # face down, or drawn by another
            return el("div", "zcard down", None, aria_label=t("zero_pointe.ui.down"), **attrs)
        value = slot["value"]
        shown = printed(value)
        under = " u" if value in (6, 9) else ""  # underlined, as 6 and 9 are on cards
        node = el("div", f"zcard face b-{band(value)}{under}", None, data_card=slot["id"],
                  aria_label=t("zero_pointe.ui.card", value=shown), **attrs)
        node.appendChild(el("span", "num", shown, aria_hidden="true"))
        for _corner in range(2):  # top left, and bottom right upside down; drawn from the
            # attribute, so that the card's text stays its name's (axe: label-content-name-mismatch)
            node.appendChild(el("span", "idx", None, data_v=shown, aria_hidden="true"))
        return node

    def strip_seats(self, view: View, result: Round | None) -> list:
        if result is not None:
            return list(range(view["players"]))  # every grid of the round, revealed
        return super().strip_seats(view, result)

    def badges(self, view: View, seat: int, result: Round | None) -> list:
        """In a round: the face-up cards' sum and the total. At its end: whether the seat closed
        it (and paid for it), its round score (marked when the lowest) and its new total."""
        if result is None:
            showing, total = view["showing"][seat], view["totals"][seat]
            return [("showing", printed(showing), self.words("zero_pointe.ui.showing", seat, n=showing)),
                    ("total", printed(total), self.words("zero_pointe.ui.total_is", seat, n=total))]
        figures = [self._closer_badge(view, result)] if seat == result["closer"] else []
        score, total = result["scores"][seat], result["totals"][seat]
        if seat in result["lowest"]:
            figures.append(("round lowest", signed(score), self.words("zero_pointe.ui.round_lowest", seat, n=score)))
        else:
            figures.append(("round", signed(score), self.words("zero_pointe.ui.round_is", seat, n=score)))
        figures.append(("total", printed(total), self.words("zero_pointe.ui.total_is", seat, n=total)))
        return figures

    def _closer_badge(self, view: View, result: Round) -> tuple:
        closer, factor = result["closer"], view["multiplier"]
        shown = self.app.t("zero_pointe.ui.closed_tag")
        if result["doubled"]:
            return ("closer", f"{shown} ×{factor}",
                    self.words("zero_pointe.ui.closed_doubled", closer, factor=factor))
        return ("closer", shown, self.words("zero_pointe.ui.closed", closer))

    def seat_body(self, view: View, seat: int, result: Round | None, mine: bool) -> list:
        grid = result["grids"][seat] if result is not None else view["grids"][seat]
        return [self._grid(view, seat, grid, small=not mine, active=mine and self.active)]

    def centre(self, view: View, active: bool, hidden: bool, result: Round | None) -> list:
        """The piles and the buttons, then the setting: the own area holds the grid alone, so
        that a short screen keeps the whole grid in view (the setting may go below it)."""
        if result is not None:
            return []
        piles = self._piles(view, active)
        piles.appendChild(self._actions(view, active))
        return [piles, self._setting()]

    def own(self, view: View, active: bool, hidden: bool, result: Round | None) -> list:
        if result is not None:
            return []
        return [self.panel(view, view["seat"], None, mine=True)]

    def _grid(self, view: View, seat: int, grid: Sequence[Sequence[Slot]], small: bool, active: bool):
        asked = view["asked_column"] if seat == view["to_move"] else None
        turnable = {_key(move) for move in _legal(view) if isinstance(move, Turn)} if active else set()
        slots = el("div", "zgrid", None, role="grid", data_grid=seat,
                   aria_label=self.words("zero_pointe.ui.grid_of", seat))
        for r in range(ROWS):
            row = el("div", "zrow", None, role="row")  # display: contents, for the grid's rows
            slots.appendChild(row)
            for c in range(COLS):
                slot = grid[r][c]
                key = f"{r},{c}"
                attrs = {"data_slot": key, "role": "gridcell", "data_asked": c == asked}
                if not small and slot is not None:
                    attrs["data_drop"] = key
                if key in turnable:
                    attrs.update(data_action="move", data_move=move_text(Turn(r, c)), tabindex="0")
                row.appendChild(self.card(slot, **attrs))
        return slots

    def _piles(self, view: View, active: bool):
        t = self.app.t
        legal = _legal(view) if active else []
        piles = el("div", "piles")
        draws = Draw() in legal
        draw = el("button", "zcard down pile", None, type="button", data_pile="draw",
                  aria_label=t("zero_pointe.ui.draw_pile", n=view["draw_size"]),
                  data_action="move" if draws else None, data_move=move_text(Draw()),
                  disabled=not draws)
        draw.appendChild(el("span", "count", view["draw_size"], aria_hidden="true"))
        piles.appendChild(el("div", "pile-box", t("zero_pointe.draw_pile"), draw))
        takes = any(isinstance(move, Take) for move in legal)
        discard = self.card(view["discard_top"], data_drop=DISCARD, data_pile="discard",
                            data_drag="discard" if takes else None,
                            role="button" if takes else "img", tabindex="0" if takes else None)
        piles.appendChild(el("div", "pile-box", t("zero_pointe.discard_pile"), discard))
        if view["drawn"] is not None:
            keeps = any(isinstance(move, Keep) for move in legal)
            drawn = self.card(view["drawn"], data_pile="drawn", data_drag="drawn" if keeps else None,
                              role="button" if keeps else "img", tabindex="0" if keeps else None)
            piles.appendChild(el("div", "pile-box drawn", t("zero_pointe.ui.drawn"), drawn))
        else:  # its place is kept: nothing moves when a card is drawn
            piles.appendChild(el("div", "pile-box drawn placeholder", None, el("div", "zcard gone"),
                                 aria_hidden="true"))
        return piles

    def _actions(self, view: View, active: bool):
        """Buttons for the moves that have no card to drag: reject, and the column question."""
        row = el("div", "buttons actions")
        if not active:
            return row
        for move in _legal(view):
            if isinstance(move, Reject | Remove | Leave):
                row.appendChild(el("button", "btn", self.app.t(f"zero_pointe.move.{move.kind}"),
                                   type="button", data_action="move", data_move=move_text(move)))
        return row

    def _setting(self):
        box = el("input", "", None, type="checkbox", data_setting="always_remove",
                 checked=bool(self.app.prefs.get("always_remove")))
        return el("label", "setting", None, box, el("span", "", self.app.t("zero_pointe.ui.always_remove")))

    def prompt(self, view: View) -> str:
        """What to do now, in one short sentence (who starts and why goes to the move log)."""
        t = self.app.t
        asked = view["asked_column"]
        prompt = t(f"zero_pointe.prompt.{view['phase']}", col="" if asked is None else asked + 1)
        if view["last_lap"] and view["closer"] is not None:
            prompt = self.words("zero_pointe.last_lap", view["closer"]) + " " + prompt
        return prompt

    def _starter(self, view: View) -> str:
        starter, sums = view["starter"], view["start_sums"]
        if starter is None or sums is None:
            return ""
        return self.words(f"zero_pointe.starter.{view['start_reason']}", starter, sum=sums[starter])

    # --- moves ---------------------------------------------------------------------------
    def auto_move(self, view: View) -> str | None:
        """The column question answers itself when the player chose "always remove"."""
        if not self.app.prefs.get("always_remove"):
            return None
        return next((move_text(move) for move in _legal(view) if isinstance(move, Remove)), None)

    def targets(self, source: str) -> list[str]:
        legal = _legal(self.view)
        if source == "discard":
            return [_key(move) for move in legal if isinstance(move, Take)]
        found = [_key(move) for move in legal if isinstance(move, Keep)]
        return found + ([DISCARD] if Reject() in legal else [])

    def move_for(self, source: str, target: str) -> str:
        if target == DISCARD:
            return move_text(Reject())
        row, col = map(int, target.split(","))
        return move_text(Take(row, col) if source == "discard" else Keep(row, col))

    def drop(self, source: str, target: str) -> str | None:
        if target == DISCARD and source == "discard":
            return self.app.t("zero_pointe.ui.same_pile")
        return super().drop(source, target)

    def animate(self, move: str, ms: int, then):
        """A computer's card travels from a pile to its slot, or to the discard; a card it turns
        flashes in place; a draw or a column answer just takes the pause."""
        parsed = parse_move(move)
        slot = None
        if isinstance(parsed, Turn | Take | Keep):
            slot = find(self.app.screen, f'[data-grid="{self.view["to_move"]}"] [data-slot="{_key(parsed)}"]')
        if isinstance(parsed, Turn) and slot is not None:
            slot.classList.add("flash")
        origin = {"take": "discard", "keep": "drawn", "reject": "drawn"}.get(parsed.kind)
        if origin is None:
            later(ms, then)
            return
        if isinstance(parsed, Reject):
            slot = find(self.app.screen, '[data-pile="discard"]')
        fly(find(self.app.screen, f'[data-pile="{origin}"]'), slot, ms, then)

    def describe(self, before: View, move: str, after: View, name: str) -> str:
        """The move in words, for the log, from what the screen's seat may see. A move that ends
        the round is read from the round's record (the table is dealt anew by then)."""
        parsed = parse_move(move)
        mover = on_turn(before)
        same_round = after["round"] == before["round"] and after["outcome"] is None
        record = after["last_round"]
        grids = after["grids"] if same_round or record is None else record["grids"]
        thrown = {}  # the card the move put on the discard pile, if still in sight
        tail = "_last"  # the card it dropped went with the deal
        if same_round:
            dropped = after["discard_top"]["value"]
            thrown = {"dropped": printed(dropped), "a_dropped": self._a(dropped)}
            tail = ""
        if isinstance(parsed, Turn):
            said = self.words("zero_pointe.ui.log.turn", mover,
                              a_value=self._a(_face_up(grids[mover][parsed.row][parsed.col])["value"]))
            if before["phase"] == "opening" and after["phase"] != "opening" and same_round:
                said += " " + self._starter(after)  # the opening is over: who starts, and why
            return said
        if isinstance(parsed, Keep):
            value = _face_up(grids[mover][parsed.row][parsed.col])["value"]
            return self.words(f"zero_pointe.ui.log.keep{tail}", mover, value=printed(value), **thrown)
        if isinstance(parsed, Take):
            value = before["discard_top"]["value"]
            return self.words(f"zero_pointe.ui.log.take{tail}", mover, value=printed(value), **thrown)
        if isinstance(parsed, Remove | Leave):
            return self.words(f"zero_pointe.ui.log.{parsed.kind}", mover, col=parsed.col + 1)
        return self.words(f"zero_pointe.ui.log.{parsed.kind}", mover, **thrown)  # draw, reject

    def _a(self, value: int) -> str:
        """"a 5", "an 8": the value with its indefinite article."""
        return self.app.t(f"zero_pointe.ui.a.{value}")

    def last_played(self, view: View, last) -> list[str]:
        """The card the last move put down: turned or placed in a grid, or rejected or cleared
        onto the discard pile; none after a draw or a column left standing. A move that ended a
        round is shown on that round's revealed table only, not on the next deal."""
        if last is None or last.ended_round != (self.result is not None):
            return []
        move = parse_move(last.move)
        if isinstance(move, Turn | Take | Keep):
            grids = view["grids"] if self.result is None else self.result["grids"]
            slot = grids[last.seat][move.row][move.col]
            return [slot["id"]] if slot is not None and "value" in slot else []
        if isinstance(move, Reject | Remove) and self.result is None:
            return [view["discard_top"]["id"]]
        return []

    # --- results -------------------------------------------------------------------------
    def round_end(self, view: View):
        last = ended(view)
        closer = last["closer"]
        # The scores first (a small phone shows the dialog's first lines), then how they came.
        parts = [self._round_table(view, last), self.words(f"zero_pointe.why.{last['why']}", closer)]
        if last["doubled"]:
            parts.append(self.words("zero_pointe.doubled", closer, factor=view["multiplier"],
                                    raw=last["raw_scores"][closer], score=last["scores"][closer]))
        return self.app.t("zero_pointe.ui.round_over", round=last["round"]), parts

    def _round_table(self, view: View, last: Round):
        """What the round did for each seat: its revealed cards (times the penalty for a closer
        who pays it), its round score and its new total; beside its name, in words (not by colour
        alone), whether it closed the round, scored the lowest, and the columns it cleared."""
        t = self.app.t
        head = el("tr")
        for key in ("player", "cards", "round", "total"):
            head.appendChild(el("th", "", t(f"zero_pointe.ui.{key}"), scope="col"))
        body = el("tbody")
        for seat in range(view["players"]):
            closer, lowest = seat == last["closer"], seat in last["lowest"]
            who = el("td", "who", None, emblem(self.app, seat), el("span", "", self.name(seat)))
            if closer:
                who.appendChild(el("span", "tag closer", t("zero_pointe.ui.closed_tag")))
            if lowest:
                who.appendChild(el("span", "tag lowest", t("zero_pointe.ui.lowest_tag")))
            if last["cleared"][seat]:
                who.appendChild(el("span", "tag", t("zero_pointe.ui.cleared", n=last["cleared"][seat])))
            cards = el("td", "", printed(last["raw_scores"][seat]))
            if closer and last["doubled"]:
                cards.appendChild(el("span", "tag doubled", f"×{view['multiplier']}"))
            classes = " ".join(cls for cls, on in (("closer", closer), ("lowest", lowest)) if on)
            body.appendChild(el("tr", classes, None, who, cards, el("td", "", signed(last["scores"][seat])),
                                el("td", "", printed(last["totals"][seat]))))
        return el("table", "scores zp-round", None, el("thead", "", None, head), body)
