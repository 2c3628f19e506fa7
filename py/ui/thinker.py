"""Where a hard computer thinks: in a Web Worker with a Pyodide of its own (js/think.mjs running
py/think.py; js/boot.mjs's ``tapisThinker`` makes it), so that the page's main thread only
sends the match's save and plays the answer. The worker starts once the page is ready and idle,
and only when a table has a hard computer (easy and medium take a few ms and stay on the page).
Until it is up, and for the rest of the visit once it has failed (a load error, a crash, no
answer in time: one console.info line), the page thinks itself, in slices (``App.think``).
``?think=main`` keeps it on the page (bench/page_ai.py compares the two).

``<html data-think>`` says where the worker is: starting, ready, failed.
Imports js.
"""
import json
from typing import Any

import js

from ui.dom import set_flag, when_idle

SEARCHES = ("hard",)  # the levels that think in the worker


class Thinker:
    def __init__(self):
        self.state = "off"  # then waiting (for the page to be idle), starting, ready or failed
        self.wanted = False  # a table has had a hard computer
        self.page_ready = False
        self.worker: Any = None  # the worker's handle (js/boot.mjs tapisThinker), once made

    def keep_on_page(self) -> None:
        """?think=main: no worker for this visit."""
        self.state = "page"

    def want(self, seats: list) -> None:
        """A table is shown with these seats: a hard computer among them starts the worker."""
        if any(seat["kind"] in SEARCHES for seat in seats):
            self.need()

    def need(self) -> None:
        """The worker is wanted (a hard computer, a hint, a review): it starts once the page is
        idle, if it has not."""
        self.wanted = True
        self._start_when_idle()

    def ready(self) -> None:
        """The page is ready (it would be slowed by the worker's start before)."""
        self.page_ready = True
        self._start_when_idle()

    def _start_when_idle(self):
        if self.wanted and self.page_ready and self.state == "off":
            self.state = "waiting"
            when_idle(self._start)

    def _start(self):
        if self.state != "waiting":
            return  # no longer wanted here (a warm page's new visit, py/ui/warm.py)
        self.state = "starting"
        set_flag("think", "starting")
        js.performance.mark("tapis.thinker")
        try:
            self.worker = js.tapisThinker()
        except Exception as error:  # noqa: BLE001 - no Worker in this browser, or refused
            self._failed(error)
            return
        self.worker.ready.then(self._up, self._failed)

    def _up(self, started):
        if self.state == "starting":
            self.state = "ready"
            # The worker's start, and whether from the snapshot, for bench/page_ai.py.
            js.performance.measure(f"tapis.thinker.{started.boot}", "tapis.thinker")
            set_flag("think", "ready")

    def _failed(self, error):
        if self.state != "failed":
            self.state = "failed"
            set_flag("think", "failed")
            js.console.info(f"Tapis: the computers think on the page ({getattr(error, 'message', error)})")

    def ask(self, save: dict, game_id: str, level: str, answer, fallback, task: str = "move",
            ply: int = 0) -> bool:
        """Has the worker think the move of the computer on turn in the match ``save`` holds, of
        that ``level``: ``answer(move)`` once chosen, ``fallback()`` if the worker fails meanwhile.
        False, and nothing sent, for a level that stays on the page or while the worker is not up.
        ``task`` (py/think.py): "move", or "hint" (the player's), "scan" or "confirm" (a review's
        decision at ``ply``), answered in JSON."""
        if (task == "move" and level not in SEARCHES) or self.state != "ready":
            return False
        text = json.dumps(save, separators=(",", ":"))

        def failed(error):
            self._failed(error)
            fallback()

        self.worker.think(text, game_id, task, ply).then(answer, failed)
        return True
