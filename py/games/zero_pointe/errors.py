"""IllegalMove with a "zero_pointe.err.<reason>" code and its English text from the catalog."""
from engine.errors import IllegalMove
from i18n.zero_pointe import EN


def illegal(reason: str, **params) -> IllegalMove:
    code = f"zero_pointe.err.{reason}"
    return IllegalMove(code, EN[code].format(**params), **params)
