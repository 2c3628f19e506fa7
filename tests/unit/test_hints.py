"""Hints (coach.hint): the hard level's move for the seat on turn, the same at every run, and why
in the game's own words (coach.reasons): a fact of the position for every move, in every game,
with a text in every language whose placeholders the fact fills."""
import random
import string

import pytest

from ai import choose, think
from coach.hint import hint
from coach.reasons import why
from games import registry
from i18n import LANGS, catalog, has
from match import Match

SEATS = [{"kind": "medium", "name": ""}, {"kind": "medium", "name": ""}]


def placeholders(text: str) -> set:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("game", registry.games(), ids=lambda g: g.id)
def test_every_move_of_a_match_has_a_reason_said_in_every_language(game):
    for attempt in range(2):
        match = Match.new(game.id, {}, f"why{attempt}", SEATS, think=think)
        while not match.over:
            match.acknowledge_round()
            seat = match.to_move
            for move in match.legal_moves()[:8]:
                key, params = why(game.id, match.view(seat), move)
                for lang in LANGS:
                    assert has(lang, key), (lang, key)
                    words = catalog(lang)
                    texts = [words[k] for k in (key, f"{key}.one", f"{key}.other") if k in words]
                    assert all(placeholders(text) <= set(params) for text in texts), (key, params)
            match.play(match.computer_move())


@pytest.mark.parametrize("game_id", ["punttu", "neuf-vies"])
def test_a_hint_is_the_hard_level_s_move_and_the_same_at_every_run(game_id):
    match = Match.new(game_id, {}, "hint", [{"kind": "human", "name": ""}, {"kind": "medium", "name": ""}],
                      think=think)
    rng = random.Random(3)
    while len(match.moves) < 12:
        match.play(rng.choice(match.legal_moves()) if match.to_move == 0 else match.computer_move())
    while match.to_move != 0:
        match.play(match.computer_move())
    move, (key, params) = hint(match, 0)
    again = Match.load(match.dump(), think=think)
    assert hint(again, 0) == (move, (key, params))
    expected = choose(game_id, "hard", match.view(0), match.legal_moves(),
                      random.Random(f"{match.seed}:hint:{len(match.moves)}"), match.state)
    assert move == expected and move in match.legal_moves()
    assert key.startswith(("coach.best", f"coach.{game_id.replace('-', '_')}."))
