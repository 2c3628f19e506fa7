"""A guided first round: a fixed deal (a seed) and every move of it written down, the learner's
and the computer's, so that the game's key moments come up; before the learner's move where a
moment first matters, a note of one or two sentences says the rule (an i18n key).

Each game's lesson is ``coach/lessons/<game>.py`` (optional): ``LESSON``, and ``MOMENTS``, a
function per note that tells from the learner's view before a move, the move, and the view after
it whether that moment is there. ``check`` replays the lesson and finds each note's moment at its
move (the conformance suite runs it for every lesson: a change of the rules breaks a test, never
the lesson silently). The page plays a lesson as a session whose moves are the list's
(``session.LocalSession`` with ``script``, the learner among its ``learners``): the computer's
moves come one after the other, the learner's move is lit and no other is taken.
"""
import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass

from games import registry
from games.registry import module_name
from match import Match
from session import LocalSession

LEARNER = 0  # the learner's seat
# (view before, move, view after) -> the moment is there
Moment = Callable[[dict, str, dict], bool]


@dataclass(frozen=True)
class Lesson:
    game: str
    options: dict
    seed: str
    moves: tuple[str, ...]             # every move, the learner's and the computer's
    notes: tuple[tuple[int, str], ...]  # (move number, the i18n key of its note), in order
    level: str = "medium"              # what the computer seat is called (its moves are the list's)


def lesson_of(game_id: str) -> tuple[Lesson, dict[str, Moment]] | None:
    """The game's lesson and its moments, or None where it has none."""
    name = f"coach.lessons.{module_name(game_id)}"
    if importlib.util.find_spec(name) is None:
        return None
    module = importlib.import_module(name)
    return module.LESSON, module.MOMENTS


def session(lesson: Lesson) -> LocalSession:
    """The lesson ready to be played: the learner here, the other seats the computer's moves."""
    game = registry.get(lesson.game)
    players = game.check_options(lesson.options)["players"]
    seats = [{"kind": "human" if seat == LEARNER else lesson.level, "name": ""} for seat in range(players)]
    match = Match.new(lesson.game, lesson.options, lesson.seed, seats)
    return LocalSession(match, script=lesson.moves, learners=(LEARNER,))


def check(lesson: Lesson, moments: dict[str, Moment]) -> list[str]:
    """What is wrong with ``lesson``: a move the rules refuse, a note at another seat's move, or a
    note whose moment is not at its move (empty when the lesson holds)."""
    found: list[str] = []
    played = session(lesson)
    match = played.match
    notes = dict(lesson.notes)
    for ply, move in enumerate(lesson.moves):
        seat = match.to_move
        if seat is None:
            return found + [f"move {ply}: the match is over"]
        before = match.view(LEARNER)
        match.acknowledge_round()
        try:
            played.play(seat, move)
        except ValueError as err:
            return found + [f"move {ply} ({move}): {err}"]
        key = notes.pop(ply, None)
        if key is None:
            continue
        if seat != LEARNER:
            found.append(f"note {key} at move {ply}, not the learner's")
        elif not moments[key](before, move, match.view(LEARNER)):
            found.append(f"note {key}: its moment is not at move {ply} ({move})")
    return found + [f"note {key} after the last move" for key in notes.values()]
