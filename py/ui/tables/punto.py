"""The Punto table: the seats, the part of the board still reachable inside the 6 × 6 square,
and the turned card, which a human drags (or taps, or moves by keyboard) onto a lit cell."""
from games.punto.board import SQUARE
from games.punto.cards import card_colour, card_value
from ui.dom import by_id, clear, el, find
from ui.tables.common import fly, seat_names, standings

# Where the dots of each value sit on a 3 × 3 grid (1 = top left, 9 = bottom right).
PIPS = {1: (5,), 2: (1, 9), 3: (1, 5, 9), 4: (1, 3, 7, 9), 5: (1, 3, 5, 7, 9),
        6: (1, 3, 4, 6, 7, 9), 7: (1, 3, 4, 5, 6, 7, 9), 8: (1, 2, 3, 4, 6, 7, 8, 9),
        9: (1, 2, 3, 4, 5, 6, 7, 8, 9)}


def parse_cell(key: str) -> tuple:
    x, y = key.split(",")
    return int(x), int(y)


class Table:

    def __init__(self, app):
        self.app = app
        self.view = None
        self.last = None  # the cell of the latest placement, outlined on the board

    # --- drawing -------------------------------------------------------------------------
    def card(self, card: str, **attrs):
        colour, value = card_colour(card), card_value(card)
        label = self.app.t("punto.ui.card", colour=self.app.t(f"punto.colour.{colour}"), value=value)
        attrs.setdefault("role", "img")  # a card is a picture with a name, unless it acts
        node = el("div", f"pcard c-{colour}", None, data_card=card, aria_label=label, **attrs)
        node.appendChild(el("span", "corner", value, aria_hidden="true"))
        pips = el("span", "pips", None, aria_hidden="true")
        for pos in PIPS[value]:
            pips.appendChild(el("i", f"pip p{pos}"))
        node.appendChild(pips)
        return node

    def render(self, view, active: bool, hidden: bool = False):
        self.view = view
        screen = clear(self.app.screen)
        table = el("section", "table punto", None, data_game="punto")
        table.appendChild(self._seats(view, by_seat=not (active or hidden)))
        table.appendChild(el("p", "status", self._status(view, active), id="status"))
        table.appendChild(self._board(view["board"], view["legal"], highlight=()))
        table.appendChild(self._hand(view, active, hidden))
        screen.appendChild(table)

    def render_round_end(self, view):
        """The final board of the round just played, its winning cells outlined."""
        last = view["last_round"]
        self.view = view
        cells = {tuple(c) for c in last["line"]} | {tuple(c) for s in last["series"] for c in s}
        screen = clear(self.app.screen)
        table = el("section", "table punto", None, data_game="punto")
        table.appendChild(self._seats(view, by_seat=False))
        table.appendChild(self._board(last["board"], [], highlight=cells))
        screen.appendChild(table)

    def _seats(self, view, by_seat: bool):
        """Every seat's colours, deck, wins and trophies; with ``by_seat``, the card the seat on
        turn has just turned lies by its name (a human's own card lies in the hand below)."""
        t = self.app.t
        box = el("ul", "players")
        for seat in range(view["players"]):
            info = self.app.match.seats[seat]
            item = el("li", "seat", None, data_seat=seat, data_turn=seat == view["to_move"])
            item.appendChild(el("span", "name", info["name"]))
            if view["team"] is not None:
                item.appendChild(el("span", "team", t(f"punto.ui.team.{view['team'][seat]}")))
            chips = el("span", "chips")
            for colour in view["colours"][seat]:
                chips.appendChild(el("i", f"chip c-{colour}", None, title=t(f"punto.colour.{colour}"),
                                     role="img", aria_label=t(f"punto.colour.{colour}")))
            item.appendChild(chips)
            item.appendChild(el("span", "deck", t("punto.ui.deck", n=view["deck_sizes"][seat])))
            item.appendChild(el("span", "wins", t("punto.ui.wins", n=view["wins"][seat])))
            for card in view["trophies"][seat]:
                item.appendChild(self.card(card))
            if by_seat and seat == view["to_move"]:
                item.appendChild(self.card(view["card"], id="turned"))
            box.appendChild(item)
        if view["neutral"]:
            colour = view["neutral"]
            box.appendChild(el("li", "seat neutral", None,
                               el("i", f"chip c-{colour}", None, role="img",
                                  aria_label=t(f"punto.colour.{colour}")),
                               el("span", "", t("punto.ui.neutral", colour=t(f"punto.colour.{colour}")))))
        return box

    def _status(self, view, active: bool) -> str:
        seat = view["to_move"]
        if seat is None:
            return ""
        name = self.app.match.seats[seat]["name"]
        if active:
            return self.app.t("punto.ui.your_turn", name=name)
        return self.app.t("status.thinking", name=name)

    def _board(self, board, legal, highlight):
        """The occupied cells and every cell a card may reach now: the 6 × 6 limit shows as the
        walls of the grid once six columns (or rows) are in use."""
        stacks = {(c["x"], c["y"]): c["cards"] for c in board}
        shown = set(stacks) | {parse_cell(m) for m in legal}
        xs = [x for x, _ in shown] or [0]
        ys = [y for _, y in shown] or [0]
        used_x = {x for x, _ in stacks}
        used_y = {y for _, y in stacks}
        walls = (" wall-x" if len(used_x) >= SQUARE else "") + (" wall-y" if len(used_y) >= SQUARE else "")
        grid = el("div", "board" + walls, None, role="grid", id="board",
                  aria_label=self.app.t("punto.ui.board", cols=len(used_x), rows=len(used_y), size=SQUARE),
                  style=f"--cols:{max(xs) - min(xs) + 1};--rows:{max(ys) - min(ys) + 1}")
        for y in range(min(ys), max(ys) + 1):
            row = el("div", "row", None, role="row")  # display: contents, for the grid's rows
            for x in range(min(xs), max(xs) + 1):
                row.appendChild(self._cell(x, y, stacks.get((x, y)), (x, y) in shown, (x, y) in highlight))
            grid.appendChild(row)
        limits = el("p", "limits", self.app.t("punto.ui.limits", cols=len(used_x), rows=len(used_y), size=SQUARE))
        return el("div", "board-wrap", None, grid, limits)

    def _cell(self, x, y, stack, reachable: bool, lit: bool):
        key = f"{x},{y}"
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
        return hand

    # --- moves ---------------------------------------------------------------------------
    def auto_move(self, view):
        return None  # every Punto decision is the player's

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
        covered = next((c["cards"][-1] for c in before["board"] if f'{c["x"]},{c["y"]}' == move), None)
        if covered is None:
            return t("punto.ui.log.put", name=name, card=placed)
        return t("punto.ui.log.crush", name=name, card=placed, under=self._words(covered))

    def _words(self, card: str) -> str:
        return self.app.t("punto.ui.card", colour=self.app.t(f"punto.colour.{card_colour(card)}"),
                          value=card_value(card))

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
            parts.append(t(f"punto.ui.result.{last['result']}", length=len(last["line"])))
        if last["result"] != "line":
            parts.append(standings(self.app, last["series_counts"], "punto.ui.series_of"))
            if last["result"] in ("points", "draw"):
                parts.append(standings(self.app, last["series_points"], "punto.ui.points_of"))
        if last["trophy"]:
            trophy = el("div", "trophy", t("punto.ui.trophy"), self.card(last["trophy"]))
            parts.append(trophy)
        parts.append(standings(self.app, view["wins"], "punto.ui.wins_of"))
        return title, parts

    def match_end(self, view):
        winners = view["outcome"]["winners"]
        title = self.app.t("ui.match_won", names=seat_names(self.app, winners))
        body = [standings(self.app, view["outcome"]["scores"], "punto.ui.wins_of")]
        for seat, cards in enumerate(view["trophies"]):
            if cards:
                row = el("div", "trophy", self.app.match.seats[seat]["name"])
                for card in cards:
                    row.appendChild(self.card(card))
                body.append(row)
        return title, body
