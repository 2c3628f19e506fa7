"""IllegalMove with a "neuf_vies.err.<reason>" code and its English text from the catalog."""
from engine.errors import IllegalMove
from i18n.neuf_vies import EN


def illegal(reason: str, **params) -> IllegalMove:
    code = f"neuf_vies.err.{reason}"
    return IllegalMove(code, EN[code].format(**params), **params)
