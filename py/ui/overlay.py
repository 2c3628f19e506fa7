"""Dialogs over the table: round end, match end, pass the device, confirmations. One at a time,
in the page's native modal <dialog> (focus stays inside; the browser returns it on close).
Each button carries a ``data-action`` handled by the app. A result dialog can be folded away to
look at the table it announces, and unfolded again."""
from typing import Any

import js
from pyodide.ffi import create_proxy

from ui.dom import by_id, clear, listen, mount
from ui.html import el

_STATE: dict[str, Any] = {"escape": None, "watch": None}


def _layer():
    return by_id("overlay")


def show(title: str, *body, buttons=(), cls: str = "", escape=None, fold_label=None):
    """Open a dialog; ``buttons`` are (label, action, extra attrs) tuples. ``escape`` is the
    action Escape takes (None: Escape does nothing); with ``fold_label`` a button folds the
    dialog away, and a floating button brings it back."""
    layer = clear(_layer())
    box = el("div", f"dialog {cls}".strip(), None, aria_labelledby="dialog-title")
    box.appendChild(el("h2", "", title, id="dialog-title"))
    # Only the body scrolls, under the title and above the buttons, which stay in view.
    content = el("div", "dialog-body")
    for part in body:
        if part is not None:
            content.appendChild(el("p", "", part) if isinstance(part, str) else part)
    box.appendChild(content)
    row = el("div", "buttons")
    for label, action, *extra in buttons:
        row.appendChild(el("button", "btn primary" if not row.children else "btn", label,
                           type="button", data_action=action, **(extra[0] if extra else {})))
    if fold_label:
        row.appendChild(el("button", "btn", fold_label, type="button", data_action="fold"))
    box.appendChild(row)
    box = mount(layer, box)
    layer.setAttribute("aria-labelledby", "dialog-title")
    _STATE["escape"] = escape
    unfold = by_id("unfold")
    unfold.hidden = True
    if not layer.open:
        layer.showModal()
    _scrolls_by_keyboard(box.querySelector(".dialog-body"))
    first = box.querySelector("button")
    if first:
        first.focus()


def _scrolls_by_keyboard(body) -> None:
    """A body that scrolls takes the keyboard too (a tab stop of its own), whenever it scrolls:
    a phone turned or a window resized can make it start or stop."""
    _fit_tab_stop(body)
    if _STATE["watch"] is None:
        def resized(entries, _observer):
            for entry in entries:
                _fit_tab_stop(entry.target)

        _STATE["watch"] = js.ResizeObserver.new(create_proxy(resized))
    _STATE["watch"].disconnect()  # the dialog before this one is gone
    _STATE["watch"].observe(body)


def _fit_tab_stop(body) -> None:
    if body.scrollHeight > body.clientHeight:
        body.tabIndex = 0
    else:
        body.removeAttribute("tabindex")


def fold():
    """Close the dialog but keep it: the floating button reopens it."""
    _layer().close()
    unfold = by_id("unfold")
    unfold.hidden = False
    unfold.focus()


def unfold():
    by_id("unfold").hidden = True
    layer = _layer()
    layer.showModal()
    first = layer.querySelector("button")
    if first:
        first.focus()


def hide():
    layer = _layer()
    if layer.open:
        layer.close()
    clear(layer)
    by_id("unfold").hidden = True
    _STATE["escape"] = None


def on_cancel(handler):
    """Escape on the dialog: the browser would close it; ``handler(action)`` decides instead."""
    def cancel(event):
        event.preventDefault()
        handler(_STATE["escape"])
    listen(_layer(), "cancel", cancel)
