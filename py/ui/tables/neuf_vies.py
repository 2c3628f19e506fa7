"""The Neuf vies table: the other players' tableaux small at the top, the piles, the prompt and
the log in the middle, the player's own four columns large, their hand of four at the bottom.

A hand card is dragged (or tapped, or moved by keyboard) onto a lit column, empty slot or, when
nothing can be placed, the discard pile. The answers that are not placements (counter or let
through, attack again or stop) are buttons; where won cards go is chosen by a tap on a lit slot.
What is legal always comes from the view's ``legal`` list."""
from ui.dom import find, later, mount
from ui.html import el
from ui.tables.common import fly, score_table, seat_names
from ui.tables.frame import Frame

SLOTS = 4
LOG_SHOWN = 4  # log entries on screen (CSS keeps only the newest on short screens)


def parse_place(move: str):
    """("place", card, seat, col) of a placement move, else None."""
    parts = move.split()
    if parts[0] != "place":
        return None
    return parts[1], int(parts[2]), int(parts[3])


def formula(column) -> tuple:
    """(top value, multiplier, score) of a column as the view gives it."""
    mult, score = column["multiplier"], column["score"]
    return score // mult, mult, score


class Table(Frame):
    css = "nv"
    own_log = True  # its log of steps sits in the middle of the table: no second one below
    prompt_names = True

    # --- words ---------------------------------------------------------------------------
    def card_name(self, card: dict) -> str:
        t = self.app.t
        if card.get("back"):
            if "id" in card:  # the lower card of a twin pair: its face was seen
                return t("neuf_vies.card.back_known", card=self.card_name({**card, "back": False}))
            return t("neuf_vies.card.back")
        colour = card["colour"]
        return t(f"neuf_vies.card.{card['kind']}",
                 colour=t(f"neuf_vies.colour.{colour}") if colour else "", value=card["value"])

    @staticmethod
    def _card_of(card_id: str) -> dict:
        """A card as the view gives it, from its id alone (a move names only the id)."""
        face = card_id.split(".")[0]
        if face in ("s", "j"):
            return {"id": card_id, "kind": "spirit" if face == "s" else "joker", "colour": None,
                    "value": 0 if face == "s" else None}
        return {"id": card_id, "kind": "warrior", "colour": face[0], "value": int(face[1:])}

    def face_name(self, card_id: str) -> str:
        return self.card_name(self._card_of(card_id))

    # --- drawing: cards ------------------------------------------------------------------
    def card(self, card: dict, cls: str = "", **attrs):
        """A card face (or the common 9×2 back) drawn with the DOM: a big value, the colour's
        shape in the corners and, on a warrior, the colour's pair to nine."""
        label = self.card_name(card)
        if attrs.get("role") is None and not attrs.get("aria_hidden"):
            attrs["role"] = "img"  # a named drawing: a label needs a role
        if card.get("back"):
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
    def strip_seats(self, view, result) -> list:
        if result is not None:
            return list(range(view["players"]))  # every tableau of the final position, large
        return super().strip_seats(view, result)

    def badges(self, view, seat: int, result) -> list:
        t = self.app.t
        total = result["scores"][seat] if result is not None else view["totals"][seat]
        out = [("total", total, t("neuf_vies.ui.score_of", n=total))]
        if result is None and seat != view["seat"]:
            held = view["hand_sizes"][seat]
            out.append(("in-hand", held, t("neuf_vies.ui.in_hand", n=held)))
        return out

    def centre(self, view, active: bool, hidden: bool, result) -> list:
        if result is not None:
            return []
        return [self._middle(view, active), self._actions(view, active)]

    def own(self, view, active: bool, hidden: bool, result) -> list:
        if result is not None:
            return []
        return [self.panel(view, view["seat"], None, mine=True), self._hand(view, active, hidden)]

    def result_line(self, view, result) -> str:
        return self._why(result)

    def _drop_slots(self, view) -> dict:
        """Slot key "seat.col" -> True for every slot some legal placement reaches; with
        "discard" when the hand must be discarded from."""
        out = {}
        for move in view["legal"]:
            placed = parse_place(move)
            if placed is not None:
                out[f"{placed[1]}.{placed[2]}"] = True
            elif move.startswith("discard "):
                out["discard"] = True
        return out

    def _puts(self, view, active: bool) -> set:
        if not active:
            return set()
        return {int(m.split()[1]) for m in view["legal"] if m.startswith("put ")}

    def seat_body(self, view, seat: int, result, mine: bool) -> list:
        """The seat's four column slots: compact in the strip while the game goes on."""
        tableau = (result["tableaux"] if result is not None else view["tableaux"])[seat]
        small = not mine and result is None
        drops = self._drop_slots(view) if self.active else {}
        puts = self._puts(view, self.active) if mine else frozenset()
        cols = el("div", "nv-cols", None, role="list")
        pending = (view["pending"] or {}) if result is None else {}
        for col in range(SLOTS):
            key = f"{seat}.{col}"
            attacked = (pending.get("kind") in ("counter", "renew") and pending.get("target") == seat
                        and pending.get("col") == col)
            cols.appendChild(self._column(tableau[col], seat, col, key in drops, col in puts,
                                          attacked, pending, small))
        return [cols]

    def _column(self, column, seat: int, col: int, droppable: bool, puttable: bool, attacked: bool,
                pending: dict, small: bool):
        t = self.app.t
        name = self.name(seat)
        cls = "nv-col" + (" attacked" if attacked else "") + (" last" if self._last_slot() == (seat, col) else "")
        attrs = {"data_col": col, "role": "listitem", "data_drop": f"{seat}.{col}" if droppable else None}
        if puttable:
            attrs.update(data_action="move", data_move=f"put {col}", role="button", tabindex="0",
                         data_put="")
        if column is None:
            node = el("div", cls + " empty", None,
                      aria_label=t("neuf_vies.ui.empty_slot", name=name, col=col + 1), **attrs)
            node.appendChild(el("div", "nv-stack"))
            node.appendChild(el("span", "nv-score", "", aria_hidden="true"))
            return node
        value, mult, score = formula(column)
        cards = ", ".join(self.card_name(c) for c in column["cards"])
        node = el("div", cls, None, aria_label=t("neuf_vies.ui.column", name=name, col=col + 1, cards=cards,
                                                  value=value, mult=mult, score=score), **attrs)
        stack = el("div", "nv-stack", None, data_size=len(column["cards"]))
        for card in column["cards"]:
            stack.appendChild(self.card(card))
        if attacked and pending.get("kind") == "counter":  # the attacking card, still in the air
            stack.appendChild(self.card(pending["card"], "incoming"))
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

    def _last_slot(self):
        """The slot the latest placement or put went to: outlined, so a move is seen after it."""
        view = self.view
        for seat, text in reversed(view["log"]):
            parts = text.split()
            if parts[0] == "place":
                return int(parts[2]), int(parts[3])
            if parts[0] == "put":
                return seat, int(parts[1])
            if parts[0] not in ("draw", "skip", "gain", "counter", "allow", "renew", "stop"):
                return None
        return None

    def _middle(self, view, active: bool):
        t = self.app.t
        box = el("div", "nv-middle")
        piles = el("div", "nv-piles")
        pile = el("div", "nv-pile", None, data_pile="draw", role="img",
                  aria_label=t("neuf_vies.ui.pile_label", n=view["pile_size"]))
        pile.appendChild(self.card({"back": True}, "nv-pilecard", aria_hidden="true"))
        pile.appendChild(el("span", "nv-count", view["pile_size"], aria_hidden="true"))
        piles.appendChild(pile)
        discard = view["discard"]
        can_discard = active and any(m.startswith("discard ") for m in view["legal"])
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

    def describe(self, before, move: str, after, name: str) -> str:
        """The move and the steps it brought about, in the log's words (draws left out)."""
        new = after["log"][len(before["log"]):]
        return " ".join(self._log_line(seat, text) for seat, text in new
                        if not text.startswith("draw "))

    def _log(self, view):
        """The latest steps told in words (draws are left out: the hand sizes show them)."""
        t = self.app.t
        entries = [(s, text) for s, text in view["log"] if not text.startswith("draw ")][-LOG_SHOWN:]
        box = el("ol", "nv-log", None, aria_label=t("neuf_vies.ui.log"))
        for seat, text in entries:
            box.appendChild(el("li", "", self._log_line(seat, text)))
        return box

    def _log_line(self, seat: int, text: str) -> str:
        t = self.app.t
        parts = text.split()
        kind, name = parts[0], self.name(seat)
        if kind == "place":
            target, col = int(parts[2]), int(parts[3]) + 1
            card = self.face_name(parts[1])
            if target == seat:
                return t("neuf_vies.log.place_own", name=name, card=card, col=col)
            return t("neuf_vies.log.place_attack", name=name, card=card, col=col, target=self.name(target))
        if kind in ("discard", "counter", "renew"):
            return t(f"neuf_vies.log.{kind}", name=name, card=self.face_name(parts[1]))
        if kind == "put":
            return t("neuf_vies.log.put", name=name, col=int(parts[1]) + 1)
        return t(f"neuf_vies.log.{'_'.join(parts)}", name=name)  # allow, stop, gain…, skip

    def prompt(self, view) -> str:
        """What to do now, naming the player: an answer is asked of someone by name."""
        t = self.app.t
        name = self.name(view["to_move"])
        pending, legal = view["pending"], view["legal"]
        kind = pending["kind"]
        if kind == "turn":
            placing = any(m.startswith("place ") for m in legal)
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

    def _actions(self, view, active: bool):
        """Buttons for the answers that are no placement; the won cards waiting to be put."""
        t = self.app.t
        row = el("div", "buttons nv-actions")
        if not active:
            return row
        pending = view["pending"]
        if pending["kind"] == "put":
            held = el("div", "nv-held nv-stack", None, data_size=len(pending["cards"]),
                      aria_label=t("neuf_vies.ui.held", cards=", ".join(self.card_name(c) for c in pending["cards"])))
            for card in pending["cards"]:
                held.appendChild(self.card(card))
            row.appendChild(held)
            return row
        for move in view["legal"]:
            kind, *rest = move.split()
            if kind in ("allow", "stop"):
                row.appendChild(el("button", "btn", t(f"neuf_vies.move.{kind}"), type="button",
                                   data_action="move", data_move=move))
            elif kind in ("counter", "renew"):
                # The card itself on the button, a short verb beside it: three answers fit a phone.
                card_id = rest[0]
                button = el("button", "btn primary nv-answer", None, type="button", data_action="move",
                            data_move=move, aria_label=t(f"neuf_vies.move.{kind}", card=self.face_name(card_id)))
                button.appendChild(self.card(self._card_of(card_id), aria_hidden="true"))
                button.appendChild(el("span", "", t(f"neuf_vies.move.{kind}_short")))
                row.appendChild(button)
        return row

    def _hand(self, view, active: bool, hidden: bool):
        t = self.app.t
        me = view["seat"]
        hand = el("div", "nv-hand", None, id="hand", aria_label=t("neuf_vies.ui.hand_of", name=self.name(me)))
        if hidden:  # the device is being passed: nobody's cards on screen
            hand.appendChild(el("p", "hint", t("neuf_vies.ui.hand_size", n=view["hand_sizes"][me])))
            return hand
        movable = set()
        if active and view["pending"]["kind"] == "turn":
            movable = {m.split()[1] for m in view["legal"]}
        for card in view["hand"]:
            mine = card["id"] in movable
            hand.appendChild(self.card(card, data_drag=card["id"] if mine else None,
                                       role="button" if mine else None, tabindex="0" if mine else None))
        return hand

    # --- moves ---------------------------------------------------------------------------
    def auto_move(self, view):
        """An answer with one choice (let through, stop, the only place for won cards) is made
        at once when no other human could read anything into the pause."""
        legal = view["legal"]
        if len(legal) != 1 or view["pending"]["kind"] == "turn":
            return None
        if view["pending"]["kind"] == "put" or len(self.app.match.humans()) == 1:
            return legal[0]
        return None

    def targets(self, source: str) -> list:
        out = []
        for move in self.view["legal"]:
            placed = parse_place(move)
            if placed is not None and placed[0] == source:
                out.append(f"{placed[1]}.{placed[2]}")
            elif move == f"discard {source}":
                out.append("discard")
        return out

    def drop(self, source: str, target: str):
        if target == "discard":
            return self.app.play_human(f"discard {source}")
        seat, col = target.split(".")
        return self.app.play_human(f"place {source} {seat} {col}")

    def animate(self, move: str, ms: int, then):
        """A computer's card flies from its seat to the column it goes to, or to the discard
        pile; where won cards go flashes; an answer without a card just takes the pause."""
        screen = self.app.screen
        view = self.view
        kind, *rest = move.split()
        seat = view["to_move"]
        if kind == "put":
            slot = find(screen, f'.seat[data-seat="{seat}"] [data-col="{rest[0]}"]')
            if slot is not None:
                slot.classList.add("flash")
            later(ms, then)
            return
        if kind not in ("place", "discard", "counter", "renew"):
            later(ms, then)
            return
        if kind == "place":
            target = f'[data-seat="{rest[1]}"] [data-col="{rest[2]}"]'
        elif kind == "renew":
            pending = view["pending"]
            target = f'[data-seat="{pending["target"]}"] [data-col="{pending["col"]}"]'
        else:
            target = '[data-pile="discard"]'
        origin = find(screen, f'.seat[data-seat="{seat}"] .seat-head')
        flyer = None
        if origin is not None:
            flyer = mount(origin, self.card(self._card_of(rest[0]), "nv-flyer"))
        fly(flyer, find(screen, target), ms, then)

    # --- results -------------------------------------------------------------------------
    def _why(self, last) -> str:
        if last["why"] == "three_columns":
            full = [s for s, tab in enumerate(last["tableaux"])
                    if sum(1 for c in tab if c is not None and c["backs"] == 3) >= 3]
            return self.app.t("neuf_vies.why.three_columns", name=seat_names(self.app, full))
        return self.app.t("neuf_vies.why.pile", name=self.name(last["seat"]))

    def round_end(self, view):
        """How each score is made: every column's score, summed."""
        t = self.app.t
        last = view["last_round"]
        sums = el("ul", "standings nv-sums")
        for seat, tableau in enumerate(last["tableaux"]):
            parts = [str(c["score"]) for c in tableau if c is not None] or ["0"]
            sums.appendChild(el("li", "", t("neuf_vies.ui.sum", name=self.name(seat), parts=" + ".join(parts),
                                             score=last["scores"][seat])))
        return t("neuf_vies.ui.game_over"), [self._why(last), sums]

    def final_result(self, view):
        """One game is the match: the ranking, then how each score is made."""
        title, body = self.match_end(view)
        return title, body + self.round_end(view)[1][1:]  # its first part, why it ended, is told

    def match_end(self, view):
        """The ranked totals, with the 9×2 cards that break a tie between equal best scores."""
        t = self.app.t
        last = view["last_round"]
        scores, backs, winners = last["scores"], last["backs"], last["winners"]
        order = sorted(range(view["players"]), key=lambda s: (-scores[s], -backs[s], s))
        heads = [t(key) for key in ("neuf_vies.ui.rank", "neuf_vies.ui.player", "neuf_vies.ui.score",
                                    "neuf_vies.ui.backs")]
        rows = [("closer" if seat in winners else "", (place, self.name(seat), scores[seat], backs[seat]))
                for place, seat in enumerate(order, 1)]
        body = [self._why(last), score_table("scores nv-rank", heads, rows)]
        best = max(scores)
        if sum(1 for s in scores if s == best) > 1:
            body.append(t("neuf_vies.ui.shared" if len(winners) > 1 else "neuf_vies.ui.tiebreak"))
        return t("ui.match_won", names=seat_names(self.app, winners)), body
