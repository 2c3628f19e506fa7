"""Devices for the tests of play across devices: one Chromium, a browser context per device,
WebRTC data channels between them inside the network namespace `make test` runs in
(scripts/netns.sh; no STUN, no packet off this machine). A device's page records every message
it receives; a host's lobby, a guest's answer and a move by a tap are a call each."""
import base64
import subprocess
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from ai import think
from engine.save import parse
from helpers import en, still, stored, use_prefs, violations
from match import Match

READY = "html[data-ready]"
SDP = Path(__file__).resolve().parents[1] / "data" / "sdp"
PREFS = {"speed": "fast", "lang": "en"}
# Each page records every message its connections deliver, as it arrived (js/peer.mjs fires
# "tapis-peer"), and, for the message of a seat that never connects, its other peer events, what
# each of its connections went through ("connection 1, 230 ms: iceConnectionState checking"),
# what it sent on a data channel and its console warnings (a hello refused says why there).
RECORD = """window.__received = [];
window.__rtc = [];
window.addEventListener('tapis-peer', (e) => {
    const { id, kind, data } = e.detail;
    if (kind === 'message') window.__received.push(data);
    else window.__rtc.push(`tapis-peer ${id} ${kind} ${data ?? ''}`);
});
window.RTCPeerConnection = class extends window.RTCPeerConnection {
    static made = 0;
    constructor(...args) {
        super(...args);
        const number = ++window.RTCPeerConnection.made, begun = performance.now();
        const ms = () => Math.round(performance.now() - begun);
        for (const state of ['signalingState', 'iceGatheringState', 'iceConnectionState', 'connectionState']) {
            this.addEventListener(`${state.replace(/State$/, '').toLowerCase()}statechange`, () =>
                window.__rtc.push(`connection ${number}, ${ms()} ms: ${state} ${this[state]}`));
        }
    }
};
const send = RTCDataChannel.prototype.send;
RTCDataChannel.prototype.send = function (data) {
    window.__rtc.push(`sent on a ${this.readyState} channel: ${String(data).slice(0, 60)}`);
    return send.call(this, data);
};
const warn = console.warn;
console.warn = (...args) => { window.__rtc.push(`console.warn ${args.join(' ')}`); warn(...args); };"""


@pytest.fixture(autouse=True)
def in_namespace():
    """WebRTC finds a path between two pages only through the namespace's veth pair: outside it,
    these tests would reach the machine's real interfaces, which they must never do."""
    addresses = subprocess.run(["ip", "-o", "-4", "addr"], capture_output=True, text=True).stdout
    if "10.213.0." not in addresses:
        pytest.fail("run inside the test network namespace: scripts/netns.sh pytest ...", pytrace=False)


def device(new_context, **kwargs):
    # Camera and microphone allowed: only then does Chromium gather candidates in the namespace,
    # which has no default route (scripts/netns.sh).
    context = new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                          permissions=["camera", "microphone"], **kwargs)
    use_prefs(context, **PREFS)
    context.add_init_script(RECORD)
    return context.new_page()


def open_page(page, url):
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=60_000)


def host_lobby(page, base_url, game, seed, kinds, players=None):
    """The host's new-game screen: "Play on several devices", the seats, then the lobby."""
    open_page(page, base_url + f"?game={game}&seed={seed}")
    page.click('[data-action="several"]')
    if players is not None:
        page.select_option('[data-option="players"]', str(players))
    for i, kind in enumerate(kinds):
        page.select_option(f'[name="kind{i}"]', kind)
    page.click('[data-action="start"]')
    expect(page.locator("html")).to_have_attribute("data-state", "lobby")


def invitation(host, seat: int) -> str:
    row = host.locator(f'.lobby-seat[data-seat="{seat}"]')
    expect(row).to_have_attribute("data-status", "waiting", timeout=15_000)
    return row.locator("[data-link]").input_value()


def join(guest, link: str, name: str) -> str:
    """The guest opens the invitation, types a name, joins; returns its answer's link."""
    open_page(guest, link)
    expect(guest.locator("html")).to_have_attribute("data-state", "join")
    assert violations(guest) == []
    guest.fill("#join-name", name)
    guest.click('[data-action="join"]')
    answer = guest.locator(".join [data-link]")
    expect(answer).to_be_visible(timeout=15_000)
    return answer.input_value()


READ_QR = """async (png) => {
    await import("./vendor/qr/jsQR.js");
    const image = new Image();
    image.src = `data:image/png;base64,${png}`;
    await image.decode();
    const canvas = Object.assign(document.createElement("canvas"), {width: image.width, height: image.height});
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    return jsQR(pixels, image.width, image.height, {inversionAttempts: "dontInvert"})?.data ?? null;
}"""


def read_qr(page, box) -> str:
    """What a phone's camera would read off a QR code on the page (the vendored reader, on a
    screenshot of it as drawn)."""
    return page.evaluate(READ_QR, base64.b64encode(box.screenshot()).decode())


def connect(host, guest, seat: int, name: str, path: str) -> float:
    """A guest connected through ``path`` ("paste": the host pastes the answer; "link": the host
    opens the answer's link in another tab of its device; "hash": in its own tab, whose address
    the link then differs from by the fragment alone); the seconds from the answer taken to the
    seat shown connected."""
    return take_answer(host, guest, seat, join(guest, invitation(host, seat), name), path)


def take_answer(host, guest, seat: int, answer: str, path: str) -> float:
    assert "#answer=" in answer
    begun = time.monotonic()
    if path == "paste":
        host.fill(f'[data-answer="{seat}"]', answer)
        host.click(f'[data-action="take-answer"][data-seat="{seat}"]')
    elif path == "hash":  # no new load, as for any such link: the page takes it in place
        host.evaluate("(answer) => { location.hash = answer.split('#')[1]; }", answer)
        expect(host.locator("#notice")).to_have_text(en("remote.answer_taken"))
    else:
        tab = host.context.new_page()
        open_page(tab, answer)
        expect(tab.locator("#notice")).to_have_text(en("remote.handed"))
        tab.close()
    try:
        expect(host.locator(f'.lobby-seat[data-seat="{seat}"]')).to_have_attribute("data-status", "connected",
                                                                                   timeout=20_000)
    except AssertionError as err:
        traces = "\n".join(f"{who}: {page.evaluate('window.__rtc')}, received {page.evaluate('window.__received')}"
                            for who, page in (("host", host), ("guest", guest)))
        raise AssertionError(f"{err}\n{traces}") from None
    took = time.monotonic() - begun
    expect(guest.locator(".join .lobby-status")).to_have_text(en("join.status.connected", host=en("join.host")))
    return took


def play_one(page) -> bool:
    """One move as a player taps it: a card to pick up and a lit place to put it, or a card or
    pile that acts by itself (turn a card, draw, answer a question). False when the page was not
    waiting for its player any more once the table stood still (the match moved on)."""
    still(page)
    if page.get_attribute("html", "data-state") != "human":
        return False
    source = page.locator("#screen [data-drag]").first
    if source.count():
        source.tap()
        # A face-down place first where there is one (Zéro Pointé): the round moves on to its end.
        down = page.locator("#screen [data-legal].down")
        (down if down.count() else page.locator("#screen [data-legal]")).first.tap()
    else:
        page.locator('#screen [data-action="move"]:not([disabled])').first.tap()
    return True


def replayed(host) -> Match:
    """The host's match, replayed here from its save (the host's device is the authority)."""
    return Match.load(parse(stored(host)), think)


def send_raw(page, peer_id: str, text: str):
    """``text`` straight onto ``page``'s data channel ``peer_id``, as a modified page could."""
    page.evaluate("async ([id, t]) => (await import('./js/peer.mjs')).send(id, t)", [peer_id, text])


def peer_ids(page) -> list:
    """The ids of ``page``'s connections that opened, in order (the host's: one per guest)."""
    return [line.split()[1] for line in page.evaluate("window.__rtc") if line.endswith(" open ")]
