"""Browser entry: the page's one line of Python imports it once the runtime is up.

The page's modules are imported one a task, in the order py.zip's ``ui/start.json`` lists them
(scripts/pack_py.py: each after those it imports), the browser getting its turn between them:
on a phone's CPU they took a task of a few hundred ms, during which a tap waited. The app
starts once they are in.
"""
import importlib
import json
import pkgutil
import sys

from ui.dom import soon


def start(names) -> None:
    for name in names:
        if name not in sys.modules:
            importlib.import_module(name)
            soon(lambda: start(names))
            return
    from ui.app import App

    App().start()


start(iter(json.loads(pkgutil.get_data("ui", "start.json") or "[]")))
