"""Elements built in Python as HTML, for the page to parse in one go (``ui.dom`` puts them in).

Every text and attribute value is escaped: player names and stored text are text, never HTML."""

# Elements that break a <p> open when parsed: never inside one (the page would not be what was built).
BREAKS_P = frozenset("address article aside blockquote details dialog div dl fieldset figure footer form "
                     "h1 h2 h3 h4 h5 h6 header hr main menu nav ol p pre section table ul".split())
ROWS = frozenset(("thead", "tbody", "tfoot"))  # a <tr> anywhere else gets a <tbody> from the parser
VOID = frozenset(("br", "hr", "img", "input", "wbr"))
_TEXT = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\xa0": "&nbsp;"})
_ATTR = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\xa0": "&nbsp;", '"': "&quot;"})


class Node:
    """An element built in Python, put in the page in one call. Each element made by a call into
    the page (createElement, setAttribute, appendChild) costs microseconds in Pyodide, and a
    table has hundreds; a Node is plain Python until ``realize`` parses its HTML at once. Its
    HTML is the page's own serialization of the element (``outerHTML``), so ``morph`` can tell
    by one comparison that a part of the page is already what was built. A node is finished
    once it is realized or morphed in: it may be shared by several parents then, never changed."""
    __slots__ = ("tag", "attrs", "text", "children", "_html")

    def __init__(self, tag: str, cls: str = "", text=None):
        self.tag = tag
        self.attrs: dict[str, str] = {}
        self.children: list[Node] = []
        self._html: str | None = None
        self.text = "" if text is None else str(text)
        if cls:
            self.attrs["class"] = cls

    def appendChild(self, child):
        if (self.tag == "p" and child.tag in BREAKS_P) or (child.tag == "tr" and self.tag not in ROWS):
            raise ValueError(f"<{child.tag}> inside <{self.tag}> would not parse as built")
        self.children.append(child)
        return child

    def setAttribute(self, name: str, value):
        self.attrs[name] = str(value)

    def head(self) -> str:
        """The start tag, as the page serializes it."""
        attrs = "".join(f' {name}="{value.translate(_ATTR)}"' for name, value in self.attrs.items())
        return f"<{self.tag}{attrs}>"

    def nodes(self) -> list["Node | str"]:
        """The node's children as the page holds them: its text (if any) first, then its elements."""
        return ([self.text] if self.text else []) + self.children

    @property
    def html(self) -> str:
        if self._html is None:
            inner = escape_text(self.text) + "".join(child.html for child in self.children)
            self._html = self.head() + ("" if self.tag in VOID else f"{inner}</{self.tag}>")
        return self._html


def el(tag: str, cls: str = "", text=None, *children, **attrs) -> Node:
    """A new element; ``data_card="r7a"`` becomes ``data-card="r7a"``; None/False attrs are left out."""
    node = Node(tag, cls, text)
    for name, value in attrs.items():
        if value is not None and value is not False:
            node.setAttribute(name.rstrip("_").replace("_", "-"), "" if value is True else value)
    for child in children:
        if child is not None:
            node.appendChild(child)
    return node


def escape_text(text: str) -> str:
    """Text as the page serializes it."""
    return text.translate(_TEXT)
