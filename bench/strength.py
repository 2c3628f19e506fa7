"""Computer players' strength and speed: seeded matches between two levels.

Through the shared arena (arena), seats alternating (rotating with more players).

    python bench/strength.py GAME [--levels hard medium] [--games N] [--players P]
                            [--option NAME=VALUE ...] [--set tune|report | --seed TEXT]
                            [--tree] [--jobs J] [--every K]

GAME is a game id (punto, zero-pointe, punttu, neuf-vies) or "all". A match is what the game's
default options make it (Punto and Zéro Pointé whole matches, Punttu one deal, Neuf vies one
game) with each ``--option`` over them: ``--option match=to_points --option target=300`` plays
Punttu matches to 300 points. ``--jobs J`` plays the matches in J processes (the figures are the
same as with one: each match is seeded by its number).
Prints the first level's win rate (a shared win counts as its share) with its 95 % Wilson
interval, each level's average final score and average points per round (where a round has
points), its mean and worst CPU time per move, and the hard search's rollouts per second.
Run it under `nice`: it is long (the hard level thinks about 0.1 s a move).

Seeds: match i is seeded "SET:GAME:PLAYERS:i". ``--set`` names one of two seed sets that never
meet: "tune" (tune on it: try settings, keep the better) and "report" (the default: the figures
in README.md and bench/NOTES.md, never used to choose a setting), so that a reported figure was
not picked for its luck. ``--seed TEXT`` seeds freely instead (any other text: past notes used
"bench", "fresh2"...).

A level is one of the game's, or "yardstick": the independent information-set tree search of
bench/yardstick.py (Punto only), played through a wrapper of ``ai.think``, never one of the
game's levels. ``--tree`` makes the hard level search with the information-set tree of
bench/ismcts.py instead of the flat search of ai/search.py (an experiment: it measured weaker,
see bench/NOTES.md, and the page does not use it).
"""
import argparse
import importlib
import pathlib
import sys
import time
from dataclasses import replace

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "py"))

import ai  # noqa: E402
from games import registry  # noqa: E402

import arena

SETS = ("tune", "report")  # the named seed sets (see the docstring)


class Counted:
    """The hard guide's rollout, counted (a guide that never searches makes none)."""

    def __init__(self, rollout):
        self.rollout, self.calls = rollout, 0

    def __call__(self, world, done, rng):
        self.calls += 1
        return self.rollout(world, done, rng)


def count_iterations(game_id: str) -> Counted:
    """Count the hard guide's rollouts."""
    module = importlib.import_module(f"ai.hard.{registry.module_name(game_id)}")
    counted = Counted(module.GUIDE.rollout)
    module.GUIDE = replace(module.GUIDE, rollout=counted)
    return counted


def use_tree() -> None:
    """From now on the hard level searches with bench/ismcts.py's tree (the level reaches its
    search through ``ai.search.think``)."""
    import ismcts
    from ai import search
    search.think = ismcts.think


def thinker(seats: list):
    """``ai.think``, but the seats whose level is "yardstick" play bench/yardstick.py."""
    def think(game_id, kind, view, legal, rng, state):
        if seats[view["seat"]] == "yardstick":
            import yardstick  # only when a yardstick plays: it loads the game's medium player
            return yardstick.think(game_id, view, legal, rng, state)
        return ai.think(game_id, kind, view, legal, rng, state)
    return think


COUNTED: Counted | None = None  # the hard guide's rollouts, counted in each process


def _start(game_id: str, levels: tuple, tree: bool) -> None:
    """Set a process up to play: the tree search if asked, the hard guide's rollouts counted."""
    global COUNTED
    if tree:
        use_tree()
    COUNTED = count_iterations(game_id) if "hard" in levels else None


def one_match(game_id: str, levels: tuple, players: int, options: dict, seed: str, i: int):
    """Match ``i``: its seats' levels and its Result, with the hard guide's rollouts counted."""
    seats = [levels[(seat + i) % 2] for seat in range(players)]
    before = COUNTED.calls if COUNTED is not None else 0
    result = arena.play_match(game_id, options, f"{seed}:{game_id}:{players}:{i}", seats,
                              think=thinker(seats))
    return seats, result, (COUNTED.calls - before) if COUNTED is not None else 0


def _played(args):
    return one_match(*args)


def matches(game_id: str, levels: tuple, games: int, players: int, options: dict, seed: str,
            tree: bool, jobs: int):
    """Each match's (seats, Result, rollouts), in the order of their numbers."""
    work = [(game_id, levels, players, options, seed, i) for i in range(games)]
    if jobs <= 1:
        _start(game_id, levels, tree)
        yield from map(_played, work)
        return
    import multiprocessing
    with multiprocessing.get_context("fork").Pool(
            jobs, initializer=_start, initargs=(game_id, levels, tree)) as pool:
        yield from pool.imap(_played, work)


def bench(game_id: str, levels: tuple, games: int, players: int, seed: str, every: int = 0,
          tree: bool = False, options: dict | None = None, jobs: int = 1):
    options = options or {}
    per_level = {level: {"score": [], "round": [], "times": []} for level in levels}
    won = 0.0
    rollouts = 0
    began = time.perf_counter()
    for i, (seats, result, counted) in enumerate(
            matches(game_id, levels, games, players, options, seed, tree, jobs)):
        rollouts += counted
        won += arena.share(result, [s for s, level in enumerate(seats) if level == levels[0]])
        for seat, level in enumerate(seats):
            per_level[level]["score"].append(result.outcome["scores"][seat])
            per_level[level]["times"] += result.times[seat]
            per_level[level]["round"] += [r["scores"][seat] for r in result.rounds if "scores" in r]
        if every and (i + 1) % every == 0:
            pace = ", ".join(f"{level} {_mean(per_level[level]['times']):.3f} s a move"
                             for level in levels)
            print(f"  ... {levels[0]} won {won:g}/{i + 1} ({pace})", flush=True)
    wall = time.perf_counter() - began
    low, high = arena.wilson(won, games)
    shown = "".join(f", {name}={value}" for name, value in options.items())
    print(f"{game_id}, {players} players{shown}, {levels[0]} vs {levels[1]}: {games} matches, "
          f"seeds {seed!r}, {wall:.0f} s")
    print(f"  {levels[0]} win rate        {100 * won / games:5.1f} %  "
          f"(95 % {100 * low:.1f}-{100 * high:.1f} %)")
    for level in levels:
        figures = per_level[level]
        times = figures["times"]
        line = (f"  {level:<8} final score {_mean(figures['score']):7.2f}"
                f"   time per move mean {1000 * _mean(times):6.1f} ms, worst "
                f"{1000 * max(times, default=0):6.1f} ms ({len(times)} moves)")
        if figures["round"]:
            line += f"   points per round {_mean(figures['round']):6.2f}"
        print(line)
    if rollouts:
        spent = sum(per_level["hard"]["times"])
        print(f"  hard search         {rollouts / spent:7.0f} rollouts/s (CPU)")
    sys.stdout.flush()


def option(text: str) -> tuple[str, object]:
    """``NAME=VALUE`` as an option: a number, true or false, else the text."""
    name, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=VALUE")
    if value.lstrip("-").isdigit():
        return name, int(value)
    return name, {"true": True, "false": False}.get(value, value)


def _mean(values) -> float:
    return sum(values) / len(values) if values else 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--levels", nargs=2, default=["hard", "medium"])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--set", choices=SETS, default="report", help="a named seed set")
    parser.add_argument("--seed", help="free seeds instead of a named set")
    parser.add_argument("--tree", action="store_true", help="hard: the tree search (bench/ismcts.py)")
    parser.add_argument("--option", type=option, action="append", default=[],
                        help="NAME=VALUE over the game's default options")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the matches")
    parser.add_argument("--every", type=int, default=0, help="print the running tally so often")
    args = parser.parse_args()
    if args.seed is not None and args.seed.split(":")[0] in SETS:
        parser.error(f"--seed {args.seed!r} would overlap a named set: use --set")
    seed = args.seed if args.seed is not None else args.set
    ids = [g.id for g in registry.games()] if args.game == "all" else [args.game]
    for game_id in ids:
        bench(game_id, tuple(args.levels), args.games, args.players, seed, args.every, args.tree,
              dict(args.option), args.jobs)


if __name__ == "__main__":
    main()
