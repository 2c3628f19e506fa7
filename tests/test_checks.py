"""The static checks of `make test`, pinned in requirements-dev.txt and set in pyproject.toml:
ruff over every Python file of the repository, mypy over py/ (the page's ui/ against stubs/, a
small typed stub of what it uses of the browser), with its cache kept between runs."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def run(*command, cwd=ROOT) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True)


def test_ruff_finds_nothing():
    done = run(str(BIN / "ruff"), "check", "--no-cache", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_finds_nothing():
    done = run(sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
               "--cache-dir", str(ROOT / ".mypy_cache"), cwd=ROOT / "py")
    assert done.returncode == 0, done.stdout + done.stderr
