"""How the saves beside this file were made: by the match controller of commit 40aad35 (the last
version before the session: issue 49), exactly as its page stores them (``Match.dump``), seats on
other devices and hot-seat ones among them. Each file holds the save and, beside it, what that
code said of the position: a later version must load the save and find the same.

    git worktree add /tmp/oldmain 40aad35
    python3 tests/data/saves_40aad35/make_saves.py /tmp/oldmain/py tests/data/saves_40aad35
"""
import json
import random
import sys

sys.path.insert(0, sys.argv[1])
from ai import think  # noqa: E402
from match import Match  # noqa: E402

OUT = sys.argv[2]


def seats(n, kinds):
    return [{"kind": kinds[i % len(kinds)], "name": f"Joueur {i + 1}" if i else "Ana <b>&amp;"}
            for i in range(n)]



def run(name, game, options, seed, kinds, plies, ack=True):
    match = Match.new(game, options, seed, seats(options.get("players", 2), kinds), think=think)
    rng = random.Random(name)
    for _ in range(plies):
        if match.over:
            break
        if match.rounds_done > match.seen_rounds:
            if not ack:
                break
            match.acknowledge_round()
        if match.is_human(match.to_move):
            match.play(rng.choice(match.legal_moves()))
        else:
            match.play(match.computer_move())
    said = {"to_move": match.to_move, "legal": match.legal_moves(), "over": match.over,
            "rounds_done": match.rounds_done, "returns": match.game.returns(match.state),
            "state": match.game.to_json(match.state), "step": [match.step().kind, match.step().seat]}
    with open(f"{OUT}/{name}.json", "w") as f:
        json.dump({"save": json.dumps(match.dump(), separators=(",", ":")), "said": said}, f)


run("punto-3p-remote", "punto", {"players": 3}, "m1", ["human", "remote", "hard"], 14)
run("punto-4p-teams-round-end", "punto", {"players": 4, "teams": True}, "m2", ["human", "remote", "easy"],
    300, ack=False)
run("zp-2p-remote", "zero-pointe", {"players": 2}, "m3", ["human", "remote"], 25)
run("zp-4p-hotseat", "zero-pointe", {"players": 4, "tie_doubled": False}, "m4", ["human", "human", "hard"], 60)
run("punttu-3p-deal-end", "punttu", {"players": 3, "match": "to_points", "dealer": 2}, "m5",
    ["human", "remote", "easy"], 39)
run("punttu-2p-hotseat", "punttu", {"memory_aid": True}, "m6", ["human", "human"], 21)
run("nv-4p-remote", "neuf-vies", {"players": 4}, "m7", ["human", "remote", "medium", "hard"], 40)
run("nv-2p-over", "neuf-vies", {}, "m8", ["human", "easy"], 3000)
