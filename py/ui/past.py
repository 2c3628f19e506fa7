"""The history screen: a game's statistics (per opponent, a chart of the results over time, where
the player stands) and its matches, newest first, each with its replay and a link to share; the
whole history as a file, out and in. Reached from the home page and from each game's menu.
The numbers come from records.stats; this draws them."""
import js

from games import registry
from i18n import sentence
from records import stats as figures
from records.history import Record
from ui import modules, overlay
from ui.actions import action
from ui.dom import by_id, clear, find, mount, set_flag
from ui.html import el

SHOWN = 50  # matches listed at once (the newest): the statistics count them all
CHART = 30  # results the chart draws (the newest)


def show(app, game_id: str | None = None) -> None:
    """The history of ``game_id`` (else the game of the last match kept, else the first)."""
    app.leave_table()
    app.end_link()
    app.form = None
    games = registry.catalogue()
    if game_id is None or game_id not in games:
        kept = sorted(app.saves.history.everything(), key=lambda r: r["ended"])
        game_id = kept[-1]["game"] if kept else games[0]
    records = app.saves.history.records(game_id)
    t = app.t
    page = el("section", "past", None, data_game=game_id, aria_labelledby="past-title")
    page.appendChild(el("h2", "", t("history.title"), id="past-title"))
    picker = el("select", "", None, data_setting="history-game", aria_label=t("history.game"))
    for g in games:
        picker.appendChild(el("option", "", app.game_name(g), value=g, selected=g == game_id))
    page.appendChild(el("label", "past-game", t("history.game"), picker))
    page.appendChild(_statistics(app, game_id, records))
    page.appendChild(_matches(app, records))
    page.appendChild(el("div", "buttons start-bar", None,
                        el("button", "btn", t("btn.home"), type="button", data_action="home"),
                        el("button", "btn", t("history.export"), type="button", data_action="history-export"),
                        el("label", "btn file", t("history.import"),
                           el("input", "sr-only", None, type="file", accept=".json,application/json",
                              data_setting="history-import"))))
    draw_charts(mount(clear(app.screen), page))
    set_flag("state", "history")


def _statistics(app, game_id: str, records: list[Record]):
    t, found = app.t, figures.stats(records, game_id)
    box = el("section", "past-stats", None, aria_labelledby="stats-title")
    box.appendChild(el("h3", "", t("history.stats.title"), id="stats-title"))
    if not found.lines:
        box.appendChild(el("p", "", t("history.stats.none")))
        return box
    if found.advice is not None:
        key, params = found.advice
        named = {k: t(f"seat.level.{v}") if k in ("level", "next") else v for k, v in params.items()}
        box.appendChild(el("p", "advice", t(key, **named)))
    game = registry.get(game_id)
    heads = ["against", "played", "won", "rate", "streak"] + (["per_round"] if game.counts_points else [])
    head = el("tr", "", None, *(el("th", "", t(f"history.stats.{h}"), scope="col") for h in heads))
    body = el("tbody")
    order = [figures.ALL, *game.levels, figures.PEOPLE]
    for key in [k for k in order if k in found.lines]:
        line = found.lines[key]
        cells = [str(line.played), str(line.won), t("history.stats.percent", n=round(100 * line.rate)),
                 t("history.stats.streaks", now=line.streak, best=line.best_streak)]
        if game.counts_points:
            per = line.per_round
            cells.append("–" if per is None else t("history.stats.points", n=round(per, 1)))
        body.appendChild(el("tr", "", None, el("th", "", sentence(_against(app, key)), scope="row"),
                            *(el("td", "", c) for c in cells)))
    # On a narrow phone the table scrolls sideways: the keyboard reaches it too (a tab stop).
    box.appendChild(el("div", "table-scroll", None, el("table", "stats", None, el("thead", "", None, head), body),
                       tabindex="0", role="group", aria_label=t("history.stats.title")))
    best = found.lines[figures.ALL].best
    if best is not None:
        box.appendChild(el("p", "", t("history.stats.best", date=_date(app, best["ended"]),
                                      result=_result(app, best))))
    box.appendChild(_chart(app, found.results[-CHART:]))
    return box


def _against(app, key: str) -> str:
    if key == figures.ALL:
        return app.t("history.stats.all")
    if key == figures.PEOPLE:
        return app.t("history.stats.people")
    return app.t(f"seat.level.{key}")


def _chart(app, results: list[tuple[int, bool, int]]):
    """The results over time as bars: up for a win, down for a loss, as tall as the margin (a
    picture with a title and a description, and the same as text beside it for screen readers)."""
    t = app.t
    width, height, top = 12 * CHART, 60, max([abs(m) for _, _, m in results] + [1])
    bars = []
    for i, (_, won, margin) in enumerate(results):
        size = max(2, round(28 * abs(margin) / top))
        y = 30 - size if won else 30
        bars.append(f'<rect x="{12 * i + 2}" y="{y}" width="8" height="{size}" class="{"won" if won else "lost"}"/>')
    wins = sum(won for _, won, _ in results)
    words = t("history.stats.chart_words", n=len(results), won=wins)
    svg = (f'<svg viewBox="0 0 {width} {height}" role="img" aria-labelledby="chart-title" class="chart" '
           f'preserveAspectRatio="xMinYMid meet"><title id="chart-title">{_escape(words)}</title>'
           f'<line x1="0" y1="30" x2="{width}" y2="30" class="axis"/>{"".join(bars)}</svg>')
    figure = el("figure", "past-chart", None, data_svg=svg)
    figure.appendChild(el("figcaption", "", words))
    return figure


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _matches(app, records: list[Record]):
    t = app.t
    box = el("section", "past-matches", None, aria_labelledby="matches-title")
    box.appendChild(el("h3", "", t("history.matches"), id="matches-title"))
    if not records:
        box.appendChild(el("p", "", t("history.none")))
        return box
    items = el("ol", "past-list", None, reversed=True)
    newest = sorted(range(len(records)), key=lambda i: -records[i]["ended"])[:SHOWN]
    for i in newest:
        record = records[i]
        item = el("li", "past-match", None, data_result=_outcome(record))
        item.appendChild(el("p", "when", _date(app, record["ended"])))
        item.appendChild(el("p", "who", _players(app, record)))
        item.appendChild(el("p", "result", _result(app, record)))
        item.appendChild(el("div", "buttons", None,
                            el("button", "btn small", t("history.replay"), type="button", data_action="replay",
                               data_game=record["game"], data_index=i),
                            el("button", "btn small", t("history.share"), type="button",
                               data_action="replay-share", data_game=record["game"], data_index=i,
                               disabled=not record["finished"])))
        items.appendChild(item)
    box.appendChild(items)
    return box


def _outcome(record: Record) -> str:
    if not record["finished"]:
        return "unfinished"
    seat = figures.me(record)
    return "won" if seat is not None and record["outcome"] and seat in record["outcome"]["winners"] else "lost"


def _result(app, record: Record) -> str:
    t = app.t
    result = _outcome(record)
    if result == "unfinished":
        return t("history.unfinished", n=record["rounds"])
    outcome = record["outcome"]
    scores = " – ".join(str(s) for s in outcome["scores"]) if outcome is not None else ""
    return t(f"history.{result}", scores=scores)


def _players(app, record: Record) -> str:
    """Who played: names as typed, else "You", "Player n" or the computer's level."""
    t, here = app.t, record["here"]
    names = []
    for i, seat in enumerate(record["seats"]):
        if seat["name"]:
            names.append(seat["name"])
        elif seat["kind"] in ("human", "remote"):
            names.append(t("seat.you") if here == [i] else t("seat.default", n=i + 1))
        else:
            names.append(t("history.computer", level=t(f"seat.level.{seat['kind']}")))
    return " · ".join(names)


def _date(app, ms: int) -> str:
    return str(js.Date.new(ms).toLocaleString(app.lang, js.Object.fromEntries(
        [["dateStyle", "medium"], ["timeStyle", "short"]])))


def draw_charts(root) -> None:
    """SVG charts drawn in place (their markup is built as text: ui.html builds no SVG)."""
    for node in root.querySelectorAll("[data-svg]"):
        node.insertAdjacentHTML("afterbegin", node.dataset.svg)
        node.removeAttribute("data-svg")


# --- the buttons ---------------------------------------------------------------------------------
@action("history")
def open_history(app, node) -> None:
    """The history, once every game's rules are in: they check its records (a game tapped just
    after the start may not have fetched the others' yet), and any game may be picked there."""
    overlay.hide()
    game = node.dataset.game if node is not None and node.hasAttribute("data-game") else None
    modules.load(registry.ids(), lambda: show(app, str(game) if game else None),
                 lambda _error: app.notify("notice.offline_game"))


@action("history-export")
def export(app, node) -> None:
    """The whole history as a file the browser saves (the player's, for a new phone)."""
    blob = js.Blob.new([app.saves.history.export()], js.Object.fromEntries([["type", "application/json"]]))
    link = js.document.createElement("a")
    link.href = js.URL.createObjectURL(blob)
    link.download = "tapis-history.json"
    link.click()
    js.URL.revokeObjectURL(link.href)
    app.notify("history.exported")


def take_file(app, field) -> None:
    """A history file chosen: its records added to this device's, and how many said."""
    files = field.files
    if not files.length:
        return

    def read(text):
        try:
            added, refused = app.saves.history.take(str(text))
        except ValueError as err:
            js.console.warn(f"Tapis: not a history file: {err}")
            app.notify("history.bad_file")
            return
        game = find(app.screen, "section.past")
        show(app, str(game.dataset.game) if game is not None else None)
        app.notify("history.imported", n=added, refused=refused)

    files.item(0).text().then(read, lambda _error: app.notify("history.bad_file"))


def choose_game(app, field) -> None:
    show(app, str(field.value))
    by_id("past-title").focus()
