import os
import pathlib
import sys
from collections import Counter

import pytest

# The py/ tree under test: the repository's, or another one named by TAPIS_PY (tests/test_new_game.py
# runs the checks on a copy of py/ with a game added). Tests that read py/'s files find it from
# the imported packages (``Path(games.__file__).parents[1]``), so they follow.
PY = pathlib.Path(os.environ.get("TAPIS_PY") or pathlib.Path(__file__).resolve().parent.parent / "py").resolve()
sys.path.insert(0, str(PY))

# tests/new_game/ is a game's files, laid out as in the site (tests/test_new_game.py adds them to a
# copy of it), not tests.
collect_ignore = ["new_game"]


BROWSER = pathlib.Path(__file__).resolve().parent / "browser"
# The longest browser tests (a minute or more each) run first among them: left for the end, one
# of them would keep one of the two workers busy long after the other has finished (xdist hands
# the last tests out as they come).
LONGEST = ("test_multi_device.py", "by_mouse_drag", "by_drag_and_drop", "test_startup.py::test_updates")


def pytest_collection_modifyitems(items):
    """Every test under browser/ is marked `browser` (`-m "not browser"`: the CPython tiers alone),
    and the CPython tiers run first, so that a broken rule fails within seconds, not after the
    page starts."""
    for item in items:
        if BROWSER in item.path.parents:
            item.add_marker(pytest.mark.browser)
    items.sort(key=lambda item: (item.get_closest_marker("browser") is not None,
                                 not any(mark in item.nodeid for mark in LONGEST)))


# The app's page starts counted by each xdist worker (browser/conftest.py), summed here.
_STARTS = pytest.StashKey[Counter]()


def pytest_configure(config):
    config.stash[_STARTS] = Counter()


@pytest.hookimpl(optionalhook=True)  # an xdist hook: absent without it
def pytest_testnodedown(node, error):
    config = node.config
    config.stash[_STARTS].update(getattr(node, "workeroutput", {}).get("page_starts", {}))


def pytest_terminal_summary(terminalreporter, config):
    if config.stash[_STARTS]:
        terminalreporter.write_line(f"app page starts: {dict(config.stash[_STARTS])}")
