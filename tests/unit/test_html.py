"""Elements built in Python as HTML: text and attributes escaped as the page serializes them,
and nothing built that the page's parser would not build the same."""
import pytest

from ui.html import el

MARKUP = '<img src=x onerror="alert(1)">&amp;\u00a0'


def test_text_and_attributes_are_escaped():
    node = el("p", "note", MARKUP, title=MARKUP)
    assert node.html == ('<p class="note" title="&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;amp;&nbsp;">'
                         '&lt;img src=x onerror="alert(1)"&gt;&amp;amp;&nbsp;</p>')


def test_attributes_in_order_flags_as_the_page_writes_them():
    node = el("button", "btn", "Go", type="button", data_action="move", disabled=True, hidden=False,
              tabindex=None, aria_label="Go on")
    assert node.html == ('<button class="btn" type="button" data-action="move" disabled=""'
                         ' aria-label="Go on">Go</button>')


def test_children_follow_the_text_and_void_elements_have_no_end_tag():
    node = el("label", "", "Seed", el("input", "", None, name="seed", value=""))
    assert node.html == '<label>Seed<input name="seed" value=""></label>'
    assert node.nodes()[0] == "Seed" and len(node.nodes()) == 2
    assert el("p", "", "").nodes() == []  # an empty text is no node, as textContent = "" makes none


def test_a_node_may_be_shared_once_finished():
    dots = el("span", "pips", None, el("i", "pip"))
    cards = el("div", "", None, el("div", "card", None, dots), el("div", "card", None, dots))
    assert cards.html.count('<span class="pips"><i class="pip"></i></span>') == 2


@pytest.mark.parametrize("parent,child", [("p", "div"), ("p", "ul"), ("table", "tr"), ("div", "tr")])
def test_what_the_parser_would_rebuild_is_refused(parent, child):
    with pytest.raises(ValueError):
        el(parent, "", None, el(child))
    el("tbody", "", None, el("tr"))  # rows belong in a body
