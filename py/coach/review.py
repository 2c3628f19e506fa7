"""A review of a player's decisions: each one weighed by the hard level's own search, the move
played against the move the search prefers, over the same worlds and the same luck.

For a decision, the guide of the game (``ai.hard.<game>``) names its candidate moves, the move
played joins them, and each is played on in worlds the seat cannot tell from the real one
(``game.determinize``, then the guide's own deal), each world played out by the guide's rollout:
a move's value is its mean, the chance of winning (the round, or the match from the totals it
leaves, as the game's guide counts). The gap of a decision is the best candidate's value less
the played move's, world by world; its noise is twice the standard error of that mean (95 %). A
gap is shown only when it is above both its noise and MIN_GAP.

Every decision is first scanned in SCAN[game] worlds; the SUSPECTS with the widest gaps are
weighed again in CONFIRM[game] worlds (the first ones the same), and only those verdicts are
shown: the whole review costs what the hard level spends on a few of its own moves.

Seeded by the match's seed and the decision's move number: the same review in CPython and in the
page's worker.
"""
import math
import random
from dataclasses import dataclass
from typing import Any

import ai
from ai.search import stepwise
from match import Automatic, Match

# Worlds a decision is weighed in, scanned then confirmed (the hard level's own counts are 60 for
# Neuf vies to 1,000 for Punttu, spent on the candidates still racing; a review weighs every
# candidate in each world). Zéro Pointé's rollouts play a round to its end: few worlds.
SCAN = {"punto": 60, "punttu": 100, "neuf-vies": 30}  # Zéro Pointé's guide has its own scan
CONFIRM = {"punto": 400, "zero-pointe": 60, "punttu": 600, "neuf-vies": 120}
SUSPECTS = 5  # decisions confirmed, the widest scanned gaps
MIN_GAP = 0.05  # a chance of winning this much lower, at least, to call a move costly


@dataclass(frozen=True)
class Verdict:
    ply: int           # the decision: moves played before it
    seat: int
    played: str
    best: str          # the move the search prefers (the played one when none is better)
    gap: float         # the best move's value less the played move's, in chance of winning
    noise: float       # twice the standard error of the gap
    worlds: int

    @property
    def costly(self) -> bool:
        return self.gap > max(self.noise, MIN_GAP)


def weigh(match: Match, ply: int, worlds: int) -> Verdict | None:
    """The decision played at move ``ply`` of ``match`` (which holds that move), weighed in
    ``worlds`` worlds; None when there was nothing to choose (one legal move) or no other move
    worth weighing."""
    game, state = match.game, match.states[ply]
    seat = game.to_move(state)
    assert seat is not None
    legal, played = game.legal_moves(state), match.moves[ply]
    if len(legal) < 2:
        return None
    rng = random.Random(f"{match.seed}:review:{ply}")
    guide = ai.guide(game.id)
    view = game.view(state, seat)
    moves = list(dict.fromkeys([*_run(guide.candidates(view, legal, rng)), played]))
    if len(moves) < 2 or guide.rollout is None:
        return None
    deal = _run(guide.deal(view)) if guide.deal is not None else None
    values: list[list[float]] = [[] for _ in moves]
    for _ in range(worlds):
        world = game.determinize(state, seat, rng)
        if deal is not None:
            world = deal(world, rng)
        rounds, luck = game.rounds_done(world), rng.getrandbits(32)
        for i, move in enumerate(moves):
            after = guide.rules.play(guide.rules.enter(world), move) if guide.rules else game.play(world, move)
            values[i].append(guide.rollout(after, rounds, random.Random(luck))[seat])
    means = [math.fsum(v) / worlds for v in values]
    best = max(range(len(moves)), key=lambda i: (means[i], -i))
    mine = moves.index(played)
    gaps = [a - b for a, b in zip(values[best], values[mine])]
    gap = math.fsum(gaps) / worlds
    spread = math.fsum((g - gap) ** 2 for g in gaps) / (worlds - 1)
    return Verdict(ply, seat, played, moves[best], gap, 2 * math.sqrt(spread / worlds), worlds)


def decisions(match: Match, seat: int, automatic: Automatic | None = None) -> list[int]:
    """The moves of ``match`` that were ``seat``'s decisions: its moves with a choice, not
    played by the page for it."""
    game = match.game
    found = []
    for ply, state in enumerate(match.states[:-1]):
        if game.to_move(state) == seat and len(game.legal_moves(state)) > 1:
            if automatic is None or automatic(game.view(state, seat)) is None:
                found.append(ply)
    return found


def scan(match: Match, ply: int) -> Verdict | None:
    """A first look at a decision: in SCAN[game] worlds, or by the guide's cheap measure where
    it has one (its gap then in the measure's units: it only ranks the decisions to confirm)."""
    measure = ai.guide(match.game.id).scan
    if measure is None:
        return weigh(match, ply, SCAN[match.game.id])
    game, state = match.game, match.states[ply]
    seat, legal, played = game.to_move(state), game.legal_moves(state), match.moves[ply]
    assert seat is not None
    if len(legal) < 2:
        return None
    values = measure(game.view(state, seat), legal)
    best = max(range(len(legal)), key=lambda i: (values[i], -i))
    return Verdict(ply, seat, played, legal[best], values[best] - values[legal.index(played)], 0.0, 0)


def confirm(match: Match, ply: int) -> Verdict | None:
    return weigh(match, ply, CONFIRM[match.game.id])


def suspects(scanned: list[Verdict]) -> list[int]:
    """The decisions to confirm: the widest scanned gaps."""
    return [v.ply for v in sorted(scanned, key=lambda v: (-v.gap, v.ply))[:SUSPECTS] if v.gap > 0]


def worst(confirmed: list[Verdict], count: int = 3) -> list[Verdict]:
    """The costliest decisions, the worst first, among those whose gap is above its noise."""
    return sorted((v for v in confirmed if v.costly), key=lambda v: (-v.gap, v.ply))[:count]


def review(match: Match, seat: int, automatic: Automatic | None = None) -> list[Verdict]:
    """``seat``'s costliest decisions in ``match``, at once (the page's worker goes step by step:
    a scan a request, then a confirmation a request, so that a computer's move never waits
    behind a whole review)."""
    scanned = [v for ply in decisions(match, seat, automatic) if (v := scan(match, ply)) is not None]
    return worst([v for ply in suspects(scanned) if (v := confirm(match, ply)) is not None])


def _run(found: Any) -> Any:
    """What a guide's step-by-step work returns, run to its end at once."""
    steps = stepwise(found)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
