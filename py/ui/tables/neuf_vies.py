"""The Neuf vies table: the other players' tableaux small at the top, the piles, the prompt and
the log in the middle, the player's own four columns large, their hand of four at the bottom.

A hand card is dragged (or tapped, or moved by keyboard) onto a lit column, empty slot or, when
nothing can be placed, the discard pile. The answers that are not placements (counter or let
through, attack again or stop) are buttons; where won cards go is chosen by a tap on a lit slot.
The view says it all (games/neuf_vies/schema.py): what is legal, each column's value and score,
the latest moves with their cards, the slot last played, why the game ended and the ranking."""
from games.neuf_vies.schema import (Allow, Card, Column, ColumnCard, Counter, Discard, LogEntry, Move, Pending, Place,
                                    Put, Renew, Round, Stop, View, card, move_text, parse_move)
from i18n import sentence
from ui.dom import find, later, mount
from ui.html import el
from ui.tables.common import fly, standings
from ui.tables.frame import Frame
from ui.tables.neuf_vies_art import art, ensure_sprite

LOG_SHOWN = 4  # log entries on screen (CSS keeps only the newest on short screens)
TIEBREAK_WORDS = {"backs": "neuf_vies.ui.tiebreak", "shared": "neuf_vies.ui.shared"}


def _legal(view: View) -> list[tuple[str, Move]]:
    """The legal moves of the view, each as its text and its value."""
    return [(move, parse_move(move)) for move in view["legal"]]


def _pending(view: View) -> Pending:
    """What the game waits for: mid-game, always something."""
    pending = view["pending"]
    assert pending is not None
    return pending


def _on_turn(view: View) -> int:
    seat = view["to_move"]
    assert seat is not None  # mid-game, someone is to move
    return seat


def _last_round(view: View) -> Round:
    last = view["last_round"]
    assert last is not None  # at a result, the round it tells of
    return last


def _drop_key(move: Move) -> str | None:
    """Where a hand card is dropped to play ``move``: a slot "seat.col", or the discard pile."""
    if isinstance(move, Place):
        return f"{move.seat}.{move.col}"
    return "discard" if isinstance(move, Discard) else None


class Table(Frame):
    own_log = True  # its log of steps sits in the middle of the table: no second one below
    prompt_names = True
    peekable = True  # the others' columns are small on a phone, and attacks depend on them
    total_key = "neuf_vies.ui.standing"

    def __init__(self, app):
        super().__init__(app)
        ensure_sprite()

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

    def card_the(self, card: Card) -> str:
        """A face-up card as a sentence names it, with its article ("the red 8", "l’esprit")."""
        t = self.app.t
        colour = card["colour"]
        return t(f"neuf_vies.card.the.{card['kind']}",
                 colour=t(f"neuf_vies.colour.{colour}") if colour else "", value=card["value"])

    # --- drawing: cards ------------------------------------------------------------------
    def card(self, card: ColumnCard, cls: str = "", **attrs):
        """A card face, or the 9×2 side every card has (a sitting cat), drawn with the DOM: the
        value large, the colour's shape in the corner and, on a warrior, the pair it makes nine
        with. The text drawn is decoration: the card's label names it."""
        label = self.card_name(card)
        if attrs.get("role") is None and not attrs.get("aria_hidden"):
            attrs["role"] = "img"  # a named drawing: a label needs a role
        if "back" in card:
            node = el("div", f"nvcard back {cls}".strip(), None, data_card=card.get("id", "back"),
                      aria_label=label, **attrs)
            node.appendChild(art("nv-cat", "nv-cat"))
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
            assert value is not None  # a warrior has a value
            face.appendChild(el("span", "nv-idx", None, el("b", "", None, data_v=value), el("i", "nv-sym")))
            face.appendChild(el("i", "nv-sym nv-big"))
            face.appendChild(el("span", "nv-val", value))
            # Drawn by CSS from the attribute: the card's name already says its pair to nine.
            face.appendChild(el("span", "nv-pair", None, data_pair=f"{value}+{9 - value}=9"))
        elif kind == "spirit":
            face.appendChild(el("span", "nv-idx", None, el("b", "", None, data_v="0")))
            face.appendChild(art("nv-ghost", "nv-ghost"))
            face.appendChild(el("span", "nv-val", None, data_v="0"))  # drawn by CSS, as the indexes
        else:
            face.appendChild(el("span", "nv-idx", None, el("b", "", None, data_v="J")))
            face.appendChild(art("nv-paw", "nv-paw"))
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
        out = [("total", total, self.words("neuf_vies.ui.score_of", seat, n=total))]
        if result is None and seat != view["seat"]:
            held = view["hand_sizes"][seat]
            out.append(("in-hand", held, t("neuf_vies.ui.in_hand", name=self.name(seat), n=held)))
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
        return [self._tableau(view, seat, result, mine, small=not mine and result is None, live=True)]

    def peek_body(self, view: View, seat: int) -> list:
        """Another seat's columns large, every card and score readable, nothing to drop on."""
        return [self._tableau(view, seat, None, False, small=False, live=False)]

    def _tableau(self, view: View, seat: int, result: Round | None, mine: bool, small: bool, live: bool):
        """A seat's four column slots; ``small`` in the strip (a tap there opens them large),
        ``live`` where the player's card may go."""
        tableau = (result["tableaux"] if result is not None else view["tableaux"])[seat]
        legal = _legal(view) if self.active and live else []
        drops = {_drop_key(move) for _, move in legal}
        puts = {move.col: text for text, move in legal if isinstance(move, Put)} if mine else {}
        pending = view["pending"] if result is None else None
        attacked = incoming = None  # this seat's column under attack, and the card attacking it
        if pending is not None and (pending["kind"] == "counter" or pending["kind"] == "renew"):
            if pending["target"] == seat:
                attacked = pending["col"]
                incoming = pending["card"] if pending["kind"] == "counter" else None
        # The slot of the last move is outlined when no card of it can be marked (an unturned 9×2).
        marked = self.last_played(view, self.app.session.last_move())
        last = view["last_slot"] if result is None and not marked else None
        won = result is not None and seat in result["winners"]
        cols = el("div", "nv-cols won" if won else "nv-cols", None, role="list")
        for col, column in enumerate(tableau):
            cols.appendChild(self._column(column, seat, col, f"{seat}.{col}" in drops, puts.get(col), attacked == col,
                                          incoming if attacked == col else None, last == {"seat": seat, "col": col},
                                          small))
        return cols

    def _column(self, column: Column | None, seat: int, col: int, droppable: bool, put: str | None,
                attacked: bool, incoming: Card | None, last: bool, small: bool):
        """A slot: its stack of cards (with an attacking card in the air above it) and its score."""
        t = self.app.t
        cls = "nv-col" + (" attacked" if attacked else "") + (" last" if last else "")
        attrs = {"data_col": col, "role": "listitem", "data_drop": f"{seat}.{col}" if droppable else None}
        if put is not None:
            attrs.update(data_action="move", data_move=put, role="button", tabindex="0", data_put="")
        elif small:  # a tap with no card held opens the seat's columns large (ui/menu.py)
            attrs["data_action"] = "peek"
        if column is None:
            node = el("div", cls + " empty", None,
                      aria_label=self.words("neuf_vies.ui.empty_slot", seat, col=col + 1), **attrs)
            node.appendChild(el("div", "nv-stack"))
            node.appendChild(el("span", "nv-score", "", aria_hidden="true"))
            return node
        value, mult, score = column["value"], column["multiplier"], column["score"]
        cards = ", ".join(self.card_name(c) for c in column["cards"])
        node = el("div", cls, None, aria_label=self.words("neuf_vies.ui.column", seat, col=col + 1, cards=cards,
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
        box.appendChild(self._log(view, active))
        return box

    def describe(self, before: View, move: str, after: View, name: str) -> str:
        """The move and the steps it brought about, in the log's words (draws left out)."""
        return " ".join(self._log_line(entry) for entry in after["last_move"] if entry["kind"] != "draw")

    def _log(self, view: View, active: bool):
        """The latest steps told in words (draws are left out: the hand sizes show them). While
        the player answers a question (an attack to counter, a counter to answer), the prompt
        tells the step it is about and the log steps aside: the same sentence twice, and the
        answers under it, pushed the hand off a phone's screen."""
        t = self.app.t
        pending = view["pending"]
        asked = active and pending is not None and pending["kind"] in ("counter", "renew")
        entries = [] if asked else [entry for entry in view["log"] if entry["kind"] != "draw"][-LOG_SHOWN:]
        box = el("ol", "nv-log", None, aria_label=t("neuf_vies.ui.log"))
        for entry in entries:
            box.appendChild(el("li", "", self._log_line(entry)))
        return box

    def _log_line(self, entry: LogEntry) -> str:
        seat = entry["seat"]
        if entry["kind"] == "place":
            target, col, shown = entry["target"], entry["col"] + 1, self.card_the(entry["card"])
            if target == seat:
                return self.words("neuf_vies.log.place_own", seat, card=shown, col=col)
            if self.app.is_you(target):
                return sentence(self.app.t("neuf_vies.log.attacked_you", name=self.name(seat), card=shown, col=col))
            return self.words("neuf_vies.log.place_attack", seat, card=shown, col=col, target=self.name(target))
        if entry["kind"] == "discard" or entry["kind"] == "counter" or entry["kind"] == "renew":
            return self.words(f"neuf_vies.log.{entry['kind']}", seat, card=self.card_the(entry["card"]))
        if entry["kind"] == "put":
            return self.words("neuf_vies.log.put", seat, col=entry["col"] + 1)
        return self.words(f"neuf_vies.log.{entry['kind']}", seat)  # allow, stop, gain, gain_lost, gain_none, skip

    def prompt(self, view: View) -> str:
        """What to do now, naming the player: an answer is asked of someone by name."""
        seat, pending, legal = _on_turn(view), _pending(view), _legal(view)
        if pending["kind"] == "turn":
            placing = any(isinstance(move, Place) for _, move in legal)
            return self.words("neuf_vies.prompt.place" if placing else "neuf_vies.prompt.discard", seat)
        if pending["kind"] == "counter":
            key = "neuf_vies.prompt.counter" if len(legal) > 1 else "neuf_vies.prompt.counter_none"
            return self.words(key, seat, attacker=self.name(pending["attacker"]), col=pending["col"] + 1,
                              card=self.card_the(pending["card"]))
        if pending["kind"] == "renew":
            key = "neuf_vies.prompt.renew" if len(legal) > 1 else "neuf_vies.prompt.renew_none"
            return self.words(key, seat, target=self.name(pending["target"]),
                              counter=self.card_the(pending["counter"]), card=self.card_name(pending["card"]))
        won_pair = pending["won"] == "pair"
        return self.words("neuf_vies.prompt.put_pair" if won_pair else "neuf_vies.prompt.put_gain", seat)

    def _actions(self, view: View, active: bool):
        """Buttons for the answers that are no placement; the won cards waiting to be put."""
        t = self.app.t
        row = el("div", "buttons nv-actions")
        if not active:
            return row
        pending = _pending(view)
        if pending["kind"] == "put":
            held = el("div", "nv-held nv-stack", None, data_size=len(pending["cards"]),
                      aria_label=t("neuf_vies.ui.held", cards=", ".join(self.card_name(c) for c in pending["cards"])))
            for shown in pending["cards"]:
                held.appendChild(self.card(shown))
            row.appendChild(held)
            return row
        hand = {shown["id"]: shown for shown in view["hand"]}  # the cards an answer names are the player's
        seen = set()  # two equal cards make the same answer: one button for them
        for text, move in _legal(view):
            if isinstance(move, (Allow, Stop)):
                row.appendChild(el("button", "btn", t(f"neuf_vies.move.{move.kind}"), type="button",
                                   data_action="move", data_move=text))
            elif isinstance(move, (Counter, Renew)):
                shown = hand[move.card]
                face = (move.kind, shown["kind"], shown["colour"], shown["value"])
                if face in seen:
                    continue
                seen.add(face)
                # The card itself on the button, a short verb beside it: three answers fit a phone.
                button = el("button", "btn primary nv-answer", None, type="button", data_action="move",
                            data_move=text, aria_label=t(f"neuf_vies.move.{move.kind}", card=self.card_the(shown)))
                button.appendChild(self.card(shown, aria_hidden="true"))
                button.appendChild(el("span", "", t(f"neuf_vies.move.{move.kind}_short")))
                row.appendChild(button)
        return row

    def _hand(self, view: View, active: bool, hidden: bool):
        t = self.app.t
        me = view["seat"]
        hand = el("div", "nv-hand", None, id="hand", aria_label=self.words("neuf_vies.ui.hand_of", me))
        if hidden:  # the device is being passed: nobody's cards on screen
            hand.appendChild(el("p", "hint", t("neuf_vies.ui.hand_size", n=view["hand_sizes"][me])))
            return hand
        movable = set()
        if active and _pending(view)["kind"] == "turn":
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
        if len(legal) != 1 or _pending(view)["kind"] == "turn":
            return None
        if _pending(view)["kind"] == "put" or len(self.app.session.humans()) == 1:
            return legal[0]
        return None

    def targets(self, source: str) -> list:
        return [_drop_key(move) for _, move in _legal(self.view)
                if isinstance(move, (Place, Discard)) and move.card == source]

    def move_for(self, source: str, target: str) -> str:
        """The hand card ``source`` dropped on a slot "seat.col" or on the discard pile."""
        if target == "discard":
            return move_text(Discard(source))
        seat, col = target.split(".")
        return move_text(Place(source, int(seat), int(col)))

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
            pending = _pending(view)
            assert pending["kind"] == "renew"  # a move that attacks again answers a renew question
            target = f'[data-seat="{pending["target"]}"] [data-col="{pending["col"]}"]'
        else:
            target = '[data-pile="discard"]'
        origin = find(screen, f'.seat[data-seat="{seat}"] .seat-head')
        flyer = None
        if origin is not None:
            # The card leaves a hand this seat does not see: the move names it, and so shows it.
            flyer = mount(origin, self.card(card(played.card), "nv-flyer"))
        fly(flyer, find(screen, target), ms, then)

    def last_played(self, view: View, last) -> list[str]:
        """The card the last move put down: the card placed, discarded or countered with; for a
        move that lets an attack land (or puts a won twin pair), the attacking card. Nothing for a
        9×2 card taken unturned: its slot is outlined instead."""
        moves = view["last_move"]
        if not moves:
            return []
        first = moves[0]
        if (first["kind"] == "place" or first["kind"] == "discard" or first["kind"] == "counter"
                or first["kind"] == "renew"):
            return [first["card"]["id"]]
        if first["kind"] == "allow" or first["kind"] == "put":
            for entry in reversed(view["log"][:-len(moves)]):
                if entry["kind"] == "gain":
                    return []  # the put of an unturned 9×2 card
                if entry["kind"] == "place" or entry["kind"] == "renew":  # a card put on a column
                    return [entry["card"]["id"]]
        return []

    # --- results -------------------------------------------------------------------------
    def _why(self, last: Round) -> str:
        return self.app.winners_words(f"neuf_vies.why.{last['why']}", last["ended_by"])

    def _sums(self, last: Round):
        """How each score is made: every column's score, summed (and the 9×2 cards, when they
        settled equal best scores)."""
        t = self.app.t
        key = "neuf_vies.ui.sum" if last["tiebreak"] is None else "neuf_vies.ui.sum_backs"
        sums = el("ul", "nv-sums", None, aria_label=t("neuf_vies.ui.sums"))
        for seat, tableau in enumerate(last["tableaux"]):
            parts = [str(c["score"]) for c in tableau if c is not None] or ["0"]
            sums.appendChild(el("li", "", t(key, name=self.name(seat), parts=" + ".join(parts),
                                             score=last["scores"][seat], n=last["backs"][seat])))
        return sums

    def round_end(self, view: View):
        last = _last_round(view)
        return self.app.t("neuf_vies.ui.game_over"), [self._why(last), self._sums(last)]

    def final_result(self, view: View):
        """One game: its winners, why it ended, the standings (the score, then the 9×2 cards),
        how equal best scores were settled, and how each score is made."""
        t = self.app.t
        last, outcome = _last_round(view), view["outcome"]
        assert outcome is not None  # the match's end
        title = self.app.winners_words("neuf_vies.match_won", outcome["winners"])
        body = [self._why(last), standings(self.app, outcome["scores"], outcome["ranks"], self.total_key)]
        if last["tiebreak"] is not None:
            body.append(t(TIEBREAK_WORDS[last["tiebreak"]]))
        body += [el("h3", "", t("neuf_vies.ui.sums")), self._sums(last)]
        return title, body
