"""One suite over every registered game: random games to the end for every option combination,
checking at every step the invariants that any correct game keeps, and every view against the
type its ``schema.py`` declares (with the moves' codec)."""
import itertools
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import NotRequired, TypedDict

import pytest
from engine.typecheck import problems

import ai
import games
from coach.lesson import LEARNER, lesson_of
from coach.lesson import check as lesson_check
from coach.lesson import session as lesson_session
from engine.errors import BadSave, IllegalMove
from engine.game import HIDDEN_PILES, HIGH_WINS, LOW_WINS, PRIVATE_HANDS, PUBLIC, Game
from engine.view import ViewHeader, card_ids
from games import registry
from match import REMOTE, Match
from session import LocalSession

PY = Path(games.__file__).resolve().parents[1]  # the py/ tree under test

MAX_PLIES = 20_000


def variants(game):
    """Every valid combination of the game's option samples (contradictory ones are refused by
    the game itself, which test_every_game_has_variants keeps honest), and once every range at
    its high end with the most players (long matches: one is enough)."""
    keys = [o.key for o in game.options]
    highest = {o.key: o.high for o in game.options if not o.choices}
    highest["players"] = game.seats[1]
    combos = [dict(zip(keys, values))
              for values in itertools.product(*(o.samples() for o in game.options))]
    for options in combos + ([highest] if len(highest) > 1 else []):
        try:
            options = {k: v for k, v in game.check_options(options).items() if k in options}
        except ValueError:
            continue
        yield options


CASES = [
    pytest.param(game, options, id=f"{game.id}-" + "-".join(f"{k}={v}" for k, v in options.items()))
    for game in registry.games()
    for options in variants(game)
]


def test_every_game_has_variants():
    ids = {case.values[0].id for case in CASES}
    assert ids == {g.id for g in registry.games()}
    assert {"punto", "zero-pointe"} <= ids


def schema(game):
    """The game's contract with the page and the computers: its view's type, its moves' codec."""
    return registry.schema(game.id)


def check_step(game, state, deck):
    assert sorted(game.cards(state)) == deck, "a card appeared or vanished"
    data = game.to_json(state)
    again = game.from_json(json.loads(json.dumps(data)))
    assert game.to_json(again) == data, "JSON round trip changed the state"
    seat = game.to_move(state)
    assert seat is not None and 0 <= seat < game.players(state)
    legal = game.legal_moves(state)
    assert legal and len(set(legal)) == len(legal)
    codec = schema(game)
    for move in legal:
        assert codec.move_text(codec.parse_move(move)) == move, "the move codec changed a move"
    return legal


def check_view(game, view, seat):
    """A view is fresh plain data of the type its schema declares, its header right."""
    assert json.loads(json.dumps(view)) == view, "a view is not plain JSON data"
    assert problems(view, schema(game).View) == []
    assert view["game"] == game.id and view["seat"] == seat
    assert not view["legal"] or view["to_move"] == seat, "legal moves in another seat's view"


def check_views(game, state, rng):
    """Each seat's view is fresh typed data, and the same in a determinization for that seat."""
    before = game.to_json(state)
    for seat in range(game.players(state)):
        view = game.view(state, seat)
        check_view(game, view, seat)
        if seat == game.to_move(state):
            assert view["legal"] == game.legal_moves(state)
        other = game.determinize(state, seat, rng)
        assert sorted(game.cards(other)) == sorted(game.cards(state))
        assert game.to_json(other)["format"] == before["format"]
        assert game.legal_moves(other) == game.legal_moves(state) or seat != game.to_move(state)
        assert view == game.view(other, seat), f"seat {seat}'s view depends on a hidden card"
        scramble(view)
        assert game.to_json(state) == before, "a view shares an object with the state"
    assert len(game.returns(state)) == game.players(state)


def scramble(data):
    """Empty every list and dict of ``data`` in place: a view sharing one with the state shows."""
    for item in (data.values() if isinstance(data, dict) else data):
        if isinstance(item, (dict, list)):
            scramble(item)
    data.clear()


# Views are checked against determinizations at every step in each game's first variant, and
# every seventh step in the others (all of them at every step would take minutes).
FIRST = {game.id: next(variants(game)) for game in registry.games()}


def play_out(game, options, seed, rng):
    every = 1 if options == FIRST[game.id] else 7
    state = game.new_game(options, seed)
    deck = sorted(game.full_deck(game.check_options(options)))
    moves = []
    for _ in range(MAX_PLIES):
        if game.outcome(state) is not None:
            assert game.to_move(state) is None
            return state, moves
        legal = check_step(game, state, deck)
        if len(moves) % every == 0:
            check_views(game, state, rng)
        before = game.to_json(state)
        move = rng.choice(legal)
        after = game.play(state, move)
        assert game.to_json(state) == before, "play mutated its input"
        if every == 1 and len(moves) % 3 == 0:  # in each game's first variant
            check_public_move(game, state, move, after, deck)
            check_spellings(game, state, legal)
        state = after
        moves.append(move)
    pytest.fail(f"no end after {MAX_PLIES} moves")


def check_public_move(game, before, move, after, deck):
    """What a seat is told of a move (another device's screen shows it: net.wire.state_for)
    names no card that seat could not see before or after the move."""
    deck = frozenset(deck)
    for seat in range(game.players(before)):
        told = game.public_move(move, seat)
        seen = card_ids(game.view(before, seat), deck) | card_ids(game.view(after, seat), deck)
        assert card_ids(told, deck) <= seen, f"{move!r} tells seat {seat} of a card it cannot see"


FULLWIDTH = str.maketrans("0123456789", "０１２３４５６７８９")
ARABIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


def spellings(move: str) -> set:
    """Other spellings of ``move`` that a lenient reader might take for it: other digits, leading
    zeros, a sign, other spaces, other case."""
    found = {move.translate(FULLWIDTH), move.translate(ARABIC), " " + move, move + " ",
             move.replace(" ", "  "), move.replace(" ", "\t"), move.replace(",", ", "), move.upper(),
             move.title(), move.replace("-", "\u2212"), re.sub(r"\d+", lambda d: "0" + d.group(), move),
             re.sub(r"(?<![\d-])(\d)", r"+\1", move), re.sub(r"(?<![\d-])0(?!\d)", "-0", move)}
    return found - {move}


def check_spellings(game, state, legal):
    """Each legal move has one text: any other spelling of it is refused by the rules."""
    for move in legal[:6]:
        for other in spellings(move) - set(legal):
            with pytest.raises(IllegalMove):
                game.play(state, other)


@pytest.mark.parametrize("game,options", CASES)
def test_random_game(game, options):
    seed = "conformance:" + json.dumps(options, sort_keys=True)
    final, moves = play_out(game, options, seed, random.Random(seed))
    outcome = game.outcome(final)
    assert outcome["winners"] and len(outcome["scores"]) == game.players(final)
    assert [seat for seat, rank in enumerate(outcome["ranks"]) if rank == 1] == outcome["winners"]
    for seat in range(game.players(final)):
        view = game.view(final, seat)
        check_view(game, view, seat)
        assert view["outcome"] == outcome and view["to_move"] is None and view["legal"] == []
    assert game.returns(final) == [float(s in outcome["winners"]) for s in range(game.players(final))]
    assert game.rounds_done(final) >= 1
    assert sorted(game.cards(final)) == sorted(game.full_deck(game.check_options(options)))

    replay = game.new_game(options, seed)
    for move in moves:
        replay = game.play(replay, move)
    assert game.to_json(replay) == game.to_json(final), "same seed and moves, different game"


@pytest.mark.parametrize("game", registry.games(), ids=lambda g: g.id)
def test_illegal_moves_say_why(game):
    state = game.new_game({}, "illegal")
    for bad in ("", "nonsense", "99,99 99"):
        with pytest.raises(IllegalMove) as err:
            game.play(state, bad)
        assert err.value.code and str(err.value)
    assert game.outcome(state) is None


@pytest.mark.parametrize("game", registry.games(), ids=lambda g: g.id)
def test_other_spellings_of_a_move_are_refused_by_every_entry_point(game):
    """A move from outside (a guest's device, a save, a link) is taken only if it is exactly one
    of the rules' legal moves: the match, a save and a remote seat's door refuse the others, and
    what is kept is the rules' own text."""
    players = game.seats[0]
    seats = [{"kind": "human" if seat else REMOTE, "name": ""} for seat in range(players)]
    rng = random.Random(game.id)
    session = LocalSession(Match.new(game.id, {}, "spellings", seats))
    match = session.match
    checked = 0
    while not match.over and checked < 40:
        legal = match.legal_moves()
        for move in legal[:3]:
            for other in sorted(spellings(move) - set(legal)):
                with pytest.raises(IllegalMove):
                    match.play(other)
                if match.to_move == 0:
                    assert session.receive(0, other, len(match.moves)) is not None and not session.pending
                save = match.dump()
                save["moves"] = save["moves"] + [other]
                with pytest.raises(BadSave):
                    Match.load(save)
                checked += 1
        match.acknowledge_round()
        match.play(rng.choice(legal))
    assert checked >= 40


@pytest.mark.parametrize("game", registry.games(), ids=lambda g: g.id)
def test_bad_options_are_refused(game):
    with pytest.raises(ValueError):
        game.new_game({"no_such_option": 1}, "x")
    with pytest.raises(ValueError):
        game.new_game({"players": 99}, "x")


@pytest.mark.parametrize("game", registry.games(), ids=lambda g: g.id)
def test_seed_decides_the_deal(game):
    same = [game.to_json(game.new_game({}, "s1")) for _ in range(2)]
    assert same[0] == same[1]
    assert game.to_json(game.new_game({}, "s2")) != same[0]


@pytest.mark.parametrize("game", registry.games(), ids=lambda g: g.id)
def test_every_game_declares_itself(game):
    assert isinstance(game, Game)
    players = next(o for o in game.options if o.key == "players")
    assert (min(players.choices), max(players.choices)) == game.seats
    assert game.information in (PUBLIC, HIDDEN_PILES, PRIVATE_HANDS)
    assert game.scoring in (HIGH_WINS, LOW_WINS)
    assert game.levels[0] == "easy" and len(set(game.levels)) == len(game.levels)
    for level in game.levels:
        assert callable(ai.player(game.id, level))
    assert registry.get(game.id) is game
    assert [g.catalog_order for g in registry.games()] == sorted({g.catalog_order for g in registry.games()})


@pytest.mark.parametrize("first", ["games.zero_pointe", "games.punto.game", "i18n.en.punto", "ai"])
def test_importing_one_game_first_leaves_no_game_unknown(first):
    """A fresh interpreter: whatever is imported first, the registry knows every game after."""
    names = sorted(g.id for g in registry.games())
    code = (f"import {first}\nfrom games import registry\n"
            f"print(sorted(g.id for g in registry.games()))")
    out = subprocess.run([sys.executable, "-c", code], cwd=PY, capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == str(names)


def test_the_registry_lists_every_game_and_imports_only_the_one_asked_for():
    """A page that opens on one game's table imports that game alone (start-up time)."""
    code = ("import sys\nfrom games import registry\n"
            "print(registry.ids())\n"
            "registry.get('punttu')\n"
            "print(sorted({m.split('.')[1] for m in sys.modules if m.startswith('games.')} - {'registry'}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=PY, capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out[0] == str(sorted(g.id for g in registry.games()))
    assert out[1] == "['punttu']"


@pytest.mark.parametrize("bad", ["nope", "", "PUNTO", None, 3, ["punto"], {"id": "punto"}])
def test_the_registry_refuses_any_other_id_with_value_error(bad):
    # A save names its game: whatever it holds, loading it gets the error it expects.
    with pytest.raises(ValueError):
        registry.get(bad)


# --- the type check itself --------------------------------------------------------------------
class _Round(TypedDict):
    winners: list[int]


class _View(ViewHeader[_Round]):
    board: dict[str, list[str]]
    pending: NotRequired[list[int] | None]


def _a_view(**changes):
    view = {"game": "g", "seat": 0, "players": 2, "round": 1, "ply": 0, "to_move": 0, "legal": ["a"],
            "outcome": None, "last_round": {"winners": [1]}, "board": {"x": ["r1"]}}
    return {**view, **changes}


@pytest.mark.parametrize("changes,found", [
    ({}, []),
    ({"pending": [1, 2]}, []),
    ({"seat": True}, ["view['seat']: True is not a int"]),
    ({"last_round": {"winners": ["1"]}}, ["view['last_round']: {'winners': ['1']} is none of"]),
    ({"board": {"x": [1]}}, ["view['board']['x'][0]: 1 is not a str"]),
    ({"extra": 1}, ["view: 'extra' is not declared by _View"]),
    ({"pending": [1, "x"]}, ["view['pending']: [1, 'x'] is none of"]),
])
def test_the_type_check_sees_what_a_view_gets_wrong(changes, found):
    got = problems(_a_view(**changes), _View)
    assert [p[:len(f)] for p, f in zip(got, found)] == found and len(got) == len(found)


def test_the_type_check_sees_a_missing_key():
    view = _a_view()
    del view["ply"]
    assert problems(view, _View) == ["view: no 'ply'"]


# --- the guided first rounds (coach.lesson) ----------------------------------------------------
@pytest.mark.parametrize("game", registry.games(), ids=lambda g: g.id)
def test_each_lesson_plays_and_its_moments_come_where_its_notes_say(game):
    """A game's lesson is a seed and a move list: the rules accept every move, and each note's
    moment is at the learner's move it is written for; the learner plays on freely after it."""
    found = lesson_of(game.id)
    if found is None:
        return  # a game may have no lesson: its menu offers none
    lesson, moments = found
    assert lesson_check(lesson, moments) == []
    assert sorted(key for _, key in lesson.notes) == sorted(moments)  # every moment, once
    played = lesson_session(lesson)
    for move in lesson.moves:
        played.match.acknowledge_round()
        played.play(played.to_move, move)
    assert not played.over and played.to_move == LEARNER
