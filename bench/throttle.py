"""A static file server on 127.0.0.1 behind a simulated slow link, as GitHub Pages over HTTPS
would be seen from a phone; used by bench/first_visit.py.

    server = Throttle(root); base = server.start(); ...; server.log; server.stop()

The link (defaults: 4 Mbit/s down, 1 Mbit/s up, 150 ms round trip) is one link for every
connection: responses go out in 16 KB chunks, each waiting its turn on the shared downlink in
the order asked (FIFO, so parallel downloads share it fairly). Each new connection costs two
round trips (TCP and TLS handshakes) before its first request goes up, each request one round
trip plus its upload time before the first byte of its response. TCP slow start is not
modelled. HTTP/1.1 with keep-alive (Chromium opens up to 6 connections; Pages speaks HTTP/2).
Responses are gzip-compressed as Pages sends them; every chunk sent is logged with its time.
"""
import asyncio
import email.utils
import gzip
import threading
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

DOWN, UP, RTT = 500_000, 125_000, 0.150  # bytes/s, bytes/s, seconds
CHUNK = 16 * 1024
# Compressible types, gzipped on the wire like Pages. Pages' exact list is not published:
# assumed, as bench/bytes.py does (it gzips every file), that .bin and .wasm are compressed too.
# .zip and .png are sent as they are.
TYPES = {
    ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json", ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml", ".wasm": "application/wasm", ".txt": "text/plain; charset=utf-8",
    ".toml": "text/plain; charset=utf-8", "": "text/plain; charset=utf-8",  # LICENSE
    ".bin": "application/octet-stream",
}
RAW_TYPES = {".zip": "application/zip", ".png": "image/png"}


class Link:
    """One direction of the link: a clock of when it is next free, so that chunks queue FIFO."""

    def __init__(self, rate: float):
        self.rate, self.free = rate, 0.0

    async def send(self, size: int):
        now = time.monotonic()
        # A few ms of slack: the sleeps wake late, and that lateness must not slow the link.
        self.free = max(self.free, now - 0.005) + size / self.rate
        await asyncio.sleep(self.free - now)


class Throttle:
    def __init__(self, root: Path, down=DOWN, up=UP, rtt=RTT):
        self.root = root.resolve()
        self.rtt = rtt
        self.down, self.up = Link(down), Link(up)
        self.gz = {}  # (path, mtime) -> gzip body, made once
        # (epoch seconds sent, path, bytes on the wire, epoch seconds its request arrived) a chunk
        self.log = []
        self.requests = []  # (epoch seconds the request arrived, path, status)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    def start(self) -> str:
        self.thread.start()
        server = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self._connection, "127.0.0.1", 0), self.loop).result()
        self.server = server
        return f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}/"

    def stop(self):
        if self.thread.is_alive():
            async def close():  # the browser may still hold connections open
                self.server.close()
                tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
            asyncio.run_coroutine_threadsafe(close(), self.loop).result(timeout=10)
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout=10)

    def clear(self):
        self.log, self.requests = [], []

    def warm(self):
        """Compress every compressible file now, so that no run waits for gzip."""
        for path in self.root.rglob("*"):
            hidden = any(part.startswith(".") or part == "node_modules" for part in path.relative_to(self.root).parts)
            if path.is_file() and path.suffix in TYPES and not hidden:
                self._gzip(path)

    def _gzip(self, path: Path) -> bytes:
        key = (path, path.stat().st_mtime_ns)
        if key not in self.gz:
            self.gz[key] = gzip.compress(path.read_bytes(), 6)
        return self.gz[key]

    def _file(self, target: str):
        path = (self.root / unquote(urlsplit(target).path).lstrip("/")).resolve()
        if path.is_dir():
            path = path / "index.html"
        if not path.is_relative_to(self.root) or not path.is_file():
            return None
        return path

    def _response(self, target: str, headers: dict) -> tuple:
        path = self._file(target)
        if path is None:
            body = b"<!doctype html><title>404</title>Not found"
            return 404, {"Content-Type": "text/html; charset=utf-8"}, body
        stat = path.stat()
        etag = f'"{int(stat.st_mtime):x}-{stat.st_size:x}"'
        fields = {"Last-Modified": email.utils.formatdate(stat.st_mtime, usegmt=True),
                  "Cache-Control": "max-age=600", "Access-Control-Allow-Origin": "*"}
        zipped = path.suffix in TYPES and "gzip" in headers.get("accept-encoding", "")
        if zipped:
            etag = "W/" + etag
            fields.update({"Content-Encoding": "gzip", "Vary": "Accept-Encoding"})
        fields["ETag"] = etag
        fields["Content-Type"] = {**TYPES, **RAW_TYPES}.get(path.suffix, "application/octet-stream")
        asked = [tag.strip().removeprefix("W/") for tag in headers.get("if-none-match", "").split(",")]
        if etag.removeprefix("W/") in asked:
            return 304, fields, b""
        return 200, fields, self._gzip(path) if zipped else path.read_bytes()

    async def _connection(self, reader, writer):
        ready = time.monotonic() + 2 * self.rtt  # TCP + TLS handshakes
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                arrived = time.monotonic()
                lines = head.decode("latin-1").split("\r\n")
                method, target, _ = lines[0].split(" ", 2)
                headers = {k.strip().lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:] if x)}
                await asyncio.sleep(max(0.0, ready - arrived))
                await self.up.send(len(head))
                await asyncio.sleep(self.rtt)
                status, fields, body = self._response(target, headers)
                if method not in ("GET", "HEAD"):
                    status, fields, body = 405, {"Allow": "GET, HEAD"}, b""
                length = len(body)
                body = body if method == "GET" else b""
                reason = {200: "OK", 304: "Not Modified", 404: "Not Found", 405: "Method Not Allowed"}[status]
                fields.update({"Content-Length": str(length), "Connection": "keep-alive",
                               "Date": email.utils.formatdate(usegmt=True), "Server": "throttle"})
                data = f"HTTP/1.1 {status} {reason}\r\n".encode() + "".join(
                    f"{k}: {v}\r\n" for k, v in fields.items()).encode() + b"\r\n" + body
                path = urlsplit(target).path
                asked = time.time() - (time.monotonic() - arrived)
                self.requests.append((asked, path, status))
                for start in range(0, len(data), CHUNK):
                    chunk = data[start:start + CHUNK]
                    await self.down.send(len(chunk))
                    writer.write(chunk)
                    await writer.drain()
                    self.log.append((time.time(), path, len(chunk), asked))
                ready = 0.0
        except (asyncio.IncompleteReadError, ConnectionError, ValueError, asyncio.CancelledError):
            pass  # the browser closed the connection, sent no HTTP, or the server stops
        finally:
            writer.close()
