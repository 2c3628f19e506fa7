"""The table every game shares. The frame draws the seat panels, the status line, the thinking
sign, the deal and arrival animations and the match-end celebration; a game's ``Table``
subclasses it and gives only its cards, what a seat panel holds, its centre and the player's own
area, its moves and its results (see ``ui/tables/punto.py`` for the smallest one).

A table is drawn as: the seat strip (the other seats, compact), the status line saying what to
do now, the game's centre (board, piles, trick, in ``.centre``) and the player's own area (hand,
grid, columns, in ``.own``).
"""
import math
from typing import Any

import js
from pyodide.ffi import to_js

from i18n import prefix, sentence
from ui.dom import clear, find, later, morph, mount, set_flag
from ui.html import el
from ui.tables.common import emblem, reaim, reduced_motion, robot, standings

CONFETTI = 24  # pieces of the match-end celebration


class Frame:
    """The hooks a game's table gives (each with its default here): ``prompt``, ``centre``,
    ``own``, ``badges``, ``seat_colours``, ``seat_body``, ``strip_seats``, ``result_line``,
    ``after_draw``, ``kept_open``/``reopen``; the moves: ``auto_move``, ``targets``, ``drop``,
    ``animate``, ``describe``, ``last_played``; the results: ``round_end``, ``last_round``,
    ``match_end``, ``sides``. A table lays out what its view says: every rule, ranking and count
    comes from the view."""
    own_log = False  # a game that tells its moves on the table itself needs no log below
    total_key = ""  # the words of a score in the standings ("{name}: {score} points")
    prompt_names = False  # the game's prompts already address the player by name
    peekable = False  # a tap on another seat's panel opens it large (``peek``)
    drawings = 0  # tables drawn on this page, all matches together (<html data-drawn>)

    def __init__(self, app):
        self.app = app
        self.view: Any = None  # the game's view last drawn (its schema's View)
        self.active = self.hidden = False  # as the last drawing was made: the player's turn, behind a gate
        self.round_seen = None  # the round last drawn: a new one is dealt
        self.deal_first = False  # the first drawing deals too (a match begun, not resumed)
        self.hold = 0  # ms the table's own motion needs before a computer plays on

    def name(self, seat: int) -> str:
        return self.app.seat_name(seat)

    def words(self, key: str, seat: int, **params) -> str:
        """The text of ``key`` about ``seat`` (its name in ``{name}``), in the second person
        ("You take the trick") when the seat is the player's own and the key has that form. A
        sentence: it starts with a capital whatever fills its first placeholder (a card's name,
        "ezpatako txota bota duzu"), so the move log, the prompts and the seats' figures do."""
        return sentence(self.app.seat_words(key, seat, **params))

    # --- drawing -------------------------------------------------------------------------
    def render(self, view, active: bool, hidden: bool = False):
        self._draw(view, None, active, hidden)

    def render_round_end(self, view):
        self._draw(view, view["last_round"], False, False)

    def _draw(self, view, result, active: bool, hidden: bool):
        self.view, self.active, self.hidden, self.result = view, active, hidden, result
        self.hold = 0
        keep = self.kept_open()
        table = el("section", "table", None, data_game=self.app.session.game.id,
                   data_players=view["players"], data_result=result is not None,
                   style=f"--n:{view['players']}")
        # The player's turn, on the screen rather than the table: a table whose own tag changed
        # would be drawn anew instead of in place.
        self.app.screen.toggleAttribute("data-active", active)
        # A result shows the round it ends (the view has moved on to the next one): the
        # finished table stays in place, its last card gliding home, and is not dealt again.
        round_shown = result["round"] if result is not None else view["round"]
        seats = self.strip_seats(view, result)
        if seats:
            strip = el("ul", "seat-strip", None, data_count=len(seats))
            for seat in seats:
                strip.appendChild(self.panel(view, seat, result, mine=False))
            table.appendChild(strip)
        # Focusable from the start: the page focuses it when there is no card to play, and a
        # status line that gained an attribute then would be replaced, not updated, at each move.
        table.appendChild(el("p", "status", self.status(view, active, hidden, result), id="status",
                             tabindex="-1"))
        # The centre and the player's own area each in a box of their own: a landscape phone
        # lays the seats, the centre and the own area side by side (css/tapis.css).
        table.appendChild(el("div", "centre", None, *self.centre(view, active, hidden, result)))
        own = [part for part in self.own(view, active, hidden, result) if part is not None]
        if own:
            table.appendChild(el("div", "own", None, *own, data_own=True))
        if result is not None and self.celebrates(view):
            table.appendChild(self._celebration())
        screen = self.app.screen
        before = self._places(screen) if self.round_seen is not None else None
        shown = find(screen, ":scope > section.table")
        if shown is not None and round_shown == self.round_seen:
            table = morph(shown, table)  # the same round goes on: only what changed is redrawn
        else:
            table = mount(clear(screen), table)
        self.reopen(table, keep)
        self._motion(table, round_shown, before)
        for key in self.last_played(view, self.app.session.last_move()):
            for card in table.querySelectorAll(f'[data-card="{key}"]'):
                card.classList.add("last-played")
        self.after_draw(view, result)
        Frame.drawings += 1
        set_flag("drawn", Frame.drawings)  # a new drawing, even where nodes were kept (tests wait on it)

    def after_draw(self, view, result):
        """The table is on screen: a game's own motion starts here."""

    def strip_seats(self, view, result) -> list:
        """The seats shown in the strip at the top: every other seat, in playing order from the
        player's left."""
        me, n = view["seat"], view["players"]
        return [(me + step) % n for step in range(1, n)]

    def panel(self, view, seat: int, result, mine: bool):
        """A seat's panel: its name and scores on one line, marked while it is on turn (with a
        thinking sign for a computer) or when it won, then what the game shows of the seat."""
        turn = result is None and seat == view["to_move"]
        winners = ()
        if result is not None:  # at the match's end its winners, else the round's
            winners = (view["outcome"] or result).get("winners", ())
        peek = self.peekable and not mine and result is None
        box = el("div" if mine else "li", "seat mine" if mine else "seat", None, data_seat=seat,
                 data_turn=turn, data_winner=seat in winners, data_action="peek" if peek else None)
        head = el("p", "seat-head", None, emblem(self.app, seat), el("span", "seat-name", self.name(seat)))
        mark = robot(self.app, seat)
        if mark is not None:
            head.appendChild(mark)
        for cls, shown, words in self.badges(view, seat, result):
            head.appendChild(el("span", f"stat {cls}", None, el("span", "", shown, aria_hidden="true"),
                                el("span", "sr-only", words), title=words))
        if turn and not self.app.session.is_human(seat):
            head.appendChild(el("span", "thinking", None, el("i"), el("i"), el("i"), aria_hidden="true"))
        box.appendChild(head)
        for part in self.seat_body(view, seat, result, mine):
            if part is not None:
                box.appendChild(part)
        return box

    def badges(self, view, seat: int, result) -> list:
        """(class, what is shown, what it says in words) for each figure beside a seat's name."""
        return []

    def seat_colours(self, seat: int) -> list[str]:
        """The colours a seat plays, where the game gives each seat its own (its emblem takes
        them, ``c-<colour>``): none by default, the emblem keeps the seat's hue."""
        return []

    def seat_sheet(self):
        """Every seat in words, for the players' dialog a tap away: its emblem, name and kind,
        whether it plays now, and each figure of its panel beside what it means (phones show
        no hover tooltips)."""
        view, t = self.view, self.app.t
        sheet = el("ul", "seat-sheet")
        for seat in range(view["players"]):
            kind = self.app.session.seats[seat]["kind"]
            if kind == "remote":
                who = t("seats.remote")
            elif kind != "human":
                who = t("seats.computer", level=t(f"seat.level.{kind}"))
            else:
                who = t("seats.you" if self.app.is_you(seat) else "seats.human")
            head = el("p", "sheet-head", None, emblem(self.app, seat), el("strong", "", self.name(seat)),
                      el("span", "sheet-kind", who))
            if self.result is None and seat == view["to_move"]:
                head.appendChild(el("span", "sheet-turn", t("seats.turn")))
            sheet.appendChild(el("li", "", None, head, self._figures(view, seat, self.result), data_seat=seat))
        return sheet

    def _figures(self, view, seat: int, result):
        """Each figure of a seat's panel beside what it means, in words; None without any."""
        figures = [el("li", "", None, el("span", f"stat {cls}", shown, aria_hidden="true"), el("span", "", words))
                   for cls, shown, words in self.badges(view, seat, result)]
        return el("ul", "sheet-figures", None, *figures) if figures else None

    def seat_body(self, view, seat: int, result, mine: bool) -> list:
        return []

    def peek(self, seat: int) -> tuple:
        """(title, body) of another seat's panel opened large, a tap away: a phone draws the
        others' cards small, yet the player's next move may depend on them. Its name, each of
        its figures in words, and what the game shows of it, read-only (``peek_body``)."""
        view = self.view
        head = el("div", "peek-head", None, emblem(self.app, seat), robot(self.app, seat),
                  self._figures(view, seat, None))
        body = el("div", "peek-body", None, *self.peek_body(view, seat), data_game=self.app.session.game.id)
        return self.name(seat), [head, body]

    def peek_body(self, view, seat: int) -> list:
        """What the game shows of ``seat``, large and without targets (by default its panel's)."""
        return self.seat_body(view, seat, None, False)

    def status(self, view, active: bool, hidden: bool, result) -> str:
        """What to do now, in one sentence (starting with a capital whatever its first word:
        a name typed in lower case): the player's prompt on their turn (named when several
        humans share the device), else whose turn it is."""
        return sentence(self._status(view, active, hidden, result))

    def _status(self, view, active: bool, hidden: bool, result) -> str:
        t = self.app.t
        if result is not None:
            return self.result_line(view, result)
        seat = view["to_move"]
        if seat is None:
            return ""
        if hidden:
            return t("gate.body", name=self.name(seat))
        if not active:  # (the player's own seat, in a replay)
            return self.words("status.thinking", seat)
        prompt = self.prompt(view)
        if self.prompt_names or len(self.app.session.humans()) < 2:
            return prompt
        return t("status.named", name=self.name(seat), prompt=prompt)

    def prompt(self, view) -> str:
        raise NotImplementedError

    def result_line(self, view, result) -> str:
        return ""

    def centre(self, view, active: bool, hidden: bool, result) -> list:
        raise NotImplementedError

    def own(self, view, active: bool, hidden: bool, result) -> list:
        return []

    def kept_open(self):
        """Something the player opened on the table, kept open across a redraw."""
        return None

    def reopen(self, table, kept):
        pass

    # --- motion --------------------------------------------------------------------------
    @staticmethod
    def _places(root) -> dict:
        """Each card on screen by id: its centre, and whether it shows its back (None for an id
        shown twice, such as a trophy also on the board: it cannot be followed)."""
        cards = root.querySelectorAll("[data-card]")
        places = {}
        for i in range(cards.length):
            card = cards.item(i)
            key = card.getAttribute("data-card")
            box = card.getBoundingClientRect()
            place = (box.left + box.width / 2, box.top + box.height / 2, card.classList.contains("back"))
            places[key] = None if key in places else place
        return places

    def _motion(self, table, round_shown: int, before):
        """A new round's cards are dealt one after another. Later, a card that moved (placed,
        swapped, discarded, won) glides from where it was; a card new on the table (drawn,
        turned) or turned over arrives with a flip. Nothing moves for players who ask for less
        motion (css/tapis.css)."""
        cards = table.querySelectorAll("[data-card]")
        dealt = self.round_seen is not None and round_shown != self.round_seen
        first = self.round_seen is None and self.deal_first
        if dealt or first:
            table.classList.add("dealing")
            step = min(45, 700 // max(cards.length, 1))  # the whole deal within a second
            for i in range(cards.length):
                cards.item(i).style.setProperty("--delay", f"{i * step}ms")
        elif before is not None:
            flipped = False
            now = self._places(table)
            for i in range(cards.length):
                card = cards.item(i)
                key = card.getAttribute("data-card")
                if key not in before:
                    card.classList.add("arrive")
                elif before[key] is not None and now[key] is not None:
                    (x0, y0, back0), (x1, y1, back1) = before[key], now[key]
                    if back0 != back1:
                        card.classList.add("arrive")
                        flipped = True
                    elif abs(x1 - x0) + abs(y1 - y0) > 4:
                        card.style.setProperty("--fx", f"{x0 - x1}px")
                        card.style.setProperty("--fy", f"{y0 - y1}px")
                        card.classList.add("moved")
            if flipped:
                self.app.sound("flip")
        self.round_seen = round_shown

    def settle(self, node):
        """An animation of ``node`` is over (the page calls this at every animationend). A card's
        glide or flip: it goes back to what a drawing of it holds, so that the next drawing in
        place keeps its node. A game's own motion may leave more to tidy (``Table.settle``):
        nothing of a motion may stay over what the player can touch."""
        if node.classList.contains("moved") or node.classList.contains("arrive"):
            node.classList.remove("moved", "arrive")
            node.style.removeProperty("--fx")
            node.style.removeProperty("--fy")
            if not node.getAttribute("style"):
                node.removeAttribute("style")

    def on_resize(self):
        """The window changed size: a motion measured in the old layout would end in the wrong
        place, or off the screen (the page then scrolls sideways). Cards in flight are put where
        their targets now are, every other motion of the table ends at once."""
        reaim()
        for animation in self.app.screen.getAnimations(to_js({"subtree": True}, dict_converter=js.Object.fromEntries)):
            if animation.effect.getComputedTiming().iterations != math.inf:  # not the thinking dots
                animation.finish()

    def lively(self) -> bool:
        """Whether to show a game's longer motions (a trick swept away, cards drawn one by
        one): not when the player asked for fast computers or for less motion."""
        return self.app.speed() == "normal" and not reduced_motion()

    def celebrates(self, view) -> bool:
        """Whether the match's end is this device's to celebrate: a person playing here is
        among its winners (the player's own win; at a table of humans, any of theirs). A
        computer's win, or another device's player's, is no party here."""
        outcome = view["outcome"]
        return outcome is not None and bool(set(outcome["winners"]) & set(self.app.session.humans()))

    def _celebration(self):
        """Confetti over the final table, in the four suit colours; decoration only."""
        box = el("div", "celebrate", None, aria_hidden="true")
        for i in range(CONFETTI):
            box.appendChild(el("i", "", None, style=f"--i:{i};--x:{(i * 37) % 100}"))
        return box

    # --- moves ---------------------------------------------------------------------------
    def auto_move(self, view) -> str | None:
        """A move the page plays for the player (a decision with one sensible answer)."""
        return None  # by default every decision is the player's

    def targets(self, source: str) -> list[str]:
        """Where the card or piece ``source`` (a ``data-drag`` value) may go: ``data-drop``
        values, from the view's legal moves."""
        return []

    def reason(self, key: str, params: dict) -> str:
        """Why a move is good (coach.reasons: a key and the facts it names), in words."""
        return sentence(self.app.t(key, **{name: self.fact(name, value) for name, value in params.items()}))

    def fact(self, name: str, value):
        """A fact of a reason in words: a seat by its name; a game's table says its cards."""
        return self.name(value) if name == "seat" else value

    def move_for(self, source: str, target: str) -> str:
        """The move ``source`` dropped on ``target`` plays (by default ``target`` is the move): what
        a drop plays, and what a hint or a lesson lights."""
        return target

    def drop(self, source: str, target: str) -> str | None:
        """``source`` dropped on ``target``: plays the move; the reason in words when the rules
        refuse it, else None."""
        return self.app.play_human(self.move_for(source, target))

    def animate(self, move: str, ms: int, then):
        """A computer's ``move`` seen travelling for ``ms`` milliseconds, then ``then()``."""
        later(ms, then)

    def describe(self, before, move: str, after, name: str) -> str:
        """``move`` by ``name`` in words, for the move log and screen readers, from the views
        before and after it (the mover is ``before["to_move"]``: see ``words``)."""
        raise NotImplementedError

    def last_played(self, view, last) -> list[str]:
        """The ``data-card`` ids of what the last move put down (``last``: the controller's
        ``LastMove``, or None before any), marked until the next move so that it can always be
        found."""
        return []

    # --- results -------------------------------------------------------------------------
    def final_result(self, view):
        """The match's end in one dialog: its winners and standings first, then how the round
        that ended it went."""
        title, body = self.match_end(view)
        round_title, details = self.last_round(view)
        return title, body + [el("h3", "", round_title)] + details

    def round_end(self, view) -> tuple:
        """(title, body nodes) of the dialog at a round's end, from ``view["last_round"]``."""
        raise NotImplementedError

    def last_round(self, view) -> tuple:
        """The last round's title and details, as the match's end tells them."""
        return self.round_end(view)

    def match_end(self, view) -> tuple:
        """The match's winners and every seat's final score, in the rules' ranking."""
        outcome = view["outcome"]
        title = self.app.winners_words(f"{prefix(self.app.session.game.id)}.match_won", outcome["winners"])
        return title, [standings(self.app, outcome["scores"], outcome["ranks"], self.total_key, self.sides(view))]

    def sides(self, view) -> list | None:
        """Where seats score together (teams): each side's name and seats, for the standings;
        None when every seat scores on its own."""
        return None
