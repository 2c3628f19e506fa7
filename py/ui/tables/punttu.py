"""The Punttu table: the other seats in a row at the top, the trick in the middle (one place per
seat, in playing order), then the player's own area: their panel beside the stock and the last
trick, and their cards, which go onto the trick by drag, tap or keyboard. The cards are the
Spanish deck as players know it (ui/tables/punttu_art.py: pips, figures, indices), with a
points badge on the figures, whose index (10, 11, 12) is not their worth (1). The view says it
all (games/punttu/schema.py): the playing order, who took a trick and with what, who drew, the
memory aid's counts."""
from games.punttu.schema import FACES, Play, PunttuRound, PunttuView, Trick, card_face, move_text, parse_move
from ui.dom import find, mount
from ui.html import el
from ui.tables import punttu_art
from ui.tables.common import emblem, ended, fly, on_turn, score_table
from ui.tables.frame import Frame

LOOK_MS, SWEEP_MS, DRAW_MS = 700, 450, 160  # a trick taken: seen, swept away, then each draw


class Table(Frame):
    prompt_names = True
    total_key = "punttu.ui.standing"

    def __init__(self, app):
        super().__init__(app)
        # (seat, round, cards) last drawn face up
        self.shown_hand: tuple[int | None, int | None, tuple[str, ...]] = (None, None, ())
        self.drawn = set()  # the card it drew last, lit until that seat plays again
        self.heard = None  # the last trick taken whose sound was played
        self.swept = None  # the last trick already swept to its winner (drawn gone since)
        self.drawn_before = False  # a drawing of this table was on screen before this one
        punttu_art.inject((card, face.suit, face.rank) for card, face in FACES.items())

    # --- cards ---------------------------------------------------------------------------
    def name_of(self, card: str) -> str:
        """The card's name: "7 of cups", "king of clubs"; "as d’oros"; "errege kopa"."""
        suit, rank, _ = card_face(card)
        return self.app.t("punttu.card_name", rank=self.app.t(f"punttu.rank.{rank}"),
                          suit=self.app.t(f"punttu.of.{suit}"))

    def the(self, card: str) -> str:
        """The card's name in a sentence: "the 7 of cups", "l’as d’oros"."""
        return self.app.t(f"punttu.the.{card_face(card).rank}", card=self.name_of(card))

    def label(self, card: str) -> str:
        """The card in words, with its worth: "king of clubs — 1 point"."""
        return self.app.t("punttu.ui.card", card=self.name_of(card), n=card_face(card).points)

    def card(self, card: str, cls: str = "", **attrs):
        _, rank, points = card_face(card)
        if not attrs.get("role"):  # a card is a picture with a name, unless it acts
            attrs["role"] = "img"
        node = el("div", f"pt-card {cls}".strip(), None, punttu_art.art(card), data_card=card,
                  aria_label=self.label(card), **attrs)
        if rank > 7:  # a figure: its index is not its worth
            node.appendChild(el("span", "pt-pts", points, aria_hidden="true"))
        return node

    def back(self, cls: str = "", **attrs):
        """A card face down; a picture named so unless ``attrs`` say otherwise."""
        if "aria_hidden" not in attrs:
            attrs.setdefault("role", "img")
            attrs.setdefault("aria_label", self.app.t("punttu.ui.back"))
        return el("div", f"pt-card pt-back {cls}".strip(), None, punttu_art.art("back"), **attrs)

    # --- the table -----------------------------------------------------------------------
    def prompt(self, view: PunttuView) -> str:
        return self.words("punttu.ui.your_turn", on_turn(view))

    def result_line(self, view: PunttuView, result: PunttuRound) -> str:
        if view["match"] == "one_deal":
            return self.app.t("punttu.ui.deal_done")
        return self.app.t("punttu.ui.deal_over", n=result["round"])

    def centre(self, view: PunttuView, active: bool, hidden: bool, result: PunttuRound | None) -> list:
        """The trick; the trick just taken stays on the table until the next card is led (and
        for good at a deal's end): who took it, and why, is the first thing to see."""
        if result is not None:
            return [self._trick(view, result["last_trick"], False)]
        return [self._trick(view, view["just_taken"], active)]

    def own(self, view: PunttuView, active: bool, hidden: bool, result: PunttuRound | None) -> list:
        """The player's panel with the stock and the last trick beside it (one row, which leaves
        the trick the height it needs on a phone), the memory aid, then the hand."""
        mine = self.panel(view, view["seat"], result, mine=True)
        if result is not None:
            return [mine]
        gone = self._gone(view) if view["gone"] is not None else None
        return [el("div", "pt-own-row", None, mine, self._middle(view)), gone, self._hand(view, active, hidden)]

    def after_draw(self, view: PunttuView, result: PunttuRound | None):
        if result is None:
            self._sweep(view)
        self.drawn_before = True

    def last_played(self, view: PunttuView, last) -> list[str]:
        """The card just played: the last in the trick, or the last of the trick just taken (or
        of the deal just finished)."""
        if view["trick"]:
            return [view["trick"][-1]["card"]]
        last = view["last_trick"]
        return [last["trick"][-1]["card"]] if last is not None else []

    def _sweep(self, view: PunttuView):
        """Once a trick is taken (its sound), and after a look at it: its cards sweep to the
        winner, then everyone draws from the stock in the view's order, one card at a time.
        Behind the pass-the-device screen the sweep waits for the next player to see it."""
        done = view["just_taken"]
        key = _key(done)
        if key != self.heard:
            self.heard = key
            if done is not None and self.drawn_before:  # taken in sight, not found taken on opening the page
                self.app.sound("trick")
        if done is None or key == self.swept or self.hidden or not self.lively():
            return  # without the sweep, the trick stays in sight until the next card is led
        self.swept = key  # from now on the trick is drawn gone (``_trick``)
        screen = self.app.screen
        goal = self._seat_box(view, done["winner"])
        cards = screen.querySelectorAll("#trick.done .pt-slot .pt-card[data-card]")
        for i in range(cards.length):
            _aim(cards.item(i), goal)
            cards.item(i).style.setProperty("--delay", f"{LOOK_MS}ms")
            cards.item(i).classList.add("pt-sweep")
        self.hold = LOOK_MS + SWEEP_MS
        stock = find(screen, "#stock")
        refill = view["refill"]
        if refill is None or not self.drawn_before or stock is None:
            return  # nobody drew, or the table was not in sight before the trick was taken
        for i, seat in enumerate(refill["order"]):
            delay = LOOK_MS + SWEEP_MS + i * DRAW_MS
            mine = find(screen, "#hand .pt-new") if seat == view["seat"] else None
            if mine is not None:  # the player's own new card turns up in its turn
                mine.style.animationDelay = f"{delay}ms"
            # a card back that flies from the stock and is gone once there (``settle``)
            back = mount(stock, self.back("pt-deal", aria_hidden="true", style=f"--delay:{delay}ms"))
            _aim(back, self._seat_box(view, seat))
        self.hold += len(refill["order"]) * DRAW_MS

    def settle(self, node):
        """A card back drawn from the stock has arrived: it goes. A card swept to the trick's
        winner stays hidden where it lay, as the next drawing draws it (``_trick``)."""
        if node.classList.contains("pt-deal"):
            node.remove()
        elif node.classList.contains("pt-sweep"):
            node.classList.replace("pt-sweep", "pt-swept")
            for name in ("--dx", "--dy", "--delay"):
                node.style.removeProperty(name)
        else:
            super().settle(node)

    def _seat_box(self, view: PunttuView, seat: int):
        if seat == view["seat"]:
            return find(self.app.screen, "#hand")
        return find(self.app.screen, f'.seat-strip .seat[data-seat="{seat}"]')

    def kept_open(self):
        # A last trick opened to be looked at stays open while the computers play on.
        return find(self.app.screen, "details.pt-last[open]") is not None

    def reopen(self, table, kept):
        last = find(table, "details.pt-last")
        if last is not None and kept:
            last.open = True

    def badges(self, view: PunttuView, seat: int, result: PunttuRound | None) -> list:
        """Cards in hand (others'), cards won; points with the memory aid or once the deal is
        scored; totals in a match to N points. Each in words, as a sentence about the seat."""
        out = []
        if result is None and seat != view["seat"]:
            held = view["hand_sizes"][seat]
            out.append(("in-hand", held, self.words("punttu.ui.held", seat, n=held)))
        won = result["won_counts"][seat] if result is not None else view["won_counts"][seat]
        out.append(("won", won, self.words("punttu.ui.won", seat, n=won)))
        points = result["points"][seat] if result is not None else (
            view["won_points"][seat] if view["won_points"] is not None else None)
        if points is not None:
            out.append(("pts", points, self.words("punttu.ui.pts", seat, n=points)))
        if view["match"] == "to_points":
            totals = result["totals"] if result is not None else view["totals"]
            out.append(("total", totals[seat], self.words("punttu.ui.total", seat, n=totals[seat])))
        return out

    def _trick(self, view: PunttuView, done: Trick | None, active: bool):
        """One place per seat in playing order, each under its player's name; ``done``: the
        trick just taken, its winning card lit and the reason it won said."""
        t = self.app.t
        box = el("div", "pt-trick done" if done else "pt-trick", None, id="trick", role="group",
                 aria_label=t("punttu.ui.trick"), data_drop="trick" if active else None)
        row = el("div", "pt-slots")
        plays = done["trick"] if done else view["trick"]
        order = [play["seat"] for play in done["trick"]] if done else view["order"]
        swept = done is not None and _key(done) == self.swept  # its cards have gone to the winner
        for i, seat in enumerate(order):
            slot = el("div", "pt-slot", None, data_seat=seat,
                      data_turn=not done and seat == view["to_move"],
                      data_winner=done is not None and seat == done["winner"])
            if i < len(plays):
                slot.appendChild(self.card(plays[i]["card"], "pt-swept" if swept else "", data_order=i + 1))
            else:
                slot.appendChild(el("div", "pt-card pt-empty", None, aria_hidden="true"))
            slot.appendChild(self._who(seat))
            row.appendChild(slot)
        box.appendChild(row)
        if done:
            caption = self._took(done)
        elif view["to_move"] is not None and not plays:
            caption = self.words("punttu.ui.leads", view["to_move"])
        else:
            caption = ""
        box.appendChild(el("p", "pt-caption", caption))
        return box

    def _who(self, seat: int):
        """Who a place of the trick is for: the seat's emblem and name (the name left to screen
        readers where the places are too narrow for it, css/punttu.css)."""
        return el("span", "pt-who", None, emblem(self.app, seat), el("span", "pt-who-name", self.name(seat)))

    def describe(self, before: PunttuView, move: str, after: PunttuView, name: str) -> str:
        """The card played, and who took the trick when it closed one (the last trick taken is
        another one after the move)."""
        words = self.words("punttu.ui.log.play", on_turn(before), card=self.the(parse_move(move).card))
        taken = after["last_trick"]
        if taken is not None and taken != before["last_trick"]:
            words += " " + self._took(taken)
        return words

    def _took(self, trick: Trick) -> str:
        """Who took a trick, with which card; with equal highest cards, that the first won (the
        winning card is lit on the table)."""
        winner = trick["winner"]
        if trick["reason"] == "first_of_equal":
            return self.words("punttu.ui.took.first_of_equal", winner, value=trick["value"])
        card = next(play["card"] for play in trick["trick"] if play["seat"] == winner)
        return self.words("punttu.ui.took.highest", winner, card=self.the(card))

    def _middle(self, view: PunttuView):
        """The stock and the last trick (folded)."""
        t = self.app.t
        row = el("div", "pt-middle")
        words = t("punttu.ui.stock", n=view["stock_size"])
        stock = el("div", "pt-stock", None, title=words, id="stock")
        if view["stock_size"]:
            stock.appendChild(self.back(aria_hidden="true"))
        stock.appendChild(el("span", "pt-count", view["stock_size"], aria_hidden="true"))
        stock.appendChild(el("span", "sr-only", words))
        row.appendChild(stock)
        refill = view["refill"]
        if refill is not None:
            key = "punttu.ui.drew_last" if refill["stock_out"] else "punttu.ui.drew"
            row.appendChild(el("span", "pt-drew", t(key)))
        last = view["last_trick"]
        if last is not None:
            body = el("div", "pt-last-body")
            cards = el("div", "pt-last-cards")
            for play in last["trick"]:
                cards.appendChild(el("div", "pt-slot", None, self.card(play["card"]),
                                     self._who(play["seat"]),
                                     data_winner=play["seat"] == last["winner"]))
            body.appendChild(cards)
            body.appendChild(el("p", "pt-caption", self._took(last)))
            row.appendChild(el("details", "pt-last", None,
                               el("summary", "btn small", t("punttu.ui.last_trick")), body))
        return row

    def _gone(self, view: PunttuView):
        """Memory aid: per value, how many of the cards in play have been taken."""
        t = self.app.t
        box = el("div", "pt-gone", None, el("span", "pt-gone-title", t("punttu.ui.gone")))
        for count in view["gone"] or ():
            v, gone, dealt = count["value"], count["played"], count["dealt"]
            words = t("punttu.ui.gone_of", value=v, n=gone, total=dealt)
            box.appendChild(el("span", "pt-gone-v", None,
                               el("b", "", v, aria_hidden="true"),
                               el("span", "", f"{gone}/{dealt}", aria_hidden="true"),
                               el("span", "sr-only", words), title=words))
        return box

    def _hand(self, view: PunttuView, active: bool, hidden: bool):
        """The player's cards; behind the pass-the-device screen, only their backs."""
        me = view["seat"]
        hand = el("div", "pt-hand", None, id="hand", style=f"--hand:{view['hand_size']}")
        if hidden:
            for _ in range(view["hand_sizes"][me]):
                hand.appendChild(self.back())
            return hand
        seat, deal, before = self.shown_hand
        if seat != me or deal != view["round"] or len(view["hand"]) < len(before):
            self.drawn = set()  # another seat's hand, a new deal, or it has played since
        elif view["refill"] is not None and set(view["hand"]) - set(before):
            self.drawn = set(view["hand"]) - set(before)  # the card it has just drawn
        self.shown_hand = (me, view["round"], tuple(view["hand"]))
        playable = {parse_move(move).card for move in view["legal"]} if active else set()
        for card in view["hand"]:
            mine = card in playable
            node = self.card(card, "pt-new" if card in self.drawn else "", data_drag=card if mine else None,
                             role="button" if mine else None, tabindex="0" if mine else None)
            if card in self.drawn:  # the word drawn by the style sheet, as a figure's letter
                node.appendChild(el("span", "pt-new-tag", None, aria_hidden="true",
                                    data_tag=self.app.t("punttu.ui.new")))
            hand.appendChild(node)
        return hand

    # --- moves ---------------------------------------------------------------------------
    def targets(self, source: str) -> list:
        return ["trick"] if move_text(Play(source)) in self.view["legal"] else []

    def move_for(self, source: str, target: str) -> str:
        return move_text(Play(source))

    def animate(self, move: str, ms: int, then):
        """The computer's card flies from its seat to its place in the trick."""
        seat = self.view["to_move"]
        card = parse_move(move).card
        screen = self.app.screen
        origin = find(screen, f'#hand [data-card="{card}"]')  # a computer shown as the viewer
        panel = find(screen, f'.seat[data-seat="{seat}"]') if origin is None else None
        slot = find(screen, f'#trick:not(.done) .pt-slot[data-seat="{seat}"] .pt-card')
        if slot is None:  # a lead, onto the trick just taken: the first place
            slot = find(screen, "#trick .pt-slot .pt-card")
        fit = None
        if origin is None and panel is not None:
            origin = mount(panel, self.card(card, "pt-fly"))
            fit = _as_wide  # as wide as its place in the trick, which is sized on the centre's box
        fly(origin, slot, ms, then, fit)

    # --- results -------------------------------------------------------------------------
    def round_end(self, view: PunttuView):
        """The deal's winners, and each seat's cards and points; in a match to N points, the
        match totals too and how far the match goes."""
        last = ended(view)
        to_points = view["match"] == "to_points"
        parts = [self._deal_table(last, to_points)]
        if to_points:
            parts.append(self.app.t("punttu.ui.goal", deal=last["round"], n=view["target"]))
        return self.app.winners_words("punttu.deal_won", last["winners"]), parts

    def last_round(self, view: PunttuView):
        """The deal that ended the match, under the standings, which already give the totals."""
        last = ended(view)
        return self.app.winners_words("punttu.deal_won", last["winners"]), [self._deal_table(last, False)]

    def _deal_table(self, last: PunttuRound, totals: bool):
        t = self.app.t
        heads = ["punttu.ui.player", "punttu.ui.cards_col", "punttu.ui.points_col"]
        heads += ["punttu.ui.total_col"] if totals else []
        rows: list[tuple] = [("winner" if seat in last["winners"] else "",
                 [self.name(seat), cards, last["points"][seat]] + ([last["totals"][seat]] if totals else []),
                 {"data_seat": seat})
                for seat, cards in enumerate(last["won_counts"])]
        rows.append(("pt-sum", [t("punttu.ui.all"), last["all_cards"], last["all_points"]] + ([""] if totals else [])))
        return score_table("scores pt-scores", [t(key) for key in heads], rows)


def _key(trick: Trick | None):
    """A trick by its cards (None: no trick)."""
    return tuple(play["card"] for play in trick["trick"]) if trick is not None else None


def _as_wide(card, slot):
    card.style.setProperty("--cw", f"{slot.getBoundingClientRect().width}px")


def _aim(node, goal):
    """Set --dx and --dy on ``node``: the way from its centre to ``goal``'s, for a CSS flight."""
    if goal is None:
        return
    a, b = node.getBoundingClientRect(), goal.getBoundingClientRect()
    node.style.setProperty("--dx", f"{b.left + b.width / 2 - a.left - a.width / 2}px")
    node.style.setProperty("--dy", f"{b.top + b.height / 2 - a.top - a.height / 2}px")
