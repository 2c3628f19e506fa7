"""Dealing a round: every card still in the game goes back to its owner, each deck shuffled."""
from collections.abc import Sequence

from engine.rng import shuffled
from games.punto.cards import colour_cards
from games.punto.modes import Mode

NEUTRAL_SHARE = 6  # neutral cards dealt to each of three players


def deal(mode: Mode, trophies: Sequence[Sequence[str]], seed: str,
         draws: int) -> tuple[tuple[tuple[str, ...], ...], int]:
    """(decks, draws): one deck per seat (top card first) and the draw counter after shuffling.

    ``trophies`` (per seat) have left the game. The 18 neutral cards are never a trophy (only an
    owned colour wins), so three shares of 6 always use them all.
    """
    gone = {card for won in trophies for card in won}
    decks: list[list[str]] = [[] for _ in range(mode.players)]
    if mode.neutral:
        neutral = shuffled(colour_cards(mode.neutral), seed, draws)
        draws += 1
        for seat in range(mode.players):
            decks[seat] += neutral[seat * NEUTRAL_SHARE:(seat + 1) * NEUTRAL_SHARE]
    for seats, colours in zip(mode.sides, mode.side_colours):
        pool = [card for colour in colours for card in colour_cards(colour) if card not in gone]
        if len(seats) == 1:
            decks[seats[0]] += pool
            continue
        pool = shuffled(pool, seed, draws)
        draws += 1
        # Teams: the member who won (holding the team's trophy) gets the smaller half when odd.
        winner, other = sorted(seats, key=lambda seat: -len(trophies[seat]))
        decks[winner] += pool[:len(pool) // 2]
        decks[other] += pool[len(pool) // 2:]
    dealt = []
    for deck in decks:
        dealt.append(tuple(shuffled(deck, seed, draws)))
        draws += 1
    return tuple(dealt), draws
