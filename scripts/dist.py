"""Assemble _site/, the folder GitHub Pages deploys: exactly the precached files plus sw.js."""
import shutil
from pathlib import Path

from build_sw import ROOT, site_files


def assemble(root: Path = ROOT, out: Path = ROOT / "_site") -> None:
    shutil.rmtree(out, ignore_errors=True)
    for rel in site_files(root) + ["sw.js"]:
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(root / rel, out / rel)


if __name__ == "__main__":
    assemble()
