"""The Punto table: the seats, the part of the board still reachable inside the 6 × 6 square,
and the turned card, which a human drags (or taps, or moves by keyboard) onto a lit cell. The
view says it all (games/punto/schema.py): the cells to draw, the limits, a round's ranks."""
from games.punto.schema import Cell, face, move_text, parse_move
from ui.dom import by_id, find
from ui.html import el
from ui.tables.common import fly, seat_names, standings
from ui.tables.frame import Frame

# Where the dots of each value sit on a 3 × 3 grid (1 = top left, 9 = bottom right).
PIPS = {1: (5,), 2: (1, 9), 3: (1, 5, 9), 4: (1, 3, 7, 9), 5: (1, 3, 5, 7, 9),
        6: (1, 3, 4, 6, 7, 9), 7: (1, 3, 4, 5, 6, 7, 9), 8: (1, 2, 3, 4, 6, 7, 8, 9),
        9: (1, 2, 3, 4, 5, 6, 7, 8, 9)}


_FACES = {}


def _face(value: int) -> tuple:
    """What every card of that value shows, its corner and dots: built once, in every card of
    that value (a finished node may have several parents)."""
    if value not in _FACES:
        pips = el("span", "pips", None, *(el("i", f"pip p{pos}") for pos in PIPS[value]), aria_hidden="true")
        _FACES[value] = (el("span", "corner", value, aria_hidden="true"), pips)
    return _FACES[value]


class Table(Frame):
    prompt_names = True
    total_key = "punto.ui.wins_of"

    def __init__(self, app):
        super().__init__(app)
        self.last = None  # the cell of the latest placement, outlined on the board

    # --- drawing -------------------------------------------------------------------------
    def card(self, card: str, **attrs):
        shown = face(card)
        attrs.setdefault("role", "img")  # a card is a picture with a name, unless it acts
        return el("div", f"pcard c-{shown.colour}", None, *_face(shown.value), data_card=card,
                  aria_label=self._words(card), **attrs)

    def strip_seats(self, view, result) -> list:
        return list(range(view["players"]))  # nothing is secret: every seat alike, in order

    def badges(self, view, seat: int, result) -> list:
        t = self.app.t
        deck, wins = view["deck_sizes"][seat], view["wins"][seat]
        return [("deck", deck, t("punto.ui.deck", n=deck)), ("wins", wins, t("punto.ui.wins", n=wins))]

    def seat_body(self, view, seat: int, result, mine: bool) -> list:
        """The seat's colours (and team), its trophies."""
        t = self.app.t
        chips = el("span", "chips")
        if view["team"] is not None:
            chips.appendChild(el("span", "team", t(f"punto.ui.team.{view['team'][seat]}")))
        for colour in view["colours"][seat]:
            chips.appendChild(el("i", f"chip c-{colour}", None, title=t(f"punto.colour.{colour}"),
                                 role="img", aria_label=t(f"punto.colour.{colour}")))
        for card in view["trophies"][seat]:
            chips.appendChild(self.card(card))
        return [chips]

    def prompt(self, view) -> str:
        return self.app.t("punto.ui.your_turn", name=self.name(view["to_move"]))

    def centre(self, view, active: bool, hidden: bool, result) -> list:
        """The board (the round's last one, its winning cells lit, once it is over) in a box it
        is sized on (css/punto.css), then what is said about it: the columns and rows in use
        and, with three players, the neutral colour nobody owns. Apart, so that a landscape
        screen gives the board the whole height and says the rest beside it."""
        t = self.app.t
        shown = result if result is not None else view
        lit = {tuple(cell) for cell in result["won_cells"]} if result is not None else set()
        board = self._board(shown["board"], [] if result is not None else view["reach"], shown["limits"],
                            shown["span"], lit)
        limits = shown["limits"]
        used = t("punto.ui.limits", cols=limits["cols"], rows=limits["rows"], size=limits["size"])
        info = el("div", "board-info", None, el("p", "limits", used))
        if view["neutral"]:
            colour = view["neutral"]
            info.appendChild(el("p", "neutral", None,
                                el("i", f"chip c-{colour}", None, role="img", aria_label=t(f"punto.colour.{colour}")),
                                el("span", "", t("punto.ui.neutral", colour=t(f"punto.colour.{colour}")))))
        return [el("div", "board-box", None, board), info]

    def own(self, view, active: bool, hidden: bool, result) -> list:
        return [] if result is not None else [self._hand(view, active, hidden)]

    def _board(self, board: list, reach: list, limits: dict, span: dict, lit: set):
        """The grid of the cells the view spans: the occupied ones and every cell the turned card
        may reach (the 6 × 6 limit shows as its walls once six columns, or rows, are in use)."""
        stacks = {(c["x"], c["y"]): c["cards"] for c in board}
        reachable = set(reach)
        walls = (" wall-x" if limits["wall_x"] else "") + (" wall-y" if limits["wall_y"] else "")
        left, top, right, bottom = span["left"], span["top"], span["right"], span["bottom"]
        used = self.app.t("punto.ui.board", cols=limits["cols"], rows=limits["rows"], size=limits["size"])
        grid = el("div", "board" + walls, None, role="grid", id="board", aria_label=used,
                  style=f"--cols:{right - left + 1};--rows:{bottom - top + 1}")
        for y in range(top, bottom + 1):
            row = el("div", "row", None, role="row")  # display: contents, for the grid's rows
            for x in range(left, right + 1):
                key = move_text(Cell(x, y))
                stack = stacks.get((x, y))
                row.appendChild(self._cell(key, x, y, stack, stack is not None or key in reachable, (x, y) in lit))
            grid.appendChild(row)
        return grid

    def _cell(self, key: str, x: int, y: int, stack, reachable: bool, lit: bool):
        cls = "cell" + ("" if reachable else " out") + (" win" if lit else "") + (" last" if key == self.last else "")
        cell = el("div", cls, None, role="gridcell", data_cell=key, tabindex="-1",
                  data_drop=key if reachable else None)
        if stack:
            cell.appendChild(self.card(stack[-1]))
            if len(stack) > 1:
                cell.appendChild(el("span", "depth", len(stack), aria_label=self.app.t("punto.ui.depth", n=len(stack))))
        else:
            cell.setAttribute("aria-label", self.app.t("punto.ui.empty_cell", x=x, y=y))
        return cell

    def _hand(self, view, active: bool, hidden: bool):
        hand = el("div", "hand", None, id="hand")
        if view["card"] is None:
            return hand
        if hidden:
            hand.appendChild(el("div", "pcard back", None, role="img", aria_label=self.app.t("punto.ui.hidden")))
        elif active:
            hand.appendChild(self.card(view["card"], id="turned", data_drag="card", role="button", tabindex="0"))
            hand.appendChild(el("p", "hint", self.app.t("punto.ui.hint")))
        else:
            # A computer's card shows here too, not in its panel: a panel that grew and shrank
            # with it made the board jump at every turn.
            hand.appendChild(self.card(view["card"], id="turned"))
            hand.appendChild(el("p", "hint", self.app.t("punto.ui.their_card", name=self.name(view["to_move"]))))
        return hand

    # --- moves ---------------------------------------------------------------------------
    def targets(self, source: str) -> list:
        return self.view["legal"]

    def drop(self, source: str, target: str):
        reason = self.app.play_human(target)
        if reason is None:
            self.last = target
        return reason

    def animate(self, move: str, ms: int, then):
        self.last = move
        fly(by_id("turned"), find(self.app.screen, f'[data-cell="{move}"]'), ms, then)

    def describe(self, before, move: str, after, name: str) -> str:
        """The move in words, for the log: the card placed and the card it crushed."""
        t = self.app.t
        placed = self._words(before["card"])
        at = parse_move(move)
        covered = next((c["cards"][-1] for c in before["board"] if (c["x"], c["y"]) == at), None)
        if covered is None:
            return t("punto.ui.log.put", name=name, card=placed)
        return t("punto.ui.log.crush", name=name, card=placed, under=self._words(covered))

    def _words(self, card: str) -> str:
        shown = face(card)
        return self.app.t("punto.ui.card", colour=self.app.t(f"punto.colour.{shown.colour}"), value=shown.value)

    # --- results -------------------------------------------------------------------------
    def round_end(self, view):
        t = self.app.t
        last = view["last_round"]
        parts = []
        if last["why_blocked"]:
            parts.append(t(f"punto.ui.blocked.{last['why_blocked']}"))
        if last["result"] == "draw":
            title = t("punto.ui.round_draw", n=last["round"])
            parts.append(t("punto.ui.draw_body"))
        else:
            title = t("punto.ui.round_won", n=last["round"], names=seat_names(self.app, last["winners"]))
            parts.append(t(f"punto.ui.result.{last['result']}", length=last["line_run"]))
        if last["result"] != "line":
            parts.append(standings(self.app, last["series_counts"], last["ranks"], "punto.ui.series_of"))
            if last["result"] in ("points", "draw"):
                parts.append(standings(self.app, last["series_points"], last["ranks"], "punto.ui.points_of"))
        if last["trophy"]:
            parts.append(el("div", "trophy", t("punto.ui.trophy"), self.card(last["trophy"])))
        parts.append(standings(self.app, view["wins"], view["wins_ranks"], "punto.ui.wins_of"))
        return title, parts

    def last_round(self, view):
        title, parts = self.round_end(view)
        return title, parts[:-1]  # its last part, the rounds won, is the match's standings

    def match_end(self, view):
        title, body = super().match_end(view)
        for seat, cards in enumerate(view["trophies"]):
            if cards:
                row = el("div", "trophy", self.app.match.seats[seat]["name"])
                for card in cards:
                    row.appendChild(self.card(card))
                body.append(row)
        return title, body
