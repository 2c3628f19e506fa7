"""New-game options: a game declares them once; the new-game screen and validation read them."""
from dataclasses import dataclass

from engine.errors import BadOptions


@dataclass(frozen=True)
class Option:
    """One option. Either ``choices`` (a closed list) or an integer range ``low``..``high``."""

    key: str
    default: object
    choices: tuple = ()
    low: int | None = None
    high: int | None = None

    def check(self, value: object) -> object:
        if self.choices:
            # Types count too, so True is not taken for 1 nor "2" for 2.
            if not any(type(value) is type(c) and value == c for c in self.choices):
                allowed = ", ".join(map(str, self.choices))
                raise BadOptions(self.key, f"{value!r} is not one of {allowed}")
            return value
        assert self.low is not None and self.high is not None, f"{self.key}: choices or a range"
        if type(value) is not int or not self.low <= value <= self.high:
            raise BadOptions(self.key, f"{value!r} is not a whole number from {self.low} to {self.high}")
        return value

    def samples(self) -> tuple:
        """The values a conformance run combines with every other option: every choice, or a
        range's low end and default (its high end is tried once per game, see the suite)."""
        if self.choices:
            return self.choices
        return tuple(dict.fromkeys((self.low, self.default)))


def resolve(specs: tuple, given: dict) -> dict:
    """Fill defaults and check every value; unknown keys are an error, not silently dropped."""
    if not isinstance(given, dict):
        raise BadOptions("options", "must be a mapping")
    known = {o.key: o for o in specs}
    for key in given:
        if key not in known:
            raise BadOptions(key, "unknown option")
    return {o.key: o.check(given.get(o.key, o.default)) for o in specs}
