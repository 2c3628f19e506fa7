"""The Neuf vies table: the other players' tableaux small at the top, the piles, the prompt and
the log in the middle, the player's own four columns large, their hand of four at the bottom.

A hand card is dragged (or tapped, or moved by keyboard) onto a lit column, empty slot or, when
nothing can be placed, the discard pile. The answers that are not placements (counter or let
through, attack again or stop) are buttons; where won cards go is chosen by a tap on a lit slot.
The view says it all (games/neuf_vies/schema.py): what is legal, each column's value and score,
the latest moves with their cards, the slot last played, why the game ended and the ranking."""
from games.neuf_vies.schema import (Allow, Card, Column, ColumnCard, Counter, Discard, LogEntry, Move, Place, Put,
                                    Renew, Round, Stop, View, card, move_text, parse_move)
from ui.dom import find, later, mount
from ui.html import el
from ui.tables.common import fly, score_table, seat_names
from ui.tables.frame import Frame

LOG_SHOWN = 4  # log entries on screen (CSS keeps only the newest on short screens)
TIEBREAK_WORDS = {"backs": "neuf_vies.ui.tiebreak", "shared": "neuf_vies.ui.shared"}


def _legal(view: View) -> list[tuple[str, Move]]:
    """The legal moves of the view, each as its text and its value."""
    return [(move, parse_move(move)) for move in view["legal"]]


def _drop_key(move: Move) -> str | None:
    """Where a hand card is dropped to play ``move``: a slot "seat.col", or the discard pile."""
    if isinstance(move, Place):
        return f"{move.seat}.{move.col}"
    return "discard" if isinstance(move, Discard) else None


class Table(Frame):
    own_log = True  # its log of steps sits in the middle of the table: no second one below
    prompt_names = True

    # --- words ---------------------------------------------------------------------------
    def card_name(self, card: ColumnCard) -> str:
        t = self.app.t
        if "back" in card:
            if "id" in card:  # the lower card of a twin pair: its face was seen
                face = {key: card[key] for key in ("id", "kind", "colour", "value")}
                return t("neuf_vies.card.back_known", card=self.card_name(face))
            return t("neuf_vies.card.back")
        colour = card["colour"]
        return t(f"neuf_vies.card.{card['kind']}",
                 colour=t(f"neuf_vies.colour.{colour}") if colour else "", value=card["value"])

    # --- drawing: cards ------------------------------------------------------------------
    def card(self, card: ColumnCard, cls: str = "", **attrs):
        """A card face (or the common 9×2 back) drawn with the DOM: a big value, the colour's
        shape in the corners and, on a warrior, the colour's pair to nine."""
        label = self.card_name(card)
        if attrs.get("role") is None and not attrs.get("aria_hidden"):
            attrs["role"] = "img"  # a named drawing: a label needs a role
        if "back" in card:
            node = el("div", f"nvcard back {cls}".strip(), None, data_card=card.get("id", "back"),
                      aria_label=label, **attrs)
            node.appendChild(el("span", "nv-x", "9×2", aria_hidden="true"))
            if "id" in card:  # a small reminder of the face everybody saw
                node.appendChild(el("span", f"nv-was c-{card['colour']}", card["value"], aria_hidden="true"))
            return node
        kind = card["kind"]
        colour = card["colour"]
        node = el("div", f"nvcard {kind} {'c-' + colour if colour else ''} {cls}".strip(), None,
                  data_card=card["id"], aria_label=label, **attrs)
        face = el("span", "nv-face", None, aria_hidden="true")
        if kind == "warrior":
            value = card["value"]
            face.appendChild(el("span", "nv-idx", None, el("b", "", None, data_v=value), el("i", "nv-sym")))
            face.appendChild(el("span", "nv-val", value))
            face.appendChild(el("i", "nv-sym nv-big"))
            # Drawn by CSS from the attribute: the card's name already says its pair to nine.
            face.appendChild(el("span", "nv-pair", None, data_pair=f"{value} ↔ {9 - value}"))
        elif kind == "spirit":
            face.appendChild(el("span", "nv-idx", None, el("b", "", None, data_v="0")))
            face.appendChild(el("i", "nv-ghost"))
        else:
            face.appendChild(el("span", "nv-idx", None, el("b", "", None, data_v="J")))
            face.appendChild(el("i", "nv-star"))
        node.appendChild(face)
        return node

    # --- drawing: the table --------------------------------------------------------------
    def strip_seats(self, view: View, result: Round | None) -> list:
        if result is not None:
            return list(range(view["players"]))  # every tableau of the final position, large
        return super().strip_seats(view, result)

    def badges(self, view: View, seat: int, result: Round | None) -> list:
        t = self.app.t
        total = result["scores"][seat] if result is not None else view["totals"][seat]
        out = [("total", total, t("neuf_vies.ui.score_of", n=total))]
        if result is None and seat != view["seat"]:
            held = view["hand_sizes"][seat]
            out.append(("in-hand", held, t("neuf_vies.ui.in_hand", n=held)))
        return out

    def centre(self, view: View, active: bool, hidden: bool, result: Round | None) -> list:
        if result is not None:
            return []
        return [self._middle(view, active), self._actions(view, active)]

    def own(self, view: View, active: bool, hidden: bool, result: Round | None) -> list:
        if result is not None:
            return []
        return [self.panel(view, view["seat"], None, mine=True), self._hand(view, active, hidden)]

    def result_line(self, view: View, result: Round) -> str:
        return self._why(result)

    def seat_body(self, view: View, seat: int, result: Round | None, mine: bool) -> list:
        """The seat's four column slots: compact in the strip while the game goes on."""
        tableau = (result["tableaux"] if result is not None else view["tableaux"])[seat]
        small = not mine and result is None
        legal = _legal(view) if self.active else []
        drops = {_drop_key(move) for _, move in legal}
        puts = {move.col: text for text, move in legal if isinstance(move, Put)} if mine else {}
        pending = view["pending"] if result is None else None
        attacked = None
        if pending is not None and pending["kind"] in ("counter", "renew") and pending["target"] == seat:
            attacked = pending["col"]
        last = view["last_slot"]
        cols = el("div", "nv-cols", None, role="list")
        for col, column in enumerate(tableau):
            incoming = pending["card"] if attacked == col and pending["kind"] == "counter" else None
            cols.appendChild(self._column(column, seat, col, f"{seat}.{col}" in drops, puts.get(col),
                                          attacked == col, incoming, last == {"seat": seat, "col": col}, small))
        return [cols]

    def _column(self, column: Column | None, seat: int, col: int, droppable: bool, put: str | None,
                attacked: bool, incoming: Card | None, last: bool, small: bool):
        """A slot: its stack of cards (with an attacking card in the air above it) and its score."""
        t = self.app.t
        name = self.name(seat)
        cls = "nv-col" + (" attacked" if attacked else "") + (" last" if last else "")
        attrs = {"data_col": col, "role": "listitem", "data_drop": f"{seat}.{col}" if droppable else None}
        if put is not None:
            attrs.update(data_action="move", data_move=put, role="button", tabindex="0", data_put="")
        if column is None:
            node = el("div", cls + " empty", None,
                      aria_label=t("neuf_vies.ui.empty_slot", name=name, col=col + 1), **attrs)
            node.appendChild(el("div", "nv-stack"))
            node.appendChild(el("span", "nv-score", "", aria_hidden="true"))
            return node
        value, mult, score = column["value"], column["multiplier"], column["score"]
        cards = ", ".join(self.card_name(c) for c in column["cards"])
        node = el("div", cls, None, aria_label=t("neuf_vies.ui.column", name=name, col=col + 1, cards=cards,
                                                  value=value, mult=mult, score=score), **attrs)
        stack = el("div", "nv-stack", None, data_size=len(column["cards"]))
        for shown in column["cards"]:
            stack.appendChild(self.card(shown))
        if incoming is not None:  # the attacking card, still in the air
            stack.appendChild(self.card(incoming, "incoming"))
        node.appendChild(stack)
        # A compact seat shows the score alone: the formula is in the column's label. The formula
        # is two pieces, so a narrow column breaks it before "=", never inside a number.
        if small:
            node.appendChild(el("span", "nv-score", score, aria_hidden="true"))
        else:
            product, result = t("neuf_vies.ui.formula", value=value, mult=mult, score=score).split(" = ")
            node.appendChild(el("span", "nv-score", None, el("span", "", product), el("span", "", f"= {result}"),
                                data_score=score, aria_hidden="true"))  # the score alone where narrow
        return node

    def _middle(self, view: View, active: bool):
        t = self.app.t
        box = el("div", "nv-middle")
        piles = el("div", "nv-piles")
        pile = el("div", "nv-pile", None, data_pile="draw", role="img",
                  aria_label=t("neuf_vies.ui.pile_label", n=view["pile_size"]))
        pile.appendChild(self.card({"back": True}, "nv-pilecard", aria_hidden="true"))
        pile.appendChild(el("span", "nv-count", view["pile_size"], aria_hidden="true"))
        piles.appendChild(pile)
        discard = view["discard"]
        can_discard = active and any(isinstance(move, Discard) for _, move in _legal(view))
        heap = el("div", "nv-pile nv-discard", None, data_pile="discard", role="group",
                  data_drop="discard" if can_discard else None,
                  aria_label=t("neuf_vies.ui.discard_label", n=len(discard)))
        if discard:
            heap.appendChild(self.card(discard[-1], "nv-pilecard"))
        else:
            heap.appendChild(el("div", "nvcard none nv-pilecard", None, aria_hidden="true"))
        heap.appendChild(el("span", "nv-count", len(discard), aria_hidden="true"))
        piles.appendChild(heap)
        box.appendChild(piles)
        box.appendChild(self._log(view))
        return box

    def describe(self, before: View, move: str, after: View, name: str) -> str:
        """The move and the steps it brought about, in the log's words (draws left out)."""
        return " ".join(self._log_line(entry) for entry in after["last_move"] if entry["kind"] != "draw")

    def _log(self, view: View):
        """The latest steps told in words (draws are left out: the hand sizes show them)."""
        t = self.app.t
        entries = [entry for entry in view["log"] if entry["kind"] != "draw"][-LOG_SHOWN:]
        box = el("ol", "nv-log", None, aria_label=t("neuf_vies.ui.log"))
        for entry in entries:
            box.appendChild(el("li", "", self._log_line(entry)))
        return box

    def _log_line(self, entry: LogEntry) -> str:
        t = self.app.t
        kind, seat = entry["kind"], entry["seat"]
        name = self.name(seat)
        if kind == "place":
            target, col, shown = entry["target"], entry["col"] + 1, self.card_name(entry["card"])
            if target == seat:
                return t("neuf_vies.log.place_own", name=name, card=shown, col=col)
            return t("neuf_vies.log.place_attack", name=name, card=shown, col=col, target=self.name(target))
        if kind in ("discard", "counter", "renew"):
            return t(f"neuf_vies.log.{kind}", name=name, card=self.card_name(entry["card"]))
        if kind == "put":
            return t("neuf_vies.log.put", name=name, col=entry["col"] + 1)
        return t(f"neuf_vies.log.{kind}", name=name)  # allow, stop, gain, gain_lost, gain_none, skip

    def prompt(self, view: View) -> str:
        """What to do now, naming the player: an answer is asked of someone by name."""
        t = self.app.t
        name = self.name(view["to_move"])
        pending, legal = view["pending"], _legal(view)
        kind = pending["kind"]
        if kind == "turn":
            placing = any(isinstance(move, Place) for _, move in legal)
            return t("neuf_vies.prompt.place" if placing else "neuf_vies.prompt.discard", name=name)
        if kind == "counter":
            key = "neuf_vies.prompt.counter" if len(legal) > 1 else "neuf_vies.prompt.counter_none"
            return t(key, name=name, attacker=self.name(pending["attacker"]), col=pending["col"] + 1,
                     card=self.card_name(pending["card"]))
        if kind == "renew":
            key = "neuf_vies.prompt.renew" if len(legal) > 1 else "neuf_vies.prompt.renew_none"
            return t(key, name=name, target=self.name(pending["target"]),
                     counter=self.card_name(pending["counter"]), card=self.card_name(pending["card"]))
        won_pair = pending["won"] == "pair"
        return t("neuf_vies.prompt.put_pair" if won_pair else "neuf_vies.prompt.put_gain", name=name)

    def _actions(self, view: View, active: bool):
        """Buttons for the answers that are no placement; the won cards waiting to be put."""
        t = self.app.t
        row = el("div", "buttons nv-actions")
        if not active:
            return row
        pending = view["pending"]
        if pending["kind"] == "put":
            held = el("div", "nv-held nv-stack", None, data_size=len(pending["cards"]),
                      aria_label=t("neuf_vies.ui.held", cards=", ".join(self.card_name(c) for c in pending["cards"])))
            for shown in pending["cards"]:
                held.appendChild(self.card(shown))
            row.appendChild(held)
            return row
        hand = {shown["id"]: shown for shown in view["hand"]}  # the cards an answer names are the player's
        for text, move in _legal(view):
            if isinstance(move, (Allow, Stop)):
                row.appendChild(el("button", "btn", t(f"neuf_vies.move.{move.kind}"), type="button",
                                   data_action="move", data_move=text))
            elif isinstance(move, (Counter, Renew)):
                # The card itself on the button, a short verb beside it: three answers fit a phone.
                shown = hand[move.card]
                button = el("button", "btn primary nv-answer", None, type="button", data_action="move",
                            data_move=text, aria_label=t(f"neuf_vies.move.{move.kind}", card=self.card_name(shown)))
                button.appendChild(self.card(shown, aria_hidden="true"))
                button.appendChild(el("span", "", t(f"neuf_vies.move.{move.kind}_short")))
                row.appendChild(button)
        return row

    def _hand(self, view: View, active: bool, hidden: bool):
        t = self.app.t
        me = view["seat"]
        hand = el("div", "nv-hand", None, id="hand", aria_label=t("neuf_vies.ui.hand_of", name=self.name(me)))
        if hidden:  # the device is being passed: nobody's cards on screen
            hand.appendChild(el("p", "hint", t("neuf_vies.ui.hand_size", n=view["hand_sizes"][me])))
            return hand
        movable = set()
        if active and view["pending"]["kind"] == "turn":
            movable = {move.card for _, move in _legal(view) if isinstance(move, (Place, Discard))}
        for shown in view["hand"]:
            mine = shown["id"] in movable
            hand.appendChild(self.card(shown, data_drag=shown["id"] if mine else None,
                                       role="button" if mine else None, tabindex="0" if mine else None))
        return hand

    # --- moves ---------------------------------------------------------------------------
    def auto_move(self, view: View):
        """An answer with one choice (let through, stop, the only place for won cards) is made
        at once when no other human could read anything into the pause."""
        legal = view["legal"]
        if len(legal) != 1 or view["pending"]["kind"] == "turn":
            return None
        if view["pending"]["kind"] == "put" or len(self.app.match.humans()) == 1:
            return legal[0]
        return None

    def targets(self, source: str) -> list:
        return [_drop_key(move) for _, move in _legal(self.view)
                if isinstance(move, (Place, Discard)) and move.card == source]

    def drop(self, source: str, target: str):
        """The hand card ``source`` dropped on a slot "seat.col" or on the discard pile."""
        if target == "discard":
            return self.app.play_human(move_text(Discard(source)))
        seat, col = target.split(".")
        return self.app.play_human(move_text(Place(source, int(seat), int(col))))

    def animate(self, move: str, ms: int, then):
        """A computer's card flies from its seat to the column it goes to, or to the discard
        pile; where won cards go flashes; an answer without a card just takes the pause."""
        screen = self.app.screen
        view = self.view
        played = parse_move(move)
        seat = view["to_move"]
        if isinstance(played, Put):
            slot = find(screen, f'.seat[data-seat="{seat}"] [data-col="{played.col}"]')
            if slot is not None:
                slot.classList.add("flash")
            later(ms, then)
            return
        if isinstance(played, (Allow, Stop)):
            later(ms, then)
            return
        if isinstance(played, Place):
            target = f'[data-seat="{played.seat}"] [data-col="{played.col}"]'
        elif isinstance(played, Renew):
            pending = view["pending"]
            target = f'[data-seat="{pending["target"]}"] [data-col="{pending["col"]}"]'
        else:
            target = '[data-pile="discard"]'
        origin = find(screen, f'.seat[data-seat="{seat}"] .seat-head')
        flyer = None
        if origin is not None:
            # The card leaves a hand this seat does not see: the move names it, and so shows it.
            flyer = mount(origin, self.card(card(played.card), "nv-flyer"))
        fly(flyer, find(screen, target), ms, then)

    # --- results -------------------------------------------------------------------------
    def _why(self, last: Round) -> str:
        return self.app.t(f"neuf_vies.why.{last['why']}", name=seat_names(self.app, last["ended_by"]))

    def round_end(self, view: View):
        """How each score is made: every column's score, summed."""
        t = self.app.t
        last = view["last_round"]
        sums = el("ul", "standings nv-sums")
        for seat, tableau in enumerate(last["tableaux"]):
            parts = [str(c["score"]) for c in tableau if c is not None] or ["0"]
            sums.appendChild(el("li", "", t("neuf_vies.ui.sum", name=self.name(seat), parts=" + ".join(parts),
                                             score=last["scores"][seat])))
        return t("neuf_vies.ui.game_over"), [self._why(last), sums]

    def final_result(self, view: View):
        """One game is the match: the ranking, then how each score is made."""
        title, body = self.match_end(view)
        return title, body + self.round_end(view)[1][1:]  # its first part, why it ended, is told

    def match_end(self, view: View):
        """The ranking of the rules (the score, then the 9×2 cards), with the 9×2 cards beside
        each score, and how equal best scores were settled."""
        t = self.app.t
        last, outcome = view["last_round"], view["outcome"]
        scores, ranks, winners = outcome["scores"], outcome["ranks"], outcome["winners"]
        order = sorted(range(view["players"]), key=lambda seat: (ranks[seat], seat))
        heads = [t(key) for key in ("neuf_vies.ui.rank", "neuf_vies.ui.player", "neuf_vies.ui.score",
                                    "neuf_vies.ui.backs")]
        rows = [("closer" if seat in winners else "", (ranks[seat], self.name(seat), scores[seat], last["backs"][seat]))
                for seat in order]
        body = [self._why(last), score_table("scores nv-rank", heads, rows)]
        if last["tiebreak"] is not None:
            body.append(t(TIEBREAK_WORDS[last["tiebreak"]]))
        return t("ui.match_won", names=seat_names(self.app, winners)), body
