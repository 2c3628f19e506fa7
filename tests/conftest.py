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
