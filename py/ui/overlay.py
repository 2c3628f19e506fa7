"""Dialogs over the table: round end, match end, pass the device, confirmations. One at a time;
each button carries a ``data-action`` handled by the app."""
from ui.dom import by_id, clear, el


def show(title: str, *body, buttons=(), cls: str = ""):
    """Replace the overlay with a dialog; ``buttons`` are (label, action, extra attrs) tuples."""
    layer = clear(by_id("overlay"))
    box = el("div", f"dialog {cls}".strip(), None, role="dialog", aria_modal="true",
             aria_labelledby="dialog-title")
    box.appendChild(el("h2", "", title, id="dialog-title"))
    for part in body:
        if part is not None:
            box.appendChild(el("p", "", part) if isinstance(part, str) else part)
    row = el("div", "buttons")
    for label, action, *extra in buttons:
        row.appendChild(el("button", "btn", label, type="button", data_action=action, **(extra[0] if extra else {})))
    box.appendChild(row)
    layer.appendChild(box)
    layer.hidden = False
    first = box.querySelector("button")
    if first:
        first.focus()


def hide():
    layer = by_id("overlay")
    clear(layer)
    layer.hidden = True


def is_open() -> bool:
    return not by_id("overlay").hidden
