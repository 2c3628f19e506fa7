"""An invitation (the host's WebRTC offer for one seat) or a guest's answer, as a short code.

ICE gathering is complete before a code is made (no trickle): the SDP holds every candidate. Of
a data-channel-only SDP only what the peer needs travels: the ICE user fragment and password,
the DTLS certificate's sha-256 fingerprint, and the UDP host and srflx candidates (TCP and relay
candidates are dropped). A host candidate is an IP address, or, as phones' browsers give it to a
page without camera permission, an mDNS name (``<uuid>.local``), which the peer on the same
network resolves: it travels as its 128-bit UUID. The DTLS role follows from the
kind: an offer is actpass, an answer active. ``unpack`` rebuilds a whole SDP that Chromium takes
in setRemoteDescription.

The code is RFC 4648 base32 (upper case, no padding): A-Z and 2-7 are in the QR code's
alphanumeric set. Its bytes are a version byte and then fields of as many bits as they need:

    kind 2 (0 offer, 1 answer) | seat 4 | table 6x5 | token 8x5 | fingerprint 256
    ufrag length 6, password length 6, their characters 6 bits each (ICE's base64 alphabet)
    game length 5, its characters 5 bits each ([a-z_-]) | name length 7 (UTF-8 bytes), its bytes
    candidates 4, each: type 3 (host/srflx x IPv4/IPv6, host mDNS), address 32 or 128, port 16

zero bits up to a whole byte. zlib does not pay: nearly all of it is random (the fingerprint, the
password).
"""
import base64
import ipaddress
import random
import re
from dataclasses import dataclass

VERSION = 1
KINDS = ("offer", "answer")
SETUP = {"offer": "actpass", "answer": "active"}  # the DTLS role each kind's SDP declares
SEATS = 8
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
GAME_CHARS = "abcdefghijklmnopqrstuvwxyz_-"
TABLE_LEN, TOKEN_LEN = 6, 8
GAME_MAX, NAME_MAX = 20, 24  # NAME_MAX is match.NAME_MAX (net may not import match)
UFRAG_LEN, PWD_LEN = (4, 63), (22, 63)  # RFC 8839's least; Chromium makes 4 and 24, Firefox 8 and 32
CANDIDATES_MAX = 8
MDNS = "mdns"
# host/srflx x IPv4/IPv6, and a host's mDNS name, as the code numbers them
CANDIDATE_TYPES = (("host", 4), ("host", 6), ("srflx", 4), ("srflx", 6), ("host", MDNS))
ADDRESS_BITS = {4: 32, 6: 128, MDNS: 128}
MDNS_NAME = re.compile(r"([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local")
TYPE_PREFERENCE = {"host": 126, "srflx": 100}  # RFC 8445's recommended values
CODE_MAX = 700  # characters: above the longest code pack makes (8 IPv6 candidates, every length at its most)


class BadInvite(ValueError):
    """A code or an SDP that cannot be an invitation; the text says what is wrong."""


@dataclass(frozen=True)
class Invite:
    kind: str  # "offer" (host -> guest) or "answer" (guest -> host)
    sdp: str  # a whole SDP, for setRemoteDescription
    game: str  # the game's id
    seat: int  # 0..7
    table: str  # the host table's id, 6 characters of B32
    token: str  # the seat's secret, 8 characters of B32 (a new one for each invitation)
    name: str  # an offer: the host's name or ""; an answer: the guest's name ("" allowed)


@dataclass(frozen=True)
class Candidate:
    type: str  # "host" or "srflx"
    address: str  # an IPv4 or IPv6 address, as ipaddress writes it, or an mDNS name
    port: int

    @property
    def family(self):
        """4, 6, or MDNS: how the address travels."""
        return MDNS if MDNS_NAME.fullmatch(self.address) else ipaddress.ip_address(self.address).version

    def address_bits(self) -> int:
        found = MDNS_NAME.fullmatch(self.address)
        return int("".join(found.groups()), 16) if found else int(ipaddress.ip_address(self.address))


@dataclass(frozen=True)
class Transport:
    """What a peer needs of an SDP: the ICE credentials, the DTLS fingerprint (32 bytes) and the
    candidates, best first."""
    ufrag: str
    pwd: str
    fingerprint: bytes
    candidates: tuple[Candidate, ...]


def need(ok: object, why: str) -> None:
    if not ok:
        raise BadInvite(why)


def new_id(rng: random.Random, n: int) -> str:
    """``n`` characters of B32 from ``rng`` (random.Random-like): a table's id or a seat's token."""
    return "".join(rng.choice(B32) for _ in range(n))


# --- an SDP reduced, and rebuilt ------------------------------------------------------------
def reduce(sdp: str, kind: str) -> Transport:
    """What the peer needs of a data-channel-only SDP of ``kind``, or BadInvite."""
    lines = sdp.splitlines()
    media = [line for line in lines if line.startswith("m=")]
    need(len(media) == 1 and re.fullmatch(r"m=application \d+ UDP/DTLS/SCTP webrtc-datachannel", media[0]),
         "not a data-channel-only SDP")
    attrs: dict[str, str] = {}
    for line in lines:
        if line.startswith("a=") and not line.startswith("a=candidate:"):
            name, _, value = line[2:].partition(":")
            attrs.setdefault(name, value)
    need(attrs.get("mid") == "0" and attrs.get("sctp-port") == "5000", "the SDP is not mid 0, sctp-port 5000")
    need(attrs.get("setup") == SETUP[kind], f"an {kind} that is not a=setup:{SETUP[kind]}")
    ufrag, pwd = attrs.get("ice-ufrag", ""), attrs.get("ice-pwd", "")
    fingerprints = [line.split(None, 1)[1] for line in lines
                    if line.lower().startswith("a=fingerprint:sha-256 ") and len(line.split()) == 2]
    need(fingerprints and re.fullmatch(r"[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){31}", fingerprints[0]),
         "no sha-256 fingerprint")
    transport = Transport(ufrag, pwd, bytes.fromhex(fingerprints[0].replace(":", "")),
                          _best([c for line in lines if (c := _candidate(line)) is not None]))
    _check_credentials(transport)
    return transport


def _check_credentials(transport: Transport) -> None:
    for value, (low, high), what in ((transport.ufrag, UFRAG_LEN, "ice-ufrag"), (transport.pwd, PWD_LEN, "ice-pwd")):
        need(low <= len(value) <= high and all(c in ICE_CHARS for c in value), f"bad {what}")


def _candidate(line: str) -> tuple[int, Candidate] | None:
    """A candidate line's priority and candidate, or None for what does not travel: another
    component, TCP, relay, a name other than a host's mDNS one, a scoped or unspecified address,
    a line we cannot read."""
    if not line.startswith("a=candidate:"):
        return None
    fields = line.split()
    if len(fields) < 8 or fields[1] != "1" or fields[2].lower() != "udp" or fields[6] != "typ" \
            or fields[7] not in TYPE_PREFERENCE or not all(re.fullmatch("[0-9]{1,10}", f) for f in fields[3:6:2]):
        return None
    port = int(fields[5])
    if not 0 < port < 65536:
        return None
    if MDNS_NAME.fullmatch(fields[4]):
        return (int(fields[3]), Candidate("host", fields[4], port)) if fields[7] == "host" else None
    try:
        address = ipaddress.ip_address(fields[4])
    except ValueError:
        return None
    if getattr(address, "scope_id", None) or address.is_unspecified:
        return None
    return int(fields[3]), Candidate(fields[7], str(address), port)


def _best(found: list[tuple[int, Candidate]]) -> tuple[Candidate, ...]:
    """At most CANDIDATES_MAX candidates, best first. When there are more, the best of each type
    and family go first, so that a device with many IPv6 addresses still offers its IPv4 one."""
    ranked = sorted(found, key=lambda pc: -pc[0])
    turns: dict[tuple[str, int], int] = {}
    keyed = []
    for priority, cand in ranked:
        group = (cand.type, cand.family)
        turns[group] = turns.get(group, 0) + 1
        keyed.append((turns[group], -priority, cand))
    kept = sorted(keyed, key=lambda k: k[:2])[:CANDIDATES_MAX]
    return tuple(cand for _, _, cand in sorted(kept, key=lambda k: k[1]))


def expand(kind: str, transport: Transport) -> str:
    """A whole SDP of ``kind`` for setRemoteDescription. Priorities are remade from the order
    (best first); the session id from the fingerprint, which is the peer's own."""
    session = int.from_bytes(transport.fingerprint[:8], "big") >> 1  # an SDP session id is below 2**63
    lines = ["v=0", f"o=- {session} 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
             "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0"]
    for index, cand in enumerate(transport.candidates):
        priority = TYPE_PREFERENCE[cand.type] << 24 | (65535 - index) << 8 | 255
        related = " raddr 0.0.0.0 rport 0" if cand.type == "srflx" else ""
        lines.append(f"a=candidate:{index + 1} 1 udp {priority} {cand.address} {cand.port} typ {cand.type}{related}")
    fingerprint = ":".join(f"{byte:02X}" for byte in transport.fingerprint)
    lines += ["a=end-of-candidates", f"a=ice-ufrag:{transport.ufrag}", f"a=ice-pwd:{transport.pwd}",
              f"a=fingerprint:sha-256 {fingerprint}", f"a=setup:{SETUP[kind]}", "a=mid:0",
              "a=sctp-port:5000", "a=max-message-size:262144"]
    return "\r\n".join(lines) + "\r\n"


# --- the code ---------------------------------------------------------------------------------
class _Writer:
    def __init__(self) -> None:
        self.value = 0
        self.size = 0

    def put(self, value: int, bits: int) -> None:
        self.value = self.value << bits | value
        self.size += bits

    def chars(self, text: str, alphabet: str, bits: int) -> None:
        for char in text:
            self.put(alphabet.index(char), bits)

    def data(self) -> bytes:
        pad = -self.size % 8
        return (self.value << pad).to_bytes((self.size + pad) // 8, "big")


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.value = int.from_bytes(data, "big")
        self.left = len(data) * 8

    def take(self, bits: int) -> int:
        need(bits <= self.left, "the code is cut short")
        self.left -= bits
        return self.value >> self.left & ((1 << bits) - 1)

    def chars(self, count: int, alphabet: str, bits: int, what: str) -> str:
        values = [self.take(bits) for _ in range(count)]
        need(all(v < len(alphabet) for v in values), f"bad {what}")
        return "".join(alphabet[v] for v in values)

    def end(self) -> None:
        """Nothing after the fields but the zero bits that complete the last byte."""
        need(self.left < 8 and self.value & ((1 << self.left) - 1) == 0, "unexpected data at the end of the code")


def _address(family, value: int) -> str:
    if family == MDNS:
        digits = f"{value:032x}"
        return f"{digits[:8]}-{digits[8:12]}-{digits[12:16]}-{digits[16:20]}-{digits[20:]}.local"
    return str(ipaddress.IPv4Address(value) if family == 4 else ipaddress.IPv6Address(value))


def _check_fields(kind: str, game: str, seat: int, table: str, token: str, name: str) -> None:
    need(kind in KINDS, f"bad kind: {str(kind)[:20]!r}")
    need(isinstance(game, str) and 0 < len(game) <= GAME_MAX and all(c in GAME_CHARS for c in game), "bad game id")
    need(type(seat) is int and 0 <= seat < SEATS, f"seat out of range: {str(seat)[:20]}")
    for value, size, what in ((table, TABLE_LEN, "table id"), (token, TOKEN_LEN, "token")):
        need(isinstance(value, str) and len(value) == size and all(c in B32 for c in value), f"bad {what}")
    need(isinstance(name, str) and len(name) <= NAME_MAX, "bad name")


def pack(kind: str, sdp: str, game: str, seat: int, table: str, token: str, name: str) -> str:
    """The code of an offer or an answer: ``sdp`` is this device's local description, gathered."""
    _check_fields(kind, game, seat, table, token, name)
    need(isinstance(sdp, str), "the SDP is not text")
    transport = reduce(sdp, kind)
    try:
        name_bytes = name.encode()
    except UnicodeEncodeError:
        raise BadInvite("bad name") from None
    out = _Writer()
    out.put(VERSION, 8)
    out.put(KINDS.index(kind), 2)
    out.put(seat, 4)
    out.chars(table + token, B32, 5)
    out.put(int.from_bytes(transport.fingerprint, "big"), 256)
    out.put(len(transport.ufrag), 6)
    out.put(len(transport.pwd), 6)
    out.chars(transport.ufrag + transport.pwd, ICE_CHARS, 6)
    out.put(len(game), 5)
    out.chars(game, GAME_CHARS, 5)
    out.put(len(name_bytes), 7)
    for byte in name_bytes:
        out.put(byte, 8)
    out.put(len(transport.candidates), 4)
    for cand in transport.candidates:
        out.put(CANDIDATE_TYPES.index((cand.type, cand.family)), 3)
        out.put(cand.address_bits(), ADDRESS_BITS[cand.family])
        out.put(cand.port, 16)
    return base64.b32encode(out.data()).decode().rstrip("=")


def unpack(code: str) -> Invite:
    """The invitation or answer a code holds, its SDP rebuilt; BadInvite says what is wrong.
    Lower case is read as upper case, and white space is ignored (a code typed by hand)."""
    need(isinstance(code, str), "the code is not text")
    code = "".join(code.split())
    need(code, "the code is empty")
    need(len(code) <= CODE_MAX, f"the code is too long ({len(code)} characters, at most {CODE_MAX})")
    need(re.fullmatch("[A-Za-z2-7]+", code), "the code has characters other than A-Z and 2-7")
    code = code.upper()
    need(len(code) % 8 not in (1, 3, 6), "the code's length is not one of base32")
    data = base64.b32decode(code + "=" * (-len(code) % 8))
    need(base64.b32encode(data).decode().rstrip("=") == code, "the code's last character is not one of base32")
    bits = _Reader(data)
    version = bits.take(8)
    need(version == VERSION, f"a code of version {version}: this page reads version {VERSION}")
    kind_index = bits.take(2)
    need(kind_index < len(KINDS), f"bad kind: {kind_index}")
    seat = bits.take(4)
    need(seat < SEATS, f"seat out of range: {seat}")
    ids = bits.chars(TABLE_LEN + TOKEN_LEN, B32, 5, "ids")
    fingerprint = bits.take(256).to_bytes(32, "big")
    lengths = bits.take(6), bits.take(6)
    credentials = bits.chars(sum(lengths), ICE_CHARS, 6, "ICE credentials")
    game = bits.chars(bits.take(5), GAME_CHARS, 5, "game id")
    try:
        name = bytes(bits.take(8) for _ in range(bits.take(7))).decode()
    except UnicodeDecodeError:
        raise BadInvite("the name is not UTF-8") from None
    count = bits.take(4)
    need(count <= CANDIDATES_MAX, f"too many candidates: {count}")
    candidates = []
    for _ in range(count):
        number = bits.take(3)
        need(number < len(CANDIDATE_TYPES), f"bad candidate type: {number}")
        type_, family = CANDIDATE_TYPES[number]
        value = bits.take(ADDRESS_BITS[family])
        port = bits.take(16)
        need(port > 0, "a candidate's port is 0")
        candidates.append(Candidate(type_, _address(family, value), port))
    bits.end()
    kind, table, token = KINDS[kind_index], ids[:TABLE_LEN], ids[TABLE_LEN:]
    _check_fields(kind, game, seat, table, token, name)
    transport = Transport(credentials[:lengths[0]], credentials[lengths[0]:], fingerprint, tuple(candidates))
    _check_credentials(transport)
    return Invite(kind, expand(kind, transport), game, seat, table, token, name)
