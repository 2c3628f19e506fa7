"""Every match remembered on this device: each game's records (records.history) under its own key,
the newest LIMIT kept. A record that does not read is kept aside and said, never dropped in
silence; a full storage never stops play: the matches in progress win, the oldest records give
way (``make_room``). Another tab reads the same keys: what this one shows is read afresh.
The history as a file, for another device: ``export`` and ``take`` (import)."""
import json
from typing import Any

import js

from engine.errors import BadSave
from engine.save import parse
from games import registry
from records.history import LIMIT, Record, check
from ui import storage

FILE_FORMAT = "tapis.history"  # what a history file says it is (``export``)
FILE_VERSION = 1


class History:
    def __init__(self, app):
        self.app = app
        self.aside = 0  # records kept aside since the page opened (said once each time)

    def records(self, game_id: str) -> list[Record]:
        """The game's records, oldest first; any that does not read is kept aside and said."""
        key = storage.history_key(game_id)
        text = storage.get(key)
        if text is None:
            return []
        try:
            found = parse(text)
            if not isinstance(found, list):
                raise BadSave("not a list")
        except BadSave as err:
            js.console.warn(f"Tapis: {game_id}'s history was set aside: {err}")
            storage.keep_aside(key, text)
            self._told(1)
            return []
        good, bad = [], []
        for entry in found:
            try:
                good.append(check(entry))
            except (BadSave, ValueError, TypeError, KeyError) as err:
                js.console.warn(f"Tapis: a record of {game_id} was set aside: {str(err)[:200]}")
                bad.append(entry)
        if bad:
            storage.put(storage.ASIDE_PREFIX + f"history.{game_id}." + js.Date.new().toISOString(), storage.encode(bad))
            storage.put(key, storage.encode(good))
            self._told(len(bad))
        return [r for r in good if r["game"] == game_id]

    def everything(self) -> list[Record]:
        return [r for game_id in registry.ids() for r in self.records(game_id)]

    def add(self, record: Record) -> bool:
        """Keep ``record``, the newest; the oldest of its game beyond LIMIT go. With no room, the
        oldest records of any game give way; False (and said) if even that is not enough."""
        game_id = record["game"]
        kept = (self.records(game_id) + [record])[-LIMIT:]
        while not storage.put(storage.history_key(game_id), storage.encode(kept)):
            if self.make_room(other_than=game_id):
                continue
            if len(kept) > 1:
                kept = kept[1:]  # this game's own oldest: the newest stays
                continue
            self.app.notify("history.full")
            return False
        return True

    def make_room(self, other_than: str | None = None) -> bool:
        """Drop the oldest record of the game that has the most (other than ``other_than``):
        room for a match in progress or a newer record. False when there is none to drop."""
        counts = {g: len(self.records(g)) for g in registry.ids() if g != other_than}
        game_id = max(counts, key=lambda g: counts[g], default=None)
        if game_id is None or not counts[game_id]:
            return False
        return storage.put(storage.history_key(game_id), storage.encode(self.records(game_id)[1:]))

    def _told(self, count: int) -> None:
        self.aside += count
        self.app.notify("history.aside", n=count)

    # --- a file of the whole history -----------------------------------------------------------
    def export(self) -> str:
        """The whole history as a file's text: the player's, for another device."""
        return json.dumps({"format": FILE_FORMAT, "v": FILE_VERSION, "records": self.everything()},
                          separators=(",", ":"), ensure_ascii=False)

    def take(self, text: str) -> tuple[int, int]:
        """A history file's records added to this device's (those it has already are left out):
        (added, refused); BadSave when the file is not a history of this version."""
        data: Any = parse(text)
        if not isinstance(data, dict) or data.get("format") != FILE_FORMAT:
            raise BadSave("not a Tapis history")
        if data.get("v") != FILE_VERSION or not isinstance(data.get("records"), list):
            raise BadSave("a history of another version")
        added = refused = 0
        for entry in data["records"]:
            try:
                record = check(entry)
            except (BadSave, ValueError, TypeError, KeyError):
                refused += 1
                continue
            same = [r for r in self.records(record["game"]) if _same(r, record)]
            if not same:
                kept = sorted(self.records(record["game"]) + [record], key=lambda r: r["ended"])[-LIMIT:]
                if storage.put(storage.history_key(record["game"]), storage.encode(kept)):
                    added += 1
                else:
                    refused += 1
        return added, refused


def _same(a: Record, b: Record) -> bool:
    """Two records of one match (an import of a file this device wrote, or wrote to)."""
    return (a["seed"], a["ended"], a["plies"], a["moves"]) == (b["seed"], b["ended"], b["plies"], b["moves"])
