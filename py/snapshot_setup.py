"""What the start-up snapshot holds besides Python itself (scripts/snapshot.py calls `prepare`
before taking it, from its own copy of this file).

The snapshot holds the runtime only, not our modules (a change to them would cost players the
whole snapshot again): a restored page imports them from py.zip as a normal start does. What it
saves besides Python's own start:
- the standard modules ours import, imported already;
- PyScript's own package, which PyScript imports before our code runs and the app never uses
  (about a quarter of a warm start, measured with bench/startup.py): `import pyscript` gives a
  lazy module, which runs the package the first time one of its names is read. A normal start
  (a first visit) makes it lazy too: js/boot.mjs calls `lazy_pyscript` from py.zip.
"""
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys

# Every module outside py/ that a module of py/ imports (a unit test keeps the list whole), and
# inspect, which pkgutil imports to list a package inside a zip (the registry lists games/).
PRELOAD = (
    "__future__", "base64", "binascii", "collections", "collections.abc", "dataclasses", "functools",
    "importlib", "importlib.util", "inspect", "ipaddress", "js", "json", "math", "pkgutil", "pyodide.ffi",
    "random", "re", "time", "types", "typing", "zlib",
)


class LazyPyScript(importlib.abc.MetaPathFinder):
    """Finds PyScript's package where PyScript wrote it, and hands it out unexecuted."""

    def find_spec(self, name, path=None, target=None):
        if name != "pyscript":
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is not None and spec.loader is not None:
            spec.loader = importlib.util.LazyLoader(spec.loader)
        return spec


def lazy_pyscript() -> None:
    """From now on, `import pyscript` gives the package unexecuted."""
    if not any(isinstance(finder, LazyPyScript) for finder in sys.meta_path):
        sys.meta_path.insert(0, LazyPyScript())


def prepare() -> None:
    for name in PRELOAD:
        importlib.import_module(name)
    lazy_pyscript()
