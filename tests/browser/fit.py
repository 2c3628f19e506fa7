"""What makes a screen fit its screen size, measured in the page (test_fit_sweep.py and
scripts/screenshots.py share it). ``problems(page, touch)`` lists, in words, what a player would
trip over at the page's current size:

- the page scrolls sideways;
- an open dialog leaves the viewport, cuts off part of its content or scrolls it anywhere but
  in its body (a player sees a cut table, not a scroll), shows under 96 px of a body that
  scrolls, or its buttons are out of view;
- on a touch screen, a control or a lit drop target smaller than 44 × 44 CSS px;
- at a table, the player's own area (``[data-own]``), the prompt (``#status``) or, with a card
  held, a lit target outside the viewport (the page scrolled to its top);
- on the new-game form, Start out of view.
"""
TARGET = 44  # px, the smallest touch target (WCAG 2.5.5, Apple's and Google's guides)

MEASURE = r"""({touch, target, W, H}) => {
    scrollTo(0, 0);
    const out = [];
    const name = (n) => (n.id ? "#" + n.id : n.tagName.toLowerCase())
        + [...n.classList].slice(0, 2).map((c) => "." + c).join("")
        + ["data-action", "data-drop", "data-drag", "data-move"].filter((a) => n.hasAttribute(a))
            .map((a) => `[${a}=${n.getAttribute(a)}]`).join("")
        + (n.textContent.trim() ? ` "${n.textContent.trim().slice(0, 24)}"` : "");
    const shown = (n) => {
        const r = n.getBoundingClientRect();
        if (r.width < 1 || r.height < 1 || n.closest(".sr-only, [hidden], [inert]")) return false;
        const s = getComputedStyle(n);
        return s.visibility !== "hidden" && s.display !== "none" && s.opacity !== "0";
    };
    const box = (n) => n.getBoundingClientRect();
    const outside = (r) => r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1;
    const fmt = (r) => `${Math.round(r.width)}×${Math.round(r.height)} at ${Math.round(r.left)},${Math.round(r.top)}`;

    const page = document.documentElement;
    // A phone's browser widens the page to its content rather than scroll it: compare with the
    // screen's own width, not innerWidth.
    const wide = Math.max(page.scrollWidth, innerWidth);
    if (wide > W + 1) out.push(`the page is wider than the screen (${wide} px)`);

    const dialog = document.querySelector("#overlay[open] .dialog");
    if (dialog) {
        const d = box(dialog);
        if (outside(d)) out.push(`dialog leaves the viewport: ${fmt(d)}`);
        // One box scrolls, the dialog's body, between its title and its buttons; any other
        // box that scrolls or cuts its content off hides a part of the result.
        const body = dialog.querySelector(":scope > .dialog-body");
        for (const n of [dialog, ...dialog.querySelectorAll("*")]) {
            if (!shown(n)) continue;
            const s = getComputedStyle(n);
            const over = n.scrollHeight > n.clientHeight + 1 || n.scrollWidth > n.clientWidth + 1;
            if (!over || s.overflow === "visible" || n.matches(".sr-only")) continue;
            if (n !== body || n.scrollWidth > n.clientWidth + 1)
                out.push(`dialog content cut off or scrolled in a box of its own: ${name(n)}`);
        }
        if (body && body.clientHeight < Math.min(body.scrollHeight, 96))
            out.push(`dialog shows too little of its body: ${body.clientHeight} of ${body.scrollHeight} px`);
        for (const b of dialog.querySelectorAll(".buttons .btn")) {
            const r = box(b);
            if (outside(r) || r.bottom > d.bottom + 1 || r.top < d.top - 1)
                out.push(`dialog button out of view: ${name(b)}`);
        }
    }

    const modal = document.querySelector("#overlay[open]");
    if (touch) {
        const controls = "button, a[href], select, input:not([type=hidden]), summary, "
            + "[data-action], [data-drag], [data-legal], [tabindex='0']";
        for (const n of document.querySelectorAll(controls)) {
            if (!shown(n) || (modal && !modal.contains(n))) continue;  // under a modal dialog: out of reach
            const hit = n.matches("input[type=checkbox], input[type=radio]") && n.closest("label") || n;
            const r = box(hit);
            if (r.width + 0.5 < target || r.height + 0.5 < target) out.push(`small target ${fmt(r)}: ${name(n)}`);
        }
    }

    const start = document.querySelector('#screen form.newgame [data-action="start"]');
    if (start && !modal && outside(box(start))) out.push(`Start out of view: ${fmt(box(start))}`);

    const table = document.querySelector("#screen > .table");
    if (table && !modal) {
        const parts = {"own area": "[data-own]", "prompt": "#status", "lit target": "[data-legal]"};
        for (const [what, sel] of Object.entries(parts))
            for (const n of table.querySelectorAll(sel))
                if (shown(n) && outside(box(n))) out.push(`${what} outside the viewport: ${fmt(box(n))} ${name(n)}`);
    }
    return out;
}"""


def problems(page, touch: bool) -> list:
    size = page.viewport_size
    return page.evaluate(MEASURE, {"touch": touch, "target": TARGET, "W": size["width"],
                                   "H": size["height"]})


# Words of ``selector``'s text that the layout broke across lines (words longer than ``longest``
# letters may break: a player's name can be 24 letters with no break point).
SPLIT = r"""([selector, longest]) => {
    const out = [];
    for (const el of document.querySelectorAll(selector)) {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
            const node = walker.currentNode;
            for (const word of node.textContent.matchAll(/\S+/g)) {
                if (word[0].length > longest) continue;
                const range = document.createRange();
                range.setStart(node, word.index);
                range.setEnd(node, word.index + word[0].length);
                const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
                if (tops.size > 1) out.push(word[0]);
            }
        }
    }
    return out;
}"""


def split_words(page, selector: str, longest: int = 14) -> list:
    return page.evaluate(SPLIT, [selector, longest])


# Selects whose chosen option's text is wider than the room the select gives it (a native select
# cuts it off): the text measured in the select's font against its width, less its padding and
# the arrow (about 1.5rem).
CUT_SELECTS = r"""(selector) => {
    const canvas = document.createElement("canvas").getContext("2d");
    const out = [];
    for (const select of document.querySelectorAll(selector)) {
        const style = getComputedStyle(select);
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = select.selectedOptions[0]?.text ?? "";
        const room = select.clientWidth - parseFloat(style.paddingLeft)
            - parseFloat(style.paddingRight) - 1.5 * parseFloat(style.fontSize);
        if (canvas.measureText(text).width > room) out.push(text);
    }
    return out;
}"""


def cut_selects(page, selector: str = "select") -> list:
    return page.evaluate(CUT_SELECTS, selector)
