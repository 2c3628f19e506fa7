"""Picking a card up and putting it down, three ways: a pointer drag (mouse, touch and pen alike,
through Pointer Events; HTML5 drag-and-drop does not work on phones), a tap on the card then a
tap on a target, or the keyboard (Enter picks up, arrows walk the legal targets, Enter places,
Escape puts back).

Sources carry ``data-drag="<key>"``, targets ``data-drop="<key>"``. The table decides what a
key means: ``targets(source)`` lists the legal target keys (they get ``data-legal`` while the card
is held) and ``drop(source, target)`` plays the move and returns None, or the reason it is
illegal, and the card snaps back.
"""
import js

from ui.dom import closest, document, later, listen

DRAG_THRESHOLD = 6  # px a pointer must travel before a press becomes a drag (else it is a tap)


class Picker:
    def __init__(self, root, on_reason):
        self.root = root
        self.on_reason = on_reason
        self.targets = None  # set by the table on mount
        self.drop = None
        self.held = None  # the source element picked up
        self.press = None  # (pointerId, x, y) of a press that may become a drag
        self.dragging = False
        self.drag_ended = -1e9
        for name, handler in (
            ("pointerdown", self._down), ("pointermove", self._move), ("pointerup", self._up),
            ("pointercancel", self._cancel), ("click", self._click), ("keydown", self._key),
        ):
            listen(root, name, handler)

    def mount(self, targets, drop):
        """A table takes over the picker; nothing stays held from an earlier screen."""
        self.targets, self.drop = targets, drop
        self._reset()

    def unmount(self):
        self.targets = self.drop = None
        self._reset()

    # --- holding -------------------------------------------------------------------------
    def pick(self, source):
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

    # --- pointer -------------------------------------------------------------------------
    def _down(self, event):
        if self.drop is None or event.button != 0:
            return
        source = closest(event, "[data-drag]")
        if source is None:
            return
        self.press = (event.pointerId, event.clientX, event.clientY, source)
        self.dragging = False

    def _move(self, event):
        if self.press is None or event.pointerId != self.press[0]:
            return
        pid, x0, y0, source = self.press
        dx, dy = event.clientX - x0, event.clientY - y0
        if not self.dragging:
            if abs(dx) + abs(dy) < DRAG_THRESHOLD:
                return
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
        if self.press is None or event.pointerId != self.press[0]:
            return
        source = self.press[3]
        was_drag, self.press, self.dragging = self.dragging, None, False
        if not was_drag:
            return  # a tap: the click handler that follows decides
        source.classList.remove("dragging")
        target = self._target_at(event.clientX, event.clientY, source)
        self.drag_ended = js.performance.now()
        if target is None:
            self._snap_back(source)
            self.release()
        else:
            self._place(target)

    def _cancel(self, event=None):
        if self.press is not None:
            self.press[3].classList.remove("dragging")
            self._snap_back(self.press[3])
            self.drag_ended = js.performance.now()  # nor is the click that may follow a tap
        self._reset()

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
    def _click(self, event):
        if self.drop is None:
            return
        if js.performance.now() - self.drag_ended < 400:  # the click that ends a drag is no tap
            return
        source = closest(event, "[data-drag]")
        if source is not None:
            if self.held is not None and self.held.isSameNode(source):
                self.release()
            else:
                self.pick(source)
            return
        target = closest(event, "[data-drop]")
        if target is not None and self.held is not None:
            self._place(target)

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


def _centre(node):
    box = node.getBoundingClientRect()
    return box.left + box.width / 2, box.top + box.height / 2
