"""Is a state read back from JSON a position the rules reach? BadSave says why not."""
from typing import Any

from engine.checks import count, need, same_cards
from engine.errors import BadSave
from games.punttu import cards as C
from games.punttu import rules
from games.punttu.rules import HAND
from games.punttu.state import State

_RECORD_KEYS = {"round", "dealer", "won", "points", "winners", "totals", "last_trick"}


def check(state: State) -> None:
    opts, n = state.options, state.players
    in_play = C.in_play(n)
    tricks_per_deal = len(in_play) // n
    need(all(C.ORDER[a] < C.ORDER[b] for hand in state.hands for a, b in zip(hand, hand[1:])),
         "a hand is not in deck order")
    gone = [card for _, cards in state.tricks for card in cards]
    same_cards([c for h in state.hands for c in h] + list(state.stock) + list(state.trick) + gone,
               in_play, "this deal")

    done, on_table = len(state.tricks), len(state.trick)
    need(all(len(cards) == n for _, cards in state.tricks) and on_table < n,
         "a trick has the wrong number of cards")
    lead = (state.dealer + 1) % n
    for first, cards in state.tricks:
        need(first == lead, "a trick led by the wrong player")
        lead = rules.trick_winner(first, cards, n)[0]
    over = rules.over(state)
    need(done == tricks_per_deal if over else done < tricks_per_deal, "wrong number of tricks")
    need(len(state.stock) == max(0, len(in_play) - (HAND + done) * n), "wrong stock size")
    held = min(HAND, tricks_per_deal - done)
    for owner, hand in enumerate(state.hands):
        played = (owner - lead) % n < on_table
        need(len(hand) == held - played, "a hand has the wrong number of cards")

    need(opts["match"] == "to_points" or state.round == 1, "a second deal in a one-deal match")
    need(state.dealer == (rules.first_dealer(opts, state.seed) + state.round - 1) % n,
         "the dealer is not the one of this deal")
    need(state.draws == state.round + (opts["dealer"] == "random"), "bad shuffle counter")
    need(state.ply == (state.round - 1) * len(in_play) + done * n + on_table, "bad ply")
    _check_scores(state, over, C.points(in_play))


def _check_scores(state: State, over: bool, per_deal: int) -> None:
    """Totals and the last deal's record against the deals played and the match's end."""
    opts, n, record = state.options, state.players, state.last_round
    finished = state.round - (not over)
    need(sum(state.totals) == finished * per_deal, "the totals do not add up")
    if finished == 0:
        need(record is None, "a deal record before any deal ended")
        return
    if not isinstance(record, dict) or set(record) != _RECORD_KEYS:
        raise BadSave("bad last deal record")
    points = record["points"]
    need(isinstance(points, list) and len(points) == n and all(type(p) is int for p in points),
         "bad last deal points")
    before = [t - p for t, p in zip(state.totals, points)]
    need(min(before) >= 0 and (finished == 1 or max(before) < opts["target"]),
         "the match should have ended before the last deal")
    if over:
        need(record == rules.deal_record(state, before), "the last deal record is not this deal's")
        need(opts["match"] == "one_deal" or max(state.totals) >= opts["target"],
             "the match ended before anyone reached the target")
        return
    need(max(state.totals) < opts["target"], "the match should have ended")
    need(record["round"] == finished and record["dealer"] == (state.dealer - 1) % n,
         "the last deal record is not the previous deal's")
    need(record["totals"] == list(state.totals), "the last deal's totals are not the totals")
    won = record["won"]
    need(isinstance(won, list) and len(won) == n and all(isinstance(w, list) for w in won),
         "bad won cards")
    same_cards([c for w in won for c in w], C.in_play(n), "a deal")
    need(points == [C.points(w) for w in won], "the last deal's points are not its cards'")
    need(record["winners"] == rules.best_seats(points), "the last deal's winners are wrong")
    last = record["last_trick"]
    need(isinstance(last, dict) and isinstance(last.get("trick"), list)
         and len(last["trick"]) == n, "bad last trick")
    cards: list[Any] = [play.get("card") if isinstance(play, dict) else None for play in last["trick"]]
    first = count(last.get("leader"), "last trick leader", 0, n - 1)
    need(last == rules.trick_record(first, tuple(cards), n)
         and set(cards) <= set(won[last["winner"]]), "bad last trick")
