"""Neuf vies' guided first game: a new column, a pair to nine, an attack, an attack blocked, a
spirit, a joker. The computer plays the easy level's moves."""
from coach.lesson import LEARNER, Lesson
from games.neuf_vies.schema import Counter, Place, card, parse_move


def _place(move: str) -> Place | None:
    parsed = parse_move(move)
    return parsed if isinstance(parsed, Place) else None


def _on(view: dict, place: Place) -> dict | None:
    column = view["tableaux"][place.seat][place.col]
    return column["cards"][-1] if column is not None else None


def _countered_with(move: str) -> str | None:
    """The kind of card an attack is countered with, or None for another move."""
    parsed = parse_move(move)
    return card(parsed.card)["kind"] if isinstance(parsed, Counter) else None


def _nine(before: dict, move: str, after: dict) -> bool:
    place = _place(move)
    top = _on(before, place) if place else None
    return (place is not None and place.seat == LEARNER and top is not None and top.get("kind") == "warrior"
            and card(place.card)["kind"] == "warrior" and top["value"] + card(place.card)["value"] == 9)


MOMENTS = {
    "coach.lesson.neuf_vies.column": lambda before, move, after: (
        (place := _place(move)) is not None and place.seat == LEARNER and _on(before, place) is None),
    "coach.lesson.neuf_vies.nine": _nine,
    "coach.lesson.neuf_vies.attack": lambda before, move, after: (
        (place := _place(move)) is not None and place.seat != LEARNER and card(place.card)["kind"] == "warrior"),
    "coach.lesson.neuf_vies.spirit": lambda before, move, after: (
        (place := _place(move)) is not None and card(place.card)["kind"] == "spirit"),
    "coach.lesson.neuf_vies.block": lambda before, move, after: _countered_with(move) not in (None, "joker"),
    "coach.lesson.neuf_vies.joker": lambda before, move, after: _countered_with(move) == "joker",
}

# Written by scripts/make_lessons.py: 31 moves, the learner's and the computer's.
LESSON = Lesson(game='neuf-vies',
       options={'players': 2},
       seed='lesson0',
       moves=('place r1.d0 0 0', 'place o7.b0 1 1', 'place o2.c0 1 1', 'allow', 'put 1', 'place g3.a2 1 1',
              'place r8.a0 0 0', 'put 0', 'place r1.a2 1 3', 'place o7.d0 0 2', 'place s.a 0 1',
              'counter j.a', 'stop', 'place g6.d0 0 3', 'place s.g 0 3', 'allow', 'place g3.b0 1 1', 'allow',
              'put 0', 'place s.k 0 1', 'allow', 'place o2.b0 0 2', 'put 0', 'place g3.c0 1 0',
              'place s.e 0 1', 'place r8.a2 1 3', 'put 3', 'place b5.b0 0 2', 'place s.d 0 1', 'counter s.c',
              'stop'),
       notes=((0, 'coach.lesson.neuf_vies.column'), (2, 'coach.lesson.neuf_vies.attack'),
              (6, 'coach.lesson.neuf_vies.nine'), (11, 'coach.lesson.neuf_vies.joker'),
              (24, 'coach.lesson.neuf_vies.spirit'), (29, 'coach.lesson.neuf_vies.block')),
       level='easy')
