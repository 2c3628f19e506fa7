"""How the saves beside this file were made: exactly as the page of commit 8e87fdb stored them.

    git worktree add /tmp/oldmain 8e87fdb
    python3 tests/data/saves_v1/make_v1_saves.py tests/data/saves_v1
"""
import json, random, sys
sys.path.insert(0, "/tmp/oldmain/py")
from ui.session import Session

out = sys.argv[1]
def seats(n, kinds):
    return [{"kind": kinds[i % len(kinds)], "name": f"Joueur {i+1}" if i else "Ana <b>&amp;"} for i in range(n)]

def run(name, game, options, seed, kinds, plies, ack=True):
    s = Session.start(game, options, seed, seats(options.get("players", 2), kinds))
    rng = random.Random(name)
    for _ in range(plies):
        if s.over: break
        last = s.view(0).get("last_round")
        if last and last["round"] > s.screen.get("seen_round", 0):
            if not ack: break
            s.screen["seen_round"] = last["round"]
        if s.is_human(s.to_move):
            s.play(rng.choice(s.legal_moves()))
        else:
            s.play(s.computer_move())
    assert not s.over, name
    with open(f"{out}/{name}.json", "w") as f:
        f.write(json.dumps(s.dump(), separators=(",", ":")))

run("punto-2p-start", "punto", {}, "v1a", ["human", "medium"], 0)
run("punto-2p-mid", "punto", {}, "v1b", ["human", "medium"], 9)
run("punto-3p-round2", "punto", {"players": 3}, "v1c", ["human", "easy", "medium"], 25)
run("punto-4p-hotseat", "punto", {"players": 4}, "v1d", ["human", "human", "medium", "easy"], 23)
run("punto-teams-unseen-round-end", "punto", {"players": 4, "teams": True, "rounds_to_win": 2}, "v1e", ["human", "medium"], 200, ack=False)
run("punto-2p-line4", "punto", {"line_two": 4, "first_player": "random", "tie_break": "more"}, "v1f", ["medium", "human"], 12)
run("zp-2p-opening", "zero-pointe", {}, "v1g", ["human", "medium"], 1)
run("zp-2p-mid", "zero-pointe", {}, "v1h", ["human", "medium"], 25)
run("zp-4p-late", "zero-pointe", {"players": 4, "target": 200}, "v1i", ["human", "easy", "medium", "human"], 140)
run("zp-8p", "zero-pointe", {"players": 8, "multiplier": 3, "later_starter": "closer", "tie_doubled": True}, "v1j", ["medium", "human"], 70)
run("zp-3p-unseen-round-end", "zero-pointe", {"players": 3, "target": 300}, "v1k", ["human", "easy", "easy"], 400, ack=False)
