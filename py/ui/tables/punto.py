"""The Punto table: the seats, the part of the board still reachable inside the 6 × 6 square,
and the turned card, which a human drags (or taps, or moves by keyboard) onto a lit cell. The
view says it all (games/punto/schema.py): the cells to draw, the limits, a round's ranks."""
from games.punto.schema import Cell, face, move_text, parse_move
from ui.dom import by_id, find
from ui.html import el
from ui.tables.common import fly, listed, seat_names, standings
from ui.tables.frame import Frame

# Where the dots of each value sit on a 3 × 3 grid (1 = top left, 9 = bottom right), as on the
# real cards.
PIPS = {1: (5,), 2: (1, 9), 3: (1, 5, 9), 4: (1, 3, 7, 9), 5: (1, 3, 5, 7, 9),
        6: (1, 3, 4, 6, 7, 9), 7: (1, 3, 4, 5, 6, 7, 9), 8: (1, 2, 3, 4, 6, 7, 8, 9),
        9: (1, 2, 3, 4, 5, 6, 7, 8, 9)}
COLOURS = "rbgy"  # the order of the colours on a card's back

_DOTS: dict[int, object] = {}


def _dots(value: int):
    """The dots of every card of that value: built once, in every card of that value (a
    finished node may have several parents)."""
    if value not in _DOTS:
        _DOTS[value] = el("span", "pips", None, *(el("i", f"pip p{pos}") for pos in PIPS[value]),
                          aria_hidden="true")
    return _DOTS[value]


class Table(Frame):
    prompt_names = True
    total_key = "punto.ui.wins_of"

    # --- drawing -------------------------------------------------------------------------
    def card(self, card: str, lit: bool = False, **attrs):
        """A card as it lies on the table: its dots on black; the neutral colour (three players)
        ringed with hatching and named so; a card of a winning line lit."""
        shown = face(card)
        neutral = self.view is not None and shown.colour == self.view["neutral"]
        attrs.setdefault("role", "img")  # a card is a picture with a name, unless it acts
        node = el("div", f"pcard c-{shown.colour}" + (" neutral" if neutral else "") + (" win" if lit else ""),
                  None, _dots(shown.value), data_card=card, aria_label=self._words(card, neutral), **attrs)
        if lit:
            node.appendChild(el("span", "glow", None, aria_hidden="true"))
        return node

    def back(self):
        """A card not turned yet: black, the four colours' marks in its middle."""
        marks = el("span", "back-mark", None, *(el("i", f"chip c-{c}") for c in COLOURS), aria_hidden="true")
        return el("div", "pcard back", None, marks, role="img", aria_label=self.app.t("punto.ui.hidden"))

    def strip_seats(self, view, result) -> list:
        return list(range(view["players"]))  # nothing is secret: every seat alike, in order

    def badges(self, view, seat: int, result) -> list:
        deck, wins = view["deck_sizes"][seat], view["wins"][seat]
        return [("deck", deck, self.words("punto.ui.deck", seat, n=deck)),
                ("wins", wins, self.words("punto.ui.wins", seat, n=wins))]

    def seat_colours(self, seat: int) -> list[str]:
        """A seat's emblem takes the colours of the cards it plays: one, or two (two players;
        in teams, the team's two, which both partners play: partners' emblems alike say who
        plays with whom, and each emblem matches every card its seat turns)."""
        return list(self.view["colours"][seat]) if self.view is not None else []

    def seat_body(self, view, seat: int, result, mine: bool) -> list:
        """The seat's team, its colours in words (its emblem shows them), its trophies."""
        t = self.app.t
        chips = el("span", "chips")
        if view["team"] is not None:
            chips.appendChild(el("span", "team", t(f"punto.ui.team.{view['team'][seat]}")))
        names = listed(self.app, [t(f"punto.colour.{colour}") for colour in view["colours"][seat]])
        chips.appendChild(el("span", "sr-only", t("punto.ui.colours", colours=names)))
        for card in view["trophies"][seat]:
            chips.appendChild(self.card(card))
        return [chips]

    def prompt(self, view) -> str:
        """How to play on each seat's first turn of the match; then one short sentence, the card
        to place (the longer words took a small phone's board's room, in Euskara most)."""
        seat = view["to_move"]
        if view["ply"] >= view["players"]:  # every seat has placed a card: this one knows how
            return self.words("punto.ui.place", seat, card=self._words(view["card"]))
        return self.words("punto.ui.your_turn", seat)

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
            mark = el("span", f"neutral-mark c-{colour}", None, el("i", "pip"), aria_hidden="true")
            info.appendChild(el("p", "neutral-note", None, mark,
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
        grid = el("div", "board" + walls + (" won" if lit else ""), None, role="grid", id="board",
                  aria_label=used, style=f"--cols:{right - left + 1};--rows:{bottom - top + 1}")
        for y in range(top, bottom + 1):
            row = el("div", "row", None, role="row")  # display: contents, for the grid's rows
            for x in range(left, right + 1):
                key = move_text(Cell(x, y))
                stack = stacks.get((x, y))
                row.appendChild(self._cell(key, x, y, stack, stack is not None or key in reachable, (x, y) in lit))
            grid.appendChild(row)
        return grid

    def _cell(self, key: str, x: int, y: int, stack, reachable: bool, lit: bool):
        cell = el("div", "cell" + ("" if reachable else " out"), None, role="gridcell", data_cell=key,
                  tabindex="-1", data_drop=key if reachable else None)
        if stack:
            cell.appendChild(self.card(stack[-1], lit=lit))
            if len(stack) > 1:
                n = len(stack)
                cell.appendChild(el("span", "depth", n, aria_label=self.app.t("punto.ui.depth", n=n)))
        else:
            cell.setAttribute("aria-label", self.app.t("punto.ui.empty_cell", x=x, y=y))
        return cell

    def _hand(self, view, active: bool, hidden: bool):
        hand = el("div", "hand", None, id="hand")
        if view["card"] is None:
            return hand
        if hidden:
            hand.appendChild(self.back())
        elif active:
            hand.appendChild(self.card(view["card"], id="turned", data_drag="card", role="button", tabindex="0"))
            hand.appendChild(el("p", "hint", self.app.t("punto.ui.hint")))
        else:
            # A computer's card shows here too, not in its panel: a panel that grew and shrank
            # with it made the board jump at every turn.
            hand.appendChild(self.card(view["card"], id="turned"))
            hand.appendChild(el("p", "hint", self.words("punto.ui.their_card", view["to_move"])))
        return hand

    # --- moves ---------------------------------------------------------------------------
    def targets(self, source: str) -> list:
        return self.view["legal"]

    def animate(self, move: str, ms: int, then):
        fly(by_id("turned"), find(self.app.screen, f'[data-cell="{move}"]'), ms, then)

    def describe(self, before, move: str, after, name: str) -> str:
        """The move in words, for the log: the card placed and the card it crushed."""
        placed = self._words(before["card"])
        at = parse_move(move)
        covered = next((c["cards"][-1] for c in before["board"] if (c["x"], c["y"]) == at), None)
        if covered is None:
            return self.words("punto.ui.log.put", before["to_move"], card=placed)
        return self.words("punto.ui.log.crush", before["to_move"], card=placed, under=self._words(covered))

    def fact(self, name: str, value):
        if name == "card":
            return self._words(value)
        if name == "colour":
            return self.app.t(f"punto.colour.{value}")
        return super().fact(name, value)

    def last_played(self, view, last) -> list[str]:
        """The card the last move put down: the top card of the last move's cell, on the board
        shown (none once a new round has begun on an empty board)."""
        if last is None:
            return []
        shown = view["last_round"] if self.result is not None else view
        at = parse_move(last.move)
        return [c["cards"][-1] for c in shown["board"] if (c["x"], c["y"]) == at]

    def _words(self, card: str, neutral: bool = False) -> str:
        shown = face(card)
        t = self.app.t
        words = t("punto.ui.card", colour=t(f"punto.colour.{shown.colour}"), value=shown.value)
        return t("punto.ui.card_neutral", card=words) if neutral else words

    # --- results -------------------------------------------------------------------------
    def round_end(self, view):
        t = self.app.t
        last = view["last_round"]
        parts = []
        if last["why_blocked"]:
            parts.append(t(f"punto.ui.blocked.{last['why_blocked']}"))
        title = self.result_line(view, last)
        if last["result"] == "draw":
            parts.append(t("punto.ui.draw_body"))
        else:
            parts.append(t(f"punto.ui.result.{last['result']}", length=last["line_run"]))
        sides = self.sides(view)
        if last["result"] != "line":
            parts.append(standings(self.app, last["series_counts"], last["ranks"], "punto.ui.series_of", sides))
            if last["result"] in ("points", "draw"):
                parts.append(standings(self.app, last["series_points"], last["ranks"], "punto.ui.points_of", sides))
        if last["trophy"]:
            holder = next(s for s, won in enumerate(view["trophies"]) if last["trophy"] in won)
            parts.append(el("div", "trophy", self.words("punto.ui.trophy", holder), self.card(last["trophy"])))
        parts.append(standings(self.app, view["wins"], view["wins_ranks"], "punto.ui.wins_of", sides))
        return title, parts

    def sides(self, view) -> list | None:
        """In teams, what scores is a team: each team once, by its name and its players'
        ("Team A (You and Computer 3)"); None otherwise (every seat on its own)."""
        if view["team"] is None:
            return None
        t = self.app.t
        sides = []
        for team in sorted(set(view["team"])):
            seats = [seat for seat, side in enumerate(view["team"]) if side == team]
            sides.append((t("punto.ui.team_members", team=t(f"punto.ui.team.{team}"),
                            names=seat_names(self.app, seats)), seats))
        return sides

    def result_line(self, view, result) -> str:
        """Who won the round, over the finished board once its result is folded away."""
        if result["result"] == "draw":
            return self.app.t("punto.ui.round_draw", round=result["round"])
        return self._winners_title(view, result)

    def _winners_title(self, view, last) -> str:
        """Who won the round: its winner, or in teams the winning team (the player's own
        addressed as "you" in either)."""
        winners = last["winners"]
        mine = [seat for seat in winners if self.app.is_you(seat)]
        seat = (mine or winners)[0]
        if view["team"] is None:
            return self.words("punto.ui.round_won", seat, round=last["round"])
        team = "AB"[view["team"][seat]]
        return self.words("punto.ui.team_won", seat, round=last["round"], team=team)

    def last_round(self, view):
        title, parts = self.round_end(view)
        return title, parts[:-1]  # its last part, the rounds won, is the match's standings

    def match_end(self, view):
        title, body = super().match_end(view)
        for seat, cards in enumerate(view["trophies"]):
            if cards:
                row = el("div", "trophy", self.words("punto.ui.trophies_of", seat, n=len(cards)))
                for card in cards:
                    row.appendChild(self.card(card))
                body.append(row)
        return title, body
