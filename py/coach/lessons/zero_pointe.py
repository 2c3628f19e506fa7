"""Zéro Pointé's guided first round: the opening, the discard taken, a card drawn and kept or
rejected, a column of three removed, and the close with its doubling. The computer plays the
easy level's moves."""
from coach.lesson import LEARNER, Lesson
from games.zero_pointe.schema import Draw, Keep, Reject, Remove, Take, Turn, parse_move

MOMENTS = {
    "coach.lesson.zero_pointe.opening": lambda before, move, after: (
        before["phase"] == "opening" and isinstance(parse_move(move), Turn)),
    "coach.lesson.zero_pointe.take": lambda before, move, after: isinstance(parse_move(move), Take),
    "coach.lesson.zero_pointe.draw": lambda before, move, after: isinstance(parse_move(move), Draw),
    "coach.lesson.zero_pointe.keep": lambda before, move, after: isinstance(parse_move(move), Keep),
    "coach.lesson.zero_pointe.reject": lambda before, move, after: isinstance(parse_move(move), Reject),
    "coach.lesson.zero_pointe.column": lambda before, move, after: isinstance(parse_move(move), Remove),
    "coach.lesson.zero_pointe.close": lambda before, move, after: (
        before["closer"] is None and (after["closer"] == LEARNER or (
            after["round"] != before["round"] and after["last_round"]["closer"] == LEARNER))),
}

# Written by scripts/make_lessons.py: 51 moves, the learner's and the computer's.
LESSON = Lesson(game='zero-pointe',
       options={'players': 2},
       seed='lesson4',
       moves=('turn 0 0', 'turn 1 0', 'turn 0 2', 'turn 2 2', 'take 0 0', 'take 0 1', 'draw', 'keep 0 0',
              'take 1 3', 'draw', 'reject', 'turn 2 0', 'take 1 3', 'draw', 'keep 1 0', 'take 2 3', 'draw',
              'reject', 'turn 2 2', 'take 2 3', 'draw', 'keep 0 0', 'take 1 1', 'draw', 'keep 0 3',
              'take 1 1', 'draw', 'reject', 'turn 0 1', 'take 0 2', 'draw', 'reject', 'turn 1 1', 'take 2 2',
              'take 1 2', 'take 0 0', 'draw', 'keep 2 1', 'remove 1', 'take 1 3', 'draw', 'reject',
              'turn 2 3', 'take 0 0', 'draw', 'keep 2 3', 'take 1 2', 'take 1 3', 'take 1 0', 'take 0 2',
              'take 1 0'),
       notes=((0, 'coach.lesson.zero_pointe.opening'), (4, 'coach.lesson.zero_pointe.take'),
              (6, 'coach.lesson.zero_pointe.draw'), (7, 'coach.lesson.zero_pointe.keep'),
              (10, 'coach.lesson.zero_pointe.reject'), (38, 'coach.lesson.zero_pointe.column'),
              (49, 'coach.lesson.zero_pointe.close')),
       level='easy')
