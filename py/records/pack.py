"""A match's moves, packed small: each move as its index among the legal moves at its turn, in as
few bits as the number of legal moves there needs (none for a forced move), then the CRC-32 of
the moves' texts, in base64url.

A Zéro Pointé turn has about twenty legal moves, a Punto turn a few dozen cells: five or six
bits a move where its text takes six to ten characters. Reading them back replays the match
(the legal moves at each turn come from the rules); what is damaged (a byte changed, cut short,
lengthened) or of another match raises BadPack.
"""
import base64
import binascii
import zlib
from collections.abc import Callable, Sequence
from typing import Any

from engine.errors import IllegalMove
from engine.game import Game


class BadPack(ValueError):
    """Packed moves that do not replay: damaged, or of another match."""


def _bits(count: int) -> int:
    """Bits that tell one of ``count`` choices apart."""
    return (count - 1).bit_length()


def pack(game: Game[Any, Any], start: Any, moves: Sequence[str]) -> str:
    """``moves`` played from the state ``start``, packed (see the module's text)."""
    value, width, state = 0, 0, start
    for move in moves:
        legal = game.legal_moves(state)
        value |= legal.index(move) << width
        width += _bits(len(legal))
        state = game.play(state, move)
    data = value.to_bytes((width + 7) // 8, "little") + _crc(moves)
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _crc(moves: Sequence[str]) -> bytes:
    return zlib.crc32("\n".join(moves).encode()).to_bytes(4, "little")


def unpack(game: Game[Any, Any], start: Any, text: str, count: int,
           then: Callable[[Any, str], None] | None = None) -> list[str]:
    """The ``count`` moves ``text`` packs, played from ``start`` (``then(state, move)`` is told
    of each state before its move), or BadPack."""
    try:
        data = base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)
    except (ValueError, binascii.Error):
        raise BadPack("not base64url") from None
    bits, check = data[:-4], data[-4:]
    value, width, state, moves = int.from_bytes(bits, "little"), 0, start, []
    for _ in range(count):
        if game.outcome(state) is not None:
            raise BadPack("moves after the end of the match")
        legal = game.legal_moves(state)
        size = _bits(len(legal))
        index = (value >> width) & ((1 << size) - 1)
        width += size
        if index >= len(legal):
            raise BadPack("a move that is none of the legal ones")
        move = legal[index]
        if then is not None:
            then(state, move)
        try:
            state = game.play(state, move)
        except IllegalMove as err:  # the rules' legal moves always play: a broken game
            raise BadPack(str(err)) from None
        moves.append(move)
    if len(check) != 4 or _crc(moves) != check or len(bits) != (width + 7) // 8:
        raise BadPack("damaged")
    return moves
