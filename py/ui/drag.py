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
and a click made by a pointer is only the echo of a tap already acted on: it is swallowed, so
that it cannot act again on what the tap put under the finger (the home screen's links after a
result's Home). A click with no pointer behind it (the keyboard on a button, assistive
technology) still acts.

A press belongs to the finger, not to the element it began on: the table is drawn anew when the
turn comes to the player, and a finger that went down on a card just before (a computer's card
still landing) drags or taps what the new drawing has under it; a card being dragged while the
table is drawn again is dragged on in the new drawing if it can still be played there.
"""
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import js
from pyodide.ffi import create_proxy

from ui.dom import closest, document, find, later, listen

# px a press must travel before it becomes a drag (else it is a tap): a finger wobbles more
DRAG_THRESHOLD = {"mouse": 6, "pen": 6, "touch": 10}
TAPPABLE = "[data-drag], [data-drop], [data-action], summary"
ECHO_MS = 1000  # a pointer's click this soon after its release acted is that release's echo


@dataclass
class Press:
    """A finger (or mouse button) down, that may become a tap or a drag."""
    pointer: int
    x: float  # where it went down
    y: float
    node: Any  # the element it is on (a source while it drags), or None: nothing that acts, yet
    card: str | None  # the card it went down on (data-card), acting or not
    under: Any  # the element the browser found under it (a card in motion takes no pointer events)


class Picker:
    def __init__(self, root, on_reason, on_action, on_pick):
        self.root = root  # the screen: its cards and targets are the picker's
        self.on_reason = on_reason
        self.on_action = on_action  # a tap on a button (data-action), anywhere on the page
        self.on_pick = on_pick  # a card was picked up (its sound)
        self.targets: Callable[[str], list[str]] | None = None  # set by the table on mount
        self.drop: Callable[[str, str], str | None] | None = None
        self.held = None  # the source element picked up
        self.press: Press | None = None
        self.dragging = False
        self.dragged = None  # what the finger drags, as a selector: found again in a new drawing
        self.shift = ""  # where the finger has taken it (a CSS transform)
        self.released = -1e9  # when a pointer last went up: the click that follows is its echo
        self.acted = False  # that release acted (a tap, a drop): its click is swallowed
        self.touch_end = create_proxy(self._touch_end)  # for the element a finger went down on
        body = document.body
        for name, handler in (("pointerdown", self._down), ("pointermove", self._move),
                              ("pointerup", self._up), ("pointercancel", self._cancel),
                              ("touchend", self._touch_end), ("click", self._click)):
            listen(body, name, handler)
        listen(root, "keydown", self._key)

    def mount(self, targets, drop):
        """A table takes over the picker; nothing stays held from an earlier screen but what a
        finger still on the screen holds (``_redrawn``)."""
        self.targets, self.drop = targets, drop
        self._redrawn()

    def unmount(self):
        self.targets = self.drop = None
        self._redrawn()

    def echo(self, event) -> bool:
        """Whether a click is the echo of a pointer's release, already acted on as a tap."""
        return event.detail != 0 and js.performance.now() - self.released < ECHO_MS

    # --- holding -------------------------------------------------------------------------
    def pick(self, source):
        self._hold(source)
        self.on_pick()

    def _hold(self, source):
        assert self.targets is not None, "a card picked up with no table mounted"
        self.release()
        self.held = source
        source.classList.add("held")
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

    def _redrawn(self):
        """The screen was drawn again (or the table went): highlights and a card held by a tap
        are dropped, not a finger still down. Its press is looked at again when it moves or
        lifts (``_pressed``); a card it drags is dragged on if the new drawing lets it be played
        (the same ``data-drag``), else the drag is over: the card went back with the drawing."""
        self.release()
        if not self.dragging or self.drop is None:
            return  # no drag; or between two drawings (``advance`` unmounts, then mounts)
        source = find(self.root, self.dragged) if self.dragged else None
        if source is None or self.press is None:
            self.press, self.dragging, self.dragged = None, False, None
            return
        self.press.node = source
        self._hold(source)
        source.classList.add("dragging")
        source.style.transform = self.shift
        source.setPointerCapture(self.press.pointer)

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
        if event.pointerType == "touch":
            # The touch's touchend goes to that element, and no further once the tap's action
            # has taken it off the page (a new screen): its click would then act there.
            event.target.addEventListener("touchend", self.touch_end)
        node = closest(event, TAPPABLE)
        if node is None and not self.root.contains(event.target):
            self.press = None  # outside the screen, on nothing that acts
        else:  # on the screen: on what acts, or on what may act once the turn comes
            node = node or self._seen_at(event.clientX, event.clientY)
            card = closest(event, "[data-card]")
            self.press = Press(event.pointerId, event.clientX, event.clientY, node,
                               str(card.dataset.card) if card is not None else None, event.target)
        self.dragging = False
        self.dragged = None

    def _pressed(self):
        """What the press is on now: the element it began on while it is in the page and acts.
        Else the screen was drawn anew during the press (the turn came to the player), and what
        the finger meant is, in this order: the card it went down on if that card can be
        played now, wherever the drawing put it; what acts at the point pressed; the one card
        to play in the element pressed (Punto's hand, its next card arriving in a layout that
        moved it). None: nothing acts there."""
        press = self.press
        assert press is not None, "no press to look at"
        node = press.node
        if node is not None and node.isConnected and (not self.root.contains(node) or self._acts(node)):
            return node
        if self.drop is None:
            return None
        if press.card is not None:
            same = find(self.root, f'[data-drag][data-card="{press.card}"]')
            if same is not None:
                return same
        found = document.elementFromPoint(press.x, press.y)
        hit = found.closest(TAPPABLE) if found else None
        if hit and self.root.contains(hit) and self._acts(hit):
            return hit
        seen = self._seen_at(press.x, press.y)
        if seen is not None:
            return seen
        if not press.under.isConnected:
            return None
        inside = press.under.querySelectorAll("[data-drag]")
        return inside.item(0) if inside.length == 1 else None

    def _seen_at(self, x, y):
        """The card to play that the player sees at a point while it moves into place (a card
        in motion takes no pointer events, so that what it passes over keeps its own: a card
        gliding in the player's hand is only found this way)."""
        if self.drop is None:
            return None
        for node in self.root.querySelectorAll("[data-drag]"):
            if _inside(node, x, y) and float(js.window.getComputedStyle(node).opacity) > 0.5:
                return node
        return None

    def _acts(self, node) -> bool:
        """Whether a tap on ``node`` (of the screen) would do something now."""
        return (self._mine(node, "data-drag") or self._mine(node, "data-drop")
                or node.hasAttribute("data-action") or node.tagName == "SUMMARY")

    def _move(self, event):
        if self.press is None or event.pointerId != self.press.pointer:
            return
        source = self.press.node
        dx, dy = event.clientX - self.press.x, event.clientY - self.press.y
        if not self.dragging:
            if abs(dx) + abs(dy) < DRAG_THRESHOLD.get(event.pointerType, 6):
                return
            source = self._pressed()
            if source is None or not self._mine(source, "data-drag"):
                return  # a button (still a tap if the pointer goes up over it), or no card to move yet
            self._start_drag(source)
        event.preventDefault()
        self.shift = source.style.transform = f"translate({dx}px, {dy}px)"
        target = self._target_at(event.clientX, event.clientY, source)
        for node in self.root.querySelectorAll(".over"):
            if node is not target:
                node.classList.remove("over")
        if target is not None:
            target.classList.add("over")

    def _start_drag(self, source):
        assert self.press is not None, "a drag with no press"
        self.press.node = source
        self.dragging = True
        self.dragged = _selector(source)
        self.pick(source)
        source.classList.add("dragging")
        source.setPointerCapture(self.press.pointer)

    def _up(self, event):
        if event.isPrimary:
            self.acted = False
        self._end_press(event)
        if event.isPrimary:
            # Once the release has acted: what it did (a game's form drawn the first time) may take
            # longer than ECHO_MS on a loaded phone, and its touchend and click come after it; from
            # its start, the click would be no echo and act on the screen the tap brought.
            self.released = js.performance.now()

    def _end_press(self, event):
        if self.press is None or event.pointerId != self.press.pointer:
            return
        was_drag, self.dragging, self.dragged = self.dragging, False, None
        if not was_drag:
            self._lift(event)
            self.press = None
            return
        node, self.press = self.press.node, None
        self.acted = True
        node.classList.remove("dragging")
        target = self._target_at(event.clientX, event.clientY, node) if self.held is not None else None
        if target is None:
            self._snap_back(node)
            self.release()
        else:
            self._place(target)

    def _lift(self, event):
        """A press ends with no drag under way: a tap on what it is on now (a card drawn anew
        since is tapped wherever it now lies; the element pressed, if the finger is still over
        it), or, if it travelled, a drag made before the card could move (the turn came as the
        finger lifted), put down where it ends."""
        press = self.press
        assert press is not None, "a release with no press"
        node = self._pressed()
        if node is None:
            return
        x, y = event.clientX, event.clientY
        far = abs(x - press.x) + abs(y - press.y) >= DRAG_THRESHOLD.get(event.pointerType, 6)
        anew = press.node is None or not node.isSameNode(press.node)
        if far and self._mine(node, "data-drag"):
            self.acted = True
            self.pick(node)
            target = self._target_at(x, y, node)
            if target is None:
                self.release()
            else:
                self._place(target)
        elif _inside(node, x, y) or (anew and not far):
            self.acted = True
            self._tap(node)

    def _touch_end(self, event):
        """The touch whose release has just acted: no mouse events and no click follow it (the
        screen may have changed under the finger: a link of the next one must not take them)."""
        if self.acted and event.cancelable and js.performance.now() - self.released < ECHO_MS:
            event.preventDefault()

    def _cancel(self, event=None):
        """The browser took the pointer (a scroll began) or Escape ended a drag: a card being
        dragged goes back; one picked up by a tap stays held."""
        if self.press is not None and self.dragging:
            self.press.node.classList.remove("dragging")
            self._snap_back(self.press.node)
            self.release()
        self.press = None
        self.dragging = False
        self.dragged = None

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
        """A click with no tap behind it; a tap's own click changes nothing more: whatever it
        lands on (the tap may have put another screen under the finger), it does nothing."""
        if self.echo(event):
            if self.acted:
                event.preventDefault()  # no link followed, no box ticked, no fold toggled again
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


def _selector(source) -> str:
    """What finds ``source`` again in a new drawing: its key, and the card it shows (the same key
    may be another card by then: the next player's turned card)."""
    card = source.getAttribute("data-card")
    return f'[data-drag="{source.dataset.drag}"]' + (f'[data-card="{card}"]' if card else ":not([data-card])")


def _inside(node, x, y) -> bool:
    box = node.getBoundingClientRect()
    return box.left <= x <= box.right and box.top <= y <= box.bottom


def _centre(node):
    box = node.getBoundingClientRect()
    return box.left + box.width / 2, box.top + box.height / 2
