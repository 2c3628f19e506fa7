"""Punto's rules over its state (rules/punto.md): the deal, where the turned card may go, the
round's end by a line or by a block, the next deal, the match's end."""
import random
from dataclasses import replace

from engine.rng import shuffled
from games.punto import board as geo
from games.punto import rounds
from games.punto.cards import FULL_DECK, card_colour, card_value
from games.punto.deal import deal
from games.punto.errors import illegal
from games.punto.modes import Mode, mode_for
from games.punto.schema import Cell, move_text, parse_move
from games.punto.state import State, board_cells


def new_game(options: dict, seed: str) -> State:
    """A match with checked ``options``: round 1 dealt, its first player on turn."""
    mode = mode_for(options)
    first, draws = options["first_player"], 0
    if first == "random":
        first = shuffled(range(mode.players), seed, draws)[0]
        draws += 1
    trophies: tuple[tuple[str, ...], ...] = ((),) * mode.players
    decks, draws = deal(mode, trophies, seed, draws)
    return State(seed=seed, options=options, draws=draws, ply=0, round=1, starter=first,
                 to_move=first, decks=decks, board={}, wins=(0,) * mode.players,
                 trophies=trophies, last_round=None)


def players(state: State) -> int:
    return state.options["players"]


def to_move(state: State) -> int | None:
    return state.to_move


def turned(state: State) -> str | None:
    """The card on turn (public: it is turned before it is placed), None once the match is over."""
    return state.decks[state.to_move][0] if state.to_move is not None else None


def open_cells(state: State) -> list[geo.XY]:
    """Every cell the turned card may go on, in reading order; [] once the match is over."""
    card = turned(state)
    return geo.legal_cells(state.board, card_value(card)) if card is not None else []


def legal_moves(state: State) -> list[str]:
    return [move_text(Cell(*cell)) for cell in open_cells(state)]


def play(state: State, move: str) -> State:
    if state.to_move is None:
        raise illegal("over")
    at = parse_move(move)
    cell = (at.x, at.y)
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
    line: list[geo.XY] = []
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


def rounds_done(state: State) -> int:
    return state.last_round["round"] if state.last_round else 0


def outcome(state: State) -> dict | None:
    """Once a side has won enough rounds: its seats and the rounds won per seat."""
    if state.to_move is not None:
        return None
    target = state.options["rounds_to_win"]
    return {"winners": [s for s, won in enumerate(state.wins) if won >= target],
            "scores": list(state.wins)}


def scores(state: State) -> list[int]:
    return list(state.wins)


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """Nobody knows the order of a deck, nor (three players, teams) which of the cards a
    deck may hold it holds: each deck keeps its turned card and its count of each kind
    (own side's colours, neutral); the hidden cards of each kind are dealt anew, and where
    each kind lies in a deck too. Kinds and cards are sorted before they are shuffled, so
    the result never depends on where the hidden cards really are."""
    mode = mode_for(state.options)
    kind: dict[str, str] = {colour: str(side) for side, colours in enumerate(mode.side_colours)
            for colour in colours}
    if mode.neutral:
        kind[mode.neutral] = "n"
    hidden = [deck[1:] if owner == state.to_move else deck
              for owner, deck in enumerate(state.decks)]
    kinds: list[list[str]] = []
    pools: dict[str, list[str]] = {}
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


def full_deck(options: dict) -> list[str]:
    return list(FULL_DECK)


def cards(state: State) -> list[str]:
    found = [card for deck in state.decks for card in deck]
    found += [card for stack in state.board.values() for card in stack]
    return found + [card for won in state.trophies for card in won]


def _end_round(state: State, mode: Mode, ending: rounds.Ending) -> State:
    """Record the round, then deal the next one (or end the match)."""
    players = mode.players
    winners = list(mode.sides[ending.side]) if ending.side is not None else []
    wins = tuple(w + (seat in winners) for seat, w in enumerate(state.wins))
    trophies = list(state.trophies)
    if ending.trophy and ending.seat is not None:
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
        "board": board_cells(state.board),
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
