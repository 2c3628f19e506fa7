"""Neuf vies' drawings, our own simple shapes: a sitting cat (the 9×2 side every card has), a
ghost cat (the spirits) and a paw (the jokers). They are SVG symbols put in the page once, and a
card draws one with a two-element ``<svg><use>`` (a few bytes each, so ``morph`` compares little).

Colours come from CSS custom properties, which the ``<use>`` copies inherit: ``--nv-eye`` (the
eyes, nose and whiskers), ``--nv-pupil``, ``--nv-gold`` and the four warrior colours (a joker's
paw); the shapes themselves are ``currentColor``."""
from ui.dom import by_id, document
from ui.html import el

SPRITE_ID = "nv-sprite"

# viewBoxes: the cat 60×100 (it sits on the bottom edge), the ghost 60×70, the paw 60×60.
_EYES = ('<path d="M19 27q4-4.5 8 0q-4 4.5-8 0zM33 27q4-4.5 8 0q-4 4.5-8 0z" fill="var(--nv-eye)"/>'
         '<path d="M23 24.6v4.8M37 24.6v4.8" stroke="var(--nv-pupil)" stroke-width="1.6" stroke-linecap="round"/>')
SYMBOLS = (
    '<symbol id="nv-cat" viewBox="0 0 60 100">'
    '<path d="M12 30 14 5 25 15.5q5-1.6 10 0L46 5l2 25q0 10-9 14 11 8 13 28 2 18-6 24H14'
    'q-8-6-6-24 2-20 13-28-9-4-9-14z"/>'
    '<path d="M46 94q14-2 12-16-1-8-6-10" fill="none" stroke="currentColor" stroke-width="5" stroke-linecap="round"/>'
    + _EYES +
    '<path d="M28.3 33h3.4L30 35.2z" fill="var(--nv-eye)"/>'
    '<path d="M21 35 7 32.5M21 37.5l-13 3M39 35l14-2.5M39 37.5l13 3" stroke="var(--nv-eye)" stroke-width=".8"'
    ' stroke-linecap="round" opacity=".75"/>'
    '<path d="M25 96v-9M35 96v-9" stroke="var(--nv-pupil)" stroke-width="1.2" stroke-linecap="round" opacity=".6"/>'
    '</symbol>'
    '<symbol id="nv-ghost" viewBox="0 0 60 70">'
    '<path d="M8 34 10 5l12 11q8-3 16 0L50 5l2 29v30q-5-6-9.3 0t-8.7 0q-4-6-8 0t-8.7 0Q13 58 8 64z"/>'
    '<ellipse cx="22" cy="31" rx="4.2" ry="5.2" fill="var(--nv-eye)"/>'
    '<ellipse cx="38" cy="31" rx="4.2" ry="5.2" fill="var(--nv-eye)"/>'
    '</symbol>'
    '<symbol id="nv-paw" viewBox="0 0 60 60">'
    '<path d="M30 29c10 0 18 10 16 18-2 7-10 5-16 5s-14 2-16-5c-2-8 6-18 16-18z" fill="var(--nv-gold)"/>'
    '<ellipse cx="11" cy="27" rx="5" ry="7" transform="rotate(-25 11 27)" fill="var(--nv-r)"/>'
    '<ellipse cx="22" cy="14" rx="5.5" ry="7.5" transform="rotate(-8 22 14)" fill="var(--nv-o)"/>'
    '<ellipse cx="38" cy="14" rx="5.5" ry="7.5" transform="rotate(8 38 14)" fill="var(--nv-g)"/>'
    '<ellipse cx="49" cy="27" rx="5" ry="7" transform="rotate(25 49 27)" fill="var(--nv-b)"/>'
    '</symbol>'
)


def ensure_sprite():
    """Put the symbols in the page, once (they outlive every table drawn)."""
    if not by_id(SPRITE_ID):
        document.body.insertAdjacentHTML(
            "beforeend", f'<svg id="{SPRITE_ID}" aria-hidden="true" focusable="false" width="0" height="0" '
                         f'style="position:absolute;overflow:hidden">{SYMBOLS}</svg>')


def art(symbol: str, cls: str):
    """A drawing of the symbol ``symbol`` (decoration: the card's label names it)."""
    return el("svg", f"nv-art {cls}", None, el("use", "", None, href=f"#{symbol}"), aria_hidden="true")
