"""The matches in storage, one a game, as this tab knows them: read at start, written after every
move, and another tab's moves shown here. Never two tabs overwriting each other: a tab whose save
of a game changed under it shows the other tab's match, and says its own last move was not kept.

A match that ends, or that a new match of its game replaces, goes to the history (ui/history.py)
as it leaves storage: finished, or not."""
import js

import ai
from engine.save import parse
from games import registry
from match import Match
from records.history import record
from session import LocalSession, Session
from ui import modules, storage
from ui.history import History
from ui.remote import Guest

UNREADABLE = (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError)


def _game_of(text: str) -> str | None:
    try:
        game = parse(text)["game"]
    except UNREADABLE:
        return None
    return game if game in registry.ids() else None


class Saves:
    def __init__(self, app):
        self.app = app
        self.history = History(app)
        self.saved: dict[str, Match] = {}  # by game, the matches in storage
        self.texts: dict[str, str] = {}  # by game, its save as this tab last read or wrote it
        self.told_no_room = False  # a full storage is said once, not at every move
        self.moved = ""  # what to say of an older version's save put aside (storage.migrate)

    def games(self) -> list[str]:
        """The games with a match in storage (their modules are fetched first)."""
        moved = storage.migrate(_game_of)
        if moved:
            self.moved = moved
        return [g for g in registry.ids() if storage.read_save(g) is not None]

    def load(self) -> str:
        """Read every game's match; an unreadable one is kept aside. Returns what to tell the
        player (the technical reason goes to the console)."""
        self.saved, self.texts = {}, {}
        games = self.games()
        notices = [self.app.t(self.moved)] if self.moved else []
        self.moved = ""
        for game_id in games:
            notice = self._load(game_id)
            if notice and notice not in notices:
                notices.append(notice)
        return " ".join(notices)

    def _load(self, game_id: str) -> str:
        raw = storage.read_save(game_id)
        self.saved.pop(game_id, None)
        self.texts.pop(game_id, None)
        if raw is None:
            return ""
        try:
            match = Match.load(parse(raw), ai.think)
            if match.game.id != game_id:
                raise ValueError(f"a match of {match.game.id} under {game_id}")
        except UNREADABLE as err:
            js.console.warn(f"Tapis: the saved game was set aside: {str(err)[:300]}")
            kept = storage.keep_aside(storage.save_key(game_id), raw)
            return self.app.t("notice.save_aside" if kept else "notice.save_dropped")
        self.saved[game_id], self.texts[game_id] = match, raw
        return ""

    def keep_unread(self) -> None:
        """The saves stay as they are, unread (their games could not be fetched): a new match of
        one of them asks before it replaces it."""
        self.texts = {g: text for g in self.games() if (text := storage.read_save(g)) is not None}

    def has(self, game_id: str) -> bool:
        return game_id in self.saved or game_id in self.texts

    def replace(self, game_id: str) -> None:
        """A new match of ``game_id`` takes its place: the old one goes to the history,
        unfinished."""
        old = self.saved.get(game_id)
        if old is not None:
            self.history.add(record(old, int(js.Date.now()), self.hints(old)))
        storage.drop_save(game_id)
        self.saved.pop(game_id, None)
        self.texts.pop(game_id, None)

    def save(self, session: Session) -> bool:
        """Store the match after a move (a match held here: a guest's device, a replay and a
        lesson store nothing). Another tab may have changed the save meanwhile: then its match
        wins, and the player is told that this tab's last move was not kept. A match that ends
        goes to the history."""
        if not isinstance(session, LocalSession) or session.script is not None:
            return True
        match, game_id = session.match, session.game.id
        if storage.read_save(game_id) != self.texts.get(game_id):
            self.adopt_other_tab(game_id, lost_move=True)
            return False
        if match.over:
            if game_id in self.texts:  # not yet in the history: its last move was just played
                self.history.add(record(match, int(js.Date.now()), self.hints(match)))
            storage.drop_save(game_id)
            self.saved.pop(game_id, None)
            self.texts.pop(game_id, None)
            return True
        text = storage.encode(match.dump())
        while not storage.write_save(game_id, text):
            if not self.history.make_room():  # the match in progress wins over the history
                self.no_room()
                return True
        self.saved[game_id], self.texts[game_id] = match, text
        return True

    def no_room(self) -> None:
        """The storage is full: said once, not at every move (play goes on)."""
        if not self.told_no_room:
            self.told_no_room = True
            self.app.notify("notice.save_failed")

    # --- hints asked in a match in progress ---------------------------------------------------
    def hints(self, match: Match) -> int:
        counts = storage.read_json(storage.HINTS_KEY)
        entry = counts.get(match.game.id) if isinstance(counts, dict) else None
        return entry["n"] if isinstance(entry, dict) and entry.get("seed") == match.seed else 0

    def hinted(self, match: Match) -> None:
        """One more hint asked in ``match``: counted in its record."""
        counts = storage.read_json(storage.HINTS_KEY)
        counts = counts if isinstance(counts, dict) else {}
        counts[match.game.id] = {"seed": match.seed, "n": self.hints(match) + 1}
        storage.put(storage.HINTS_KEY, storage.encode(counts))

    # --- other tabs ----------------------------------------------------------------------------
    def on_storage(self, event) -> None:
        """Another tab of the site wrote or dropped a save (this tab's own writes fire nothing)."""
        key = event.key
        if isinstance(self.app.link, Guest):
            return
        if key == storage.LEGACY_SAVE:  # a tab of an older version: its save becomes its game's
            self.games()
            key = None
        game_id = key.removeprefix(storage.SAVE_PREFIX) if isinstance(key, str) else None
        if key is not None and game_id not in registry.ids():
            return
        if game_id is not None and storage.read_save(game_id) == self.texts.get(game_id):
            return
        modules.load([game_id] if game_id else self.games(), lambda: self.adopt(game_id))

    def adopt(self, game_id: str | None) -> None:
        """The table of the game another tab played on shows its match; another game's is read
        again (for Continue on the home page), and home is drawn again if it is showing."""
        loop = self.app.loop
        if loop is not None and loop.session.authority and game_id in (None, loop.session.game.id):
            self.adopt_other_tab(loop.session.game.id, lost_move=False)
            return
        notice = self.load() if game_id is None else self._load(game_id)
        if loop is None and self.app.form is None and not self.app.lobby_up:
            self.app.show_home()
        if notice:
            self.app.say(notice)

    def adopt_other_tab(self, game_id: str, lost_move: bool) -> None:
        """Show ``game_id``'s match as the other tab left it: one save, never two tabs writing."""
        modules.load([game_id], lambda: self._show_other_tab(game_id, lost_move))

    def _show_other_tab(self, game_id: str, lost_move: bool) -> None:
        notice = self._load(game_id)
        app = self.app
        if game_id in self.saved:
            app.open_table(LocalSession(self.saved[game_id]))
            key = "notice.other_tab_lost" if lost_move else "notice.other_tab"
        else:
            app.show_home()
            key = "notice.other_tab_ended"
        app.say(" ".join(n for n in (app.t(key), notice) if n))
