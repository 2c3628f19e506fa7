"""The High card table: the trick in the centre, the player's hand below; a card is dragged (or
tapped, or moved by keyboard) onto the trick."""
from engine.view import ranks
from games.high_card.schema import Play, move_text, parse_move, value
from ui.html import el
from ui.tables.common import seat_names, standings
from ui.tables.frame import Frame


class Table(Frame):
    css = "high-card"
    total_key = "high_card.ui.points_of"

    def card(self, card: str, **attrs):
        attrs.setdefault("role", "img")  # a picture with a name, unless it acts
        return el("div", f"hcard c-{card[0]}", value(card), data_card=card,
                  aria_label=self.app.t("high_card.ui.card", value=value(card)), **attrs)

    def badges(self, view, seat: int, result) -> list:
        t = self.app.t
        held, taken = view["hand_sizes"][seat], view["taken"][seat]
        return [("held", held, t("high_card.ui.held", n=held)), ("taken", taken, t("high_card.ui.taken", n=taken))]

    def prompt(self, view) -> str:
        return self.app.t("high_card.ui.your_turn")

    def centre(self, view, active: bool, hidden: bool, result) -> list:
        return [el("div", "trick", None, *(self.card(card) for card in view["trick"]), data_drop="trick",
                   role="group", aria_label=self.app.t("high_card.ui.trick"))]

    def own(self, view, active: bool, hidden: bool, result) -> list:
        hand = el("div", "hand", None, id="hand")
        for card in view["hand"]:
            if hidden:
                hand.appendChild(el("div", "hcard back", None, role="img", aria_label=self.app.t("high_card.ui.back")))
            elif active:
                hand.appendChild(self.card(card, data_drag=card, role="button", tabindex="0"))
            else:
                hand.appendChild(self.card(card))
        return [hand]

    def targets(self, source: str) -> list:
        return ["trick"] if move_text(Play(source)) in self.view["legal"] else []

    def drop(self, source: str, target: str):
        return self.app.play_human(move_text(Play(source)))

    def describe(self, before, move: str, after, name: str) -> str:
        return self.words("high_card.ui.log.play", before["to_move"], value=value(parse_move(move).card))

    def round_end(self, view) -> tuple:
        last = view["last_round"]
        title = self.app.t("high_card.ui.round_won", n=last["round"], names=seat_names(self.app, last["winners"]))
        points = last["points"]
        return title, [standings(self.app, points, ranks(points, last["winners"], False), self.total_key)]
