"""Every match remembered (records/): moves packed and read back, a match's record and its replay,
statistics on a fixed set of records, and the replay link's codec."""
import base64
import json
import random
import zlib

import pytest

from ai import think
from engine.errors import BadSave
from engine.view import card_ids
from games import registry
from match import Match
from records import history, link, stats
from records.pack import BadPack, pack, unpack
from records.seen import SeenReplay
from session import LocalSession
from session import replay as session_replay

GAMES = [("punto", {"players": 3}), ("zero-pointe", {"players": 3}), ("punttu", {"players": 4, "match": "to_points"}),
         ("neuf-vies", {"players": 3})]


def played(game_id, options, seed, kinds=None, until=None):
    """A match of computers (or ``kinds``) played to its end, or until ``until(match)``."""
    players = options.get("players", 2)
    kinds = kinds or ["easy"] * players
    match = Match.new(game_id, options, seed, [{"kind": k, "name": f"P{i}"} for i, k in enumerate(kinds)],
                      think=think)
    rng = random.Random(seed)
    while not match.over and not (until and until(match)):
        match.acknowledge_round()
        seat = match.to_move
        match.play(rng.choice(match.legal_moves()) if match.is_human(seat) else match.computer_move())
    return match


@pytest.mark.parametrize("game_id,options", GAMES, ids=[g for g, _ in GAMES])
def test_moves_pack_small_and_read_back_the_same(game_id, options):
    match = played(game_id, options, "pack")
    text = pack(match.game, match.states[0], match.moves)
    assert unpack(match.game, match.states[0], text, len(match.moves)) == match.moves
    assert len(text) < 2 * len(match.moves)  # about a byte a move, or less
    for broken in (text[:-3], text + "AAAA", "!" + text[1:]):
        with pytest.raises(BadPack):
            unpack(match.game, match.states[0], broken, len(match.moves))


@pytest.mark.parametrize("game_id,options", GAMES, ids=[g for g, _ in GAMES])
def test_a_record_replays_step_by_step_as_the_match_went(game_id, options):
    match = played(game_id, options, "record", kinds=["human"] + ["medium"] * (options["players"] - 1))
    data = history.check(json.loads(json.dumps(history.record(match, 1_765_000_000_000, hints=2))))
    assert data["finished"] and data["outcome"] == match.game.outcome(match.state)
    assert data["here"] == [0] and data["plies"] == len(match.moves) and data["hints"] == 2
    replay = history.replay(data)
    game = match.game
    shown = []
    while (move := replay.replay_move()) is not None:
        if replay.next().kind == "round_end":
            replay.acknowledge_round()
        replay.play(replay.to_move, move)
        shown.append(game.to_json(replay.match.state))
    assert shown == [game.to_json(state) for state in match.states[1:]]
    assert replay.ends == tuple(i + 1 for i in range(len(match.moves))
                                if game.rounds_done(match.states[i + 1]) > game.rounds_done(match.states[i]))
    assert replay.humans() == [0] and replay.next().kind == "over"


def test_an_unfinished_match_is_recorded_so():
    match = played("punttu", {"players": 2}, "left", kinds=["human", "easy"], until=lambda m: len(m.moves) >= 9)
    data = history.record(match, 5)
    assert not data["finished"] and data["outcome"] is None and data["plies"] == 9
    assert history.match_of(history.check(data)).moves == match.moves


def test_a_damaged_record_is_refused_with_a_reason():
    good = history.record(played("neuf-vies", {"players": 2}, "bad"), 7)
    for broken in ({**good, "v": 2}, {**good, "game": "chess"}, {**good, "extra": 1}, {**good, "outcome": None},
                   {**good, "finished": False}, {**good, "here": [5]}, {**good, "plies": -1},
                   {**good, "seats": good["seats"][:1]}, {**good, "options": {"players": 9}}, [], None):
        with pytest.raises(BadSave):
            history.check(broken)
    with pytest.raises(BadSave):
        history.replay({**good, "moves": good["moves"][:-4]})


# --- statistics on a fixed set of records --------------------------------------------------------

def rec(game, opponent, ended, scores, winners, rounds=1, here=(0,), finished=True):
    players = len(scores)
    kinds = ["human"] + [opponent] * (players - 1)
    return {"v": 1, "game": game, "options": registry.get(game).check_options({"players": players}),
            "seed": "s", "start": None, "seats": [{"kind": k, "name": ""} for k in kinds], "here": list(here),
            "ended": ended, "finished": finished,
            "outcome": {"winners": winners, "scores": scores, "ranks": [1] * players} if finished else None,
            "rounds": rounds, "plies": 10, "moves": "", "hints": 0}


def test_statistics_of_a_fixed_set_of_records():
    records = [
        rec("zero-pointe", "medium", 1, [40, 90], [0], rounds=4),   # won by 50 (fewer points is better)
        rec("zero-pointe", "medium", 2, [120, 100], [1], rounds=5),  # lost
        rec("zero-pointe", "medium", 3, [60, 70], [0], rounds=3),   # won by 10
        rec("zero-pointe", "medium", 4, [55, 105], [0], rounds=4),  # won by 50, later: the first stays best
        rec("zero-pointe", "hard", 5, [80, 60], [1], rounds=4),
        rec("zero-pointe", "remote", 6, [50, 51], [0], rounds=2),   # against a person
        rec("zero-pointe", "medium", 7, [70, 80], [0], rounds=2, finished=False),  # left: not counted
        rec("punttu", "medium", 8, [60, 10], [0]),                   # another game
    ]
    out = stats.stats(records, "zero-pointe")
    medium, every = out.lines["medium"], out.lines[stats.ALL]
    assert (medium.played, medium.won, medium.streak, medium.best_streak) == (4, 3, 2, 2)
    assert medium.rate == 0.75 and medium.per_round == (40 + 120 + 60 + 55) / 16
    assert medium.best["ended"] == 1 and medium.best_margin == 50
    assert (out.lines["hard"].played, out.lines["hard"].won) == (1, 0)
    assert (out.lines[stats.PEOPLE].played, out.lines[stats.PEOPLE].won) == (1, 1)
    assert (every.played, every.won, every.streak, every.best_streak) == (6, 4, 1, 2)
    assert out.results == [(1, True, 50), (2, False, -20), (3, True, 10), (4, True, 50), (5, False, -20),
                           (6, True, 1)]
    assert out.advice == ("history.advice.few", {"n": 5})  # no level played five times yet


def test_where_the_player_stands_moves_up_or_down_a_level():
    won = [rec("punttu", "medium", i, [70, 40], [0]) for i in range(5)]
    assert stats.stats(won, "punttu").advice == ("history.advice.up", {"level": "medium", "won": 5, "n": 5,
                                                                      "next": "hard"})
    lost = [rec("punttu", "hard", i, [30, 90], [1]) for i in range(6)]
    assert stats.stats(lost, "punttu").advice == ("history.advice.down", {"level": "hard", "won": 0, "n": 6,
                                                                        "next": "medium"})
    mixed = [rec("punttu", "hard", i, [70, 40] if i % 2 else [30, 90], [0] if i % 2 else [1]) for i in range(6)]
    assert stats.stats(mixed, "punttu").advice == ("history.advice.keep", {"level": "hard", "won": 3, "n": 6})
    punto = stats.stats([rec("punto", "easy", 1, [2, 0], [0])], "punto")
    assert punto.lines[stats.ALL].per_round is None  # Punto counts rounds won, not points


# --- the replay link ---------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id,options", GAMES, ids=[g for g, _ in GAMES])
def test_a_finished_match_s_link_opens_its_replay(game_id, options):
    match = played(game_id, options, "link", kinds=["human"] + ["easy"] * (options["players"] - 1))
    code = link.of_record(history.record(match, 9, hints=3))
    kind, data = link.read(code)
    assert kind == "record" and data["here"] == [] and data["hints"] == 0  # nobody here played it
    replay = history.replay(data)
    assert replay.script == tuple(match.moves) and replay.humans() == []


def test_the_longest_neuf_vies_match_s_link_is_short():
    longest = max((played("neuf-vies", {"players": 6}, f"long{i}") for i in range(6)), key=lambda m: len(m.moves))
    code = link.of_record(history.record(longest, 1))
    print(f"\nNeuf vies, 6 players, {len(longest.moves)} moves: a link of {len(code)} characters")
    assert len(code) < 1000


def test_a_damaged_or_newer_link_says_so():
    code = link.of_record(history.record(played("punto", {}, "dam"), 3))
    for broken in (code[:-5], code[:10] + ("A" if code[10] != "A" else "B") + code[11:], "", "%%%", "x" * 50):
        with pytest.raises(link.BadLink) as err:
            link.read(broken)
        assert err.value.why == "damaged"
    later = json.dumps({"v": link.VERSION + 1, "kind": "record", "body": {}})  # as a later version writes
    with pytest.raises(link.BadLink) as err:
        link.read(base64.urlsafe_b64encode(zlib.compress(later.encode())).decode().rstrip("="))
    assert err.value.why == "newer"


def test_a_match_in_progress_shares_only_what_its_seat_saw():
    match = played("punttu", {"players": 3}, "seen", kinds=["human", "easy", "easy"],
                   until=lambda m: len(m.moves) >= 20)
    session = LocalSession(match)
    code = link.of_session(session, 0)
    kind, seen = link.read(code)
    assert kind == "seen" and "seed" not in json.dumps(seen)
    deck = frozenset(match.game.full_deck(match.options))
    saw = set().union(*(card_ids(match.game.view(state, 0), deck) for state in match.states))
    assert card_ids(seen, deck) <= saw  # no card the seat never saw
    replay = SeenReplay(match.game, seen)
    for ply in range(len(match.moves)):
        assert replay.view(0) == match.game.view(match.states[ply], 0)
        if replay.next().kind == "round_end":
            replay.acknowledge_round()
        replay.play(replay.to_move, replay.replay_move())
    assert replay.replay_move() is None and replay.view(0) == match.view(0)
    replay.rewind(4)
    assert replay.view(0) == match.game.view(match.states[4], 0) and replay.last_move().move == match.moves[3]


def test_a_link_names_its_game_before_it_is_checked():
    """The page fetches a link's game's modules first (first.replay_code): the code names it
    without the game's rules, which checking the rest needs."""
    match = played("punttu", {"players": 3}, "named", kinds=["human", "easy", "easy"],
                   until=lambda m: len(m.moves) >= 6)
    assert link.game_of(link.of_record(history.record(match, 1))) == "punttu"
    assert link.game_of(link.of_session(LocalSession(match), 0)) == "punttu"
    for broken in ("", "x" * 50, link._encode("record", [])):
        with pytest.raises(link.BadLink):
            link.game_of(broken)


def test_a_seen_replay_jumps_as_a_session_does():
    """A link's replay of a match in progress jumps (the replay's bar: back, a round's start or
    end) as a finished match's does: each round's end on the way seen, the one it lands on not."""
    match = played("punttu", {"players": 2, "match": "to_points"}, "jump", kinds=["human", "easy"],
                   until=lambda m: m.rounds_done >= 2)
    seen = SeenReplay(match.game, link.read(link.of_session(LocalSession(match), 0))[1])
    ends = [i + 1 for i in range(len(match.moves))
            if match.game.rounds_done(match.states[i + 1]) > match.game.rounds_done(match.states[i])]
    same = session_replay(match, here=[0])
    for ply in (ends[1], 3, ends[0], ends[0] + 1, 0, len(match.moves)):
        seen.go_to(ply)
        same.go_to(ply)
        assert (seen.ply, seen.seen_rounds, seen.next().kind) == (same.ply, same.seen_rounds, same.next().kind)
        assert seen.view(0) == match.game.view(match.states[ply], 0)
