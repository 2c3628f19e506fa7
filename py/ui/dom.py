"""Small DOM helpers. Text always goes in with textContent: names and stored text are never HTML."""
import js
from pyodide.ffi import create_once_callable, create_proxy

document = js.document
_LISTENERS = []  # proxies of page-long listeners, kept alive for the page's lifetime


def el(tag: str, cls: str = "", text=None, *children, **attrs):
    """A new element; ``data_card="r7a"`` becomes ``data-card="r7a"``; None/False attrs are left out."""
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text is not None:
        node.textContent = str(text)
    set_attrs(node, **attrs)
    for child in children:
        if child is not None:
            node.appendChild(child)
    return node


def set_attrs(node, **attrs):
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        node.setAttribute(name.rstrip("_").replace("_", "-"), "" if value is True else str(value))
    return node


_STAMPS = {}


def stamp(key, build):
    """A deep copy of the element ``build()`` returns, built once per ``key``: one call into the
    page instead of one per element and attribute (a Punto card is a dozen elements, and a
    redraw after each move draws every card on the table)."""
    model = _STAMPS.get(key)
    if model is None:
        model = _STAMPS[key] = build()
    return model.cloneNode(True)


ELEMENT = 1  # Node.ELEMENT_NODE


def morph(live, fresh):
    """Make ``live`` (in the page) the same as ``fresh`` (just built, not in the page) and return
    the node now in the page. Subtrees that did not change keep their nodes, so the browser
    restyles and lays out only what changed: a Punto move changes a few cells of a board of
    dozens of cards, and redrawing them all made a computer's turn a long task. An element
    whose tag, attributes or number of children differ is replaced whole, never patched: what
    the table's motion left on a node (a card that glided, a slot that flashed) goes with it,
    and a fresh node plays its animation again."""
    if live.isEqualNode(fresh):
        return live
    if (live.nodeType != ELEMENT or live.childNodes.length != fresh.childNodes.length
            or not live.cloneNode(False).isEqualNode(fresh.cloneNode(False))):
        live.replaceWith(fresh)
        return fresh
    # Lists, not the live NodeLists: a fresh child that replaces a live one leaves ``fresh``.
    for old, new in zip(list(live.childNodes), list(fresh.childNodes)):
        morph(old, new)
    return live


def clear(node):
    node.replaceChildren()
    return node


def by_id(name: str):
    return document.getElementById(name)


def find(root, selector: str):
    """``root.querySelector`` with None, not JS null (falsy but not None), when nothing matches."""
    found = root.querySelector(selector)
    return found if found else None


def listen(target, event: str, handler):
    """Attach a listener for the page's lifetime (screens use delegation, so there are few)."""
    proxy = create_proxy(handler)
    _LISTENERS.append(proxy)
    target.addEventListener(event, proxy)


def closest(event, selector: str):
    """The nearest ancestor-or-self of the event's target that matches, or None."""
    target = event.target
    if not hasattr(target, "closest"):  # text nodes and the document have no closest()
        return None
    found = target.closest(selector)
    return found if found else None


def later(ms: int, fn):
    """Call ``fn()`` once after ``ms`` milliseconds."""
    js.setTimeout(create_once_callable(fn), ms)


class _Soon:
    """``soon(fn)``: call ``fn()`` in a task of its own as soon as the browser has had its turn
    (painted, handled input). A message to itself, not setTimeout(0), which browsers stretch to
    4 ms once nested: a computer thinking in 10 ms slices would lose a third of its time."""

    def __init__(self):
        self.queue = []
        self.channel = None

    def __call__(self, fn):
        if self.channel is None:
            self.channel = js.MessageChannel.new()
            self.channel.port1.onmessage = create_proxy(lambda _event: self.queue.pop(0)())
        self.queue.append(fn)
        self.channel.port2.postMessage(None)


soon = _Soon()


def set_flag(name: str, value):
    """A data attribute on <html>: the hooks tests and assistive tech rely on."""
    root = document.documentElement
    if value is None:
        root.removeAttribute(f"data-{name}")
    else:
        root.setAttribute(f"data-{name}", str(value))
