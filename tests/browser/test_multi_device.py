"""Play across devices: one Chromium, a browser context per device, WebRTC data channels between
them inside the network namespace `make test` runs in (scripts/netns.sh; no STUN, no packet off
this machine). The host holds the match; each guest's page and every message it received are
checked against the host's match, replayed here from its save: no card another seat hides."""
import json
import re
import time

import pytest
from devices import (READY, SDP, connect, device, host_lobby, in_namespace, invitation, join, open_page,  # noqa: F401
                     play_one, read_qr, replayed, take_answer)
from playwright.sync_api import expect

from engine.errors import IllegalMove
from helpers import en, violations, wait_state
from match import Match
from net import invite, wire


def shown_cards(view) -> set:
    """Every text of a view: the cards among them are the ones it shows."""
    shown = set()

    def walk(value):
        if isinstance(value, str):
            shown.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(view)
    return shown


def never_shown(match: Match, seat: int) -> list:
    """For each move n, the cards ``seat`` had never been shown up to it: another seat's hand,
    the stock (a card played in sight, then gathered, was shown: not a secret any more)."""
    seen, hidden = set(), []
    for state in match.states:
        seen |= shown_cards(match.game.view(state, seat))
        hidden.append(set(match.game.cards(state)) - seen)
    return hidden


def check_secrets(guest, seat: int, host):
    """The guest's page holds no card its seat may not know; and no message it received ever held
    one: each checked against the host's match at that message's move, replayed from the host's
    save (read last: it holds every move the guest has heard of; the host saves, then sends)."""
    on_page = set(guest.eval_on_selector_all("[data-card]", "ns => ns.map((n) => n.dataset.card)"))
    text = guest.content()
    # Read after the page: the page shows no message newer than these.
    received = [wire.from_host(raw) | {"raw": raw} for raw in guest.evaluate("window.__received")]
    match = replayed(host)
    states = [m for m in received if m["kind"] == "state"]
    secret = never_shown(match, seat)
    hidden = secret[states[-1]["n"]]
    assert not on_page & hidden, f"seat {seat}'s page shows hidden cards {on_page & hidden}"
    assert not [card for card in hidden if f'"{card}"' in text or f">{card}<" in text]
    for message in states:
        assert message["seat"] == seat
        state = match.states[message["n"]]
        assert message["view"] == match.game.view(state, seat)
        leaked = {card for card in secret[message["n"]] if f'"{card}"' in message["raw"]}
        assert not leaked, f"a message to seat {seat} held {leaked}"


def play_until(pages, done, moves=300, after=None):
    """Play whichever device is on turn until ``done()``: each move by a tap on that device
    (then ``after(moves left)``). A device that lost its connection fails the test at once."""
    waits = 0
    while not done():
        for page in pages:
            notice = page.text_content("#notice")
            assert notice != en("remote.not_sent"), f"a device lost its connection: {notice}"
        for page in pages:
            if page.get_attribute("html", "data-state") == "human" and play_one(page):
                moves -= 1
                if after is not None:
                    after(moves)
                break
        else:
            waits += 1
            pages[0].wait_for_timeout(50)  # a computer, or a move on its way between devices
        assert moves > 0 and waits < 2000, "the match did not get there: " + " | ".join(
            f"{p.get_attribute('html', 'data-state')} {p.text_content('#status')!r} {p.text_content('#notice')!r}"
            f" {p.locator('#overlay[open] h2').all_text_contents()}" for p in pages)


def test_a_whole_punttu_deal_between_two_phones(new_context, base_url):
    host, guest = device(new_context), device(new_context)
    host_lobby(host, base_url, "punttu", "far1", ["human", "remote"])
    # The QR code reads back to the invitation's link, which names the game and the seat.
    link = invitation(host, 1)
    assert read_qr(host, host.locator('.lobby-seat[data-seat="1"] .qr svg')) == link
    assert violations(host) == []
    version = host.evaluate("async (link) => (await import('./js/qr.mjs')).version(link)", link)
    print(f"\ninvitation: {len(link.split('#join=')[1])} characters of code, QR version {version}")
    opened = time.monotonic()
    answer = join(guest, link, "Ane")
    assert read_qr(guest, guest.locator(".join .qr svg")) == answer
    assert violations(guest) == []
    expect(guest.locator(".join h2")).to_have_text(en("join.title", game="Punttu"))
    expect(guest.locator(".join h2 + p")).to_have_text(en("join.seat", n=2, host=en("join.host")))
    seconds = take_answer(host, guest, 1, answer, "paste")
    print(f"answer taken to connected: {seconds:.2f} s; link opened to connected, the page's start and"
          f" the name typed included: {time.monotonic() - opened:.1f} s")
    host.click('[data-action="lobby-start"]')
    wait_state(guest, "human", "remote")
    # Each device shows its own seat at the bottom: the guest's hand, named for the host.
    expect(guest.locator(".seat.mine .seat-name")).to_have_text(en("seat.you"))
    expect(host.locator(".seat-strip .seat-name")).to_have_text("Ane")
    assert violations(guest) == []
    moves = 0
    while not host.locator(".dialog.match-end").count():
        for page in (host, guest):
            if page.get_attribute("html", "data-state") == "human" and play_one(page):
                moves += 1
                # Every fourth move and the last but one: the last ends the match, drops its save
                # and shows every card. Each check reads every message the guest received.
                if moves % 4 == 0 and moves < 40 or moves == 39:
                    check_secrets(guest, 1, host)
                break
        else:
            host.wait_for_timeout(50)
        assert moves <= 40
    expect(guest.locator(".dialog.match-end")).to_be_visible()
    assert moves == 40  # 40 cards between two players: every card played by a tap on its own device
    # The guest's move log told the host's moves, and nobody passed a device.
    expect(guest.locator(".movelog li")).not_to_have_count(0)
    assert not host.locator(".dialog.gate").count() and not guest.locator(".dialog.gate").count()
    assert not guest.locator('[data-action="rematch"]').count()  # only the host starts another


def test_a_zero_pointe_round_with_three_devices_through_links(new_context, base_url):
    host, ane, bea = device(new_context), device(new_context), device(new_context)
    host_lobby(host, base_url, "zero-pointe", "far2", ["human", "remote", "remote"], players=3)
    connect(host, ane, 1, "Ane", "link")
    expect(host.locator('[data-action="lobby-start"]')).to_have_attribute("aria-disabled", "true")
    connect(host, bea, 2, "Bea", "paste")
    host.click('[data-action="lobby-start"]')
    pages = (host, ane, bea)

    def round_over():  # the round's end, or the match's if the round ended it
        return all(p.locator(".dialog.round-end, .dialog.match-end").count() for p in pages)

    def check(left):
        if left % 6 == 0:  # while the match is saved (its end drops the save)
            for seat, page in ((1, ane), (2, bea)):
                check_secrets(page, seat, host)

    play_until(pages, round_over, after=check)
    for page in pages:  # every grid shown at the round's end, on every device
        assert page.locator(".zcard.down").count() == 0


def test_refusals_and_a_rejoin_keep_the_match(new_context, base_url):
    host, guest = device(new_context), device(new_context)
    host_lobby(host, base_url, "punttu", "far3", ["human", "remote"])
    connect(host, guest, 1, "Ane", "paste")
    host.click('[data-action="lobby-start"]')
    state = wait_state(guest, "human", "remote")
    if state == "remote":  # the host leads: it plays, then it is the guest's turn
        play_one(host)
        wait_state(guest, "human")
    match = replayed(host)
    mine = match.view(1)["hand"]
    other = next(c for c in match.game.cards(match.state) if c not in mine)

    def send(text):
        guest.evaluate("(t) => window.__tapisPeer.send('host', t)", text)

    # Straight onto the data channel, as a modified page could: a move for another seat (not its
    # turn), an illegal card, a malformed message and an oversized one.
    guest.evaluate("async () => { window.__tapisPeer = await import('./js/peer.mjs'); }")
    n = match.view(1)["ply"]
    send(json.dumps({"v": 1, "kind": "move", "move": "play " + other, "n": n, "seat": 0}))
    send(wire.move("play " + other, n))
    with pytest.raises(IllegalMove) as refused:  # the rules' reason, in the guest's words
        match.game.play(match.state, "play " + other)
    expect(guest.locator("#notice")).to_have_text(en(refused.value.code, **refused.value.params))
    send("{not json")
    send(wire.move("x", n)[:-1] + "x" * 5000 + "}")
    expect(host.locator("#notice")).to_have_text(en("remote.dropped", name="Ane"))
    assert replayed(host).moves == match.moves  # nothing was played
    # The match goes on: the guest plays a real card.
    play_one(guest)
    expect(host.locator(".movelog li").last).to_contain_text("Ane")
    after = replayed(host)
    assert len(after.moves) == len(match.moves) + 1
    hand = after.view(1)["hand"]

    # The guest's phone drops out (its page closed): the host is asked what to do, and invites
    # the seat again. Whether the host hears the channel close (lost) or only stops hearing from
    # it (away) depends on whether the closing page's goodbye got out: both ask the same.
    guest.context.close()
    dialog = host.locator(".dialog")
    gone = "|".join(re.escape(en(f"remote.{status}_title", name="Ane")) for status in ("away", "lost"))
    expect(dialog.locator("h2")).to_have_text(re.compile(f"^({gone})$"), timeout=30_000)
    host.click('.dialog [data-action="reinvite"]')
    again = device(new_context)
    connect(host, again, 1, "Ane", "hash")
    host.click('[data-action="lobby-start"]')
    wait_state(again, "human", "remote")
    shown = again.eval_on_selector_all("#hand [data-card]", "ns => ns.map((n) => n.dataset.card)")
    assert sorted(shown) == sorted(hand)  # the same seat, the same cards

    # The host reloads: the match resumes, with a fresh invitation for the remote seat.
    host.reload()
    host.wait_for_selector(READY, state="attached", timeout=60_000)
    expect(host.locator("html")).to_have_attribute("data-state", "lobby")
    expect(host.locator('[data-action="lobby-start"]')).to_have_text(en("lobby.resume"))
    fresh = device(new_context)
    connect(host, fresh, 1, "Ane", "paste")
    host.click('[data-action="lobby-start"]')
    wait_state(fresh, "human", "remote")
    assert replayed(host).moves == after.moves
    shown = fresh.eval_on_selector_all("#hand [data-card]", "ns => ns.map((n) => n.dataset.card)")
    assert sorted(shown) == sorted(hand)


# A device loses the first message of a kind on its way, as Chromium can while a channel opens.
LOSE_FIRST = """(kind) => {
    window.__said = 0;
    const send = RTCDataChannel.prototype.send;
    RTCDataChannel.prototype.send = function (data) {
        if (String(data).includes(`"kind":"${kind}"`) && ++window.__said === 1) return;
        return send.call(this, data);
    };
}"""


@pytest.mark.parametrize("lost", ["hello", "welcome"])
def test_a_hello_is_said_again_until_the_host_s_welcome_comes(new_context, base_url, lost):
    host, guest = device(new_context), device(new_context)
    (guest if lost == "hello" else host).context.add_init_script(f"({LOSE_FIRST})({json.dumps(lost)})")
    host_lobby(host, base_url, "punto", 5, ["human", "remote"])
    connect(host, guest, 1, "Ane", "paste")
    guest.wait_for_timeout(2500)  # more than twice the time between two hellos
    kinds = {who: [json.loads(m)["kind"] for m in page.evaluate("window.__received")]
             for who, page in (("host", host), ("guest", guest))}
    # Said twice (a hello or its welcome lost), then no more; the seat named as said.
    assert kinds == ({"host": ["hello"], "guest": ["welcome"]} if lost == "hello"
                     else {"host": ["hello", "hello"], "guest": ["welcome"]})
    expect(host.locator('.lobby-seat[data-seat="1"]')).to_contain_text("Ane")
    host.click('[data-action="lobby-start"]')
    wait_state(guest, "human", "remote")  # the match began on both devices


def test_a_new_invitation_opened_in_the_same_tab_shows_its_own_join_screen(new_context, base_url):
    """Two invitation links differ by their fragment alone, which a browser does not load again:
    the page starts again on the new one, its game's join screen (no connection is made)."""
    offer = (SDP / "chromium-offer-srflx.sdp").read_text()
    first, second = (f"{base_url}#join=" + invite.pack("offer", offer, game, 1, "TABLE7", "ABCDEF23", "Léa")
                     for game in ("punto", "punttu"))
    page = device(new_context)
    open_page(page, first)
    expect(page.locator("#join-title")).to_have_text(en("join.title", game=en("punto.name")))
    page.evaluate("(link) => { location.hash = link.split('#')[1]; }", second)
    expect(page.locator("#join-title")).to_have_text(en("join.title", game=en("punttu.name")),
                                                     timeout=60_000)
    expect(page.locator("html")).to_have_attribute("data-state", "join")
    assert "#" not in page.url  # read once, then taken off the address
