"""IllegalMove with a "punto.err.<reason>" code and its English text from the catalog."""
from engine.errors import IllegalMove
from i18n.punto import EN


def illegal(reason: str, **params) -> IllegalMove:
    code = f"punto.err.{reason}"
    return IllegalMove(code, EN[code].format(**params), **params)
