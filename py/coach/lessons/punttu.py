"""Punttu's guided first deal: the learner leads, takes a trick, sees the refill, meets equal
cards and the figures' single point. The computer plays the easy level's moves."""
from coach.lesson import LEARNER, Lesson
from games.punttu.cards import VALUES
from games.punttu.schema import parse_move


def _value(move: str) -> int:
    return VALUES[parse_move(move).card]


def _played(view: dict) -> list[int]:
    return [VALUES[play["card"]] for play in view["trick"]]


MOMENTS = {
    "coach.lesson.punttu.lead": lambda before, move, after: not before["trick"],
    "coach.lesson.punttu.take": lambda before, move, after: (
        bool(before["trick"]) and after["just_taken"] is not None and after["just_taken"]["winner"] == LEARNER
        and len(before["trick"]) == before["players"] - 1),
    "coach.lesson.punttu.equal": lambda before, move, after: (
        bool(before["trick"]) and _value(move) == max(_played(before))),
    "coach.lesson.punttu.refill": lambda before, move, after: before["refill"] is not None,
    "coach.lesson.punttu.points": lambda before, move, after: _value(move) == 1,
}

# Written by scripts/make_lessons.py: 11 moves, the learner's and the computer's.
LESSON = Lesson(game='punttu',
       options={'dealer': 1, 'players': 2},
       seed='lesson0',
       moves=('play o2', 'play o7', 'play o3', 'play o4', 'play o11', 'play e12', 'play o10', 'play b3',
              'play b12', 'play c10', 'play o12'),
       notes=((0, 'coach.lesson.punttu.lead'), (3, 'coach.lesson.punttu.take'),
              (4, 'coach.lesson.punttu.refill'), (6, 'coach.lesson.punttu.points'),
              (9, 'coach.lesson.punttu.equal')),
       level='easy')
