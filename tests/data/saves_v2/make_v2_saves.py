"""How the saves beside this file were made: by the match controller of commit c282d9d (the last
version before the typed views), exactly as its page stores them (``Match.dump``). Each file holds
the save and, beside it, what that code said of the position: a later version must load the save
and find the same.

    git worktree add /tmp/v2main c282d9d
    python3 tests/data/saves_v2/make_v2_saves.py /tmp/v2main/py tests/data/saves_v2
"""
import json
import random
import sys

sys.path.insert(0, sys.argv[1])
from match import Match  # noqa: E402

OUT = sys.argv[2]


def seats(n, kinds):
    return [{"kind": kinds[i % len(kinds)], "name": f"Joueur {i + 1}" if i else "Ana <b>&amp;"}
            for i in range(n)]


def run(name, game, options, seed, kinds, plies, ack=True):
    match = Match.new(game, options, seed, seats(options.get("players", 2), kinds))
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
            "state": match.game.to_json(match.state)}
    with open(f"{OUT}/{name}.json", "w") as f:
        json.dump({"save": json.dumps(match.dump(), separators=(",", ":")), "said": said}, f)


run("punto-2p-mid", "punto", {}, "v2a", ["human", "hard"], 9)
run("punto-4p-teams-round-end", "punto", {"players": 4, "teams": True, "rounds_to_win": 2}, "v2b",
    ["human", "medium"], 200, ack=False)
run("punto-3p-over", "punto", {"players": 3, "rounds_to_win": 1}, "v2c", ["human", "easy", "medium"], 400)
run("zp-3p-mid", "zero-pointe", {"players": 3}, "v2d", ["human", "hard", "medium"], 30)
run("zp-8p-over", "zero-pointe", {"players": 8, "multiplier": 3}, "v2e", ["human", "easy"], 400,
    ack=False)
run("punttu-2p-mid", "punttu", {}, "v2f", ["human", "hard"], 7)
run("punttu-4p-hotseat", "punttu", {"players": 4, "memory_aid": True}, "v2g",
    ["human", "human", "medium", "easy"], 30)
run("punttu-3p-round-end", "punttu", {"players": 3, "match": "to_points"}, "v2h", ["human", "medium"], 300,
    ack=False)
run("nv-2p-mid", "neuf-vies", {}, "v2i", ["human", "hard"], 12)
run("nv-5p-mid", "neuf-vies", {"players": 5}, "v2j", ["human", "medium", "easy"], 35)
run("nv-3p-over", "neuf-vies", {"players": 3}, "v2k", ["human", "medium", "easy"], 3000)
