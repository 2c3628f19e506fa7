"""The Zéro Pointé table: the other players' grids small, the piles, the player's own 3 × 4
grid large. The discard or a drawn card is dragged (or tapped, or moved by keyboard) onto a slot;
drawing, turning a card and the column question are buttons carrying the game's own moves."""
from ui.dom import find, later
from ui.html import el
from ui.tables.common import fly, score_table
from ui.tables.frame import Frame

ROWS, COLS = 3, 4


def band(value: int) -> str:
    """Colour band by value range, as on the physical cards; the number is always printed too."""
    if value < 0:
        return "neg"
    if value == 0:
        return "zero"
    return "low" if value <= 4 else "mid" if value <= 8 else "high"


class Table(Frame):
    css = "zp"
    total_key = "zero_pointe.ui.total_of"

    # --- drawing -------------------------------------------------------------------------
    def card(self, slot, **attrs):
        t = self.app.t
        attrs.setdefault("role", "img")  # a card is a picture with a name, unless it acts
        if slot is None:
            return el("div", "zcard gone", None, aria_label=t("zero_pointe.ui.gone"), **attrs)
        if slot.get("down") or slot.get("hidden"):
            return el("div", "zcard down", None, aria_label=t("zero_pointe.ui.down"), **attrs)
        value = slot["value"]
        node = el("div", f"zcard b-{band(value)}", None, data_card=slot["id"],
                  aria_label=t("zero_pointe.ui.card", value=value), **attrs)
        node.appendChild(el("span", "num", value, aria_hidden="true"))
        return node

    def strip_seats(self, view, result) -> list:
        if result is not None:
            return list(range(view["players"]))  # every grid of the round, revealed
        return super().strip_seats(view, result)

    def _grids(self, view, result):
        return result["grids"] if result is not None else view["grids"]

    def badges(self, view, seat: int, result) -> list:
        t = self.app.t
        grid = self._grids(view, result)[seat]
        visible = sum(slot["value"] for row in grid for slot in row if slot and "value" in slot)
        total = result["totals"][seat] if result is not None else view["totals"][seat]
        return [("showing", visible, t("zero_pointe.ui.showing", n=visible)),
                ("total", total, t("zero_pointe.ui.total_is", n=total))]

    def seat_body(self, view, seat: int, result, mine: bool) -> list:
        return [self._grid(view, seat, self._grids(view, result)[seat], small=not mine,
                           active=mine and self.active)]

    def centre(self, view, active: bool, hidden: bool, result) -> list:
        """The piles and the buttons, then the setting: the own area holds the grid alone, so
        that a short screen keeps the whole grid in view (the setting may go below it)."""
        if result is not None:
            return []
        piles = self._piles(view, active)
        piles.appendChild(self._actions(view, active))
        return [piles, self._setting()]

    def own(self, view, active: bool, hidden: bool, result) -> list:
        if result is not None:
            return []
        return [self.panel(view, view["seat"], None, mine=True)]

    def _grid(self, view, seat: int, grid, small: bool, active: bool):
        t = self.app.t
        name = self.name(seat)
        asked = set(view["pending_columns"][:1]) if seat == view["to_move"] else set()
        turnable = {m[5:] for m in view["legal"] if m.startswith("turn ")} if active else set()
        slots = el("div", "zgrid", None, role="grid", data_grid=seat,
                   aria_label=t("zero_pointe.ui.grid_of", name=name))
        for r in range(ROWS):
            row = el("div", "zrow", None, role="row")  # display: contents, for the grid's rows
            slots.appendChild(row)
            for c in range(COLS):
                slot = grid[r][c]
                key = f"{r},{c}"
                attrs = {"data_slot": key, "role": "gridcell", "data_asked": c in asked}
                if not small and slot is not None:
                    attrs["data_drop"] = key
                if f"{r} {c}" in turnable:
                    attrs.update(data_action="move", data_move=f"turn {r} {c}", tabindex="0")
                row.appendChild(self.card(slot, **attrs))
        return slots

    def _piles(self, view, active: bool):
        t = self.app.t
        legal = view["legal"]
        piles = el("div", "piles")
        draw = el("button", "zcard down pile", None, type="button", data_pile="draw",
                  aria_label=t("zero_pointe.ui.draw_pile", n=view["draw_size"]),
                  data_action="move" if active and "draw" in legal else None, data_move="draw",
                  disabled=not (active and "draw" in legal))
        draw.appendChild(el("span", "count", view["draw_size"], aria_hidden="true"))
        piles.appendChild(el("div", "pile-box", t("zero_pointe.draw_pile"), draw))
        top = view["discard_top"]
        takes = active and any(m.startswith("take ") for m in legal)
        discard = self.card(top, data_drop="discard", data_pile="discard",
                            data_drag="discard" if takes else None,
                            role="button" if takes else "img", tabindex="0" if takes else None)
        piles.appendChild(el("div", "pile-box", t("zero_pointe.discard_pile"), discard))
        if view["drawn"] is not None:
            mine = active and view["phase"] == "drawn"
            drawn = self.card(view["drawn"], data_pile="drawn", data_drag="drawn" if mine else None,
                              role="button" if mine else "img", tabindex="0" if mine else None)
            piles.appendChild(el("div", "pile-box drawn", t("zero_pointe.ui.drawn"), drawn))
        else:  # its place is kept: nothing moves when a card is drawn
            piles.appendChild(el("div", "pile-box drawn placeholder", None, el("div", "zcard gone"),
                                 aria_hidden="true"))
        return piles

    def _actions(self, view, active: bool):
        """Buttons for the moves that have no card to drag: reject, and the column question."""
        t = self.app.t
        row = el("div", "buttons actions")
        if not active:
            return row
        for move in view["legal"]:
            kind = move.split()[0]
            if kind in ("reject", "remove", "leave"):
                row.appendChild(el("button", "btn", t(f"zero_pointe.move.{kind}"), type="button",
                                   data_action="move", data_move=move))
        return row

    def _setting(self):
        box = el("input", "", None, type="checkbox", data_setting="always_remove",
                 checked=bool(self.app.prefs.get("always_remove")))
        return el("label", "setting", None, box, el("span", "", self.app.t("zero_pointe.ui.always_remove")))

    def prompt(self, view) -> str:
        """What to do now, in one short sentence (who starts and why goes to the move log)."""
        t = self.app.t
        pending = view["pending_columns"]
        prompt = t(f"zero_pointe.prompt.{view['phase']}", col=pending[0] + 1 if pending else "")
        if view["last_lap"]:
            prompt = t("zero_pointe.last_lap", name=self.name(view["closer"])) + " " + prompt
        return prompt

    def _starter(self, view) -> str:
        starter = view["starter"]
        return self.app.t(f"zero_pointe.starter.{view['start_reason']}",
                          name=self.app.match.seats[starter]["name"], sum=view["start_sums"][starter])

    # --- moves ---------------------------------------------------------------------------
    def auto_move(self, view):
        """The column question answers itself when the player chose "always remove"."""
        if view["phase"] == "columns" and self.app.prefs.get("always_remove"):
            return f"remove {view['pending_columns'][0]}"
        return None

    def targets(self, source: str) -> list:
        legal = self.view["legal"]
        if source == "discard":
            return [m[5:].replace(" ", ",") for m in legal if m.startswith("take ")]
        found = [m[5:].replace(" ", ",") for m in legal if m.startswith("keep ")]
        return found + (["discard"] if "reject" in legal else [])

    def drop(self, source: str, target: str):
        if target == "discard":
            if source == "discard":
                return self.app.t("zero_pointe.ui.same_pile")
            return self.app.play_human("reject")
        kind = "take" if source == "discard" else "keep"
        return self.app.play_human(f"{kind} {target.replace(',', ' ')}")

    def animate(self, move: str, ms: int, then):
        """A computer's card travels from a pile to its slot, or to the discard; a card it turns
        flashes in place; a draw or a column answer just takes the pause."""
        kind, *cell = move.split()
        slot = None
        if len(cell) == 2:  # turn, take and keep name a slot; "remove 2" names a column
            slot = find(self.app.screen, f'[data-grid="{self.view["to_move"]}"] [data-slot="{",".join(cell)}"]')
        if kind == "turn" and slot is not None:
            slot.classList.add("flash")
        origin = {"take": "discard", "keep": "drawn", "reject": "drawn"}.get(kind)
        if origin is None:
            later(ms, then)
            return
        if kind == "reject":
            slot = find(self.app.screen, '[data-pile="discard"]')
        fly(find(self.app.screen, f'[data-pile="{origin}"]'), slot, ms, then)

    def describe(self, before, move: str, after, name: str) -> str:
        """The move in words, for the log, from what the screen's seat may see. A move that ends
        the round is read from the round's record (the table is dealt anew by then)."""
        t = self.app.t
        kind, *args = move.split()
        same_round = after["round"] == before["round"] and after["outcome"] is None
        grids = after["grids"] if same_round else after["last_round"]["grids"]
        dropped = after["discard_top"]["value"] if same_round else None
        tail = "" if dropped is not None else "_last"  # the card it dropped went with the deal
        if kind in ("turn", "keep"):
            row, col = map(int, args)
            value = grids[before["to_move"]][row][col]["value"]
            words = t(f"zero_pointe.ui.log.{kind}{'' if kind == 'turn' else tail}", name=name,
                      value=value, dropped=dropped)
            if before["phase"] == "opening" and after["phase"] != "opening" and same_round:
                words += " " + self._starter(after)  # the opening is over: who starts, and why
            return words
        if kind == "take":
            return t(f"zero_pointe.ui.log.take{tail}", name=name,
                     value=before["discard_top"]["value"], dropped=dropped)
        if kind in ("remove", "leave"):
            return t(f"zero_pointe.ui.log.{kind}", name=name, col=int(args[0]) + 1)
        return t(f"zero_pointe.ui.log.{kind}", name=name, dropped=dropped)  # draw, reject

    # --- results -------------------------------------------------------------------------
    def round_end(self, view):
        t = self.app.t
        last = view["last_round"]
        seats = self.app.match.seats
        closer = seats[last["closer"]]["name"]
        parts = [t(f"zero_pointe.why.{last['why']}", name=closer)]
        c = last["closer"]
        if last["doubled"]:
            parts.append(t("zero_pointe.doubled", name=closer, factor=view["multiplier"],
                           raw=last["raw_scores"][c], score=last["scores"][c]))
        heads = [t(key) for key in ("zero_pointe.ui.player", "zero_pointe.raw_score",
                                    "zero_pointe.round_score", "zero_pointe.total")]
        rows = [("closer" if seat == c else "",
                 (info["name"], last["raw_scores"][seat], last["scores"][seat], last["totals"][seat]))
                for seat, info in enumerate(seats)]
        parts.append(score_table("scores", heads, rows))
        return t("zero_pointe.ui.round_over", n=last["round"]), parts
