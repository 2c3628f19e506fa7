"""Play across devices as the player sees it: the host's lobby (each remote seat's invitation and
its answer), the guest's join screen (its name, then its answer), the hand-over of an answer link
opened on the host's own device to the tab that holds the table, the connections' news (a device
gone away, back), and the buttons of all that. ``ui/remote.py`` holds the connections."""
import js
from pyodide.ffi import create_proxy

from match import NAME_MAX
from session import LocalSession
from ui import overlay, storage
from ui.actions import action
from ui.dom import by_id, clear, find, later, mount, morph, set_flag
from ui.html import el
from ui.remote import HANDOFF, STUN, Guest, Host, link, module
from ui.tables.common import emblem

HANDOFF_WAIT_MS = 1500  # how long an answer link waits for a table's tab to take it
_channel: dict = {}


def _qr_box(url: str, label: str):
    """A box the QR code of ``url`` is drawn into once the page has it (``fill_qr``)."""
    return el("div", "qr", None, data_qr=url, data_label=label)


def fill_qr(root) -> None:
    """Draw every QR box under ``root`` (js/qr.mjs, loaded on first use)."""
    boxes = list(root.querySelectorAll("[data-qr]"))
    if not boxes:
        return

    def draw(qr):
        for box in boxes:
            box.innerHTML = qr.svg(box.dataset.qr, box.dataset.label)

    module("qr", draw, lambda error: js.console.warn(f"Tapis: no QR codes: {error}"))


def _link_row(app, url: str):
    """The link as text to copy, and a button that shares it (or copies it)."""
    t = app.t
    field = el("input", "", None, type="text", readonly=True, value=url, aria_label=t("lobby.link"),
               data_link="")
    return el("div", "invite-link", None, field,
              el("button", "btn", t("lobby.share"), type="button", data_action="share", data_url=url))


def _screen(app, node):
    """Show ``node`` as the screen, in place when the same screen is already up (a status
    changed: what the player typed stays; the QR codes are drawn again)."""
    shown = find(app.screen, f":scope > section.{node.attrs['class'].split()[0]}")
    return morph(shown, node) if shown is not None else mount(clear(app.screen), node)


def render_host(app, host, resume: bool) -> None:
    t, m = app.t, host.session
    box = el("section", "lobby", None, aria_labelledby="lobby-title")
    box.appendChild(el("h2", "", t("lobby.title", game=app.game_name(m.game.id)), id="lobby-title"))
    box.appendChild(el("p", "lobby-hint", t("lobby.hint")))
    seats = el("ol", "lobby-seats")
    for i in range(len(m.seats)):
        seats.appendChild(_host_seat(app, host, i))
    box.appendChild(seats)
    stun = el("input", "", None, type="checkbox", data_setting="stun", checked=app.prefs.get("stun") is True)
    box.appendChild(el("label", "check stun", None, stun, el("span", "", t("lobby.stun", server=STUN.split(":")[1]))))
    start = el("button", "btn primary", t("lobby.resume" if resume else "lobby.start"), type="button",
               data_action="lobby-start", aria_disabled=str(not host.ready()).lower())
    box.appendChild(el("div", "buttons start-bar", None,
                       el("button", "btn", t("btn.home"), type="button", data_action="home"), start))
    fill_qr(_screen(app, box))


def _host_seat(app, host, i: int):
    t, m = app.t, host.session
    remote = host.seats.get(i)
    status = remote.status if remote is not None else ("here" if m.seats[i]["kind"] == "human" else "computer")
    item = el("li", "lobby-seat", None, data_seat=i, data_status=status)
    item.appendChild(el("p", "seat-head", None, emblem(app, i), el("span", "seat-name", app.seat_name(i)),
                        el("span", "lobby-status", t(f"lobby.status.{status}"))))
    if remote is None or status == "connected":
        return item
    if status == "no_path":
        item.appendChild(el("p", "lobby-problem", t("remote.no_path")))
    if remote.code and status in ("waiting", "no_path"):
        url = link("join", remote.code)
        item.appendChild(_qr_box(url, t("lobby.qr", name=app.seat_name(i))))
        item.appendChild(_link_row(app, url))
        field = el("input", "", None, type="text", id=f"answer{i}", autocomplete="off", spellcheck="false",
                   data_answer=i)
        item.appendChild(el("div", "answer", None,
                            el("label", "", t("lobby.answer"), field),
                            el("div", "buttons", None,
                               el("button", "btn primary", t("lobby.take"), type="button",
                                  data_action="take-answer", data_seat=i),
                               el("button", "btn", t("lobby.scan"), type="button", data_action="scan",
                                  data_seat=i))))
    if status in ("lost", "away", "no_path"):
        item.appendChild(el("div", "buttons", None,
                            el("button", "btn", t("remote.reinvite"), type="button", data_action="reinvite",
                               data_seat=i),
                            el("button", "btn", t("remote.to_computer"), type="button",
                               data_action="to-computer", data_seat=i)))
    return item


def render_guest(app, guest) -> None:
    t, offer = app.t, guest.offer
    box = el("section", "join", None, aria_labelledby="join-title")
    box.appendChild(el("h2", "", t("join.title", game=app.game_name(offer.game)), id="join-title"))
    host = offer.name or t("join.host")
    box.appendChild(el("p", "", t("join.seat", n=offer.seat + 1, host=host)))
    status = guest.status
    if status == "join":
        field = el("input", "", None, id="join-name", maxlength="24", autocomplete="nickname",
                   value=app.prefs.get("name", "") if isinstance(app.prefs.get("name"), str) else "")
        box.appendChild(el("label", "join-name", t("join.name"), field))
        box.appendChild(el("div", "buttons start-bar", None,
                           el("button", "btn", t("btn.home"), type="button", data_action="home"),
                           el("button", "btn primary", t("join.join"), type="button", data_action="join")))
    else:
        box.appendChild(el("p", "lobby-status", t(f"join.status.{status}", host=host), role="status"))
        if status == "connected":
            box.appendChild(el("p", "", t("join.wait_start", host=host)))
        if status in ("answered", "no_path") and guest.code:
            url = link("answer", guest.code)
            box.appendChild(el("p", "", t("join.show", host=host)))
            box.appendChild(_qr_box(url, t("join.qr")))
            box.appendChild(_link_row(app, url))
        box.appendChild(el("div", "buttons start-bar", None,
                           el("button", "btn", t("btn.home"), type="button", data_action="home")))
    fill_qr(_screen(app, box))


# --- an answer link opened on the host's device ----------------------------------------------
def listen_for_answers(take) -> None:
    """The table's tab takes answers that links opened in other tabs of this device hand over:
    ``take(code)`` returns True when it took one (the other tab is told)."""
    channel = _open_channel()

    def on_message(event):
        code = str(event.data)
        if not code.startswith("taken:") and take(code):
            channel.postMessage("taken:" + code)

    channel.onmessage = create_proxy(on_message)


def hand_over(app, code: str) -> None:
    """Give an answer link's code to the tab of this device that holds the table; say whether
    one took it."""
    channel = _open_channel()
    taken = []

    def on_message(event):
        if str(event.data) == "taken:" + code:
            taken.append(True)
            app.notify("remote.handed")

    channel.onmessage = create_proxy(on_message)
    channel.postMessage(code)
    later(HANDOFF_WAIT_MS, lambda: None if taken else app.notify("remote.no_table"))


def _open_channel():
    if "channel" not in _channel:
        _channel["channel"] = js.BroadcastChannel.new(HANDOFF)
    return _channel["channel"]


# --- sharing and scanning ---------------------------------------------------------------------
def share(app, url: str) -> None:
    """The phone's share sheet where the browser has one, else the clipboard."""
    if hasattr(js.navigator, "share"):
        js.navigator.share(js.Object.fromEntries([["url", url]])).then(lambda _: None, lambda _: None)
    elif hasattr(js.navigator, "clipboard"):
        js.navigator.clipboard.writeText(url).then(lambda _: app.notify("lobby.copied"),
                                                   lambda _: app.notify("lobby.copy_failed"))
    else:
        app.notify("lobby.copy_failed")


def scan(app, take) -> None:
    """The camera, in a dialog, until it reads a QR code: ``take(text)`` gets it."""
    video = el("video", "scan-video", None, muted=True, playsinline=True, aria_label=app.t("lobby.scan_label"))
    overlay.show(app.t("lobby.scan_title"), video, app.t("lobby.scan_body"),
                 buttons=[(app.t("btn.cancel"), "scan-stop")], escape="scan_stop", cls="scan")
    live = by_id("overlay").querySelector("video")

    def started(qr):
        reading = qr.scan(live)
        app.scanning = reading
        reading.result.then(lambda text: (overlay.hide(), take(str(text))), failed)

    def failed(error):
        if app.scanning is not None and str(getattr(error, "message", "")) != "stopped":
            overlay.hide()
            app.notify("lobby.no_camera")
        app.scanning = None

    module("qr", started, failed)


# --- the page's side ---------------------------------------------------------------------------
def host(app, session: LocalSession, new: bool) -> bool:
    """A match with seats on other devices first shows its lobby, with fresh invitations: True
    when it did (its table comes once every remote seat is connected). A rematch of the same
    seats goes on over the same connections."""
    link_ = app.link
    if isinstance(link_, Host) and link_.keeps(session):
        link_.session = session
        return False
    if link_ is not None and not (isinstance(link_, Host) and link_.session is session):
        app.end_link()
    if not session.remotes() or app.link is not None:
        return False
    app.link = Host(app, session, new)
    listen_for_answers(lambda code: take_answer(app, code))
    app.link.invite_all()
    show_lobby(app)
    return True


def join(app, offer, game) -> None:
    """An invitation opened: this device will play one seat of another's match."""
    app.link = Guest(app, offer, game)
    app.leave_table()
    app.form = None
    app.lobby_up = True
    render_guest(app, app.link)
    set_flag("state", "join")


def show_lobby(app) -> None:
    """The host's lobby: of a match not begun yet, or of one under way (``Host.new``)."""
    app.leave_table()
    app.form = None
    app.lobby_up = True
    # A reload in the lobby of a match under way comes back to it.
    storage.set_at_table(None if app.link.new else app.link.session.game.id)
    render(app)
    set_flag("state", "lobby")


def render(app) -> None:
    """The lobby or the join screen drawn again (a connection's news, another language)."""
    if isinstance(app.link, Host):
        render_host(app, app.link, resume=not app.link.new)
    else:
        render_guest(app, app.link)


def menu_buttons(app) -> list:
    """The in-game menu's entries of play across devices: the host sees the invitations."""
    return [(app.t("remote.invitations"), "lobby")] if isinstance(app.link, Host) else []


def seats_changed(app, changed: int | None = None) -> None:
    """A connection's news: the lobby or join screen shows it; at a table, the host is asked
    what to do with a seat whose device went away (wait, invite it again, or give it to a
    computer), and told when it comes back; a guest is told how its connection stands."""
    link_ = app.link
    if app.lobby_up:
        render(app)
    elif isinstance(link_, Guest):
        if link_.status in ("away", "lost", "connected"):
            app.notify(f"join.status.{link_.status}", host=link_.offer.name or app.t("join.host"))
    elif isinstance(link_, Host) and changed in link_.seats and app.loop is not None:
        name, status = app.seat_name(changed), link_.seats[changed].status
        if status == "connected":
            if find(by_id("overlay"), f".away-{changed}") is not None:
                overlay.hide()
            app.notify("remote.back", name=name)
        elif status in ("away", "lost"):
            t, attrs = app.t, {"data-seat": str(changed)}
            overlay.show(t(f"remote.{status}_title", name=name), t("remote.lost_body", name=name),
                         buttons=[(t("remote.wait"), "close"), (t("remote.reinvite"), "reinvite", attrs),
                                  (t("remote.to_computer"), "to-computer", attrs)],
                         cls=f"away-{changed}", escape="close")


def take_answer(app, code: str) -> bool:
    """An answer handed over by a link opened in another tab of this device."""
    if not isinstance(app.link, Host) or app.link.take_answer(code) is not None:
        return False
    app.notify("remote.answer_taken")
    return True


def hand_answer(app, text: str) -> None:
    """An answer scanned, or opened as a link in this very tab: taken, or why not, said."""
    problem = app.link.take_answer(text) if isinstance(app.link, Host) else "remote.bad_answer"
    app.notify(problem or "remote.answer_taken")


# --- the buttons -------------------------------------------------------------------------------
@action("several")
def several(app, node) -> None:
    """The new-game screen's "Play on several devices": seats may be on other devices."""
    app.form.several = True
    app.form.render_seats(app.screen, remote=1)  # its first effect: a friend's device


@action("lobby")
def to_lobby(app, node) -> None:
    overlay.hide()
    show_lobby(app)


@action("lobby-start")
def lobby_start(app, node) -> None:
    if not app.link.ready():
        app.notify("remote.not_ready")
        return
    new, app.link.new = app.link.new, False
    app.open_table(app.link.session, new=new)


@action("take-answer")
def take_typed_answer(app, node) -> None:
    field = find(app.screen, f'[data-answer="{node.dataset.seat}"]')
    problem = app.link.take_answer(str(field.value))
    app.say(app.t(problem) if problem else "")


@action("scan")
def start_scan(app, node) -> None:
    def scanned(text: str) -> None:
        app.scanning = None
        hand_answer(app, text)

    scan(app, scanned)


@action("scan-stop", "scan_stop")
def stop_scan(app, node) -> None:
    if app.scanning is not None:
        reading, app.scanning = app.scanning, None
        reading.stop()
    overlay.hide()


@action("share")
def share_link(app, node) -> None:
    share(app, node.dataset.url)


@action("reinvite")
def reinvite(app, node) -> None:
    overlay.hide()
    app.link.invite(int(node.dataset.seat))
    show_lobby(app)


@action("to-computer")
def to_computer(app, node) -> None:
    overlay.hide()
    app.link.to_computer(int(node.dataset.seat), "medium")
    if app.lobby_up:
        render(app)
    else:
        app.loop.advance()


@action("join")
def join_table(app, node) -> None:
    name = str(find(app.screen, "#join-name").value).strip()[:NAME_MAX]
    if name:
        app.write_pref("name", name)
    app.link.join(name)
    render_guest(app, app.link)
