import os
import pathlib
import sys

# The py/ tree under test: the repository's, or another one named by TAPIS_PY (tests/test_new_game.py
# runs the checks on a copy of py/ with a game added). Tests that read py/'s files find it from
# the imported packages (``Path(games.__file__).parents[1]``), so they follow.
PY = pathlib.Path(os.environ.get("TAPIS_PY") or pathlib.Path(__file__).resolve().parent.parent / "py").resolve()
sys.path.insert(0, str(PY))

# tests/new_game/ is a game's files, laid out as in the site (tests/test_new_game.py adds them to a
# copy of it), not tests.
collect_ignore = ["new_game"]


# The longest tests (a minute or more each) run first: left for the end, one of them would keep
# one of the two workers busy long after the other has finished (xdist hands the last tests out
# as they come).
LONGEST = ("test_multi_device.py", "by_mouse_drag", "by_drag_and_drop", "test_startup.py::test_updates")


def pytest_collection_modifyitems(items):
    items.sort(key=lambda item: not any(mark in item.nodeid for mark in LONGEST))
