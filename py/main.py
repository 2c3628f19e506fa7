"""Browser entry: PyScript runs this file once the runtime is up."""
from ui.app import App

App().start()
