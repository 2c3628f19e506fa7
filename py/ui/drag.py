"""Picking a card up and putting it down, three ways: a pointer drag (mouse, touch and pen alike,
through Pointer Events; HTML5 drag-and-drop does not work on phones), a tap on the card then a
tap on a target, or the keyboard (Enter picks up, arrows walk the legal targets, Enter places,
Escape puts back).

Sources carry ``data-drag="<key>"``, targets ``data-drop="<key>"``. The table decides what a
key means: ``targets(source)`` lists the legal target keys (they get ``data-legal`` while the card
is held) and ``drop(source, target)`` plays the move and returns None, or the reason it is
illegal, and the card snaps back.

Every tap of the page acts when the finger lifts, not on the browser's click: after a touch
drag, Chromium drops the click of a tap that comes within about 0.4 s (the finger goes down and
up, no click follows). So the picker also hands the page's buttons (``data-action``) their taps,
and a click made by a pointer is only the echo of a tap already acted on; a click with no
pointer behind it (the keyboard on a button, assistive technology) still acts.
"""
from collections.abc import Callable

import js

from ui.dom import closest, document, later, listen

# px a press must travel before it becomes a drag (else it is a tap): a finger wobbles more
DRAG_THRESHOLD = {"mouse": 6, "pen": 6, "touch": 10}
TAPPABLE = "[data-drag], [data-drop], [data-action], summary"
ECHO_MS = 1000  # a pointer's click this soon after its release is that release's echo


class Picker:
    def __init__(self, root, on_reason, on_action, on_pick):
        self.root = root  # the screen: its cards and targets are the picker's
        self.on_reason = on_reason
        self.on_action = on_action  # a tap on a button (data-action), anywhere on the page
        self.on_pick = on_pick  # a card was picked up (its sound)
        self.targets: Callable[[str], list[str]] | None = None  # set by the table on mount
        self.drop: Callable[[str, str], str | None] | None = None
        self.held = None  # the source element picked up
        self.press = None  # (pointerId, x, y, element) of a press that may become a tap or a drag
        self.dragging = False
        self.released = -1e9  # when a pointer last went up: the click that follows is its echo
        body = document.body
        for name, handler in (("pointerdown", self._down), ("pointermove", self._move),
                              ("pointerup", self._up), ("pointercancel", self._cancel),
                              ("click", self._click)):
            listen(body, name, handler)
        listen(root, "keydown", self._key)

    def mount(self, targets, drop):
        """A table takes over the picker; nothing stays held from an earlier screen."""
        self.targets, self.drop = targets, drop
        self._reset()

    def unmount(self):
        self.targets = self.drop = None
        self._reset()

    def echo(self, event) -> bool:
        """Whether a click is the echo of a pointer's release, already acted on as a tap."""
        return event.detail != 0 and js.performance.now() - self.released < ECHO_MS

    # --- holding -------------------------------------------------------------------------
    def pick(self, source):
        assert self.targets is not None, "a card picked up with no table mounted"
        self.release()
        self.held = source
        source.classList.add("held")
        self.on_pick()
        source.setAttribute("aria-pressed", "true")
        legal = set(self.targets(source.dataset.drag))
        for node in self.root.querySelectorAll("[data-drop]"):
            if node.dataset.drop in legal:
                node.setAttribute("data-legal", "")
                node.tabIndex = 0

    def release(self):
        """Put back whatever is held and clear the highlights."""
        if self.held is not None:
            self.held.classList.remove("held")
            self.held.removeAttribute("aria-pressed")
            self.held.style.transform = ""
            self.held = None
        for node in self.root.querySelectorAll("[data-legal], .over"):
            node.removeAttribute("data-legal")
            node.classList.remove("over")
            node.tabIndex = -1

    def _reset(self):
        self.release()
        self.press = None
        self.dragging = False

    def _place(self, target) -> bool:
        source = self.held
        if source is None:  # put back meanwhile (Escape during a drag)
            return False
        key = source.dataset.drag
        self.release()
        assert self.drop is not None, "a card put down with no table mounted"
        reason = self.drop(key, target.dataset.drop)
        if reason is None:
            return True
        self._snap_back(source)
        self.on_reason(reason)
        return False

    @staticmethod
    def _snap_back(source):
        source.classList.add("snap")
        source.style.transform = ""
        later(250, lambda: source.classList.remove("snap"))

    def _mine(self, node, attribute: str) -> bool:
        """A card or target of the table, while a table has the picker."""
        return self.drop is not None and node.hasAttribute(attribute) and self.root.contains(node)

    # --- pointer -------------------------------------------------------------------------
    def _down(self, event):
        if event.button != 0 or not event.isPrimary:
            return
        node = closest(event, TAPPABLE)
        self.press = None if node is None else (event.pointerId, event.clientX, event.clientY, node)
        self.dragging = False

    def _move(self, event):
        if self.press is None or event.pointerId != self.press[0]:
            return
        pid, x0, y0, source = self.press
        dx, dy = event.clientX - x0, event.clientY - y0
        if not self.dragging:
            if abs(dx) + abs(dy) < DRAG_THRESHOLD.get(event.pointerType, 6):
                return
            if not self._mine(source, "data-drag"):
                return  # a button: it is still a tap if the pointer goes up over it
            self.dragging = True
            self.pick(source)
            source.classList.add("dragging")
            source.setPointerCapture(pid)
        event.preventDefault()
        source.style.transform = f"translate({dx}px, {dy}px)"
        target = self._target_at(event.clientX, event.clientY, source)
        for node in self.root.querySelectorAll(".over"):
            if node is not target:
                node.classList.remove("over")
        if target is not None:
            target.classList.add("over")

    def _up(self, event):
        if event.isPrimary:
            self.released = js.performance.now()
        if self.press is None or event.pointerId != self.press[0]:
            return
        node = self.press[3]
        was_drag, self.press, self.dragging = self.dragging, None, False
        if not was_drag:
            if _inside(node, event.clientX, event.clientY):
                self._tap(node)
            return
        node.classList.remove("dragging")
        target = self._target_at(event.clientX, event.clientY, node)
        if target is None:
            self._snap_back(node)
            self.release()
        else:
            self._place(target)

    def _cancel(self, event=None):
        """The browser took the pointer (a scroll began) or Escape ended a drag: a card being
        dragged goes back; one picked up by a tap stays held."""
        if self.press is not None and self.dragging:
            self.press[3].classList.remove("dragging")
            self._snap_back(self.press[3])
            self.release()
        self.press = None
        self.dragging = False

    @staticmethod
    def _target_at(x, y, source):
        """The drop target under the pointer. The dragged card follows the pointer, so it is
        always the topmost element there: look through it."""
        for found in document.elementsFromPoint(x, y):
            if not source.contains(found):
                target = found.closest("[data-drop]")
                return target if target else None
        return None

    # --- tap and click -------------------------------------------------------------------
    def _tap(self, node):
        """A card picked up or put back, a held card placed, a button pressed, a fold opened."""
        if self._mine(node, "data-drag"):
            if self.held is not None and self.held.isSameNode(node):
                self.release()
            else:
                self.pick(node)
        elif self.held is not None and self._mine(node, "data-drop"):
            self._place(node)
        elif node.hasAttribute("data-action"):
            self.on_action(node)
        elif node.tagName == "SUMMARY":
            node.parentElement.open = not node.parentElement.open

    def _click(self, event):
        """A click with no tap behind it; a tap's own click changes nothing more."""
        if self.echo(event):
            if closest(event, "summary") is not None:
                event.preventDefault()  # the tap has opened or closed it already
            return
        node = closest(event, "[data-drag], [data-drop]")
        if node is not None and not node.hasAttribute("data-action"):
            self._tap(node)

    # --- keyboard ------------------------------------------------------------------------
    def _key(self, event):
        if self.drop is None:
            return
        key = event.key
        if key == "Escape" and self.held is not None:
            source = self.held
            if self.dragging:
                self._cancel()  # the drag is over: releasing the pointer then places nothing
            else:
                self.release()
            source.focus()
            return
        if key in ("Enter", " "):
            source = closest(event, "[data-drag]")
            target = closest(event, "[data-drop]")
            if source is not None and self.held is None:
                event.preventDefault()
                self.pick(source)
                first = self.root.querySelector("[data-legal]")
                if first:
                    first.focus()
            elif target is not None and self.held is not None:
                event.preventDefault()
                self._place(target)
            return
        step = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}.get(key)
        if step and self.held is not None:
            event.preventDefault()
            nxt = self._neighbour(document.activeElement, step)
            if nxt is not None:
                nxt.focus()

    def _neighbour(self, current, step):
        """The nearest legal target in the arrow's direction, by on-screen position."""
        legal = list(self.root.querySelectorAll("[data-legal]"))
        if not legal:
            return None
        if not current or not current.hasAttribute("data-legal"):
            return legal[0]
        cx, cy = _centre(current)
        best, best_score = None, None
        for node in legal:
            x, y = _centre(node)
            along = (x - cx) * step[0] + (y - cy) * step[1]
            if along <= 1:
                continue
            across = abs((x - cx) * step[1]) + abs((y - cy) * step[0])
            score = along + 2 * across
            if best_score is None or score < best_score:
                best, best_score = node, score
        return best


def _inside(node, x, y) -> bool:
    box = node.getBoundingClientRect()
    return box.left <= x <= box.right and box.top <= y <= box.bottom


def _centre(node):
    box = node.getBoundingClientRect()
    return box.left + box.width / 2, box.top + box.height / 2
