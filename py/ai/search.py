"""The hard level of every game: determinized Monte Carlo search at the root with common random
numbers, written once over the game protocol.

The game's ``Guide`` names a few candidate moves. Each iteration deals a world the seat cannot
tell from the real one (``game.determinize``), plays every candidate in it and lets the guide's
rollout play each on, all with the same luck, and scores them; the candidate of best mean value
is played (a guide may drop the worse half of the candidates after some iterations: the later
worlds then go to the moves still in question). Comparing the candidates on the same worlds and
the same luck tells them apart by their own merit, not by the cards each happened to draw.
How strong each game's guide is, and what was tried to get there: bench/NOTES.md.

The state is used for nothing but determinizing it, and a guide's ``deal`` deals the worlds
again from the view alone: the search knows no card the seat does not. It never looks past the
end of the round: the next deal comes from the match seed, which the seat must not use, so a
move that ends the round is scored there by the guide.

The search is a generator so that the page can run it in slices: ``think`` yields None once
its candidates are named (the medium player's work, for most games) and after every rollout
(well under 2 ms in CPython; the page runs as many as fit in its slice) and finally the move.
``choose`` runs it to the end. The number of iterations is fixed per game (not a clock; a guide
may end a settled decision earlier, by a rule on the values seen), so the same seed gives the
same move in CPython and in the browser, and a reloaded match goes on as it would have.
"""
from __future__ import annotations

import inspect
import math
import random
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias, TypeVar

T = TypeVar("T")
# A result, or a generator that yields None after each step of the work and returns the result
# (``stepwise`` takes either): a guide may split its slow work into steps for the page.
Steps: TypeAlias = T | Generator[None, None, T]
World: TypeAlias = Any  # a game's state, or the compact world of a guide's ``rules``
Deal = Callable[[World, random.Random], World]

SETTLE_EVERY = 10  # worlds between two looks at whether the decision is settled


@dataclass(frozen=True)
class Guide:
    """What one game adds to the search.

    ``candidates(view, legal, rng)`` orders the seat's legal moves, best first, and keeps only
    the promising ones (a guide whose candidates are always one move never searches); it may work
    in steps (``stepwise``).
    ``rollout(world, rounds, rng)`` plays a world on from the seat's move (each seat from its
    own hand, with a cheap version of the game's medium heuristic), no further than the end of
    the round after ``rounds`` finished ones, and returns one value per seat in [0, 1], higher
    is better. ``iterations`` is the number of worlds of one decision.
    ``rules`` (None: the game itself) is a faster stand-in for the game's rules over a compact
    world: ``enter(world)`` turns a determinized world into one, and ``play(world, move)`` (which
    may change the world it is given) and the rollout work on it. ``halve`` lists the
    iterations after which the worse half of the candidates still racing is dropped
    (successive halving: the later worlds go to the moves still in question). ``settle`` (0:
    never) ends the search early once two candidates are left and the leader's mean gain over
    the other, world by world, is at least that many standard errors (looked at every
    ``SETTLE_EVERY`` worlds from half the iterations on): the decision is made, and the time
    goes to the close ones (a rule on the values, not a clock: still deterministic).
    ``deal`` (None: the game's determinization as it is) reads the view once a decision (in
    steps, as ``candidates`` may) and returns None or a function ``(world, rng)`` that deals a
    determinized world's hidden cards again among their places, each way as likely as what the
    seat has seen makes it (card reading: a player's plays tell about its hand). It knows the
    view and the world's hidden cards, which the seat knows as a whole too: no card the seat
    does not.
    ``scan`` (None: rollouts) is a cheap measure of each legal move, higher better, that a review
    (coach.review) first ranks a player's decisions by, where rollouts cost too much to weigh
    them all."""
    candidates: Callable[[Any, list[str], random.Random], Steps[list[str]]]  # (the game's View, ...)
    rollout: Callable[[World, int, random.Random], list[float]] | None = None
    iterations: int = 0
    rules: FastRules | None = None
    halve: tuple[int, ...] = ()
    settle: float = 0.0
    deal: Callable[[Any], Steps[Deal | None]] | None = None
    scan: Callable[[Any, list[str]], list[float]] | None = None


class FastRules(Protocol):
    """A guide's stand-in for the rules over a compact world (see ``Guide.rules``)."""

    def enter(self, world: World) -> World: ...
    def play(self, world: World, move: str) -> World: ...


def think(game: Any, state: Any, seat: int, view: dict, legal: list[str], rng: random.Random,
          guide: Guide) -> Iterator[str | None]:
    """Yield None after each step (the candidates', once they are named, the deal's, each
    rollout), then the chosen move (one of ``legal``)."""
    moves = yield from stepwise(guide.candidates(view, legal, rng))
    if len(moves) == 1:
        yield moves[0]
        return
    yield None  # the page's slice may end here
    assert guide.rollout is not None, "a guide of several candidates rolls them out"
    deal = (yield from stepwise(guide.deal(view))) if guide.deal is not None else None
    totals = [0.0] * len(moves)
    values: list[list[float]] = [[] for _ in moves]  # each candidate's value in each world it has seen
    racing = list(range(len(moves)))  # every candidate still racing has seen the same worlds
    for done in range(guide.iterations):
        if done in guide.halve and len(racing) > 2:
            # The better half by total; the candidates' order breaks ties.
            racing = sorted(sorted(racing, key=lambda i: (-totals[i], i))[:(len(racing) + 1) // 2])
        if (guide.settle and len(racing) == 2 and done >= guide.iterations // 2
                and done % SETTLE_EVERY == 0 and _settled(values, racing, guide.settle)):
            break
        world = game.determinize(state, seat, rng)
        if deal is not None:
            world = deal(world, rng)
        rounds = game.rounds_done(world)
        luck = rng.getrandbits(32)
        for i in racing:
            if guide.rules is not None:
                after = guide.rules.play(guide.rules.enter(world), moves[i])
            else:
                after = game.play(world, moves[i])
            value = guide.rollout(after, rounds, random.Random(luck))[seat]
            totals[i] += value
            values[i].append(value)
            yield None
    # The best total; the candidates' order breaks ties.
    yield moves[max(racing, key=lambda i: (totals[i], -i))]


def stepwise(found: Steps[T]) -> Generator[None, None, T]:
    """``yield from stepwise(found)``: what a function gave, where the function may work in
    steps, that is be a generator that yields None after each step and returns its result (so
    that the page runs its work in slices too)."""
    if inspect.isgenerator(found):
        return (yield from found)
    return found  # type: ignore[return-value]  # not a generator: the result itself


def _settled(values: list[list[float]], racing: list[int], margin: float) -> bool:
    """Whether one of the two candidates racing leads the other by ``margin`` standard errors of
    their mean difference over the worlds both have seen."""
    first, second = (values[i] for i in racing)
    gaps = [a - b for a, b in zip(first, second)]
    count = len(gaps)
    if count < 2:
        return False
    # fsum, exact everywhere: sum() rounds differently from Python 3.12 on, and the browser's
    # Python must settle exactly where CPython's does.
    mean = math.fsum(gaps) / count
    spread = math.fsum((gap - mean) ** 2 for gap in gaps) / (count - 1)
    return mean * mean * count >= margin * margin * spread and mean != 0


def choose(game: Any, state: Any, seat: int, view: dict, legal: list[str], rng: random.Random,
           guide: Guide) -> str:
    """The move ``think`` ends with, searched to the end at once."""
    return last_move(think(game, state, seat, view, legal, rng, guide))


def last_move(steps: Iterator[str | None]) -> str:
    """The move a generator of ``think``'s kind ends with."""
    for move in steps:
        if move is not None:
            return move
    raise RuntimeError("the thinking ended with no move")
