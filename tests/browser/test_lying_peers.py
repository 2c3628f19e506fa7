"""Play across devices that no device can bend (issue 45): a guest's two moves at once at a round
end, a guest flooding its channel while another plays on, and a host that lies to its guest.
Devices as in test_multi_device.py (tests/browser/devices.py); what a lying device sends goes
straight onto its data channel, as a modified page could."""
import json
import re

from devices import PREFS, connect, device, host_lobby, in_namespace, peer_ids, play_one, replayed, send_raw  # noqa: F401
from playwright.sync_api import expect

from ai import think
from helpers import en, resume, stored_moves, wait_state
from match import Match
from net import wire
from session import LocalSession

MARKUP = '<img src=x onerror="window.__pwned=1">'


def _moves(page) -> int:
    return stored_moves(page)


def test_two_moves_sent_at_once_at_a_round_end_are_played_for_their_sender_or_refused(new_context, base_url,
                                                                                     open_app):
    """Punttu, 3 players, the third seat deals, the second plays on a guest's phone: at the end of
    the first deal, with the host's result still open, the guest sends two cards at once. The
    first is played for the guest; the second is refused back to it (one move at a time), never
    played for the seat on turn after it."""
    match = Match.new("punttu", {"players": 3, "match": "to_points", "dealer": 2}, "race",
                      [{"kind": "human", "name": ""}, {"kind": "remote", "name": "Ane"},
                       {"kind": "easy", "name": ""}], think=think)
    while len(match.moves) < 36:
        match.play(match.computer_move() if match.to_move == 2 else match.legal_moves()[0])
    host, guest = device(new_context), device(new_context)
    resume(host, base_url, open_app, match.dump(), PREFS, "lobby")
    connect(host, guest, 1, "Ane", "paste")
    host.click('[data-action="lobby-start"]')
    while not (host.locator(".dialog.round-end").count() and guest.locator(".dialog.round-end").count()):
        if not any(page.get_attribute("html", "data-state") == "human" and play_one(page) for page in (host, guest)):
            host.wait_for_timeout(50)
    ended = replayed(host)
    assert len(ended.moves) == 39 and ended.to_move == 1  # the guest leads the next deal
    first, second = ended.view(1)["hand"][:2]
    guest.evaluate("""async ([a, b]) => {
        const peer = await import('./js/peer.mjs');
        peer.send('host', a);
        peer.send('host', b);
    }""", [wire.move(f"play {first}", 39), wire.move(f"play {second}", 39)])
    # The second is refused back: one move at a time, or not its turn once the first was played.
    expect(guest.locator("#notice")).to_have_text(re.compile(f"^({re.escape(en('remote.busy'))}|{re.escape(en('remote.not_your_turn'))})$"))
    host.wait_for_function("JSON.parse(localStorage.getItem('tapis.save.punttu')).moves.length === 40")
    assert replayed(host).moves[39] == f"play {first}"  # played behind the host's open result
    expect(host.locator(".dialog.round-end")).to_be_visible()
    host.click('.dialog [data-action="round-seen"]')
    host.wait_for_function("JSON.parse(localStorage.getItem('tapis.save.punttu')).moves.length >= 41")
    after = replayed(host)
    assert after.game.to_move(after.states[40]) == 2 and after.moves[40] != f"play {second}"


FLOOD = """async (count) => {
    const peer = await import('./js/peer.mjs');
    peer.send('host', new Uint8Array([1, 2, 3]));  // binary data: not one of Tapis's messages
    for (let i = 0; i < count; i++) peer.send('host', '{"v":1,"kind":"move","move":' + i + '}');
}"""


def _counted(warning: str) -> int:
    """How many dropped messages a host's warning stands for."""
    many = re.search(r"dropped: (\d+) (?:more bad messages|messages over the rate)$", warning)
    return int(many.group(1)) if many else 1


def test_a_guest_flooding_its_channel_costs_the_host_a_line_and_the_other_guest_plays_on(new_context, base_url):
    host, loud, honest = device(new_context), device(new_context), device(new_context)
    host_lobby(host, base_url, "punto", "flood", ["human", "remote", "remote"], players=3)
    connect(host, loud, 1, "Loud", "paste")
    connect(host, honest, 2, "Bea", "paste")
    host.click('[data-action="lobby-start"]')
    wait_state(honest, "human", "remote")
    host.evaluate("""() => { window.__busy = 0;
        new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__busy += e.duration; })
            .observe({type: 'longtask'}); }""")
    loud.evaluate(FLOOD, 5000)
    expect(loud.locator("#notice")).to_have_text(en("remote.unread"))  # told, a few times at most
    # Every device plays on, the honest guest by taps: six moves, two each.
    while _moves(host) < 6:
        if not any(page.get_attribute("html", "data-state") == "human" and play_one(page)
                   for page in (host, loud, honest)):
            host.wait_for_timeout(50)
    played = replayed(host)
    assert [played.game.to_move(state) for state in played.states[:6]].count(2) == 2  # the honest guest's
    # Every one of the 5,001 is accounted for, once: one by one, or in a line that counts them (the
    # page's own and peer.mjs's, in whichever order their seconds end).
    for _ in range(100):
        warned = [line for line in host.evaluate("window.__rtc") if "a message from seat 2 was dropped" in line]
        if sum(_counted(line) for line in warned) >= 5001:
            break
        host.wait_for_timeout(100)
    print(f"\n5,000 bad messages and binary data: {len(warned)} warnings on the host, its main thread in"
          f" long tasks {host.evaluate('window.__busy'):.0f} ms")
    assert "not text" in warned[0]  # the binary data, said like any bad message
    assert 1 < len(warned) <= 10 and sum(_counted(line) for line in warned) == 5001
    unread = [m for m in loud.evaluate("window.__received") if json.loads(m)["kind"] == "unread"]
    assert 1 <= len(unread) <= 10
    assert not [m for m in honest.evaluate("window.__received") if json.loads(m)["kind"] in ("unread", "refused")]


def test_a_guest_refuses_what_a_lying_host_sends_and_never_runs_its_markup(new_context, base_url):
    host, guest = device(new_context), device(new_context)
    host_lobby(host, base_url, "punttu", "liar", ["human", "remote"])
    connect(host, guest, 1, "Ane", "paste")
    host.click('[data-action="lobby-start"]')
    wait_state(guest, "human", "remote")
    (channel,) = peer_ids(host)
    session = LocalSession(replayed(host))
    honest = json.loads(wire.state_for(session, 1))
    drawn = guest.get_attribute("html", "data-drawn")

    def lie(message: dict | str, dropped=True):
        guest.evaluate("() => { document.getElementById('notice').textContent = ''; }")
        send_raw(host, channel, message if isinstance(message, str) else json.dumps(message))
        if dropped:
            expect(guest.locator("#notice")).to_have_text(en("remote.dropped_host"))

    view = honest["view"]
    lie({**honest, "view": {k: v for k, v in view.items() if k != "hand"}})  # a view of the wrong shape
    lie({**honest, "view": {**view, "hand": [7]}})
    lie({**honest, "game": "punto"})  # another game
    lie({**honest, "view": {**view, "seat": 0}})  # another seat's view
    lie({**honest, "seats": honest["seats"] + [{"kind": "easy", "name": ""}]})  # another table
    lie({**honest, "view": {**view, "to_move": 5}})
    lie('{"v":1,"kind":"state","x":"' + "y" * 260_000 + '"}')  # too long
    lie("[" * 10_000 + "]" * 10_000)  # too deep
    lie(json.dumps({**honest, "kind": "refused"}))  # a refusal with a state's fields
    assert guest.get_attribute("html", "data-drawn") == drawn  # none of it was drawn
    # Markup in a name and in a refusal's words is text, never HTML.
    named = {**honest, "seats": [{"kind": "human", "name": MARKUP[:24]}, honest["seats"][1]]}
    lie(named, dropped=False)
    expect(guest.locator(".seat-strip .seat-name")).to_have_text(MARKUP[:24])
    lie({"v": 1, "kind": "refused", "reason": "remote.refused", "params": {"name": MARKUP}, "n": 0}, dropped=False)
    lie({"v": 1, "kind": "refused", "reason": "remote.lost_title", "params": {"name": MARKUP}, "n": 0},
        dropped=False)
    expect(guest.locator("#notice")).to_have_text(en("remote.lost_title", name=MARKUP))
    assert guest.evaluate("window.__pwned === undefined && !document.querySelector('img[src=x]')")
    # Then the host's true word again: the guest plays on.
    send_raw(host, channel, json.dumps(honest))
    if wait_state(guest, "human", "remote") == "remote":
        play_one(host)
    wait_state(guest, "human")
    before = len(replayed(host).moves)
    play_one(guest)
    host.wait_for_function(f"JSON.parse(localStorage.getItem('tapis.save.punttu')).moves.length > {before}")
