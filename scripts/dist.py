"""Assemble _site/, the folder GitHub Pages deploys: the precached files, sw.js, and the
manifest's screenshots (shown by an install dialog, never by the page: not precached)."""
import json
import shutil
from pathlib import Path

from build_sw import ROOT, site_files


def screenshots(root: Path = ROOT) -> list:
    manifest = json.loads((root / "manifest.webmanifest").read_text(encoding="utf-8"))
    return [shot["src"] for shot in manifest.get("screenshots", [])]


def assemble(root: Path = ROOT, out: Path = ROOT / "_site") -> None:
    shutil.rmtree(out, ignore_errors=True)
    for rel in site_files(root) + ["sw.js"] + screenshots(root):
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(root / rel, out / rel)


if __name__ == "__main__":
    assemble()
