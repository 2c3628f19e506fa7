"""Screenshots of every screen at every size, and what the fit check finds on each, to look at
before shipping a change a player sees.

    .venv/bin/python scripts/screenshots.py [--out DIR] [--size 360x640 ...] [--lang eu] [--theme dark] [FILTER ...]

A FILTER keeps the screens whose name contains it ("punto", "over:", "newgame"); the names are
those of tests/browser/screens.py. Pictures go to DIR (default /tmp/tapis-shots) as
<screen>@<size>.png (in English, or in --lang; in the light theme, or in --theme); each problem
is printed. Touch sizes use a touch screen (Chromium's touch emulation), the desktop sizes
(1280x800, 1024x768, 1920x1080) a mouse. Needs `make site` and the test venv.
"""
import argparse
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
for folder in ("py", "tests/browser", "bench"):
    sys.path.insert(0, str(ROOT / folder))

import fit  # noqa: E402
import screens  # noqa: E402
from startup import launch_options, serve  # noqa: E402 - the benches' server and browser flags

SIZES = ["320x568", "360x640", "390x844", "844x390", "740x360", "768x1024", "1280x800"]
DESKTOPS = ("1280x800", "1920x1080", "1024x768")  # a mouse; every other size is a touch screen


def open_app(page, url, query=""):
    page.goto(url + ("?" + query if query else ""))
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("filters", nargs="*")
    parser.add_argument("--out", default="/tmp/tapis-shots")
    parser.add_argument("--size", action="append", dest="sizes")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--theme", default="light", choices=("light", "dark"))
    args = parser.parse_args()
    sizes = args.sizes or SIZES
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    chosen = [n for n in screens.names() if not args.filters or any(f in n for f in args.filters)]
    failures = 0
    server, base = serve(ROOT)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_options())
        for touch in (True, False):
            group = [s for s in sizes if (s not in DESKTOPS) == touch]
            if not group:
                continue
            for name in chosen:
                w, h = map(int, group[0].split("x"))
                context = browser.new_context(viewport={"width": w, "height": h}, locale="en-US",
                                              has_touch=touch, is_mobile=touch)
                page = context.new_page()
                screens.open_screen(page, base, name, open_app, prefs={"lang": args.lang, "theme": args.theme})
                for size in group:
                    w, h = map(int, size.split("x"))
                    page.set_viewport_size({"width": w, "height": h})
                    page.wait_for_timeout(400)  # the layout settles, motion ends
                    found = fit.problems(page, touch)
                    page.screenshot(path=str(out / f"{name.replace(':', '-').replace('/', '-')}@{size}.png"))
                    failures += bool(found)
                    for problem in found:
                        print(f"{name} @ {size}: {problem}")
                context.close()
        browser.close()
    server.terminate()
    total = len(chosen) * len(sizes)
    print(f"{total - failures} of {total} screen sizes fit; pictures in {out}")


if __name__ == "__main__":
    main()
