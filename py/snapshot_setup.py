"""What a page restored from the start-up snapshot needs beyond our imported modules.

scripts/snapshot.py imports every module of py.zip but main (importing main starts the app),
then calls `prepare`, so that the restored page (js/boot.mjs) skips two costs of a normal start:
- unpacking py.zip: main is compiled into the snapshot and imported from memory;
- importing PyScript's own package, which PyScript does before our code runs and the app never
  uses (about a quarter of a warm start, measured with bench/startup.py): `import pyscript`
  gives a lazy module, which runs the package the first time one of its names is read.
"""
import importlib.abc
import importlib.machinery
import importlib.util
import sys

from engine import registry


class Compiled(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports the given modules from code compiled in advance: no file is read."""

    def __init__(self, sources: dict):
        self.code = {name: compile(text, f"<snapshot>/{name}.py", "exec")
                     for name, text in sources.items()}

    def find_spec(self, name, path=None, target=None):
        return importlib.machinery.ModuleSpec(name, self) if name in self.code else None

    def exec_module(self, module):
        exec(self.code[module.__name__], module.__dict__)


class LazyPyScript(importlib.abc.MetaPathFinder):
    """Finds PyScript's package where PyScript wrote it, and hands it out unexecuted."""

    def find_spec(self, name, path=None, target=None):
        if name != "pyscript":
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is not None and spec.loader is not None:
            spec.loader = importlib.util.LazyLoader(spec.loader)
        return spec


def prepare(sources: dict) -> None:
    """Installs both finders; sources maps the modules still to import to their text.

    The restored page has no files of ours: what is found by listing them (the games) is found
    now, and every module is imported already (so importlib.util.find_spec answers from
    sys.modules)."""
    registry.games_by_id()
    sys.meta_path[:0] = [Compiled(sources), LazyPyScript()]
