"""The Punto game object: the engine protocol over the pieces of this package."""
from dataclasses import replace

from engine.game import HIDDEN_PILES, HIGH_WINS, GameBase
from engine.rng import shuffled
from games.punto import board as geo
from games.punto import options as opts
from games.punto import rounds
from games.punto import state as st
from games.punto.cards import FULL_DECK, card_colour, card_value
from games.punto.deal import deal
from games.punto.errors import illegal
from games.punto.modes import mode_for
from games.punto.moves import move_at, parse_move
from games.punto.view import build_view


class Punto(GameBase):
    id = "punto"
    catalog_order = 1
    seats = (2, 4)
    information = HIDDEN_PILES  # the decks' order; the turned card is public
    scoring = HIGH_WINS         # rounds won
    options = opts.OPTIONS
    levels = ("easy", "medium", "hard")

    def check_options(self, given: dict) -> dict:
        return opts.check(given)

    def new_game(self, options: dict, seed) -> st.State:
        options = self.check_options(options)
        seed = str(seed)
        mode = mode_for(options)
        first, draws = options["first_player"], 0
        if first == "random":
            first = shuffled(range(mode.players), seed, draws)[0]
            draws += 1
        trophies = ((),) * mode.players
        decks, draws = deal(mode, trophies, seed, draws)
        return st.State(seed=seed, options=options, draws=draws, ply=0, round=1, starter=first,
                        to_move=first, decks=decks, board={}, wins=(0,) * mode.players,
                        trophies=trophies, last_round=None)

    def players(self, state) -> int:
        return state.options["players"]

    def to_move(self, state):
        return state.to_move

    def legal_moves(self, state) -> list:
        if state.to_move is None:
            return []
        card = state.decks[state.to_move][0]
        return [move_at(*cell) for cell in geo.legal_cells(state.board, card_value(card))]

    def play(self, state, move: str) -> st.State:
        if state.to_move is None:
            raise illegal("over")
        cell = parse_move(move)
        seat = state.to_move
        card = state.decks[seat][0]
        reason = geo.why_illegal(state.board, cell, card_value(card))
        if reason:
            raise illegal(reason, move=move, value=card_value(card))
        mode = mode_for(state.options)
        board = geo.place(state.board, cell, card)
        decks = list(state.decks)
        decks[seat] = decks[seat][1:]
        state = replace(state, board=board, decks=tuple(decks), ply=state.ply + 1)
        line = []
        if card_colour(card) in mode.colours_of(seat):  # a neutral card never completes a line
            line = geo.winning_line(board, cell, mode.line_length)
        if line:
            return _end_round(state, mode, rounds.by_line(board, mode, seat, line))
        after = (seat + 1) % mode.players
        if not decks[after]:
            why = "empty_deck"
        elif not geo.legal_cells(board, card_value(decks[after][0])):
            why = "no_cell"
        else:
            return replace(state, to_move=after)
        return _end_round(state, mode, rounds.blocked(board, mode, state.options["tie_break"],
                                                      after, why))

    def view(self, state, seat: int) -> dict:
        return build_view(state, seat, self.outcome(state), self.legal_moves(state))

    def outcome(self, state):
        if state.to_move is not None:
            return None
        target = state.options["rounds_to_win"]
        return {"winners": [s for s, won in enumerate(state.wins) if won >= target],
                "scores": list(state.wins)}

    def to_json(self, state) -> dict:
        return st.to_json(state)

    def from_json(self, data) -> st.State:
        return st.from_json(data)

    def full_deck(self, options: dict) -> list:
        return list(FULL_DECK)

    def cards(self, state) -> list:
        found = [card for deck in state.decks for card in deck]
        found += [card for stack in state.board.values() for card in stack]
        return found + [card for won in state.trophies for card in won]

    def scores(self, state) -> list:
        return list(state.wins)

    def rounds_done(self, state) -> int:
        return state.last_round["round"] if state.last_round else 0

    def determinize(self, state, seat: int, rng) -> st.State:
        """Nobody knows the order of a deck, nor (three players, teams) which of the cards a
        deck may hold it holds: each deck keeps its turned card and its count of each kind
        (own side's colours, neutral); the hidden cards of each kind are dealt anew, and where
        each kind lies in a deck too. Kinds and cards are sorted before they are shuffled, so
        the result never depends on where the hidden cards really are."""
        mode = mode_for(state.options)
        kind = {colour: str(side) for side, colours in enumerate(mode.side_colours)
                for colour in colours}
        kind[mode.neutral] = "n"
        hidden = [deck[1:] if owner == state.to_move else deck
                  for owner, deck in enumerate(state.decks)]
        kinds, pools = [], {}
        for cards in hidden:
            order = sorted(kind[card[0]] for card in cards)
            if order and order[0] != order[-1]:  # a deck of one kind has nothing to shuffle
                rng.shuffle(order)
            kinds.append(order)
            for card in cards:
                pools.setdefault(kind[card[0]], []).append(card)
        for group in sorted(pools):
            pools[group].sort()
            rng.shuffle(pools[group])
        decks = tuple(deck[:len(deck) - len(cards)] + tuple(pools[k].pop() for k in order)
                      for deck, cards, order in zip(state.decks, hidden, kinds))
        return replace(state, decks=decks)

def _end_round(state, mode, ending: rounds.Ending) -> st.State:
    """Record the round, then deal the next one (or end the match)."""
    players = mode.players
    winners = list(mode.sides[ending.side]) if ending.side is not None else []
    wins = tuple(w + (seat in winners) for seat, w in enumerate(state.wins))
    trophies = list(state.trophies)
    if ending.trophy:
        trophies[ending.seat] += (ending.trophy,)
    record = {
        "round": state.round,
        "result": ending.result,
        "why_blocked": ending.why_blocked,
        "winners": winners,
        "line": [list(cell) for cell in ending.line],
        "series": ([[list(cell) for cell in run] for run in ending.series[ending.side]]
                   if ending.side is not None else []),
        "series_counts": [len(ending.series[mode.side_of(seat)]) for seat in range(players)],
        "series_points": [ending.points[mode.side_of(seat)] for seat in range(players)],
        "trophy": ending.trophy,
        "board": st.board_cells(state.board),
    }
    # Every card but the trophy goes back to its owner, also after the last round (the final
    # position stays in the record).
    decks, draws = deal(mode, trophies, state.seed, state.draws)
    state = replace(state, wins=wins, trophies=tuple(trophies), last_round=record, board={},
                    decks=decks, draws=draws)
    if any(w >= state.options["rounds_to_win"] for w in wins):
        return replace(state, to_move=None)
    starter = (ending.seat if ending.seat is not None else state.starter) + 1
    return replace(state, round=state.round + 1, starter=starter % players,
                   to_move=starter % players)
