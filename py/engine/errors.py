"""Typed errors of the rules engine.

Every error carries a stable ``code`` (a translation key, see py/i18n) and keyword ``params``,
so the screen can say why in the player's language; ``str(err)`` is the English text.
"""


class IllegalMove(ValueError):
    """A move that the rules do not allow in this state."""

    def __init__(self, code: str, message: str, **params):
        super().__init__(message)
        self.code = code
        self.params = params


class BadOptions(ValueError):
    """New-game options that are unknown, out of range or contradictory."""

    def __init__(self, key: str, message: str):
        super().__init__(f"option {key!r}: {message}")
        self.key = key


class BadSave(ValueError):
    """Stored data that cannot be read back as a game."""
