"""Typed errors of the rules engine.

An illegal move carries a stable ``code`` (a translation key, see py/i18n) and keyword
``params``: the words are built by i18n in the player's language, never here (the rules know no
language); ``str(err)`` is the code and its parameters, for logs and tests.
"""
from typing import Any


class IllegalMove(ValueError):
    """A move that the rules do not allow in this state."""

    def __init__(self, code: str, **params: Any):
        details = ", ".join(f"{key}={value!r}" for key, value in sorted(params.items()))
        super().__init__(f"{code} ({details})" if details else code)
        self.code = code
        self.params = params


def illegal(game_prefix: str, reason: str, **params: Any) -> IllegalMove:
    """The IllegalMove of a game's ``reason``: its code is "<prefix>.err.<reason>"."""
    return IllegalMove(f"{game_prefix}.err.{reason}", **params)


class BadOptions(ValueError):
    """New-game options that are unknown, out of range or contradictory."""

    def __init__(self, key: str, message: str):
        super().__init__(f"option {key!r}: {message}")
        self.key = key


class BadSave(ValueError):
    """Stored data that cannot be read back as a game."""
