"""Español."""

NAME = "Español"
MINUS, GROUP, DECIMAL, GROUP_FROM = "-", ".", ",", 5  # 1234 but 12.345


def plural(n: float) -> str:
    """One is singular; a whole million and up is "many" (un millón de …)."""
    n = abs(n)  # CLDR counts a number by its absolute value: −1 point
    if n == 1:
        return "one"
    return "many" if n != 0 and n % 1_000_000 == 0 else "other"
