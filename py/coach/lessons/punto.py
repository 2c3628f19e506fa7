"""Punto's guided first round: the first card, a card beside another, a card crushing a lower
one, and a line of five that wins the round. The computer plays the easy level's moves."""
from coach.lesson import Lesson
from games.punto import board as geo
from games.punto.cards import card_colour
from games.punto.schema import parse_move


def _cell(move: str) -> tuple[int, int]:
    at = parse_move(move)
    return at.x, at.y


MOMENTS = {
    "coach.lesson.punto.first": lambda before, move, after: not before["board"],
    "coach.lesson.punto.touch": lambda before, move, after: (
        bool(before["board"]) and geo.top(geo.from_cells(before["board"]), _cell(move)) is None),
    "coach.lesson.punto.crush": lambda before, move, after: (
        (below := geo.top(geo.from_cells(before["board"]), _cell(move))) is not None
        and card_colour(below) not in before["colours"][before["seat"]]),
    "coach.lesson.punto.line": lambda before, move, after: (
        after["last_round"] is not None and after["last_round"]["round"] == before["round"]
        and after["last_round"]["result"] == "line" and after["last_round"]["winners"] == [before["seat"]]),
}

# Written by scripts/make_lessons.py: 18 moves, the learner's and the computer's.
LESSON = Lesson(game='punto',
       options={'first_player': 0, 'players': 2},
       seed='lesson0',
       moves=('0,0', '0,1', '-1,-1', '-2,-1', '-2,-1', '0,-2', '0,-1', '1,-3', '-1,0', '0,-3', '1,0', '1,1',
              '1,-1', '-3,-1', '-2,0', '0,-4', '2,-1', '0,0'),
       notes=((0, 'coach.lesson.punto.first'), (2, 'coach.lesson.punto.touch'),
              (4, 'coach.lesson.punto.crush'), (16, 'coach.lesson.punto.line')),
       level='easy')
