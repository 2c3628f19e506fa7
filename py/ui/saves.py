"""The match in storage, as this tab knows it: read at start, written after every move, and
another tab's moves shown here. One save, never two tabs overwriting each other: a tab whose
save changed under it shows the other tab's match, and says its own last move was not kept."""
import js

import ai
from engine.save import parse
from match import Match
from session import LocalSession, Session
from ui import modules, storage
from ui.remote import Guest

UNREADABLE = (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError)


class Saves:
    def __init__(self, app):
        self.app = app
        self.saved: Match | None = None  # the match in storage, if any
        self.text: str | None = None  # the save as this tab last read or wrote it (other tabs write too)
        self.told_no_room = False  # a full storage is said once, not at every move

    def game(self) -> list[str]:
        """The game of the stored match as far as it reads (its modules are fetched first)."""
        try:
            game = parse(storage.read_save())["game"]
        except UNREADABLE:
            return []
        return [game] if isinstance(game, str) else []

    def load(self) -> str:
        """Read the saved match; an unreadable one is kept aside. Returns what to tell the player
        (the technical reason goes to the console)."""
        raw = storage.read_save()
        self.saved, self.text = None, raw
        if raw is None:
            return ""
        try:
            self.saved = Match.load(parse(raw), ai.think)
        except UNREADABLE as err:
            js.console.warn(f"Tapis: the saved game was set aside: {str(err)[:300]}")
            kept = storage.keep_aside(raw)
            self.text = None
            return self.app.t("notice.save_aside" if kept else "notice.save_dropped")
        return ""

    def keep_unread(self) -> None:
        """The save stays as it is, unread (its game could not be fetched): a new match asks
        before it replaces it."""
        self.text = storage.read_save()

    def exists(self) -> bool:
        return self.saved is not None or self.text is not None

    def save(self, session: Session) -> bool:
        """Store the match after a move (a match held here: a guest's device and a replay store
        nothing). Another tab may have changed the save meanwhile: then its match wins, and the
        player is told that this tab's last move was not kept."""
        if not isinstance(session, LocalSession) or session.script is not None:
            return True
        if storage.read_save() != self.text:
            self.adopt_other_tab(lost_move=True)
            return False
        if session.over:
            storage.drop_save()
            self.saved, self.text = None, None
            return True
        text = storage.encode(session.match.dump())
        if storage.write_save(text):
            self.saved, self.text = session.match, text
        else:
            self.no_room()
        return True

    def no_room(self) -> None:
        """The storage is full: said once, not at every move (play goes on)."""
        if not self.told_no_room:
            self.told_no_room = True
            self.app.notify("notice.save_failed")

    def on_storage(self, event) -> None:
        """Another tab of the site wrote or dropped the save (this tab's own writes fire nothing)."""
        if (event.key not in (storage.SAVE_KEY, None) or storage.read_save() == self.text
                or isinstance(self.app.link, Guest)):
            return
        modules.load(self.game(), self.adopt)

    def adopt(self) -> None:
        if self.app.loop is not None:
            self.adopt_other_tab(lost_move=False)
        else:
            notice = self.load()
            if self.app.form is None:
                self.app.show_home()
            self.app.say(notice)

    def adopt_other_tab(self, lost_move: bool) -> None:
        """Show the match as the other tab left it: one save, never two tabs overwriting."""
        modules.load(self.game(), lambda: self._show_other_tab(lost_move))

    def _show_other_tab(self, lost_move: bool) -> None:
        notice = self.load()
        app = self.app
        if self.saved is not None:
            app.open_table(LocalSession(self.saved))
            key = "notice.other_tab_lost" if lost_move else "notice.other_tab"
        else:
            app.show_home()
            key = "notice.other_tab_ended"
        app.say(" ".join(n for n in (app.t(key), notice) if n))
