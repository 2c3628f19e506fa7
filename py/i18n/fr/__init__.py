"""Français."""

NAME = "Français"
MINUS, GROUP, DECIMAL, GROUP_FROM = "-", "\u202f", ",", 4  # 1 234 (narrow no-break space)


def plural(n: float) -> str:
    """French counts 0 and 1 as singular; a whole million and up is "many" (un million de …)."""
    n = abs(n)  # CLDR counts a number by its absolute value: −1 point
    if 0 <= n < 2:
        return "one"
    return "many" if n % 1_000_000 == 0 else "other"
