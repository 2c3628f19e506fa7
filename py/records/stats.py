"""A player's statistics in one game, from the records of its finished matches (records.history).

"The player" is the first seat people played on this device in each match. A match counts once,
under its strongest opponent: "people" when another person played in it (on this device or
another), else the level of its strongest computer. Pure: the page draws what this says.
"""
from dataclasses import dataclass, field

from engine.game import LOW_WINS
from games import registry
from records.history import Record

PEOPLE = "people"
ALL = "all"
ENOUGH = 5  # matches against a level before the statistics say where the player stands
STRONG, WEAK = 0.6, 0.3  # win rates that move the player up, or down, a level


@dataclass
class Line:
    """One opponent's figures (or every match's, ``ALL``)."""
    played: int = 0
    won: int = 0
    streak: int = 0       # matches won in a row, to the latest
    best_streak: int = 0
    points: int = 0       # the player's points over ``rounds`` (games that count points)
    rounds: int = 0
    best: Record | None = None  # the match won by the widest margin
    best_margin: int | None = None

    @property
    def rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def per_round(self) -> float | None:
        return self.points / self.rounds if self.rounds else None


@dataclass
class Stats:
    game: str
    lines: dict[str, Line] = field(default_factory=dict)  # by opponent: each level, PEOPLE, ALL
    results: list[tuple[int, bool, int]] = field(default_factory=list)  # (when, won, margin), oldest first
    advice: tuple[str, dict] | None = None  # an i18n key and its parameters: where the player stands


def me(record: Record) -> int | None:
    """The seat the statistics speak for: the first played on this device."""
    return record["here"][0] if record["here"] else None


def opponent(record: Record) -> str:
    """What the match was played against: people, or the strongest computer level."""
    seat, levels = me(record), registry.get(record["game"]).levels
    others = [s["kind"] for i, s in enumerate(record["seats"]) if i != seat]
    if any(kind in ("human", "remote") for kind in others):
        return PEOPLE
    return max(others, key=levels.index)


def margin(record: Record, seat: int) -> int:
    """How far ``seat`` finished ahead of the best other seat (behind: negative), in its game's
    sense (fewer points is better in Zéro Pointé)."""
    assert record["outcome"] is not None
    scores = record["outcome"]["scores"]
    sign = -1 if registry.get(record["game"]).scoring == LOW_WINS else 1
    best_other = max(sign * score for i, score in enumerate(scores) if i != seat)
    return sign * scores[seat] - best_other


def stats(records: list[Record], game_id: str) -> Stats:
    """The statistics of ``game_id`` over ``records`` (any order; only that game's finished
    matches with a player on this device count)."""
    game = registry.get(game_id)
    done = sorted((r for r in records if r["game"] == game_id and r["finished"] and me(r) is not None),
                  key=lambda r: r["ended"])
    out = Stats(game_id)
    for rec in done:
        seat = me(rec)
        assert seat is not None and rec["outcome"] is not None
        won = seat in rec["outcome"]["winners"]
        ahead = margin(rec, seat)
        out.results.append((rec["ended"], won, ahead))
        for key in (ALL, opponent(rec)):
            line = out.lines.setdefault(key, Line())
            line.played += 1
            line.won += won
            line.streak = line.streak + 1 if won else 0
            line.best_streak = max(line.best_streak, line.streak)
            if game.counts_points:
                line.points += rec["outcome"]["scores"][seat]
                line.rounds += rec["rounds"]
            if won and (line.best_margin is None or ahead > line.best_margin):
                line.best, line.best_margin = rec, ahead
    out.advice = advice(out, game.levels)
    return out


def advice(out: Stats, levels: tuple[str, ...]) -> tuple[str, dict] | None:
    """Where the player stands, from the hardest level played enough: beaten often, the next one
    up; beaten rarely, the one below; too few matches yet, play some."""
    played = [level for level in levels if out.lines.get(level, Line()).played >= ENOUGH]
    if not played:
        return ("history.advice.few", {"n": ENOUGH}) if out.lines else None
    level = played[-1]
    line = out.lines[level]
    i = levels.index(level)
    params = {"level": level, "won": line.won, "n": line.played}
    if line.rate >= STRONG and i + 1 < len(levels):
        return "history.advice.up", {**params, "next": levels[i + 1]}
    if line.rate <= WEAK and i > 1:
        return "history.advice.down", {**params, "next": levels[i - 1]}
    return "history.advice.keep", params
