"""Punttu: one test (or a few) per rule and per edition point of /work/shared/rules/punttu.md."""
import json
import random
from dataclasses import replace

import pytest

from engine.errors import BadOptions, BadSave, IllegalMove
from engine.game import PRIVATE_HANDS
from engine.rng import shuffled
from games import registry
from games.punttu import GAME as G
from games.punttu import rules, value
from games.punttu.cards import DECK, VALUES, in_order, in_play, points
from games.punttu.schema import (FACES, Face, Gone, Play, Refill, Round, SeenTrick, Trick, TrickPlay,
                                 View, card_face, move_text, parse_move)


def arranged(players: int, hands, dealer: int = 0, **options):
    """A fresh deal whose hands are ``hands`` (lists of card ids); the stock is every other card
    in play, in deck order. The seat after the dealer leads."""
    state = G.new_game({"players": players, "dealer": dealer, **options}, "arranged")
    dealt = {card for hand in hands for card in hand}
    stock = tuple(card for card in in_play(players) if card not in dealt)
    state = replace(state, hands=tuple(in_order(hand) for hand in hands), stock=stock)
    return G.from_json(G.to_json(state))  # a position the rules accept


def play(state, *cards):
    for card in cards:
        state = G.play(state, f"play {card}")
    return state


def err(state, move) -> str:
    with pytest.raises(IllegalMove) as caught:
        G.play(state, move)
    return caught.value.code.removeprefix("punttu.err.")


def random_deal(players: int, seed: str, **options):
    """Every state of a deal (one-deal match) played with random moves."""
    state = G.new_game({"players": players, **options}, seed)
    rng = random.Random(seed)
    states = [state]
    while G.to_move(state) is not None:
        state = G.play(state, rng.choice(G.legal_moves(state)))
        states.append(state)
    return states


# --- material and declarations -------------------------------------------------------------

def test_declarations():
    assert registry.get("punttu") is G
    assert G.seats == (2, 6) and G.information == PRIVATE_HANDS and G.levels == ("easy", "medium", "hard")
    assert [o.key for o in G.options] == ["players", "match", "target", "memory_aid", "dealer"]
    assert G.check_options({}) == {"players": 2, "match": "one_deal", "target": 100,
                                   "memory_aid": False, "dealer": "random"}


def test_values_only_the_number_counts():
    deck = G.full_deck(G.check_options({}))
    assert len(deck) == len(set(deck)) == 40
    assert [value(c) for c in ("o7", "c6", "e5", "b4", "o3", "c2")] == [7, 6, 5, 4, 3, 2]
    assert {value(c) for c in ("o1", "c10", "e11", "b12")} == {1}  # aces and figures
    assert points(deck) == 124


@pytest.mark.parametrize("players,removed,total", [
    (2, [], 124), (3, ["o1"], 123), (4, [], 124), (5, [], 124), (6, ["o1", "c1", "e1", "b1"], 120)])
def test_the_cards_removed_per_player_count(players, removed, total):
    state = G.new_game({"players": players}, "removed")
    dealt = [c for hand in state.hands for c in hand] + list(state.stock)
    assert len(dealt) == 40 - len(removed) and not set(removed) & set(dealt)
    assert points(dealt) == total and len(dealt) % players == 0
    assert G.view(state, 0)["removed"] == removed
    assert sorted(G.cards(state)) == sorted(G.full_deck(state.options))  # the aces stay counted


# --- the deal ------------------------------------------------------------------------------

@pytest.mark.parametrize("players,dealer", [(2, 1), (3, 0), (5, 3), (6, 5)])
def test_the_deal_one_at_a_time_from_the_player_after_the_dealer(players, dealer):
    state = G.new_game({"players": players, "dealer": dealer}, "deal")
    deck = shuffled(in_play(players), "deal", 0)  # a fixed dealer: the deal is shuffle 0
    for i, card in enumerate(deck[:3 * players]):
        assert card in state.hands[(dealer + 1 + i) % players]
    assert state.stock == tuple(deck[3 * players:])
    assert all(len(hand) == 3 for hand in state.hands)
    view = G.view(state, dealer)
    assert view["dealer"] == dealer and view["leader"] == G.to_move(state) == (dealer + 1) % players
    assert view["stock_size"] == len(in_play(players)) - 3 * players


def test_the_first_dealer_random_from_the_seed_or_chosen():
    dealers = {G.new_game({"players": 4}, f"seed{i}").dealer for i in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert G.new_game({"players": 4}, "same").dealer == G.new_game({"players": 4}, "same").dealer
    assert G.new_game({"players": 3, "dealer": 2}, "x").dealer == 2
    with pytest.raises(BadOptions) as caught:
        G.new_game({"players": 3, "dealer": 3}, "x")
    assert caught.value.key == "dealer"
    with pytest.raises(BadOptions):
        G.check_options({"target": 99})


# --- a trick -------------------------------------------------------------------------------

def test_no_duty_to_follow_any_card_may_be_played():
    state = arranged(2, [["o7", "o2", "c3"], ["o5", "c12", "b6"]], dealer=1)
    assert G.to_move(state) == 0
    assert G.legal_moves(state) == ["play o2", "play o7", "play c3"]  # deck order
    state = play(state, "o2")
    assert G.legal_moves(state) == ["play o5", "play c12", "play b6"]  # not bound to oros
    assert err(state, "play o7") == "not_in_hand"
    assert err(state, "take o5") == "bad_move" and err(state, "play z9") == "bad_move"
    assert G.to_move(play(state, "b6")) == 1  # b6 won: it leads


def test_the_highest_value_wins_whatever_the_suit():
    state = arranged(3, [["o2", "c1", "e1"], ["b7", "c2", "e2"], ["o6", "c3", "e3"]], dealer=2)
    state = play(state, "o2", "b7", "o6")
    last = G.view(state, 0)["last_trick"]
    assert last["winner"] == 1 and last["reason"] == "highest"
    assert [p["seat"] for p in last["trick"]] == [0, 1, 2]
    assert G.to_move(state) == 1 and G.view(state, 2)["won_counts"] == [0, 3, 0]


@pytest.mark.parametrize("cards,winner", [
    (["c5", "e5", "o3"], 0),      # two fives: the first played wins
    (["o3", "c5", "e5"], 1),
    (["o12", "c1", "b10"], 0),    # a king, an ace and a jack are all worth 1
])
def test_equal_highest_cards_the_one_played_first_wins(cards, winner):
    hands = [[cards[0], "o4", "o6"], [cards[1], "c4", "c6"], [cards[2], "b4", "b6"]]
    state = play(arranged(3, hands, dealer=2), *cards)
    last = G.view(state, 2)["last_trick"]
    assert last["winner"] == winner and last["reason"] == "first_of_equal"
    assert G.to_move(state) == winner


# --- drawing and the end of the deal ---------------------------------------------------------

def test_the_winner_draws_first_then_turn_order():
    state = arranged(3, [["o2", "o4", "o6"], ["b7", "c4", "c6"], ["e2", "b4", "b6"]], dealer=2)
    top = state.stock[:3]
    state = play(state, "o2", "b7", "e2")  # seat 1 wins
    assert top[0] in state.hands[1] and top[1] in state.hands[2] and top[2] in state.hands[0]
    assert state.stock == arranged(3, [["o2", "o4", "o6"], ["b7", "c4", "c6"],
                                       ["e2", "b4", "b6"]], dealer=2).stock[3:]
    assert [len(h) for h in state.hands] == [3, 3, 3]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_last_three_tricks_without_drawing(players):
    states = random_deal(players, f"last{players}")
    starts = [s for s in states if not s.trick and G.to_move(s) is not None]  # before each trick
    assert len(starts) == len(in_play(players)) // players
    stock = [len(s.stock) for s in starts]
    assert stock == sorted(stock, reverse=True) and stock[-3:] == [0, 0, 0]
    assert all(a - b == players for a, b in zip(stock, stock[1:]) if b)  # one card each per trick
    assert [max(len(h) for h in s.hands) for s in starts[-3:]] == [3, 2, 1]
    assert all(len(h) == 3 for s in starts[:-3] for h in s.hands)


@pytest.mark.parametrize("players,total", [(2, 124), (3, 123), (4, 124), (5, 124), (6, 120)])
def test_scores_add_up_to_the_points_in_play(players, total):
    final = random_deal(players, f"score{players}")[-1]
    record = final.last_round
    assert sum(record["points"]) == total
    assert record["points"] == [points(won) for won in record["won"]]
    assert sorted(c for won in record["won"] for c in won) == sorted(in_play(players))
    outcome = G.outcome(final)
    assert outcome["scores"] == record["points"] == record["totals"]
    best = max(record["points"])
    assert outcome["winners"] == [s for s, p in enumerate(record["points"]) if p == best]
    assert G.rounds_done(final) == 1 and G.returns(final) == [float(s in outcome["winners"])
                                                              for s in range(players)]


def test_equal_best_scores_share_the_win():
    state = G.new_game({}, "tie")
    state = replace(state, hands=((), ()), stock=(), totals=(62, 62))  # what outcome reads
    assert G.outcome(state) == {"winners": [0, 1], "scores": [62, 62], "ranks": [1, 1]}


def test_scores_mid_deal_are_the_points_taken_so_far():
    state = arranged(2, [["o7", "o2", "c3"], ["o5", "c12", "b6"]], dealer=1)
    state = play(state, "o7", "o5")
    assert rules.scores(state) == [12, 0] and G.outcome(state) is None
    assert G.returns(state) == [12.0, 0.0]


# --- the match -----------------------------------------------------------------------------

def test_a_match_to_n_the_dealer_moves_on_each_deal():
    state = G.new_game({"players": 3, "match": "to_points", "target": 200, "dealer": 1}, "match")
    rng = random.Random(1)
    records, dealers = [], [state.dealer]
    while G.to_move(state) is not None:
        before = state.last_round
        state = G.play(state, rng.choice(G.legal_moves(state)))
        if state.last_round is not before:
            records.append(state.last_round)
            if G.to_move(state) is not None:
                dealers.append(state.dealer)
                assert G.view(state, 0)["round"] == len(records) + 1
                assert G.to_move(state) == (state.dealer + 1) % 3  # the next deal is on at once
    assert dealers == [(1 + i) % 3 for i in range(len(records))]
    assert [r["dealer"] for r in records] == dealers
    assert all(max(r["totals"]) < 200 for r in records[:-1]) and max(records[-1]["totals"]) >= 200
    totals = records[-1]["totals"]
    outcome = G.outcome(state)
    assert outcome["winners"] == [s for s in range(3) if totals[s] == max(totals)]
    assert outcome["scores"] == totals
    assert outcome["ranks"] == [1 + sum(other > total for other in totals) for total in totals]
    assert G.rounds_done(state) == len(records) == state.round > 1


def test_one_deal_ends_the_match_whatever_the_target():
    final = random_deal(2, "one", target=100)[-1]
    assert G.to_move(final) is None and final.round == 1 and G.view(final, 0)["target"] is None
    assert err(final, "play o1") == "over"


def test_golden_deal():
    moves = ("c4 b12 e3 c1 o11 e11 c7 b6 e1 c11 o6 o10 c5 o3 e10 e2 o7 o4 e12 b10 o2 b2 b1 b11 "
             "c3 e5 b7 o12 o5 e6 b5 c12 c2 c10 e7 c6 b3 e4 b4").split()
    state = play(G.new_game({"players": 3, "dealer": 1}, "golden"), *moves)
    assert G.outcome(state) == {"winners": [2], "scores": [36, 33, 54], "ranks": [2, 3, 1]}
    assert state.last_round["last_trick"]["reason"] == "first_of_equal"  # e4 before b4


def test_golden_match_first_legal_move_each_time():
    state = G.new_game({"players": 2, "match": "to_points", "target": 150, "dealer": 0},
                       "golden-match")
    while G.to_move(state) is not None:
        state = G.play(state, G.legal_moves(state)[0])
    assert G.outcome(state) == {"winners": [1], "scores": [150, 222], "ranks": [2, 1]}
    assert state.round == 3 and state.ply == 120 and state.last_round["points"] == [41, 83]


# --- what a seat sees ------------------------------------------------------------------------

def test_a_view_shows_only_the_own_hand():
    state = G.new_game({"players": 4, "dealer": 0}, "secret")
    state = G.play(state, G.legal_moves(state)[0])
    for seat in range(4):
        view = G.view(state, seat)
        text = json.dumps({k: v for k, v in view.items() if k != "legal"})
        hidden = [c for s, hand in enumerate(state.hands) if s != seat for c in hand]
        hidden += list(state.stock)
        assert not [c for c in hidden if f'"{c}"' in text]
        assert view["hand"] == list(state.hands[seat])
        assert view["hand_sizes"] == [3, 2, 3, 3] and view["trick"][0]["seat"] == 1


@pytest.mark.parametrize("aid", [False, True])
def test_the_memory_aid_shows_cards_played_and_points(aid):
    states = random_deal(2, "aid", memory_aid=aid)
    state = next(s for s in states if len(s.tricks) == 4 and len(s.trick) == 1)
    view = G.view(state, 0)
    gone = [c for _, cards in state.tricks for c in cards]
    assert sum(view["won_counts"]) == 8
    assert len(view["seen"]) == 4 and [c for t in view["seen"] for c in t["cards"]] == gone
    assert view["last_trick"]["trick"][0]["card"] == state.tricks[-1][1][0]
    if aid:
        assert view["played"] == gone
        assert view["won_points"] == rules.scores(state) and sum(view["won_points"]) == points(gone)
        assert [g["value"] for g in view["gone"]] == [7, 6, 5, 4, 3, 2, 1]  # as the table lists them
        for count in view["gone"]:
            assert count["played"] == sum(value(c) == count["value"] for c in gone)
            assert count["dealt"] == sum(value(c) == count["value"] for c in in_play(2))
        assert sum(g["dealt"] for g in view["gone"]) == 40 and sum(g["played"] for g in view["gone"]) == 8
    else:
        assert view["played"] is None and view["won_points"] is None and view["gone"] is None


def test_the_memory_aid_counts_only_the_cards_in_play():
    view = G.view(G.new_game({"players": 6, "memory_aid": True}, "aid6"), 0)
    assert view["gone"][-1] == {"value": 1, "played": 0, "dealt": 12}  # four aces out: 16 less 4
    assert sum(g["dealt"] for g in view["gone"]) == 36


def test_the_last_deal_record_and_the_last_trick_across_deals():
    state = G.new_game({"players": 2, "match": "to_points", "target": 300}, "record")
    while state.round == 1:
        state = G.play(state, G.legal_moves(state)[0])
    view = G.view(state, 1)
    assert view["last_round"]["round"] == 1 and view["seen"] == [] and view["trick"] == []
    assert view["last_trick"] == view["last_round"]["last_trick"]
    assert view["totals"] == view["last_round"]["totals"] and view["target"] == 300


def test_the_round_record_of_a_view_tells_the_summary():
    state = G.new_game({"players": 3, "match": "to_points", "target": 300}, "summary")
    while state.round == 1:
        state = G.play(state, G.legal_moves(state)[0])
    record = G.view(state, 0)["last_round"]
    assert record["won_counts"] == [len(pile) for pile in state.last_round["won"]]
    assert sum(record["won_counts"]) == record["all_cards"] == 39
    assert sum(record["points"]) == record["all_points"] == 123  # the ace of oros is out
    last = record["last_trick"]
    assert (last["value"], last["equal"]) == _best(last)
    # The facts are the view's: the state's record (and so the saves) keep their shape.
    assert set(state.last_round) == {"round", "dealer", "won", "points", "winners", "totals", "last_trick"}
    assert set(state.last_round["last_trick"]) == {"leader", "trick", "winner", "reason"}
    assert G.to_json(G.from_json(G.to_json(state))) == G.to_json(state)


def _best(trick) -> tuple:
    """(the best value of a finished trick, how many of its cards are worth as much)."""
    values = [value(p["card"]) for p in trick["trick"]]
    return max(values), values.count(max(values))


def test_the_playing_order_and_the_hand_size():
    state = G.new_game({"players": 5, "dealer": 2}, "order")
    view = G.view(state, 0)
    assert view["hand_size"] == 3 and view["order"] == [3, 4, 0, 1, 2] and view["leader"] == 3
    state = G.play(state, G.legal_moves(state)[0])
    view = G.view(state, 1)
    assert view["order"] == [3, 4, 0, 1, 2] and [p["seat"] for p in view["trick"]] == [3]
    final = random_deal(2, "order-end")[-1]
    assert G.view(final, 0)["order"] == [] and G.view(final, 0)["leader"] is None


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_the_trick_just_taken_and_who_drew(players):
    states = random_deal(players, f"taken{players}")
    tricks_per_deal = len(in_play(players)) // players
    for before, state in zip(states, states[1:]):
        view = G.view(state, 0)
        closed = len(state.tricks) > len(before.tricks) or not any(state.hands)
        if not closed:
            assert view["just_taken"] is None and view["refill"] is None
            continue
        taken = view["just_taken"]
        assert taken == view["last_trick"] and taken["winner"] == rules.leader(state)
        assert (taken["value"], taken["equal"]) == _best(taken)
        assert taken["equal"] == 1 if taken["reason"] == "highest" else taken["equal"] > 1
        if len(state.tricks) <= tricks_per_deal - 3:  # the stock had cards: everyone drew
            order = view["refill"]["order"]
            assert order[0] == taken["winner"] and sorted(order) == list(range(players))
            assert order == [(taken["winner"] + i) % players for i in range(players)]
            assert view["refill"]["stock_out"] == (len(state.tricks) == tricks_per_deal - 3) == (not state.stock)
            assert view["hand_sizes"] == [view["hand_size"]] * players
        else:  # the last three tricks: nothing left to draw
            assert view["refill"] is None and view["stock_size"] == 0


def test_equal_highest_cards_are_counted_in_the_trick_record():
    hands = [["c5", "o4", "o6"], ["e5", "c4", "c6"], ["b5", "b4", "b6"]]
    state = play(arranged(3, hands, dealer=2), "c5", "e5", "b5")
    taken = G.view(state, 1)["just_taken"]
    assert (taken["reason"], taken["value"], taken["equal"], taken["winner"]) == ("first_of_equal", 5, 3, 0)


def _keys(kind) -> set:
    return set(kind.__required_keys__ | kind.__optional_keys__)


def _typed(view: dict) -> None:
    """Every key of the view, and of its nested records, is declared in schema.py, and no more."""
    assert set(view) == _keys(View)
    for record in [view["last_trick"], view["just_taken"]] + ([view["last_round"]["last_trick"]]
                                                               if view["last_round"] else []):
        if record is not None:
            assert set(record) == _keys(Trick) and all(set(p) == _keys(TrickPlay) for p in record["trick"])
    assert all(set(t) == _keys(SeenTrick) for t in view["seen"])
    assert all(set(p) == _keys(TrickPlay) for p in view["trick"])
    assert view["refill"] is None or set(view["refill"]) == _keys(Refill)
    assert view["gone"] is None or all(set(g) == _keys(Gone) for g in view["gone"])
    assert view["last_round"] is None or set(view["last_round"]) == _keys(Round)


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 4, "memory_aid": True},
                                     {"players": 3, "match": "to_points", "target": 100}])
def test_the_view_is_the_schema(options):
    state = G.new_game(options, "schema")
    rng = random.Random(2)
    while True:
        for seat in range(G.players(state)):
            _typed(G.view(state, seat))
        if G.to_move(state) is None:
            break
        state = G.play(state, rng.choice(G.legal_moves(state)))
    assert G.view(state, 0)["last_round"] is not None


# --- the cards and the moves as values ----------------------------------------------------------

def test_card_faces_decode_the_ids():
    assert card_face("o7") == Face("o", 7, 7) and card_face("b12") == Face("b", 12, 1)
    assert card_face("c1") == Face("c", 1, 1) and card_face("e10").points == 1
    assert list(FACES) == list(DECK)
    assert {card: face.points for card, face in FACES.items()} == VALUES
    with pytest.raises(KeyError):
        card_face("o8")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_move_codec_round_trips_every_legal_move(players):
    seen = set()
    for state in random_deal(players, f"codec{players}", match="to_points", target=150):
        seat = G.to_move(state)
        for move in G.legal_moves(state):
            parsed = parse_move(move)
            assert isinstance(parsed, Play) and parsed.card in state.hands[seat]
            assert move_text(parsed) == move and parse_move(move_text(parsed)) == parsed
            seen.add(parsed.card)
    assert seen == set(in_play(players))


@pytest.mark.parametrize("bad", ["", "play", "play o8", "play z9", "play o7 o6", "Play o7", "play  o7",
                                 "take o7", " play o7", None, 7, ["play", "o7"]])
def test_a_move_that_is_no_move_is_refused(bad):
    with pytest.raises(IllegalMove) as caught:
        parse_move(bad)
    assert caught.value.code == "punttu.err.bad_move"
    assert err(G.new_game({}, "bad"), bad) == "bad_move"


def unknown(state, seat) -> list:
    """The cards ``seat`` cannot see: the other hands and the stock."""
    return sorted([c for o, h in enumerate(state.hands) if o != seat for c in h] + list(state.stock))


def test_determinize_keeps_the_own_hand_and_every_public_card():
    state = random_deal(3, "det")[17]
    rng = random.Random(3)
    for seat in range(3):
        other = G.determinize(state, seat, rng)
        assert other.hands[seat] == state.hands[seat]
        assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
        assert (other.trick, other.tricks) == (state.trick, state.tricks)
        assert len(other.stock) == len(state.stock)
        assert unknown(other, seat) == unknown(state, seat)
        assert G.view(other, seat) == G.view(state, seat)
        G.from_json(G.to_json(other))


# --- saved states --------------------------------------------------------------------------

def tampered(data, change):
    data = json.loads(json.dumps(data))
    change(data)
    return data


TAMPERINGS = {
    "format": lambda d: d.update(format=2),
    "extra field": lambda d: d.update(cheat=True),
    "options": lambda d: d["options"].update(players=3),
    "incomplete options": lambda d: d["options"].pop("memory_aid"),
    "duplicate card": lambda d: d["hands"][0].__setitem__(0, d["hands"][1][0]),
    "unknown card": lambda d: d["hands"][0].__setitem__(0, "zz"),
    "hand order": lambda d: d["hands"][0].reverse(),
    "hand size": lambda d: d["hands"][0].append(d["stock"].pop()),
    "dealer": lambda d: d.update(dealer=(d["dealer"] + 1) % 2),
    "ply": lambda d: d.update(ply=d["ply"] + 1),
    "draws": lambda d: d.update(draws=d["draws"] + 1),
    "round": lambda d: d.update(round=2),
    "totals": lambda d: d.update(totals=[5, 0]),
    "last round": lambda d: d.update(last_round={"round": 1}),
    "trick leader": lambda d: d["tricks"][0].update(leader=1 - d["tricks"][0]["leader"]),
    "trick size": lambda d: d["tricks"][0]["cards"].pop(),
    "bool ply": lambda d: d.update(ply=True),
    "seed": lambda d: d.update(seed=7),
}


@pytest.mark.parametrize("name", sorted(TAMPERINGS))
def test_from_json_refuses_a_tampered_state(name):
    state = random_deal(2, "save", dealer=0)[6]  # three tricks done, none on the table
    data = G.to_json(state)
    assert G.to_json(G.from_json(json.loads(json.dumps(data)))) == data
    with pytest.raises(BadSave):
        G.from_json(tampered(data, TAMPERINGS[name]))


def test_from_json_refuses_a_tampered_deal_record():
    state = G.new_game({"players": 2, "match": "to_points", "target": 300, "dealer": 0}, "rec")
    while state.round == 1:
        state = G.play(state, G.legal_moves(state)[0])
    data = G.to_json(state)
    G.from_json(data)
    for change in (lambda d: d["last_round"]["points"].reverse(),
                   lambda d: d["last_round"]["won"][0].append(d["last_round"]["won"][1].pop()),
                   lambda d: d["last_round"].update(winners=[0, 1]),
                   lambda d: d["last_round"]["last_trick"].update(winner=0),  # seat 1 took it
                   lambda d: d["last_round"].update(dealer=1),
                   lambda d: d.update(totals=[d["totals"][1], d["totals"][0]])):
        with pytest.raises(BadSave):
            G.from_json(tampered(data, change))
    for bad in (None, [], "x", {"format": 1}):
        with pytest.raises(BadSave):
            G.from_json(bad)


def test_a_removed_ace_cannot_come_back():
    data = G.to_json(G.new_game({"players": 3}, "ace"))
    with pytest.raises(BadSave):
        G.from_json(tampered(data, lambda d: d["stock"].__setitem__(0, "o1")))


def test_a_match_already_won_cannot_go_on():
    final = random_deal(2, "won", match="to_points", target=100)[-1]
    data = G.to_json(final)
    with pytest.raises(BadSave):
        G.from_json(tampered(data, lambda d: d["options"].update(target=500)))
