"""The hard computer player (ai.search with each game's guide): it plays from what its seat may
know, is seeded, runs in slices, and makes the moves each game's tips call for. Behaviour only,
with few iterations where the behaviour holds with margin (the budgets are for the benches)."""
import math
import random
from dataclasses import replace

import pytest
from test_neuf_vies_positions import table as neuf_vies_table
from test_punto_ai import opponent_can_win
from test_punto_positions import play as punto_play
from test_punto_positions import position
from test_punttu import arranged
from test_punttu import play as punttu_play
from test_zero_pointe_positions import table as zero_pointe_table

import ai
from ai import punttu as punttu_medium
from ai import search, think
from ai import zero_pointe as zero_pointe_medium
from ai.hard import neuf_vies as neuf_vies_guide
from ai.hard import punto as punto_guide
from ai.hard import punttu as punttu_guide
from ai.hard import zero_pointe as zero_pointe_hard
from games import registry
from games.punto import rounds
from games.punttu.cards import VALUES
from match import Match
from session import LocalSession

FEW = 40  # iterations per decision in these tests


def hard(game, state, seed=0, iterations=FEW) -> str:
    seat = game.to_move(state)
    guide = replace(ai.guide(game.id), iterations=iterations)
    legal = game.legal_moves(state)
    move = search.choose(game, state, seat, game.view(state, seat), legal, random.Random(seed),
                         guide)
    assert move in legal
    return move


def midgame(game, plies: int, seed: str):
    """A state after ``plies`` medium moves of a two-player match."""
    state = game.new_game({"players": 2}, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        seat = game.to_move(state)
        state = game.play(state, ai.choose(game.id, "medium", game.view(state, seat),
                                           game.legal_moves(state), rng))
    return state


GAMES = [pytest.param(game, id=game.id) for game in registry.games()]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_offers_the_hard_level(game):
    assert game.levels == ("easy", "medium", "hard")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("plies", [3, 12])
def test_same_view_same_move_whatever_the_hidden_cards(game, plies):
    """Two states the seat cannot tell apart (the second one's hidden cards redealt) give the
    same move with the same seed: the search never uses a card the seat cannot know."""
    state = midgame(game, plies, f"view{plies}")
    seat = game.to_move(state)
    other = game.determinize(state, seat, random.Random("another world"))
    assert game.view(other, seat) == game.view(state, seat)
    assert game.to_json(other) != game.to_json(state)
    assert hard(game, other, seed=7, iterations=24) == hard(game, state, seed=7, iterations=24)


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_gives_the_same_move(game):
    state = midgame(game, 8, "seeded")
    assert len({hard(game, state, seed=3, iterations=24) for _ in range(2)}) == 1


def named(guide, view, legal) -> list:
    """The guide's candidates, worked out to the end, and how many steps that took."""
    return worked_out(guide.candidates(view, legal, random.Random(1)))


def worked_out(steps):
    """What a generator that works in steps (yielding None) returns, and how many steps it took."""
    count = 0
    while True:
        try:
            assert next(steps) is None
            count += 1
        except StopIteration as end:
            return end.value, count


def test_it_thinks_in_slices_and_ends_with_the_move():
    game = registry.get("punto")
    state = midgame(game, 9, "slices")
    seat = game.to_move(state)
    guide = replace(ai.guide("punto"), iterations=5)
    args = (game, state, seat, game.view(state, seat), game.legal_moves(state))
    steps = list(search.think(*args, random.Random(1), guide))
    candidates, scoring = named(guide, *args[3:])
    assert scoring == len(args[4]) > 1  # a step per legal move scored, in a position where...
    assert len(candidates) > 1  # ...the search runs
    # The candidates, a step once they are named, then one per rollout.
    assert steps[:-1] == [None] * (scoring + 1 + 5 * len(candidates))
    assert steps[-1] in candidates
    assert steps[-1] == search.choose(*args, random.Random(1), guide)


def test_halving_drops_the_worse_half_and_still_yields_once_per_rollout():
    game = registry.get("punto")
    state = midgame(game, 9, "slices")
    seat = game.to_move(state)
    guide = replace(ai.guide("punto"), iterations=6, halve=(2, 4))
    args = (game, state, seat, game.view(state, seat), game.legal_moves(state))
    candidates, scoring = named(guide, *args[3:])
    assert len(candidates) == 5
    steps = list(search.think(*args, random.Random(1), guide))
    assert steps[:-1] == [None] * (scoring + 1 + 2 * 5 + 2 * 3 + 2 * 2)  # 5 racing, 3, 2
    assert steps[-1] in candidates


def test_a_settled_decision_ends_early_as_a_shorter_search_would():
    game = registry.get("punto")
    state = midgame(game, 10, "slices")  # a decision that settles after 50 of its 80 worlds
    seat = game.to_move(state)
    args = (game, state, seat, game.view(state, seat), game.legal_moves(state))
    guide = replace(ai.guide("punto"), iterations=80, halve=(5, 10), settle=1.0)
    steps = list(search.think(*args, random.Random(1), guide))
    scoring = named(guide, *args[3:])[1]
    worlds = 10 + (len(steps) - 2 - scoring - 5 * 5 - 5 * 3) // 2  # 5 racing, then 3, then 2
    assert 40 <= worlds < 80 and worlds % search.SETTLE_EVERY == 0
    shorter = replace(guide, iterations=worlds, settle=0.0)
    assert steps[-1] == search.choose(*args, random.Random(1), shorter)


def test_a_match_thinks_like_it_moves():
    match = Match.new("punttu", {}, "think", [{"kind": "hard", "name": "A"},
                                              {"kind": "medium", "name": "B"}], think=think)
    while LocalSession(match).next().kind != "computer" or match.to_move != 0:
        match.play(match.computer_move())
    sliced = [out for out in match.computer_think() if out is not None]
    assert sliced == [match.computer_move()]


# --- Punto ------------------------------------------------------------------------------------

def test_punto_wins_in_one():
    state = position("""
        r1 r2 .  r3 r4
        b5 b6 b7 .  .
    """, decks=["r5", "b1"])
    assert hard(registry.get("punto"), state) == "2,0"


@pytest.mark.parametrize("board", [
    "r9 b1 b2 b3 b4 .",
    "b1 b2 . b3 b4\n. r2 r3 . .",
])
def test_punto_blocks_a_win_in_one(board):
    state = position(board, decks=["r9 r1", "b9"])
    assert opponent_can_win(state)
    after = punto_play(state, hard(registry.get("punto"), state))
    assert not opponent_can_win(after)


def test_punto_search_table_follows_the_rules():
    """The compact table the Punto search plays on agrees with the rules: the same legal cells
    after every card, and the same round end and winner."""
    game = registry.get("punto")
    for seed in range(6):
        state = midgame(game, 2 * seed, f"table{seed}")
        rng = random.Random(seed)
        table, done = punto_guide.Table(state), game.rounds_done(state)
        while game.rounds_done(state) == done:
            legal = game.legal_moves(state)
            cells = table.cells(table.card()[1])
            assert sorted(punto_guide.NAMES[cell] for cell in cells) == sorted(legal)
            move = rng.choice(legal)
            state = game.play(state, move)
            table = punto_guide.Rules().play(table, move)
        assert table.ended and table.side == (state.last_round["winners"] or [None])[0]


@pytest.mark.parametrize("players,tie_break", [(2, "fewer"), (2, "more"), (4, "fewer")])
def test_punto_search_decides_a_blocked_round_as_the_rules_do(players, tie_break):
    """The rollouts' verdict on a blocked round (series, then points) is the rules' one, on every
    board of a few random matches."""
    game = registry.get("punto")
    state = game.new_game({"players": players, "tie_break": tie_break}, f"blocked{players}")
    rng = random.Random(tie_break)
    decided = set()
    for _ in range(400):
        if game.outcome(state) is not None:
            break
        table, stuck = punto_guide.Table(state), game.to_move(state)
        ending = rounds.blocked(state.board, table.mode.rules, tie_break, stuck, "test")
        wins = table.wins[:]
        if ending.side is not None:
            wins[ending.side] += 1
        decided.add(ending.result)
        assert punto_guide._blocked_wins(table, table.colours, table.values, table.taken) == wins
        state = game.play(state, rng.choice(game.legal_moves(state)))
    assert {"series", "draw"} <= decided  # boards of both kinds were met


# --- Zéro Pointé --------------------------------------------------------------------------------

def test_zero_pointe_completes_a_column_of_three_and_removes_it():
    game = registry.get("zero-pointe")
    state = zero_pointe_table("7 ? ? ? 7 ? ? ? 11 ? ? ?", "? ? ? ? ? ? ? ? ? ? ? ?",
                              discard=(7,))
    move = hard(game, state)
    assert move == "take 2 0"
    state = game.play(state, move)
    assert hard(game, state) == "remove 0"


def test_zero_pointe_values_a_card_seen():
    """A drawn 3 on a face-down card saves about 2 points, and medium keeps it there; the hard
    level rejects it and turns a card up: a card seen is replaced later only if it is bad."""
    game = registry.get("zero-pointe")
    state = zero_pointe_table("0 ? ? ? ? ? ? ? ? ? ? 1", "? ? ? ? ? ? ? ? ? ? 4 4",
                              discard=(9,), drawn=3, phase="drawn")
    view, legal = game.view(state, 0), game.legal_moves(state)
    assert zero_pointe_medium.medium(view, legal, random.Random(0)) == "keep 1 3"
    assert hard(game, state) == "reject"


@pytest.mark.parametrize("value, theirs, medium_move, hard_move", [
    (9, "? ? ? ? ? ? ? ? ? ? ? ?", "draw", "take 2 0"),  # many turns left: the pair is worth it
    (7, "0 1 2 1 0 1 2 0 2 1 0 ?", "take 2 0", "draw"),  # the other may close next turn
])
def test_zero_pointe_pair_hopes_follow_the_turns_left(value, theirs, medium_move, hard_move):
    """Taking the discard onto the 6 makes a pair in the first column, a column of three if a
    third card of its value comes. With every card of the other face down the hard level hopes
    for it more than medium does; with one left, less."""
    game = registry.get("zero-pointe")
    state = zero_pointe_table(f"{value} ? ? ? ? ? ? ? 6 ? ? ?", theirs, discard=(value,))
    view, legal = game.view(state, 0), game.legal_moves(state)
    assert zero_pointe_medium.medium(view, legal, random.Random(0)) == medium_move
    assert hard(game, state) == hard_move


def test_zero_pointe_does_not_close_a_round_it_may_well_not_win():
    """Taking the -2 onto its last face-down card would close at about 26 points against an
    estimated 30 with four cards unknown: far from safe, so it takes it elsewhere."""
    game = registry.get("zero-pointe")
    state = zero_pointe_table("1 2 3 4 2 3 4 1 3 4 1 ?", "2 2 1 1 ? ? ? ? 1 1 2 2",
                              discard=(-2,))
    assert hard(game, state) not in ("take 2 3", "draw")


def test_zero_pointe_last_turn_aims_below_the_closer():
    """The other closed at 20. Keeping the drawn 4 on the face-down card leaves exactly 21
    (medium's choice, the fewest points expected); on a 5 it leaves 16 and a face-down card,
    which ends below 20 often enough to double the closer."""
    game = registry.get("zero-pointe")
    state = zero_pointe_table("1 1 0 0 1 1 0 0 3 5 5 ?", "2 2 2 2 4 4 4 4 -1 -1 -1 -1",
                              discard=(7,), drawn=4, phase="drawn", closer=1)
    view, legal = game.view(state, 0), game.legal_moves(state)
    assert zero_pointe_medium.medium(view, legal, random.Random(0)) == "keep 2 3"
    assert hard(game, state) in ("keep 2 1", "keep 2 2")


@pytest.mark.parametrize("totals, closes", [((0, 0), False), ((60, 98), True)])
def test_zero_pointe_closes_a_round_that_wins_the_match(totals, closes):
    """Closing at 21 against about 31 with four cards unknown is unsafe in an ordinary round;
    38 points ahead in the match's last round, it wins the match however that round goes."""
    game = registry.get("zero-pointe")
    state = zero_pointe_table("2 3 2 3 3 2 3 2 1 1 1 ?", "2 2 2 2 ? ? ? ? 0 0 0 0",
                              discard=(-2,), totals=totals)
    assert (hard(game, state) == "take 2 3") is closes


@pytest.mark.parametrize("totals, closes", [((0, 0), True), ((98, 60), False)])
def test_zero_pointe_does_not_close_a_round_that_loses_the_match(totals, closes):
    """Closing at 3 against about 31 wins an ordinary round; 38 points behind, it would end
    the match lost."""
    game = registry.get("zero-pointe")
    state = zero_pointe_table("0 1 0 1 1 0 1 0 0 1 0 ?", "2 2 2 2 ? ? ? ? 0 0 0 0",
                              discard=(-2,), totals=totals)
    assert (hard(game, state) == "take 2 3") is closes


def _zero_pointe_closing(**kw):
    """Its last face-down card at (2, 3), a -2 on the discard: taking it there closes the round
    at 10 against the other's 15 or so (one card face down), taking it on the 4 does not."""
    return zero_pointe_table("4 0 1 2 0 1 2 -1 2 3 0 ?", "2 2 1 1 0 1 ? 1 0 1 5 2",
                             discard=(-2,), **kw)


@pytest.mark.parametrize("players", [2, 3])
def test_zero_pointe_weighs_closing_against_waiting_with_two_players(players):
    """With two players, a move that closes the round is weighed against the best that does
    not (the rule's choice first); with more, the rule decides alone."""
    game = registry.get("zero-pointe")
    grids = ["? ? ? ? ? ? ? ? ? ? ? ?"] * (players - 2)
    state = _zero_pointe_closing() if players == 2 else zero_pointe_table(
        "4 0 1 2 0 1 2 -1 2 3 0 ?", "2 2 1 1 0 1 ? 1 0 1 5 2", *grids, discard=(-2,))
    view, legal = game.view(state, 0), game.legal_moves(state)
    found = zero_pointe_hard.candidates(view, legal, random.Random(1))
    rule = zero_pointe_hard.rule(view, legal, random.Random(1))
    assert found[0] == rule
    if players == 2:
        assert sorted(found) == ["take 0 0", "take 2 3"]  # the -2 on the 4, or closing with it
    else:
        assert found == [rule]


def test_zero_pointe_searches_no_decision_without_a_closing_move():
    """Two face-down cards left, the other not closed: the rule's move, unsearched."""
    game = registry.get("zero-pointe")
    state = zero_pointe_table("4 0 1 2 0 1 2 -1 2 3 ? ?", "2 2 1 1 0 1 ? 1 0 1 5 2",
                              discard=(-2,))
    view, legal = game.view(state, 0), game.legal_moves(state)
    found = zero_pointe_hard.candidates(view, legal, random.Random(1))
    assert found == [zero_pointe_hard.rule(view, legal, random.Random(1))]


def test_zero_pointe_last_turn_weighs_every_move():
    """The other closed: on its last turn every legal move is weighed, the rule's first."""
    game = registry.get("zero-pointe")
    state = zero_pointe_table("4 0 1 2 0 1 2 -1 2 3 0 ?", "2 2 1 1 0 1 0 1 0 1 5 2",
                              discard=(-2,), closer=1)
    view, legal = game.view(state, 0), game.legal_moves(state)
    found = zero_pointe_hard.candidates(view, legal, random.Random(1))
    assert found[0] == zero_pointe_hard.rule(view, legal, random.Random(1))
    assert sorted(found) == sorted(legal)


def test_zero_pointe_last_turn_plays_for_the_match():
    """At 85 against 95, the other closed at 1: the round ends the match if it scores 15 or
    more. The 0 on the 6 saves the most points (the rule's choice) but leaves 7 and a face-down
    card, over 14 whenever that card is 8 or more (two times in five); on the face-down card it
    leaves exactly 13, and the match goes on."""
    game = registry.get("zero-pointe")
    state = zero_pointe_table("6 0 0 1 0 1 0 0 1 3 1 ?", "0 0 -1 0 -1 0 0 0 0 1 0 2",
                              discard=(0,), closer=1, totals=(85, 95))
    view, legal = game.view(state, 0), game.legal_moves(state)
    assert zero_pointe_hard.rule(view, legal, random.Random(0)) == "take 0 0"
    assert {hard(game, state, seed=s) for s in range(3)} == {"take 2 3"}


def test_zero_pointe_closing_decision_is_blind_to_hidden_cards():
    game = registry.get("zero-pointe")
    state = _zero_pointe_closing()
    other = game.determinize(state, 0, random.Random("another world"))
    assert game.view(other, 0) == game.view(state, 0) and other != state
    assert {hard(game, other, seed=s) == hard(game, state, seed=s) for s in range(3)} == {True}


def test_zero_pointe_rollout_plays_the_searching_seat_by_the_rule(monkeypatch):
    """The search's world remembers whose search it is: in the rollout that seat plays the
    rule, the other the medium player, to the round's end."""
    game = registry.get("zero-pointe")
    state = _zero_pointe_closing()
    played = []
    monkeypatch.setattr(zero_pointe_hard, "rule", lambda view, legal, rng, scores=None:
                        played.append(("rule", view["seat"])) or legal[0])
    monkeypatch.setattr(zero_pointe_hard.medium, "medium", lambda view, legal, rng:
                        played.append(("medium", view["seat"])) or legal[0])
    world = zero_pointe_hard.Searcher.play(zero_pointe_hard.Searcher.enter(state), "take 0 0")
    values = zero_pointe_hard.rollout(world, game.rounds_done(state), random.Random(0))
    assert {seat for who, seat in played if who == "rule"} == {0}
    assert {seat for who, seat in played if who == "medium"} == {1}
    assert len(values) == 2 and abs(sum(values) - 1.0) < 1e-12


@pytest.mark.parametrize("totals, first", [((40, 40), 0.5), ((100, 60), 0.0), ((60, 100), 1.0),
                                           ((100, 100), 0.5)])
def test_zero_pointe_worth_of_a_round_end(totals, first):
    """Lowest total wins: a match over is won or lost; level totals are even."""
    assert zero_pointe_hard.worth(list(totals), 100) == [first, 1.0 - first]


def test_zero_pointe_worth_grows_with_the_lead_and_as_the_end_nears():
    worth = zero_pointe_hard.worth
    assert 0.5 < worth([20, 30], 100)[0] < worth([20, 40], 100)[0] < 1.0
    assert worth([20, 30], 100)[0] < worth([80, 90], 100)[0]


# --- Punttu -------------------------------------------------------------------------------------

def test_punttu_beats_a_trick_with_its_cheapest_winning_card():
    game = registry.get("punttu")
    state = punttu_play(arranged(2, [["o3", "c5", "b1"], ["c4", "e7", "b11"]], dealer=1), "o3")
    assert hard(game, state, iterations=300) == "play c4"


def test_punttu_weighs_each_value_in_hand_once():
    # An ace and a king are both worth 1: playing either does the same, so the search weighs
    # two choices, not three, the medium player's first.
    game = registry.get("punttu")
    state = arranged(2, [["o1", "c12", "e7"], ["c4", "e5", "b3"]], dealer=1)
    view, legal = game.view(state, 0), game.legal_moves(state)
    moves = punttu_guide.candidates(view, legal, random.Random(1))
    assert sorted(VALUES[move.split(" ")[1]] for move in moves) == [1, 7]
    assert moves[0] == punttu_medium.medium(view, legal, random.Random(1))


def test_punttu_rollouts_play_the_last_tricks_exactly():
    # Stock empty, 1 1 4 against 1 2 2: leading low and answering with the cheapest winning
    # card loses by 1 point; played best, the leader wins by 1 (a 1, then the 4 after 1 2).
    state = replace(arranged(2, [["o1", "c1", "o4"], ["b1", "o2", "c2"]], dealer=1), stock=())
    for seed in range(20):
        deal = punttu_guide.GUIDE.rules.enter(state)
        assert punttu_guide.rollout(deal, 0, random.Random(seed)) == [1.0, 0.0]


def test_punttu_values_a_deal_of_a_match_by_its_points():
    # The same last tricks as above, won by 1 point: a lone deal is won outright, a deal early
    # in a match to 300 is worth a point's lead (a little over even), one that ends the match
    # is the match.
    state = replace(arranged(2, [["o1", "c1", "o4"], ["b1", "o2", "c2"]], dealer=1), stock=())
    worths = {}
    for totals, match in [((0, 0), "one_deal"), ((0, 0), "to_points"), ((295, 295), "to_points")]:
        world = replace(state, totals=totals,
                        options=dict(state.options, match=match, target=300))
        worths[totals, match] = punttu_guide.rollout(punttu_guide.GUIDE.rules.enter(world), 0,
                                                     random.Random(0))
    assert worths[(0, 0), "one_deal"] == [1.0, 0.0]
    early = worths[(0, 0), "to_points"]
    assert 0.5 < early[0] < 0.52 and math.isclose(sum(early), 1.0)
    assert worths[(295, 295), "to_points"] == [1.0, 0.0]  # 301 against 300: the match is over


@pytest.mark.parametrize("target", [100, 300, 500])
def test_punttu_match_worth_grows_with_the_lead_and_as_the_end_nears(target):
    worth = punttu_guide.worth
    assert worth([40, 40], target) == [0.5, 0.5]
    leads = [worth([40 + lead, 40], target)[0] for lead in range(-30, 31, 5)]
    assert leads == sorted(leads) and len(set(leads)) == len(leads)
    assert worth([target - 20, target - 30], target)[0] > worth([30, 20], target)[0]
    assert worth([target, target - 1], target) == [1.0, 0.0]
    assert worth([target + 3, target + 3], target) == [0.5, 0.5]
    three = worth([50, 40, 30], target)
    assert math.isclose(sum(three), 1.0) and three == sorted(three, reverse=True)


def test_punttu_reads_the_other_hand_from_its_plays():
    # The other threw a 1 on my 5: the medium player would have taken the trick with a 6 or 7,
    # so it held none, and holds one now only if it drew it.
    game = registry.get("punttu")
    state = punttu_play(arranged(2, [["o5", "c2", "e3"], ["b1", "c4", "e2"]], dealer=1),
                        "o5", "b1")
    deal, steps = worked_out(punttu_guide.deal(game.view(state, 0)))
    assert steps > 10  # a step per hand it may hold: the page's slices stay short
    rng = random.Random(1)
    plain = [game.determinize(state, 0, rng) for _ in range(400)]
    read = [deal(world, rng) for world in plain]

    def high(worlds):  # the 6s and 7s in the other's hand, on average
        return sum(VALUES[card] >= 6 for world in worlds for card in world.hands[1]) / 400

    assert high(read) < 0.6 * high(plain)
    assert all(sorted(world.hands[1] + world.stock) == sorted(state.hands[1] + state.stock)
               for world in read)


# --- Neuf vies ----------------------------------------------------------------------------------

def test_neuf_vies_counters_an_attack_on_its_best_column():
    game = registry.get("neuf-vies")
    state = neuf_vies_table("? ? ? r8 | o2", "", hands=[["r1", "j"], ["g3"]], phase="counter",
                            attack=(0, 0, "r1"), current=1)
    assert hard(game, state).startswith("counter ")


def test_neuf_vies_weighs_only_moves_that_differ():
    # Two copies of b4, three empty slots, two like columns to attack: a copy or a slot more is
    # the same move, and the four candidates are four different ones.
    game = registry.get("neuf-vies")
    state = neuf_vies_table("? r8 | ?", "g3 | g3", hands=[["b4", "b4", "g6", "s"], ["r1"]])
    moves = neuf_vies_guide.candidates(game.view(state, 0), game.legal_moves(state),
                                       random.Random(0))
    assert len(moves) == neuf_vies_guide.KEEP
    attacks = [m for m in moves if m.startswith("place g6") and m.endswith((" 1 0", " 1 1"))]
    on_empty = [m.split(" ")[1][:2] for m in moves if m.endswith((" 0 2", " 0 3"))]
    assert len(attacks) <= 1 and len(on_empty) == len(set(on_empty))
