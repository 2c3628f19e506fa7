"""Browser entry: the page's one line of Python imports it once the runtime is up."""
from ui.app import App

App().start()
