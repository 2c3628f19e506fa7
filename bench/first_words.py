"""What a guest's device sends as its data channel opens: how often Chromium loses it.

    scripts/netns.sh .venv/bin/python bench/first_words.py [--connections N] [--later MS]

Two browser contexts (two devices) of one headless Chromium connect N times through js/peer.mjs,
inside the test network namespace (scripts/netns.sh: no packet leaves this machine). At each
connection's "open" the guest sends one message at once, as ui/remote.py's first hello is, and
one more MS later (default 300). It prints how many connections lost each: why ui/remote.py says
hello until the host answers. Needs `make site` (the test venv).
"""
import argparse
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from startup import launch_options, serve  # noqa: E402 - same server and browser flags

WAIT_MS = 3000  # for both messages, after the later one is sent
SETUP = """async () => {
    window.peer = await import("./peer.mjs");
    window.events = [];
    addEventListener("tapis-peer", (e) => events.push(e.detail));
}"""
# The guest answers each "open" with its two messages.
GUEST = """(later) => {
    addEventListener("tapis-peer", ({ detail: { id, kind } }) => {
        if (kind !== "open") return;
        peer.send(id, "at once");
        setTimeout(() => peer.send(id, "later"), later);
    });
}"""
RECEIVED = "(id) => events.filter((e) => e.id === id && e.kind === 'message').map((e) => e.data)"


def in_namespace() -> bool:
    listing = subprocess.run(["ip", "-o", "-4", "addr"], capture_output=True, text=True).stdout
    return "10.213.0." in listing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=200)
    parser.add_argument("--later", type=int, default=300, help="ms after open of the second message")
    args = parser.parse_args()
    if not in_namespace():
        sys.exit("run inside the test network namespace: scripts/netns.sh .venv/bin/python bench/first_words.py")
    server, base = serve(ROOT)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch_options())
            # Camera and microphone allowed: only then does Chromium gather candidates here.
            host, guest = (browser.new_context(permissions=["camera", "microphone"]).new_page() for _ in range(2))
            for page in (host, guest):
                page.goto(base + "js/peer.mjs")  # a page of the site's origin, next to the module
                page.evaluate(SETUP)
            guest.evaluate(GUEST, args.later)
            lost = {"at once": 0, "later": 0}
            for n in range(args.connections):
                peer_id = f"c{n}"
                offer = host.evaluate("(id) => peer.offer(id, '')", peer_id)
                answer = guest.evaluate("([id, sdp]) => peer.answer(id, sdp, '')", [peer_id, offer])
                host.evaluate("([id, sdp]) => peer.accept(id, sdp)", [peer_id, answer])
                guest.wait_for_function("(id) => events.some((e) => e.id === id && e.kind === 'open')",
                                        arg=peer_id)
                host.wait_for_timeout(args.later)
                try:
                    host.wait_for_function(f"(id) => ({RECEIVED})(id).length === 2", arg=peer_id,
                                           timeout=WAIT_MS)
                except Exception:  # noqa: BLE001 - a time-out: one or both lost
                    pass
                received = host.evaluate(RECEIVED, peer_id)
                for message in lost:
                    lost[message] += message not in received
                host.evaluate("(id) => peer.close(id)", peer_id)
            browser.close()
    finally:
        server.terminate()
    total = args.connections
    print(f"{total} connections; the guest's message lost when sent at its open: {lost['at once']}"
          f" ({100 * lost['at once'] / total:.1f} %); sent {args.later} ms later: {lost['later']}"
          f" ({100 * lost['later'] / total:.1f} %)")


if __name__ == "__main__":
    main()
