"""Small DOM helpers: elements built in Python (``ui.html``) put in the page, kept in step with
it, and listened to."""
import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

from ui.html import Node, escape_text

document = js.document
_LISTENERS: list = []  # proxies of page-long listeners, kept alive for the page's lifetime


_PARSER = document.createElement("template")  # parses any element, outside the page


def realize(node: Node):
    """The page's element for ``node``, made in one parse, not yet in the page."""
    _PARSER.innerHTML = node.html
    return _PARSER.content.firstChild


def mount(parent, node: Node):
    """Put ``node`` at the end of ``parent`` (in the page); return the element now there."""
    return parent.appendChild(realize(node))


ELEMENT = 1  # Node.ELEMENT_NODE


def morph(live, fresh: Node):
    """Make ``live`` (in the page) what ``fresh`` describes and return the element now in the
    page. Subtrees that did not change keep their elements, so the browser restyles and lays out
    only what changed: a Punto move changes a few cells of a board of dozens of cards, and
    redrawing them all made a computer's turn a long task. An element whose tag, attributes or
    number of children differ is replaced whole, never patched: what the table's motion left on
    it (a card that glided, a slot that flashed) goes with it, and a new element plays its
    animation again. What is compared is the page's element as it is now, motion included."""
    return _morph(live, fresh, live.outerHTML if live.nodeType == ELEMENT else None)


def _morph(live, fresh: Node, outer):
    """``morph`` with ``live``'s HTML (None if it is no element) already read: each child the
    same as built is found in it, and only the others are looked at, one call each."""
    if outer == fresh.html:
        return live
    head, nodes = fresh.head(), fresh.nodes()
    if outer is None or not outer.startswith(head) or live.childNodes.length != len(nodes):
        made = realize(fresh)
        live.replaceWith(made)
        return made
    kids = live.childNodes
    at: int | None = len(head)  # where the next child's HTML begins (None: unknown)
    for i, new in enumerate(nodes):
        shown = escape_text(new) if isinstance(new, str) else new.html
        if at is not None and outer.startswith(shown, at):
            at += len(shown)  # this child is already what was built
            continue
        old = kids.item(i)
        if isinstance(new, str) or old.nodeType != ELEMENT:
            old.replaceWith(new if isinstance(new, str) else realize(new))  # a string becomes a text node
            at = None
        else:
            html = old.outerHTML
            _morph(old, new, html)
            at = None if at is None else at + len(html)
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


def later(ms: float, fn):
    """Call ``fn()`` once after ``ms`` milliseconds."""
    js.setTimeout(create_once_callable(fn), ms)


IDLE_WAIT_MS = 2000  # at most: a page that never idles still gets it done


def when_idle(fn):
    """Call ``fn()`` once the browser has nothing else to do (Safari has no requestIdleCallback:
    after IDLE_WAIT_MS there)."""
    if hasattr(js.window, "requestIdleCallback"):
        options = to_js({"timeout": IDLE_WAIT_MS}, dict_converter=js.Object.fromEntries)
        js.window.requestIdleCallback(create_once_callable(lambda _deadline: fn()), options)
    else:
        later(IDLE_WAIT_MS, fn)


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
