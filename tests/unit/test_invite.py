"""net.invite: an offer or answer SDP reduced to what the peer needs, rebuilt, and carried in a
short base32 code; every malformed code or field is a BadInvite.

The SDPs in tests/data/sdp/ are real: headless Chromium (Debian's) made them in a network
namespace (lo, a veth pair 10.213.0.1/24 - 10.213.0.2/24 with fd13::1/64 - fd13::2/64, a default
route onto the pair, nothing else), with ICE gathering complete:
    -v4v6           --disable-features=WebRtcHideLocalIpsWithMdns, no STUN (offer and answer)
    -srflx          the same, with a STUN server in the namespace that answers a made-up
                    mapped address (10.213.0.77, as a NAT would)
    -4host-tcp      a fake microphone granted first: Chromium then gathers on every interface,
                    TCP candidates too
    -all            both of the above (offer and answer)
    -mdns, -mdns-srflx  Chromium's default: host candidates are mDNS .local names
"""
import base64
import random
import re
from pathlib import Path

import pytest

from net import invite
from net.invite import BadInvite, Candidate

SDP = Path(__file__).resolve().parents[1] / "data" / "sdp"

# What each fixture keeps, best first: UDP host and srflx candidates, a host's IP address or mDNS name.
KEPT = {
    "chromium-offer-v4v6": [("host", "fd13::1", 47792), ("host", "10.213.0.1", 56994)],
    "chromium-answer-v4v6": [("host", "fd13::1", 48429), ("host", "10.213.0.1", 48472)],
    "chromium-offer-srflx": [("host", "fd13::1", 41656), ("host", "10.213.0.1", 56768),
                             ("srflx", "10.213.0.77", 57768)],
    "chromium-offer-4host-tcp": [("host", "fd13::1", 43375), ("host", "fd13::2", 51071),
                                 ("host", "10.213.0.1", 53169), ("host", "10.213.0.2", 44101)],
    "chromium-offer-all": [("host", "fd13::1", 34270), ("host", "fd13::2", 52171), ("host", "10.213.0.1", 39426),
                           ("host", "10.213.0.2", 43407), ("srflx", "10.213.0.77", 40426),
                           ("srflx", "10.213.0.77", 44407)],
    "chromium-answer-all": [("host", "fd13::1", 60590), ("host", "fd13::2", 53698), ("host", "10.213.0.1", 49042),
                            ("host", "10.213.0.2", 49989), ("srflx", "10.213.0.77", 50042),
                            ("srflx", "10.213.0.77", 50989)],
    "chromium-offer-mdns": [("host", "5d9a42c3-6651-4dbb-9add-994c97b87636.local", 51112),
                            ("host", "a1d09c0f-66d3-4a96-84d0-5869dee68760.local", 58435)],
    "chromium-offer-mdns-srflx": [("host", "2f822f8e-fade-4d5b-b7a7-af0ee382ca74.local", 48147),
                                  ("host", "26d136d0-746d-40bd-8fe2-29c4624db7b4.local", 45476),
                                  ("srflx", "10.213.0.77", 46476)],
}


def sdp(name: str) -> str:
    return (SDP / f"{name}.sdp").read_bytes().decode()


def kind_of(name: str) -> str:
    return "answer" if "answer" in name else "offer"


def attribute(text: str, name: str) -> str:
    return re.search(rf"^a={name}[: ](\S+)\r?$", text, re.M).group(1)


def test_the_fixtures_are_every_sdp_and_chromium_s_own():
    assert sorted(p.stem for p in SDP.glob("*.sdp")) == sorted(KEPT)
    for name in KEPT:
        text = sdp(name)
        assert text.startswith("v=0\r\n") and "m=application" in text and "webrtc-datachannel" in text
    assert " tcp " in sdp("chromium-offer-4host-tcp") and ".local " in sdp("chromium-offer-mdns")


# --- reduce and expand ---------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(KEPT))
def test_reduce_keeps_the_credentials_the_fingerprint_and_the_usable_candidates(name):
    text = sdp(name)
    reduced = invite.reduce(text, kind_of(name))
    assert reduced.ufrag == attribute(text, "ice-ufrag") and reduced.pwd == attribute(text, "ice-pwd")
    assert reduced.fingerprint == bytes.fromhex(re.search(r"a=fingerprint:sha-256 (\S+)", text)[1].replace(":", ""))
    assert [(c.type, c.address, c.port) for c in reduced.candidates] == KEPT[name]


@pytest.mark.parametrize("name", sorted(KEPT))
def test_expand_makes_a_whole_data_channel_sdp_that_reduces_to_the_same(name):
    kind = kind_of(name)
    reduced = invite.reduce(sdp(name), kind)
    text = invite.expand(kind, reduced)
    lines = text.split("\r\n")
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    for line in ("v=0", "a=group:BUNDLE 0", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
                 "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144",
                 f"a=setup:{'active' if kind == 'answer' else 'actpass'}", "a=end-of-candidates"):
        assert line in lines
    priorities = [int(line.split()[3]) for line in lines if line.startswith("a=candidate:")]
    assert priorities == sorted(priorities, reverse=True) and len(set(priorities)) == len(priorities)
    assert invite.reduce(text, kind) == reduced


def test_an_sdp_s_candidates_that_do_not_travel_are_dropped():
    base = sdp("chromium-offer-v4v6").replace("a=candidate:", "a=x-was-candidate:")
    extra = ["a=candidate:1 2 udp 2113937151 10.0.0.5 5000 typ host",  # component 2
             "a=candidate:1 1 tcp 1518280447 10.0.0.5 9 typ host tcptype active",
             "a=candidate:1 1 udp 41885439 10.0.0.6 3478 typ relay raddr 0.0.0.0 rport 0",
             "a=candidate:1 1 udp 2113937151 0d5b5b6e-2c23-4fb7-9b4b-47b4c3d1f1f1.local 5000 typ srflx",
             "a=candidate:1 1 udp 2113937151 printer.local 5000 typ host",
             "a=candidate:1 1 udp 2113937151 0D5B5B6E-2C23-4FB7-9B4B-47B4C3D1F1F1.local 5000 typ host",
             "a=candidate:1 1 udp 2113937151 fe80::1%eth0 5000 typ host",
             "a=candidate:1 1 udp 2113937151 0.0.0.0 5000 typ host",
             "a=candidate:1 1 udp 2113937151 10.0.0.7 0 typ host",
             "a=candidate:1 1 udp 2113937151 10.0.0.8 70000 typ host",
             "a=candidate:1 1 udp x 10.0.0.9 5000 typ host", "a=candidate:1 1 udp 1 10.0.0.9 5²0 typ host",
             "a=candidate:1 1 udp 2113937151 10.0.0.10 5000",
             "a=candidate:1 1 UDP 1677729535 198.51.100.4 6000 typ srflx raddr 0.0.0.0 rport 0"]
    text = base.replace("a=ice-ufrag", "\r\n".join(extra) + "\r\na=ice-ufrag")
    assert invite.reduce(text, "offer").candidates == (Candidate("srflx", "198.51.100.4", 6000),)


def test_at_most_eight_candidates_the_best_of_each_kind_first():
    lines = [f"a=candidate:{i} 1 udp {2122265343 - i} 2001:db8::{i + 1} {5000 + i} typ host" for i in range(12)]
    lines += ["a=candidate:20 1 udp 2122129151 192.168.1.20 6000 typ host",
              "a=candidate:21 1 udp 1685921535 203.0.113.9 7000 typ srflx raddr 192.168.1.20 rport 6000"]
    text = sdp("chromium-offer-v4v6").replace("a=ice-ufrag", "\r\n".join(lines) + "\r\na=ice-ufrag")
    kept = invite.reduce(text, "offer").candidates
    # by turns: the best of each (IPv6 host, IPv4 host, srflx), then the second best... then by priority
    assert [c.address for c in kept] == [f"2001:db8::{i}" for i in range(1, 6)] + [
        "192.168.1.20", "10.213.0.1", "203.0.113.9"]


# --- pack and unpack -------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(KEPT))
@pytest.mark.parametrize("player", ["", "Zoé", "李小龍", "🂡 Ace of spades 🂡", "x" * 24])
def test_pack_then_unpack_gives_the_same_invitation(name, player):
    kind, text = kind_of(name), sdp(name)
    seat = len(player) % 8
    code = invite.pack(kind, text, "zero_pointe", seat, "TABLE7", "ABCDEF23", player)
    assert re.fullmatch("[A-Z2-7]+", code) and len(code) <= invite.CODE_MAX
    got = invite.unpack(code)
    assert (got.kind, got.game, got.seat, got.table, got.token, got.name) == (
        kind, "zero_pointe", seat, "TABLE7", "ABCDEF23", player)
    assert invite.reduce(got.sdp, kind) == invite.reduce(text, kind)


def test_every_seat_and_both_kinds_round_trip():
    for kind, name in (("offer", "chromium-offer-v4v6"), ("answer", "chromium-answer-v4v6")):
        for seat in range(8):
            got = invite.unpack(invite.pack(kind, sdp(name), "punto", seat, "AAAAAA", "77777777", ""))
            assert (got.kind, got.seat) == (kind, seat)


def test_a_code_typed_by_hand_reads_the_same_in_lower_case_with_spaces():
    code = invite.pack("offer", sdp("chromium-offer-srflx"), "punttu", 3, "QWERTY", "ZXCVBNM2", "Hôte")
    typed = " ".join(code[i:i + 4] for i in range(0, len(code), 4)).lower()
    assert invite.unpack(f"\n {typed}\t") == invite.unpack(code)


def test_the_codes_are_short():
    """An offer for Punttu with no name: a phone's (two mDNS host names, a srflx address), two
    host addresses (IPv6 and IPv4), four (two of each)."""
    lengths = [len(invite.pack("offer", sdp(name), "punttu", 1, "ABCDEF", "ABCDEFGH", ""))
               for name in ("chromium-offer-mdns-srflx", "chromium-offer-v4v6", "chromium-offer-4host-tcp")]
    assert lengths == [183, 154, 194]


def test_the_longest_code_is_within_the_limit():
    lines = [f"a=candidate:{i} 1 udp {2122265343 - i} 2001:db8::{i + 1} {5000 + i} typ host" for i in range(8)]
    text = sdp("chromium-offer-v4v6").replace("a=ice-ufrag", "\r\n".join(lines) + "\r\na=ice-ufrag")
    text = re.sub("a=ice-ufrag:.*", "a=ice-ufrag:" + "u" * 63, re.sub("a=ice-pwd:.*", "a=ice-pwd:" + "p" * 63, text))
    code = invite.pack("offer", text, "z" * 20, 7, "ABCDEF", "ABCDEFGH", "😀" * 24)
    assert len(invite.reduce(text, "offer").candidates) == 8
    assert invite.CODE_MAX - 100 < len(code) <= invite.CODE_MAX
    assert invite.unpack(code).name == "😀" * 24


def test_new_id_draws_from_base32_with_the_rng_it_is_given():
    ids = {invite.new_id(random.Random(seed), 8) for seed in range(50)}
    assert len(ids) == 50 and all(re.fullmatch("[A-Z2-7]{8}", i) for i in ids)
    assert invite.new_id(random.Random(1), 6) == invite.new_id(random.Random(1), 6)
    assert len(invite.new_id(random.Random(1), 6)) == 6


# --- what pack refuses -----------------------------------------------------------------------
GOOD = dict(kind="offer", sdp=sdp("chromium-offer-v4v6"), game="punttu", seat=0, table="ABCDEF", token="ABCDEFGH",
            name="")


@pytest.mark.parametrize("field,value,why", [
    ("kind", "Offer", "bad kind"), ("kind", None, "bad kind"),
    ("seat", 8, "seat out of range"), ("seat", -1, "seat out of range"), ("seat", True, "seat out of range"),
    ("seat", 1.0, "seat out of range"),
    ("table", "ABCDE", "bad table id"), ("table", "ABCDE1", "bad table id"), ("table", "abcdef", "bad table id"),
    ("token", "ABCDEFG8", "bad token"), ("token", "ABCDEFGHI", "bad token"), ("token", None, "bad token"),
    ("game", "", "bad game id"), ("game", "Punttu", "bad game id"), ("game", "p" * 21, "bad game id"),
    ("name", "x" * 25, "bad name"), ("name", "\ud800", "bad name"), ("name", None, "bad name"),
    ("sdp", None, "not text"),
])
def test_pack_refuses_a_bad_field(field, value, why):
    with pytest.raises(BadInvite, match=why):
        invite.pack(**{**GOOD, field: value})


@pytest.mark.parametrize("change,why", [
    (lambda s: s.replace("a=setup:actpass", "a=setup:active"), "not a=setup:actpass"),
    (lambda s: s.replace("a=mid:0", "a=mid:data"), "mid 0"),
    (lambda s: s.replace("a=sctp-port:5000", "a=sctp-port:5001"), "sctp-port 5000"),
    (lambda s: s + "m=audio 9 UDP/TLS/RTP/SAVPF 111\r\n", "not a data-channel-only SDP"),
    (lambda s: s.replace("m=application", "m=video"), "not a data-channel-only SDP"),
    (lambda s: re.sub("a=fingerprint:sha-256", "a=fingerprint:sha-1", s), "no sha-256 fingerprint"),
    (lambda s: re.sub("(a=fingerprint:sha-256 )..:", r"\1", s), "no sha-256 fingerprint"),
    (lambda s: re.sub("a=ice-ufrag:.*", "a=ice-ufrag:abc", s), "bad ice-ufrag"),
    (lambda s: re.sub("a=ice-ufrag:.*", "a=ice-ufrag:ab-d", s), "bad ice-ufrag"),
    (lambda s: re.sub("a=ice-pwd:.*\r\n", "", s), "bad ice-pwd"),
    (lambda s: re.sub("a=ice-pwd:.*", "a=ice-pwd:" + "p" * 64, s), "bad ice-pwd"),
])
def test_pack_refuses_an_sdp_it_cannot_rebuild(change, why):
    changed = change(GOOD["sdp"])
    assert changed != GOOD["sdp"]
    with pytest.raises(BadInvite, match=why):
        invite.pack(**{**GOOD, "sdp": changed})


def test_an_answer_must_be_active():
    invite.pack(**{**GOOD, "kind": "answer", "sdp": sdp("chromium-answer-v4v6")})
    with pytest.raises(BadInvite, match="not a=setup:active"):
        invite.pack(**{**GOOD, "kind": "answer"})


# --- what unpack refuses ---------------------------------------------------------------------
# A code written here field by field, as the module's docstring lays it out, so that each field
# can be made wrong in turn.
FIELDS = dict(version=1, kind=0, seat=2, ids="ABCDEFABCDEFGH", fingerprint=0xAB << 248, ufrag="abcd",
              pwd="p" * 24, game="punttu", name="Zoé".encode(), count=None,
              candidates=[(0, 0x0AD50001, 5000), (1, 0xFD13 << 112 | 1, 6000)], tail=())


def code_of(**changes) -> str:
    f = {**FIELDS, **changes}
    bits: list[tuple[int, int]] = [(f["version"], 8), (f["kind"], 2), (f["seat"], 4)]
    bits += [(invite.B32.index(c), 5) for c in f["ids"]]
    bits += [(f["fingerprint"], 256), (len(f["ufrag"]), 6), (len(f["pwd"]), 6)]
    bits += [(invite.ICE_CHARS.index(c), 6) for c in f["ufrag"] + f["pwd"]]
    bits += [(len(f["game"]), 5)] + [(invite.GAME_CHARS.index(c) if c in invite.GAME_CHARS else 28, 5)
                                     for c in f["game"]]
    bits += [(len(f["name"]), 7)] + [(b, 8) for b in f["name"]]
    bits += [(len(f["candidates"]) if f["count"] is None else f["count"], 4)]
    for type_, address, port in f["candidates"]:
        bits += [(type_, 3), (address, 128 if type_ in (1, 3, 4) else 32), (port, 16)]
    bits += list(f["tail"])
    value, size = 0, 0
    for v, n in bits:
        value, size = value << n | v, size + n
    size, value = size + -size % 8, value << -size % 8
    return base64.b32encode(value.to_bytes(size // 8, "big")).decode().rstrip("=")


def test_the_code_is_laid_out_as_documented():
    got = invite.unpack(code_of())
    assert (got.kind, got.seat, got.table, got.token, got.game, got.name) == (
        "offer", 2, "ABCDEF", "ABCDEFGH", "punttu", "Zoé")
    assert invite.reduce(got.sdp, "offer") == invite.Transport(
        "abcd", "p" * 24, bytes([0xAB]) + bytes(31),
        (Candidate("host", "10.213.0.1", 5000), Candidate("host", "fd13::1", 6000)))
    assert invite.unpack(code_of(kind=1, candidates=[(2, 1, 1), (3, 2, 65535)])).sdp.count("typ srflx") == 2
    mdns = invite.unpack(code_of(candidates=[(4, 0x0D5B5B6E2C234FB79B4B47B4C3D1F1F1, 5000)]))
    assert " 0d5b5b6e-2c23-4fb7-9b4b-47b4c3d1f1f1.local 5000 typ host\r\n" in mdns.sdp


@pytest.mark.parametrize("changes,why", [
    (dict(version=2), "version 2: this page reads version 1"),
    (dict(version=0), "version 0"),
    (dict(kind=2), "bad kind"), (dict(kind=3), "bad kind"),
    (dict(seat=8), "seat out of range"), (dict(seat=15), "seat out of range"),
    (dict(ufrag="abc"), "bad ice-ufrag"), (dict(pwd="p" * 21), "bad ice-pwd"),
    (dict(game=""), "bad game id"), (dict(game="punt0"), "bad game id"),
    (dict(name=b"\xff\xfe"), "not UTF-8"), (dict(name=b"x" * 25), "bad name"),
    (dict(count=9, candidates=[(0, 1, 1)] * 9), "too many candidates"),
    (dict(candidates=[(0, 1, 0)]), "port is 0"),
    (dict(candidates=[(5, 1, 1)]), "bad candidate type"), (dict(candidates=[(7, 1, 1)]), "bad candidate type"),
    (dict(count=3), "cut short"),
    (dict(tail=[(0, 8)]), "unexpected data at the end"),
    (dict(tail=[(1, 1)]), "unexpected data at the end"),
])
def test_unpack_refuses_a_bad_field(changes, why):
    with pytest.raises(BadInvite, match=why):
        invite.unpack(code_of(**changes))


def test_every_cut_of_a_code_is_refused():
    code = code_of()
    for end in range(len(code)):
        with pytest.raises(BadInvite):
            invite.unpack(code[:end])


@pytest.mark.parametrize("code,why", [
    ("", "empty"), (" \n\t", "empty"), (None, "not text"), (b"ABCD", "not text"),
    ("A" * (invite.CODE_MAX + 1), "too long"),
    ("AB=C", "other than A-Z and 2-7"), ("AB0C", "other than A-Z and 2-7"), ("AB1C", "other than A-Z and 2-7"),
    ("AB8C", "other than A-Z and 2-7"), ("AÉBC", "other than A-Z and 2-7"), ("ABıC", "other than A-Z and 2-7"),
    ("A", "length"), ("ABC", "length"), ("ABCDEF", "length"),
    ("AB", "last character"),  # 10 bits for one byte: the last two must be zero
])
def test_unpack_refuses_what_is_not_base32(code, why):
    with pytest.raises(BadInvite, match=why):
        invite.unpack(code)


def test_the_stray_bits_of_a_valid_code_are_refused():
    pads = set()
    for name in ("", "a", "ab", "abc", "abcd"):  # a code of each length modulo 5 bytes
        code = code_of(name=name.encode())
        assert invite.unpack(code).name == name
        if len(code) % 8 == 0:
            continue  # a whole number of 5-byte groups: no stray bit
        pad = {2: 2, 4: 4, 5: 1, 7: 3}[len(code) % 8]  # bits of the last character beyond the last byte
        pads.add(pad)
        last = invite.B32.index(code[-1])
        assert last % (1 << pad) == 0
        with pytest.raises(BadInvite, match="last character"):
            invite.unpack(code[:-1] + invite.B32[last + 1])
    assert pads == {1, 2, 3, 4}
