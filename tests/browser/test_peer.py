"""js/peer.mjs, the WebRTC glue, between two browser contexts (two devices) on one Chromium.

Runs only inside the network namespace scripts/netns.sh makes (`make test` runs pytest there):
lo and a veth pair, 10.213.0.1 and 10.213.0.2, nothing else. Outside one every test fails; it
never skips. Chromium gathers no candidate at all there unless the page holds camera or
microphone permission (then it lists every interface, by address, with no multicast DNS name);
without, it would use the default route's interface, and there is none. So the devices hold that
permission, and one test relies on its absence.
"""
import re
import subprocess

import pytest

PERMISSIONS = ["camera", "microphone"]
NAMESPACE_ADDRESS = re.compile(r"10\.213\.0\.\d+$")
# What a candidate may name here: the veth pair or loopback.
REACHABLE = re.compile(r"(10\.213\.0\.\d+|127\.\d+\.\d+\.\d+)$")
UNREACHABLE = "10.213.0.9"  # on the veth pair's network, held by no one
# Ordered channel: these arrive as sent. The long one is 199,992 bytes of UTF-8: Chromium takes
# messages up to 256 KiB (its SDP's a=max-message-size), and send() says false beyond.
TOO_LONG = 300_000
MESSAGES = [
    "hello",
    "Ève joue ♠♥♦♣, 🂡 et 🃏 — 日本語, ελληνικά, العربية",
    '{"move": [1, 2], "text": "line\\nbreak\\ttab \\"quoted\\""}',
    "Tapis ♠ 10 ♥ dame ♦ roi ♣ 🂡 " * 5128,
]


def _require_namespace():
    """Fails the test unless every IPv4 address here is the namespace's (or loopback)."""
    try:
        listing = subprocess.run(["ip", "-o", "-4", "addr"], capture_output=True, text=True,
                                 check=True).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        pytest.fail(f"`ip -o -4 addr` failed ({error}): cannot tell whether this runs in the "
                    "test network namespace", pytrace=False)
    addresses = [line.split()[3].split("/")[0] for line in listing.splitlines()]
    if not any(NAMESPACE_ADDRESS.match(a) for a in addresses) \
            or not all(REACHABLE.match(a) for a in addresses):
        pytest.fail(f"not inside the test network namespace (addresses: {addresses}): WebRTC "
                    "tests must not reach this machine's interfaces. Run them through "
                    "scripts/netns.sh (make test does), e.g. scripts/netns.sh .venv/bin/python "
                    "-m pytest tests/browser/test_peer.py", pytrace=False)


@pytest.fixture
def new_device(new_context, base_url, open_app):
    """A new device: the site's page, once ready, with js/peer.mjs imported and its events
    recorded (with the time they came). Checked first, in the test's body (so that it fails,
    not errs): the network namespace."""
    def make(permissions=PERMISSIONS):
        _require_namespace()
        page = open_app(new_context(permissions=permissions).new_page(), base_url)
        page.evaluate("""async () => {
            window.peer = await import("./js/peer.mjs");
            window.peerEvents = [];
            addEventListener("tapis-peer", (e) => peerEvents.push({...e.detail, at: Date.now()}));
        }""")
        return page

    return make


def _wait_event(page, peer_id, kind):
    """The first `kind` event for peer_id (waits for it)."""
    page.wait_for_function(
        "([id, kind]) => peerEvents.some((e) => e.id === id && e.kind === kind)",
        arg=[peer_id, kind])
    return page.evaluate(
        "([id, kind]) => peerEvents.find((e) => e.id === id && e.kind === kind)",
        [peer_id, kind])


def _kinds(page, peer_id):
    return page.evaluate("(id) => peerEvents.filter((e) => e.id === id).map((e) => e.kind)",
                         peer_id)


def _messages(page, peer_id, count):
    page.wait_for_function(
        "([id, n]) => peerEvents.filter((e) => e.id === id && e.kind === 'message').length >= n",
        arg=[peer_id, count])
    return page.evaluate(
        "(id) => peerEvents.filter((e) => e.id === id && e.kind === 'message').map((e) => e.data)",
        peer_id)


def _candidate_addresses(sdp):
    # a=candidate:<foundation> <component> <transport> <priority> <address> <port> typ <type> ...
    return [line.split()[4] for line in sdp.splitlines() if line.startswith("a=candidate:")]


def _connect(host, guest, peer_id):
    """Offer, answer, accept; returns (offer, answer, the time the offer was asked for)."""
    started, offer = host.evaluate(
        "async (id) => [Date.now(), await peer.offer(id, '')]", peer_id)
    answer = guest.evaluate("([id, sdp]) => peer.answer(id, sdp, '')", [peer_id, offer])
    host.evaluate("([id, sdp]) => peer.accept(id, sdp)", [peer_id, answer])
    return offer, answer, started


def test_two_devices_connect_exchange_and_close(new_device):
    host, guest = new_device(), new_device()
    offer, answer, started = _connect(host, guest, "s1")
    for sdp in (offer, answer):
        addresses = _candidate_addresses(sdp)
        assert addresses, sdp
        assert all(REACHABLE.match(a) for a in addresses), addresses  # no .local name either

    opened = [_wait_event(page, "s1", "open")["at"] for page in (host, guest)]
    print(f"\noffer -> open: host {opened[0] - started} ms, guest {opened[1] - started} ms")

    assert host.evaluate("(n) => peer.send('s1', 'x'.repeat(n))", TOO_LONG) is False
    for sender, receiver, messages in ((host, guest, MESSAGES), (guest, host, MESSAGES[::-1])):
        sent = sender.evaluate("(texts) => texts.map((t) => peer.send('s1', t))", messages)
        assert sent == [True] * len(messages)
        assert _messages(receiver, "s1", len(messages)) == messages

    host.evaluate("peer.close('s1')")
    closed = _wait_event(guest, "s1", "closed")
    assert closed["data"]
    assert guest.evaluate("peer.send('s1', 'late')") is False
    assert host.evaluate("peer.send('s1', 'late')") is False
    # The side that closed hears nothing more, the other only "closed".
    assert _kinds(host, "s1") == ["open"] + ["message"] * len(MESSAGES)
    assert _kinds(guest, "s1") == ["open"] + ["message"] * len(MESSAGES) + ["closed"]


def test_unreachable_candidates_end_in_failed(new_device):
    host, guest = new_device(), new_device()
    for page in (host, guest):
        page.evaluate("window.tapisPeerTimeoutMs = 1500")
    # Each side is given the other's description with every address replaced by one nobody
    # holds: no check can succeed, and neither learns a real address from the other.
    def unreachable(sdp):
        return re.sub(r"\b10\.213\.0\.\d+\b", UNREACHABLE, sdp)

    offer = host.evaluate("peer.offer('s2', '')")
    answer = guest.evaluate("(sdp) => peer.answer('s2', sdp, '')", unreachable(offer))
    host.evaluate("(sdp) => peer.accept('s2', sdp)", unreachable(answer))
    for page in (host, guest):
        failed = _wait_event(page, "s2", "failed")
        assert failed["data"], failed
        assert _kinds(page, "s2") == ["failed"]
        assert page.evaluate("peer.send('s2', 'x')") is False


def test_no_candidate_rejects_with_no_path(new_device):
    # No media permission: Chromium offers only the default route's interface, and there is none.
    host = new_device(permissions=[])
    outcome = host.evaluate("peer.offer('s3', '').then(() => 'resolved', (e) => e.message)")
    assert outcome == "no-path"
    assert host.evaluate("peer.send('s3', 'x')") is False
    assert _kinds(host, "s3") == []


def test_a_channel_open_before_accept_returns_stays_open(new_device):
    """The host's accept() resolves only after the channel opened (a busy page): the open
    timeout it then sets must not close a channel that is already open."""
    host, guest = new_device(), new_device()
    host.evaluate("""() => {
        window.tapisPeerTimeoutMs = 1000;
        const set = RTCPeerConnection.prototype.setRemoteDescription;
        RTCPeerConnection.prototype.setRemoteDescription = async function (description) {
            await set.call(this, description);
            // Resolve once the channel is open, as a page busy elsewhere would.
            await new Promise((resolve) => {
                const opened = () => peerEvents.some((e) => e.id === "s4" && e.kind === "open");
                const wait = () => (opened() ? resolve() : setTimeout(wait, 20));
                wait();
            });
        };
    }""")
    offer = host.evaluate("peer.offer('s4', '')")
    answer = guest.evaluate("(sdp) => peer.answer('s4', sdp, '')", offer)
    host.evaluate("(sdp) => peer.accept('s4', sdp)", answer)
    _wait_event(guest, "s4", "open")
    host.wait_for_timeout(2500)  # more than twice the timeout
    assert _kinds(host, "s4") == ["open"]
    assert host.evaluate("peer.send('s4', 'still here')") is True
    assert _messages(guest, "s4", 1) == ["still here"]
