"""English: the language every other is checked against (same keys, same placeholders), and the
words shown when a key is missing elsewhere."""

NAME = "English"  # in the picker, as its speakers write it
# Numbers as Intl.NumberFormat("en") writes them; the page uses Intl itself.
MINUS, GROUP, DECIMAL, GROUP_FROM = "-", ",", ".", 4  # 1,234


def plural(n: float) -> str:
    """CLDR's cardinal category of ``n``, as Intl.PluralRules("en") says."""
    n = abs(n)  # CLDR counts a number by its absolute value: −1 point
    return "one" if n == 1 else "other"
