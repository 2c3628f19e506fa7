"""What the page's buttons do. Every button carries ``data-action``; its handler, a function of
the page and the button (None when Escape acts for a dialog), is registered here by that name
wherever it is written (``@action("round-seen")``), and ``ui.app.App.act`` calls it."""
from collections.abc import Callable
from typing import Any

Handler = Callable[[Any, Any], None]
HANDLERS: dict[str, Handler] = {}


def action(*names: str) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        for name in names:
            HANDLERS[name] = handler
        return handler
    return register
