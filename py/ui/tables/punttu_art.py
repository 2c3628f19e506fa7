"""The Spanish deck drawn for Punttu: our own simple SVG, put in the page once as a hidden sprite
of <symbol>s, so that each card on the table is a light node (``<svg><use href="#pt-o7"/></svg>``).

A face is drawn on a 120 × 180 card: the frame in the suit's colour, broken by the "pintas" (none
for oros, one for copas, two for espadas, three for bastos: a cue besides the colour), the
deck's index (1–7, 10, 11, 12) in two corners, and the pips laid out as on real naipes (the 1 a
single big pip) or, for the sota, the caballo and the rey, a figure holding the suit's pip. The
four pips differ in shape (coin, cup, sword, club), never only in colour."""
from ui.dom import by_id, document
from ui.html import el

SPRITE_ID = "pt-sprite"
OUTLINE = "#2b2b2b"
GOLD = "#f2c14e"
SKIN = "#f3cfae"
PAPER = "#fffdf7"  # the card's face (css/punttu.css), where a frame break is cut
# Per suit: the colour of its frame, index and figures' clothes, and its frame's breaks.
INK = {"o": "#8a6100", "c": "#b3261e", "e": "#1b4f9c", "b": "#23702a"}
BREAKS = {"o": 0, "c": 1, "e": 2, "b": 3}

PIPS = {
    # oros: a gold coin with a sun in it
    "o": """<circle cx="50" cy="50" r="45" fill="#f2b705" stroke="#7a5600" stroke-width="5"/>
<circle cx="50" cy="50" r="31" fill="#ffd860" stroke="#b07d00" stroke-width="3"/>
<path d="M50 22V32M50 68V78M22 50H32M68 50H78M30 30L37 37M63 63L70 70M70 30L63 37M37 63L30 70"
 stroke="#b07d00" stroke-width="4" stroke-linecap="round"/>
<circle cx="50" cy="50" r="11" fill="#c48a00"/>""",
    # copas: a red goblet
    "c": """<path d="M16 12H84C84 40 70 56 57 59V72H66C73 74 78 80 78 90H22C22 80 27 74 34 72H43V59C30 56 16 40 16 12Z"
 fill="#d32f2f" stroke="#6d1010" stroke-width="4" stroke-linejoin="round"/>
<ellipse cx="50" cy="13" rx="33" ry="5.5" fill="#f28b82" stroke="#6d1010" stroke-width="3"/>
<ellipse cx="50" cy="66" rx="10" ry="4" fill="#f2c14e" stroke="#6d1010" stroke-width="2.5"/>""",
    # espadas: a blue sword, point up, gold guard and pommel
    "e": """<path d="M50 2L58.5 15V67H41.5V15Z" fill="#2f6fd0" stroke="#0d2c5c" stroke-width="3.5"
 stroke-linejoin="round"/>
<path d="M50 12V63" stroke="#b9d3ff" stroke-width="2.5"/>
<rect x="24" y="65" width="52" height="9" rx="4.5" fill="#f2c14e" stroke="#0d2c5c" stroke-width="3"/>
<rect x="45" y="74" width="10" height="14" fill="#174a99" stroke="#0d2c5c" stroke-width="3"/>
<circle cx="50" cy="92" r="6" fill="#f2c14e" stroke="#0d2c5c" stroke-width="3"/>""",
    # bastos: a wooden club, knobbly end up, its lopped branches cut short, green bands
    "b": """<path d="M37 44L25 50M63 30L75 24M61 66L72 72" stroke="#4a2e10" stroke-width="11" stroke-linecap="round"/>
<path d="M37 44L25 50M63 30L75 24M61 66L72 72" stroke="#a8743a" stroke-width="6" stroke-linecap="round"/>
<path d="M45 97C44 82 38 62 34 44C30 26 33 16 38 10C42 5 47 8 50 4C53 8 58 5 62 10C67 16 70 26 66 44C62 62 56 82 55 97Z"
 fill="#a8743a" stroke="#4a2e10" stroke-width="4" stroke-linejoin="round"/>
<circle cx="25" cy="50" r="3.5" fill="#ecd3a0" stroke="#4a2e10" stroke-width="2"/>
<circle cx="75" cy="24" r="3.5" fill="#ecd3a0" stroke="#4a2e10" stroke-width="2"/>
<circle cx="72" cy="72" r="3.5" fill="#ecd3a0" stroke="#4a2e10" stroke-width="2"/>
<path d="M43 16Q39 36 45 62" fill="none" stroke="#d8ac6e" stroke-width="3" stroke-linecap="round"/>
<path d="M53 30Q56 33 54 37M49 52Q52 55 50 59" fill="none" stroke="#4a2e10" stroke-width="2.5" stroke-linecap="round"/>
<path d="M35.5 74H64.5L62 84H38Z" fill="#2e8b35" stroke="#1f3d10" stroke-width="2.5" stroke-linejoin="round"/>""",
}

# The figures, suit-blind: their clothes take the suit's colour (currentColor); each holds the
# suit's pip at FIGURE_PIP (centre x, centre y, size).
FIGURES = {
    10: f"""<path d="M50 112L48 150H55L57 112ZM63 112L65 150H72L70 112Z" fill="#e9d8a6"/>
<path d="M46 150H57V155H44ZM63 150H74L76 155H63Z" fill="#3a2a1a"/>
<path d="M48 64H72L80 114H40Z" fill="currentColor"/>
<path d="M43 90H77M40.5 112H79.5" stroke="{GOLD}" stroke-width="3.5"/>
<path d="M49 66L40 93L45 95L54 74Z" fill="currentColor"/>
<circle cx="42.5" cy="97" r="3.5" fill="{SKIN}"/>
<path d="M70 64L83 66V72L70 73Z" fill="currentColor"/>
<circle cx="85" cy="69" r="3.5" fill="{SKIN}"/>
<path d="M56 56H64V65H56Z" fill="{SKIN}"/>
<path d="M50 64Q60 73 70 64Z" fill="{PAPER}"/>
<circle cx="60" cy="50" r="9" fill="{SKIN}"/>
<path d="M51 51Q50 40 60 40Q70 40 69 51L67 46Q60 43 53 46Z" fill="#6b4226"/>
<path d="M70 39Q82 29 80 21Q75 31 67 37Z" fill="{GOLD}"/>
<path d="M46 43Q60 29 74 43Q60 38 46 43Z" fill="currentColor"/>""",
    11: f"""<path d="M29 104Q17 116 22 138Q26 122 33 112Z" fill="#5a3a22"/>
<path d="M35 114L32 150H39L43 118ZM47 120V150H54V120ZM72 120V150H79V118ZM83 112L89 146L96 144L90 108Z"
 fill="#b5835a"/>
<ellipse cx="58" cy="110" rx="30" ry="15" fill="#b5835a"/>
<path d="M76 104L85 80L96 77L93 96L87 113Z" fill="#b5835a"/>
<path d="M86 80L96 73L109 88L104 95L93 91Z" fill="#b5835a"/>
<path d="M92 76L94 67L98 75Z" fill="#b5835a"/>
<path d="M83 82L88 75L93 77L80 105L76 103Z" fill="#5a3a22"/>
<path d="M31 150H40V154H30ZM46 150H55V154H46ZM71 150H80V154H71ZM89 145L96 143L98 147L90 149Z" fill="#3a2a1a"/>
<path d="M45 95H71L69 118H47Z" fill="currentColor"/>
<path d="M46 116H70" stroke="{GOLD}" stroke-width="3"/>
<path d="M56 96L57 124H64L64 96Z" fill="#e9d8a6"/>
<path d="M55 122H66L67 128H54Z" fill="#3a2a1a"/>
<path d="M51 73H69L71 98H49Z" fill="currentColor"/>
<path d="M66 75L80 63L84 67L70 81Z" fill="currentColor"/>
<circle cx="83" cy="64" r="3.5" fill="{SKIN}"/>
<circle cx="60" cy="63" r="8" fill="{SKIN}"/>
<path d="M51 61Q51 50 60 50Q69 50 69 61Z" fill="{GOLD}"/>
<path d="M60 50Q58 42 52 40Q58 46 56 51Z" fill="currentColor"/>""",
    12: f"""<path d="M47 68H73L86 158H34Z" fill="currentColor"/>
<path d="M35 157H85" stroke="{GOLD}" stroke-width="3.5"/>
<path d="M56 70H64L66 156H54Z" fill="{PAPER}"/>
<path d="M59 90h2v4h-2ZM59 114h2v4h-2ZM59 138h2v4h-2Z" fill="{OUTLINE}" stroke="none"/>
<path d="M72 72L86 91L82 95L69 82Z" fill="currentColor"/>
<circle cx="85" cy="95" r="3.5" fill="{SKIN}"/>
<path d="M40 70V132" stroke="{GOLD}" stroke-width="3" stroke-linecap="round"/>
<circle cx="40" cy="68" r="4" fill="{GOLD}"/>
<path d="M48 72L38 96L43 98L52 80Z" fill="currentColor"/>
<circle cx="40.5" cy="98" r="3.5" fill="{SKIN}"/>
<path d="M45 68Q60 82 75 68L73 63H47Z" fill="{PAPER}"/>
<circle cx="60" cy="52" r="9" fill="{SKIN}"/>
<path d="M51 53Q52 66 60 68Q68 66 69 53Q60 60 51 53Z" fill="#8d6e63"/>
<path d="M50 45V34L55 39L60 31L65 39L70 34V45Z" fill="{GOLD}"/>""",
}
FIGURE_PIP = {10: (86, 54, 28), 11: (86, 47, 26), 12: (90, 80, 28)}
EYES = {10: (57, 63, 50), 11: (57.5, 62.5, 63), 12: (57, 63, 51)}  # left x, right x, y

# Pips as on real naipes: (centre x, centre y, size) on the 120 × 180 card.
_COLS, _ROWS = (38, 82), (50, 90, 130)
LAYOUTS = {
    1: [(60, 90, 80)],
    2: [(60, 50, 36), (60, 130, 36)],
    3: [(60, 44, 32), (60, 90, 32), (60, 136, 32)],
    4: [(x, y, 32) for y in (52, 128) for x in _COLS],
    5: [(x, y, 30) for y in (52, 128) for x in _COLS] + [(60, 90, 30)],
    6: [(x, y, 28) for y in _ROWS for x in _COLS],
    7: [(x, y, 28) for y in _ROWS for x in _COLS] + [(60, 70, 22)],
}
TILT = {"e": 14, "b": 14}  # swords and clubs lean in, as they cross on real cards
SCALE = {"e": 1.4, "b": 1.3}  # slender pips drawn taller, to weigh as much as a coin or a cup


def _pip(suit: str, x: float, y: float, size: float, tilt: float = 0) -> str:
    size *= SCALE.get(suit, 1)
    turn = f' transform="rotate({tilt} {x} {y})"' if tilt else ""
    return (f'<use href="#pt-pip-{suit}" x="{x - size / 2}" y="{y - size / 2}" width="{size}" '
            f'height="{size}"{turn}/>')


def _pips(suit: str, rank: int) -> str:
    lean = TILT.get(suit, 0) if rank > 1 else 0
    return "".join(_pip(suit, x, y, size, lean * (x > 60) - lean * (x < 60))
                   for x, y, size in LAYOUTS[rank])


def _figure(suit: str, rank: int) -> str:
    left, right, eyes = EYES[rank]
    return (f'<use href="#pt-fig-{rank}" color="{INK[suit]}"/>'
            f'<circle cx="{left}" cy="{eyes}" r="1.1"/><circle cx="{right}" cy="{eyes}" r="1.1"/>'
            + _pip(suit, *FIGURE_PIP[rank]))


def _frame(suit: str) -> str:
    """The frame, cut by the suit's breaks in its top and bottom edges."""
    cuts = BREAKS[suit]
    gaps = "".join(f'<path d="M{60 + (i - (cuts - 1) / 2) * 12 - 3} {y}h6" stroke="{PAPER}" stroke-width="5"/>'
                   for i in range(cuts) for y in (6, 174))
    return (f'<rect x="6" y="6" width="108" height="168" rx="7" fill="none" stroke="{INK[suit]}" '
            f'stroke-width="2.2"/>{gaps}')


def _index(rank: int, suit: str) -> str:
    """The rank in the top left corner, and upside down in the bottom right."""
    fit = ' textLength="25" lengthAdjust="spacingAndGlyphs"' if rank >= 10 else ""
    text = f'<text x="11" y="31" font-size="26" font-weight="800" fill="{INK[suit]}"{fit}>{rank}</text>'
    return text + f'<g transform="rotate(180 60 90)">{text}</g>'


def face(card: str, suit: str, rank: int) -> str:
    art = _figure(suit, rank) if rank in FIGURES else _pips(suit, rank)
    return f'<symbol id="pt-{card}" viewBox="0 0 120 180">{_frame(suit)}{_index(rank, suit)}{art}</symbol>'


BACK = f"""<symbol id="pt-back" viewBox="0 0 120 180">
<rect width="120" height="180" fill="#8e2424"/>
<rect x="7" y="7" width="106" height="166" rx="6" fill="url(#pt-lattice)" stroke="{GOLD}" stroke-width="2"/>
<ellipse cx="60" cy="90" rx="27" ry="38" fill="#8e2424" stroke="{GOLD}" stroke-width="3"/>
<path d="M60 62L66 82L84 90L66 98L60 118L54 98L36 90L54 82Z" fill="{GOLD}"/>
<circle cx="60" cy="90" r="6" fill="#8e2424"/></symbol>"""
DEFS = """<defs><pattern id="pt-lattice" width="12" height="12" patternUnits="userSpaceOnUse">
<rect width="12" height="12" fill="#7a1d1d"/>
<path d="M0 6L6 0L12 6L6 12Z" fill="none" stroke="#b5483f" stroke-width="1.2"/>
</pattern></defs>"""


def sprite(faces) -> str:
    """The whole sprite for ``faces`` ((card id, suit, rank) each): pips, figures, faces, back."""
    parts = [f'<symbol id="pt-pip-{suit}" viewBox="0 0 100 100">{art}</symbol>' for suit, art in PIPS.items()]
    parts += [f'<symbol id="pt-fig-{rank}" viewBox="0 0 120 180"><g stroke="{OUTLINE}" stroke-width="1.6" '
              f'stroke-linejoin="round">{art}</g></symbol>' for rank, art in FIGURES.items()]
    parts += [face(card, suit, rank) for card, suit, rank in faces]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" id="{SPRITE_ID}" aria-hidden="true" '
            f'style="position:absolute;width:0;height:0;overflow:hidden">{DEFS}{"".join(parts)}{BACK}</svg>')


def inject(faces):
    """Put the sprite in the page once (outside the screen, which is redrawn)."""
    if by_id(SPRITE_ID):
        return
    holder = document.createElement("div")
    holder.innerHTML = sprite(faces)
    document.body.appendChild(holder.firstChild)


_ART: dict = {}


def art(ref: str):
    """A card's drawing: the sprite's symbol ``ref`` ("o7", "back"), filling the card (built
    once: a finished node may be in several cards)."""
    if ref not in _ART:
        _ART[ref] = el("svg", "pt-art", None, el("use", "", None, href=f"#pt-{ref}"), aria_hidden="true")
    return _ART[ref]
