"""Write each game's guided first round (py/coach/lessons/<game>.py's LESSON): a deal and every
move of it, chosen so that the game's key moments come up early, each noted at the learner's move
where it first does.

    python3 scripts/make_lessons.py [GAME ...]

For each seed in turn, the learner plays, at each of its turns, a move that brings a moment not
met yet if one does (in the order of the game's MOMENTS), else the medium player's move; the
computer plays the easy level's. The first seed where every moment comes up within LONGEST moves
is kept, with the computer's moves up to the learner's next turn: from there the learner plays
on freely. The lesson is printed as the Python the module holds; check it with the conformance
suite (coach.lesson.check).
"""
import importlib
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

import ai  # noqa: E402
from coach.lesson import LEARNER, Lesson  # noqa: E402
from games import registry  # noqa: E402
from match import Match  # noqa: E402

# What each game's lesson is played with: 2 players, the learner first where the game lets us.
OPTIONS = {"punto": {"players": 2, "first_player": 0}, "zero-pointe": {"players": 2},
           "punttu": {"players": 2, "dealer": 1}, "neuf-vies": {"players": 2}}
LONGEST = {"punto": 40, "zero-pointe": 90, "punttu": 40, "neuf-vies": 70}
SEEDS = 400


def attempt(game_id: str, seed: str, moments: dict) -> tuple[list[str], list[tuple[int, str]]] | None:
    game = registry.get(game_id)
    seats = [{"kind": "human", "name": ""}, {"kind": "easy", "name": ""}]
    match = Match.new(game_id, OPTIONS[game_id], seed, seats)
    rng = random.Random(seed)
    notes: list[tuple[int, str]] = []
    while not match.over and len(match.moves) < LONGEST[game_id]:
        seat, legal, state = match.to_move, match.legal_moves(), match.state
        view = match.view(seat)
        if seat != LEARNER:
            match.play(ai.choose(game_id, "easy", view, legal, rng))
            continue
        move, met = None, None
        for key, moment in moments.items():
            if key in dict((k, p) for p, k in notes):
                continue
            found = [m for m in legal if moment(view, m, game.view(game.play(state, m), LEARNER))]
            if found:
                move, met = found[0], key
                break
        if move is None:
            move = ai.choose(game_id, "medium", view, legal, rng, state)
        if met is not None:
            notes.append((len(match.moves), met))
        match.play(move)
        if len(notes) == len(moments):
            # Then the computer's replies: the learner plays on from its own turn, freely.
            while not match.over and match.to_move != LEARNER:
                match.play(ai.choose(game_id, "easy", match.view(match.to_move), match.legal_moves(), rng))
            return match.moves, notes
    return None


def make(game_id: str) -> Lesson:
    moments = importlib.import_module(f"coach.lessons.{registry.module_name(game_id)}").MOMENTS
    for number in range(SEEDS):
        seed = f"lesson{number}"
        made = attempt(game_id, seed, moments)
        if made is not None:
            moves, notes = made
            return Lesson(game_id, OPTIONS[game_id], seed, tuple(moves), tuple(notes), level="easy")
    raise SystemExit(f"{game_id}: no seed of {SEEDS} brings every moment within {LONGEST[game_id]} moves")


def main(names: list[str]) -> None:
    for game_id in names or list(OPTIONS):
        lesson = make(game_id)
        print(f"# {game_id}: {len(lesson.moves)} moves")
        print(f"LESSON = {lesson!r}\n")


if __name__ == "__main__":
    main(sys.argv[1:])
