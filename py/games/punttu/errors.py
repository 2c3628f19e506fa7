"""IllegalMove with a "punttu.err.<reason>" code and its English text from the catalog."""
from engine.errors import IllegalMove
from i18n.punttu import EN


def illegal(reason: str, **params) -> IllegalMove:
    code = f"punttu.err.{reason}"
    return IllegalMove(code, EN[code].format(**params), **params)
