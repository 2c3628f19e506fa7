"""js/qr.mjs, the invitations' QR codes: a code drawn in the page (dark theme) and screenshotted
is read back by the vendored reader to the same link; scan() on Chromium's fake camera (a Y4M file
made here that shows a code) reads the link (with jsQR: Debian's Chromium has no BarcodeDetector;
a stand-in one is then used when present), stop() rejects, a refused camera rejects with
NotAllowedError, and no camera track is left live after any of them."""
import base64
import json
import random
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
LABEL = 'Invitation "Léa" <b>&\'x\''


def _code(length: int) -> str:
    rng = random.Random(length)
    return "".join(rng.choice(BASE32) for _ in range(length))


# Records every camera stream the page gets, to check that none is left on.
STREAMS = """
globalThis.tapisStreams = [];
if (navigator.mediaDevices) {  // not in the first about:blank
  const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    const stream = await getUserMedia(constraints);
    tapisStreams.push(stream);
    return stream;
  };
}
"""
LIVE_TRACKS = "tapisStreams.flatMap((s) => s.getTracks()).filter((t) => t.readyState === 'live').length"


def test_an_invitation_drawn_in_the_dark_theme_reads_back_to_the_same_link(warm, base_url):
    # A warm page (tests/browser/warm.py) of a dark device, at home; the desktop's size of
    # test_seats_and_settings.py's dark theme, whose warm page it shares.
    page = warm.open(warm.page(viewport={"width": 1280, "height": 800}, color_scheme="dark"), {})
    try:
        _draw_and_read_back(page, base_url)
    finally:  # the codes taken off the warm page
        page.evaluate("() => document.querySelectorAll('[id^=qr-]').forEach((box) => box.remove())")


def _draw_and_read_back(page, base_url):
    links = [f"{base_url}#join={_code(length)}" for length in (180, 250)]
    drawn = page.evaluate("""async ([links, label]) => {
        const qr = await import("./js/qr.mjs");
        return links.map((link, i) => {
            const box = document.createElement("div");
            box.id = `qr-${i}`;
            box.innerHTML = qr.svg(link, label);
            const size = box.firstElementChild.viewBox.baseVal.width;
            // 3 px a module, side by side on top of the page, its text colour inherited.
            box.style.cssText = `position: fixed; top: 0; left: ${240 * i}px; z-index: 99; width: ${3 * size}px`;
            document.body.append(box);
            const svg = box.firstElementChild;
            return {
                version: qr.version(link),
                bytesOnly: qr.version(link.toLowerCase()),
                elements: box.querySelectorAll("*").length,
                role: svg.getAttribute("role"),
                label: svg.getAttribute("aria-label"),
                text: getComputedStyle(box).color,
                ink: getComputedStyle(svg.querySelector("path")).fill,
            };
        });
    }""", [links, LABEL])
    print("QR versions (180, 250 code chars):", [d["version"] for d in drawn],
          "in byte mode only:", [d["bytesOnly"] for d in drawn])
    for facts in drawn:
        assert 1 <= facts["version"] <= 15
        # The code in alphanumeric mode: smaller than the whole link in byte mode.
        assert facts["version"] < facts["bytesOnly"]
        # The label escaped: one attribute, no element slipped in (svg, rect, path).
        assert (facts["elements"], facts["role"], facts["label"]) == (3, "img", LABEL)
        assert facts["text"] != "rgb(0, 0, 0)"  # the dark theme's light text...
        assert facts["ink"] == "rgb(0, 0, 0)"  # ...does not reach the modules
    for i, link in enumerate(links):
        shot = page.locator(f"#qr-{i}").screenshot()
        read = page.evaluate("""async (png) => {
            await import("./vendor/qr/jsQR.js");
            const image = new Image();
            image.src = `data:image/png;base64,${png}`;
            await image.decode();
            const canvas = Object.assign(document.createElement("canvas"),
                                         {width: image.width, height: image.height});
            const context = canvas.getContext("2d");
            context.drawImage(image, 0, 0);
            const pixels = context.getImageData(0, 0, image.width, image.height).data;
            // Not inverted: read only as dark modules on light.
            return jsQR(pixels, image.width, image.height, {inversionAttempts: "dontInvert"})?.data ?? null;
        }""", base64.b64encode(shot).decode())
        assert read == link


# --- scan() on a fake camera -------------------------------------------------------------------

CAMERA_LINK = f"http://127.0.0.1:8000/#join={_code(180)}"
FRAME = (640, 480)
MODULE_PX = 5


def _modules(text: str) -> list:
    """The code's modules (rows of booleans) from the vendored generator itself, run by node."""
    script = """
        import qrcode from "./vendor/qr/qrcode.mjs";
        const qr = qrcode(0, "M");
        qr.addData(process.argv[1], "Byte");
        qr.make();
        const n = qr.getModuleCount();
        console.log(JSON.stringify(Array.from({length: n}, (_, r) =>
            Array.from({length: n}, (_, c) => qr.isDark(r, c)))));
    """
    out = subprocess.run(["node", "--input-type=module", "-e", script, text], cwd=ROOT,
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def _y4m(modules: list, path: Path, frames: int = 3) -> None:
    """A few identical 4:2:0 frames: the code, dark on light with its quiet zone, in the middle."""
    width, height = FRAME
    luma = bytearray(b"\xeb" * (width * height))
    side = len(modules) * MODULE_PX
    left, top = (width - side) // 2, (height - side) // 2
    assert side + 8 * MODULE_PX <= height
    for r, row in enumerate(modules):
        for c, dark in enumerate(row):
            if dark:
                for y in range(top + r * MODULE_PX, top + (r + 1) * MODULE_PX):
                    start = y * width + left + c * MODULE_PX
                    luma[start:start + MODULE_PX] = b"\x10" * MODULE_PX
    chroma = b"\x80" * (width // 2 * height // 2)
    header = f"YUV4MPEG2 W{width} H{height} F30:1 Ip A1:1 C420jpeg\n".encode()
    path.write_bytes(header + (b"FRAME\n" + bytes(luma) + chroma + chroma) * frames)


@pytest.fixture(scope="module")
def camera_browser(browser_type, browser_type_launch_args, tmp_path_factory):
    """A browser whose camera shows CAMERA_LINK's code (the test browser has no camera)."""
    video = tmp_path_factory.mktemp("camera") / "code.y4m"
    _y4m(_modules(CAMERA_LINK), video)
    args = [*browser_type_launch_args.get("args", []), "--use-fake-device-for-media-stream",
            f"--use-file-for-fake-video-capture={video}"]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    yield browser
    browser.close()


# What conftest's new_context gives every page: Python started from the snapshot (a return visit).
RETURN_VISIT = "globalThis.tapisSnapshotAlways = true;"


def _camera_page(browser, guard, open_app, base_url, **options):
    context = guard.watch(browser.new_context(**options))
    context.add_init_script(RETURN_VISIT + STREAMS)
    return open_app(context.new_page(), base_url)


def test_scan_reads_the_code_the_camera_shows_and_turns_it_off(camera_browser, guard, open_app, base_url):
    page = _camera_page(camera_browser, guard, open_app, base_url, permissions=["camera"])
    found = page.evaluate("""async () => {
        const qr = await import("./js/qr.mjs");
        const video = document.body.appendChild(document.createElement("video"));
        const early = qr.scan(video);
        early.stop();  // while the camera is still being opened
        const stopped = await early.result.then(() => "resolved", (error) => error.message);
        const detector = "BarcodeDetector" in globalThis;
        const text = await qr.scan(video).result;  // by jsQR where there is no BarcodeDetector
        const shown = video.srcObject;
        // A BarcodeDetector that reads QR codes is used instead (a stand-in: Chromium on Android's).
        globalThis.BarcodeDetector = class {
            static async getSupportedFormats() { return ["qr_code"]; }
            constructor(options) { this.formats = options.formats; }
            async detect(source) {
                return source.videoWidth ? [{rawValue: `${this.formats} ${source.videoWidth}`}] : [];
            }
        };
        const detected = await qr.scan(video).result;
        return {stopped, text, detector, shown, detected};
    }""")
    print("BarcodeDetector in this Chromium:", found["detector"])
    assert found["stopped"] == "stopped"
    assert found["text"] == CAMERA_LINK
    assert found["shown"] is None
    assert found["detected"] == f"qr_code {FRAME[0]}"
    # Every camera opened (the one stopped early is turned off when it comes), none left on.
    page.wait_for_function(f"tapisStreams.length === 3 && {LIVE_TRACKS} === 0")


def test_scan_with_the_camera_refused_rejects_and_leaves_it_off(camera_browser, guard, open_app, base_url):
    page = _camera_page(camera_browser, guard, open_app, base_url)  # no permission granted
    refused = page.evaluate(f"""async () => {{
        const qr = await import("./js/qr.mjs");
        const video = document.body.appendChild(document.createElement("video"));
        const error = await qr.scan(video).result.then(() => null, (error) => error.name);
        return {{error, streams: tapisStreams.length, live: {LIVE_TRACKS}, shown: video.srcObject}};
    }}""")
    assert refused == {"error": "NotAllowedError", "streams": 0, "live": 0, "shown": None}
