"""Euskara."""

NAME = "Euskara"
MINUS, GROUP, DECIMAL, GROUP_FROM = "\u2212", ".", ",", 4  # −5, 1.234


def plural(n: float) -> str:
    n = abs(n)  # CLDR counts a number by its absolute value: −1 point
    return "one" if n == 1 else "other"
