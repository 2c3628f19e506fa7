"""Pack the modules of py/ into py.zip, which js/boot.mjs unpacks into the interpreter's
working folder on a normal start: one request at start-up instead of one per module (54 of them
cost ~150 ms on a cold start). The page's one line of Python imports main from there. (A start
from the snapshot unpacks nothing, but still checks the snapshot against py.zip's hash.)

The archive is byte-for-byte reproducible (fixed dates, sorted names), so the service worker's
cache name only changes when a module does."""
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def modules(root: Path = ROOT) -> list:
    """The paths inside py/ that go into the archive, sorted."""
    src = root / "py"
    return sorted(p.relative_to(src).as_posix() for p in src.rglob("*.py")
                  if "__pycache__" not in p.parts)


def pack(root: Path = ROOT) -> Path:
    out = root / "py.zip"
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in modules(root):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, (root / "py" / name).read_bytes())
    return out


if __name__ == "__main__":
    pack(Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else ROOT)
